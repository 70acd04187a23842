"""The public API: options, decks from JSON, chunks, tallies and the result JSON."""

import dataclasses
import json
import random

import pytest

from decks.goldfish import (
    BLOCK,
    CHUNK_GAMES,
    MOST_CHUNKS,
    Deck,
    GoldfishCard,
    GoldfishError,
    Options,
    Tally,
    merge,
    parse_bury,
    plan_chunks,
    play_chunk,
    simulate,
    summarize,
)
from decks.goldfish.policy import build_tables
from decks.goldfish.reference import reference_deck

RESULT_KEYS = {
    "games",
    "seed",
    "edition",
    "max_turns",
    "going",
    "bury",
    "kill_turn",
    "p_kill_by_turn",
    "mean_damage_by_turn",
    "mean_resources_by_turn",
    "p_seen_by_turn",
    "unmodeled_cards",
    "ignored_effects",
    "legal",
    "problems",
    "not_won",
}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"games": 0}, "games"),
        ({"games": 100_000_001}, "games"),
        ({"games": True}, "games"),
        ({"games": 10.0}, "games"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**63}, "seed"),
        ({"max_turns": 0}, "max_turns"),
        ({"max_turns": 51}, "max_turns"),
        ({"going": "third"}, "going"),
        ({"bury": "sometimes"}, "bury"),
        ({"bury": "above:21"}, "bury"),
        ({"bury": "above:-1"}, "bury"),
        ({"opponent_hp": 0}, "opponent_hp"),
        ({"edition": 0}, "edition"),
    ],
)
def test_options_name_the_field_in_error(changes: dict[str, object], field: str) -> None:
    arguments: dict[str, object] = {"games": 100, "seed": 1, **changes}
    with pytest.raises(GoldfishError, match=field) as caught:
        Options(**arguments)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)


def test_options_accept_the_limits_and_normalize_bury() -> None:
    options = Options(
        games=100_000_000, seed=2**63 - 1, max_turns=50, going="second", bury=" Above:20 "
    )
    assert options.bury == "above:20"
    assert Options(games=1, seed=0, max_turns=1, bury="NONE").bury == "none"


def test_parse_bury() -> None:
    assert str(parse_bury("default")) == "default"
    assert parse_bury("above:0").level == 0
    assert parse_bury("above:3").kind == "above"
    with pytest.raises(GoldfishError):
        parse_bury("above:")


DECK_JSON = {
    "edition": 14,
    "name": "Alice's aggro",
    "cards": [
        {
            "count": 38,
            "card": {
                "name": "Pup",
                "kind": "minion",
                "design_edition": 14,
                "level": 0,
                "sp": 1,
                "hp": 1,
                "ability_text": "",
                "flavor_text": "Small but eager.",
            },
        },
        {
            "count": 2,
            "card": {
                "name": "Bolt",
                "kind": "spell",
                "design_edition": 13,
                "level": 1,
                "sp": None,
                "hp": None,
                "ability_text": "Inflict 3 damage to an enemy player.",
                "flavor_text": "",
            },
        },
    ],
}


def test_deck_from_json_reads_the_deck_format_and_ignores_unknown_fields() -> None:
    the_deck = Deck.from_json(DECK_JSON)
    assert the_deck.size == 40
    assert the_deck.entries[1] == (
        2,
        GoldfishCard("Bolt", "spell", 1, 0, 0, "Inflict 3 damage to an enemy player.", 13),
    )
    assert Deck.from_json(DECK_JSON["cards"]) == the_deck


@pytest.mark.parametrize(
    ("card_change", "message"),
    [
        ({"name": ""}, "name"),
        ({"kind": "trap"}, "kind"),
        ({"level": -1}, "level"),
        ({"level": "3"}, "level"),
        ({"sp": 1.5}, "sp"),
        ({"ability_text": 3}, "ability_text"),
    ],
)
def test_deck_from_json_rejects_invalid_cards(card_change: dict[str, object], message: str) -> None:
    data = json.loads(json.dumps(DECK_JSON))
    data["cards"][0]["card"].update(card_change)
    with pytest.raises(GoldfishError, match=message):
        Deck.from_json(data)


def test_deck_from_json_rejects_bad_entries() -> None:
    with pytest.raises(GoldfishError, match="count"):
        Deck.from_json([{"count": 0, "card": DECK_JSON["cards"][0]["card"]}])
    with pytest.raises(GoldfishError, match="level"):
        Deck.from_json([{"count": 40, "card": {"name": "X", "kind": "minion"}}])
    with pytest.raises(GoldfishError, match="at least|between"):
        Deck.from_json([{"count": 4, "card": DECK_JSON["cards"][0]["card"]}])
    with pytest.raises(GoldfishError):
        Deck.from_json({"name": "no cards"})


def test_plan_chunks_covers_every_block_once() -> None:
    assert plan_chunks(1) == [(0, 1)]
    assert plan_chunks(2_500, chunk_games=1_000) == [(0, 1), (1, 2), (2, 3)]
    assert plan_chunks(120_000, chunk_games=50_000) == [(0, 50), (50, 100), (100, 120)]
    assert plan_chunks(3 * BLOCK, chunk_games=1) == [(0, 1), (1, 2), (2, 3)]
    with pytest.raises(GoldfishError):
        plan_chunks(0)


@pytest.mark.parametrize("games", [10_000, 100_000, 2_000_000, 10_000_000, 100_000_000])
def test_a_large_run_has_larger_chunks_not_more_of_them(games: int) -> None:
    chunks = plan_chunks(games)
    assert len(chunks) <= max(MOST_CHUNKS, games // CHUNK_GAMES)
    assert len(chunks) <= MOST_CHUNKS or games <= MOST_CHUNKS * CHUNK_GAMES
    assert chunks[0][0] == 0 and chunks[-1][1] == -(-games // BLOCK)
    assert all(end == start for (_, end), (start, _) in zip(chunks, chunks[1:], strict=False))


OPTIONS = Options(games=9_500, seed=20_240_501, max_turns=12, bury="default")


@pytest.fixture(scope="module")
def whole() -> dict[str, object]:
    """The result JSON of the reference run."""
    return simulate(reference_deck(), OPTIONS).as_dict()


def test_the_result_has_exactly_the_documented_shape(whole: dict[str, object]) -> None:
    assert set(whole) == RESULT_KEYS
    turns = [str(t) for t in range(1, 13)]
    for key in ("p_kill_by_turn", "mean_damage_by_turn", "mean_resources_by_turn"):
        assert list(whole[key]) == turns  # type: ignore[call-overload]
    kill_turn = whole["kill_turn"]
    assert isinstance(kill_turn, dict) and set(kill_turn) == {"mean", "median", "histogram"}
    assert list(kill_turn["histogram"]) == turns
    assert whole["games"] == 9_500 and whole["going"] == "first" and whole["bury"] == "default"
    assert whole["unmodeled_cards"] == ["Cataclysm", "Gate Warden"]
    seen = whole["p_seen_by_turn"]
    assert isinstance(seen, dict) and len(seen) == 26 and list(seen) == sorted(seen)
    assert json.loads(json.dumps(whole)) == whole
    histogram = kill_turn["histogram"]
    assert sum(histogram.values()) + whole["not_won"] == 9_500  # type: ignore[operator]
    p_kill = whole["p_kill_by_turn"]
    assert isinstance(p_kill, dict)
    assert p_kill["12"] == pytest.approx(sum(histogram.values()) / 9_500)
    values = list(p_kill.values())
    assert values == sorted(values)


def test_the_result_is_a_value_whose_json_holds_the_same_numbers(
    whole: dict[str, object],
) -> None:
    result = simulate(reference_deck(), OPTIONS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.games = 1  # type: ignore[misc]
    assert result.won == 9_500 - result.not_won == result.kill_turn.won
    assert result.kill_turn.as_dict() == whole["kill_turn"]
    assert result.ignored_effects == dict(build_tables(reference_deck(), 12).ignored)
    changed = result.as_dict()
    changed["kill_turn"]["histogram"]["1"] = -1
    changed["p_seen_by_turn"]["Spark"]["1"] = -1.0
    assert result.as_dict() == whole  # what as_dict gives away is the caller's to change


def test_same_seed_same_numbers(whole: dict[str, object]) -> None:
    assert simulate(reference_deck(), OPTIONS).as_dict() == whole


def test_different_seed_different_numbers(whole: dict[str, object]) -> None:
    other = Options(games=9_500, seed=20_240_502, max_turns=12, bury="default")
    assert simulate(reference_deck(), other).as_dict() != whole


def test_any_split_into_chunks_merges_to_the_same_numbers(whole: dict[str, object]) -> None:
    the_deck = reference_deck()
    assert OPTIONS.blocks == 10
    splits = [
        [(0, 10)],
        plan_chunks(OPTIONS.games, chunk_games=1_000),
        [(0, 1), (1, 4), (4, 5), (5, 6), (6, 8), (8, 9), (9, 10)],  # 7 uneven chunks
    ]
    for split in splits:
        tallies = [play_chunk(the_deck, OPTIONS, a, b) for a, b in split]
        random.Random(len(split)).shuffle(tallies)
        # Tallies travel as JSON between workers.
        tallies = [Tally.from_json(json.dumps(t.to_json())) for t in tallies]
        assert summarize(merge(tallies), the_deck, OPTIONS).as_dict() == whole
    pairwise = merge(
        [
            merge([play_chunk(the_deck, OPTIONS, 0, 3), play_chunk(the_deck, OPTIONS, 7, 10)]),
            play_chunk(the_deck, OPTIONS, 3, 7),
        ]
    )
    assert summarize(pairwise, the_deck, OPTIONS).as_dict() == whole


def test_tally_round_trips_through_json() -> None:
    tally = play_chunk(reference_deck(), OPTIONS, 2, 4)
    data = tally.to_json()
    assert Tally.from_json(json.loads(json.dumps(data))) == tally
    assert Tally.from_json(json.dumps(data)) == tally
    assert tally.games == 2 * BLOCK


def test_merging_refuses_overlaps_and_strangers() -> None:
    the_deck = reference_deck()
    a = play_chunk(the_deck, OPTIONS, 0, 2)
    with pytest.raises(GoldfishError, match="overlap"):
        merge([a, play_chunk(the_deck, OPTIONS, 1, 3)])
    other = Options(games=9_500, seed=1, max_turns=12)
    with pytest.raises(GoldfishError, match="different"):
        merge([a, play_chunk(the_deck, other, 2, 3)])
    with pytest.raises(GoldfishError):
        merge([])
    with pytest.raises(GoldfishError, match="another deck"):
        summarize(a, the_deck, other)
    with pytest.raises(GoldfishError):
        Tally.from_json({"version": 1})


def test_play_chunk_refuses_blocks_outside_the_run() -> None:
    with pytest.raises(GoldfishError, match="outside"):
        play_chunk(reference_deck(), OPTIONS, 9, 11)


def test_the_last_block_may_be_short() -> None:
    the_deck = reference_deck()
    options = Options(games=1_234, seed=5, max_turns=8)
    tally = play_chunk(the_deck, options, 1, 2)
    assert tally.games == 234
    result = simulate(the_deck, options)
    assert result.games == 1_234
    # The first 1,000 games are the same games whatever the total.
    first_block = play_chunk(the_deck, options, 0, 1)
    bigger = Options(games=2_000, seed=5, max_turns=8)
    assert play_chunk(the_deck, bigger, 0, 1).kills == first_block.kills


def test_a_game_plays_the_same_alone_as_among_others() -> None:
    # Random discards of one card and of two, and card draw that changes some hands and not
    # others: each game's picks and plans must depend on its own play alone, or a run's numbers
    # would change with its chunk size.
    from decks.goldfish.engine import play_blocks

    from .helpers import deck, minion, spell

    the_deck = deck(
        (10, minion("Squire", 1, sp=1)),
        (8, minion("Knight", 2, sp=2)),
        (6, minion("Giant", 4, sp=4)),
        (6, spell("Dig", 0, "Self-destroy 1 random card in your hand\u2192 Draw 3 cards.")),
        (5, spell("Pact", 0, "Self-sheathe 1 random card in your hand\u2192 Draw 2 cards.")),
        (5, spell("Raid", 1, "Self-destroy 2 random cards in your hand\u2192 Draw 3 cards.")),
    )
    options = Options(games=400, seed=11, max_turns=12)
    tables = build_tables(the_deck, options.max_turns, options.edition)
    together = play_blocks(tables, options, 0, 1)
    alone = play_blocks(tables, options, 0, 1, batch_games=1)
    assert together.kills.tolist() == alone.kills.tolist()
    assert together.decked == alone.decked
    assert together.damage.tolist() == alone.damage.tolist()
    assert together.resources.tolist() == alone.resources.tolist()
    assert together.seen.tolist() == alone.seen.tolist()
