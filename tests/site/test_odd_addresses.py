"""Addresses no route means anything by: a null character in the path, a line break in an API
address. Each is a plain 404 (JSON under /api/), never a server error or an HTML page."""

from __future__ import annotations

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    ["/media/cards/%00.png", "/designers/al%00ice/", "/api/v1/designers/al%00ice/follow/"],
)
def test_a_null_character_in_the_path_is_a_404_before_any_query(
    client, path, django_assert_num_queries
):
    """PostgreSQL refuses a NUL in any text it is sent, so the picture's audience query was a
    server error there; the address names nothing, and no view asks the database about it."""
    with django_assert_num_queries(0):
        answer = client.get(path)
    assert answer.status_code == 404
    if path.startswith("/api/"):
        assert answer["Content-Type"] == "application/json"
        assert answer.json() == {"detail": "Not found."}


@pytest.mark.parametrize(
    "path", ["/api/v1/glossary/a%0Ab/", "/api/v1/nothing%0A", "/api/%0A", "/api/v1/a%0D%0Ab/c/"]
)
@pytest.mark.parametrize("debug", [False, True])
def test_every_api_404_is_json_line_breaks_included(client, path, debug):
    """Django answers an address no route matches with its HTML page when DEBUG is on; the
    catch-all JSON 404 under /api/ must match addresses holding a line break too."""
    with override_settings(DEBUG=debug):
        answer = client.get(path)
    assert answer.status_code == 404
    assert answer["Content-Type"] == "application/json", answer.content[:200]
    assert answer.json() == {"detail": "Not found."}
