"""Updating a card to a newer edition, as it would be: its text refurbished by that edition's
rulebook, its Edition Indicator that edition, its level the one that edition's Card Building
Guide computes. Nothing here is saved; cards.services.card_update_to_edition saves it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import ValidationError

from cards import rules
from cards.marking import Segment, refurbish_segments
from cards.models import Card


@dataclass(frozen=True)
class EditionUpdate:
    """What updating a card to a newer edition would change; nothing is saved.

    Updated, the card is designed anew for `edition`: its ability text as that edition's
    rulebook refurbishes it, its Edition Indicator that edition, and its level the one that
    edition's Card Building Guide computes for the new text (its Ultra Points follow from the
    same guide). `before` is the card as it is and `after` the card updated, both checked under
    `edition`, so the two verdicts, levels and Ultra Points can be set side by side.
    `refusals` says why the update cannot be saved; empty when it can."""

    card: Card
    edition: rules.Edition
    text: str  # the ability text updated
    replacements: tuple[rules.Replacement, ...]  # the refurbished spans of the card's own text
    segments: tuple[Segment, ...]  # the card's text with those spans removed and inserted
    level: int  # the level updated
    before: rules.CardCheck
    after: rules.CardCheck
    refusals: tuple[str, ...]

    @property
    def possible(self) -> bool:
        return not self.refusals

    @property
    def design_edition_before(self) -> int | None:
        return self.card.design_edition

    @property
    def level_before(self) -> rules.LevelCheck:
        """The printed level beside the one the guide of the card's design edition computes."""
        return self.before.level

    @property
    def level_after(self) -> rules.LevelCheck:
        return self.after.level

    @property
    def ultra_points_before(self) -> int:
        return self.before.ultra_points

    @property
    def ultra_points_after(self) -> int:
        return self.after.ultra_points

    @property
    def text_changes(self) -> bool:
        return self.text != self.card.ability_text

    @property
    def level_changes(self) -> bool:
        return self.level != self.card.level

    @property
    def only_design_edition(self) -> bool:
        """Whether the Edition Indicator is all the update changes on the printed card."""
        return not self.text_changes and not self.level_changes

    def definition(self) -> dict[str, Any]:
        """The printed fields the update sets (cards.services.card_update_to_edition)."""
        return {
            "design_edition": self.edition.number,
            "ability_text": self.text,
            "level": self.level,
        }


def edition_update_offered(card: Card) -> rules.Edition | None:
    """The current edition, when `card` is designed for an older one (or shows none) and its
    designer may be offered to update it; None otherwise."""
    current = rules.current_edition()
    design = card.design_edition
    return current if design is None or design < current.number else None


def card_edition_update(*, card: Card, edition: rules.Edition | int | None = None) -> EditionUpdate:
    """What updating `card` to `edition` (the current one by default) would change, and
    whether it may be saved. Raises ValidationError for an edition that is not on file."""
    target = _target_edition(edition)
    as_is = card.to_rules_card()
    before = rules.check_card(as_is, target)
    # check_card refurbishes the text by the checked edition's table, as the update does.
    text, replacements = before.text, before.replacements
    redesigned = replace(as_is, design_edition=target.number, ability_text=text)
    # A level of None asks the guide of the new design edition for the one it computes.
    computed = rules.check_card(replace(redesigned, level=None), target).level.computed
    level = card.level if computed is None else computed
    after = rules.check_card(replace(redesigned, level=level), target)
    return EditionUpdate(
        card=card,
        edition=target,
        text=text,
        replacements=replacements,
        segments=tuple(refurbish_segments(card.ability_text, replacements)),
        level=level,
        before=before,
        after=after,
        refusals=_update_refusals(card, target, after),
    )


def _target_edition(edition: rules.Edition | int | None) -> rules.Edition:
    if isinstance(edition, rules.Edition):
        return edition
    if edition is None:
        return rules.current_edition()
    try:
        return rules.get_edition(edition)
    except rules.UnknownEdition as error:
        raise ValidationError({"edition": [str(error)]}) from error


def _update_refusals(card: Card, edition: rules.Edition, after: rules.CardCheck) -> tuple[str, ...]:
    design = card.design_edition
    if design is not None and design == edition.number:
        return (
            f"“{card.name}” is already designed for the {edition.name}: there is nothing to"
            " update.",
        )
    if design is not None and design > edition.number:
        return (
            f"“{card.name}” is designed for the {rules.ordinal(design)} Edition, later than the"
            f" {edition.name}: a card is updated to a newer edition, never an older one.",
        )
    if rules.load_guides().get(edition.number) is None:
        return (
            f"No Card Building Guide of the {edition.name} is on file, so the level of the card"
            " updated cannot be computed.",
        )
    if after.playable:
        return ()
    # An update that leaves the card unplayable is not saved as if it were a fine one.
    lead = f"Updated to the {edition.name}, “{card.name}” could not be played."
    return tuple(f"{lead} {reason.message}" for reason in after.reasons)
