"""One rule for every text others read as Markdown: bob's account is a day old tomorrow, and
until then no comment or deck primer of his links to another site, however he spells the
address. Alice's older account may."""

from __future__ import annotations

import pytest
from django.test import Client

from community.models import Comment
from decks.models import Deck

pytestmark = pytest.mark.django_db

SPELLINGS = [
    "[x](//evil.example/)",
    "<//evil.example/>",
    "[x](//evil.example:443/p)",
    "[x](/\\evil.example/)",
    "[x](http:evil.example)",
    "[x](https:\\\\evil.example)",
    "![pic](//img.example/p.png)",
    "[x]\n\n[x]: //evil.example/",
    "[x](//evil%2Eexample/)",
    "[x](<//evil.example>)",
    "[x](//testserver@evil.example/)",
    "Cheap cards at spam.example/buy today",
    "spam.example:8080 has them",
    "go to www.spam.example",
    "raw <a href=//evil.example/>link</a>",
]
HARMLESS = [
    "Plays well with [[Ember Wisp]], e.g. on turn 3; see example.com or the FAQ.",
    "[our decks](/decks/) and [a page](//testserver/decks/) of this site",
    "Draw 1.5/2 cards and/or bury; a //comment; wwwx.example",
]


def comment(client, card, text: str):
    return client.post("/api/v1/comments/", {"card": card.pk, "text": text}, format="json")


def primer(client, text: str):
    body = {"name": "Spam", "description": text, "entries": []}
    return client.post("/api/v1/decks/", body, format="json")


def refused(answer, field: str) -> bool:
    return answer.status_code == 400 and "New accounts cannot post links" in str(
        answer.json().get(field)
    )


@pytest.mark.parametrize("text", SPELLINGS)
def test_no_spelling_of_an_address_slips_past_the_rule(as_bob, as_alice, bob, card, text):
    assert refused(comment(as_bob, card, text), "text"), text
    assert refused(primer(as_bob, text), "description"), text
    assert not Comment.objects.exists() and not Deck.objects.filter(owner=bob).exists()
    # Alice's account is old enough.
    assert comment(as_alice, card, text).status_code == 201
    assert primer(as_alice, text).status_code == 201


@pytest.mark.parametrize("text", HARMLESS)
def test_card_links_words_and_the_sites_own_pages_are_fine(as_bob, card, text):
    assert comment(as_bob, card, text).status_code == 201
    assert primer(as_bob, text).status_code == 201


def test_the_rule_holds_for_a_changed_primer_and_comment_and_the_site_forms(
    as_bob, bob, card, deck
):
    mine = primer(as_bob, "A fine deck.").json()["id"]
    answer = as_bob.patch(
        f"/api/v1/decks/{mine}/", {"description": "[shop](//evil.example/)"}, format="json"
    )
    assert refused(answer, "description")
    assert Deck.objects.get(pk=mine).description == "A fine deck."

    said = comment(as_bob, card, "Nice.").json()["id"]
    answer = as_bob.patch(f"/api/v1/comments/{said}/", {"text": "spam.example/buy"}, format="json")
    assert refused(answer, "text")

    page = Client()
    page.force_login(bob)
    form = {
        "name": "Spam",
        "description": "<//evil.example/>",
        "edition": Deck.objects.get(pk=mine).edition,
        "visibility": "private",
    }
    answer = page.post(f"/decks/{mine}/edit/", form, follow=True)
    assert "New accounts cannot post links" in answer.content.decode()
    assert Deck.objects.get(pk=mine).description == "A fine deck."


def test_a_copy_keeps_its_designers_links(as_bob, bob, alice, card):
    """A new account's copy of alice's deck holds her words, which her account's age allowed."""
    from decks import services

    original = services.deck_create(
        owner=alice, name="Hers", description="[rules](//wiki.example/)", visibility="public"
    )
    copy = services.deck_fork(deck=original, user=bob)
    assert copy.description == original.description
