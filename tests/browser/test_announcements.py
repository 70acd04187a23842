"""What a screen reader hears: one live region, the page's #site-status, speaks once per action,
with a short message; the parts that are swapped in are never live regions themselves. And the
selects that re-ask the server act on a choice made, not on each arrow key.

An announcement is counted as a screen reader hears one: text put into a live region (an element
with aria-live other than "off", or role status, alert or log), or a live region put into the
page already filled. A MutationObserver in the page notes each, by the region's id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from decks import services as deck_services
from tests.browser.pages import DESKTOP, LONG_NAME
from tests.browser.test_axe import COUNT_REQUESTS, QUIET

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.once]

LISTEN = """(() => {
  window.__said = [];
  const LIVE = '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]';
  const name = (region) => region.id || region.tagName.toLowerCase() + '.' + region.className;
  const note = (region, text) => {
    if (text.trim()) window.__said.push(name(region) + ': ' + text.trim().slice(0, 80));
  };
  new MutationObserver((records) => {
    for (const record of records) {
      const at = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const around = at && at.closest(LIVE);
      if (record.type === 'characterData') {
        if (around) note(around, record.target.textContent);
        continue;
      }
      for (const node of record.addedNodes) {
        if (around) { note(around, node.textContent); continue; }
        if (node.nodeType !== 1) continue;
        if (node.matches(LIVE)) { note(node, node.textContent); continue; }
        node.querySelectorAll(LIVE).forEach((inner) => note(inner, inner.textContent));
      }
    }
  }).observe(document, {childList: true, subtree: true, characterData: true});
})();"""


def heard(page: Any, act: Callable[[], Any]) -> list[str]:
    """What the page announces for one action, once its answers are in."""
    page.evaluate(QUIET)
    page.evaluate("window.__said = []")
    act()
    page.wait_for_timeout(150)
    page.evaluate(QUIET)
    page.wait_for_timeout(400)  # the status region speaks 50 ms after it is emptied
    return page.evaluate("window.__said")


def once(said: list[str], *words: str) -> None:
    assert len(said) == 1 and said[0].startswith("site-status: "), said
    for word in words:
        assert word in said[0], said


@pytest.fixture
def page(site, browse) -> Any:
    page = browse(DESKTOP, signed_in=True)
    page.add_init_script(COUNT_REQUESTS)
    page.add_init_script(LISTEN)
    return page


def requests_to(page: Any, path: str) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.method) if path in r.url else None)
    return sent


def test_the_deck_page_says_each_change_once(site, page):
    deck = deck_services.deck_create(owner=site.alices_deck.owner, name="Said once")
    page.goto(deck.get_absolute_url())
    lines = page.locator("#quick-add-lines")

    def quick_add() -> None:
        lines.fill(f"2 {LONG_NAME}")
        lines.press("Escape")
        lines.press("Control+Enter")
        page.locator('#deck-entries .count-pill[data-size="2"]').wait_for()

    once(heard(page, quick_add), f"Added 2 × {LONG_NAME}")

    # A line that cannot be added: its error box is shown, and heard once, through the status
    # region (an alert beside it would say it a second time).
    def bad_line() -> None:
        lines.fill("2 Nothing Like It")
        lines.press("Escape")
        lines.press("Control+Enter")
        page.locator("#quick-add-errors").wait_for()

    once(heard(page, bad_line), "nothing was added")

    def some_bad() -> None:
        lines.fill(f"1 {LONG_NAME}\n2 Nothing Like It")
        lines.press("Escape")
        lines.press("Control+Enter")
        page.locator('#deck-entries .count-pill[data-size="3"]').wait_for()

    once(heard(page, some_bad), "kept in the box to fix")
    assert page.locator("#quick-add-errors").is_visible()
    lines.fill("")
    plus = page.locator("#deck-entries [id^=entry-][id$=-plus]").first
    once(heard(page, lambda: plus.click()), f"4 × {LONG_NAME}")

    def search() -> None:
        page.locator("#card-q").fill("wisp")
        page.locator("#search-results .result").first.wait_for()

    once(heard(page, search), "found")
    once(heard(page, lambda: page.locator("#draw-hand").click()), "hand")


def test_the_gallery_says_its_count_once_and_sorts_on_a_choice_made(site, page):
    page.goto(reverse("card-gallery"))
    asked = requests_to(page, "/cards/?")

    def search() -> None:
        page.locator("#card-search").fill("wisp")
        page.wait_for_function("location.search.includes('wisp')")

    once(heard(page, search), "match")
    # Arrow keys move through the sorts without asking; leaving the select asks once.
    sort = page.locator("select[name=order]")
    sort.focus()
    before = len(asked)
    said = heard(page, lambda: (page.keyboard.press("ArrowDown"), page.keyboard.press("ArrowDown")))
    assert said == [] and len(asked) == before
    once(heard(page, lambda: page.keyboard.press("Tab")), "match")
    assert len(asked) == before + 1
    # So does Enter on the direction.
    page.locator("#gallery-direction").focus()
    assert heard(page, lambda: page.keyboard.press("ArrowDown")) == []
    assert len(asked) == before + 1
    once(heard(page, lambda: page.keyboard.press("Enter")), "match")
    assert len(asked) == before + 2
    # A choice from the open list (a mouse) is taken at once.
    once(heard(page, lambda: sort.select_option(index=0)), "match")
    # The view's radios switch it at once too.

    def as_a_list() -> None:
        page.locator("#gallery-view input[value=list]").check()
        page.locator("#gallery-results table.card-list").wait_for()

    once(heard(page, as_a_list), "match")


def test_the_glossary_selects_act_on_a_choice_made(site, page):
    page.goto(reverse("glossary"))
    asked = requests_to(page, "/glossary/?")
    for select in ("#glossary-edition", "#glossary-kind"):
        page.locator(select).focus()
        before = len(asked)
        assert heard(page, lambda: page.keyboard.press("ArrowDown")) == []
        assert len(asked) == before
        said = heard(page, lambda: page.keyboard.press("Tab"))
        assert len(asked) == before + 1
        once(said)


def test_the_check_page_says_its_verdict_once(site, page):
    page.goto(reverse("check"))
    posted = requests_to(page, "/check/")
    name = page.locator("#id_name")

    def type_a_name() -> None:
        name.fill("Quiet Wisp")
        page.wait_for_function(
            "document.getElementById('check-result').textContent.includes('under')"
        )

    once(heard(page, type_a_name), "Verdict:")
    # A pause that changes nothing says nothing.
    assert heard(page, lambda: name.press("End")) == []
    # Enter: one request, one verdict said.
    before = len(posted)
    once(heard(page, lambda: name.press("Enter")), "Verdict:")
    assert len(posted) == before + 1


def test_the_designer_and_the_annotator_are_not_live_regions(site, page):
    page.goto(reverse("card-new"))
    page.evaluate(QUIET)

    def type_text() -> None:
        page.locator("#id_ability_text").fill("Draw 1 card.")
        page.wait_for_timeout(700)

    said = heard(page, type_text)
    assert not [s for s in said if not s.startswith("site-status: ")], said
    page.goto(reverse("glossary-annotate"))

    def annotate() -> None:
        page.locator("#id_text").fill("Bury a card.")
        page.wait_for_function("location.search.includes('Bury')")

    once(heard(page, annotate), "found")
    # Its edition select acts on a choice made too.
    asked = requests_to(page, "/glossary/annotate/?")
    page.locator("#id_edition").focus()
    assert heard(page, lambda: page.keyboard.press("ArrowDown")) == []
    assert asked == []
    once(heard(page, lambda: page.keyboard.press("Tab")), "found")
    assert len(asked) == 1


def test_a_message_left_by_an_action_is_said_once_by_the_status_region(site, page):
    """A page loaded with a message ("… is ready") says it once, through #site-status: the
    list of messages is a plain list, not a second live region."""
    page.goto(reverse("deck-new"))

    def make_a_deck() -> None:
        page.locator("input[name=name]").fill("Said on arrival")
        page.locator(".deck-form button[type=submit]").click()
        page.locator(".messages li").wait_for()

    once(heard(page, make_a_deck), "is ready")
    assert page.locator(".messages").get_attribute("role") is None
