"""Value types of the goldfish engine: cards, decks, options and the bury rule.

Everything here is small, immutable and validated on construction; a value that
breaks a rule raises :class:`GoldfishError` (a :class:`ValueError`) naming the field.

    >>> Options(games=10, seed=1, bury=" Above:3 ").bury_rule
    BuryRule(kind='above', level=3)
    >>> Options(games=10, seed=1).hp  # the edition's starting HP
    35
    >>> Options(games=0, seed=1)
    Traceback (most recent call last):
    ...
    decks.goldfish.errors.GoldfishError: games must be between 1 and 100,000,000, got 0
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

# Its own module, so that the setup (which this module reads) can raise it too; the engine's
# modules import it from here.
from .errors import GoldfishError as GoldfishError

if TYPE_CHECKING:
    from .setup import Setup

BLOCK = 1000
"""Games per block. Block ``b`` draws every random number from its own generator,
so any split of a run into chunks of whole blocks gives the same numbers."""

# The most games a run may play. Its games are played and counted a block at a time (tallies,
# not one row a game), so a run's size costs time, not memory; the site's own cap is the
# operator's (KOTC_SIMULATION_MAX_GAMES), up to this.
MAX_GAMES = 100_000_000
MAX_TURNS = 50
MAX_LEVEL = 99
MAX_STAT = 99
MAX_DECK_CARDS = 500
MIN_DECK_CARDS = 5
MAX_OPPONENT_HP = 500
MAX_BURY_LEVEL = 20
MAX_SEED = 2**63 - 1

KINDS = ("minion", "spell")
GOING = ("first", "second")


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GoldfishError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise GoldfishError(f"{name} must be between {low:,} and {high:,}, got {value:,}")
    return value


@dataclass(frozen=True)
class GoldfishCard:
    """The parts of a card that matter when playing it: kind, level, SP, HP and ability text."""

    name: str
    kind: str
    level: int
    sp: int = 0
    hp: int = 0
    ability_text: str = ""
    design_edition: int | None = None  # its Edition Indicator: the guide its text is read by

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise GoldfishError(f"card name must be a non-empty text, got {self.name!r}")
        label = f"card {self.name!r}"
        if self.kind not in KINDS:
            raise GoldfishError(f"{label}: kind must be 'minion' or 'spell', got {self.kind!r}")
        _whole(self.level, f"{label}: level", 0, MAX_LEVEL)
        _whole(self.sp, f"{label}: sp", 0, MAX_STAT)
        _whole(self.hp, f"{label}: hp", 0, MAX_STAT)
        if not isinstance(self.ability_text, str):
            raise GoldfishError(f"{label}: ability_text must be a text, got {self.ability_text!r}")
        if self.design_edition is not None:
            _whole(self.design_edition, f"{label}: design_edition", 1, 999)


@dataclass(frozen=True)
class Deck:
    """A deck as ``(count, card)`` entries. Entries that share a name count as one card
    for the draw odds (``p_seen_by_turn``)."""

    entries: tuple[tuple[int, GoldfishCard], ...]

    def __post_init__(self) -> None:
        if not isinstance(self.entries, tuple):
            raise GoldfishError("deck entries must be a tuple of (count, card) pairs")
        total = 0
        for position, entry in enumerate(self.entries, start=1):
            if not (isinstance(entry, tuple) and len(entry) == 2):
                raise GoldfishError(f"deck entry {position} must be a (count, card) pair")
            count, card = entry
            if not isinstance(card, GoldfishCard):
                raise GoldfishError(f"deck entry {position} must hold a GoldfishCard")
            _whole(count, f"deck entry {position} ({card.name!r}): count", 1, MAX_DECK_CARDS)
            total += count
        if not MIN_DECK_CARDS <= total <= MAX_DECK_CARDS:
            raise GoldfishError(
                f"a deck needs between {MIN_DECK_CARDS} and {MAX_DECK_CARDS} cards "
                f"(5 for the opening hand), this one has {total}"
            )

    @property
    def size(self) -> int:
        return sum(count for count, _ in self.entries)

    @classmethod
    def of(cls, entries: Iterable[tuple[int, GoldfishCard]]) -> Deck:
        return cls(tuple((count, card) for count, card in entries))

    @classmethod
    def from_json(cls, obj: object) -> Deck:
        """Read the deck JSON format (``{"edition", "name", "cards": [...]}``) or just its
        list of ``{"count": n, "card": {...}}`` entries. Unknown fields are ignored."""
        if isinstance(obj, Mapping):
            if "cards" not in obj:
                raise GoldfishError("deck JSON needs a 'cards' list")
            items = obj["cards"]
        else:
            items = obj
        if not isinstance(items, list):
            raise GoldfishError("deck 'cards' must be a list of {count, card} objects")
        entries: list[tuple[int, GoldfishCard]] = []
        for position, item in enumerate(items, start=1):
            if not isinstance(item, Mapping):
                raise GoldfishError(f"deck entry {position} must be an object with count and card")
            if "count" not in item or "card" not in item:
                raise GoldfishError(f"deck entry {position} needs 'count' and 'card'")
            card = item["card"]
            if not isinstance(card, Mapping):
                raise GoldfishError(f"deck entry {position}: 'card' must be an object")
            entries.append((item["count"], _card_from_json(card, position)))
        return cls(tuple(entries))


def _card_from_json(card: Mapping[str, Any], position: int) -> GoldfishCard:
    for required in ("name", "kind", "level"):
        if required not in card:
            raise GoldfishError(f"deck entry {position}: card needs '{required}'")
    ability_text = card.get("ability_text", "")
    return GoldfishCard(
        name=card["name"],
        kind=card["kind"],
        level=card["level"],
        sp=_or_zero(card.get("sp")),
        hp=_or_zero(card.get("hp")),
        ability_text=ability_text if ability_text is not None else "",
        design_edition=card.get("design_edition"),
    )


def _or_zero(value: object) -> Any:
    # Spells carry no SP or HP; the deck JSON may hold null for them.
    return 0 if value is None else value


@dataclass(frozen=True)
class BuryRule:
    """Which opening-hand cards to bury: ``none``, ``default`` or ``above:N``."""

    kind: str
    level: int | None = None

    def __str__(self) -> str:
        return f"above:{self.level}" if self.kind == "above" else self.kind


_ABOVE = re.compile(r"above:([0-9]+)", re.ASCII)


def parse_bury(text: str) -> BuryRule:
    """Parse a bury option: ``"none"``, ``"default"`` or ``"above:N"`` (0 <= N <= 20)."""
    if not isinstance(text, str):
        raise GoldfishError(f"bury must be 'none', 'default' or 'above:N', got {text!r}")
    cleaned = text.strip().lower()
    if cleaned in ("none", "default"):
        return BuryRule(cleaned)
    match = _ABOVE.fullmatch(cleaned.replace(" ", ""))
    if match is None:
        raise GoldfishError(f"bury must be 'none', 'default' or 'above:N', got {text!r}")
    digits = match.group(1).lstrip("0") or "0"
    # The length first: int() of thousands of digits is slow, and Python refuses it anyway.
    level = int(digits) if len(digits) <= len(str(MAX_BURY_LEVEL)) else MAX_BURY_LEVEL + 1
    if level > MAX_BURY_LEVEL:
        raise GoldfishError(f"bury: N in 'above:N' must be between 0 and {MAX_BURY_LEVEL}")
    return BuryRule("above", level)


@dataclass(frozen=True)
class Options:
    """How to goldfish: number of games, seed, turn limit, who goes first, the bury rule.

    The edition's data decides how a game starts (:mod:`.setup`); an edition whose turns the
    engine does not play is refused. ``opponent_hp`` is the goldfish's starting HP: the
    edition's unless given."""

    games: int
    seed: int
    max_turns: int = 20
    going: str = "first"
    bury: str = "default"
    edition: int = 14
    opponent_hp: int | None = None
    bury_rule: BuryRule = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _whole(self.games, "games", 1, MAX_GAMES)
        _whole(self.seed, "seed", 0, MAX_SEED)
        _whole(self.max_turns, "max_turns", 1, MAX_TURNS)
        if self.going not in GOING:
            raise GoldfishError(f"going must be 'first' or 'second', got {self.going!r}")
        rule = parse_bury(self.bury)
        object.__setattr__(self, "bury", str(rule))
        object.__setattr__(self, "bury_rule", rule)
        _whole(self.edition, "edition", 1, 999)
        from .setup import setup_for  # the setup reads edition data, which needs this module

        setup = setup_for(self.edition)
        if self.opponent_hp is None:
            object.__setattr__(self, "opponent_hp", setup.hp)
        _whole(self.opponent_hp, "opponent_hp", 1, MAX_OPPONENT_HP)

    @property
    def setup(self) -> Setup:
        """How a game starts under the edition (from its data)."""
        from .setup import setup_for

        return setup_for(self.edition)

    @property
    def hp(self) -> int:
        """The goldfish's starting HP."""
        assert self.opponent_hp is not None  # set in __post_init__
        return self.opponent_hp

    @property
    def blocks(self) -> int:
        """Number of blocks of :data:`BLOCK` games (the last one may be shorter)."""
        return -(-self.games // BLOCK)
