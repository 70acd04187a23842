"""Reports and moderation: reports never hide anything; a moderator does, with a reason the
author is told, and the log keeps who did what."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client

from community.models import Comment, Hold, Kind, ModerationEntry, Notification, Report
from tests.community.conftest import client_for
from tests.community.world import page_with_comments

pytestmark = pytest.mark.django_db


@pytest.fixture
def comment(bob, card) -> Comment:
    answer = client_for(bob).post(
        "/api/v1/comments/", {"card": card.pk, "text": "Buy gold now"}, format="json"
    )
    return Comment.objects.get(pk=answer.json()["id"])


def report(client, **target):
    return client.post("/api/v1/reports/", {**target, "reason": "spam"}, format="json")


def test_one_open_report_per_reporter_and_thing(carol, comment):
    as_carol = client_for(carol)
    first = report(as_carol, comment=comment.pk)
    assert first.status_code == 201
    for _ in range(5):
        again = report(as_carol, comment=comment.pk)
        assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert Report.objects.count() == 1


def test_many_new_accounts_reporting_hide_nothing(django_user_model, comment, card, deck):
    for n in range(25):
        sock = django_user_model.objects.create_user(f"sock{n}", password="sock-pw-12345")
        for target in ({"comment": comment.pk}, {"card": card.pk}, {"deck": deck.pk}):
            assert report(client_for(sock), **target).status_code == 201
    comment.refresh_from_db()
    assert not comment.hidden and not Hold.objects.exists()
    assert Client().get(f"/cards/{card.pk}/").status_code == 200
    assert "Buy gold now" in page_with_comments(Client(), f"/cards/{card.pk}/")
    assert Report.objects.filter(open=True).count() == 75


@pytest.mark.parametrize(
    "body",
    [
        {"comment": 1, "reason": "because"},
        {"comment": 1},
        {"reason": "spam"},
        {"comment": 1, "card": 1, "reason": "spam"},
        {"comment": 1, "reason": "spam", "details": "x" * 501},
    ],
)
def test_bad_reports_are_400s(carol, comment, body):
    body = {k: (comment.pk if k == "comment" else v) for k, v in body.items()}
    assert client_for(carol).post("/api/v1/reports/", body, format="json").status_code == 400
    assert not Report.objects.exists()


def test_reporting_your_own_or_what_you_cannot_see(as_bob, alice, comment):
    assert report(as_bob, comment=comment.pk).status_code == 400
    assert report(as_bob, card=999999).status_code == 404
    assert client_for(None).post("/api/v1/reports/", {}, format="json").status_code == 401
    assert not Report.objects.exists()


def test_only_moderators_see_the_queue_and_act(as_bob, carol, comment):
    body = {"comment": comment.pk, "action": "hide", "reason": "spam"}
    for client in (as_bob, client_for(carol)):
        assert client.get("/api/v1/moderation/reports/").status_code == 403
        assert client.get("/api/v1/moderation/log/").status_code == 403
        assert client.post("/api/v1/moderation/actions/", body, format="json").status_code == 403
    page = Client()
    page.force_login(carol)
    for url in ("/moderation/", "/moderation/log/", f"/moderation/comments/{comment.pk}/"):
        assert page.get(url).status_code == 403
    comment.refresh_from_db()
    assert not comment.hidden and not ModerationEntry.objects.exists()


def test_a_moderator_hides_a_reported_comment_and_the_author_sees_why(
    as_mod, mod, alice, bob, carol, card, comment
):
    report(client_for(carol), comment=comment.pk)
    queue = as_mod.get("/api/v1/moderation/reports/").json()["results"]
    assert [r["comment"] for r in queue] == [comment.pk]
    missing = as_mod.post(
        "/api/v1/moderation/actions/",
        {"comment": comment.pk, "action": "hide", "reason": "  "},
        format="json",
    )
    assert missing.status_code == 400 and "reason" in missing.json()
    answer = as_mod.post(
        "/api/v1/moderation/actions/",
        {"comment": comment.pk, "action": "hide", "reason": "Advertising"},
        format="json",
    )
    assert answer.status_code == 201 and answer.json()["actor"] == "mod"

    # Gone for everyone else...
    for viewer in (None, alice, carol):
        listed = client_for(viewer).get(f"/api/v1/comments/?card={card.pk}").json()["results"]
        assert listed == []
        page = Client()
        if viewer:
            page.force_login(viewer)
        assert "Buy gold now" not in page_with_comments(page, f"/cards/{card.pk}/")
    # ...shown to its author, marked, with the reason, and to moderators.
    own = client_for(bob).get(f"/api/v1/comments/?card={card.pk}").json()["results"]
    assert own[0]["hidden"] is True and own[0]["hidden_reason"] == "Advertising"
    page = Client()
    page.force_login(bob)
    html = page_with_comments(page, f"/cards/{card.pk}/")
    assert "Hidden by a moderator:" in html and "Advertising" in html
    assert client_for(mod).get(f"/api/v1/comments/{comment.pk}/").status_code == 200

    told = Notification.objects.get(recipient=bob, kind=Kind.MODERATION)
    line = client_for(bob).get("/api/v1/notifications/").json()["results"][0]
    assert told and line["text"] == "Your comment on “Ember Wisp” was hidden: Advertising"
    assert not Report.objects.filter(open=True).exists()
    # The designer's notice of the comment no longer points at it.
    notice = client_for(alice).get("/api/v1/notifications/").json()["results"][0]
    assert notice["text"].endswith("a moderator has since hidden the comment.")
    assert "#comment-" not in notice["url"]
    entry = ModerationEntry.objects.get()
    assert (entry.actor_name, entry.action, entry.target_kind, entry.target_id) == (
        "mod",
        "hide",
        "comment",
        comment.pk,
    )
    assert entry.reason == "Advertising"


def test_hiding_and_restoring_a_card_on_the_site(mod, alice, bob, carol, card, comment):
    page = Client()
    page.force_login(mod)
    assert page.get(f"/moderation/cards/{card.pk}/").status_code == 200
    answer = page.post(f"/moderation/cards/{card.pk}/", {"action": "hide", "reason": "Stolen art"})
    assert answer.status_code == 302
    assert Hold.objects.get(card=card).reason == "Stolen art"
    # Its comments and likes are gone for others with it; its designer sees why.
    assert client_for(carol).get(f"/api/v1/comments/?card={card.pk}").status_code == 404
    assert client_for(carol).put(f"/api/v1/cards/{card.pk}/like/").status_code == 404
    owner = Client()
    owner.force_login(alice)
    assert "Stolen art" in page_with_comments(owner, f"/cards/{card.pk}/")
    assert "was hidden: Stolen art" in owner.get("/notifications/").content.decode()

    page.post(f"/moderation/cards/{card.pk}/", {"action": "restore", "reason": "Cleared"})
    assert not Hold.objects.exists()
    assert client_for(carol).get(f"/api/v1/comments/?card={card.pk}").status_code == 200
    log = page.get("/moderation/log/").content.decode()
    assert "Stolen art" in log and "Cleared" in log


def test_the_log_is_append_only(mod, comment):
    client_for(mod).post(
        "/api/v1/moderation/actions/",
        {"comment": comment.pk, "action": "dismiss", "reason": "Fine"},
        format="json",
    )
    entry = ModerationEntry.objects.get()
    entry.reason = "rewritten"
    with pytest.raises(PermissionDenied):
        entry.save()
    with pytest.raises(PermissionDenied):
        entry.delete()
    with pytest.raises(PermissionDenied):
        ModerationEntry.objects.update(reason="rewritten")
    with pytest.raises(PermissionDenied):
        ModerationEntry.objects.all().delete()
    assert ModerationEntry.objects.get().reason == "Fine"


def test_staff_may_moderate_too(django_user_model, comment):
    staff = django_user_model.objects.create_user("staffer", password="staff-pw-123", is_staff=True)
    assert client_for(staff).get("/api/v1/moderation/reports/").status_code == 200


def test_reporting_on_the_site(carol, comment, card):
    page = Client()
    page.force_login(carol)
    assert page.get(f"/comments/{comment.pk}/report/").status_code == 200
    bad = page.post(f"/comments/{comment.pk}/report/", {"reason": "nope"})
    assert bad.status_code == 400
    for _ in range(2):
        answer = page.post(f"/comments/{comment.pk}/report/", {"reason": "spam"})
        assert answer.status_code == 302
    assert Report.objects.count() == 1
    assert page.post(f"/cards/{card.pk}/report/", {"reason": "copyright"}).status_code == 302
    assert Report.objects.count() == 2


def signed_in(user: Any) -> Client:
    """A browser's session: the site's pages and the API both know who it is."""
    client = Client()
    client.force_login(user)
    return client


def test_a_hidden_card_is_gone_for_everyone_but_its_designer_until_restored(
    mod, alice, carol, card
):
    seen_by = {"carol": signed_in(carol), "anonymous": Client()}

    def everywhere(client: Any) -> list[int | bool]:
        return [
            client.get(f"/cards/{card.pk}/").status_code,
            client.get(f"/api/v1/cards/{card.pk}/").status_code,
            "Ember Wisp" in client.get("/cards/?q=ember").content.decode(),
            "Ember Wisp" in client.get("/api/v1/cards/?q=ember").content.decode(),
        ]

    for client in seen_by.values():
        assert everywhere(client) == [200, 200, True, True]
    client_for(mod).post(
        "/api/v1/moderation/actions/",
        {"card": card.pk, "action": "hide", "reason": "Stolen art"},
        format="json",
    )
    for client in seen_by.values():
        assert everywhere(client) == [404, 404, False, False]
    # Its designer still has it, and the moderators reach it through their own pages.
    assert signed_in(alice).get(f"/cards/{card.pk}/").status_code == 200
    assert signed_in(mod).get(f"/moderation/cards/{card.pk}/").status_code == 200

    client_for(mod).post(
        "/api/v1/moderation/actions/",
        {"card": card.pk, "action": "restore", "reason": "Cleared"},
        format="json",
    )
    for client in seen_by.values():
        assert everywhere(client) == [200, 200, True, True]


def test_a_hidden_deck_is_gone_for_everyone_but_its_owner(mod, alice, carol, deck):
    client_for(mod).post(
        "/api/v1/moderation/actions/",
        {"deck": deck.pk, "action": "hide", "reason": "Spam"},
        format="json",
    )
    for client in (signed_in(carol), Client()):
        assert client.get(f"/decks/{deck.pk}/").status_code == 404
        assert client.get(f"/api/v1/decks/{deck.pk}/").status_code == 404
        assert client.get(f"/api/v1/decks/{deck.pk}/validation/").status_code == 404
        assert "Embers" not in client.get("/decks/").content.decode()
    assert signed_in(alice).get(f"/decks/{deck.pk}/").status_code == 200
    assert client_for(alice).get(f"/api/v1/decks/{deck.pk}/validation/").status_code == 200
