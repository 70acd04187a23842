"""Ability texts the goldfish understands.

A card's ability text is read sentence by sentence (each sentence is a sub-ability,
see the rulebook's Abilities section). Every sentence must match one of
:data:`PATTERNS` for the card to be *modeled*; a card with any other text is played
for its stats only and reported in ``unmodeled_cards``. The list, with what each
pattern does for the goldfish, is in ``POLICY.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Final

NUMBER: Final = r"(\d+|an|a|one|two|three|four|five|six|seven|eight|nine|ten)"
ENEMY: Final = r"(?:an|one|1|target|each|the) enemy(?: player)?"
MINION: Final = r"(?:(?:a|an|one|1) )?(?:target )?(?:in-play )?minion(?: you control)?"
SELF: Final = r"this (?:card|minion)"
TOTAL: Final = r"(?:equal to )?the (?:total|result|sum)(?: of the (?:dice|die|roll))?"

_WORDS: Final = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}

PATTERNS: Final[dict[str, str]] = {
    "draw": rf"draw {NUMBER} cards?",
    "damage": rf"inflict {NUMBER} damage to {ENEMY}",
    "dice damage": (
        rf"roll {NUMBER} six-sided (?:dice|die) and inflict "
        rf"(?:the (?:total|result|sum) as damage|damage(?: {TOTAL})?) to {ENEMY}(?: {TOTAL})?"
    ),
    "sp boost": (
        rf"(?:increase the sp of (?P<of>{MINION}|{SELF})|increase (?P<owner>{MINION}|{SELF})'s sp"
        rf"|target (?:(?:a|an|one|1) )?(?:in-play )?minion(?: you control)?[,;]? (?:and )?"
        rf"increase its sp) by {NUMBER}"
    ),
    "sword counters": rf"place {NUMBER} sword counters? on (?P<host>{MINION}|{SELF})",
    "dice-heal": (
        rf"{NUMBER}-dice-heal(?: (?:yourself|you|(?:a|one|1|target) player|{MINION}|{SELF}))?"
    ),
    "extra sow": rf"(?:you may )?sow {NUMBER} (?:extra|additional) resources?(?: this turn)?",
    "silo": rf"silo the top (?:{NUMBER} )?cards? of your deck",
    "down-level": rf"down-level (?:(?:a|an|one|1) )?(?:target )?card in your hand by {NUMBER}",
}
"""Sentence patterns (matched case-insensitively against a whole sentence, without its
final period). ``POLICY.md`` lists the same patterns."""

ON_SUMMON: Final = (
    r"(?:when|whenever|after|once) "
    r"(?:this (?:card|minion) is summoned|you summon this (?:card|minion))"
    r"|on summon"
)
"""Activation conditions read as "when this minion is summoned"."""

_COMPILED: Final = {name: re.compile(pattern) for name, pattern in PATTERNS.items()}
_ON_SUMMON: Final = re.compile(ON_SUMMON)
_ABILITY_NAME: Final = re.compile(r"^\s*[A-Z][A-Z'\- ]*[A-Z]\b\s*[:\-\u2013\u2014.]?\s*")
_SENTENCE_END: Final = re.compile(r"\.(?:\s+|$)")


@dataclass(frozen=True)
class Effect:
    """What one use of an ability does for a player facing a goldfish.

    ``boost`` raises the SP of another minion this turn; ``swords`` and ``self_swords``
    are Sword Counters (on any minion, or on the minion using the ability);
    ``extra_sow`` lets the player sow more cards this turn; ``silo`` puts cards from the
    top of the deck into the granary; ``down_level`` lowers the level of a card in hand.
    An effect with every field 0 is a known no-op (e.g. dice-heal)."""

    draw: int = 0
    damage: int = 0
    dice: int = 0
    boost: int = 0
    swords: int = 0
    self_swords: int = 0
    extra_sow: int = 0
    silo: int = 0
    down_level: int = 0

    def __add__(self, other: Effect) -> Effect:
        return Effect(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    @property
    def is_noop(self) -> bool:
        return all(getattr(self, f.name) == 0 for f in fields(self))


NOOP: Final = Effect()


@dataclass(frozen=True)
class CardAbilities:
    """A card's abilities as the goldfish plays them.

    ``modeled`` is False when some part of the text is not understood; all effects are
    then empty and the card is played for its stats only. ``cast`` is a spell's effect;
    ``on_summon`` and ``activated`` (one per minion ability used by exhausting the
    minion in the Action Phase) belong to minions."""

    modeled: bool
    cast: Effect | None = None
    on_summon: Effect | None = None
    activated: tuple[Effect, ...] = ()


STATS_ONLY: Final = CardAbilities(modeled=False)


MAX_AMOUNT: Final = 999
"""Larger numbers in card text are read as this: more than any deck, HP or level."""


def _number(text: str | None) -> int:
    if text is None:
        return 1
    return _WORDS[text] if text in _WORDS else min(int(text), MAX_AMOUNT)


def normalize(text: str) -> str:
    """Lower case, straight quotes and arrows, single spaces."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("->", "\u2192")
    return re.sub(r"\s+", " ", text).strip().lower()


def read_sentence(sentence: str, context: str) -> Effect | None:
    """The effect of one sentence, or None when it is not modeled in this context.

    ``context`` is ``"spell"``, ``"summon"`` (a minion's on-summon ability) or
    ``"activated"`` (a minion ability used by exhausting the minion)."""
    sentence = normalize(sentence).rstrip(".").strip()
    for name, pattern in _COMPILED.items():
        match = pattern.fullmatch(sentence)
        if match is None:
            continue
        numbers = [g for g in match.groups() if g is not None and (g.isdigit() or g in _WORDS)]
        amount = _number(numbers[-1] if numbers else None)
        if name == "draw":
            return Effect(draw=amount)
        if name == "damage":
            return Effect(damage=amount)
        if name == "dice damage":
            return Effect(dice=amount)
        if name == "dice-heal":
            return NOOP
        if name == "sp boost":
            target = match.group("of") or match.group("owner") or "minion"
            if target.startswith("this "):
                # The minion is exhausted by its own ability (or just summoned), so it
                # cannot attack with the extra SP; a spell has no "this card" in play.
                return NOOP if context != "spell" else None
            return Effect(boost=amount)
        if name == "sword counters":
            if match.group("host").startswith("this "):
                return Effect(self_swords=amount) if context != "spell" else None
            return Effect(swords=amount)
        if name == "extra sow":
            return Effect(extra_sow=amount)
        if name == "silo":
            return Effect(silo=amount)
        if name == "down-level":
            return Effect(down_level=amount) if context == "spell" else None
    return None


def _read_ability(body: str, context: str) -> Effect | None:
    if "\u2192" in body:
        return None  # activation costs are not modeled
    sentences = [s for s in _SENTENCE_END.split(body) if s.strip()]
    if not sentences:
        return None
    total = NOOP
    for sentence in sentences:
        effect = read_sentence(sentence, context)
        if effect is None:
            return None
        total = total + effect
    return total


def read_abilities(kind: str, ability_text: str) -> CardAbilities:
    """Read a card's ability text (see :data:`PATTERNS` and ``POLICY.md``)."""
    if not ability_text.strip():
        return CardAbilities(modeled=True)
    text = ability_text.replace("\r\n", "\n").replace("->", "\u2192")
    if kind == "spell":
        body = normalize(text)
        if ":" in body:
            return STATS_ONLY  # spells with a special activation condition
        effect = _read_ability(body, "spell")
        return STATS_ONLY if effect is None else CardAbilities(modeled=True, cast=effect)

    on_summon = NOOP
    activated: list[Effect] = []
    for paragraph in (p for p in text.split("\n") if p.strip()):
        paragraph = _ABILITY_NAME.sub("", paragraph, count=1)
        body = normalize(paragraph)
        if ":" in body:
            condition, _, body = body.partition(":")
            if _ON_SUMMON.fullmatch(condition.strip()) is None:
                return STATS_ONLY
            effect = _read_ability(body, "summon")
            if effect is None:
                return STATS_ONLY
            on_summon = on_summon + effect
        else:
            effect = _read_ability(body, "activated")
            if effect is None:
                return STATS_ONLY
            activated.append(effect)
    return CardAbilities(
        modeled=True,
        on_summon=None if on_summon.is_noop else on_summon,
        activated=tuple(a for a in activated if not a.is_noop),
    )
