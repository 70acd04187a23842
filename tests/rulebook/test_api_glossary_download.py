"""GET /api/v1/glossary/download/: the whole glossary as one JSON file."""

import json

import pytest

from rulebook.selectors import edition_numbers

pytestmark = pytest.mark.django_db


def test_the_whole_glossary_downloads_as_one_file_with_its_license(client):
    answer = client.get("/api/v1/glossary/download/")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/json")
    assert answer["Content-Disposition"] == 'attachment; filename="kotc-glossary.json"'
    document = json.loads(answer.content)
    assert document["license"]["url"] == "https://creativecommons.org/licenses/by-sa/4.0/"
    assert [e["number"] for e in document["editions"]] == edition_numbers()
    assert {11, 12, 13, 14, 15, 16, 17} <= set(edition_numbers())
    assert document["editions"][0]["source"]["license"] == "CC BY-SA 4.0"
    slugs = {term["slug"] for term in document["terms"]}
    assert {"hex-play", "sword-counter", "sacrifice", "a-total-of", "petrify"} <= slugs
    destroy = next(t for t in document["terms"] if t["slug"] == "destroy")
    assert [d["edition"] for d in destroy["definitions"]] == [11, 12, 13, 14, 15, 16, 17]
