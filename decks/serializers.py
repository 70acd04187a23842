"""Input and output serializers of the deck API, and the reader of the deck JSON format."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cards.check_api import EditionField
from cards.selectors import MAX_ID
from decks.check_api import DeckDefinitionSerializer
from decks.decklist import MAX_LINES
from decks.forms import MAX_LIST_CHARS
from decks.models import MAX_COUNT, MAX_DESCRIPTION, MAX_ENTRIES, MAX_NAME, Deck


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


class DeckImportSerializer(DeckDefinitionSerializer):
    """The deck JSON: the check API's deck body plus the deck's name and description."""

    name = serializers.CharField(max_length=MAX_NAME, required=False, allow_blank=True)
    description = serializers.CharField(
        max_length=MAX_DESCRIPTION, required=False, allow_blank=True, default=""
    )
    visibility = serializers.ChoiceField(
        choices=Deck.Visibility.values, required=False, default=Deck.Visibility.PRIVATE
    )


def read_deck_json(data: Any) -> dict[str, Any]:
    """The validated deck JSON, or DeckFormatError with field errors."""
    serializer = DeckImportSerializer(data=data)
    if not serializer.is_valid():
        raise DeckFormatError(serializer.errors)
    return dict(serializer.validated_data)


class DecklistImportSerializer(serializers.Serializer):
    """A plain list to import: one '3 Card Name' a line."""

    list = serializers.CharField(max_length=MAX_LIST_CHARS, trim_whitespace=False)
    name = serializers.CharField(max_length=MAX_NAME)
    description = serializers.CharField(
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


class EntryInputSerializer(serializers.Serializer):
    card = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    count = serializers.IntegerField(min_value=1, max_value=MAX_COUNT)


class DeckInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=MAX_NAME)
    description = serializers.CharField(
        max_length=MAX_DESCRIPTION, required=False, allow_blank=True
    )
    edition = EditionField(required=False)
    visibility = serializers.ChoiceField(choices=Deck.Visibility.values, required=False)
    entries = EntryInputSerializer(many=True, required=False, max_length=MAX_ENTRIES)

    def validate_entries(self, value: list[dict[str, int]]) -> list[dict[str, int]]:
        seen: set[int] = set()
        for entry in value:
            if entry["card"] in seen:
                raise serializers.ValidationError(
                    f"Card {entry['card']} is listed twice; list each card once with its count."
                )
            seen.add(entry["card"])
        return value


class EntryOutputSerializer(serializers.Serializer):
    card = serializers.IntegerField(source="card_id")
    count = serializers.IntegerField()
    name = serializers.CharField(source="card.name")
    kind = serializers.CharField(source="card.kind")
    level = serializers.IntegerField(source="card.level")


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
    description = serializers.CharField()
    forked_from = serializers.IntegerField(source="forked_from_id", allow_null=True)
    created = serializers.DateTimeField()
    legal = serializers.BooleanField()
    entries = EntryOutputSerializer(many=True)


class LineErrorSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()


class DecklistErrorSerializer(serializers.Serializer):
    """A 400 of the import: field errors ({field: [messages]}, "list" among them), and for a
    list whose lines cannot be read, "lines" too: one error a bad line."""

    list = serializers.ListField(child=serializers.CharField(), required=False)
    lines = LineErrorSerializer(many=True, required=False)
