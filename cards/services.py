"""Writing cards, revisions, verdicts and collections.

Every function here is keyword-only and atomic. Bad input raises Django's ValidationError with
field errors, so forms and the API can show them; a card is never half-saved.
"""

from __future__ import annotations

import hashlib
import io
import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.core.cache import cache as django_cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Count, Q

from cards import rules
from cards.check_api import MAX_ABILITY_TEXT, MAX_FLAVOR_TEXT, MAX_NAME, MAX_STAT, read_number
from cards.images import CleanImage, ImageRejected, clean_image
from cards.models import (
    DEFINITION_FIELDS,
    MAX_CREDIT,
    Card,
    CardRevision,
    CardVerdict,
    CollectionEntry,
)
from cards.render import ART_DEFAULTS, MAX_ART_ZOOM, CardFace, content_key, render_card
from kotc_site.inputs import InputError, name_problem, read_whole_number

logger = logging.getLogger(__name__)

MAX_COPIES = 9999
MAX_DESIGN_EDITION = 99
SMALL_RENDER_WIDTH = 300  # gallery thumbnails: 300 × 420

# Leave a field as it is (`image=UNCHANGED` keeps the picture; `image=None` removes it).
UNCHANGED: Any = object()


# -- definitions ------------------------------------------------------------------------------


def _whole(value: Any, label: str, *, required: bool, maximum: int = MAX_STAT) -> int | None:
    if value is None or value == "":
        if required:
            raise ValueError(f"{label} is required.")
        return None
    if isinstance(value, bool):
        raise ValueError(f"{label} must be a whole number.")
    if isinstance(value, str):
        # Text by kotc_site.inputs' rule (the digits 0-9); JSON numbers by their value below.
        try:
            value = read_whole_number(value)
        except InputError as error:
            raise ValueError(f"{label}: {error}") from None
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or not value.is_integer():
            raise ValueError(f"{label} must be a whole number, not {value:g}.")
        value = int(value)
    if not isinstance(value, int):
        raise ValueError(f"{label} must be a whole number.")
    if value < 0:
        raise ValueError(f"{label} must be 0 or more.")
    if value > maximum:
        raise ValueError(f"{label} must be at most {maximum}.")
    return value


# The framing of a card's picture (cards.render.CardFace): field, label, lowest, highest.
ART_RANGES = (
    ("art_zoom", "The picture's zoom", 1.0, MAX_ART_ZOOM),
    ("art_x", "The picture's focus across", 0.0, 1.0),
    ("art_y", "The picture's focus down", 0.0, 1.0),
)
CREDITS = (("artist", "The artist's name"), ("art_licence", "The art licence"))


def _fraction(value: Any, label: str, low: float, high: float, default: float) -> float:
    """A framing value: a number from low to high (written out, in a form), kept to three
    decimals; nothing given is the default."""
    if value is None or value == "":
        return default
    if isinstance(value, str):
        try:
            value = read_number(value)
        except ValueError as error:
            raise ValueError(f"{label} must be a number: {error}") from None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{label} must be a number.")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{label} must be a number, not {value}.")
    if not low <= value <= high:
        shown = f"{value:g}" if isinstance(value, float) else str(value)[:20]
        raise ValueError(f"{label} must be from {low:g} to {high:g}, not {shown}.")
    return round(float(value), 3)


def definition_clean(definition: Mapping[str, Any]) -> dict[str, Any]:
    """A card definition the site can store: whole numbers, known kind, texts within limits.

    SP and HP are required for minions and cleared for spells. The picture's framing is a zoom
    from 1 to MAX_ART_ZOOM and a focus from 0 to 1 each way; the artist and licence are one line
    each, as names are; left out, each is as on a card without them. The name and texts are kept as
    a reader sees them (cards.rules.clean_text: Unicode NFKC, no zero-width spaces, soft
    hyphens or other invisible format characters), so what is stored is what the rules read
    and what a search finds. Raises ValidationError with an error for each bad field.
    """
    errors: dict[str, list[str]] = {}
    clean: dict[str, Any] = {}

    name = definition.get("name")
    name = name.strip() if isinstance(name, str) else ""
    # A name that breaks a line cannot be written in a deck list and read back; that is said
    # of the name as typed, before cleaning could hide it.
    problem = name_problem(name)
    name = rules.clean_text(name).strip()
    if problem:
        errors["name"] = [problem]
    elif not name:
        errors["name"] = ["A card needs a name."]
    elif len(name) > MAX_NAME:
        errors["name"] = [f"The name has {len(name)} characters; the limit is {MAX_NAME}."]
    clean["name"] = name

    kind = definition.get("kind")
    kind = kind.strip().lower() if isinstance(kind, str) else kind
    if kind not in Card.Kind.values:
        errors["kind"] = [f"{kind!r} is not a card type; a card is a minion or a spell."]
    clean["kind"] = kind

    for key, label, required, maximum in (
        ("design_edition", "The Edition Indicator", False, MAX_DESIGN_EDITION),
        ("level", "Level", True, MAX_STAT),
    ):
        try:
            clean[key] = _whole(definition.get(key), label, required=required, maximum=maximum)
        except ValueError as error:
            errors[key] = [str(error)]
    if clean.get("design_edition") == 0:
        errors["design_edition"] = ["The Edition Indicator is an edition number, 1 or more."]

    for key, label in (("sp", "SP"), ("hp", "HP")):
        if kind == Card.Kind.SPELL:
            clean[key] = None  # spells have a pair of triangles, not SP and HP
            continue
        try:
            clean[key] = _whole(
                definition.get(key), label, required=kind == Card.Kind.MINION, maximum=MAX_STAT
            )
        except ValueError as error:
            message = str(error)
            if message.endswith("is required."):
                message = f"{label} is required for minions."
            errors[key] = [message]

    for key, label, limit in (
        ("ability_text", "The ability text", MAX_ABILITY_TEXT),
        ("flavor_text", "The flavor text", MAX_FLAVOR_TEXT),
    ):
        text = definition.get(key) or ""
        if not isinstance(text, str):
            errors[key] = [f"{label} must be text."]
            continue
        text = rules.clean_text(text.replace("\r\n", "\n").replace("\r", "\n")).strip()
        if len(text) > limit:
            errors[key] = [f"{label} has {len(text)} characters; the limit is {limit}."]
        clean[key] = text

    for key, label, low, high in ART_RANGES:
        try:
            clean[key] = _fraction(definition.get(key), label, low, high, ART_DEFAULTS[key])
        except ValueError as error:
            errors[key] = [str(error)]

    for key, label in CREDITS:
        text = definition.get(key)
        text = "" if text is None else text
        if not isinstance(text, str):
            errors[key] = [f"{label} must be text."]
            continue
        # A credit is printed on one line, as a name is: said of it as typed, as for names.
        text = text.strip()
        problem = name_problem(text)
        text = rules.clean_text(text).strip()
        if problem:
            errors[key] = [problem.replace("The name", label, 1)]
        elif len(text) > MAX_CREDIT:
            errors[key] = [f"{label} has {len(text)} characters; the limit is {MAX_CREDIT}."]
        clean[key] = text

    for key in ("name", "ability_text", "flavor_text"):
        if isinstance(clean.get(key), str) and "\x00" in clean[key] and key not in errors:
            errors[key] = ["Null characters are not allowed."]

    if errors:
        raise ValidationError(errors)
    return clean


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
    cards.selectors.card_history)."""
    data = _revision_data(card)
    shared = card.visibility != Card.Visibility.PRIVATE
    last = card.revisions.order_by("-number").first()
    if last is not None and last.data == data:
        if shared and not last.shared:
            CardRevision.objects.filter(pk=last.pk).update(shared=True)
        return None
    number = 1 if last is None else last.number + 1
    return CardRevision.objects.create(
        card=card, number=number, author=author, note=note[:200], data=data, shared=shared
    )


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
    clean = definition_clean(definition)
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
        clean = definition_clean(merged)
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


@transaction.atomic
def card_restore(*, card: Card, user: Any, number: int) -> Card:
    """Bring back a revision's printed card (and picture) as a new revision."""
    if card.owner_id != getattr(user, "pk", None):
        raise PermissionDenied("Only the card's designer may change it.")
    revision = card.revisions.filter(number=number).first()
    if revision is None:
        raise ValidationError(f"The card has no revision {number}.")
    clean = definition_clean({key: revision.data.get(key) for key in DEFINITION_FIELDS})
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
        number = _whole(copies, "Copies", required=True, maximum=MAX_COPIES)
    except ValueError as error:
        raise ValidationError({"copies": [str(error)]}) from error
    assert number is not None
    return number


@transaction.atomic
def collection_add(
    *, user: Any, card: Card, copies: int | None = None
) -> tuple[CollectionEntry, bool]:
    """Save a card the user may see to their collection (or set its copies if it is there)."""
    if card.visibility == Card.Visibility.PRIVATE and card.owner_id != user.pk:
        raise ValidationError({"card": ["That card is private."]})
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


# -- verdicts ---------------------------------------------------------------------------------


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


def card_verdicts_refresh(*, card: Card) -> None:
    """Store the card's verdict under every edition."""
    version = rules_version()
    rules_card = card.to_rules_card()
    editions = rules.load_editions()
    for number in editions:
        result = rules.check_card(rules_card, number)
        CardVerdict.objects.update_or_create(
            card=card,
            edition=number,
            defaults={
                "verdict": result.verdict.value,
                "playable": result.playable,
                "rules_version": version,
            },
        )
    CardVerdict.objects.filter(card=card).exclude(edition__in=list(editions)).delete()


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


# -- rendering --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RenderedCard:
    content: bytes
    key: str  # changes whenever anything drawn changes; use as an ETag


def card_face(card: Card, *, image: bytes | None | Any = UNCHANGED) -> CardFace:
    if image is UNCHANGED:
        image = read_card_image(card)
    return CardFace(
        name=card.name,
        kind=card.kind,
        design_edition=card.design_edition,
        level=card.level,
        sp=card.sp,
        hp=card.hp,
        ability_text=card.ability_text,
        flavor_text=card.flavor_text,
        image=image,
        art_zoom=card.art_zoom,
        art_x=card.art_x,
        art_y=card.art_y,
        artist=card.artist,
        art_licence=card.art_licence,
    )


def read_card_image(card: Card) -> bytes | None:
    if not card.image:
        return None
    try:
        with default_storage.open(card.image.name, "rb") as handle:
            return handle.read()
    except OSError:
        logger.warning("The image %s of card %s is missing", card.image.name, card.pk)
        return None


def card_render_key(*, card: Card) -> str:
    """The key of the card's render as it is drawn now (the same as card_render's), found
    without drawing it: what is derived from a render can be stored under it."""
    return _render_key(card)


def _render_key(card: Card) -> str:
    """The content key, remembered per saved state so an unchanged card's image is not read
    and hashed on every request."""
    memo = f"card-render-key:{card.pk}:{card.render_version}:{card.image.name}"
    key = django_cache.get(memo)
    if key is None:
        key = content_key(card_face(card))
        django_cache.set(memo, key, 60 * 60 * 24)
    return key


def _read(name: str) -> bytes | None:
    try:
        with default_storage.open(name, "rb") as handle:
            return handle.read()
    except (FileNotFoundError, OSError):
        return None


def _write(name: str, content: bytes) -> None:
    if not default_storage.exists(name):
        default_storage.save(name, ContentFile(content))


def card_render(*, card: Card, small: bool = False) -> RenderedCard:
    """The card drawn as a PNG, from the render cache when nothing drawn has changed."""
    key = _render_key(card)
    full_name = f"renders/{key}.png"
    if small:
        small_name = f"renders/{key}-w{SMALL_RENDER_WIDTH}.png"
        content = _read(small_name)
        if content is None:
            content = _shrink(_full_render(card, key, full_name))
            _write(small_name, content)
        return RenderedCard(content, f"{key}-w{SMALL_RENDER_WIDTH}")
    return RenderedCard(_full_render(card, key, full_name), key)


def _full_render(card: Card, key: str, name: str) -> bytes:
    content = _read(name)
    if content is None:
        content = render_card(card_face(card))
        _write(name, content)
    return content


def _shrink(png: bytes) -> bytes:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as full:
        height = round(full.height * SMALL_RENDER_WIDTH / full.width)
        small = full.convert("RGB").resize((SMALL_RENDER_WIDTH, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return out.getvalue()


def pictures_delete_unused(names: set[str]) -> None:
    """Delete the stored pictures among `names` that no card or revision shows any more (for
    revisions removed elsewhere: deleting an account removes the private ones of its cards)."""
    _delete_unused_files(names)
