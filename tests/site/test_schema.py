"""The OpenAPI schema is valid and the docs page is served without any network."""

import json
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


def served_schema(client) -> dict:
    return client.get("/api/schema/", HTTP_ACCEPT="application/json").json()


def body_schema(schema: dict, path: str, method: str, media_type: str = "application/json"):
    content = schema["paths"][path][method]["requestBody"]["content"]
    reference = content[media_type]["schema"]["$ref"].rsplit("/", 1)[1]
    return schema["components"]["schemas"][reference]


@pytest.mark.django_db
def test_the_edition_enum_is_the_edition_files(client, monkeypatch):
    """A regression: any integer was a valid edition to the schema, edition 0 included."""
    from cards import rules

    monkeypatch.setattr(rules, "load_editions", lambda: {11: None, 14: None, 15: None})
    schema = served_schema(client)
    assert schema["components"]["schemas"]["EditionEnum"]["enum"] == [11, 14, 15]
    glossary = schema["paths"]["/api/v1/glossary/"]["get"]["parameters"]
    assert next(p for p in glossary if p["name"] == "edition")["schema"]["enum"] == [11, 14, 15]


@pytest.mark.django_db
def test_the_limits_of_a_card_body_are_stated(client):
    """Regressions: PUT and PATCH of a card said nothing of the 999 and 100-character limits."""
    schema = served_schema(client)
    for method in ("put", "patch"):
        for media_type in ("application/json", "multipart/form-data"):
            fields = body_schema(schema, "/api/v1/cards/{id}/", method, media_type)["properties"]
            for stat in ("level", "sp", "hp"):
                number = fields[stat].get("anyOf", [fields[stat]])[0]
                assert (number["minimum"], number["maximum"]) == (0, 999), (method, stat)
            assert "{0,99}" in fields["name"]["pattern"]  # stripped, at most 100 characters
    card = body_schema(schema, "/api/v1/cards/", "post")
    minion = next(rule for rule in card["anyOf"] if rule["required"][1:] == ["sp", "hp"])
    assert minion["required"] == ["kind", "sp", "hp"]


@pytest.mark.django_db
def test_bodies_are_listed_in_the_encodings_that_can_carry_them(client):
    """Regressions: nested objects offered as form fields, which no form can send."""
    paths = served_schema(client)["paths"]

    def media_types(path: str, method: str = "post") -> set[str]:
        return set(paths[path][method]["requestBody"]["content"])

    for path in ("/api/v1/check/card/", "/api/v1/check/deck/", "/api/v1/cards/import/"):
        assert media_types(path) == {"application/json"}, path
    assert media_types("/api/v1/cards/") == {"application/json", "multipart/form-data"}
    form = paths["/api/v1/cards/"]["post"]["requestBody"]["content"]["multipart/form-data"]
    assert form["encoding"]["image"]["contentType"] == "image/png, image/jpeg, image/webp"
    assert "415" in paths["/api/v1/check/card/"]["post"]["responses"]


@pytest.mark.django_db
def test_the_small_limits_are_stated(client):
    schema = served_schema(client)
    copies = body_schema(schema, "/api/v1/collection/{card_id}/", "patch")["properties"]
    assert copies["copies"]["minimum"] == 0
    assert "required" not in body_schema(schema, "/api/v1/collection/{card_id}/", "patch")
    bury = body_schema(schema, "/api/v1/decks/{deck_id}/simulations/", "post")["properties"]
    assert bury["bury"]["maxLength"] == 20 and bury["bury"]["pattern"].startswith("^(none|")


@pytest.mark.django_db
def test_long_texts_state_their_limit_without_a_repeat(client):
    """A pasted list and a primer state their limits as maxLength and the characters they
    refuse with `not`: a pattern of 20,000 or 100,000 repeats (which schemathesis also makes
    by folding maxLength into a pattern) takes a regex engine hundreds of MB to compile."""
    schema = served_schema(client)
    body = schema["components"]["schemas"]["DecklistImportRequest"]["properties"]
    assert body["list"]["maxLength"] == 100_000 and body["list"]["not"] == {"pattern": "[\\x00]"}
    for method, path in (("post", "/api/v1/decks/"), ("patch", "/api/v1/decks/{id}/")):
        primer = body_schema(schema, path, method)["properties"]["description"]
        assert primer["maxLength"] == 20_000 and "pattern" not in primer, path
    repeats = re.findall(r"\{\d*,(\d+)\}", json.dumps(schema))
    assert max(int(count) for count in repeats) <= 500


@pytest.mark.django_db
def test_a_primer_counts_its_limit_on_the_text_as_sent(client, alice):
    """What the schema states is what the API does: 20,000 characters are taken, stripped;
    a character more, even a space, is refused with the field named."""
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(alice)
    fits = api.post(
        "/api/v1/decks/", {"name": "Long", "description": "a" * 19_999 + " "}, format="json"
    )
    assert fits.status_code == 201, fits.content
    over = api.post(
        "/api/v1/decks/", {"name": "Long", "description": "a" * 20_000 + " "}, format="json"
    )
    assert over.status_code == 400 and "20000" in over.json()["description"][0]
    bad = api.post("/api/v1/decks/", {"name": "Long", "description": "a\x00b"}, format="json")
    assert bad.status_code == 400 and "description" in bad.json()


def test_text_patterns_say_what_the_fields_do():
    """Each text pattern accepts exactly what DRF's CharField accepts (stripped or not, blank
    or not, with its length limit), character for character."""
    from rest_framework import serializers

    from kotc_site.schema import text_pattern

    samples = ["", " ", "a", " a ", "\u3000a\x85", "ab c", "abc", " abcd ", "a\x00", "\t\t", "ab\n"]
    for trimmed in (True, False):
        for blank in (True, False):
            field = serializers.CharField(trim_whitespace=trimmed, allow_blank=blank, max_length=3)
            field.bind("text", serializers.Serializer())
            pattern = re.compile(text_pattern(trimmed=trimmed, blank=blank, max_length=3))
            for text in samples:
                try:
                    field.run_validation(text)
                    accepted = True
                except serializers.ValidationError:
                    accepted = False
                # Unstripped text has its limit in maxLength, not in the pattern.
                states = bool(pattern.fullmatch(text)) and (trimmed or len(text) <= 3)
                if not trimmed and not blank:
                    states = states and text != ""
                assert states == accepted, (trimmed, blank, text)


def test_the_name_pattern_refuses_what_names_may_not_hold():
    """The schema's rule for names and kotc_site.inputs.name_problem agree on every character
    of the Basic Multilingual Plane."""
    from kotc_site.inputs import name_problem
    from kotc_site.schema import NOT_IN_NAMES

    allowed = re.compile(f"[^{NOT_IN_NAMES}]")
    for code in range(0x10000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue  # surrogates are not characters, and JSON text cannot hold one alone
        assert (name_problem(f"a{char}b") is None) == bool(allowed.fullmatch(char)), hex(code)
