"""The OpenAPI schema is valid and the docs page is served without any network."""

import re

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_schema_validates_without_warnings(tmp_path):
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml")
    )
    assert "/api/v1/check/card/" in (tmp_path / "schema.yml").read_text()


@pytest.mark.django_db
def test_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    body = docs.content.decode()
    assert "swagger-ui" in body
    # Every script and stylesheet comes from this site: nothing is loaded from elsewhere.
    assert not re.search(r'(src|href)="(https?:)?//', body)


@pytest.mark.django_db
def test_operations_document_the_errors_they_answer(client):
    """A regression: these answers were not in the schema, so clients could not expect them."""
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    documented = {
        ("post", "/api/v1/check/card/"): {"400", "429"},
        ("post", "/api/v1/check/deck/"): {"400", "429"},
        ("get", "/api/v1/cards/"): {"400", "404"},
        ("get", "/api/v1/collection/"): {"400", "403", "404"},
        ("get", "/api/v1/decks/"): {"400", "403", "404"},
        ("get", "/api/v1/glossary/"): {"400", "404"},
        ("post", "/api/v1/decks/{deck_id}/simulations/"): {"400", "403", "404", "429", "503"},
        ("get", "/api/v1/simulations/{run_id}/"): {"404"},
    }
    for (method, path), statuses in documented.items():
        assert statuses <= set(paths[path][method]["responses"]), (method, path)
