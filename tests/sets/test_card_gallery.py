"""/cards/: the gallery's Sets tab beside the card results, carrying the search along."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_gallery_offers_its_sets_tab(client):
    page = client.get("/cards/", {"q": "ember"}).content.decode()
    assert 'href="/sets/?q=ember" id="gallery-sets">Sets</a>' in page


def test_without_a_search_the_tab_lists_every_set(client):
    page = client.get("/cards/").content.decode()
    assert 'href="/sets/" id="gallery-sets">Sets</a>' in page
