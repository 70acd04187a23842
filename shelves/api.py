"""The shelves API under /api/v1/shelves/: your tags, folders and saved searches, the bulk
changes of your cards and decks, and your cards listed as My cards lists them (`tag:` terms
reading your own tags, archived cards on request; GET /api/v1/decks/?mine=true lists your decks
so). Everything is the caller's own: another person's folder, tag, saved search, card or deck
is a 404, whatever its visibility."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api import CardSearchParameters, searched
from cards.serializers import CardOutputSerializer, drf_errors
from kotc_site.api_query import PAGE, QueryBooleanField, read_query
from kotc_site.inputs import StrictJSONParser
from shelves import selectors, services
from shelves.serializers import (
    BulkInputSerializer,
    BulkOutputSerializer,
    FolderInputSerializer,
    FolderOutputSerializer,
    SmartFolderInputSerializer,
    SmartFolderOutputSerializer,
    TagInputSerializer,
    TagOutputSerializer,
)

ERROR = OpenApiResponse(description="JSON error: {field: [messages]} or {detail: message}")
NOT_YOURS = OpenApiResponse(description="Not one of yours: {detail: message}")


class _Api(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]


def _run(service: Any, **kwargs: Any) -> Any:
    try:
        return service(**kwargs)
    except DjangoValidationError as error:
        raise drf_errors(error) from error


# -- your cards, as My cards lists them --------------------------------------------------------


class MyCardsParameters(CardSearchParameters):
    archived = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="Your archived cards too (left out otherwise, as on My cards).",
    )


class MyCardsApi(GenericAPIView):
    """Your own cards as My cards lists them: `?q=` in the card search's syntax, where
    tag:aggro (tag:a,b for any of them) picks cards by your own tags."""

    permission_classes = [IsAuthenticated]
    serializer_class = CardOutputSerializer

    @extend_schema(
        parameters=[MyCardsParameters],
        responses={200: CardOutputSerializer(many=True), 400: ERROR, 404: ERROR},
    )
    def get(self, request: Request) -> Response:
        query = read_query(MyCardsParameters, request, also=PAGE)
        cards = searched(
            selectors.my_cards, query["q"], user=request.user, show_archived=query["archived"]
        )
        page = self.paginate_queryset(cards)
        data = CardOutputSerializer(page, many=True, context={"request": request}).data
        return self.get_paginated_response(data)


# -- tags -------------------------------------------------------------------------------------


class TagListApi(_Api):
    @extend_schema(responses={200: TagOutputSerializer(many=True), 403: ERROR})
    def get(self, request: Request) -> Response:
        return Response(TagOutputSerializer(selectors.tags_of(request.user), many=True).data)

    @extend_schema(
        request=TagInputSerializer,
        responses={201: TagOutputSerializer, 200: TagOutputSerializer, 400: ERROR, 403: ERROR},
        description="Make a tag; if you have one of that name, it is answered (200).",
    )
    def post(self, request: Request) -> Response:
        body = TagInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        before = selectors.tags_of(request.user).count()
        tag = _run(services.tag_ensure, user=request.user, name=body.validated_data["name"])
        made = selectors.tags_of(request.user).count() > before
        data = TagOutputSerializer(selectors.tag_for_owner(user=request.user, pk=tag.pk)).data
        return Response(data, status=status.HTTP_201_CREATED if made else status.HTTP_200_OK)


class TagDetailApi(_Api):
    @extend_schema(responses={200: TagOutputSerializer, 403: ERROR, 404: NOT_YOURS})
    def get(self, request: Request, tag_id: int) -> Response:
        return Response(
            TagOutputSerializer(selectors.tag_for_owner(user=request.user, pk=tag_id)).data
        )

    @extend_schema(
        request=TagInputSerializer,
        responses={200: TagOutputSerializer, 400: ERROR, 403: ERROR, 404: NOT_YOURS},
        description="Rename the tag.",
    )
    def patch(self, request: Request, tag_id: int) -> Response:
        tag = selectors.tag_for_owner(user=request.user, pk=tag_id)
        body = TagInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        _run(services.tag_rename, user=request.user, tag=tag, name=body.validated_data["name"])
        return Response(
            TagOutputSerializer(selectors.tag_for_owner(user=request.user, pk=tag_id)).data
        )

    @extend_schema(
        responses={204: None, 403: ERROR, 404: NOT_YOURS},
        description="Delete the tag; its cards and decks are unchanged.",
    )
    def delete(self, request: Request, tag_id: int) -> Response:
        tag = selectors.tag_for_owner(user=request.user, pk=tag_id)
        services.tag_delete(user=request.user, tag=tag)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- folders ----------------------------------------------------------------------------------


def _folder_fields(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    fields = dict(data)
    if "parent" in fields:
        pk = fields["parent"]
        fields["parent"] = (
            None if pk is None else selectors.folder_for_owner(user=request.user, pk=pk)
        )
    return fields


class FolderListApi(_Api):
    @extend_schema(responses={200: FolderOutputSerializer(many=True), 403: ERROR})
    def get(self, request: Request) -> Response:
        folders = [folder for folder, _depth in selectors.folder_tree(request.user)]
        return Response(FolderOutputSerializer(folders, many=True).data)

    @extend_schema(
        request=FolderInputSerializer,
        responses={201: FolderOutputSerializer, 400: ERROR, 403: ERROR, 404: NOT_YOURS},
        description="Make a folder, at the top or inside one of yours (parent).",
    )
    def post(self, request: Request) -> Response:
        body = FolderInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        fields = _folder_fields(request, body.validated_data)
        folder = _run(services.folder_create, user=request.user, **fields)
        return Response(FolderOutputSerializer(folder).data, status=status.HTTP_201_CREATED)


class FolderDetailApi(_Api):
    @extend_schema(responses={200: FolderOutputSerializer, 403: ERROR, 404: NOT_YOURS})
    def get(self, request: Request, folder_id: int) -> Response:
        folder = selectors.folder_for_owner(user=request.user, pk=folder_id)
        return Response(FolderOutputSerializer(folder).data)

    @extend_schema(
        request=FolderInputSerializer(partial=True),
        responses={200: FolderOutputSerializer, 400: ERROR, 403: ERROR, 404: NOT_YOURS},
        description="Rename the folder, move it (parent; not into itself or a folder inside "
        "it: a 400 on parent), or change what it holds.",
    )
    def patch(self, request: Request, folder_id: int) -> Response:
        folder = selectors.folder_for_owner(user=request.user, pk=folder_id)
        body = FolderInputSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        fields = _folder_fields(request, body.validated_data)
        _run(services.folder_update, user=request.user, folder=folder, **fields)
        folder = selectors.folder_for_owner(user=request.user, pk=folder_id)
        return Response(FolderOutputSerializer(folder).data)

    @extend_schema(
        responses={204: None, 403: ERROR, 404: NOT_YOURS},
        description="Delete the folder; what it holds moves up, no card or deck is deleted.",
    )
    def delete(self, request: Request, folder_id: int) -> Response:
        folder = selectors.folder_for_owner(user=request.user, pk=folder_id)
        services.folder_delete(user=request.user, folder=folder)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- saved searches ---------------------------------------------------------------------------


class SmartFolderListApi(_Api):
    @extend_schema(responses={200: SmartFolderOutputSerializer(many=True), 403: ERROR})
    def get(self, request: Request) -> Response:
        smart = selectors.smart_folders_of(request.user)
        return Response(SmartFolderOutputSerializer(smart, many=True).data)

    @extend_schema(
        request=SmartFolderInputSerializer,
        responses={201: SmartFolderOutputSerializer, 400: ERROR, 403: ERROR},
        description="Save a search; a query the search cannot read is a 400 on query.",
    )
    def post(self, request: Request) -> Response:
        body = SmartFolderInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        smart = _run(services.smart_folder_create, user=request.user, **body.validated_data)
        return Response(SmartFolderOutputSerializer(smart).data, status=status.HTTP_201_CREATED)


class SmartFolderDetailApi(_Api):
    @extend_schema(responses={200: SmartFolderOutputSerializer, 403: ERROR, 404: NOT_YOURS})
    def get(self, request: Request, smart_id: int) -> Response:
        smart = selectors.smart_for_owner(user=request.user, pk=smart_id)
        return Response(SmartFolderOutputSerializer(smart).data)

    @extend_schema(
        request=SmartFolderInputSerializer(partial=True),
        responses={200: SmartFolderOutputSerializer, 400: ERROR, 403: ERROR, 404: NOT_YOURS},
    )
    def patch(self, request: Request, smart_id: int) -> Response:
        smart = selectors.smart_for_owner(user=request.user, pk=smart_id)
        body = SmartFolderInputSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        smart = _run(
            services.smart_folder_update, user=request.user, smart=smart, **body.validated_data
        )
        return Response(SmartFolderOutputSerializer(smart).data)

    @extend_schema(responses={204: None, 403: ERROR, 404: NOT_YOURS})
    def delete(self, request: Request, smart_id: int) -> Response:
        smart = selectors.smart_for_owner(user=request.user, pk=smart_id)
        services.smart_folder_delete(user=request.user, smart=smart)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- many at once -----------------------------------------------------------------------------


class BulkApi(_Api):
    @extend_schema(
        request=BulkInputSerializer,
        responses={200: BulkOutputSerializer, 400: ERROR, 403: ERROR, 404: NOT_YOURS},
        description="One operation on many of your cards and decks: tag or untag them (with "
        "`tag`), move them (with `folder`; null: no folder), archive or unarchive them. Only "
        "your own: any other id is a 404, and nothing changes.",
    )
    def post(self, request: Request) -> Response:
        body = BulkInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        items = {
            "cards": selectors.owned_cards(user=request.user, ids=data["cards"]),
            "decks": selectors.owned_decks(user=request.user, ids=data["decks"]),
        }
        action = data["operation"]
        if action in ("tag", "untag"):
            if not data.get("tag"):
                raise drf_errors(DjangoValidationError({"tag": ["Name the tag."]}))
            service = services.items_tag if action == "tag" else services.items_untag
            _run(service, user=request.user, name=data["tag"], **items)
        elif action == "move":
            pk = data.get("folder")
            folder = None if pk is None else selectors.folder_for_owner(user=request.user, pk=pk)
            _run(services.items_move, user=request.user, folder=folder, **items)
        else:
            archived = action == "archive"
            _run(services.items_archive, user=request.user, archived=archived, **items)
        answer = {
            "operation": action,
            "cards": [card.pk for card in items["cards"]],
            "decks": [deck.pk for deck in items["decks"]],
        }
        return Response(BulkOutputSerializer(answer).data)
