"""The Content-Security-Policy (kotc_site/csp.py): every page carries it, in the mode KOTC_CSP
names, and the pages ask for nothing it forbids: their scripts are the site's own files, none
inline. (tests/browser/test_csp.py has a browser enforce it on the pages and find nothing
blocked.)"""

from __future__ import annotations

import io
import subprocess
import sys

import lxml.html
import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from kotc_site import csp
from tests.site.test_deploy_settings import ROOT, clean_environment

pytestmark = pytest.mark.django_db

REPORT_ONLY = "Content-Security-Policy-Report-Only"
ENFORCE = "Content-Security-Policy"


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for directive in header.split(";"):
        name, *sources = directive.split()
        parsed[name] = sources
    return parsed


@pytest.fixture
def starter_deck():
    from decks.models import Deck

    call_command("load_starter_set", stdout=io.StringIO())
    return Deck.objects.get(owner__username="starter")


def test_pages_carry_the_policy_as_a_report_until_told_to_enforce_it(client, settings):
    assert settings.KOTC_CSP == "report-only"  # the default, here as in production
    home = client.get("/")
    assert REPORT_ONLY in home and ENFORCE not in home
    policy = directives(home[REPORT_ONLY])
    assert policy["script-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert "report-uri" not in policy

    settings.KOTC_CSP = "enforce"
    enforced = client.get("/")
    assert ENFORCE in enforced and REPORT_ONLY not in enforced
    assert enforced[ENFORCE] == home[REPORT_ONLY]

    settings.KOTC_CSP = "off"
    plain = client.get("/")
    assert plain.status_code == 200
    assert ENFORCE not in plain and REPORT_ONLY not in plain


def test_error_pages_carry_it_and_json_answers_do_not(client):
    assert REPORT_ONLY in client.get("/no-such-page/")
    answer = client.get("/api/v1/rulebook/")
    assert answer["Content-Type"].startswith("application/json")
    assert REPORT_ONLY not in answer


def test_reports_go_where_the_operator_says(client, settings):
    settings.KOTC_CSP_REPORT_URI = "https://reports.kotc.example/csp"
    policy = directives(client.get("/")[REPORT_ONLY])
    assert policy["report-uri"] == ["https://reports.kotc.example/csp"]


def test_framing_follows_x_frame_options(client, settings):
    assert directives(client.get("/")[REPORT_ONLY])["frame-ancestors"] == ["'none'"]  # DENY
    settings.X_FRAME_OPTIONS = "SAMEORIGIN"
    assert directives(client.get("/")[REPORT_ONLY])["frame-ancestors"] == ["'self'"]


@pytest.mark.parametrize(
    ("options", "origin"),
    [
        ({"endpoint_url": "http://minio.internal:9000"}, "http://minio.internal:9000"),
        ({"region_name": "eu-west-3"}, "https://kotc-media.s3.amazonaws.com"),
        ({"custom_domain": "pictures.kotc.example"}, "https://pictures.kotc.example"),
    ],
    ids=["minio", "aws", "custom domain"],
)
def test_pictures_in_a_bucket_may_be_shown_from_its_address(client, settings, options, origin):
    """Card pictures in a bucket are answered with a redirect to a signed link there
    (cards.pictures), and a policy covers where a redirect leads: the bucket's address is
    allowed for pictures, and nothing else is."""
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {"bucket_name": "kotc-media", "signature_version": "s3v4", **options},
        },
    }
    policy = directives(client.get("/")[REPORT_ONLY])
    assert policy["img-src"] == ["'self'", "data:", "blob:", origin]
    assert policy["connect-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]


def test_pictures_on_the_site_s_own_disk_need_no_other_address(client):
    assert directives(client.get("/")[REPORT_ONLY])["img-src"] == ["'self'", "data:", "blob:"]
    assert csp.bucket_origin() is None


# The script types a browser runs; data blocks (json_script's application/json) are not run,
# and a policy does not concern them.
RUNNABLE = {"", "text/javascript", "application/javascript", "module"}


def scripts_and_handlers(html: str) -> tuple[list[str], list[str], list[str]]:
    """The page's script addresses, its inline scripts, and its elements with on… handlers."""
    page = lxml.html.fromstring(html)
    sources, inline, handlers = [], [], []
    for script in page.iter("script"):
        if script.get("src"):
            sources.append(script.get("src"))
        elif script.get("type", "text/javascript") in RUNNABLE:
            inline.append((script.text or "")[:60])
    for element in page.iter():
        if not isinstance(element.tag, str):
            continue
        handlers += [
            f"{element.tag}[{name}]" for name in element.attrib if name.lower().startswith("on")
        ]
    return sources, inline, handlers


def test_the_pages_run_the_site_s_own_scripts_only(client, alice, starter_deck):
    """What script-src 'self' asks of the templates: every script a file of the site's, none
    written into the page, no event handler attributes."""
    client.force_login(alice)
    pages = [
        reverse("home"),
        reverse("check"),
        reverse("card-gallery"),
        reverse("card-new"),
        reverse("deck-detail", args=[starter_deck.pk]),
        reverse("deck-playtest", args=[starter_deck.pk]),
        reverse("rulebook"),
        reverse("embed"),
        reverse("api-docs"),
        "/no-such-page/",
    ]
    for path in pages:
        response = client.get(path)
        assert response.status_code in (200, 404), path
        assert directives(response[REPORT_ONLY])["script-src"] == ["'self'"]
        sources, inline, handlers = scripts_and_handlers(response.content.decode())
        assert sources, f"{path} has no script at all: is the walk reading the page?"
        for source in sources:
            assert source.startswith(("/", settings.STATIC_URL)), (path, source)
            assert not source.startswith("//"), (path, source)
        assert not inline, f"{path} has inline scripts: {inline}"
        assert not handlers, f"{path} has event handler attributes: {handlers}"


def test_the_api_docs_start_from_a_script_of_their_own(client):
    page = client.get(reverse("api-docs")).content.decode()
    sources, inline, _ = scripts_and_handlers(page)
    assert not inline
    starter = next(source for source in sources if "script" in source.split("?", 1)[-1])
    answer = client.get(starter)
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in answer.content.decode()


@pytest.mark.slow  # a Python process of its own, seconds: in `make test`, not `make check`
@pytest.mark.parametrize(
    ("variable", "value"),
    [("KOTC_CSP", "strict"), ("KOTC_CSP_REPORT_URI", "https://a.example/; script-src *")],
)
def test_a_setting_the_policy_cannot_use_stops_the_start(tmp_path, variable, value):
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean_environment(), "KOTC_VAR_DIR": str(tmp_path), variable: value},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert variable in result.stderr
