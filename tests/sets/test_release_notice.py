"""/notifications/ after a set's release: the followers of any of its designers get one notice
naming the set and linking to it (however many of its designers they follow), instead of one
about its cards; none for someone who switched those notices off; and a release undone leaves
nothing of the set in the line (the set gate decides, as a card made private again does)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from cards import services as card_services
from community import services as community_services
from community.models import Kind, Notification
from sets import services
from tests.sets.world import definition, make_cards, make_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def dave(django_user_model):
    return django_user_model.objects.create_user("dave", "dave@example.com", "dave-pw-12345")


def follows(follower, *designers) -> None:
    for designer in designers:
        community_services.follow_set(follower=follower, designer=designer, following=True)


def lines(client, user) -> list[dict]:
    client.force_login(user)
    return client.get("/api/v1/notifications/").json()["results"]


def test_dave_following_both_designers_hears_of_the_set_once(client, alice, bob, dave):
    card_set = make_set(alice, "co-owned", co_owner=bob)
    follows(dave, alice, bob)
    client.force_login(alice)
    assert client.post(f"/sets/{card_set.pk}/release/").status_code == 302
    told = lines(client, dave)
    assert [line["text"] for line in told] == ["alice released the set “Embers” (EMB)."]
    assert told[0]["url"] == f"/sets/{card_set.pk}/"
    page = client.get("/notifications/").content.decode()
    assert f'href="/sets/{card_set.pk}/"' in page and "released the set" in page
    # Bob, a designer of the set, is not told of his own release.
    assert not Notification.objects.filter(recipient=bob, card_set=card_set).exists()


def test_dave_who_switched_published_notices_off_hears_nothing(client, alice, dave):
    follows(dave, alice)
    community_services.notification_settings_set(user=dave, on={Kind.PUBLISHED: False})
    card_set = make_set(alice, "private")
    services.set_release(card_set=card_set, user=alice)
    assert not Notification.objects.filter(recipient=dave).exists()


def test_the_beat_release_tells_the_followers(alice, dave):
    follows(dave, alice)
    card_set = make_set(alice, "private", cards=make_cards(alice, 3))
    at = timezone.now() + timedelta(minutes=2)
    services.set_update(card_set=card_set, user=alice, release_at=at)
    assert not Notification.objects.filter(recipient=dave).exists()
    services.sets_release_due(now=at + timedelta(seconds=1))
    assert list(Notification.objects.filter(recipient=dave).values_list("card_set", flat=True)) == [
        card_set.pk
    ]


def test_an_undone_release_leaves_nothing_of_the_set_in_the_line(client, alice, dave):
    follows(dave, alice)
    card_set = make_set(alice, "private", name="Secret Embers")
    services.set_release(card_set=card_set, user=alice)
    services.set_unrelease(card_set=card_set, user=alice)
    told = lines(client, dave)
    assert [(line["text"], line["url"]) for line in told] == [
        ("alice released a set you can no longer see.", "")
    ]
    page = client.get("/notifications/").content.decode()
    assert "Secret Embers" not in page and f"/sets/{card_set.pk}/" not in page
    # Released again, the same notice is news again: unread, not a second one.
    Notification.objects.filter(recipient=dave).update(read=True)
    services.set_release(card_set=card_set, user=alice)
    notices = Notification.objects.filter(recipient=dave)
    assert notices.count() == 1 and not notices.get().read


def test_a_card_published_later_is_its_own_notice(alice, dave):
    follows(dave, alice)
    card_set = make_set(alice, "private")
    services.set_release(card_set=card_set, user=alice)
    card_services.card_create(owner=alice, definition=definition("Ember Late"), visibility="public")
    notices = Notification.objects.filter(recipient=dave).order_by("pk")
    assert [(n.card_set_id, n.card_id is not None, n.count) for n in notices] == [
        (card_set.pk, False, 1),
        (None, True, 1),
    ]


def test_a_failed_release_tells_no_one(alice, dave):
    follows(dave, alice)
    card_set = make_set(alice, "private", cards=[])
    with pytest.raises(ValidationError):
        services.set_release(card_set=card_set, user=alice)
    assert not Notification.objects.filter(recipient=dave).exists()
