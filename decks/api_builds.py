"""/api/v1/decks/<id>/built/ and /api/v1/decks/<id>/shortfall/: the decks you have built from
your printed copies (cards.builds), and what you are short of to build one more
(decks.shortfall).

Both are yours alone and need an account (401 without one). You may mark built any deck you
may see: your own, and the public or unlisted decks of others; a private deck of someone else
is a 404, as everywhere. Marking twice or unmarking a deck not marked changes nothing.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import builds
from cards.models import DeckBuild
from decks import selectors
from decks.shortfall import ShortRow, deck_shortfall

ERROR = OpenApiResponse(description="JSON error: {detail: message}")


class BuiltDeckSerializer(serializers.Serializer):
    """One of your built decks holding copies of a card."""

    id = serializers.IntegerField(source="deck_id")
    name = serializers.CharField(source="deck_name")
    copies = serializers.IntegerField(min_value=0)


class ShortRowSerializer(serializers.Serializer):
    """A card of the deck. A card you may not see is `withheld`: card and name are null, and
    all its copies are short (they print face down)."""

    card = serializers.SerializerMethodField()
    name = serializers.SerializerMethodField()
    withheld = serializers.SerializerMethodField()
    count = serializers.IntegerField(min_value=0, help_text="Copies in the deck.")
    owned = serializers.IntegerField(min_value=0, help_text="Copies your collection holds.")
    in_built = serializers.IntegerField(
        min_value=0,
        help_text="Of the copies you own, those sleeved in your other built decks (which may"
        " hold more: printed stand-ins).",
    )
    short = serializers.IntegerField(min_value=0, help_text="Copies you lack for this deck.")
    built_decks = BuiltDeckSerializer(many=True, source="uses")

    def get_card(self, row: ShortRow) -> int | None:
        return None if row.card.withheld else row.card.pk

    def get_name(self, row: ShortRow) -> str | None:
        return None if row.card.withheld else row.card.name

    def get_withheld(self, row: ShortRow) -> bool:
        return bool(getattr(row.card, "withheld", False))


class ShortfallOutputSerializer(serializers.Serializer):
    deck = serializers.IntegerField(source="deck.pk")
    built = serializers.BooleanField(help_text="Whether you have marked this deck built.")
    count = serializers.IntegerField(min_value=0, help_text="Copies in the deck.")
    owned = serializers.IntegerField(min_value=0)
    in_built = serializers.IntegerField(min_value=0)
    short = serializers.IntegerField(min_value=0, help_text="Copies you lack, in all.")
    built_decks = BuiltDeckSerializer(
        many=True, help_text="Your other built decks that hold copies of this deck's cards."
    )
    cards = ShortRowSerializer(many=True, source="rows")


class BuildOutputSerializer(serializers.Serializer):
    deck = serializers.IntegerField(source="deck_id")
    built = serializers.SerializerMethodField()
    built_at = serializers.DateTimeField()

    def get_built(self, mark: DeckBuild) -> bool:
        return True


class DeckShortfallView(APIView):
    """What you are short of to build the deck from your printed copies: per card, the copies
    you own, those sleeved in your other built decks, and those you lack."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ShortfallOutputSerializer, 401: ERROR, 404: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        shortfall = deck_shortfall(deck=deck, user=request.user)
        return Response(ShortfallOutputSerializer(shortfall).data)


class DeckBuiltView(APIView):
    """Mark a deck you may see built (your copies of its cards are sleeved in it), or unmark it.
    Both may be repeated: marking again answers 200 with the first mark, unmarking a deck not
    marked answers 204."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={
            200: OpenApiResponse(BuildOutputSerializer, description="Already marked built."),
            201: BuildOutputSerializer,
            401: ERROR,
            404: ERROR,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk, entries=False)
        mark, created = builds.deck_build_mark(user=request.user, deck=deck)
        return Response(
            BuildOutputSerializer(mark).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )

    @extend_schema(request=None, responses={204: None, 401: ERROR, 404: ERROR})
    def delete(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk, entries=False)
        builds.deck_build_unmark(user=request.user, deck=deck)
        return Response(status=status.HTTP_204_NO_CONTENT)
