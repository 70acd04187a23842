"""Input and output serializers of the set API. The services check the rest (a code taken,
a card not the caller's), answering with field errors."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards.check_api import EditionField
from cards.limits import MAX_ID
from cards.markup import render_markup
from kotc_site.inputs import WholeNumberSerializerField
from kotc_site.schema import NameField, ProseField
from sets import selectors
from sets.limits import CODE_PATTERN, MAX_CARDS, MAX_DESCRIPTION, MAX_NAME
from sets.models import CardSet


class SetInputSerializer(serializers.Serializer):
    name = NameField(max_length=MAX_NAME)
    code = serializers.RegexField(
        CODE_PATTERN,
        error_messages={"invalid": "A set's code is 2 to 5 capital letters, like EMB or WISPS."},
        help_text="2 to 5 capital letters, one code per set of yours.",
    )
    description = ProseField(max_length=MAX_DESCRIPTION, required=False, allow_blank=True)
    visibility = serializers.ChoiceField(
        choices=CardSet.Visibility.values,
        required=False,
        help_text="What the release shows the set as; until then only its designers see it.",
    )
    edition = EditionField(required=False)
    cards = serializers.ListField(
        child=WholeNumberSerializerField(min_value=1, max_value=MAX_ID),
        max_length=MAX_CARDS,
        required=False,
        help_text="The set's card ids in order: the first is number 1.",
    )
    release_at = serializers.DateTimeField(
        required=False, allow_null=True, help_text="Release then, by itself; null: not planned."
    )


class SetCardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.CharField(help_text='The number as printed: "007/120".')
    id = serializers.IntegerField(source="card.pk")
    name = serializers.CharField(source="card.name")
    withheld = serializers.BooleanField(source="card.withheld")
    changed_after_release = serializers.BooleanField()


class SetOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.SerializerMethodField()
    name = serializers.CharField()
    code = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    designers = serializers.SerializerMethodField()
    description = serializers.CharField(help_text="As written: Markdown.")
    description_html = serializers.SerializerMethodField(
        help_text="As the set page shows it to you: sanitised HTML."
    )
    visibility = serializers.CharField()
    edition = serializers.IntegerField()
    has_symbol = serializers.SerializerMethodField()
    release_at = serializers.DateTimeField(allow_null=True)
    released_at = serializers.DateTimeField(allow_null=True)
    cards = serializers.SerializerMethodField()

    def _viewer(self) -> Any:
        request = self.context.get("request")
        return getattr(request, "user", None)

    def get_url(self, card_set: CardSet) -> str:
        request = self.context.get("request")
        url = card_set.get_absolute_url()
        return request.build_absolute_uri(url) if request is not None else url

    def get_designers(self, card_set: CardSet) -> list[str]:
        return [user.username for user in selectors.designers_of(card_set)]

    def get_description_html(self, card_set: CardSet) -> str:
        return render_markup(card_set.description, viewer=self._viewer())

    def get_has_symbol(self, card_set: CardSet) -> bool:
        return bool(card_set.symbol)

    @extend_schema_field(SetCardSerializer(many=True))
    def get_cards(self, card_set: CardSet) -> list[dict[str, Any]]:
        rows = selectors.numbered_cards(card_set, self._viewer())
        return SetCardSerializer(rows, many=True).data


class SetSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    visibility = serializers.CharField()
    released_at = serializers.DateTimeField(allow_null=True)
    release_at = serializers.DateTimeField(allow_null=True)


class InvitationInputSerializer(serializers.Serializer):
    username = NameField(max_length=150)
