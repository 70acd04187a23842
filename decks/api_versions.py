"""/api/v1/decks/{id}/versions/: a deck's versions, saving and publishing one, reverting to
one; and /api/v1/decks/compare/: two decks side by side.

Who may do what is the deck's: a private deck's versions are a 404 to everyone but its owner;
others see the versions saved while the deck was shared; only the owner saves, publishes and
reverts (403 for others who can see the deck). A card the viewer may not see is withheld, as
in the deck API: its card, name, kind and level are null (decks.versions_read).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied
from rest_framework.exceptions import ValidationError as ApiValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import selectors
from decks.api import ERROR, field_errors
from decks.models import Deck, DeckVersion
from decks.serializers import DeckSummarySerializer
from decks.versions import MAX_NOTE, version_revert, version_saved
from decks.versions_read import (
    ShownChange,
    ShownEntry,
    compare_decks,
    history_counts,
    history_deck,
    previous_for_viewer,
    version_entries,
    version_for_viewer,
    versions_diff,
    viewer_versions,
)
from kotc_site.api_query import PAGE_AND_SIZE, Pagination, QueryParameters, read_query
from kotc_site.inputs import StrictJSONParser, WholeNumberSerializerField

MAX_ID = 2**63 - 1

# -- serializers ------------------------------------------------------------------------------


class ShownCardFields(serializers.Serializer):
    """A card as the viewer may read it; withheld: card, name, kind and level are null."""

    card = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    level = serializers.IntegerField(allow_null=True)
    withheld = serializers.BooleanField()
    withdrawn = serializers.BooleanField(
        help_text="Withheld because its designer made it private (or deleted it) since."
    )
    board = serializers.ChoiceField(choices=["main", "maybe"])


class VersionEntrySerializer(ShownCardFields):
    count = serializers.IntegerField()


class DeckEntryChangeSerializer(ShownCardFields):
    before = serializers.IntegerField(help_text="Copies in the first (0: not there).")
    after = serializers.IntegerField(help_text="Copies in the second (0: not there).")
    change = serializers.ChoiceField(choices=["added", "removed", "changed", "same"])


class DiffCountsSerializer(serializers.Serializer):
    added = serializers.IntegerField()
    removed = serializers.IntegerField()
    changed = serializers.IntegerField()


class VersionSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    url = serializers.CharField()
    note = serializers.CharField()
    author = serializers.CharField(allow_null=True)
    created = serializers.DateTimeField()
    snapshot = serializers.BooleanField(help_text="A published snapshot (a major version).")
    name = serializers.CharField()
    edition = serializers.IntegerField()
    diff = DiffCountsSerializer(help_text="Against the version before it that you may see.")


class VersionDetailSerializer(VersionSummarySerializer):
    description = serializers.CharField()
    against = serializers.IntegerField(
        allow_null=True, help_text="The version the diff is against (null: the first)."
    )
    changes = DeckEntryChangeSerializer(many=True)
    entries = VersionEntrySerializer(many=True)


class VersionRevertedSerializer(VersionDetailSerializer):
    left_out = serializers.IntegerField(
        help_text="Copies of cards left out: the owner may no longer use them."
    )


class VersionSaveSerializer(serializers.Serializer):
    note = serializers.CharField(
        required=False, allow_blank=True, max_length=MAX_NOTE, default="", trim_whitespace=True
    )
    snapshot = serializers.BooleanField(
        required=False, default=False, help_text="Publish the version as a snapshot."
    )


class VersionRevertSerializer(serializers.Serializer):
    description = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Put back the version's description too (by default the deck keeps its own).",
    )


class CompareQuerySerializer(QueryParameters):
    a = WholeNumberSerializerField(min_value=1, max_value=MAX_ID, help_text="Deck A's id.")
    b = WholeNumberSerializerField(min_value=1, max_value=MAX_ID, help_text="Deck B's id.")


class DecksComparedSerializer(serializers.Serializer):
    a = DeckSummarySerializer()
    b = DeckSummarySerializer()
    only_a = DeckEntryChangeSerializer(many=True)
    only_b = DeckEntryChangeSerializer(many=True)
    different = DeckEntryChangeSerializer(many=True, help_text="In both, with other counts.")
    same = DeckEntryChangeSerializer(many=True, help_text="In both, with the same count.")


# -- building the answers ---------------------------------------------------------------------


def _card_fields(card: Any, board: str) -> dict[str, Any]:
    return {
        "card": card.id,
        "name": None if card.withheld else card.name,
        "kind": card.kind,
        "level": card.level,
        "withheld": card.withheld,
        "withdrawn": card.withdrawn,
        "board": board,
    }


def change_data(change: ShownChange) -> dict[str, Any]:
    return {
        **_card_fields(change.card, change.board),
        "before": change.before,
        "after": change.after,
        "change": change.kind,
    }


def _entry_data(entry: ShownEntry) -> dict[str, Any]:
    return {**_card_fields(entry.card, entry.board), "count": entry.count}


def _summary(version: DeckVersion, counts: dict[str, int], request: Request) -> dict[str, Any]:
    url = reverse("api-deck-version", args=[version.deck_id, version.number])
    return {
        "number": version.number,
        "url": request.build_absolute_uri(url),
        "note": version.note,
        "author": version.author.get_username() if version.author else None,
        "created": version.created,
        "snapshot": version.snapshot,
        "name": version.name,
        "edition": version.edition,
        "diff": counts,
    }


def version_data(deck: Deck, version: DeckVersion, request: Request) -> dict[str, Any]:
    previous = previous_for_viewer(deck, version, request.user)
    diff = versions_diff(deck, previous, version, request.user)
    data = _summary(version, diff.counts(), request)
    data.update(
        {
            "description": version.description,
            "against": previous.number if previous is not None else None,
            "changes": [change_data(change) for change in diff.changes],
            "entries": [_entry_data(e) for e in version_entries(version, deck, request.user)],
        }
    )
    return VersionDetailSerializer(data).data


def _owned(request: Request, deck: Deck) -> None:
    try:
        selectors.deck_for_owner(user=request.user, pk=deck.pk, entries=False)
    except PermissionDenied as error:
        raise ApiPermissionDenied(str(error)) from error


class VersionPagination(Pagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


# -- views ------------------------------------------------------------------------------------


class DeckVersionListView(APIView):
    """A deck's versions, newest first; POST saves the deck as it is now as a new version."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [StrictJSONParser]
    pagination_class = VersionPagination

    @extend_schema(
        responses={
            200: VersionSummarySerializer(many=True),
            400: ERROR,
            404: OpenApiResponse(description="No such deck, or no such page."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        read_query(QueryParameters, request, also=PAGE_AND_SIZE)
        deck = history_deck(user=request.user, pk=pk)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(viewer_versions(deck, request.user), request, view=self)
        listed = list(page or [])
        counts = history_counts(deck, listed, request.user)
        data = [_summary(version, counts[version.number], request) for version in listed]
        return paginator.get_paginated_response(VersionSummarySerializer(data, many=True).data)

    @extend_schema(
        request=VersionSaveSerializer,
        responses={
            200: VersionDetailSerializer,
            201: VersionDetailSerializer,
            400: ERROR,
            403: ERROR,
            404: ERROR,
        },
        description="Save a version (with an optional note), or publish a snapshot. A plain"
        " version of a deck unchanged since its latest is refused (400); a snapshot of such a"
        " deck publishes that latest version (200) rather than adding one (201).",
    )
    def post(self, request: Request, pk: int) -> Response:
        deck = history_deck(user=request.user, pk=pk)
        _owned(request, deck)
        body = VersionSaveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            saved = version_saved(deck=deck, user=request.user, **body.validated_data)
        except ValidationError as error:
            raise ApiValidationError(field_errors(error)) from error
        return Response(
            version_data(deck, saved.version, request),
            status=status.HTTP_201_CREATED if saved.added else status.HTTP_200_OK,
        )


class DeckVersionDetailView(APIView):
    """One version: its details, its diff against the version before it, and its entries."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: VersionDetailSerializer, 404: ERROR})
    def get(self, request: Request, pk: int, number: int) -> Response:
        deck, version = version_for_viewer(user=request.user, pk=pk, number=number)
        return Response(version_data(deck, version, request))


class DeckVersionRevertView(APIView):
    """Make the deck's cards, name and edition as the version had them, saved as a new
    version (history is kept); its description too when the body asks."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=VersionRevertSerializer,
        responses={201: VersionRevertedSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        deck, version = version_for_viewer(user=request.user, pk=pk, number=number)
        _owned(request, deck)
        body = VersionRevertSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            new, left_out = version_revert(
                version=version, user=request.user, **body.validated_data
            )
        except ValidationError as error:
            raise ApiValidationError(field_errors(error)) from error
        data = {**version_data(deck, new, request), "left_out": left_out}
        return Response(VersionRevertedSerializer(data).data, status=status.HTTP_201_CREATED)


class DecksCompareView(APIView):
    """Two decks you may see, side by side: cards only in A, only in B, in both."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[CompareQuerySerializer],
        responses={200: DecksComparedSerializer, 400: ERROR, 404: ERROR},
    )
    def get(self, request: Request) -> Response:
        query = read_query(CompareQuerySerializer, request)
        compared = compare_decks(user=request.user, first=query["a"], second=query["b"])
        data = {
            "a": _deck_summary(compared.first, request),
            "b": _deck_summary(compared.second, request),
            "only_a": [change_data(c) for c in compared.only_first],
            "only_b": [change_data(c) for c in compared.only_second],
            "different": [change_data(c) for c in compared.different],
            "same": [change_data(c) for c in compared.same],
        }
        return Response(data)


def _deck_summary(deck: Deck, request: Request) -> dict[str, Any]:
    deck.size = selectors.deck_size(deck)  # type: ignore[attr-defined]
    return DeckSummarySerializer(deck, context={"request": request}).data
