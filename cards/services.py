"""Writing cards, their revisions and pictures, and collections.

Every function here is keyword-only and atomic. Bad input raises Django's ValidationError with
field errors (cards.definition judges a card), so forms and the API can show them; a card is
never half-saved. Each write re-judges the card's stored verdicts (cards.verdicts).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction

from cards import rules
from cards.definition import clean_definition, read_whole
from cards.edition_update import card_edition_update
from cards.images import CleanImage, ImageRejected, clean_image
from cards.limits import MAX_COPIES
from cards.models import DEFINITION_FIELDS, Card, CardRevision, CollectionEntry
from cards.selectors import card_held, card_visible_to, why_withheld
from cards.verdicts import card_verdicts_refresh

logger = logging.getLogger(__name__)

# Leave a field as it is (`image=UNCHANGED` keeps the picture; `image=None` removes it).
UNCHANGED: Any = object()


# -- pictures and revisions -------------------------------------------------------------------


def _as_clean_image(image: Any) -> CleanImage | None:
    if image is None:
        return None
    if isinstance(image, CleanImage):
        return image
    try:
        return clean_image(image, getattr(image, "name", None))
    except ImageRejected as error:
        raise ValidationError({"image": [str(error)]}) from error


def _store_image(image: CleanImage) -> str:
    """Store a cleaned image under a name made from its content; the same picture is stored
    once however many cards (and copies of cards) show it."""
    digest = hashlib.sha256(image.content).hexdigest()[:40]
    extension = image.extension.lstrip(".")
    name = f"cards/{digest}.{extension}"
    if default_storage.exists(name):
        return name
    return default_storage.save(name, ContentFile(image.content))


def _revision_data(card: Card) -> dict[str, Any]:
    data = card.definition()
    data["image"] = card.image.name or ""
    return data


def _add_revision(*, card: Card, author: Any, note: str) -> CardRevision | None:
    """Save the card's state as a new revision when it changed. The newest revision of a card
    that others may see is marked shared, so its history may show it to them (see
    cards.revisions.card_history); one written while a moderator holds the card is not, as
    one written while it is private is not."""
    data = _revision_data(card)
    shared = card.visibility != Card.Visibility.PRIVATE and not card_held(card)
    last = card.revisions.order_by("-number").first()
    if last is not None and last.data == data:
        if shared and not last.shared:
            CardRevision.objects.filter(pk=last.pk).update(shared=True)
        return None
    number = 1 if last is None else last.number + 1
    return CardRevision.objects.create(
        card=card, number=number, author=author, note=note[:200], data=data, shared=shared
    )


def card_shown_again(*, card: Card) -> None:
    """A moderator lifted the card's hold: its newest revision is what others see now, so its
    history may show them that one (not the others written while it was held)."""
    _add_revision(card=Card.objects.get(pk=card.pk), author=None, note="")


def _check_visibility(visibility: str) -> str:
    if visibility not in Card.Visibility.values:
        raise ValidationError(
            {"visibility": [f"{visibility!r} is not one of: private, unlisted, public."]}
        )
    return visibility


# -- cards ------------------------------------------------------------------------------------


@transaction.atomic
def card_create(
    *,
    owner: Any,
    definition: Mapping[str, Any],
    image: Any = None,
    visibility: str = Card.Visibility.PRIVATE,
    note: str = "Created",
    forked_from: Card | None = None,
) -> Card:
    """A new card of `owner`'s, with revision 1 and a place in their collection."""
    clean = clean_definition(definition).fields()
    _check_visibility(visibility)
    picture = _as_clean_image(image)
    card = Card(owner=owner, visibility=visibility, **clean)
    if forked_from is not None:
        card.forked_from = forked_from
        card.forked_from_name = forked_from.name
        card.forked_from_owner = forked_from.owner.get_username()
        card.image.name = forked_from.image.name
    if picture is not None:
        card.image.name = _store_image(picture)
    card.save()
    _add_revision(card=card, author=owner, note=note)
    CollectionEntry.objects.get_or_create(owner=owner, card=card)
    card_verdicts_refresh(card=card)
    return card


@transaction.atomic
def card_update(
    *,
    card: Card,
    user: Any,
    definition: Mapping[str, Any] | None = None,
    image: Any = UNCHANGED,
    visibility: str | None = None,
    note: str = "Edited",
) -> Card:
    """Change a card. `image=None` removes the image; leave it out to keep it.

    A new revision is saved when the printed content changed; visibility alone is not a
    revision.
    """
    if card.owner_id != getattr(user, "pk", None):
        raise PermissionDenied("Only the card's designer may change it.")
    if definition is not None:
        merged = {**card.definition(), **definition}
        clean = clean_definition(merged).fields()
    else:
        clean = {}
    if visibility is not None:
        _check_visibility(visibility)
    picture = None if image is UNCHANGED else _as_clean_image(image)

    card = Card.objects.select_for_update().get(pk=card.pk)
    for key, value in clean.items():
        setattr(card, key, value)
    if visibility is not None:
        card.visibility = visibility
    if image is not UNCHANGED:
        card.image.name = _store_image(picture) if picture is not None else ""
    card.save()
    _add_revision(card=card, author=user, note=note)
    card_verdicts_refresh(card=card)
    return card


@transaction.atomic
def card_refurbish(*, card: Card, user: Any, edition: int | None = None) -> Card:
    """Save the card's text as the edition (the current one by default) refurbishes it."""
    rules_edition = rules.get_edition(edition) if edition else rules.current_edition()
    result = rules.check_card(card.to_rules_card(), rules_edition.number)
    if result.verdict != rules.Verdict.REFURBISHED or not result.replacements:
        raise ValidationError(
            f"Under the {rules_edition.name} this card is {result.verdict.value}, not"
            " refurbished: there is nothing to rewrite."
        )
    return card_update(
        card=card,
        user=user,
        definition={"ability_text": result.text},
        note=f"Refurbished for the {rules_edition.name}",
    )


class EditionUpdateRefused(ValidationError):
    """The card cannot take an update to an edition (it is designed for that edition already,
    or would not be playable once updated); the messages say why."""


@transaction.atomic
def card_update_to_edition(
    *, card: Card, user: Any, edition: rules.Edition | int | None = None
) -> Card:
    """Design the card anew for `edition` (the current one by default), as
    cards.edition_update.card_edition_update shows it: its text refurbished by that edition's
    rulebook, its Edition Indicator that edition, its level the one that edition's guide
    computes. Saved as a new revision, by the card's designer only. An update that the card
    cannot take (already designed for that edition, or unplayable once updated) raises
    EditionUpdateRefused with the reasons, and nothing is saved."""
    if card.owner_id != getattr(user, "pk", None):
        raise PermissionDenied("Only the card's designer may change it.")
    # Judged on the row as it is now, so the update saved is the one shown for it.
    card = Card.objects.select_for_update().get(pk=card.pk)
    update = card_edition_update(card=card, edition=edition)
    if not update.possible:
        raise EditionUpdateRefused(list(update.refusals))
    return card_update(
        card=card,
        user=user,
        definition=update.definition(),
        note=f"Updated to the {update.edition.name}",
    )


@transaction.atomic
def card_restore(*, card: Card, user: Any, number: int) -> Card:
    """Bring back a revision's printed card (and picture) as a new revision."""
    if card.owner_id != getattr(user, "pk", None):
        raise PermissionDenied("Only the card's designer may change it.")
    revision = card.revisions.filter(number=number).first()
    if revision is None:
        raise ValidationError(f"The card has no revision {number}.")
    clean = clean_definition({key: revision.data.get(key) for key in DEFINITION_FIELDS}).fields()
    image_name = revision.data.get("image") or ""
    if image_name and not default_storage.exists(image_name):
        raise ValidationError(f"The picture of revision {number} is no longer stored.")
    card = Card.objects.select_for_update().get(pk=card.pk)
    for key, value in clean.items():
        setattr(card, key, value)
    card.image.name = image_name
    card.save()
    _add_revision(card=card, author=user, note=f"Restored revision {number}")
    card_verdicts_refresh(card=card)
    return card


def _delete_unused_files(names: set[str]) -> None:
    for name in names:
        if not name:
            continue
        in_use = (
            Card.objects.filter(image=name).exists()
            or CardRevision.objects.filter(data__image=name).exists()
        )
        if not in_use:
            try:
                default_storage.delete(name)
            except OSError:
                logger.warning("Could not delete the unused card image %s", name)


def pictures_delete_unused(names: set[str]) -> None:
    """Delete the stored pictures among `names` that no card or revision shows any more (for
    revisions removed elsewhere: deleting an account removes the private ones of its cards)."""
    _delete_unused_files(names)


@transaction.atomic
def card_delete(*, card: Card, user: Any) -> None:
    if card.owner_id != getattr(user, "pk", None):
        raise PermissionDenied("Only the card's designer may delete it.")
    names = {card.image.name or ""}
    names |= {
        revision.get("image") or "" for revision in card.revisions.values_list("data", flat=True)
    }
    card.delete()
    transaction.on_commit(lambda: _delete_unused_files(names))


@transaction.atomic
def card_fork(*, card: Card, user: Any) -> Card:
    """Copy a card the user may see into their own cards, crediting the original."""
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Log in to copy cards.")
    if card.visibility == Card.Visibility.PRIVATE and card.owner_id != user.pk:
        raise PermissionDenied("This card is private.")
    author = card.owner.get_username()
    return card_create(
        owner=user,
        definition=card.definition(),
        note=f"Copied from “{card.name}” by {author}",
        forked_from=card,
    )


def card_import(*, owner: Any, data: Mapping[str, Any]) -> Card:
    """A new private card from a card object (the check API's format)."""
    definition = {key: data.get(key) for key in DEFINITION_FIELDS}
    return card_create(owner=owner, definition=definition, note="Imported")


# -- collections ------------------------------------------------------------------------------


def _clean_copies(copies: Any) -> int:
    try:
        number = read_whole(copies, "Copies", required=True, maximum=MAX_COPIES)
    except ValueError as error:
        raise ValidationError({"copies": [str(error)]}) from error
    assert number is not None
    return number


@transaction.atomic
def collection_add(
    *, user: Any, card: Card, copies: int | None = None
) -> tuple[CollectionEntry, bool]:
    """Save a card the user may see to their collection (or set its copies if it is there)."""
    if not card_visible_to(card, user):
        raise ValidationError({"card": [f"{why_withheld(card)}."]})
    entry, created = CollectionEntry.objects.select_for_update().get_or_create(
        owner=user, card=card
    )
    if copies is not None:
        entry.copies = _clean_copies(copies)
        entry.save(update_fields=["copies"])
    return entry, created


@transaction.atomic
def collection_set_copies(*, entry: CollectionEntry, copies: Any) -> CollectionEntry:
    entry.copies = _clean_copies(copies)
    entry.save(update_fields=["copies"])
    return entry


@transaction.atomic
def collection_remove(*, entry: CollectionEntry) -> None:
    if entry.card.owner_id == entry.owner_id:
        raise ValidationError(
            "Your own cards always stay in your collection; set the copies to 0, or delete"
            " the card."
        )
    entry.delete()
