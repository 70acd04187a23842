"""`manage.py goldfish DECK.json`: the engine in-process, on a deck file."""

import json

import pytest
from django.core.management import CommandError, call_command

from tests.simulations.conftest import STARTER


def deck_file(tmp_path, cards=STARTER):
    path = tmp_path / "deck.json"
    path.write_text(
        json.dumps(
            {"edition": 14, "name": "Starter", "cards": [{"count": n, "card": c} for n, c in cards]}
        )
    )
    return path


def run(*args):
    from io import StringIO

    out = StringIO()
    call_command("goldfish", *map(str, args), stdout=out)
    return out.getvalue()


def test_json_output_is_the_result_shape_and_repeatable(tmp_path):
    path = deck_file(tmp_path)
    first = json.loads(run(path, "--games", 3000, "--seed", 3, "--json"))
    second = json.loads(run(path, "--games", 3000, "--seed", 3, "--json"))
    assert first == second
    assert first["games"] == 3000 and first["seed"] == 3 and first["going"] == "first"
    assert list(first["p_kill_by_turn"]) == [str(t) for t in range(1, 21)]


def test_text_output_reads_like_a_summary(tmp_path):
    text = run(
        deck_file(tmp_path), "--games", 1000, "--seed", 1, "--going", "second", "--max-turns", 8
    )
    assert "1000 games, seed 1, going second" in text
    assert "mean kill turn" in text


@pytest.mark.parametrize(
    ("content", "message"),
    [("{nope", "not valid JSON"), ('{"cards": 3}', "not a deck"), ("[]", "not a deck")],
)
def test_bad_files_are_a_clear_error(tmp_path, content, message):
    path = tmp_path / "deck.json"
    path.write_text(content)
    with pytest.raises(CommandError, match=message):
        run(path)


def test_bad_options_are_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="games"):
        run(deck_file(tmp_path), "--games", 0)
    with pytest.raises(CommandError, match="Cannot read"):
        run(tmp_path / "missing.json")
