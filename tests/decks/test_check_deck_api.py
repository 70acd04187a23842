"""POST /api/v1/check/deck/ — the deck answer, problem by problem."""

import pytest

URL = "/api/v1/check/deck/"


def card(name="Ember Whelp", **changes):
    body = {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": 2,  # ⌈SP 1 + HP 1 ÷ 2⌉, as the 14th Edition's guide computes it
        "sp": 1,
        "hp": 1,
        "ability_text": "",
        "flavor_text": "",
    }
    body.update(changes)
    return body


# Refurbished in the 14th, and read as refurbished by its guide: level 2 + draw 1 (2).
HAUNT = (
    "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
    " Draw 1 card."
)


def deck(*entries, edition=14):
    return {"edition": edition, "cards": [{"count": n, "card": c} for n, c in entries]}


@pytest.mark.django_db
@pytest.mark.parametrize(("size", "legal"), [(39, False), (40, True), (60, True), (61, False)])
def test_size_must_fit_the_14th_edition(api, size, legal):
    body = api.post(URL, deck((size, card())), format="json").json()
    assert body["legal"] is legal
    assert body["size"] == size
    assert len(body["cards"]) == 1
    if not legal:
        assert body["problems"][0]["code"] in {"deck_too_small", "deck_too_large"}
        assert body["problems"][0]["card"] is None


@pytest.mark.django_db
def test_the_11th_edition_wants_exactly_40(api):
    cards = card(design_edition=11)
    assert api.post(URL, deck((40, cards), edition=11), format="json").json()["legal"] is True
    assert api.post(URL, deck((41, cards), edition=11), format="json").json()["legal"] is False


@pytest.mark.django_db
def test_every_unplayable_card_is_a_problem_of_its_own(api):
    body = api.post(
        URL,
        deck(
            (30, card()),
            (5, card("Old Relic", design_edition=11)),
            (5, card("No Indicator", design_edition=None)),
            (2, card("Haunt", level=4, ability_text=HAUNT)),
        ),
        format="json",
    ).json()
    assert body["legal"] is False
    assert body["size"] == 42
    assert sorted(p["card"] for p in body["problems"]) == ["No Indicator", "Old Relic"]
    assert [c["verdict"] for c in body["cards"]] == ["legal", "pruned", "invalid", "refurbished"]
    assert body["cards"][3]["text"] == (
        "HAUNT: When this card in your hand is destroyed (hex-play): Draw 1 card."
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"edition": 14}, "cards"),
        ({"edition": 14, "cards": "forty"}, "cards"),
        ({"edition": 14, "cards": [{"count": 0, "card": card()}]}, "cards"),
        ({"edition": 14, "cards": [{"count": -2, "card": card()}]}, "cards"),
        ({"edition": 14, "cards": [{"count": 2}]}, "cards"),
        ({"edition": 14, "cards": [{"count": 2, "card": card(hp=-1)}]}, "cards"),
        ({"edition": 14, "cards": [{"count": 1, "card": card()}] * 201}, "cards"),
        ({"edition": 10, "cards": []}, "edition"),
    ],
)
def test_bad_decks_are_a_400_naming_the_field(api, body, field):
    answer = api.post(URL, body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in answer.json()


FIFTY_ABILITIES = "\n".join(f"ABILITY {n}: Draw 1 card." for n in range(50))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "edition", "code"),
    [
        ({"ability_text": "Blorp the zingwort!!! ;;; →→ :::"}, 14, "not_a_component"),
        ({"ability_text": "HOARD: Draw 1000000000 cards.", "level": 999}, 14, "level_mismatch"),
        ({"ability_text": "HOARD: Draw 99999999999999999999 cards."}, 14, "not_a_component"),
        ({"ability_text": FIFTY_ABILITIES, "level": 3}, 14, "level_mismatch"),
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
            None,  # the 11th's guide gives warnings only: the card stays legal
        ),
    ],
)
def test_hostile_texts_are_problems_never_errors(api, changes, edition, code):
    answer = api.post(URL, deck((40, card("Odd", **changes)), edition=edition), format="json")

    assert answer.status_code == 200, answer.content
    body = answer.json()
    if code is None:
        assert body["legal"] is True
        assert "level_not_computed" in [w["code"] for w in body["cards"][0]["warnings"]]
        assert "divides by zero" in body["cards"][0]["warnings"][-1]["message"]
    else:
        assert body["legal"] is False
        assert [p["code"] for p in body["problems"]] == ["card_invalid"]
        assert code in [r["code"] for r in body["cards"][0]["reasons"]]


# By the 17th Edition's guide, "x-dice-wound enemy." is worth 2 Ultra Points and "pay x HP→" 1;
# a deck may hold 10 in all. Both cards are level 4: ⌈SP 1 + HP 1 ÷ 2⌉ = 2, and an ability of 2.
WOUND = card("Wound Whelp", design_edition=17, level=4, ability_text="WOUND: 1-dice-wound enemy.")
HEX = card("Hex Whelp", design_edition=17, level=4, ability_text="HEX: Pay 1 HP→Draw 1 card.")
PLAIN_17 = card("Plain Whelp", design_edition=17)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("entries", "points", "legal"),
    [
        (((5, WOUND), (35, PLAIN_17)), 10, True),
        (((5, WOUND), (1, HEX), (34, PLAIN_17)), 11, False),
    ],
)
def test_a_17th_edition_deck_holds_at_most_10_ultra_points(api, entries, points, legal):
    body = api.post(URL, deck(*entries, edition=17), format="json").json()

    assert (body["ultra_points"], body["ultra_points_limit"]) == (points, 10)
    assert body["legal"] is legal, body["problems"]
    if not legal:
        (problem,) = body["problems"]
        assert problem["code"] == "too_many_ultra_points"
        assert problem["card"] is None
        assert "11 Ultra Points" in problem["message"]
        assert "See 'Setup and Deck Building' in the 17th Edition rulebook." in problem["message"]


@pytest.mark.django_db
def test_an_edition_without_an_ultra_points_limit_answers_null(api):
    body = api.post(URL, deck((40, card())), format="json").json()

    assert (body["ultra_points"], body["ultra_points_limit"]) == (0, None)


@pytest.mark.django_db
def test_a_card_may_leave_its_level_to_the_guide_as_in_the_card_check(api, client):
    """`"level": null` asks for the level the card's guide computes, in a deck as in
    /api/v1/check/card/; the schema says so."""
    haunt = card("Haunt", level=None, ability_text=HAUNT)
    body = api.post(URL, deck((38, card(level=None)), (2, haunt)), format="json").json()
    assert body["legal"] is True, body
    alone = api.post("/api/v1/check/card/", {"edition": 14, "card": haunt}, format="json").json()
    assert body["cards"][1] == {key: alone[key] for key in body["cards"][1]}
    assert body["cards"][1]["verdict"] == "refurbished"
    # No level, and none the guide can compute: the card is invalid, not the request.
    unreadable = card("Mute", level=None, ability_text="MUTE: Whistle a tune.")
    body = api.post(URL, deck((40, unreadable)), format="json").json()
    assert body["cards"][0]["verdict"] == "invalid" and body["legal"] is False

    schemas = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]
    entry = schemas["schemas"]["DeckEntryRequest"]["properties"]["card"]["$ref"]
    sent = schemas["schemas"][entry.rsplit("/", 1)[1]]
    assert sent["properties"]["level"]["nullable"] is True
    assert "level" not in sent.get("required", [])
