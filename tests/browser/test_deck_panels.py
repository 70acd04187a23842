"""The deck page as a person builds on it: every panel that depends on the list follows each
change without a reload, and the quick add keeps only the lines it could not add."""

from __future__ import annotations

import pytest

from decks import services as deck_services
from tests.browser.pages import DESKTOP, LONG_NAME

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_quick_add_updates_every_panel_and_keeps_the_line_with_a_typo(site, browse, alice):
    deck = deck_services.deck_create(owner=alice, name="From nothing")
    page = browse(DESKTOP, signed_in=True)
    page.goto(deck.get_absolute_url())
    # As loaded: an empty deck says so in every panel.
    page.locator("#shortfall", has_text="The deck holds no cards yet").wait_for()
    page.locator("#odds", has_text="add cards").wait_for()
    assert "The curve appears as you add cards." in page.locator("#deck-panel").inner_text()

    page.get_by_label("Quick add").fill(f"3 {LONG_NAME}\n2 Wisp of the Old Wyas")
    page.get_by_role("button", name="Add cards").click()

    # The right line is added; the one with a typo stays in the box, with a close name.
    page.locator('#deck-entries .count-pill[data-size="3"]').wait_for()
    box = page.locator("#quick-add")
    box.get_by_text("1 line not added").wait_for()
    assert page.get_by_label("Quick add").input_value() == "2 Wisp of the Old Wyas"
    assert LONG_NAME in box.locator(".line-errors").inner_text()
    assert f"Added 3 × {LONG_NAME} to the deck." in box.inner_text()
    # Every panel that follows the list has followed it, without a reload.
    page.locator("#shortfall", has_text=f"{LONG_NAME} ×3").wait_for()
    page.locator("#odds form").wait_for()
    assert "add cards" not in page.locator("#odds").inner_text()
    assert "The curve appears" not in page.locator("#deck-panel").inner_text()
    page.get_by_role("link", name="Draw a sample hand").click()
    page.locator("#sample-hand .hand-status").wait_for()
    assert "The deck is empty" not in page.locator("#sample-hand").inner_text()
