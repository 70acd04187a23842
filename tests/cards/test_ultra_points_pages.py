"""Ultra Points on the pages: the check page and the designer show a card's when it has any,
and a deck's Validation panel shows its total against the edition's limit."""

import re

import pytest
from django.urls import reverse

from cards import services as card_services
from decks import services as deck_services

pytestmark = pytest.mark.django_db

# By the 17th Edition's guide: "pay x HP→" is worth 1 Ultra Point, "x-dice-wound enemy." 2.
HEX = "HEX: Pay 1 HP→1-dice-wound enemy."
WOUND = "WOUND: 1-dice-wound enemy."


def card_fields(text, **changes):
    fields = {"name": "Hex Whelp", "kind": "minion", "design_edition": 17, "level": 4}
    return {**fields, "sp": 1, "hp": 1, "ability_text": text, "flavor_text": "", **changes}


def shown(html, css_class):
    found = re.search(rf'<p class="{css_class}[^"]*"[^>]*>(.*?)</p>', html, re.S)
    return None if found is None else re.sub(r"<[^>]+>", "", found.group(1))


def test_the_check_page_shows_a_cards_ultra_points_when_it_has_any(client):
    def check(text):
        body = {**card_fields(text), "edition": 17}
        return client.post("/check/", body, HTTP_HX_REQUEST="true").content.decode()

    assert shown(check(HEX), "ultra-points") == (
        "Ultra Points: 3 by the 17th Edition Card Building Guide"
    )
    assert shown(check("SPARK: Draw 1 card."), "ultra-points") is None


def test_the_designer_shows_a_cards_ultra_points_when_it_has_any(client, alice):
    client.force_login(alice)

    def preview(text):
        body = {**card_fields(text), "edition": 17}
        return client.post(reverse("card-preview"), body).content.decode()

    assert shown(preview(HEX), "guide-ultra-points") == "Ultra Points: 3 by the 17th Edition guide"
    assert shown(preview("SPARK: Draw 1 card."), "guide-ultra-points") is None


def test_the_validation_panel_shows_the_total_against_the_editions_limit(client, alice):
    card = card_services.card_create(
        owner=alice, definition=card_fields(WOUND, name="Wound Whelp"), visibility="private"
    )
    deck = deck_services.deck_create(
        owner=alice, name="Wounds", visibility="private", entries=[(card, 6)], edition=17
    )
    client.force_login(alice)

    page = client.get(reverse("deck-detail", args=[deck.pk])).content.decode()
    assert shown(page, "ultra-points-line") == "Ultra Points: 12 / 10"
    assert 'data-code="too_many_ultra_points"' in page
    # The 14th Edition sets no limit: no line.
    page = client.get(reverse("deck-detail", args=[deck.pk]), {"edition": 14}).content.decode()
    assert shown(page, "ultra-points-line") is None
