"""Content-Security-Policy: a page runs the site's own scripts, and nothing else.

Every HTML answer (and SVG, which a browser runs scripts in too) carries the policy, in the mode
KOTC_CSP names: "report-only" (Content-Security-Policy-Report-Only: browsers report what it
would block and block nothing, the default), "enforce" (Content-Security-Policy: they block
it) or "off". KOTC_CSP_REPORT_URI adds where browsers send their reports. The settings are read
on each answer, so a test may switch them.

What the policy allows, and why:
- scripts from the site alone: no inline <script>, no event handler attributes, no eval. The
  templates load their scripts from static/ (htmx included, vendored), and htmx is told not to
  evaluate text as code (templates/base.html's htmx-config), so nothing needs more;
- style sheets from the site alone ('self' for <link> and <style> elements), and style
  *attributes* written inline ('unsafe-inline' for style-src-attr only): the server draws a
  few values as inline styles (a deck's size meter, the minion/spell split, a folder's depth,
  the hatched bars of goldfish charts), and htmx swaps them in. An injected style attribute can
  only restyle the page it is in: it cannot load anything from elsewhere (img-src and font-src
  are the site's) nor run anything;
- pictures from the site, data: and blob: addresses (the designer's preview of a chosen file)
  and, when the pictures are kept in a bucket, the bucket's address: card pictures are answered
  with a redirect to a signed link there (cards.pictures), and the policy follows redirects;
- framing as X_FRAME_OPTIONS says (DENY: 'none', SAMEORIGIN: 'self');
- no plugins, no <base> elsewhere, forms posted to the site alone.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.core.files.storage import default_storage
from django.http import HttpRequest, HttpResponse

ENFORCE = "Content-Security-Policy"
REPORT_ONLY = "Content-Security-Policy-Report-Only"
# The answers a browser runs scripts in when it opens them as a page.
DOCUMENT_TYPES = ("text/html", "image/svg+xml")
FRAMING = {"DENY": "'none'", "SAMEORIGIN": "'self'"}

logger = logging.getLogger(__name__)


def bucket_origin() -> str | None:
    """The scheme, host and port of the links the storage hands out to pictures in a bucket,
    asked of the storage itself (its endpoint, region and addressing style decide it); None
    when pictures are on the site's own disk."""
    try:
        from storages.backends.s3 import S3Storage
    except ImportError:  # pragma: no cover - django-storages is a requirement
        return None
    if not isinstance(default_storage, S3Storage):
        return None
    if default_storage.custom_domain:
        return f"{default_storage.url_protocol}//{default_storage.custom_domain}"
    # An unsigned link has the address of a signed one, and needs no credentials to make.
    client = default_storage.unsigned_connection.meta.client
    link = urlsplit(
        client.generate_presigned_url(
            "get_object", Params={"Bucket": default_storage.bucket_name, "Key": "cards/a.png"}
        )
    )
    return f"{link.scheme}://{link.netloc}"


@functools.cache
def _bucket_origin_of(storage: str) -> str | None:
    """bucket_origin() once per storage setting (`storage` is its JSON): making a boto3 client
    takes a while. A bucket whose address cannot be worked out leaves it out of the policy
    (its pictures are then blocked where the policy is enforced), and says so in the log."""
    try:
        return bucket_origin()
    except Exception:
        logger.exception("The pictures' bucket has no address the policy can name.")
        return None


@functools.cache
def policy(report_uri: str, framing: str, bucket: str | None) -> str:
    images = ["'self'", "data:", "blob:"] + ([bucket] if bucket else [])
    directives = [
        ("default-src", ["'self'"]),
        ("script-src", ["'self'"]),
        ("style-src", ["'self'"]),
        ("style-src-attr", ["'unsafe-inline'"]),
        ("img-src", images),
        ("font-src", ["'self'"]),
        ("connect-src", ["'self'"]),
        ("frame-ancestors", [FRAMING.get(framing.upper(), "'none'")]),
        ("base-uri", ["'self'"]),
        ("form-action", ["'self'"]),
        ("object-src", ["'none'"]),
    ]
    if report_uri:
        directives.append(("report-uri", [report_uri]))
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives)


def current_policy() -> str:
    storage = json.dumps(settings.STORAGES["default"], sort_keys=True, default=str)
    return policy(
        settings.KOTC_CSP_REPORT_URI,
        getattr(settings, "X_FRAME_OPTIONS", "DENY"),
        _bucket_origin_of(storage),
    )


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        mode = settings.KOTC_CSP
        content_type = response.get("Content-Type", "").split(";")[0].strip().lower()
        if mode == "off" or content_type not in DOCUMENT_TYPES:
            return response
        header = ENFORCE if mode == "enforce" else REPORT_ONLY
        if header not in response:  # a view that set its own policy keeps it
            response[header] = current_policy()
        return response
