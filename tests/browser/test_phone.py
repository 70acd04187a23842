"""A player on a phone (390 × 844 pixels).

Every page of the site is loaded on a phone with real data (tests/browser/pages.py: the shipped
starter deck, two finished goldfish runs of it, alice's own deck, card and collection), signed
in and out, by the walk of tests/browser/test_axe.py: none may be wider than the screen, and on
every one the menu is folded into a bar of 48 pixels at most. Here the site's routes are
checked against that list of pages, so a page added later is measured from the day it is added.

Then the menu opens and closes with the keyboard and says whether it is open, a card's name in
a deck list keeps the width to be read, and the designer's preview stays in sight while the
card is typed. On a desktop the menu's links are in the header, with no button."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import get_resolver, reverse

from tests.browser.pages import (
    DESKTOP,
    LONG_NAME,
    MENU_MOST,
    NOT_PAGES,
    PAGES,
    PHONE,
    route_name,
    routes,
)

CARD_IMAGE = "#card-preview .card-figure img"
# Widths and menus are the pages' layout, the same on either database: CI measures them in one
# database pass (tests/conftest.py, `once`).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.once]


def expanded(page: Any, name: str) -> bool | None:
    """Whether the browser tells screen readers that the control `name` is expanded."""
    session = page.context.new_cdp_session(page)
    try:
        for node in session.send("Accessibility.getFullAXTree")["nodes"]:
            if node.get("name", {}).get("value") == name and not node.get("ignored"):
                for prop in node.get("properties", []):
                    if prop["name"] == "expanded":
                        return bool(prop["value"]["value"])
    finally:
        session.detach()
    return None


def test_every_page_of_the_site_is_measured(site):
    measured = {route_name(path(site)) for _, path in PAGES} - {None}
    unlisted = sorted(
        f"{route} ({name})"
        for route, name in routes(get_resolver().url_patterns)
        if not route.startswith(("api/", "admin/"))
        and name not in measured
        and name not in NOT_PAGES
    )
    assert not unlisted, (
        "Routes neither measured on a phone (PAGES) nor said not to be pages (NOT_PAGES): "
        + ", ".join(unlisted)
    )


@pytest.mark.browser
def test_the_menu_folds_and_opens_from_the_keyboard(site, browse):
    page = browse(PHONE, signed_in=True)
    page.goto(reverse("deck-detail", args=[site.alices_deck.pk]))
    header = page.locator(".site-header")
    button = page.locator(".menu-button")
    my_decks = header.get_by_role("link", name="My decks")
    assert header.bounding_box()["height"] <= MENU_MOST
    assert button.is_visible() and not my_decks.is_visible()
    assert expanded(page, "Menu") is False

    # From the keyboard: skip link, brand, then the menu's button, with its focus ring.
    for _ in range(3):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('menu-button')")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "solid"
    page.keyboard.press("Enter")
    my_decks.wait_for()
    assert expanded(page, "Menu") is True
    # It opens over the page: the bar keeps its height, the links fit on the screen.
    assert header.bounding_box()["height"] <= MENU_MOST
    for link in header.get_by_role("link").all():
        if link.is_visible():
            box = link.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Check a card"
    page.keyboard.press("Escape")
    assert not my_decks.is_visible()
    assert page.evaluate("document.activeElement.classList.contains('menu-button')")
    assert expanded(page, "Menu") is False

    # And with a finger.
    button.click()
    my_decks.click()
    page.wait_for_url(f"**{reverse('my-decks')}")
    assert not page.locator(".site-header").get_by_role("link", name="My decks").is_visible()


@pytest.mark.browser
@pytest.mark.parametrize("signed_in", [False, True], ids=["a public deck", "my deck"])
def test_a_long_name_in_a_deck_list_keeps_its_width(site, browse, signed_in):
    page = browse(PHONE, signed_in=signed_in)
    deck = site.alices_deck if signed_in else site.starter_deck
    page.goto(reverse("deck-detail", args=[deck.pk]))
    names = [page.locator("#deck-entries .entry-name", has_text=LONG_NAME)]
    if signed_in:  # the owner's search results list it too
        names.append(page.locator("#search-results .result-name", has_text=LONG_NAME))
    for name in names:
        name.first.wait_for()
        shown = name.first.evaluate(
            """(e) => ({width: e.getBoundingClientRect().width, cut: e.scrollWidth > e.clientWidth,
                       text: e.textContent.trim()})"""
        )
        assert shown["text"] == LONG_NAME
        assert shown["width"] >= 100, shown
        assert not shown["cut"], shown


@pytest.mark.browser
def test_the_designers_preview_stays_in_sight_while_typing(site, browse):
    page = browse(PHONE, signed_in=True)
    page.goto(reverse("card-new"))
    page.get_by_label("Name", exact=True).fill(LONG_NAME)
    page.get_by_label("Ability text").fill(
        "HAUNT: When this card in your hand is destroyed (hex-play): Draw 1 card."
    )
    # The preview has read the text.
    page.locator("#card-preview", has_text="HAUNT").locator(".card-figure img").wait_for()

    # Measured in one go in the page: the blur of a field redraws the preview, and an element
    # looked up before that swap and measured after it would be a detached one, with no box.
    def boxes(*selectors: str) -> list[dict[str, float] | None]:
        return page.evaluate(
            """(selectors) => selectors.map((s) => { const e = document.querySelector(s);
                 if (!e) return null; const r = e.getBoundingClientRect();
                 return {y: r.y, height: r.height}; })""",
            list(selectors),
        )

    def in_sight(box: dict[str, float] | None) -> bool:
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]

    # Down at the Save button, the card is still there.
    page.locator("#save-card").scroll_into_view_if_needed()
    assert all(map(in_sight, boxes("#save-card", CARD_IMAGE)))
    # A field focused from there (tabbing back, say) is shown below the card, not under it.
    for label in ("Name", "Ability text", "Flavor text"):
        page.locator("#save-card").scroll_into_view_if_needed()
        page.get_by_label(label, exact=True).focus()
        field, preview, image = boxes(":focus", "#card-preview", CARD_IMAGE)
        assert field and preview, label
        assert field["y"] >= preview["y"] + preview["height"] - 1, label
        assert in_sight(image), (label, image)


@pytest.mark.browser
def test_on_a_desktop_the_menu_is_in_the_header(site, browse):
    page = browse(DESKTOP, signed_in=True)
    page.goto(reverse("card-new"))
    header = page.locator(".site-header")
    assert not page.locator(".menu-button").is_visible()
    for name in ("Check a card", "Cards", "My decks", "Account"):
        assert header.get_by_role("link", name=name, exact=True).is_visible()
    assert header.get_by_role("button", name="Log out").is_visible()
    assert header.bounding_box()["height"] <= 100
    # The designer's preview is beside the form, not above it.
    form = page.locator("#card-form").bounding_box()
    preview = page.locator("#card-preview").bounding_box()
    assert preview["x"] >= form["x"] + form["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
