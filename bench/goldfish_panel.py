"""The goldfish's policy against simple baselines, on a panel of decks.

Run from the project root: ``.venv/bin/python bench/goldfish_panel.py [--games N]``.

Every deck of the panel is made of the 14th guide's components with the levels its formulas
give, except the starter deck, read from the shipped starter data as it is. Each deck is played
with the policy's sowing and with each baseline's (everything else the same):

- ``hand2``: sow whenever the hand holds 2 or more cards;
- ``stuck``: sow only when no card worth playing in hand is affordable;
- ``want``: sow until the granary holds the level of the most expensive card still wanted
  (the policy before it looked at what the hand costs).

The goal: on every deck, the policy's mean kill turn is within 0.05 turns of the best baseline,
or better.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards import rules  # noqa: E402
from decks.goldfish import Deck, GoldfishCard, Options  # noqa: E402
from decks.goldfish.engine import play_blocks  # noqa: E402
from decks.goldfish.policy import SOWING, build_tables  # noqa: E402

STARTER = ROOT / "decks" / "starter" / "starter-set.json"
GOAL = 0.05


def card(name: str, kind: str, text: str = "", sp: int = 0, hp: int = 0) -> GoldfishCard:
    """A card of the 14th Edition at the level its guide's formulas give."""
    minion = kind == "minion"
    level = rules.compute_level(
        rules.Card(name, kind, 14, 0, sp if minion else None, hp if minion else None, text), 14
    ).value
    assert level is not None, (name, text)
    return GoldfishCard(name, kind, level, sp, hp, text, design_edition=14)


def minion(name: str, sp: int, hp: int, text: str = "") -> GoldfishCard:
    return card(name, "minion", text, sp, hp)


def spell(name: str, text: str) -> GoldfishCard:
    return card(name, "spell", text)


SWORD = "Target 1 in-play card; place {x} Sword Counters on it."
SWORDS = "Target up to {t} in-play cards; place 1 Sword Counter on each target."
ATTACK_SWORD = (
    "FURY: When this card attacks, after Attack Formation (ghost-play): Target this card;"
    " place 1 Sword Counter on it."
)


def panel() -> dict[str, Deck]:
    decks = {
        "cheap": Deck.of([(40, minion("Cub", 1, 0))]),
        "curve": Deck.of(
            [
                (8, minion("Cub", 1, 0)),
                (8, minion("Scout", 2, 0)),
                (8, minion("Knight", 2, 2)),
                (6, minion("Guard", 3, 2)),
                (5, minion("Ogre", 4, 2)),
                (5, minion("Drake", 5, 2)),
            ]
        ),
        "top-heavy": Deck.of(
            [
                (6, minion("Cub", 1, 0)),
                (6, minion("Knight", 2, 2)),
                (10, minion("Ogre", 5, 2)),
                (10, minion("Wyrm", 6, 4)),
                (8, minion("Titan", 8, 4)),
            ]
        ),
        "spell-heavy": Deck.of(
            [
                (10, minion("Cub", 1, 0)),
                (6, minion("Knight", 2, 2)),
                (6, spell("Whetstone", SWORD.format(x=2))),
                (6, spell("Volley", SWORDS.format(t=3))),
                (6, spell("Study", "Draw 2 cards.")),
                (
                    3,
                    spell(
                        "Harvest", "Target up to 2 cards on the top of any deck; silo the targets."
                    ),
                ),
                (3, spell("Shortcut", "Target 1 card in your hand; down-level it by 2.")),
            ]
        ),
        "ability-heavy": Deck.of(
            [
                (8, minion("Berserker", 2, 0, ATTACK_SWORD)),
                (
                    6,
                    minion(
                        "Smith", 1, 0, "TEMPER: Target this card; place 2 Sword Counters on it."
                    ),
                ),
                (6, minion("Sage", 0, 2, "SCRIBE: Self-exhaust 1 resource\u2192 Draw 2 cards.")),
                (
                    6,
                    minion(
                        "Drummer",
                        1,
                        1,
                        "RALLY: Target up to 2 in-play cards; place 1 Sword Counter on each"
                        " target.",
                    ),
                ),
                (6, minion("Knight", 2, 2)),
                (4, minion("Ogre", 4, 2)),
                (4, minion("Cleric", 1, 2, "MEND: 2-dice-heal yourself.")),
            ]
        ),
    }
    definition = json.loads(STARTER.read_text(encoding="utf-8"))["deck"]
    edition = definition.get("edition", 14)
    for entry in definition["cards"]:
        text = entry["card"].get("ability_text") or ""
        entry["card"]["ability_text"] = rules.refurbish(text, edition)[0]
    decks["starter"] = Deck.from_json(definition)
    return decks


def kill_numbers(deck: Deck, options: Options, sowing: str) -> tuple[float, float, float]:
    """Mean kill turn of the games won, share won, share won by turn 5."""
    tables = build_tables(deck, options.max_turns, options.edition, sowing)
    counts = play_blocks(tables, options, 0, options.blocks)
    kills = counts.kills
    won = int(kills.sum())
    mean = float((np.arange(1, len(kills) + 1) * kills).sum() / won) if won else float("nan")
    return mean, won / counts.games, float(kills[:5].sum() / counts.games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    baselines = [rule for rule in SOWING if rule != "policy"]
    header = f"{'deck':<14}{'policy':>16}" + "".join(f"{b:>16}" for b in baselines)
    print(f"mean kill turn (won by turn 5) over {args.games:,} games, going first, default bury")
    print(header + "   vs best baseline")
    failures = []
    for name, deck in panel().items():
        options = Options(games=args.games, seed=args.seed)
        results = {rule: kill_numbers(deck, options, rule) for rule in SOWING}
        best = min(results[b][0] for b in baselines)
        gap = results["policy"][0] - best
        cells = "".join(f"{results[rule][0]:>9.3f} ({results[rule][2]:>4.0%})" for rule in SOWING)
        verdict = "ok" if gap <= GOAL else "MISSED"
        if gap > GOAL:
            failures.append(name)
        print(f"{name:<14}{cells}   {gap:+.3f} {verdict}")
    print("goal: within 0.05 turns of the best baseline or better on every deck:", end=" ")
    print("met" if not failures else f"missed on {', '.join(failures)}")


if __name__ == "__main__":
    main()
