"""Stored verdicts: each card's verdict under every edition, kept fresh as cards and rules
change, so searches and lists read them instead of judging every card again."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from django.db import transaction
from django.db.models import Count, Q

from cards import rules
from cards.models import Card, CardVerdict


def rules_files() -> list[Path]:
    """The files a verdict depends on: the edition files, the Card Building Guides (a card is
    built under its design edition's guide) and the rules engine itself."""
    base = Path(rules.__file__).resolve().parent
    editions = base.parent / "editions"
    files: list[Path] = []
    for folder, pattern in (
        (editions, "*.json"),
        (editions / "guides", "[0-9]*.json"),
        (base, "*.py"),
    ):
        files += sorted(folder.glob(pattern))
    return files


@cache
def rules_version() -> str:
    """A fingerprint of the edition data, the guides and the rules engine: when any of them
    changes, stored verdicts are stale."""
    digest = hashlib.sha256()
    for path in rules_files():
        digest.update(f"{path.parent.name}/{path.name}".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


@transaction.atomic
def card_verdicts_refresh(*, card: Card) -> None:
    """Store the card's verdict under every edition, and the editions it is playable under on
    the card itself (Card.playable_in, which the search reads on PostgreSQL): both in one
    transaction, so a search never sees them disagree."""
    version = rules_version()
    rules_card = card.to_rules_card()
    editions = rules.load_editions()
    rows: list[CardVerdict] = []
    for number in editions:
        result = rules.check_card(rules_card, number)
        rows.append(
            CardVerdict(
                card=card,
                edition=number,
                verdict=result.verdict.value,
                playable=result.playable,
                rules_version=version,
            )
        )
    # One statement for every edition (an upsert on the card and edition), not a read and a
    # write each: a card is saved far more often than the editions change.
    CardVerdict.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["card", "edition"],
        update_fields=["verdict", "playable", "rules_version"],
    )
    playable = [row.edition for row in rows if row.playable]
    CardVerdict.objects.filter(card=card).exclude(edition__in=list(editions)).delete()
    card.playable_in = sorted(playable)
    # That column alone: a re-judged card keeps its `updated` stamp (its place among the
    # newest, its render URLs), and a caller's unsaved changes stay the caller's to save.
    Card.objects.filter(pk=card.pk).update(playable_in=card.playable_in)


def verdicts_refresh(*, everything: bool = False, batch: int = 500) -> int:
    """Refresh stored verdicts made by other rules (or all of them); returns how many cards."""
    version = rules_version()
    editions = list(rules.load_editions())
    CardVerdict.objects.exclude(edition__in=editions).delete()
    cards = Card.objects.all()
    if not everything:
        cards = cards.annotate(
            fresh=Count(
                "verdicts",
                filter=Q(verdicts__rules_version=version, verdicts__edition__in=editions),
            )
        ).filter(fresh__lt=len(editions))
    count = 0
    ids = list(cards.values_list("pk", flat=True))
    for start in range(0, len(ids), batch):
        with transaction.atomic():
            for card in Card.objects.filter(pk__in=ids[start : start + batch]):
                card_verdicts_refresh(card=card)
                count += 1
    return count
