"""Smaller things a screen reader or keyboard user meets: headings in order, list items that
are list items, the card tooltip inside the page's landmarks, pictures that do not repeat their
link's text, a skip link whose focus ring shows on everything around it, row headers in the
run-compare tables, a bury that says what it buried, and card names said without a stray space.

axe-core's rules for these are of moderate or minor impact, below what tests/browser/test_axe.py
fails on, so they are asked for here by name, each on the page where it was found.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.browser.pages import DESKTOP, LONG_NAME, PHONE
from tests.browser.test_announcements import LISTEN, heard, once
from tests.browser.test_axe import AXE_URL, COUNT_REQUESTS, QUIET, serve_axe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.once]

RUN_RULES = """async (rules) => {
  const result = await axe.run(document, {
    runOnly: {type: 'rule', values: rules}, resultTypes: ['violations'],
  });
  return result.violations.map(
    v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
}"""


def broken(page: Any, *rules: str) -> list[str]:
    """The named axe rules the page as it is now breaks."""
    page.evaluate(QUIET)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=AXE_URL)
    return page.evaluate(RUN_RULES, list(rules))


@pytest.fixture
def page(site, browse) -> Any:
    page = browse(DESKTOP, signed_in=True)
    page.add_init_script(COUNT_REQUESTS)
    page.add_init_script(LISTEN)
    serve_axe(page)
    return page


def test_the_check_page_answer_keeps_its_headings_in_order(site, page):
    page.goto(reverse("check"))
    page.locator("#id_name").fill("Quiet Wisp")
    page.locator("#id_level").fill("1")
    page.locator("#id_ability_text").fill("Draw 1 card.")
    page.locator("#level-check h3").first.wait_for()
    assert broken(page, "heading-order") == []


def test_the_visual_view_is_a_list_of_columns_under_their_heading(site, page):
    page.goto(reverse("deck-detail", args=[site.alices_deck.pk]) + "?view=visual")
    page.locator(".level-stack").first.wait_for()
    assert broken(page, "heading-order", "aria-allowed-role", "listitem", "list") == []
    assert page.locator("section[role=listitem]").count() == 0


def test_the_gallery_pictures_do_not_repeat_their_link(site, page):
    page.goto(reverse("card-gallery"))
    page.locator(".card-tile img").first.wait_for()
    assert broken(page, "image-redundant-alt") == []
    # The picture is the link's decoration: the link is named once, by the card's name.
    link = page.locator(".card-tile-link", has_text=LONG_NAME).first
    assert link.locator("img").get_attribute("alt") == ""


def test_the_card_tooltip_is_inside_the_main_landmark(site, page):
    page.goto(reverse("card-detail", args=[site.wisp.pk]))
    page.locator("#id_text").fill(f"Pairs well with [[{LONG_NAME}]].")
    page.locator(".comment-form button[type=submit]").click()
    link = page.locator(".comment-body a.card-link").first
    link.wait_for()
    link.focus()
    page.wait_for_selector("#card-tooltip", state="visible")
    assert page.evaluate("!!document.getElementById('card-tooltip').closest('main')")
    assert broken(page, "region") == []


SKIP_RING = """() => {
  // The colour of the skip link's focus ring, and of what shows just outside it at each edge.
  const link = document.querySelector('a.skip');
  const style = getComputedStyle(link);
  const box = link.getBoundingClientRect();
  const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) + 1;
  const middleX = (box.left + box.right) / 2, middleY = (box.top + box.bottom) / 2;
  const points = {
    top: [middleX, box.top - reach], bottom: [middleX, box.bottom + reach],
    left: [box.left - reach, middleY], right: [box.right + reach, middleY],
  };
  const behind = {};
  for (const [edge, [x, y]] of Object.entries(points)) {
    let colour = getComputedStyle(document.body).backgroundColor;
    for (const element of document.elementsFromPoint(x, y)) {
      if (element === link) continue;
      const background = getComputedStyle(element).backgroundColor;
      if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') {
        colour = background;
        break;
      }
    }
    behind[edge] = colour;
  }
  // The bar's height varies with the page's width and the menu's wrapping: the ring has to show
  // on the bar and on the page below it wherever its edges fall.
  behind.bar = getComputedStyle(document.querySelector('.site-header')).backgroundColor;
  behind.page = getComputedStyle(document.body).backgroundColor;
  return {ring: style.outlineColor, style: style.outlineStyle, behind};
}"""


def luminance(rgb: str) -> float:
    parts = [int(float(p)) for p in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = [
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        for c in (p / 255 for p in parts)
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_skip_links_focus_ring_shows_at_every_edge(site, browse, viewport):
    page = browse(viewport, signed_in=False)
    page.goto(reverse("card-gallery"))
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('skip')")
    ring = page.evaluate(SKIP_RING)
    assert ring["style"] == "solid"
    low = {
        edge: round(contrast(ring["ring"], colour), 2)
        for edge, colour in ring["behind"].items()
        if contrast(ring["ring"], colour) < 3
    }
    assert not low, f"ring {ring['ring']} against {ring['behind']}: {low}"


def test_the_run_compare_tables_have_row_headers(site, page):
    page.goto(reverse("simulation-compare", args=[site.run.id, site.other_run.id]))
    page.evaluate(QUIET)
    rows = page.locator("main table tbody tr")
    assert rows.count() > 0
    without = page.evaluate(
        "() => [...document.querySelectorAll('main table tbody tr')]"
        ".filter((row) => !row.querySelector(':scope > th[scope=row]')).length"
    )
    assert without == 0


def test_the_sample_hands_bury_says_what_was_buried(site, page):
    page.goto(reverse("deck-detail", args=[site.alices_deck.pk]))
    page.locator("#draw-hand").click()
    page.locator("#bury-0").wait_for()
    names = page.locator(".hand-form .hand-card-name").all_inner_texts()
    page.locator("#bury-0").press("Space")  # the card picture covers the box itself

    def bury() -> None:
        page.locator("#hand-bury").click()
        page.locator(".hand-note").wait_for()

    said = heard(page, bury)
    assert any(f"Buried {names[0]}; drew " in text for text in said), said
    once(said, "Buried", names[0], "drew")


def test_the_playtest_cards_are_named_without_a_stray_space(site, page):
    page.goto(reverse("deck-playtest", args=[site.starter_deck.pk]))
    page.wait_for_selector('#playtest[data-ready="true"]')
    page.locator("#zone-hand-cards .pt-card").first.wait_for()
    # The names as Chromium gives them to a screen reader.
    session = page.context.new_cdp_session(page)
    tree = session.send("Accessibility.getFullAXTree")["nodes"]
    names = [
        node["name"]["value"]
        for node in tree
        if node.get("role", {}).get("value") == "button" and node.get("name", {}).get("value")
    ]
    hand = page.locator("#zone-hand-cards .pt-card-name").all_inner_texts()
    cards = [name for name in names if any(name.startswith(f"{card}, ") for card in hand)]
    assert len(cards) >= len(hand) > 0, names
    assert not [name for name in names if " ," in name or " ." in name], names
