"""With the Content-Security-Policy enforced, a browser blocks nothing where the site's pages
do more than load: every page as loaded is checked by the accessibility walk (tests/browser/
test_axe.py), which enforces the policy; here the designer, whose live preview is typed into
(htmx must draw it with no code made from text), the API docs (Swagger UI, drawn by its
scripts), the log-in page, and the admin as production has it: a staff member signs in with
her authenticator app's code and opens a few of its pages. A violation is whatever the page's
`securitypolicyviolation` events and the console's CSP messages report, listed with the page
and the directive it broke."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.browser.pages import DESKTOP, policy_blocked, watch_policy

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.once, pytest.mark.browser]

STAFF_PASSWORD = "lantern-harbour-77"


@pytest.fixture
def carol(django_user_model) -> Any:
    """Staff, with an authenticator app set up as an operator sets one up."""
    carol = django_user_model.objects.create_superuser("carol", "c@example.com", STAFF_PASSWORD)
    call_command("admin_totp", "carol", stdout=io.StringIO())
    return carol


def test_no_page_breaks_the_enforced_policy(site, browse, csp_enforced, carol):
    found: list[str] = []
    page = browse(DESKTOP, signed_in=True)
    watch_policy(page, found)
    policy = page.goto(reverse("home")).header_value("content-security-policy")
    assert policy and "script-src 'self'" in policy

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
    policy_blocked(page, "the designer, typed into", found)

    # The API docs: Swagger UI draws the operations from the schema.
    page.goto(reverse("api-docs"))
    page.wait_for_selector(".swagger-ui .opblock", timeout=20_000)
    policy_blocked(page, "the API docs", found)

    signed_out = browse(DESKTOP, signed_in=False)
    watch_policy(signed_out, found)
    signed_out.goto(reverse("login"))
    policy_blocked(signed_out, "log in", found)

    # The admin as production has it: a staff member signs in with her app's code.
    staff = browse(DESKTOP, signed_in=False)
    watch_policy(staff, found)
    staff.goto(reverse("admin:login"))
    staff.fill("#id_username", "carol")
    staff.fill("#id_password", STAFF_PASSWORD)
    staff.fill("#id_otp_token", str(totp(TOTPDevice.objects.get(user=carol).bin_key)).zfill(6))
    staff.click("#login-form [type=submit]")
    staff.wait_for_url(lambda url: url.endswith(reverse("admin:index")))
    policy_blocked(staff, "the admin's log-in", found)
    for label, url in (
        ("the admin", reverse("admin:index")),
        ("the admin's users", reverse("admin:auth_user_changelist")),
        ("a card in the admin", reverse("admin:cards_card_change", args=[site.wisp.pk])),
    ):
        staff.goto(url)
        staff.wait_for_load_state("load")
        policy_blocked(staff, label, found)

    assert not found, f"{len(found)} things the policy blocked:\n" + "\n".join(found)
