"""Every page of the site, on a desktop and on a phone: it answers, axe-core finds nothing
serious on it, and on a phone it fits the screen.

Every page of tests/browser/pages.py is opened with its real data, signed in and signed out,
once each, and everything below is checked on that one load, at a desktop's size (1280 × 800) and
then at a phone's (390 × 844), the window resized without reloading: the site's layout is its CSS
media queries', and its one script that reads the width (the menu's, in static/js/site.js)
follows a resize.
- no page answers with a server error;
- axe-core checks it against WCAG 2.1 A and AA and axe's best practices. A violation whose
  impact is serious or critical fails the test, listed with its rule, its impact, the elements
  it was found on and the page. Lesser findings (moderate, minor) are not counted here;
- on the phone, no page is wider than the screen and the menu is folded into a bar of 48 pixels
  at most (tests/browser/test_phone.py tries the menu and the designer on a phone);
- with the Content-Security-Policy enforced, the browser blocks nothing on it: the pages run the
  site's own scripts only (tests/browser/test_csp.py tries the designer, the API docs and the
  admin with it);
- every id that an aria-describedby or aria-labelledby names is in the page (axe checks only
  some of them). tests/browser/test_axe_states.py checks the same, and axe, on pages a person
  has acted on: forms answered with errors, the quick add open.

axe-core is a test tool kept in tests/browser/vendor/axe-core (see its README): it is put into
each page by the test and never served by the site, and the test needs no network. The browser
fetches it from the page's own origin (the test answers for the site at AXE_URL), so that the
enforced policy lets it run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import get_resolver, reverse

from tests.browser.pages import (
    DESKTOP,
    PAGES,
    PHONE,
    misfits_on_a_phone,
    policy_blocked,
    routes,
    watch_policy,
)

# What the walk finds is the pages' markup and layout, the same on either database: CI walks
# them in one database pass (tests/conftest.py, `once`).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.once]

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
# Where a page asks for axe-core: the test answers, the site is never asked.
AXE_URL = "/__tests__/axe.min.js"
STANDARDS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
FAILING_IMPACTS = {"serious", "critical"}

# Pages the site shows but did not make, so this test does not hold them to its rules.
THIRD_PARTY = {
    "api/docs/": "the API docs are Swagger UI's own page (drf-spectacular serves it whole)",
    "admin/": "the Django admin is Django's own pages, for staff only",
}

# Each violation as one line: the rule, its impact, where (up to 5 elements) and a short why.
RUN_AXE = """async (standards) => {
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: standards}, resultTypes: ['violations'],
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')),
    count: v.nodes.length,
  }));
}"""

# Each id named by an aria-describedby or aria-labelledby that no element of the page has.
MISSING_IDS = """() => [...document.querySelectorAll('[aria-describedby], [aria-labelledby]')]
  .flatMap((e) => ['aria-describedby', 'aria-labelledby'].flatMap((name) =>
    (e.getAttribute(name) || '').split(/\\s+/)
      .filter((id) => id && !document.getElementById(id))
      .map((id) => `<${e.tagName.toLowerCase()}${e.id ? ' id=' + e.id : ''}> ${name}: ${id}`)))"""


# Parts a page loads after itself (deck panels, previews) are checked too: the page counts its
# requests in flight, and is checked once none has been for three looks 30 ms apart. (Playwright's
# "networkidle" waits 500 ms of quiet on every page, a minute a walk.)
COUNT_REQUESTS = """(() => {
  window.__inFlight = 0;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    window.__inFlight++;
    this.addEventListener("loadend", () => window.__inFlight--, {once: true});
    return send.apply(this, args);
  };
  const fetched = window.fetch;
  window.fetch = (...args) => {
    window.__inFlight++;
    return fetched(...args).finally(() => window.__inFlight--);
  };
})();"""
QUIET = """() => new Promise((done) => {
  let quiet = 0;
  const look = () => {
    quiet = window.__inFlight === 0 ? quiet + 1 : 0;
    if (quiet >= 3) done(true); else setTimeout(look, 30);
  };
  look();
})"""


def serve_axe(page: Any) -> None:
    """Answer the page's request for axe-core from the test's copy."""
    page.route(
        f"**{AXE_URL}",
        lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"),
    )


def violations(page: Any) -> list[dict[str, Any]]:
    serve_axe(page)
    page.add_script_tag(url=AXE_URL)
    return page.evaluate(RUN_AXE, STANDARDS)


def test_only_third_party_pages_go_unchecked():
    """The pages left out are the third-party ones named above, and still exist: a route of
    the site's own under api/ or admin/ would need a reason here too."""
    prefixes = {route.split("/")[0] + "/" for route, _ in routes(get_resolver().url_patterns)}
    assert {"api/", "admin/"} <= prefixes
    own = {route for route, _ in routes(get_resolver().url_patterns)}
    for route in THIRD_PARTY:
        assert any(r.startswith(route) for r in own), f"{route} is gone: drop its reason"


@pytest.mark.browser
@pytest.mark.parametrize("signed_in", [False, True], ids=["signed out", "signed in"])
def test_every_page_answers_is_accessible_and_fits_the_screen(
    site, browse, signed_in, csp_enforced
):
    page = browse(DESKTOP, signed_in=signed_in)
    page.add_init_script(COUNT_REQUESTS)
    serve_axe(page)
    blocked: list[str] = []
    watch_policy(page, blocked)
    broken: list[str] = []
    misfits: list[str] = []
    found: list[str] = []
    for label, path in PAGES:
        url = path(site)
        page.set_viewport_size(DESKTOP)
        answer = page.goto(url)  # its pictures loaded too
        if answer is None or answer.status >= 500:
            broken.append(f"{label} ({url}): {answer and answer.status}")
        page.evaluate(QUIET)
        page.evaluate("document.fonts.ready.then(() => true)")
        policy_blocked(page, f"{label} ({url})", blocked)
        page.add_script_tag(url=AXE_URL)
        found += [f"{label} ({url}): missing id, {m}" for m in page.evaluate(MISSING_IDS)]
        for screen in (DESKTOP, PHONE):
            if screen == PHONE:
                page.set_viewport_size(PHONE)
                page.evaluate(QUIET)
                misfits += misfits_on_a_phone(page, f"{label} ({url})")
            for v in page.evaluate(RUN_AXE, STANDARDS):
                if v["impact"] in FAILING_IMPACTS:
                    more = f" and {v['count'] - 5} more" if v["count"] > 5 else ""
                    found.append(
                        f"{label} ({url}), {screen['width']} px: {v['id']} [{v['impact']}]"
                        f" {v['help']}: {', '.join(v['targets'])}{more}"
                    )
    assert not broken, f"Pages that failed: {broken}"
    assert not blocked, f"{len(blocked)} things the policy blocked:\n" + "\n".join(blocked)
    assert not found, f"{len(found)} serious or critical violations, or ids missing:\n" + "\n".join(
        found
    )
    assert not misfits, f"Pages that do not fit a {PHONE['width']}-pixel screen:\n" + "\n".join(
        misfits
    )


def contrast(a: list[float], b: list[float]) -> float:
    """WCAG's contrast ratio of two sRGB colours given as 0–255 channels."""

    def luminance(rgb: list[float]) -> float:
        c = [v / 255 for v in rgb[:3]]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The focused element's ring, and the colour behind the ring (the nearest opaque background
# of an ancestor: the ring is drawn outside the element). axe does not judge focus rings.
FOCUS_RING = """() => {
  const e = document.activeElement, s = getComputedStyle(e);
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  let behind = e.parentElement;
  const clear = (el) => rgb(getComputedStyle(el).backgroundColor)[3] === 0;
  while (behind && clear(behind)) behind = behind.parentElement;
  return {text: e.textContent.trim(), style: s.outlineStyle, width: parseFloat(s.outlineWidth),
          ring: rgb(s.outlineColor),
          behind: rgb(getComputedStyle(behind || document.body).backgroundColor)};
}"""


@pytest.mark.browser
def test_focus_rings_stand_out_from_the_keyboard(site, browse):
    """The rings of a link in the navy bar and of a navy button on the page are solid, 2 px
    wide at least and 3:1 against what is behind them."""
    page = browse(DESKTOP, signed_in=True)
    page.goto(reverse("deck-detail", args=[site.starter_deck.pk]))
    rings = []
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")  # the brand, in the navy bar
    rings.append(page.evaluate(FOCUS_RING))
    page.locator("#goldfish summary").focus()
    page.keyboard.press("Shift+Tab")  # :focus-visible is the keyboard's: come to it by Tab
    page.keyboard.press("Tab")
    rings.append(page.evaluate(FOCUS_RING))
    assert rings[-1]["text"] == "Goldfish this deck"
    for ring in rings:
        assert ring["style"] == "solid" and ring["width"] >= 2, ring
        assert contrast(ring["ring"], ring["behind"]) >= 3, ring
