"""A set handed on: its ZIP (each card's PNG, `set.json`, the set as a Cockatrice custom set),
and the ZIP or `set.json` read back as a new set of another designer's.

`set.json` holds the set's name, code, description and edition, its designers, and every card
the exporter may see as its definition (the check API's card object) with its number and its
designer, and the ZIP member of its uploaded picture (`"picture"`) when the exporter may see that
picture (cards.selectors.picture_audience); a card withheld from them is
`{"number": n, "withheld": true}`. Reading one back makes the importer's own private cards, each
crediting its designer and with its picture (checked as a card picture upload is:
cards.images), and a private set of them: all of it or, on any fault, nothing, with a message
that says what is wrong.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils.text import slugify

from cards import images
from cards.importing import import_definition
from cards.selectors import picture_audience
from cards.services import card_create, pictures_delete_unused
from decks.tabletop_cockatrice import cockatrice_set_xml
from kotc_site.inputs import InputError, read_json
from sets import selectors, services
from sets.limits import (
    MAX_CARDS,
    MAX_SET_JSON_BYTES,
    MAX_UNZIPPED_BYTES,
    MAX_ZIP_BYTES,
    MAX_ZIP_FILES,
)
from sets.models import CardSet
from sets.printing import numbered_render

FORMAT = "kotc-set"
FORMAT_VERSION = 1
SET_JSON = "set.json"
PICTURES = "pictures/"
COCKATRICE_XML = "cockatrice-set.xml"
# A ZIP member compressed more than this many times over is refused before it is read.
MAX_RATIO = 200


def set_document(
    card_set: CardSet, user: Any, pictures: dict[int, str] | None = None
) -> dict[str, Any]:
    """`set.json` as `user` may see the set; `pictures`, by card id, the ZIP members of the
    pictures it holds."""
    cards = []
    pictures = pictures or {}
    for row in selectors.numbered_cards(card_set, user):
        if row.card.withheld:
            cards.append({"number": row.number, "withheld": True})
            continue
        entry = {
            "number": row.number,
            "designer": row.card.owner.get_username(),
            "card": row.card.definition(),
        }
        if row.card.pk in pictures:
            entry["picture"] = pictures[row.card.pk]
        cards.append(entry)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": card_set.name,
        "code": card_set.code,
        "description": card_set.description,
        "edition": card_set.edition,
        "designers": [user.get_username() for user in selectors.designers_of(card_set)],
        "cards": cards,
    }


def _member_name(number: int, total: int, name: str) -> str:
    width = max(3, len(str(total)))
    return f"cards/{number:0{width}d}-{slugify(name) or 'card'}.png"


def _picture_member(row: selectors.NumberedCard) -> str:
    width = max(3, len(str(row.total)))
    extension = row.card.image.name.rsplit(".", 1)[-1].lower()
    name = slugify(row.card.name) or "card"
    return f"{PICTURES}{row.number:0{width}d}-{name}.{extension}"


def _picture_of(row: selectors.NumberedCard, user: Any) -> bytes | None:
    """The card's uploaded picture, when it has one that `user` may see (the picture gate)."""
    name = row.card.image.name
    if not name or picture_audience(name, user) is None:
        return None
    try:
        with default_storage.open(name, "rb") as handle:
            return bytes(handle.read())
    except OSError:
        return None  # gone from the storage: the card's render still shows the set has it


def set_zip(card_set: CardSet, user: Any, *, picture_url: Callable[[Any], str]) -> bytes:
    """The set's ZIP as `user` may see it: each card's PNG with its number printed, the
    pictures of the cards that `user` may see (under pictures/), set.json, and the Cockatrice
    custom set (pictures at `picture_url(row)`)."""
    rows = selectors.numbered_cards(card_set, user)
    out = io.BytesIO()
    pictures: dict[int, str] = {}
    # Stored, not deflated: the PNGs are compressed already, and set.json stays readable as
    # sent (the privacy walk reads every answer for text it must not hold).
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for row in rows:
            if row.card.withheld:
                continue
            png = numbered_render(card_set, row).content
            archive.writestr(_member_name(row.number, row.total, row.card.name), png)
            picture = _picture_of(row, user)
            if picture is not None:
                pictures[row.card.pk] = _picture_member(row)
                archive.writestr(pictures[row.card.pk], picture)
        document = set_document(card_set, user, pictures)
        archive.writestr(SET_JSON, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        by_card = {row.card.pk: row for row in rows}
        archive.writestr(
            COCKATRICE_XML,
            cockatrice_set_xml(
                [row.card for row in rows],
                picture_url=lambda card: picture_url(by_card[card.pk]),
                long_name=card_set.name,
                code=card_set.code,
            ),
        )
    return out.getvalue()


# -- reading one back -------------------------------------------------------------------------


def _refuse(message: str) -> ValidationError:
    return ValidationError({"file": [message]})


def read_upload(upload: Any) -> dict[str, Any]:
    """The set document of an uploaded ZIP or set.json; ValidationError on `file` saying what
    is wrong with it, before anything is stored."""
    return read_package(upload)[0]


def read_package(upload: Any) -> tuple[dict[str, Any], zipfile.ZipFile | None]:
    """The set document of an uploaded ZIP or set.json, and the ZIP (None for a set.json) to
    read its pictures from; ValidationError on `file` as read_upload."""
    size = getattr(upload, "size", None) or 0
    if size > MAX_ZIP_BYTES:
        raise _refuse(f"The file is {size:,} bytes; the limit is {MAX_ZIP_BYTES:,}.")
    raw = upload.read(MAX_ZIP_BYTES + 1)
    if len(raw) > MAX_ZIP_BYTES:
        raise _refuse(f"The file is larger than {MAX_ZIP_BYTES:,} bytes.")
    if not raw:
        raise _refuse("The file is empty.")
    archive = None
    if raw[:4] == b"PK\x03\x04" or raw[:4] == b"PK\x05\x06":
        archive = _open_zip(raw)
        raw = _set_json_of_zip(archive)
    elif len(raw) > MAX_SET_JSON_BYTES:
        raise _refuse(f"set.json is larger than {MAX_SET_JSON_BYTES:,} bytes.")
    try:
        document = read_json(raw)
    except InputError as error:
        raise _refuse(f"set.json cannot be read: {error}") from None
    return _checked_document(document), archive


def _open_zip(raw: bytes) -> zipfile.ZipFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError):
        raise _refuse("The file is not a ZIP that can be read.") from None
    if len(members) > MAX_ZIP_FILES:
        raise _refuse(
            f"The ZIP holds {len(members):,} files; a set's holds at most {MAX_ZIP_FILES}."
        )
    if sum(member.file_size for member in members) > MAX_UNZIPPED_BYTES:
        raise _refuse("The ZIP unpacks to more than a set's files could be.")
    return archive


def _set_json_of_zip(archive: zipfile.ZipFile) -> bytes:
    found = [member for member in archive.infolist() if member.filename == SET_JSON]
    if not found:
        raise _refuse("The ZIP holds no set.json at its top: export the set from its page again.")
    member = found[0]
    if member.flag_bits & 0x1:
        raise _refuse("set.json is encrypted.")
    if member.file_size > MAX_SET_JSON_BYTES:
        raise _refuse(f"set.json is larger than {MAX_SET_JSON_BYTES:,} bytes.")
    if member.compress_size and member.file_size / member.compress_size > MAX_RATIO:
        raise _refuse("set.json is packed too tightly to be a set's: it is refused unread.")
    try:
        with archive.open(member) as handle:
            content = handle.read(MAX_SET_JSON_BYTES + 1)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
        raise _refuse("set.json in the ZIP is damaged.") from None
    if len(content) > MAX_SET_JSON_BYTES:
        raise _refuse(f"set.json is larger than {MAX_SET_JSON_BYTES:,} bytes.")
    return content


def _checked_document(document: Any) -> dict[str, Any]:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _refuse(f'This is not a set\'s set.json (its "format" is not "{FORMAT}").')
    if document.get("version") != FORMAT_VERSION:
        raise _refuse(f"set.json is of version {document.get('version')!r}; this site reads 1.")
    cards = document.get("cards")
    if not isinstance(cards, list) or not cards:
        raise _refuse("set.json lists no cards.")
    if len(cards) > MAX_CARDS:
        raise _refuse(f"set.json lists {len(cards)} cards; a set holds at most {MAX_CARDS}.")
    designers = document.get("designers")
    if not isinstance(designers, list) or not all(isinstance(d, str) for d in designers):
        raise _refuse('set.json\'s "designers" must be a list of names.')
    return document


def _picture(
    entry: dict[str, Any], index: int, archive: zipfile.ZipFile | None
) -> images.CleanImage | None:
    """The card's picture from the ZIP, checked as a card picture upload is (size, type,
    decompression bombs: cards.images); ValidationError on `file` naming the card otherwise.
    A set.json alone brings no pictures."""
    member_name = entry.get("picture")
    if member_name is None or archive is None:
        return None
    if not isinstance(member_name, str):
        raise _refuse(f'Card {index} of set.json: its "picture" must be the name of a file.')

    def refuse(problem: str) -> ValidationError:
        return _refuse(f"The picture of card {index} ({member_name[:100]}): {problem}")

    try:
        member = archive.getinfo(member_name)
    except KeyError:
        raise refuse("the ZIP holds no such file.") from None
    if member.flag_bits & 0x1:
        raise refuse("it is encrypted.")
    if member.file_size > images.MAX_BYTES:
        raise refuse(
            f"it is {member.file_size:,} bytes; a card's picture is at most {images.MAX_BYTES:,}."
        )
    if member.compress_size and member.file_size / member.compress_size > MAX_RATIO:
        raise refuse("it is packed too tightly to be a picture: it is refused unread.")
    try:
        with archive.open(member) as handle:
            content = handle.read(images.MAX_BYTES + 1)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
        raise refuse("it is damaged in the ZIP.") from None
    try:
        return images.clean_image(content, member_name.rsplit("/", 1)[-1])
    except images.ImageRejected as error:
        raise refuse(str(error)) from None


def _designer(entry: dict[str, Any], fallback: str) -> str:
    name = entry.get("designer")
    return name[:150] if isinstance(name, str) and name.strip() else fallback


def set_import(*, user: Any, upload: Any) -> CardSet:
    """A new private set of `user`'s from a set's ZIP or set.json: each card a new private card
    of theirs crediting its designer, with its picture when the ZIP holds it, in the set's
    order. All or nothing: every card and picture is checked before anything is stored, and
    pictures stored for an import that fails after all are deleted again."""
    document, archive = read_package(upload)
    wanted = _checked_cards(document, archive)
    stored: set[str] = set()
    try:
        return _set_import_save(user=user, document=document, wanted=wanted, stored=stored)
    except Exception:
        pictures_delete_unused(stored)
        raise


def _checked_cards(
    document: dict[str, Any], archive: zipfile.ZipFile | None
) -> list[tuple[dict[str, Any], dict[str, Any], images.CleanImage | None]]:
    """Each card set.json holds that is not withheld: its entry, its definition and its
    picture, all read and checked before anything is made."""
    wanted = []
    for index, entry in enumerate(document["cards"], start=1):
        if not isinstance(entry, dict):
            raise _refuse(f"Card {index} of set.json is not an object.")
        if entry.get("withheld"):
            continue  # the exporter could not see it: nothing of it to import
        try:
            definition, _notes = import_definition(entry.get("card"))
        except ValidationError as error:
            raise _refuse(f"Card {index} of set.json: {'; '.join(_messages(error))}") from None
        wanted.append((entry, definition, _picture(entry, index, archive)))
    if not wanted:
        raise _refuse("Every card of set.json is withheld: there is nothing to import.")
    return wanted


@transaction.atomic
def _set_import_save(
    *,
    user: Any,
    document: dict[str, Any],
    wanted: list[tuple[dict[str, Any], dict[str, Any], images.CleanImage | None]],
    stored: set[str],
) -> CardSet:
    fallback = (document["designers"] or ["unknown"])[0]
    made = []
    for entry, definition, picture in wanted:
        card = card_create(
            owner=user, definition=definition, image=picture, note="Imported with a set"
        )
        if card.image.name:
            stored.add(card.image.name)
        designer = _designer(entry, fallback)
        if designer != user.get_username():
            card.forked_from_name = card.name
            card.forked_from_owner = designer
            card.imported = True
            card.save(update_fields=["forked_from_name", "forked_from_owner", "imported"])
        made.append(card.pk)
    credit = ", ".join(document["designers"]) or fallback
    description = document.get("description")
    if not isinstance(description, str):
        description = ""
    note = f"Designed by {credit}; imported from their set."
    try:
        return services.set_create(
            user=user,
            name=document.get("name"),
            code=document.get("code"),
            description=f"{description}\n\n{note}".strip(),
            visibility=CardSet.Visibility.PRIVATE,
            edition=document.get("edition"),
            cards=made,
        )
    except ValidationError as error:
        raise _refuse("; ".join(_messages(error))) from None


def _messages(error: ValidationError) -> list[str]:
    if hasattr(error, "error_dict"):
        return [f"{field}: {m}" for field, ms in error.message_dict.items() for m in ms]
    return list(error.messages)


FILENAME_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def download_name(card_set: CardSet, suffix: str) -> str:
    return FILENAME_UNSAFE.sub("-", f"{card_set.code}-{slugify(card_set.name) or 'set'}{suffix}")
