"""The shelves API's bodies: an input serializer for what is sent, an output one for what is
answered. The services check the rest (a cycle of folders, a query the search cannot read)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cards.limits import MAX_ID
from cards.search import QUERY_PATTERN
from kotc_site.inputs import WholeNumberSerializerField
from shelves.limits import (
    MAX_BULK,
    MAX_FOLDER_NAME,
    MAX_SMART_NAME,
    MAX_SMART_QUERY,
    MAX_TAG_LENGTH,
)
from shelves.models import Folder, Holds, SmartFolder, Tag

TAG_PATTERN = r"^[\w-]+$"


def _id(**kwargs: Any) -> WholeNumberSerializerField:
    return WholeNumberSerializerField(min_value=1, max_value=MAX_ID, **kwargs)


class TagInputSerializer(serializers.Serializer):
    name = serializers.RegexField(
        TAG_PATTERN,
        max_length=MAX_TAG_LENGTH,
        help_text="Letters, digits, - and _; stored and searched without case.",
    )


class TagOutputSerializer(serializers.ModelSerializer):
    card_count = serializers.IntegerField(read_only=True)
    deck_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Tag
        fields = ["id", "name", "card_count", "deck_count"]
        read_only_fields = fields


class FolderInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=MAX_FOLDER_NAME)
    parent = _id(allow_null=True, required=False, help_text="The folder it sits in; null: the top.")
    holds = serializers.ChoiceField(choices=Holds.choices, required=False)


class FolderOutputSerializer(serializers.ModelSerializer):
    cards = serializers.SerializerMethodField()
    decks = serializers.SerializerMethodField()
    children = serializers.SerializerMethodField()

    class Meta:
        model = Folder
        fields = ["id", "name", "parent", "holds", "children", "cards", "decks"]
        read_only_fields = fields

    def get_cards(self, folder: Folder) -> list[int]:
        return sorted(folder.card_places.values_list("card_id", flat=True))

    def get_decks(self, folder: Folder) -> list[int]:
        return sorted(folder.deck_places.values_list("deck_id", flat=True))

    def get_children(self, folder: Folder) -> list[int]:
        return sorted(folder.children.values_list("pk", flat=True))


class SmartFolderInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=MAX_SMART_NAME)
    query = serializers.RegexField(
        QUERY_PATTERN,
        max_length=MAX_SMART_QUERY,
        help_text="A search in the site's syntax (cards.search); for decks, a name and tag: terms.",
    )
    holds = serializers.ChoiceField(choices=["cards", "decks"], required=False)


class SmartFolderOutputSerializer(serializers.ModelSerializer):
    opens = serializers.SerializerMethodField(help_text="The list it opens, searched by it.")

    class Meta:
        model = SmartFolder
        fields = ["id", "name", "query", "holds", "opens"]
        read_only_fields = fields

    def get_opens(self, smart: SmartFolder) -> str:
        from shelves.views import smart_url

        return smart_url(smart)


class BulkInputSerializer(serializers.Serializer):
    operation = serializers.ChoiceField(choices=["tag", "untag", "move", "archive", "unarchive"])
    cards = serializers.ListField(child=_id(), max_length=MAX_BULK, required=False, default=list)
    decks = serializers.ListField(child=_id(), max_length=MAX_BULK, required=False, default=list)
    tag = serializers.RegexField(
        TAG_PATTERN, max_length=MAX_TAG_LENGTH, required=False, help_text="For tag and untag."
    )
    folder = _id(allow_null=True, required=False, help_text="For move; null: no folder.")


class BulkOutputSerializer(serializers.Serializer):
    operation = serializers.CharField()
    cards = serializers.ListField(child=serializers.IntegerField())
    decks = serializers.ListField(child=serializers.IntegerField())
