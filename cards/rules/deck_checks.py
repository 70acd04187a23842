"""The check of a deck under an edition: its size, every card playable, its Ultra Points
within the limit, and no card withheld from the one checking it.

    >>> from cards.rules import Card
    >>> wisp = Card("Wisp", "minion", 14, level=4, sp=1, hp=2, ability_text="WHISPER: Draw 1 card.")
    >>> check_deck([DeckEntry(40, wisp)], 14).legal
    True
    >>> for problem in check_deck([DeckEntry(3, wisp)], 14, withheld=1).problems:
    ...     print(problem.code)
    deck_too_small
    withheld_cards
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .card_checks import check_card
from .editions import Edition, resolve
from .guide import load_guides
from .verdicts import Code, DeckCheck, DeckEntry, Problem, Verdict, shown


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def check_deck(
    entries: Sequence[DeckEntry], edition: Edition | int, *, withheld: int = 0
) -> DeckCheck:
    """Whether a deck may be played: its size fits the edition and every card is playable.

    Copies are not limited. A count that is not a whole number of 1 or more is a `bad_count`
    problem rather than an error, so a deck builder can show it with the others; such an entry
    adds nothing to the size. `withheld` copies of cards the checker may not see are counted in
    the size and make the deck not legal (`withheld_cards`). The cards' Ultra Points, every copy
    counted, may not exceed the limit of the edition's guide (`too_many_ultra_points`).
    """
    rules = resolve(edition)
    entries = tuple(entries)
    try:
        return _check_deck_cached(entries, rules, withheld)
    except TypeError:  # a field that cannot be hashed (bad input): check it uncached
        return _check_deck(entries, rules, withheld)


@lru_cache(maxsize=1024)
def _check_deck_cached(entries: tuple[DeckEntry, ...], rules: Edition, withheld: int) -> DeckCheck:
    return _check_deck(entries, rules, withheld)


def _check_deck(entries: tuple[DeckEntry, ...], rules: Edition, withheld: int = 0) -> DeckCheck:
    checks = tuple(check_card(entry.card, rules) for entry in entries)
    size = sum(entry.count for entry in entries if _is_count(entry.count)) + withheld

    problems: list[Problem] = []
    cards_word = "card" if size == 1 else "cards"
    required = f"{rules.deck_size_text} cards"
    if rules.reserves:
        required += f" ({rules.reserves} of them go to the reserves)"
    if size < rules.deck_min:
        body = f"The deck has {size} {cards_word}; the {rules.name} requires {required}."
        problems.append(Problem(Code.DECK_TOO_SMALL.value, f"{body} {rules.see('deck')}", None))
    elif size > rules.deck_max:
        body = f"The deck has {size} {cards_word}; the {rules.name} allows {required}."
        problems.append(Problem(Code.DECK_TOO_LARGE.value, f"{body} {rules.see('deck')}", None))
    ultra_points = sum(
        entry.count * check.ultra_points
        for entry, check in zip(entries, checks, strict=True)
        if _is_count(entry.count)
    )
    limit = deck_ultra_points(rules)
    if limit is not None and ultra_points > limit:
        body = (
            f"The deck's cards are worth {ultra_points} Ultra Points in all; the {rules.name}"
            f" allows at most {limit} in a deck."
        )
        problems.append(
            Problem(Code.TOO_MANY_ULTRA_POINTS.value, f"{body} {rules.see('deck')}", None)
        )
    if withheld:
        body = (
            "1 card in this deck is withheld: its designer keeps it private, so it cannot be"
            " checked."
            if withheld == 1
            else f"{withheld} cards in this deck are withheld: their designers keep them"
            " private, so they cannot be checked."
        )
        problems.append(Problem(Code.WITHHELD_CARDS.value, body, None))

    for entry, check in zip(entries, checks, strict=True):
        name = entry.card.name
        label = f'"{name}"' if name else "An unnamed card"
        if not _is_count(entry.count):
            body = (
                f"{label} is listed {shown(entry.count)} times; the number of copies must be a"
                " whole number, 1 or more."
            )
            problems.append(Problem(Code.BAD_COUNT.value, body, name))
        if check.playable:
            continue
        code = Code.CARD_INVALID if check.verdict is Verdict.INVALID else Code.CARD_PRUNED
        message = f"{label} cannot be played. {check.reasons[0].message}"
        if len(check.reasons) > 1:
            more = len(check.reasons) - 1
            message += f" ({more} more reason{'s' if more > 1 else ''} on the card.)"
        problems.append(Problem(code.value, message, name))

    return DeckCheck(
        edition=rules.number,
        legal=not problems,
        size=size,
        problems=tuple(problems),
        cards=checks,
        withheld=withheld,
        ultra_points=ultra_points,
        ultra_points_limit=limit,
    )


def deck_ultra_points(edition: Edition | int) -> int | None:
    """The most Ultra Points a deck of this edition may hold, as its Card Building Guide says;
    None when it sets no limit or no guide of the edition is on file."""
    guide = load_guides().get(resolve(edition).number)
    return None if guide is None else guide.grammar.deck_ultra_points
