"""GET /api/v1/glossary/<slug>/: one term, every edition's definition."""

import pytest

pytestmark = pytest.mark.django_db


def test_a_term_has_its_definitions_forms_and_relations(api):
    answer = api.get("/api/v1/glossary/self-bounce/")
    assert answer.status_code == 200
    term = answer.json()
    assert term["name"] == "Self-bounce" and term["kind"] == "keyword"
    assert term["editions"] == [12, 13, 14, 15, 16, 17]
    fourteenth = term["definitions"][2]
    assert fourteenth["edition"] == 14 and fourteenth["anchor"] == "kw-self-bounce"
    assert fourteenth["text"].startswith("To self-bounce a card is to bounce")
    assert "<dfn>self-bounce</dfn>" in fourteenth["html"]
    assert "bounce" in term["uses"]
    assert "self-buries" not in term["forms"] and "self-bounced" in term["forms"]


def test_a_term_lists_what_uses_it(api):
    assert "self-bounce" in api.get("/api/v1/glossary/bounce/").json()["used_by"]


def test_an_unknown_term_is_a_json_404(api):
    answer = api.get("/api/v1/glossary/no-such-term/")
    assert answer.status_code == 404
    assert answer["Content-Type"].startswith("application/json")
    assert "no-such-term" in answer.json()["detail"]
