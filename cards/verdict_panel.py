"""What a page shows of a card's verdict under an edition: the verdict and its reasons, the
card's text with the refurbished spans marked, its abilities as the game reads them, and a note
when an older edition calls the card's terms by other names. The card page, the design
preview and the /check/ page show the same panel."""

from __future__ import annotations

from typing import Any

from cards import rules
from cards.marking import refurbish_segments

# The terms a page names in today's words (minion, spell, level, SP, HP).
TERM_KEYS = ("minion", "spell", "level", "sp", "hp")


def edition_from(value: Any) -> rules.Edition:
    """The edition numbered `value`, or the current one when there is no such edition."""
    try:
        return rules.get_edition(int(value))
    except (TypeError, ValueError):
        return rules.current_edition()


def terms_note(edition: rules.Edition, *, designed: bool = False) -> str | None:
    """How an older edition names the card terms, for a page that uses today's names."""
    current = rules.current_edition()
    if edition.number == current.number:
        return None
    differences = []
    for key in TERM_KEYS:
        old, new = edition.term(key), current.term(key)
        if old.strip().lower() == new.strip().lower():
            continue
        if key in ("minion", "spell"):
            differences.append(f"{new}s “{old}s”")
        else:
            differences.append(f"{new} “{old}”")
    if not differences:
        return None
    listed = (
        ", ".join(differences[:-1]) + (" and " if len(differences) > 1 else "") + differences[-1]
    )
    lead = (
        f"This card was designed for the {edition.name}, which"
        if designed
        else f"The {edition.name}"
    )
    return f"{lead} calls {listed}. This page uses the {current.name}’s names."


def terms_notes(edition: rules.Edition, design_edition: int | None) -> list[str]:
    """The notes on older terms for a card designed for `design_edition`, shown under
    `edition`: the design edition's names first, then the shown edition's."""
    notes = []
    editions = rules.load_editions()
    if design_edition in editions and design_edition != edition.number:
        note = terms_note(editions[design_edition], designed=True)
        if note:
            notes.append(note)
    note = terms_note(edition)
    if note:
        notes.append(note)
    return notes


def verdict_context(card: rules.Card, edition: rules.Edition) -> dict[str, Any]:
    """The panel's parts for `card` checked under `edition` (templates/cards/_verdict.html)."""
    result = rules.check_card(card, edition.number)
    return {
        "result": result,
        "edition": edition,
        "segments": refurbish_segments(card.ability_text, result.replacements),
        "abilities": rules.read_card(card).abilities,
        "terms_notes": terms_notes(edition, card.design_edition),
    }
