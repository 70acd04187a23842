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
