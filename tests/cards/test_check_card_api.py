"""POST /api/v1/check/card/ — a stranger with no account checks cards."""

import json

import pytest

URL = "/api/v1/check/card/"


def minion(**changes):
    # ⌈SP 2 + HP 3 ÷ 2⌉ = 4; SPARK: draw 1 card (2x = 2): level 6 by the 14th's guide.
    card = {
        "name": "Ember Whelp",
        "kind": "minion",
        "design_edition": 14,
        "level": 6,
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
        "level": {
            "declared": 6,
            "computed": 6,
            "steps": ["SP 2 + HP 3 ÷ 2 = 3.5, rounded up to 4", "SPARK: Draw 1 card (2x = 2) → 2",
                      "total 6"],
        },
        "ultra_points": 0,
        "abilities": [
            {
                "text": "SPARK: Draw 1 card.",
                "name": "SPARK",
                "condition": None,
                "costs": [],
                "sub_abilities": [
                    {
                        "target": None,
                        "effects": [
                            {
                                "id": "effect.draw-x-cards",
                                "kind": "effect",
                                "text": "Draw 1 card",
                                "variables": {"x": 1},
                            }
                        ],
                    }
                ],
                "readable": True,
                "problems": [],
                "notes": [],
            }
        ],
    }  # fmt: skip


@pytest.mark.django_db
def test_a_declared_level_other_than_the_guides_is_invalid_with_the_steps(api):
    body = check(api, minion(name="Brute", sp=9, hp=9, level=0, ability_text="")).json()

    assert body["verdict"] == "invalid"
    (reason,) = body["reasons"]
    assert reason["code"] == "level_mismatch"
    assert "the level is 0, but the 14th Edition guide computes 14" in reason["message"]
    assert body["level"] == {
        "declared": 0,
        "computed": 14,
        "steps": ["SP 9 + HP 9 ÷ 2 = 13.5, rounded up to 14", "total 14"],
    }
    assert body["abilities"] == []


@pytest.mark.django_db
@pytest.mark.parametrize("level", [None, "missing"])
def test_a_level_left_out_asks_for_the_computed_one(api, level):
    card = minion()
    if level == "missing":
        del card["level"]
    else:
        card["level"] = None

    body = check(api, card).json()

    assert body["verdict"] == "legal"
    assert body["level"]["declared"] is None
    assert body["level"]["computed"] == 6


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "text", "words"),
    [
        (
            "minion",
            "RIPPLE: When this card is summoned: Draw 1 card.",
            "When this card is summoned",
        ),
        ("spell", "Sheathe target minion.", "Sheathe target minion"),
    ],
)
def test_a_text_not_made_of_components_is_invalid_naming_the_words(api, kind, text, words):
    card = minion(kind=kind, ability_text=text)
    if kind == "spell":
        card.update(sp=None, hp=None)

    body = check(api, card).json()

    assert body["verdict"] == "invalid"
    reason = next(r for r in body["reasons"] if r["code"] == "not_a_component")
    assert reason["text"] == words
    assert f'"{words}" is not one of the 14th Edition guide' in reason["message"]
    assert body["abilities"][0]["readable"] is False
    assert body["level"]["computed"] is None


@pytest.mark.django_db
def test_ghost_play_with_resource_cost_is_refurbished_to_hex_play(api):
    text = (
        "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 2 cards."
    )
    # 4 for the stats; draw 2: 2x = 4; the 14th's guide reads the condition as refurbished.
    body = check(api, minion(ability_text=text, level=8)).json()
    assert body["verdict"] == "refurbished"
    assert body["text"] == (
        "HAUNT: When this card in your hand is destroyed (hex-play): Draw 2 cards."
    )
    (reason,) = body["reasons"]
    assert reason["code"] == "refurbished_text"
    assert reason["text"] == "ghost-play, must pay resource cost"
    assert "Refurbished Card Texts" in reason["message"]


@pytest.mark.django_db
def test_missing_edition_indicator_is_invalid_in_the_14th_but_not_the_11th(api):
    card = minion(design_edition=None, ability_text="")
    assert check(api, card, 14).json()["verdict"] == "invalid"
    assert check(api, card, 11).json()["verdict"] == "legal"


@pytest.mark.django_db
def test_a_card_from_before_the_clean_slate_is_pruned(api):
    # By the 12th's guide: ⌈2 + 3 ÷ 5⌉ = 3; draw 1: x = 1; level 4.
    body = check(api, minion(design_edition=12, level=4)).json()
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
        ({"edition": 14, "card": minion(level=1000)}, "card"),
        ({"edition": 14, "card": minion(level=[6])}, "card"),
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


FIFTY_ABILITIES = "\n".join(f"ABILITY {n}: Draw 1 card." for n in range(50))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "edition", "code", "computed"),
    [
        ({"ability_text": "Blorp the zingwort!!! ;;; →→ :::"}, 14, "not_a_component", None),
        ({"ability_text": "\u200b((((((((((  ):→;"}, 14, "not_a_component", None),
        # x = 10^9: read and levelled exactly, 4 + 2·10^9, far above any level the card can print
        ({"ability_text": "HOARD: Draw 1000000000 cards."}, 14, "level_mismatch", 2 * 10**9 + 4),
        ({"ability_text": "HOARD: Draw 10000000000 cards."}, 14, "not_a_component", None),
        ({"ability_text": FIFTY_ABILITIES}, 14, "level_mismatch", 104),
        (
            {
                "kind": "spell",
                "sp": None,
                "hp": None,
                "design_edition": 11,
                "ability_text": (
                    "Target up to 2 level 10 or lower enemy creatures; Destroy the targets."
                ),
            },
            11,
            "level_not_computed",
            None,
        ),
    ],
)
def test_hostile_texts_get_reasons_never_errors(api, changes, edition, code, computed):
    answer = check(api, minion(**changes), edition)

    assert answer.status_code == 200, answer.content
    body = answer.json()
    found = body["reasons"] if edition != 11 else body["warnings"]
    assert code in [reason["code"] for reason in found]
    assert body["level"]["computed"] == computed


@pytest.mark.django_db
def test_fifty_abilities_asking_for_their_level_are_judged_with_it(api):
    body = check(api, minion(ability_text=FIFTY_ABILITIES, level=None)).json()

    assert body["verdict"] == "legal"
    assert body["level"]["computed"] == 104 and len(body["abilities"]) == 50


# The 17th Edition's guide classes some card texts as ultra: "pay x HP→" is worth 1 and
# "x-dice-wound enemy." 2, each counted as often as it is used.
ULTRA_TEXT = "HEX: Pay 1 HP→1-dice-wound enemy.\nJOLT: Pay 2 HP→Draw 1 card."


@pytest.mark.django_db
def test_a_card_answers_its_ultra_points_by_the_guide_of_its_design_edition(api):
    body = check(api, minion(design_edition=17, level=None, ability_text=ULTRA_TEXT), 17).json()

    assert body["verdict"] == "legal", body["reasons"]
    assert body["ultra_points"] == 1 + 2 + 1


@pytest.mark.django_db
def test_a_card_of_an_edition_without_ultra_texts_is_worth_none(api):
    assert check(api, minion()).json()["ultra_points"] == 0
