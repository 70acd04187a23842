"""/api/v1/sets/: sets as JSON. Thin: input serializers read, services write, selectors read.

Anyone lists the released public sets and their own; an unreleased set is a 404 to everyone
but its designers, as a private one is; its designers change it (403 for others who can see
it), its owner releases, undoes a release, invites and deletes.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.serializers import drf_errors
from kotc_site.inputs import StrictJSONParser
from sets import selectors, services
from sets.models import CardSet
from sets.serializers import (
    InvitationInputSerializer,
    SetInputSerializer,
    SetOutputSerializer,
    SetSummarySerializer,
)

ERROR = OpenApiResponse(description="JSON error: {field: [messages]} or {detail: message}")


def _run(service: Any, **kwargs: Any) -> Any:
    try:
        return service(**kwargs)
    except DjangoValidationError as error:
        raise drf_errors(error) from error
    except PermissionDenied as error:
        raise ApiPermissionDenied(str(error)) from error


def _refused(lookup: Any, **kwargs: Any) -> CardSet:
    try:
        return lookup(**kwargs)
    except PermissionDenied as error:
        raise ApiPermissionDenied(str(error)) from error


def _answer(card_set: CardSet, request: Request, code: int = status.HTTP_200_OK) -> Response:
    fresh = selectors.set_for_viewer(user=request.user, pk=card_set.pk)
    return Response(SetOutputSerializer(fresh, context={"request": request}).data, status=code)


class SetListApi(GenericAPIView):
    """The sets you may see: released public ones and your own; make a set."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [StrictJSONParser]
    serializer_class = SetSummarySerializer

    @extend_schema(
        responses={200: SetSummarySerializer(many=True), 400: ERROR, 404: ERROR},
        description="A page of the sets (`page`: a page past the last is a 404, a page that"
        " cannot be one a 400).",
    )
    def get(self, request: Request) -> Response:
        sets = selectors.sets_visible_to(request.user).order_by("-updated", "-pk")
        page = self.paginate_queryset(sets)
        return self.get_paginated_response(SetSummarySerializer(page, many=True).data)

    @extend_schema(
        request=SetInputSerializer,
        responses={201: SetOutputSerializer, 400: ERROR},
        description="Make a set of your cards (`cards`: their ids in order). It is yours alone"
        " until it is released (now, or at `release_at`).",
    )
    def post(self, request: Request) -> Response:
        body = SetInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        card_set = _run(services.set_create, user=request.user, **body.validated_data)
        return _answer(card_set, request, status.HTTP_201_CREATED)


class SetDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [StrictJSONParser]

    @extend_schema(responses={200: SetOutputSerializer, 404: ERROR})
    def get(self, request: Request, set_id: int) -> Response:
        return _answer(selectors.set_for_viewer(user=request.user, pk=set_id), request)

    @extend_schema(
        request=SetInputSerializer(partial=True),
        responses={200: SetOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Change the set (its designers). A released set's cards are fixed.",
    )
    def patch(self, request: Request, set_id: int) -> Response:
        card_set = _refused(selectors.set_for_designer, user=request.user, pk=set_id)
        body = SetInputSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        _run(services.set_update, card_set=card_set, user=request.user, **body.validated_data)
        return _answer(card_set, request)

    @extend_schema(
        responses={204: None, 403: ERROR, 404: ERROR},
        description="Delete the set (its owner); its cards stay.",
    )
    def delete(self, request: Request, set_id: int) -> Response:
        card_set = _refused(selectors.set_for_designer, user=request.user, pk=set_id)
        _run(services.set_delete, card_set=card_set, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SetReleaseApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: SetOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Release the set now (its owner): every card of it public at once, or"
        " none if one cannot be (a 400 says which).",
    )
    def post(self, request: Request, set_id: int) -> Response:
        card_set = _refused(selectors.set_for_designer, user=request.user, pk=set_id)
        card_set = _run(services.set_release, card_set=card_set, user=request.user)
        return _answer(card_set, request)


class SetUnreleaseApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: SetOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Undo the release within an hour (its owner): each card back to the"
        " visibility it had before.",
    )
    def post(self, request: Request, set_id: int) -> Response:
        card_set = _refused(selectors.set_for_designer, user=request.user, pk=set_id)
        card_set = _run(services.set_unrelease, card_set=card_set, user=request.user)
        return _answer(card_set, request)


class SetInvitationApi(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]

    @extend_schema(
        request=InvitationInputSerializer,
        responses={201: None, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Invite a designer to co-own the set (its owner); they accept with"
        " POST .../invitation/accept/.",
    )
    def post(self, request: Request, set_id: int) -> Response:
        card_set = _refused(selectors.set_for_designer, user=request.user, pk=set_id)
        body = InvitationInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        _run(services.set_invite, card_set=card_set, user=request.user, **body.validated_data)
        return Response(status=status.HTTP_201_CREATED)


class SetInvitationAcceptApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: SetOutputSerializer, 404: ERROR},
        description="Accept an invitation to co-own the set: you see it and add your cards.",
    )
    def post(self, request: Request, set_id: int) -> Response:
        card_set = selectors.set_invited(user=request.user, pk=set_id)
        _run(services.set_invitation_accept, card_set=card_set, user=request.user)
        return _answer(card_set, request)
