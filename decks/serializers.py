"""Input and output serializers of the deck API, and the reader of the deck JSON format."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rest_framework import serializers
from rest_framework.utils import html

from cards.check_api import CardDefinitionSerializer, EditionField, edition_choices
from cards.markup import render_markup
from cards.search import MAX_QUERY_LENGTH
from cards.selectors import MAX_ID
from cards.serializers import CARD_NEEDS, CardImportSerializer
from decks.check_api import MAX_ENTRIES as MAX_DECK_JSON_ENTRIES
from decks.check_api import DeckDefinitionSerializer, DeckEntrySerializer
from decks.decklist import MAX_LINES
from decks.forms import MAX_LIST_CHARS, titled
from decks.models import MAX_COUNT, MAX_DESCRIPTION, MAX_ENTRIES, MAX_NAME, Board, Deck
from decks.selectors import DECK_ORDERS
from kotc_site.api_query import QueryBooleanField, QueryParameters
from kotc_site.inputs import InputError, WholeNumberSerializerField, read_json
from kotc_site.schema import ByKind, NameField, ProseField


class DeckFormatError(ValueError):
    """The deck JSON does not follow the format; `detail` holds DRF-style field errors."""

    def __init__(self, detail: Any) -> None:
        self.detail = detail
        super().__init__("The deck JSON does not follow the format.")

    @property
    def messages_list(self) -> list[str]:
        """The errors as sentences naming where they are, like 'cards → 3 → card → level: …'."""
        found: list[str] = []

        def walk(node: Any, path: list[str]) -> None:
            if isinstance(node, dict):
                for key, value in node.items():
                    walk(value, [*path, str(key)])
            elif isinstance(node, list):
                if all(not isinstance(item, dict | list) for item in node):
                    where = " → ".join(_readable(path))
                    found.extend(f"{where}: {item}" if where else str(item) for item in node)
                else:
                    for index, item in enumerate(node):
                        if item:
                            walk(item, [*path, str(index)])
            else:
                where = " → ".join(_readable(path))
                found.append(f"{where}: {node}" if where else str(node))

        walk(self.detail, [])
        return found


def _readable(path: list[str]) -> list[str]:
    # Lists are numbered from 1 for people: "cards → 3" is the third card.
    out = []
    for index, part in enumerate(path):
        if part.isdigit() and index > 0 and path[index - 1] == "cards":
            out.append(f"card {int(part) + 1}")
        elif part == "non_field_errors":
            continue
        else:
            out.append(part)
    return out


MAX_DESIGNER = 150  # the longest user name


class ExportedCardSerializer(CardDefinitionSerializer):
    """A card of the deck JSON: the check API's card object, with the card's id and its
    designer's name as the export writes them, by which an import uses the card itself (or
    credits its designer) instead of copying it. Both may be left out."""

    id = WholeNumberSerializerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="The card's id on the site it was exported from.",
    )
    designer = serializers.CharField(
        max_length=MAX_DESIGNER,
        required=False,
        allow_blank=True,
        help_text="The user name of the card's designer.",
    )


class DeckJsonEntrySerializer(DeckEntrySerializer):
    card = ExportedCardSerializer(required=False)


class DeckImportSerializer(DeckDefinitionSerializer):
    """The deck JSON: the check API's deck body plus the deck's name and description, each
    card with its id and designer."""

    cards = DeckJsonEntrySerializer(many=True, allow_empty=True, max_length=MAX_DECK_JSON_ENTRIES)

    name = NameField(max_length=MAX_NAME, required=False, allow_blank=True)
    description = ProseField(
        max_length=MAX_DESCRIPTION, required=False, allow_blank=True, default=""
    )
    visibility = serializers.ChoiceField(
        choices=Deck.Visibility.values, required=False, default=Deck.Visibility.PRIVATE
    )


class DeckCardImportSerializer(CardImportSerializer):
    """A card object to import with a deck: CardImportSerializer, with the id and designer the
    export writes (see ExportedCardSerializer)."""

    id = WholeNumberSerializerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="The card's id on the site it was exported from: the card itself is used"
        " when you may see it and it is unchanged.",
    )
    designer = serializers.CharField(
        max_length=MAX_DESIGNER,
        required=False,
        allow_blank=True,
        help_text="The user name of the card's designer: their identical card is used when"
        " you may find it; a card created instead credits them.",
    )


class _ImportEntrySerializer(DeckEntrySerializer):
    card = ByKind("DeckCardImport", DeckCardImportSerializer, CARD_NEEDS, required=False)


class DeckJsonImportSerializer(DeckImportSerializer):
    """The deck JSON to import, as the schema states it: its cards become cards of the
    importer's, so each is a card object to import (cards.serializers.CardImportSerializer)."""

    cards = _ImportEntrySerializer(many=True, allow_empty=True, max_length=MAX_DECK_JSON_ENTRIES)


def read_deck_json(data: Any) -> dict[str, Any]:
    """The validated deck JSON, or DeckFormatError with field errors."""
    serializer = DeckImportSerializer(data=data)
    if not serializer.is_valid():
        raise DeckFormatError(serializer.errors)
    return dict(serializer.validated_data)


class DecklistImportSerializer(serializers.Serializer):
    """A plain list to import: one '3 Card Name' a line. Without a name (or an edition), the
    deck takes the one its first line gives, as the site's exports write it ('# Name (14th
    Edition)', or '//' in Cockatrice's list)."""

    list = serializers.CharField(max_length=MAX_LIST_CHARS, trim_whitespace=False)
    name = NameField(max_length=MAX_NAME, required=False, allow_blank=True)
    description = ProseField(
        max_length=MAX_DESCRIPTION, required=False, allow_blank=True, default=""
    )
    edition = EditionField(required=False)
    visibility = serializers.ChoiceField(
        choices=Deck.Visibility.values, required=False, default=Deck.Visibility.PRIVATE
    )

    def validate_list(self, value: str) -> str:
        if len(value.splitlines()) > MAX_LINES:
            raise serializers.ValidationError(f"A list may have at most {MAX_LINES} lines.")
        return value

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        title, edition = titled(data["list"])
        if not (data.get("name") or "").strip():
            if not title:
                raise serializers.ValidationError(
                    {"name": ["A list needs a name: send one, or start the list with '# Name'."]}
                )
            data["name"] = title
        if data.get("edition") is None and edition is not None and edition in edition_choices():
            data["edition"] = edition
        return data


class EntryInputSerializer(serializers.Serializer):
    card = WholeNumberSerializerField(min_value=1, max_value=MAX_ID)
    count = WholeNumberSerializerField(min_value=1, max_value=MAX_COUNT)
    board = serializers.ChoiceField(
        choices=Board.values,
        required=False,
        default=Board.MAIN,
        help_text="main: the deck; maybe: its maybeboard, cards being considered, never"
        " counted, judged, played or printed. A card may have an entry on each.",
    )

    def to_internal_value(self, data: Any) -> Any:
        # Entries, when given, replace the deck's whole list, so each entry is whole, in a
        # PATCH too: DRF would leave out a missing field of a partial update's nested entry
        # (and would not put in the default board).
        if isinstance(data, Mapping):
            missing = {
                name: [field.error_messages["required"]]
                for name, field in self.fields.items()
                if field.required and name not in data
            }
            if missing:
                raise serializers.ValidationError(missing)
        value = super().to_internal_value(data)
        value.setdefault("board", Board.MAIN)
        return value


# How DRF reads a list of objects from a form body: entries[0]card=12&entries[0]count=3.
_FORM_ENTRY_KEY = re.compile(r"entries\[[0-9]+\]")


class DeckInputSerializer(serializers.Serializer):
    name = NameField(max_length=MAX_NAME)
    description = ProseField(max_length=MAX_DESCRIPTION, required=False, allow_blank=True)
    edition = EditionField(required=False)
    visibility = serializers.ChoiceField(choices=Deck.Visibility.values, required=False)
    entries = EntryInputSerializer(many=True, required=False, max_length=MAX_ENTRIES)

    def to_internal_value(self, data: Any) -> Any:
        if html.is_html_input(data):
            data = _form_entries(data)
        if html.is_html_input(data) and not any(key.startswith("entries[") for key in data):
            # A form's fields read as values, as the schema has them: DRF would take an empty
            # one for a missing one (an empty visibility in a PATCH left the deck as it was).
            data = {key: data.get(key) for key in data}
        return super().to_internal_value(data)

    def validate_entries(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        seen: set[tuple[int, str]] = set()
        for entry in value:
            key = (entry["card"], entry["board"])
            if key in seen:
                where = " on the maybeboard" if entry["board"] == Board.MAYBE else ""
                raise serializers.ValidationError(
                    f"Card {entry['card']} is listed twice{where}; list each card once with"
                    " its count."
                )
            seen.add(key)
        return value


class DeckListQuerySerializer(QueryParameters):
    """The query of GET /api/v1/decks/."""

    q = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        default="",
        max_length=MAX_QUERY_LENGTH,
        error_messages={"max_length": "The query is too long; the limit is {max_length}."},
        help_text=(
            "Only decks whose name contains this; with mine=true, tag: terms pick your decks by"
            " your own tags, as on My decks (tag:aggro, tag:a,b for any of them)."
        ),
    )
    mine = QueryBooleanField(
        digits=True, required=False, default=False, help_text="Only your own decks."
    )
    archived = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="With mine=true, your archived decks too (left out otherwise, as on My decks).",
    )
    designer = serializers.CharField(
        required=False,
        max_length=150,
        help_text="Only this designer's public decks, as their profile lists them (not with mine).",
    )
    order = serializers.ChoiceField(
        choices=list(DECK_ORDERS),
        required=False,
        default="updated",
        help_text="How a designer's decks are sorted: last changed, newest, name or most liked.",
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if data.get("mine") and data.get("designer"):
            both = "Give designer or mine=true, not both."
            raise serializers.ValidationError({"designer": [both]})
        return data


class DeckValidationQuerySerializer(QueryParameters):
    """The query of GET /api/v1/decks/{id}/validation/."""

    edition = EditionField(required=False, help_text="Check under another edition.")


def _form_entries(data: Any) -> Any:
    """A form body (multipart or urlencoded) with its entries made readable, or a 400.

    DRF reads entries[0]card=12&entries[0]count=3 itself; `entries` may also hold the list as
    JSON text. A key that starts like entries but is neither is refused: DRF would skip it,
    and a deck would be saved without the cards it was sent."""
    keys = [key for key in data if key.startswith("entries")]
    unread = [key for key in keys if key != "entries" and not _FORM_ENTRY_KEY.match(key)]
    if unread or ("entries" in keys and len(keys) > 1):
        raise serializers.ValidationError(
            {
                "entries": [
                    "In a form body, give the entries as JSON text in one 'entries' field, or as"
                    " entries[0]card=12&entries[0]count=3; these keys cannot be read: "
                    + ", ".join(sorted(unread or keys))
                    + "."
                ]
            }
        )
    if "entries" not in keys:
        return data
    texts = data.getlist("entries")
    try:
        if len(texts) != 1:
            raise InputError("Give 'entries' once, as a JSON list.")
        entries = read_json(texts[0])
    except InputError as error:
        raise serializers.ValidationError({"entries": [str(error)]}) from None
    plain = {key: data.get(key) for key in data if key != "entries"}
    plain["entries"] = entries
    return plain


class EntryOutputSerializer(serializers.Serializer):
    """An entry of the deck. A card you may not see (its designer keeps it private) is
    `withheld`: only its count is given, and card, name, kind and level are null."""

    card = serializers.IntegerField(allow_null=True)
    count = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    level = serializers.IntegerField(allow_null=True)
    withheld = serializers.BooleanField()
    withdrawn = serializers.BooleanField(
        help_text="Withheld because its designer made it private after it was added."
    )
    board = serializers.ChoiceField(
        choices=Board.values,
        help_text="main: the deck; maybe: its maybeboard, not counted in the size or judged.",
    )


class DeckSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.SerializerMethodField()
    name = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    edition = serializers.IntegerField()
    visibility = serializers.CharField()
    size = serializers.IntegerField()
    updated = serializers.DateTimeField()

    def get_url(self, deck: Deck) -> str:
        request = self.context.get("request")
        url = deck.get_absolute_url()
        return request.build_absolute_uri(url) if request is not None else url


class DeckOutputSerializer(DeckSummarySerializer):
    description = serializers.CharField(help_text="The primer as written: Markdown.")
    description_html = serializers.SerializerMethodField(
        help_text="The primer as the deck page shows it to you: sanitised HTML, its [[card"
        " links]] resolved among the cards you may find."
    )
    forked_from = serializers.IntegerField(source="forked_from_id", allow_null=True)
    created = serializers.DateTimeField()
    legal = serializers.BooleanField()
    withheld = serializers.IntegerField(
        help_text="Copies of cards you may not see; counted in the size, not judged."
    )
    entries = EntryOutputSerializer(
        many=True,
        source="sorted_entries",
        help_text="The deck's entries, then its maybeboard's; `size` and `legal` are the"
        " deck's alone.",
    )

    def get_description_html(self, deck: Deck) -> str:
        request = self.context.get("request")
        return render_markup(deck.description, viewer=getattr(request, "user", None))


class LineErrorSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()


class DecklistErrorSerializer(serializers.Serializer):
    """A 400 of the import: field errors ({field: [messages]}, "list" among them), and for a
    list whose lines cannot be read, "lines" too: one error a bad line."""

    list = serializers.ListField(child=serializers.CharField(), required=False)
    lines = LineErrorSerializer(many=True, required=False)
