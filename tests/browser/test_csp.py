"""With the Content-Security-Policy enforced, a browser blocks nothing on any page: the pages
run the site's own scripts only, and still work.

Every page of tests/browser/pages.py is opened signed in, then the designer, whose live preview
is typed into (htmx must draw it with no code made from text), the API docs (Swagger UI, drawn
by its scripts), the log-in page, and the admin as production has it: a staff member signs in
with her authenticator app's code and opens a few of its pages. A violation is whatever the
page's `securitypolicyviolation` events and the console's CSP messages report, listed with the
page and the directive it broke."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.browser.pages import DESKTOP, PAGES

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.once, pytest.mark.browser]

# Kept from the page's first script on, so that nothing before the page's own code is missed.
LISTEN = """(() => {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations.push(
      `${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`
      + ` (${e.sourceFile || "the page"}:${e.lineNumber}) ${e.sample || ""}`.trim());
  });
})();"""

STAFF_PASSWORD = "lantern-harbour-77"


@pytest.fixture
def enforced(settings) -> None:
    # The live server runs in this process: it reads the settings on each answer.
    settings.KOTC_CSP = "enforce"
    settings.KOTC_ADMIN_2FA = True


@pytest.fixture
def carol(django_user_model) -> Any:
    """Staff, with an authenticator app set up as an operator sets one up."""
    carol = django_user_model.objects.create_superuser("carol", "c@example.com", STAFF_PASSWORD)
    call_command("admin_totp", "carol", stdout=io.StringIO())
    return carol


def watch(page: Any, found: list[str]) -> None:
    def console(message: Any) -> None:
        if "Content Security Policy" in message.text:
            found.append(f"{page.url}: console: {message.text}")

    page.add_init_script(LISTEN)
    page.on("console", console)


def collect(page: Any, where: str, found: list[str]) -> None:
    found += [f"{where}: {v}" for v in page.evaluate("window.__cspViolations || []")]


def test_no_page_breaks_the_enforced_policy(site, browse, enforced, carol):
    found: list[str] = []
    page = browse(DESKTOP, signed_in=True)
    watch(page, found)
    policy = page.goto(reverse("home")).header_value("content-security-policy")
    assert policy and "script-src 'self'" in policy

    for label, path in PAGES:
        url = path(site)
        page.goto(url)
        page.wait_for_load_state("load")
        collect(page, f"{label} ({url})", found)

    # The designer: typing redraws the preview (the form's own hx-trigger events).
    page.goto(reverse("card-new"))
    drawn = page.get_attribute("#card-preview-image", "src")
    preview = reverse("card-preview")
    with page.expect_response(lambda r: r.url.endswith(preview)) as answer:
        page.fill("#id_name", "Lantern Moth")
    assert answer.value.ok
    page.wait_for_function(
        "src => document.getElementById('card-preview-image').getAttribute('src') !== src",
        arg=drawn,
    )
    collect(page, "the designer, typed into", found)

    # The API docs: Swagger UI draws the operations from the schema.
    page.goto(reverse("api-docs"))
    page.wait_for_selector(".swagger-ui .opblock", timeout=20_000)
    collect(page, "the API docs", found)

    signed_out = browse(DESKTOP, signed_in=False)
    watch(signed_out, found)
    signed_out.goto(reverse("login"))
    collect(signed_out, "log in", found)

    # The admin as production has it: a staff member signs in with her app's code.
    staff = browse(DESKTOP, signed_in=False)
    watch(staff, found)
    staff.goto(reverse("admin:login"))
    staff.fill("#id_username", "carol")
    staff.fill("#id_password", STAFF_PASSWORD)
    staff.fill("#id_otp_token", str(totp(TOTPDevice.objects.get(user=carol).bin_key)).zfill(6))
    staff.click("#login-form [type=submit]")
    staff.wait_for_url(lambda url: url.endswith(reverse("admin:index")))
    collect(staff, "the admin's log-in", found)
    for label, url in (
        ("the admin", reverse("admin:index")),
        ("the admin's users", reverse("admin:auth_user_changelist")),
        ("a card in the admin", reverse("admin:cards_card_change", args=[site.wisp.pk])),
    ):
        staff.goto(url)
        staff.wait_for_load_state("load")
        collect(staff, label, found)

    assert not found, f"{len(found)} things the policy blocked:\n" + "\n".join(found)
