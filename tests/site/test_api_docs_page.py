"""The API docs page (drf-spectacular's Swagger UI) has a way back to the site, and still draws
itself from the sidecar's files, with no network."""

import re

import lxml.html
import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_the_api_docs_lead_back_to_the_home_page(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    page = lxml.html.fromstring(response.content.decode())
    links = [link for link in page.iter("a") if "Keeper of the Cards" in link.text_content()]
    assert [link.get("href") for link in links] == ["/"]
    assert page.get_element_by_id("swagger-ui") is not None


def test_the_api_docs_draw_from_the_sidecar_not_a_cdn(client):
    body = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css|png))"', body)
    assert any(asset.endswith("swagger-ui-bundle.js") for asset in assets), assets
    for asset in assets:
        assert asset.startswith("/static/"), asset
        assert finders.find(asset.removeprefix("/static/")), asset
    # The page's own script (which points the UI at the schema) is still there, as a file of
    # its own: the Content-Security-Policy runs no script written into the page.
    [starter] = [asset for asset in re.findall(r'src="([^"]+)"', body) if "script=" in asset]
    assert "SwaggerUIBundle(" in client.get(starter.replace("&amp;", "&")).content.decode()
    assert "SwaggerUIBundle(" not in body
