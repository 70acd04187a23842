"""The game's words explained where the site uses them: each links to where the current
rulebook defines it, and carries that definition, quoted from the rulebook itself."""

from __future__ import annotations

import pytest
from django.test import Client

from cards import services as card_services
from decks import services as deck_services
from rulebook import words
from tests.community.conftest import CARD

pytestmark = pytest.mark.django_db


def test_a_glossary_word_links_to_its_entry():
    bury = words.explain("bury")
    assert bury is not None and bury.url == "/glossary/bury/"
    assert bury.definition.lower().startswith("bury")


def test_a_zone_is_explained_by_the_rulebooks_list_of_zones():
    granary = words.explain("granary")
    assert granary is not None and granary.url == "/rulebook/17/#zones"
    assert "Granary: Typically below the battlefield. Contains its owner's resources." in (
        granary.definition
    )


def test_a_word_the_rulebook_marks_as_defined_is_explained_by_its_sentence():
    sow = words.explain("sow")
    assert sow is not None and sow.url.endswith("#turnorder")
    assert sow.definition.endswith(
        "A resource is sowed by placing any card from your hand into the granary unexhausted"
        " (oriented vertically) and face-down."
    )


def test_a_word_the_rules_do_not_define_is_plain_text():
    assert words.explain("zorblax") is None
    assert words.word_link("zorblax", "<b>") == "&lt;b&gt;"


def test_the_words_are_explained_on_the_pages_that_use_them(django_user_model):
    alice = django_user_model.objects.create_user("alice", "a@example.com", "pw-alice-1234")
    card = card_services.card_create(owner=alice, definition=CARD)
    deck = deck_services.deck_create(owner=alice, name="Embers", entries=[(card, 40)])
    client = Client()
    client.force_login(alice)
    playtest = client.get(f"/decks/{deck.pk}/playtest/").content.decode()
    for address in ("/glossary/bury/", "/rulebook/17/#turnorder", "/rulebook/17/#zones"):
        assert f'class="kw" href="{address}" data-definition=' in playtest, address
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'class="kw" href="/glossary/bury/"' in page
    copies = client.get(f"/decks/{deck.pk}/shortfall/", HTTP_HX_REQUEST="true").content.decode()
    assert "What “built” means" in copies and 'aria-describedby="deck-build-help"' in copies
