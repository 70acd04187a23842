"""Pages in the states people put them in, not only as loaded: axe-core finds nothing serious
or critical on them, and every id an aria-describedby or aria-labelledby names is in the page.

tests/browser/test_axe.py walks every page as it loads. Here a person acts on a page first:
types in the deck's quick add until names are offered and one is chosen, sends it (a swap),
submits forms with errors (each then shows its errors, and the focus is on the first field to
fix or on the list of errors), so that what scripts and answers add to a page is held to the
same rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from tests.browser.pages import DESKTOP, LONG_NAME, PHONE, Site
from tests.browser.test_axe import (
    AXE_URL,
    COUNT_REQUESTS,
    FAILING_IMPACTS,
    MISSING_IDS,
    QUIET,
    RUN_AXE,
    STANDARDS,
    serve_axe,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.once, pytest.mark.browser]


def findings(page: Any, where: str) -> list[str]:
    """What is wrong with the page as it is now: serious or critical axe violations and ids
    named but missing."""
    page.evaluate(QUIET)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=AXE_URL)
    found = [
        f"{where}: {v['id']} [{v['impact']}] {v['help']}: {', '.join(v['targets'])}"
        for v in page.evaluate(RUN_AXE, STANDARDS)
        if v["impact"] in FAILING_IMPACTS
    ]
    found += [f"{where}: missing id, {missing}" for missing in page.evaluate(MISSING_IDS)]
    return found


def focused(page: Any) -> str:
    """The focused element, as a selector-like line."""
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')"
        " + (e.name ? '[name=' + e.name + ']' : ''); }"
    )


def open_page(browse: Callable[..., Any]) -> Any:
    page = browse(DESKTOP, signed_in=True)
    page.add_init_script(COUNT_REQUESTS)
    serve_axe(page)
    return page


@pytest.fixture
def page(site: Site, browse: Callable[..., Any]) -> Any:
    return open_page(browse)


def test_the_quick_add_typed_opened_closed_and_sent(site, page):
    """The quick add's name completion is a combobox: open, an option chosen, closed by Escape,
    and after its answer is swapped in."""
    page.goto(reverse("deck-detail", args=[site.alices_deck.pk]))
    page.evaluate(QUIET)
    found: list[str] = []
    box = page.locator("#quick-add .quick-add-box")
    lines = page.locator("#quick-add-lines")
    lines.focus()
    page.keyboard.type("2 Wisp of")
    page.locator("#quick-add-options [role=option]").first.wait_for()
    assert box.get_attribute("role") == "combobox"
    assert box.get_attribute("aria-expanded") == "true"
    assert lines.get_attribute("aria-expanded") is None  # a textarea may not carry it
    found += findings(page, "quick add typed, names offered")
    page.keyboard.press("ArrowDown")
    chosen = lines.get_attribute("aria-activedescendant")
    assert chosen and page.locator(f"#{chosen}[role=option][aria-selected=true]").count() == 1
    found += findings(page, "quick add, a name chosen")
    page.keyboard.press("Escape")
    assert box.get_attribute("aria-expanded") == "false"
    assert lines.get_attribute("aria-activedescendant") is None
    assert page.locator("#quick-add-suggestions").is_hidden()
    found += findings(page, "quick add, closed by Escape")
    page.keyboard.press("ArrowDown")  # closed: the arrow moves the caret, no name is chosen
    assert lines.get_attribute("aria-activedescendant") is None
    page.keyboard.press("Control+A")
    page.keyboard.type(f"1 {LONG_NAME}")
    page.keyboard.press("Escape")
    page.keyboard.press("Control+Enter")
    page.locator("#quick-add .quick-add-note").wait_for()
    found += findings(page, "quick add sent, its answer swapped in")
    assert focused(page) == "textarea#quick-add-lines[name=lines]"
    page.keyboard.type("2 Nothing Like It")
    page.keyboard.press("Control+Enter")
    page.locator("#quick-add-errors").wait_for()
    found += findings(page, "quick add with a line not added")
    assert not found, f"{len(found)} findings:\n" + "\n".join(found)


def no_browser_checks(page: Any) -> None:
    """Let the forms reach the server as they are: what is tested is the server's answer, not
    the browser's own checks of required fields."""
    page.evaluate(
        "() => document.querySelectorAll('form').forEach((f) => { f.noValidate = true; })"
    )


# Each form answered with errors: where it is, what to do, and where the focus is then (the
# first field to fix, or the list of errors when the error is the whole form's).
FORMS_WITH_ERRORS: list[tuple[str, Callable[[Site], str], Callable[[Any], None], str]] = [
    (
        "a token without a name",
        lambda s: reverse("account"),
        lambda page: page.locator(".token-form button[type=submit]").click(),
        "input#id_name[name=name]",
    ),
    (
        "an e-mail address that is not one",
        lambda s: reverse("account"),
        lambda page: (
            page.locator(".email-form input[name=email]").fill("not an address"),
            page.locator(".email-form button[type=submit]").click(),
        ),
        "input#id_email[name=email]",
    ),
    (
        "an empty comment",
        lambda s: reverse("card-comments", args=[s.wisp.pk]),
        lambda page: page.locator(".comment-form button[type=submit]").click(),
        "textarea#id_text[name=text]",
    ),
    (
        "an import of JSON that is not",
        lambda s: reverse("deck-import"),
        lambda page: (
            page.locator("textarea[name=text]").fill('{"name": "Broken", "cards": ['),
            page.locator("#import-button").click(),
        ),
        "div.errors",
    ),
    (
        "a new deck without a name",
        lambda s: reverse("deck-new"),
        lambda page: (
            page.locator("input[name=name]").fill(" "),
            page.locator(".deck-form button[type=submit]").click(),
        ),
        "input#id_name[name=name]",
    ),
    (
        "a card saved without a name",
        lambda s: reverse("card-new"),
        lambda page: page.locator("#save-card").click(),
        "input#id_name[name=name]",
    ),
    (
        "a goldfish of 0 games",
        lambda s: reverse("deck-detail", args=[s.alices_deck.pk]),
        lambda page: (
            page.locator("#goldfish summary").click(),
            page.locator("#id_games").fill("0"),
            page.locator(".goldfish-form button[type=submit]").click(),
        ),
        "input#id_games[name=games]",
    ),
    (
        "a new folder without a name",
        lambda s: reverse("shelves"),
        lambda page: (
            page.locator("summary", has_text="folder").first.click(),
            page.get_by_role("button", name="Make the folder").click(),
        ),
        "input#id_folder-name[name=folder-name]",
    ),
    (
        "a report without a reason",
        lambda s: reverse("card-report", args=[s.wisp.pk]),
        lambda page: page.locator("#send-report").click(),
        "input#id_reason_0[name=reason]",
    ),
    (
        "a playtest under an edition not on file",
        lambda s: reverse("deck-playtest", args=[s.starter_deck.pk]) + "?edition=5",
        lambda page: None,
        "select#id_edition[name=edition]",
    ),
]


def test_forms_answered_with_errors_focus_the_first_thing_to_fix(site, page):
    from tests.browser.pages import community_path

    community_path(site, "")  # others' comments on the wisp, to comment among
    found: list[str] = []
    lost: list[str] = []
    for label, path, act, focus in FORMS_WITH_ERRORS:
        page.goto(path(site))
        page.evaluate(QUIET)
        no_browser_checks(page)
        act(page)
        try:
            page.locator('[aria-invalid="true"], form .errors').first.wait_for()
        except Exception as error:
            raise AssertionError(f"{label}: no error shown ({page.url})") from error
        page.wait_for_load_state()
        page.evaluate(QUIET)
        if not page.evaluate("(s) => document.activeElement.matches(s)", focus):
            lost.append(f"{label}: the focus is on {focused(page)}, not {focus}")
        found += findings(page, label)
    assert not lost, "\n".join(lost)
    assert not found, f"{len(found)} findings:\n" + "\n".join(found)


def test_widgets_in_use(site, page):
    """The check page and the designer typed into, a sample hand drawn, a like and a comment
    sent, the playtest board with a card selected and its shortcuts open."""
    found: list[str] = []
    page.goto(reverse("check"))
    page.locator("#id_name").fill("Quiet Wisp")
    page.locator("#check-result .verdict").wait_for()
    found += findings(page, "the check page, typed")

    page.goto(reverse("card-new"))
    page.locator("#id_name").fill("Quiet Wisp")
    page.locator("#id_ability_text").fill("Draw 1 card. Frobnicate.")
    page.locator("#guide-reading .gm-problem").first.wait_for()
    found += findings(page, "the designer, typed")

    page.goto(reverse("deck-detail", args=[site.alices_deck.pk]))
    page.locator("#draw-hand").click()
    page.locator(".hand-card").first.wait_for()
    found += findings(page, "a sample hand drawn")

    page.goto(reverse("card-detail", args=[site.wisp.pk]))
    page.locator("#like-button").click()
    page.wait_for_selector('#like-button[aria-pressed="true"]')
    page.locator("#id_text").fill("Patient.")
    page.locator("#post-comment").click()
    page.locator(".comment-body", has_text="Patient.").wait_for()
    found += findings(page, "a like and a comment sent")

    page.goto(reverse("deck-playtest", args=[site.starter_deck.pk]))
    page.wait_for_selector('#playtest[data-ready="true"]')
    page.locator("#playtest-keep").click()
    page.locator("#zone-hand-cards .pt-card").first.click()
    page.locator("#playtest-selected").wait_for()
    found += findings(page, "the playtest board, a card selected")
    page.locator("#playtest-help").click()
    found += findings(page, "the playtest board, its shortcuts open")
    assert not found, f"{len(found)} findings:\n" + "\n".join(found)


def test_a_page_with_a_message(site, page):
    """The messages an action leaves on the next page are a list of items (axe's listitem)."""
    page.goto(reverse("deck-new"))
    page.locator("input[name=name]").fill("With a message")
    page.locator(".deck-form button[type=submit]").click()
    page.locator(".messages li").wait_for()
    found = findings(page, "a page with a message")
    assert not found, "\n".join(found)


def test_more_forms_and_widgets_in_use(site, browse):
    """The check page answered with errors, the tag form used and sent with nothing chosen, the
    playtest board in its bury step with a card marked, and the phone's menu opened."""
    page = open_page(browse)
    found: list[str] = []
    page.goto(reverse("check"))
    page.locator("#id_design_edition").fill("0")
    page.locator("#check-result .errors").wait_for()
    found += findings(page, "the check page, answered with errors")

    page.goto(reverse("my-cards"))
    page.get_by_label(f"Select “{site.alices_card.name}”").first.check()
    page.locator("#shelf-bulk-tag-cards").fill("patient")
    page.get_by_role("button", name="Tag selected").click()
    page.locator(".messages li").wait_for()
    found += findings(page, "cards tagged")
    no_browser_checks(page)
    page.locator("#shelf-bulk-tag-cards").fill("patient")
    page.get_by_role("button", name="Tag selected").click()
    page.locator('[aria-invalid="true"], .errors, .messages li').first.wait_for()
    found += findings(page, "a tag for no card")

    page.goto(reverse("deck-playtest", args=[site.starter_deck.pk]))
    page.wait_for_selector('#playtest[data-ready="true"]')
    page.locator("#zone-hand-cards .pt-card").first.press("Enter")
    page.wait_for_selector('#zone-hand-cards .pt-card[aria-pressed="true"]')
    found += findings(page, "the playtest board, a card marked to bury")

    phone = browse(PHONE, signed_in=True)
    phone.add_init_script(COUNT_REQUESTS)
    serve_axe(phone)
    phone.goto(reverse("home"))
    phone.locator("#site-menu summary").press("Enter")
    phone.wait_for_selector("#site-menu[open]")
    found += findings(phone, "the phone's menu opened")
    assert not found, f"{len(found)} findings:\n" + "\n".join(found)
