"""Comments on cards and decks: who may read and write them, and what they refuse."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from cards import services as card_services
from community.models import MAX_COMMENT, Comment
from decks import services as deck_services
from tests.community.conftest import client_for
from tests.community.world import page_with_comments

pytestmark = pytest.mark.django_db


def post_comment(client, target: str, pk: int, text: object):
    return client.post("/api/v1/comments/", {target: pk, "text": text}, format="json")


def test_bob_comments_with_a_card_link_that_shows_the_card(as_bob, bob, card, alice):
    answer = post_comment(as_bob, "card", card.pk, "Lovely with [[Ember Wisp]] twice.")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["author"] == "bob" and body["card"] == card.pk and body["edited"] is None

    listed = client_for(None).get(f"/api/v1/comments/?card={card.pk}").json()
    assert [c["text"] for c in listed["results"]] == ["Lovely with [[Ember Wisp]] twice."]

    page = page_with_comments(Client(), f"/cards/{card.pk}/")
    assert 'class="card-link"' in page and f'data-card-id="{card.pk}"' in page
    assert "Lovely with" in page


def test_comments_on_a_deck_are_listed_by_the_deck(as_bob, deck):
    assert post_comment(as_bob, "deck", deck.pk, "Fun list.").status_code == 201
    listed = client_for(None).get(f"/api/v1/comments/?deck={deck.pk}").json()
    assert [c["deck"] for c in listed["results"]] == [deck.pk]
    assert "Fun list." in page_with_comments(Client(), f"/decks/{deck.pk}/")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"card": 1, "text": ""}, "text"),
        ({"card": 1, "text": "   \n\t "}, "text"),
        ({"card": 1, "text": "x" * (MAX_COMMENT + 1)}, "text"),
        ({"card": 1, "text": 5}, "text"),
        ({"card": 1, "text": None}, "text"),
        ({"card": 1}, "text"),
        ({"text": "hi"}, "non_field_errors"),
        ({"card": 1, "deck": 1, "text": "hi"}, "non_field_errors"),
        ({"card": "one", "text": "hi"}, "card"),
        ({"card": 10**30, "text": "hi"}, "card"),
        ({"card": -1, "text": "hi"}, "card"),
    ],
)
def test_bad_comments_are_400s_with_field_errors(as_bob, card, body, field):
    body = {k: (card.pk if k == "card" and v == 1 else v) for k, v in body.items()}
    answer = as_bob.post("/api/v1/comments/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in answer.json()
    assert not Comment.objects.exists()


def test_a_fresh_account_cannot_post_links_to_other_sites(as_bob, bob, card):
    answer = post_comment(as_bob, "card", card.pk, "Cheap cards at [shop](https://spam.example/)")
    assert answer.status_code == 400
    message = answer.json()["text"][0]
    when = bob.date_joined + timedelta(days=1)
    assert "New accounts cannot post links" in message and f"{when:%d %b %Y, %H:%M}" in message
    # Card links and links to the site itself are fine.
    assert post_comment(as_bob, "card", card.pk, "See [[Ember Wisp]] and [this](/decks/)")
    assert Comment.objects.count() == 1

    bob.date_joined = timezone.now() - timedelta(days=2)
    bob.save()
    again = post_comment(as_bob, "card", card.pk, "Rules at [wiki](https://wiki.example/)")
    assert again.status_code == 201


@pytest.mark.parametrize(
    "text",
    [
        "buy cheap cards http://spam.example now",
        "buy at WWW.spam.example/cards, today",
        "`https://spam.example/in-code`",
        "<a href='https://spam.example/'>raw html</a>",
    ],
)
def test_a_fresh_account_cannot_write_out_an_address_either(as_bob, bob, card, text):
    """An address written as text renders as text, not a link, but readers copy it: the
    spammer's link all the same."""
    answer = post_comment(as_bob, "card", card.pk, text)
    assert answer.status_code == 400, answer.content
    assert "New accounts cannot post links" in answer.json()["text"][0]
    assert not Comment.objects.exists()
    # The site's own addresses are fine.
    assert post_comment(as_bob, "card", card.pk, "see http://testserver/decks/").status_code == 201


def test_the_site_form_names_when_links_are_allowed(bob, card):
    client = Client()
    client.force_login(bob)
    answer = client.post(f"/cards/{card.pk}/comments/", {"text": "<https://spam.example/>"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "New accounts cannot post links to other sites yet" in page
    assert "https://spam.example/" in page  # the text is kept in the form
    assert not Comment.objects.exists()


def test_empty_comment_on_the_site_is_a_field_error(bob, card):
    client = Client()
    client.force_login(bob)
    answer = client.post(f"/cards/{card.pk}/comments/", {"text": "   "})
    assert answer.status_code == 400
    assert "the comment is empty" in answer.content.decode()


def test_a_comment_on_a_private_card_is_a_404(as_bob, as_alice, alice, bob):
    secret = card_services.card_create(
        owner=alice, definition={"name": "Hush"} | _card(), visibility="private"
    )
    assert post_comment(as_bob, "card", secret.pk, "hello").status_code == 404
    client = Client()
    client.force_login(bob)
    assert client.post(f"/cards/{secret.pk}/comments/", {"text": "hi"}).status_code == 404
    assert client.get(f"/cards/{secret.pk}/comments/").status_code == 404
    # Its designer may see it, but a private card takes no comments.
    own = post_comment(as_alice, "card", secret.pk, "note to self")
    assert own.status_code == 400 and "share it first" in own.json()["card"][0]
    assert not Comment.objects.exists()


def test_reading_the_comments_of_a_private_deck_is_a_404(alice, card):
    hidden = deck_services.deck_create(owner=alice, name="Drafts", visibility="private")
    Comment.objects.create(author=alice, deck=hidden, text="written while it was shared")
    for client in (client_for(None), Client()):
        assert client.get(f"/api/v1/comments/?deck={hidden.pk}").status_code == 404
    bob_client = Client()
    assert bob_client.get(f"/decks/{hidden.pk}/comments/").status_code == 404


def test_comments_vanish_for_others_when_the_card_goes_private(as_bob, alice, bob, card):
    answer = post_comment(as_bob, "card", card.pk, "Nice one")
    comment_id = answer.json()["id"]
    card_services.card_update(card=card, user=alice, visibility="private")
    assert as_bob.get(f"/api/v1/comments/?card={card.pk}").status_code == 404
    assert as_bob.get(f"/api/v1/comments/{comment_id}/").status_code == 404
    assert (
        as_bob.patch(f"/api/v1/comments/{comment_id}/", {"text": "x"}, format="json").status_code
        == 404
    )
    owner_view = client_for(alice).get(f"/api/v1/comments/?card={card.pk}").json()
    assert [c["id"] for c in owner_view["results"]] == [comment_id]


def test_authors_edit_and_delete_their_own_comments_only(as_bob, as_alice, bob, card):
    comment_id = post_comment(as_bob, "card", card.pk, "Frist").json()["id"]
    refused = as_alice.patch(f"/api/v1/comments/{comment_id}/", {"text": "mine"}, format="json")
    assert refused.status_code == 403
    assert as_alice.delete(f"/api/v1/comments/{comment_id}/").status_code == 403
    assert client_for(None).delete(f"/api/v1/comments/{comment_id}/").status_code in (401, 403)

    edited = as_bob.patch(f"/api/v1/comments/{comment_id}/", {"text": "First"}, format="json")
    assert edited.status_code == 200 and edited.json()["edited"] is not None
    assert "edited" in page_with_comments(Client(), f"/cards/{card.pk}/")
    blank = as_bob.patch(f"/api/v1/comments/{comment_id}/", {"text": " "}, format="json")
    assert blank.status_code == 400 and Comment.objects.get().text == "First"

    assert as_bob.delete(f"/api/v1/comments/{comment_id}/").status_code == 204
    assert not Comment.objects.exists()


def test_editing_and_deleting_on_the_site(bob, card):
    client = Client()
    client.force_login(bob)
    answer = client.post(f"/cards/{card.pk}/comments/", {"text": "Frist"})
    comment = Comment.objects.get()
    assert answer.status_code == 302 and answer["Location"].endswith(f"#comment-{comment.pk}")
    assert client.get(f"/comments/{comment.pk}/edit/").status_code == 200
    assert client.post(f"/comments/{comment.pk}/edit/", {"text": "First"}).status_code == 302
    comment.refresh_from_db()
    assert comment.text == "First" and comment.edited is not None
    assert client.post(f"/comments/{comment.pk}/delete/").status_code == 302
    assert not Comment.objects.exists()


def test_hostile_html_in_a_comment_stays_text(as_bob, card):
    payload = (
        '<script>window.__pwned=1</script><img src=x onerror="alert(1)"> [x](javascript:alert(1))'
    )
    assert post_comment(as_bob, "card", card.pk, payload).status_code == 201
    page = page_with_comments(Client(), f"/cards/{card.pk}/")
    assert "<script>window.__pwned" not in page
    assert "<img src=x" not in page and 'href="javascript:' not in page
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in page


def _card() -> dict:
    from tests.community.conftest import CARD

    return {k: v for k, v in CARD.items() if k != "name"}


def test_a_long_thread_shows_its_newest_on_the_card_page_and_all_on_its_own(bob, card):
    Comment.objects.bulk_create(
        Comment(author=bob, card=card, text=f"Comment number {n:02d}") for n in range(35)
    )
    page = page_with_comments(Client(), f"/cards/{card.pk}/")
    assert "Comment number 34" in page and "Comment number 04" not in page
    assert "All 35 comments, from the first" in page
    thread = Client().get(f"/cards/{card.pk}/comments/").content.decode()
    assert "Comment number 00" in thread and "Comment number 34" in thread


def test_the_comment_list_api_reads_a_page_in_a_few_queries(
    bob, carol, card, django_assert_max_num_queries
):
    Comment.objects.bulk_create(
        Comment(author=[bob, carol][n % 2], card=card, text=f"Comment {n} [[Ember Wisp]]")
        for n in range(40)
    )
    client = client_for(None)
    with django_assert_max_num_queries(4):
        answer = client.get(f"/api/v1/comments/?card={card.pk}")
    assert answer.status_code == 200 and len(answer.json()["results"]) == 24
    with django_assert_max_num_queries(3):
        assert client.get(f"/api/v1/cards/{card.pk}/like/").status_code == 200
