"""Exact draw odds: the chance of holding k of a deck's chosen cards by a turn. Pure Python.

A shuffled deck of N cards holds K copies of the chosen cards. By turn t a player has seen the
top n cards, where n follows the edition's setup (its ``goldfish`` data: the opening hand, the
opening bury, whether the first player draws on turn 1) and one Draw Phase draw a turn. The
number of chosen copies among n cards follows the hypergeometric distribution:

    P(X = k) = C(K, k) · C(N − K, n − k) / C(N, n)

worked out with whole numbers (``math.comb``) into a ``Fraction``, so the answer is exact.

A card *seen* is one drawn into the hand at any point, as the goldfish counts it
(``p_seen_by_turn``): buried opening-hand cards were seen, and burying b cards draws b more,
so a bury of b cards sees b cards more. The buried cards go under the deck, so the cards
drawn after them are new ones until the deck runs out.

Twenty cards, three copies of a card, five seen: the chance of at least one copy.

    >>> odds = draw_odds(deck_size=20, copies=3, seen=5, at_least=1)
    >>> odds.at_least_chance, f"{float(odds.at_least_chance):.4f}"
    (Fraction(137, 228), '0.6009')
    >>> sum(odds.distribution) == 1
    True

The cards seen by turn 3 under a setup of 5 cards, going first (no draw on turn 1):

    >>> rules = DrawRules(opening_hand=5, opening_bury=True)
    >>> cards_seen(rules, turn=3, going="first", deck_size=40)
    7
    >>> cards_seen(rules, turn=3, going="second", deck_size=40, bury=2)
    10
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

GOING = ("first", "second")
MAX_TURN = 50  # as far as the goldfish plays (decks.goldfish.model.MAX_TURNS)
DRAWS_PER_TURN = 1  # the Draw Phase of the turn model the editions on file follow


class OddsError(ValueError):
    """A question the odds cannot answer; `field` names the input that is wrong.

    >>> str(OddsError("turn", "The turn must be at least 1."))
    'The turn must be at least 1.'
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class DrawRules:
    """How many cards a game has seen by each turn, from an edition's setup.

    >>> DrawRules.from_goldfish({"opening_hand": 5, "opening_bury": True, "reserves": 0})
    DrawRules(opening_hand=5, opening_bury=True, first_player_draws_on_turn_1=False, \
draws_per_turn=1, reserves=0)
    """

    opening_hand: int
    opening_bury: bool = False
    first_player_draws_on_turn_1: bool = False
    draws_per_turn: int = DRAWS_PER_TURN
    reserves: int = 0  # cards the player sets aside before the opening draw, chosen by them

    @classmethod
    def from_goldfish(cls, data: Mapping[str, Any]) -> DrawRules:
        """The rules an edition file's ``goldfish`` object gives (cards/editions/*.json)."""
        hand = data.get("opening_hand")
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise OddsError("edition", "The edition's data does not say how many cards to draw.")
        draws = data.get("draws_per_turn", DRAWS_PER_TURN)
        return cls(
            opening_hand=hand,
            opening_bury=bool(data.get("opening_bury", False)),
            first_player_draws_on_turn_1=bool(data.get("first_player_draws_on_turn_1", False)),
            draws_per_turn=draws if isinstance(draws, int) and draws >= 0 else DRAWS_PER_TURN,
            reserves=int(data.get("reserves", 0) or 0),
        )


def cards_seen(rules: DrawRules, *, turn: int, going: str, deck_size: int, bury: int = 0) -> int:
    """Cards seen by the end of `turn`'s Draw Phase: the opening hand, the cards drawn after a
    bury of `bury` cards, and a draw a turn (none on turn 1 for the first player when the
    edition says so); never more than the deck holds.

    >>> rules = DrawRules(opening_hand=5)
    >>> [cards_seen(rules, turn=t, going="first", deck_size=40) for t in (1, 2, 3)]
    [5, 6, 7]
    >>> cards_seen(rules, turn=50, going="second", deck_size=40)
    40
    """
    _check_turn(turn)
    if going not in GOING:
        raise OddsError("going", "Choose going first or going second.")
    if isinstance(bury, bool) or not isinstance(bury, int) or bury < 0:
        raise OddsError("bury", "The cards buried must be a whole number, 0 or more.")
    if bury and not rules.opening_bury:
        raise OddsError("bury", "This edition has no opening bury: bury 0 cards.")
    if bury > rules.opening_hand:
        raise OddsError(
            "bury", f"At most the {rules.opening_hand} cards of the opening hand can be buried."
        )
    draw_turns = turn
    if going == "first" and not rules.first_player_draws_on_turn_1:
        draw_turns -= 1
    seen = rules.opening_hand + bury + rules.draws_per_turn * draw_turns
    return min(seen, deck_size)


def _check_turn(turn: int) -> None:
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise OddsError("turn", "The turn must be a whole number.")
    if turn < 1:
        raise OddsError("turn", "The turn must be at least 1 (turn 1 is the first turn).")
    if turn > MAX_TURN:
        raise OddsError("turn", f"The turn must be at most {MAX_TURN}.")


def exactly(deck_size: int, copies: int, seen: int, k: int) -> Fraction:
    """The chance that exactly `k` of `copies` chosen cards are among `seen` cards of a deck.

    >>> exactly(4, 2, 2, 1)
    Fraction(2, 3)
    >>> exactly(10, 3, 2, 3)
    Fraction(0, 1)
    """
    if k < 0 or k > copies or k > seen or seen - k > deck_size - copies:
        return Fraction(0)
    return Fraction(comb(copies, k) * comb(deck_size - copies, seen - k), comb(deck_size, seen))


def distribution(deck_size: int, copies: int, seen: int) -> tuple[Fraction, ...]:
    """The chance of each number of chosen copies, 0 to `copies`, among `seen` cards.

    >>> distribution(4, 2, 2)
    (Fraction(1, 6), Fraction(2, 3), Fraction(1, 6))
    """
    _check_sizes(deck_size, copies, seen)
    return tuple(exactly(deck_size, copies, seen, k) for k in range(copies + 1))


def _check_sizes(deck_size: int, copies: int, seen: int) -> None:
    if deck_size < 1:
        raise OddsError("cards", "The deck is empty: add cards to work out the odds.")
    if not 0 <= copies <= deck_size:
        raise OddsError("cards", f"The chosen cards must be among the deck's {deck_size}.")
    if not 0 <= seen <= deck_size:
        raise OddsError("turn", f"A deck of {deck_size} cards cannot show {seen} of them.")


@dataclass(frozen=True)
class Odds:
    """The answer: the chance of at least and of exactly `at_least` chosen copies among the
    cards seen, and the chance of each number of them."""

    deck_size: int
    copies: int  # K: copies of the chosen cards in the deck
    seen: int  # n: cards seen by the turn
    at_least: int  # k
    at_least_chance: Fraction
    exactly_chance: Fraction
    distribution: tuple[Fraction, ...]  # index j: the chance of exactly j copies

    @property
    def percent(self) -> float:
        return float(self.at_least_chance * 100)

    @property
    def exactly_percent(self) -> float:
        return float(self.exactly_chance * 100)


def draw_odds(*, deck_size: int, copies: int, seen: int, at_least: int) -> Odds:
    """The odds of at least `at_least` of `copies` chosen cards among `seen` cards of a deck.

    >>> odds = draw_odds(deck_size=40, copies=4, seen=7, at_least=1)
    >>> round(odds.percent, 2), round(odds.exactly_percent, 2)
    (55.22, 41.79)
    >>> draw_odds(deck_size=40, copies=4, seen=7, at_least=5)
    Traceback (most recent call last):
    ...
    decks.odds.OddsError: At least 5 of 4 copies cannot happen: choose at most 4.
    """
    _check_sizes(deck_size, copies, seen)
    if copies < 1:
        raise OddsError("cards", "Choose at least one card of the deck.")
    if isinstance(at_least, bool) or not isinstance(at_least, int) or at_least < 1:
        raise OddsError("at_least", "Ask for at least 1 copy.")
    if at_least > copies:
        raise OddsError(
            "at_least",
            f"At least {at_least} of {copies} cop{'ies' if copies != 1 else 'y'} cannot happen:"
            f" choose at most {copies}.",
        )
    spread = distribution(deck_size, copies, seen)
    return Odds(
        deck_size=deck_size,
        copies=copies,
        seen=seen,
        at_least=at_least,
        at_least_chance=sum(spread[at_least:], Fraction(0)),
        exactly_chance=spread[at_least],
        distribution=spread,
    )
