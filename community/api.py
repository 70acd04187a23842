"""The community API: comments, likes and follows, profiles and the feed. Thin views over
selectors and services; notifications, reports and moderation are in community.api_moderation."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.urls import reverse
from django.utils.http import urlencode
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.serializers import drf_errors
from community import limits, people, selectors, services
from community.serializers import (
    CommentEditSerializer,
    CommentInputSerializer,
    CommentOutputSerializer,
    CommentTargetQuerySerializer,
    FeedQuerySerializer,
    FeedSerializer,
    FollowsSerializer,
    FollowStateSerializer,
    LikeSerializer,
    ProfileSerializer,
)
from kotc_site.api_query import PAGE, QueryParameters, read_query
from kotc_site.inputs import StrictJSONParser

ERROR = OpenApiResponse(description="JSON error: {field: [messages]} or {detail: message}")
# Every write a per-account limit counts (community.limits) may answer this: an operator
# sets or switches off each limit with KOTC_THROTTLE_COMMENT, _LIKE, _FOLLOW and _REPORT.
THROTTLED = OpenApiResponse(description="Too many in a short time: {detail: message}")
NOT_FOUND = OpenApiResponse(description="No such thing, or one you may not see.")


def no_query(request: Request, *, also: tuple[str, ...] = ()) -> None:
    """A read that takes no query parameters (but `also`) refuses any, naming them."""
    read_query(QueryParameters, request, also=also)


def service_call(function: Any, **kwargs: Any) -> Any:
    try:
        return function(**kwargs)
    except DjangoValidationError as error:
        raise drf_errors(error) from error


class CommentListApi(limits.WriteThrottleMixin, GenericAPIView):
    """The comments on a card or a deck, oldest first; write one."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = CommentOutputSerializer
    parser_classes = [StrictJSONParser]
    write_scope = limits.COMMENT

    @extend_schema(
        parameters=[CommentTargetQuerySerializer],
        responses={200: CommentOutputSerializer(many=True), 400: ERROR, 404: NOT_FOUND},
    )
    def get(self, request: Request) -> Response:
        query = read_query(CommentTargetQuerySerializer, request, also=PAGE)
        target = selectors.target_for_viewer(user=request.user, kind=query["kind"], pk=query["pk"])
        page = self.paginate_queryset(selectors.comments_on(user=request.user, target=target))
        return self.get_paginated_response(CommentOutputSerializer(page, many=True).data)

    @extend_schema(
        request=CommentInputSerializer,
        responses={201: CommentOutputSerializer, 400: ERROR, 404: NOT_FOUND, 429: THROTTLED},
    )
    def post(self, request: Request) -> Response:
        body = CommentInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        target = selectors.target_for_viewer(user=request.user, kind=data["kind"], pk=data["pk"])
        comment = service_call(
            services.comment_create, author=request.user, target=target, text=data["text"]
        )
        return Response(CommentOutputSerializer(comment).data, status=status.HTTP_201_CREATED)


class CommentDetailApi(limits.WriteThrottleMixin, APIView):
    """One comment. Its author changes (PATCH) or deletes it."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [StrictJSONParser]
    write_scope = limits.COMMENT

    def _own(self, request: Request, pk: int) -> Any:
        comment = selectors.comment_for_viewer(user=request.user, pk=pk)
        if comment.author_id != request.user.pk:
            raise PermissionDenied("Only the comment's author may change it.")
        return comment

    @extend_schema(responses={200: CommentOutputSerializer, 400: ERROR, 404: NOT_FOUND})
    def get(self, request: Request, pk: int) -> Response:
        no_query(request)
        comment = selectors.comment_for_viewer(user=request.user, pk=pk)
        return Response(CommentOutputSerializer(comment).data)

    @extend_schema(
        request=CommentEditSerializer,
        responses={
            200: CommentOutputSerializer,
            400: ERROR,
            403: ERROR,
            404: NOT_FOUND,
            429: THROTTLED,
        },
    )
    def patch(self, request: Request, pk: int) -> Response:
        comment = self._own(request, pk)
        body = CommentEditSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        comment = service_call(
            services.comment_update,
            comment=comment,
            user=request.user,
            text=body.validated_data["text"],
        )
        return Response(CommentOutputSerializer(comment).data)

    @extend_schema(responses={204: None, 403: ERROR, 404: NOT_FOUND, 429: THROTTLED})
    def delete(self, request: Request, pk: int) -> Response:
        comment = self._own(request, pk)
        services.comment_delete(comment=comment, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LikeApi(limits.WriteThrottleMixin, APIView):
    """Likes of a shared card or deck: GET counts them; PUT likes it and DELETE unlikes it,
    each as often as you like with the same result."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    write_scope = limits.LIKE
    kind = "card"

    def _answer(self, request: Request, pk: int, liked: bool | None) -> Response:
        target = selectors.target_for_viewer(user=request.user, kind=self.kind, pk=pk)
        if liked is None:
            state = selectors.like_state(user=request.user, target=target)
        else:
            state = service_call(services.like_set, user=request.user, target=target, liked=liked)
        return Response(LikeSerializer(state).data)

    @extend_schema(responses={200: LikeSerializer, 400: ERROR, 404: NOT_FOUND})
    def get(self, request: Request, pk: int) -> Response:
        no_query(request)
        return self._answer(request, pk, None)

    @extend_schema(
        request=None,
        responses={200: LikeSerializer, 400: ERROR, 404: NOT_FOUND, 429: THROTTLED},
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._answer(request, pk, True)

    @extend_schema(
        request=None,
        responses={200: LikeSerializer, 400: ERROR, 404: NOT_FOUND, 429: THROTTLED},
    )
    def delete(self, request: Request, pk: int) -> Response:
        return self._answer(request, pk, False)


class CardLikeApi(LikeApi):
    kind = "card"


class DeckLikeApi(LikeApi):
    kind = "deck"


class FollowApi(limits.WriteThrottleMixin, APIView):
    """Following a designer: GET says whether you do; PUT follows, DELETE unfollows."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    write_scope = limits.FOLLOW

    def _answer(self, request: Request, designer: Any, following: bool) -> Response:
        state = {
            "designer": designer.username,
            "following": following,
            "followers": selectors.followers_of(designer).count(),
        }
        return Response(FollowStateSerializer(state).data)

    @extend_schema(responses={200: FollowStateSerializer, 400: ERROR, 404: NOT_FOUND})
    def get(self, request: Request, username: str) -> Response:
        no_query(request)
        designer = selectors.designer_by_name(username)
        following = selectors.follows(follower=request.user, designer=designer)
        return self._answer(request, designer, following)

    @extend_schema(
        request=None,
        responses={200: FollowStateSerializer, 400: ERROR, 404: NOT_FOUND, 429: THROTTLED},
    )
    def put(self, request: Request, username: str) -> Response:
        designer = selectors.designer_by_name(username)
        following = service_call(
            services.follow_set, follower=request.user, designer=designer, following=True
        )
        return self._answer(request, designer, following)

    @extend_schema(
        request=None,
        responses={200: FollowStateSerializer, 400: ERROR, 404: NOT_FOUND, 429: THROTTLED},
    )
    def delete(self, request: Request, username: str) -> Response:
        designer = selectors.designer_by_name(username)
        following = service_call(
            services.follow_set, follower=request.user, designer=designer, following=False
        )
        return self._answer(request, designer, following)


class FollowsApi(APIView):
    """Whom you follow and who follows you."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: FollowsSerializer, 400: ERROR, 401: ERROR})
    def get(self, request: Request) -> Response:
        no_query(request)
        answer = {
            "following": [f.designer.username for f in selectors.following_of(request.user)],
            "followers": [f.follower.username for f in selectors.followers_of(request.user)],
        }
        return Response(FollowsSerializer(answer).data)


class ProfileApi(APIView):
    """A designer's profile: when they joined, their public work's counts and where to list it."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: ProfileSerializer, 400: ERROR, 404: NOT_FOUND})
    def get(self, request: Request, username: str) -> Response:
        no_query(request)
        found = people.profile_of(username=username, viewer=request.user)
        name = found.username
        answer = {
            "username": name,
            "joined": found.joined,
            "cards": found.cards,
            "decks": found.decks,
            "likes_received": found.likes_received,
            "followers": found.followers,
            "following": found.following,
            "followed_by_you": (
                selectors.follows(follower=request.user, designer=found.designer)
                if request.user.is_authenticated
                else None
            ),
            "page": reverse("profile", args=[name]),
            "cards_url": f"{reverse('api-cards')}?{urlencode({'q': f'by:{name}'})}",
            "decks_url": f"{reverse('api-decks')}?{urlencode({'designer': name})}",
            "cockatrice_set": reverse("profile-cockatrice-set", args=[name]),
        }
        return Response(ProfileSerializer(answer).data)


class FeedApi(APIView):
    """What the designers you follow made public, and their public decks' new versions, newest
    first, a page at a time (`before` the last line's moment)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[FeedQuerySerializer], responses={200: FeedSerializer, 400: ERROR, 401: ERROR}
    )
    def get(self, request: Request) -> Response:
        query = read_query(FeedQuerySerializer, request)
        found = people.feed_for(user=request.user, before=query.get("before"))
        following = (
            f"{reverse('api-feed')}?{urlencode({'before': found.older.isoformat()})}"
            if found.older
            else None
        )
        answer = {"items": found.items, "older": found.older, "next": following}
        return Response(FeedSerializer(answer).data)
