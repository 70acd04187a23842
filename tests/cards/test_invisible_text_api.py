"""Invisible and look-alike characters through the API: the check reads past them, a saved card
keeps its text as a reader sees it, and the 11th's "Activate when …" sentence is a condition."""

import pytest

from cards.models import Card
from tests.cards.conftest import WISP

pytestmark = pytest.mark.django_db

CHECK = "/api/v1/check/card/"


@pytest.fixture
def alice_api(api, alice):
    api.force_authenticate(alice)
    return api


def creature(text, **changes):
    card = {
        "name": "Old Guard",
        "kind": "minion",
        "design_edition": 11,
        "level": 1,
        "sp": 1,
        "hp": 1,
        "ability_text": text,
        "flavor_text": "",
    }
    return {**card, **changes}


def check(api, card, edition):
    answer = api.post(CHECK, {"edition": edition, "card": card}, format="json")
    assert answer.status_code == 200, answer.content
    return answer.json()


@pytest.mark.parametrize("text", ["Pay \u200b4 hitpoints.", "Pay 4 hit\u00adpoints."])
def test_a_hidden_redacted_text_is_pruned_in_the_11th(api, text):
    body = check(api, creature(text), 11)

    assert body["verdict"] == "pruned"
    assert [(r["code"], r["text"]) for r in body["reasons"]] == [("redacted_text", text)]


def test_a_hidden_outdated_text_is_refurbished_in_the_14th(api):
    text = (
        "HAUNT: When this card in your hand is destroyed (ghost-play,\u200b must pay resource"
        " cost): Draw 2 cards."
    )
    card = {**WISP, "ability_text": text, "level": 8, "sp": 2, "hp": 3}

    body = check(api, card, 14)

    assert body["verdict"] == "refurbished"
    assert body["text"] == (
        "HAUNT: When this card in your hand is destroyed (hex-play): Draw 2 cards."
    )
    assert body["reasons"][0]["text"] == "ghost-play,\u200b must pay resource cost"


def test_a_look_alike_letter_is_a_warning_naming_the_word(api):
    body = check(api, {**WISP, "name": "W\u0456sp"}, 14)

    assert body["verdict"] == "legal"
    assert [(w["code"], w["text"]) for w in body["warnings"]] == [("mixed_script", "W\u0456sp")]


def test_the_11th_activation_sentence_is_read_as_the_condition(api):
    body = check(api, creature("Activate when you take damage. Draw 1 card.", level=None), 11)

    assert body["verdict"] == "refurbished"
    (ability,) = body["abilities"]
    assert ability["condition"]["id"] == "condition.when-you-take-at-least-x-damage"
    assert ability["condition"]["variables"] == {"x": 5}
    effects = [effect["id"] for sub in ability["sub_abilities"] for effect in sub["effects"]]
    assert effects == ["effect.draw-x-cards"]
    assert body["level"]["computed"] == 3


def test_a_saved_card_keeps_its_text_as_a_reader_sees_it(alice_api):
    typed = {
        **WISP,
        "name": "Wi\u00adsp\u200b",
        "ability_text": "WHISPER: Draw\u200b 1 ca\u00adrd.",
        "flavor_text": (
            "Caf\u00e9 and cafe\u0301 \U0001f525"
            " \U0001f468\u200d\U0001f469\u200d\U0001f467 \ufb01ne"
        ),
    }

    answer = alice_api.post("/api/v1/cards/", typed, format="json")

    assert answer.status_code == 201, answer.content
    body = answer.json()
    stored = Card.objects.get(pk=body["id"])
    assert stored.name == body["name"] == "Wisp"
    assert stored.ability_text == body["ability_text"] == "WHISPER: Draw 1 card."
    # Accents and emoji stay; only the compatibility forms change (é composed, ﬁ is fi).
    assert stored.flavor_text == (
        "Caf\u00e9 and caf\u00e9 \U0001f525 \U0001f468\u200d\U0001f469\u200d\U0001f467 fine"
    )
    assert body["verdict"] == "legal"


def test_an_edit_keeps_its_text_as_a_reader_sees_it(alice_api):
    card = alice_api.post("/api/v1/cards/", WISP, format="json").json()

    answer = alice_api.patch(
        f"/api/v1/cards/{card['id']}/",
        {"ability_text": "\ufeffWHISPER: Draw 1 card.\u200f"},
        format="json",
    )

    assert answer.status_code == 200, answer.content
    assert Card.objects.get(pk=card["id"]).ability_text == "WHISPER: Draw 1 card."


def test_a_byte_order_mark_in_a_name_is_still_refused(alice_api):
    answer = alice_api.post("/api/v1/cards/", {**WISP, "name": "Wi\ufeffsp"}, format="json")

    assert answer.status_code == 400
    assert "one line of text" in answer.json()["name"][0]
