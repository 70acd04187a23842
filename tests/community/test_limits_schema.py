"""The per-account limits of comments, likes, follows and reports, as a client and an operator
meet them: every operation a limit counts documents its 429, and `off` switches a limit off."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import resolve
from rest_framework.throttling import ScopedRateThrottle

from community import limits
from community.models import Comment, Like
from kotc_site.settings.environment import throttle_rate

pytestmark = pytest.mark.django_db

WRITES = {"post", "put", "patch", "delete"}


def counted_by_a_limit(path: str, method: str) -> bool:
    """Whether a request to the schema's `path` with `method` counts against one of the
    community's per-account limits, read from the view itself."""
    view = getattr(resolve(re.sub(r"\{\w+\}", "1", path)).func, "cls", None)
    if view is None or method not in WRITES:
        return False
    if issubclass(view, limits.WriteThrottleMixin):
        return True
    return getattr(view, "throttle_scope", "") in limits.WHAT


def test_every_operation_a_limit_counts_documents_its_429(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    counted = {
        (method.upper(), path)
        for path, operations in paths.items()
        for method in operations
        if counted_by_a_limit(path, method)
    }
    # The walk found the operations a client meets the limits on (else this test is vacuous).
    assert {
        ("PATCH", "/api/v1/comments/{id}/"),
        ("DELETE", "/api/v1/comments/{id}/"),
        ("PUT", "/api/v1/cards/{id}/like/"),
        ("DELETE", "/api/v1/decks/{id}/like/"),
        ("DELETE", "/api/v1/designers/{username}/follow/"),
        ("POST", "/api/v1/reports/"),
    } <= counted
    undocumented = sorted(
        f"{method} {path}"
        for method, path in counted
        if "429" not in paths[path][method.lower()]["responses"]
    )
    assert not undocumented, f"answer 429 without saying so: {undocumented}"


def test_an_operator_switches_a_limit_off(monkeypatch, as_bob, bob, card):
    """`KOTC_THROTTLE_COMMENT=off` (and its kin) is no rate at all: the API and the site's
    forms then count nothing."""
    monkeypatch.setenv("KOTC_THROTTLE_LIKE", "off")
    assert throttle_rate("KOTC_THROTTLE_LIKE", "60/min") is None
    rates = {scope: None for scope in limits.WHAT}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)
    for n in range(8):
        answer = as_bob.post("/api/v1/comments/", {"card": card.pk, "text": f"n{n}"}, format="json")
        assert answer.status_code == 201
    page = Client()
    page.force_login(bob)
    assert page.post(f"/cards/{card.pk}/comments/", {"text": "and one more"}).status_code == 302
    assert Comment.objects.count() == 9
    codes = {as_bob.put(f"/api/v1/cards/{card.pk}/like/").status_code for _ in range(8)}
    assert codes == {200} and Like.objects.count() == 1
