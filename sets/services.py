"""Writing sets. Each service takes the acting user and checks it itself, so no view can
forget; each is atomic, so a refused change leaves nothing half-saved."""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from PIL import Image

from cards import rules
from cards import services as card_services
from cards.edition_update import card_edition_update, edition_update_offered
from cards.images import ImageRejected, clean_image
from cards.models import Card, published_together
from cards.selectors import card_held, card_visible_to, signed_in_user
from decks import services as deck_services
from decks.input_checks import clean_description, clean_edition, clean_visibility
from decks.models import Deck
from kotc_site.inputs import name_problem
from sets import selectors
from sets.limits import (
    MAX_CARDS,
    MAX_DESIGNERS,
    MAX_NAME,
    MAX_SYMBOL_BYTES,
    SYMBOL_SIZE,
    UNDO_WITHIN,
)
from sets.models import CardSet, SetDesigner, SetEntry, code_validator
from sets.signals import set_released

UNSET: Any = object()


# -- what a set may be ------------------------------------------------------------------------


def clean_set_name(name: Any) -> str:
    text = name.strip() if isinstance(name, str) else ""
    if not text:
        raise ValidationError({"name": ["A set needs a name."]})
    if len(text) > MAX_NAME:
        raise ValidationError(
            {"name": [f"The name has {len(text)} characters; the limit is {MAX_NAME}."]}
        )
    if problem := name_problem(text):
        raise ValidationError({"name": [problem]})
    return text


def clean_code(code: Any, *, owner: Any, card_set: CardSet | None = None) -> str:
    """The set's code: 2 to 5 capital letters, one code per set of the same owner."""
    text = code.strip() if isinstance(code, str) else ""
    try:
        code_validator(text)
    except ValidationError as error:
        raise ValidationError({"code": error.messages}) from None
    same = CardSet.objects.filter(owner=owner, code=text)
    if card_set is not None:
        same = same.exclude(pk=card_set.pk)
    if same.exists():
        raise ValidationError({"code": [f"You already have a set coded {text}; pick another."]})
    return text


def clean_symbol(upload: Any) -> bytes:
    """The set's symbol as a small PNG: checked as card pictures are (cards.images), then
    made small, since it is printed a few millimetres high."""
    if upload is None:
        return b""
    size = getattr(upload, "size", None)
    if isinstance(upload, (bytes, bytearray)):
        size = len(upload)
    if size is not None and size > MAX_SYMBOL_BYTES:
        raise ValidationError(
            {"symbol": [f"The symbol is {size:,} bytes; the limit is {MAX_SYMBOL_BYTES:,}."]}
        )
    try:
        clean = clean_image(upload, getattr(upload, "name", None))
    except ImageRejected as error:
        raise ValidationError({"symbol": [str(error)]}) from None
    with Image.open(io.BytesIO(clean.content)) as image:
        small = image.convert("RGBA")
        small.thumbnail((SYMBOL_SIZE, SYMBOL_SIZE))
        out = io.BytesIO()
        small.save(out, "PNG", optimize=True)
    return out.getvalue()


def clean_release_at(release_at: Any, *, now: datetime | None = None) -> datetime | None:
    if release_at is None:
        return None
    if not isinstance(release_at, datetime):
        raise ValidationError({"release_at": ["Give a date and time, like 2027-01-31T18:00Z."]})
    if timezone.is_naive(release_at):
        release_at = timezone.make_aware(release_at)
    if release_at <= (now or timezone.now()):
        raise ValidationError(
            {"release_at": ["Choose a time in the future, or release the set now."]}
        )
    return release_at


def clean_cards(card_ids: Sequence[Any], *, user: Any, card_set: CardSet | None) -> list[Card]:
    """The set's cards in their order. Each is a card of one of its designers: `user`'s own, or
    one another designer already put in the set (each designer adds only their own)."""
    if len(card_ids) > MAX_CARDS:
        raise ValidationError(
            {
                "cards": [
                    f"A set holds at most {MAX_CARDS} cards; this one would have {len(card_ids)}."
                ]
            }
        )
    seen: set[Any] = set()
    for card_id in card_ids:
        if card_id in seen:
            raise ValidationError({"cards": [f"Card {card_id} is in the list twice."]})
        seen.add(card_id)
    found = Card.objects.in_bulk(list(seen)) if seen else {}
    already = set(card_set.entries.values_list("card_id", flat=True)) if card_set else set()
    designers = selectors.designer_ids(card_set) if card_set else {user.pk}
    cards = []
    for card_id in card_ids:
        card = found.get(card_id)
        if card is None or (not card_visible_to(card, user) and card_id not in already):
            # A card one may not see reads as one that does not exist.
            raise ValidationError({"cards": [f"There is no card {card_id} you may use."]})
        mine = card.owner_id == user.pk
        theirs = card_id in already and card.owner_id in designers
        if not (mine or theirs):
            raise ValidationError(
                {
                    "cards": [
                        f"Card {card_id} ({card.name}) is not yours: a set holds its designers'"
                        " own cards, each added by its designer."
                    ]
                }
            )
        cards.append(card)
    return cards


# -- sets -------------------------------------------------------------------------------------


def _require_user(user: Any) -> Any:
    user = signed_in_user(user)
    if user is None:
        raise PermissionDenied("Log in to make sets.")
    return user


def _require_designer(card_set: CardSet, user: Any) -> None:
    if not selectors.is_designer(card_set, user):
        raise PermissionDenied("Only the set's designers may change it.")


def _require_owner(card_set: CardSet, user: Any) -> None:
    if signed_in_user(user) is None or card_set.owner_id != user.pk:
        raise PermissionDenied("Only the set's owner may do that.")


def _store_cards(card_set: CardSet, cards: Sequence[Card]) -> None:
    card_set.entries.all().delete()
    SetEntry.objects.bulk_create(
        SetEntry(card_set=card_set, card=card, position=number)
        for number, card in enumerate(cards, start=1)
    )


@transaction.atomic
def set_create(
    *,
    user: Any,
    name: Any,
    code: Any,
    description: Any = "",
    visibility: Any = CardSet.Visibility.PUBLIC,
    edition: Any = None,
    symbol: Any = None,
    cards: Sequence[Any] = (),
    release_at: Any = None,
) -> CardSet:
    """A new set of `user`'s. It stays theirs alone until it is released, whatever its
    visibility: the visibility is what the release shows it as."""
    user = _require_user(user)
    card_set = CardSet(
        owner=user,
        name=clean_set_name(name),
        code=clean_code(code, owner=user),
        description=clean_description(description, author=user),
        visibility=clean_visibility(visibility),
        symbol=clean_symbol(symbol),
        release_at=clean_release_at(release_at),
    )
    if edition is not None:
        card_set.edition = clean_edition(edition)
    chosen = clean_cards(list(cards), user=user, card_set=None)
    try:
        with transaction.atomic():
            card_set.save()
    except IntegrityError:  # the same code saved a moment ago by another request
        raise ValidationError({"code": ["You already have a set with that code."]}) from None
    _store_cards(card_set, chosen)
    return card_set


@transaction.atomic
def set_update(
    *,
    card_set: CardSet,
    user: Any,
    name: Any = UNSET,
    code: Any = UNSET,
    description: Any = UNSET,
    visibility: Any = UNSET,
    edition: Any = UNSET,
    symbol: Any = UNSET,
    cards: Any = UNSET,
    release_at: Any = UNSET,
) -> CardSet:
    """Change a set (any of its designers). A released set's cards and numbers are fixed: they
    have been printed. Give `symbol=None` to remove the symbol."""
    _require_designer(card_set, user)
    card_set = CardSet.objects.select_for_update().get(pk=card_set.pk)
    if name is not UNSET:
        card_set.name = clean_set_name(name)
    if code is not UNSET:
        text = clean_code(code, owner=card_set.owner, card_set=card_set)
        if card_set.released and text != card_set.code:
            raise ValidationError({"code": ["A released set's code is printed on its cards."]})
        card_set.code = text
    if description is not UNSET:
        card_set.description = clean_description(description, author=user)
    if visibility is not UNSET:
        card_set.visibility = clean_visibility(visibility)
    if edition is not UNSET:
        card_set.edition = clean_edition(edition)
    if symbol is not UNSET:
        card_set.symbol = clean_symbol(symbol)
    if release_at is not UNSET:
        if card_set.released and release_at is not None:
            raise ValidationError({"release_at": ["The set is released already."]})
        card_set.release_at = clean_release_at(release_at)
    if cards is not UNSET:
        chosen = clean_cards(list(cards), user=user, card_set=card_set)
        if card_set.released:
            now = list(card_set.entries.order_by("position").values_list("card_id", flat=True))
            if now != [card.pk for card in chosen]:
                raise ValidationError(
                    {
                        "cards": [
                            "A released set's cards and numbers are fixed, as printed. Undo the"
                            " release within its hour, or make a new set."
                        ]
                    }
                )
        else:
            _store_cards(card_set, chosen)
    try:
        with transaction.atomic():
            card_set.save()
    except IntegrityError:
        raise ValidationError({"code": ["You already have a set with that code."]}) from None
    return card_set


@transaction.atomic
def set_delete(*, card_set: CardSet, user: Any) -> None:
    """Delete the set (its owner). Its cards stay as they are."""
    _require_owner(card_set, user)
    card_set.delete()


# -- co-owners --------------------------------------------------------------------------------


@transaction.atomic
def set_invite(*, card_set: CardSet, user: Any, username: Any) -> SetDesigner:
    """The owner invites another designer to co-own the set; they become one by accepting."""
    _require_owner(card_set, user)
    name = username.strip() if isinstance(username, str) else ""
    invitee = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
    if invitee is None:
        raise ValidationError({"username": [f"There is no designer called {name!r}."]})
    if invitee.pk == card_set.owner_id:
        raise ValidationError({"username": ["You own the set already."]})
    if card_set.designers.count() >= MAX_DESIGNERS:
        raise ValidationError(
            {"username": [f"A set has at most {MAX_DESIGNERS} co-owners besides its owner."]}
        )
    row, _made = SetDesigner.objects.get_or_create(card_set=card_set, user=invitee)
    return row


@transaction.atomic
def set_invitation_accept(*, card_set: CardSet, user: Any) -> SetDesigner:
    user = _require_user(user)
    row = SetDesigner.objects.select_for_update().filter(card_set=card_set, user=user).first()
    if row is None:
        raise PermissionDenied("You are not invited to that set.")
    if not row.accepted:
        row.accepted = True
        row.save(update_fields=["accepted"])
    return row


# -- release ----------------------------------------------------------------------------------


def _release(card_set: CardSet, now: datetime) -> CardSet:
    """Every card of the set public, and the set with them: all of it in one transaction (the
    caller's), or nothing. Followers of the set's designers hear of the set, once each
    (sets.signals.set_released), rather than of each card as it becomes public."""
    entries = list(card_set.entries.select_related("card").order_by("position"))
    if not entries:
        raise ValidationError({"cards": ["A set with no cards cannot be released."]})
    designers = selectors.designer_ids(card_set)
    for entry in entries:
        card = entry.card
        if card.owner_id not in designers:
            raise ValidationError(
                {"cards": [f"Card {entry.position} is no longer of one of the set's designers."]}
            )
        if card_held(card):
            raise ValidationError(
                {
                    "cards": [
                        f"Card {entry.position} ({card.name}) is hidden by a moderator and"
                        " cannot be made public; take it out of the set or ask the moderators."
                    ]
                }
            )
    for entry in entries:
        before = entry.card.visibility
        # Changed as its own designer's: a co-owner put the card in the set to be released
        # with it. A revision is noted only if the card's content changed (it did not).
        with published_together():
            card = card_services.card_update(
                card=entry.card,
                user=entry.card.owner,
                visibility=Card.Visibility.PUBLIC,
                note=f"Released in {card_set.code}",
            )
        entry.visibility_before_release = before
        entry.released_revision = card.revisions.order_by("-number").values_list(
            "number", flat=True
        )[0]
        entry.save(update_fields=["visibility_before_release", "released_revision"])
    card_set.visibility_before_release = card_set.visibility
    # Released, the set opens: public, or unlisted when its designers chose so.
    if card_set.visibility != CardSet.Visibility.UNLISTED:
        card_set.visibility = CardSet.Visibility.PUBLIC
    card_set.released_at = now
    card_set.release_at = None
    card_set.save()
    set_released.send(sender=CardSet, card_set=card_set, designer_ids=designers)
    return card_set


@transaction.atomic
def set_release(*, card_set: CardSet, user: Any, now: datetime | None = None) -> CardSet:
    """Release the set now (its owner): see _release."""
    _require_owner(card_set, user)
    card_set = CardSet.objects.select_for_update().get(pk=card_set.pk)
    if card_set.released:
        raise ValidationError({"non_field_errors": ["The set is released already."]})
    return _release(card_set, now or timezone.now())


@transaction.atomic
def set_unrelease(*, card_set: CardSet, user: Any, now: datetime | None = None) -> CardSet:
    """Undo a release within UNDO_WITHIN: each card back to the visibility it had, the set
    back to its designers alone. Revisions stay: nothing written is deleted."""
    _require_owner(card_set, user)
    card_set = CardSet.objects.select_for_update().get(pk=card_set.pk)
    if not card_set.released:
        raise ValidationError({"non_field_errors": ["The set is not released."]})
    if (now or timezone.now()) - card_set.released_at > UNDO_WITHIN:
        hours = int(UNDO_WITHIN.total_seconds() // 3600)
        raise ValidationError(
            {"non_field_errors": [f"A release can be undone within {hours} hour; it is too late."]}
        )
    for entry in card_set.entries.select_related("card"):
        if entry.visibility_before_release:
            card_services.card_update(
                card=entry.card,
                user=entry.card.owner,
                visibility=entry.visibility_before_release,
                note=f"Release of {card_set.code} undone",
            )
        entry.visibility_before_release = ""
        entry.released_revision = None
        entry.save(update_fields=["visibility_before_release", "released_revision"])
    card_set.visibility = card_set.visibility_before_release or card_set.visibility
    card_set.visibility_before_release = ""
    card_set.released_at = None
    card_set.save()
    return card_set


def sets_release_due(*, now: datetime | None = None) -> list[int]:
    """Release every set whose chosen time has come (the beat's task), each in its own
    transaction: one that cannot be released is left as it was, scheduled, and the others go
    on. Safe to repeat: a released set is no longer due. The ids of the sets released."""
    now = now or timezone.now()
    released = []
    for pk in list(selectors.due_sets(now).values_list("pk", flat=True)):
        try:
            with transaction.atomic():
                card_set = CardSet.objects.select_for_update().get(pk=pk)
                if card_set.released or card_set.release_at is None:
                    continue
                _release(card_set, now)
        except ValidationError:
            continue
        released.append(pk)
    return released


# -- from a set -------------------------------------------------------------------------------


@transaction.atomic
def set_build_deck(*, card_set: CardSet, user: Any) -> Deck:
    """A new private deck of `user`'s with one of each card of the set they may see."""
    user = _require_user(user)
    card_set = selectors.set_for_viewer(user=user, pk=card_set.pk)
    cards = [row.card for row in selectors.numbered_cards(card_set, user) if not row.card.withheld]
    if not cards:
        raise ValidationError({"cards": ["The set holds no card you may add to a deck."]})
    return deck_services.deck_create(
        owner=user,
        name=card_set.name[:100],
        visibility=Deck.Visibility.PRIVATE,
        edition=card_set.edition,
        entries=[(card, 1) for card in cards],
    )


# -- the current edition ----------------------------------------------------------------------


def set_edition_preview(*, card_set: CardSet, user: Any) -> list[Any]:
    """What "Update to the current edition" would make of each of `user`'s cards in the set
    designed for an older edition (cards.edition_update): nothing is saved."""
    _require_designer(card_set, user)
    return [
        card_edition_update(card=row.card)
        for row in selectors.numbered_cards(card_set, user)
        if not row.card.withheld
        and row.card.owner_id == user.pk
        and edition_update_offered(row.card) is not None
    ]


@transaction.atomic
def set_update_edition(*, card_set: CardSet, user: Any) -> list[Card]:
    """Update each of `user`'s cards in the set that can be to the current edition, each as a
    new revision (cards.services.card_update_to_edition); those that cannot are left as they
    are. Once none of the set's cards is older, the set is of the current edition too."""
    updates = set_edition_preview(card_set=card_set, user=user)
    updated = [
        card_services.card_update_to_edition(card=update.card, user=user)
        for update in updates
        if update.possible
    ]
    current = rules.current_edition().number
    left = [
        row
        for row in selectors.numbered_cards(card_set, user)
        if row.card.withheld or edition_update_offered(row.card) is not None
    ]
    if not left and card_set.edition != current:
        CardSet.objects.filter(pk=card_set.pk).update(edition=current)
    return updated


def undo_open(card_set: CardSet, now: datetime | None = None) -> bool:
    """Whether the set's release may still be undone."""
    if card_set.released_at is None:
        return False
    return (now or timezone.now()) - card_set.released_at <= UNDO_WITHIN
