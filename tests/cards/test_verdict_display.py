"""Every place a verdict is shown says the same thing: a card that may not be played is never
offered a text to play, and a playable card with warnings wears an amber badge that counts them.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from cards import rules, services
from decks import services as deck_services

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

# Under the 11th: "Pay 4 hitpoints." is redacted, and the first sentence is refurbished, so the
# check has a new wording to show for a card that is pruned all the same.
PRUNED_11TH = {
    "edition": 11,
    "name": "Blood Price",
    "kind": "minion",
    "design_edition": 11,
    "level": 1,
    "sp": 1,
    "hp": 1,
    "ability_text": "ZAP: Activate when this card in your hand is destroyed. Pay 4 hitpoints.",
}
# Under the 14th: a wrong level (the guide computes 4) and a wording the 14th refurbishes.
INVALID_14TH = {
    "edition": 14,
    "name": "Wrong Lantern",
    "kind": "minion",
    "design_edition": 14,
    "level": 1,
    "sp": 1,
    "hp": 1,
    "ability_text": (
        "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 1 card."
    ),
}
REFURBISHED_14TH = {**INVALID_14TH, "name": "Lantern", "level": ""}
# A spell's ability may not be named: legal, with the spell_ability_named warning.
NAMED_SPELL = {
    "name": "Named Spark",
    "kind": "spell",
    "design_edition": 14,
    "level": 2,  # draw 1 card: 2x
    "ability_text": "ZAP: Draw 1 card.",
    "flavor_text": "",
}
# A minion with two wordings the guide writes otherwise: legal, with two guide_wording warnings.
WORDED_TWICE = {
    "name": "Mute Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 8,
    "sp": 1,
    "hp": 2,
    "ability_text": "WISP: Draw 1 cards.\n\nWASP: Draw 2 card.",
    "flavor_text": "",
}
PLAIN = {**WORDED_TWICE, "name": "Plain Wisp", "level": 4, "ability_text": "WHISPER: Draw 1 card."}
# Designed before the 14th's clean slate, with a wording the 14th refurbishes: pruned there.
PRUNED_LANTERN = {
    "name": "Old Lantern",
    "kind": "minion",
    "design_edition": 12,
    "level": 3,
    "sp": 1,
    "hp": 2,
    "ability_text": (
        "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 1 card."
    ),
    "flavor_text": "",
}


def check(client, data, **headers) -> str:
    answer = client.post("/check/", {"sp": "", "hp": "", **data}, **headers)
    assert answer.status_code == 200
    return answer.content.decode()


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def badges(html: str) -> list[str]:
    """Each verdict badge as `class|words`."""
    found = re.findall(r'<span class="(badge badge-[^"]*)"[^>]*>([^<]*)</span>', html)
    return [f"{classes}|{text.strip()}" for classes, text in found]


def make(owner, definition, visibility="public"):
    return services.card_create(owner=owner, definition=definition, visibility=visibility)


# -- the check page ---------------------------------------------------------------------------


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_a_pruned_card_is_never_offered_a_text_to_play(client, headers):
    html = check(client, PRUNED_11TH, **headers)

    assert 'data-verdict="pruned"' in html and 'data-code="redacted_text"' in html
    assert "Play the card" not in html
    assert "It may not be played under the 11th Edition, because:" in words(html)
    # The new wording is still shown, marked, but not as a text to play.
    assert "<ins>" in html and "The new wording does not make the card playable" in words(html)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_an_invalid_card_is_never_offered_a_text_to_play(client, headers):
    html = check(client, INVALID_14TH, **headers)

    assert 'data-verdict="invalid"' in html and 'data-code="level_mismatch"' in html
    assert "Play the card" not in html and "Refurbished text" not in html
    assert "It may not be played under the 14th Edition, because:" in words(html)


def test_a_refurbished_card_is_still_played_with_its_new_text(client):
    html = check(client, REFURBISHED_14TH)

    assert 'data-verdict="refurbished"' in html
    assert "Play the card with this text:" in words(html)
    assert "may not be played" not in html


def test_a_legal_card_with_a_warning_has_an_amber_badge_that_counts_it(client):
    html = check(client, {"edition": 14, **NAMED_SPELL})

    assert 'data-verdict="legal"' in html and 'data-code="spell_ability_named"' in html
    assert "badge badge-legal badge-warned|Legal · 1 warning" in badges(html)
    assert "badge-legal|Legal" not in badges(html)  # no green badge without its count
    assert "1 warning: worth fixing, but it does not change the verdict." in words(html)
    assert "may not be played" not in html


def test_warnings_are_counted_in_the_plural(client):
    html = check(client, {"edition": 14, **WORDED_TWICE}, **HTMX)

    assert "badge badge-legal badge-warned|Legal · 2 warnings" in badges(html)
    assert "2 warnings: worth fixing, but they do not change the verdict." in words(html)


def test_a_refurbished_card_with_a_warning_says_so_too(client):
    spell = {**REFURBISHED_14TH, "kind": "spell", "sp": "", "hp": "", "name": "Named Lantern"}
    html = check(client, spell)

    assert "badge badge-refurbished badge-warned|Refurbished · 1 warning" in badges(html)


def test_a_legal_card_without_warnings_keeps_its_green_badge(client):
    html = check(client, {"edition": 14, **PLAIN})

    assert badges(html) == ["badge badge-legal|Legal"]
    assert "warning" not in words(html).lower()


def test_the_warnings_of_a_pruned_card_do_not_qualify_its_badge(client):
    # The 11th guide's findings on the refurbished first sentence are warnings.
    html = check(client, PRUNED_11TH)

    assert 'class="warning"' in html
    assert badges(html) == ["badge badge-pruned|Pruned"]


# -- the card page, the designer's preview and the lists --------------------------------------


def test_the_card_page_shows_the_same_verdict(client, alice):
    warned = make(alice, NAMED_SPELL)
    pruned = make(alice, PRUNED_LANTERN)

    html = client.get(warned.get_absolute_url()).content.decode()
    assert "badge badge-legal badge-warned|Legal · 1 warning" in badges(html)

    html = client.get(pruned.get_absolute_url()).content.decode()
    assert 'data-verdict="pruned"' in html and "Play the card" not in html
    current = rules.current_edition().name
    assert f"It may not be played under the {current}, because:" in words(html)
    assert 'id="refurbish"' not in html


def test_the_designers_preview_never_offers_a_pruned_text(client, alice):
    client.force_login(alice)
    form = {**PRUNED_LANTERN, "visibility": "private", "edition": 14}
    html = client.post("/cards/preview/", form).content.decode()

    assert 'data-verdict="pruned"' in html and "Play the card" not in html


@pytest.mark.parametrize("view", ["grid", "list"])
def test_gallery_badges_count_warnings(client, alice, view):
    make(alice, NAMED_SPELL)
    make(alice, PLAIN)

    html = client.get("/cards/", {"view": view}).content.decode()
    found = badges(html)
    assert "badge badge-legal badge-warned|Legal · 1 warning" in found
    assert "badge badge-legal|Legal" in found  # the plain card
    assert f'title="Verdict under the {rules.current_edition().name}"' in html


def test_my_cards_and_the_collection_count_warnings(client, alice, bob):
    make(alice, WORDED_TWICE, visibility="private")
    services.collection_add(user=alice, card=make(bob, NAMED_SPELL))
    client.force_login(alice)

    html = client.get("/cards/mine/").content.decode()
    assert "badge badge-legal badge-warned|Legal · 2 warnings" in badges(html)
    html = client.get("/collection/").content.decode()
    assert "badge badge-legal badge-warned|Legal · 1 warning" in badges(html)


# -- the deck's Validation panel --------------------------------------------------------------


def test_the_deck_panel_counts_warnings_and_never_offers_a_pruned_text(client, alice):
    deck = deck_services.deck_create(
        owner=alice,
        name="Lanterns",
        visibility="private",
        entries=[(make(alice, NAMED_SPELL), 2), (make(alice, PRUNED_LANTERN), 1)],
    )
    client.force_login(alice)
    html = client.get(deck.get_absolute_url()).content.decode()

    found = badges(html)
    assert found.count("badge badge-legal badge-warned|Legal · 1 warning") >= 2  # look, and all
    assert "badge badge-legal|Legal" not in found
    assert "badge badge-pruned|Pruned" in found
    assert "Play the card" not in html
    # A new deck is built for the current edition, so its panel judges under it.
    current = rules.current_edition().name
    assert f"It may not be played under the {current}, because:" in words(html)
    # The deck list marks the warned card too, with the warning as its tooltip.
    assert re.search(r'badge-warned" data-warnings="1" title="Ability names are for', html)


def test_the_deck_builders_search_counts_warnings(client, alice):
    deck = deck_services.deck_create(owner=alice, name="Sparks", visibility="private", entries=[])
    make(alice, NAMED_SPELL)
    make(alice, {**PLAIN, "name": "Plain Spark"})
    client.force_login(alice)
    url = reverse("deck-search", args=[deck.pk])
    html = client.get(url, {"q": "spark"}, **HTMX).content.decode()

    # A plainly legal card has no badge there; one with a warning says so.
    assert badges(html) == ["badge badge-legal badge-warned|Legal · 1 warning"]


# -- the colours ------------------------------------------------------------------------------


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_amber_badge_is_readable():
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text()
    colours = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", css))
    assert contrast(colours["warned"], colours["warned-bg"]) >= 4.5
    assert contrast(colours["warned"], colours["paper"]) >= 4.5  # the warnings' lead line
    assert re.search(r"\.badge\.badge-warned \{[^}]*color: var\(--warned\)", css)
