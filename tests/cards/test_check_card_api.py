"""POST /api/v1/check/card/ — a stranger with no account checks cards."""

import json

import pytest

URL = "/api/v1/check/card/"


def minion(**changes):
    card = {
        "name": "Ember Whelp",
        "kind": "minion",
        "design_edition": 14,
        "level": 2,
        "sp": 2,
        "hp": 3,
        "ability_text": "SPARK: Draw 1 card.",
        "flavor_text": "Small, but hot.",
    }
    card.update(changes)
    return card


def check(api, card, edition=14):
    return api.post(URL, {"edition": edition, "card": card}, format="json")


@pytest.mark.django_db
def test_a_legal_card_is_legal(api):
    answer = check(api, minion())
    assert answer.status_code == 200
    body = answer.json()
    assert body == {
        "edition": 14,
        "verdict": "legal",
        "reasons": [],
        "warnings": [],
        "text": "SPARK: Draw 1 card.",
    }


@pytest.mark.django_db
def test_ghost_play_with_resource_cost_is_refurbished_to_hex_play(api):
    text = "HAUNT: Ghost-play, must pay resource cost: Draw 2 cards."
    body = check(api, minion(ability_text=text)).json()
    assert body["verdict"] == "refurbished"
    assert body["text"] == "HAUNT: Hex-play: Draw 2 cards."
    (reason,) = body["reasons"]
    assert reason["code"] == "refurbished_text"
    assert reason["text"] == "Ghost-play, must pay resource cost"
    assert "Refurbished Card Texts" in reason["message"]


@pytest.mark.django_db
def test_missing_edition_indicator_is_invalid_in_the_14th_but_not_the_11th(api):
    card = minion(design_edition=None, ability_text="")
    assert check(api, card, 14).json()["verdict"] == "invalid"
    assert check(api, card, 11).json()["verdict"] == "legal"


@pytest.mark.django_db
def test_a_card_from_before_the_clean_slate_is_pruned(api):
    body = check(api, minion(design_edition=12)).json()
    assert body["verdict"] == "pruned"
    assert body["reasons"][0]["code"] == "before_clean_slate"
    assert "Clean Slate" in body["reasons"][0]["message"]


@pytest.mark.django_db
def test_redacted_text_is_pruned_in_the_11th(api):
    body = check(api, minion(design_edition=11, ability_text="Pay 4 hitpoints."), 11).json()
    assert body["verdict"] == "pruned"
    assert body["reasons"][0]["text"] == "Pay 4 hitpoints."


@pytest.mark.django_db
def test_fractional_level_is_an_invalid_card_not_a_bad_request(api):
    body = check(api, minion(level=2.5)).json()
    assert body["verdict"] == "invalid"
    assert any(r["code"] == "non_integer_stat" for r in body["reasons"])


@pytest.mark.django_db
def test_a_spell_with_sp_is_invalid(api):
    body = check(api, minion(kind="spell", ability_text="Draw 1 card.")).json()
    assert body["verdict"] == "invalid"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"edition": 99, "card": minion()}, "edition"),
        ({"edition": "fourteen", "card": minion()}, "edition"),
        ({"edition": True, "card": minion()}, "edition"),
        ({"card": minion()}, "edition"),
        ({"edition": 14}, "card"),
        ({"edition": 14, "card": "a card"}, "card"),
        ({"edition": 14, "card": minion(level=-1)}, "card"),
        ({"edition": 14, "card": minion(sp=-3)}, "card"),
        ({"edition": 14, "card": minion(level="2")}, "card"),
        ({"edition": 14, "card": minion(level=None)}, "card"),
        ({"edition": 14, "card": minion(kind="dragon")}, "card"),
        ({"edition": 14, "card": minion(ability_text="x" * 2001)}, "card"),
        ({"edition": 14, "card": minion(name="n" * 101)}, "card"),
        ({"edition": 14, "card": minion(design_edition=-14)}, "card"),
        ({"edition": 14, "card": {k: v for k, v in minion().items() if k != "kind"}}, "card"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api, body, field):
    answer = api.post(URL, body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in answer.json()


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["{not json", "[]", "null", "42", '"card"'])
def test_malformed_json_is_a_400(api, raw):
    answer = api.generic("POST", URL, raw, content_type="application/json")
    assert answer.status_code == 400
    assert answer["Content-Type"].startswith("application/json")
    json.loads(answer.content)


@pytest.mark.django_db
def test_checks_are_throttled(api, monkeypatch):
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"check": "3/min"})
    cache.clear()
    codes = [check(api, minion()).status_code for _ in range(4)]
    cache.clear()
    assert codes == [200, 200, 200, 429]
