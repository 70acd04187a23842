"""Reads for accounts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q
from django.utils import timezone

from accounts.models import ApiToken, KeysRevoked


def keys_revoked_at(*, user_id: int) -> Any:
    """When the person last revoked the keys signed for them (None: never)."""
    return KeysRevoked.objects.filter(user_id=user_id).values_list("at", flat=True).first()


def tokens_of(*, user: Any) -> list[ApiToken]:
    """The person's live tokens, newest first (an expired one is gone for every purpose)."""
    live = Q(expiry__isnull=True) | Q(expiry__gt=timezone.now())
    return list(ApiToken.objects.filter(live, user=user))


# -- what an account holds: the export, and what deleting it would keep -----------------------


def cards_kept_on_deletion(*, user: Any) -> Any:
    """The user's cards that deleting the account keeps: the unlisted and public ones that are
    in someone else's deck or collection. They stay, credited to "a former designer", so no
    one's deck loses cards it was built with; everything else of hers goes."""
    from cards.models import Card, CollectionEntry
    from decks.models import DeckEntry

    in_others_decks = DeckEntry.objects.filter(card=OuterRef("pk")).exclude(deck__owner=user)
    in_others_collections = CollectionEntry.objects.filter(card=OuterRef("pk")).exclude(owner=user)
    return (
        Card.objects.filter(owner=user)
        .exclude(visibility=Card.Visibility.PRIVATE)
        .filter(Exists(in_others_decks) | Exists(in_others_collections))
    )


def account_summary(*, user: Any) -> dict[str, Any]:
    from cards.models import Card
    from decks.models import Deck
    from simulations.models import SimulationRun

    return {
        "cards": Card.objects.filter(owner=user).count(),
        "decks": Deck.objects.filter(owner=user).count(),
        "runs": SimulationRun.objects.filter(requested_by=user).count(),
        "cards_kept_on_deletion": cards_kept_on_deletion(user=user).count(),
    }


def account_export(*, user: Any, absolute: Callable[[str], str]) -> dict[str, Any]:
    """Everything the account holds, as one JSON document: the account, every card with every
    revision and a link to each picture, every deck (as the deck JSON, which imports anywhere),
    the collection, the goldfish runs and the API tokens (never their secrets). `absolute`
    turns a path on the site into a full address."""
    from cards.models import Card, CardRevision
    from cards.pictures import picture_path
    from cards.selectors import collection_entries
    from decks.models import Deck
    from decks.selectors import deck_with_entries
    from decks.services import deck_definition
    from simulations.models import SimulationRun
    from simulations.selectors import result_for_viewer

    def picture(name: str) -> str | None:
        return absolute(picture_path(name)) if name else None

    revisions = CardRevision.objects.order_by("number")
    cards = [
        {
            "id": card.pk,
            **card.definition(),
            "visibility": card.visibility,
            "picture": picture(card.image.name),
            "copied_from": (
                {"name": card.forked_from_name, "designer": card.forked_from_owner}
                if card.forked_from_name
                else None
            ),
            "created": card.created.isoformat(),
            "updated": card.updated.isoformat(),
            "revisions": [
                {
                    "number": revision.number,
                    "created": revision.created.isoformat(),
                    "note": revision.note,
                    "shared": revision.shared,
                    **{key: value for key, value in revision.data.items() if key != "image"},
                    "picture": picture(revision.data.get("image") or ""),
                }
                for revision in card.revisions.all()
            ],
        }
        for card in Card.objects.filter(owner=user)
        .order_by("pk")
        .prefetch_related(Prefetch("revisions", queryset=revisions))
    ]
    decks = [
        {
            "id": deck.pk,
            "visibility": deck.visibility,
            "created": deck.created.isoformat(),
            "updated": deck.updated.isoformat(),
            **deck_definition(deck_with_entries(deck.pk, user=user), with_maybeboard=True),
        }
        for deck in Deck.objects.filter(owner=user).order_by("pk")
    ]
    collection = [
        {
            "card": entry.card_id,
            "name": entry.card.name,
            "designer": entry.card.owner.get_username(),
            "copies": entry.copies,
            "added": entry.added.isoformat(),
        }
        for entry in collection_entries(user=user)
    ]
    runs = [
        {
            "id": str(run.id),
            "deck": run.deck_id,
            "status": run.status,
            "options": run.options,
            "created": run.created.isoformat(),
            "finished": run.finished.isoformat() if run.finished else None,
            "error": run.error or None,
            "result": result_for_viewer(run, user),
        }
        for run in SimulationRun.objects.filter(requested_by=user).order_by("created")
    ]
    return {
        "format": "kotc-account",
        "version": 1,
        "exported": timezone.now().isoformat(),
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "joined": user.date_joined.isoformat(),
        },
        "cards": cards,
        "decks": decks,
        "collection": collection,
        "goldfish_runs": runs,
        "api_tokens": [
            {
                "name": token.name,
                "created": token.created.isoformat(),
                "expiry": token.expiry.isoformat() if token.expiry else None,
                "last_used": token.last_used.isoformat() if token.last_used else None,
            }
            for token in tokens_of(user=user)
        ],
    }
