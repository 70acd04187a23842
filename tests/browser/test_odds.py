"""A keyboard player asks the deck page's odds panel how likely a card is by turn 3: picks the
card, sets the turn, sends the question, and hears the exact chance; a question that cannot be
answered is said too, and the focus never drops to the page's body."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from tests.browser.test_keyboard import focus_is, heard, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_keyboard_player_works_out_the_odds_of_a_card(page, django_user_model) -> None:
    from cards.services import card_create
    from decks.services import deck_create
    from tests.decks.conftest import MINION

    alice = django_user_model.objects.create_user("alice", "a@example.com", "alice-pw-123")
    wisp = card_create(owner=alice, definition=MINION, visibility="public")
    filler = card_create(owner=alice, definition={**MINION, "name": "Filler"}, visibility="public")
    deck = deck_create(
        owner=alice, name="Embers", visibility="public", entries=[(wisp, 4), (filler, 36)]
    )

    page.goto(f"/decks/{deck.pk}/")
    page.wait_for_selector(f"#odds-card-{wisp.pk}")  # the panel loads once the page is in

    tab_to(page, f"#odds-card-{wisp.pk}")
    page.keyboard.press("Space")
    tab_to(page, "#odds-turn")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    tab_to(page, "#odds-submit")
    page.keyboard.press("Enter")

    # Going first by turn 3: 5 cards and 2 draws, 7 of the 40 seen.
    chance = 1 - Fraction(comb(36, 7), comb(40, 7))
    heard(page, f"{float(chance * 100):.2f}%")
    focus_is(page, "odds-submit")
    assert page.locator(f"#odds-card-{wisp.pk}").is_checked()

    # Asking for more copies than the deck holds is refused with a message, said aloud.
    tab_to(page, "#odds-at-least", backwards=True)
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    tab_to(page, "#odds-submit")
    page.keyboard.press("Enter")
    heard(page, "choose at most 4")
    assert page.evaluate("document.activeElement !== document.body")
    assert page.locator("#odds-at-least").get_attribute("aria-invalid") == "true"
