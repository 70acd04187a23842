"""Rate limits per account for comments, likes, follows and reports.

The API uses DRF's scoped throttle; the site's forms ask the same throttle with the same scope,
so the two share one count per account: switching from the API to the forms gains nothing."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from rest_framework.throttling import ScopedRateThrottle

COMMENT, LIKE, FOLLOW, REPORT = "comment", "like", "follow", "report"
WHAT = {COMMENT: "comments", LIKE: "likes", FOLLOW: "follows", REPORT: "reports"}


def site_wait(request: Any, scope: str) -> float | None:
    """None when the form may go ahead (and counts it); otherwise the seconds to wait."""
    throttle = ScopedRateThrottle()
    if throttle.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        return None
    return throttle.wait() or 1.0


def too_many(scope: str, wait: float) -> str:
    seconds = max(1, round(wait))
    return f"Too many {WHAT[scope]} in a short time. Try again in {seconds} seconds."


def site_refusal(request: Any, scope: str) -> str | None:
    """None when a site form may go ahead (and counts it); otherwise what to tell the person."""
    wait = site_wait(request, scope)
    return None if wait is None else too_many(scope, wait)


class WriteThrottleMixin:
    """An API view whose writes (not its reads) count against `write_scope`."""

    write_scope = ""

    def get_throttles(self) -> list[Any]:
        request = self.request  # type: ignore[attr-defined]
        throttles = list(super().get_throttles())  # type: ignore[misc]
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            self.throttle_scope = self.write_scope
            throttles.append(ScopedRateThrottle())
        return throttles
