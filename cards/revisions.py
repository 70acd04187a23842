"""A card's revisions as its history page shows them: what each changed from the one before,
word by word in its texts, among the revisions the viewer may read."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from cards.models import DEFINITION_FIELDS, Card, CardRevision
from cards.render import ART_DEFAULTS
from cards.selectors import signed_in_user

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")

FIELD_LABELS = {
    "name": "Name",
    "kind": "Kind",
    "design_edition": "Edition Indicator",
    "level": "Level",
    "sp": "SP",
    "hp": "HP",
    "ability_text": "Ability text",
    "flavor_text": "Flavor text",
    "art_zoom": "Picture zoom",
    "art_x": "Picture focus across",
    "art_y": "Picture focus down",
    "artist": "Artist",
    "art_licence": "Art licence",
    "image": "Image",
}
TEXT_FIELDS = {"name", "ability_text", "flavor_text"}


@dataclass(frozen=True)
class DiffPiece:
    kind: str  # "same", "removed" or "inserted"
    text: str


@dataclass(frozen=True)
class FieldChange:
    field: str
    label: str
    old: Any
    new: Any
    pieces: tuple[DiffPiece, ...] = ()  # word-level diff, for text fields


@dataclass(frozen=True)
class RevisionView:
    revision: CardRevision
    changes: tuple[FieldChange, ...]


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text or "")


def text_diff(old: str, new: str) -> tuple[DiffPiece, ...]:
    """Word-level differences between two texts, as kept, removed and inserted pieces."""
    before, after = _tokens(old), _tokens(new)
    pieces: list[DiffPiece] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(DiffPiece("same", "".join(before[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(DiffPiece("removed", "".join(before[i1:i2])))
        if j2 > j1:
            pieces.append(DiffPiece("inserted", "".join(after[j1:j2])))
    return tuple(pieces)


def revision_changes(old: dict[str, Any] | None, new: dict[str, Any]) -> tuple[FieldChange, ...]:
    changes: list[FieldChange] = []
    for field in (*DEFINITION_FIELDS, "image"):
        # A revision leaves out framing and credit the card does not have (Card.definition).
        default = ART_DEFAULTS.get(field)
        before = None if old is None else old.get(field, default)
        after = new.get(field, default)
        if old is not None and before == after:
            continue
        if old is None and after in (None, "", default):
            continue
        pieces: tuple[DiffPiece, ...] = ()
        if field in TEXT_FIELDS and old is not None:
            pieces = text_diff(before or "", after or "")
        changes.append(FieldChange(field, FIELD_LABELS[field], before, after, pieces))
    return tuple(changes)


def revisions_visible_to(card: Card, user: Any) -> QuerySet[CardRevision]:
    """The card's revisions `user` may read: all of them for its designer, for anyone else
    only the shared ones (states that were current while the card was unlisted or public).
    The caller has checked that `user` may see the card."""
    revisions = card.revisions.all()
    user = signed_in_user(user)
    if user is None or card.owner_id != user.pk:
        revisions = revisions.filter(shared=True)
    return revisions


def card_history(*, card: Card, user: Any) -> list[RevisionView]:
    """The revisions `user` may read, newest first, each with what it changed from the one
    before it that they may read (so a change is never shown against a private state)."""
    revisions = list(revisions_visible_to(card, user).select_related("author").order_by("number"))
    views: list[RevisionView] = []
    previous: dict[str, Any] | None = None
    for revision in revisions:
        views.append(RevisionView(revision, revision_changes(previous, revision.data)))
        previous = revision.data
    return list(reversed(views))


def revision_count(card: Card, user: Any) -> int:
    """How many of the card's revisions `user` may read."""
    return revisions_visible_to(card, user).count()
