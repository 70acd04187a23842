"""The community API, continued: your notifications and their settings, reports, and the
moderators' queue, actions and log."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from community import limits, selectors, services
from community.api import ERROR, NOT_FOUND, THROTTLED, no_query, service_call
from community.models import Kind, ModerationEntry
from community.serializers import (
    MarkedSerializer,
    MarkReadSerializer,
    ModerationEntrySerializer,
    ModerationInputSerializer,
    NotificationSerializer,
    NotificationSettingsSerializer,
    ReportInputSerializer,
    ReportOutputSerializer,
)
from kotc_site.api_query import PAGE
from kotc_site.inputs import StrictJSONParser

FORBIDDEN = OpenApiResponse(description="Not a moderator.")
NO_PAGE = OpenApiResponse(description="No such page of results: {detail: message}")


class IsModerator(BasePermission):
    message = "Only moderators may do that."

    def has_permission(self, request: Request, view: Any) -> bool:
        return selectors.is_moderator(request.user)


class NotificationListApi(GenericAPIView):
    """Your notifications, newest first."""

    permission_classes = [IsAuthenticated]
    serializer_class = NotificationSerializer

    @extend_schema(
        responses={200: NotificationSerializer(many=True), 400: ERROR, 401: ERROR, 404: NO_PAGE}
    )
    def get(self, request: Request) -> Response:
        no_query(request, also=PAGE)
        page = self.paginate_queryset(selectors.notifications_of(request.user))
        lines = [selectors.notification_line(n, request.user) for n in page]
        return self.get_paginated_response(NotificationSerializer(lines, many=True).data)


class NotificationReadApi(APIView):
    """Mark notifications read: the ones named, or all of yours."""

    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]

    @extend_schema(request=MarkReadSerializer, responses={200: MarkedSerializer, 400: ERROR})
    def post(self, request: Request) -> Response:
        body = MarkReadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        marked = services.notifications_read(user=request.user, ids=body.validated_data.get("ids"))
        answer = {"marked": marked, "unread": selectors.unread_count(request.user)}
        return Response(MarkedSerializer(answer).data)


class NotificationSettingsApi(APIView):
    """Which kinds of notification you get: each on or off."""

    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]

    def _answer(self, off: set[str]) -> Response:
        return Response({kind: kind not in off for kind in Kind.values})

    @extend_schema(responses={200: NotificationSettingsSerializer, 400: ERROR, 401: ERROR})
    def get(self, request: Request) -> Response:
        no_query(request)
        return self._answer(selectors.muted_kinds(request.user))

    @extend_schema(
        request=NotificationSettingsSerializer,
        responses={200: NotificationSettingsSerializer, 400: ERROR},
    )
    def patch(self, request: Request) -> Response:
        body = NotificationSettingsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        off = service_call(
            services.notification_settings_set, user=request.user, on=body.validated_data
        )
        return self._answer(off)


def reported_target(*, user: Any, kind: str, pk: int) -> Any:
    """The comment, card or deck named, if `user` may see it; Http404 otherwise."""
    if kind == "comment":
        return selectors.comment_for_viewer(user=user, pk=pk)
    return selectors.target_for_viewer(user=user, kind=kind, pk=pk)


class ReportApi(APIView):
    """Report a comment, a card or a deck to the moderators. Reporting the same thing again
    while your report is open answers that report (200), and counts once."""

    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]
    throttle_scope = limits.REPORT

    def get_throttles(self) -> list[Any]:
        from rest_framework.throttling import ScopedRateThrottle

        return [*super().get_throttles(), ScopedRateThrottle()]

    @extend_schema(
        request=ReportInputSerializer,
        responses={
            201: ReportOutputSerializer,
            200: ReportOutputSerializer,
            400: ERROR,
            404: NOT_FOUND,
            429: THROTTLED,
        },
    )
    def post(self, request: Request) -> Response:
        body = ReportInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        target = reported_target(user=request.user, kind=data["kind"], pk=data["pk"])
        report, created = service_call(
            services.report_create,
            reporter=request.user,
            target=target,
            reason=data["reason"],
            details=data["details"],
        )
        return Response(
            ReportOutputSerializer(report).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class ModerationQueueApi(GenericAPIView):
    """Open reports, oldest first (moderators only)."""

    permission_classes = [IsAuthenticated, IsModerator]
    serializer_class = ReportOutputSerializer

    @extend_schema(
        responses={200: ReportOutputSerializer(many=True), 400: ERROR, 403: FORBIDDEN, 404: NO_PAGE}
    )
    def get(self, request: Request) -> Response:
        no_query(request, also=PAGE)
        page = self.paginate_queryset(selectors.open_reports(moderator=request.user))
        return self.get_paginated_response(ReportOutputSerializer(page, many=True).data)


def moderated_target(*, user: Any, kind: str, pk: int) -> Any:
    """What a moderator acts on: any comment (hidden ones too) on a card or deck they may see,
    or such a card or deck."""
    if kind == "comment":
        return selectors.comment_for_moderator(moderator=user, pk=pk)
    return selectors.target_for_viewer(user=user, kind=kind, pk=pk)


class ModerationActionApi(APIView):
    """Hide or restore a comment, a card or a deck, or dismiss its reports (moderators only).
    The author is told, with the reason; the log keeps who did it and when."""

    permission_classes = [IsAuthenticated, IsModerator]
    parser_classes = [StrictJSONParser]

    @extend_schema(
        request=ModerationInputSerializer,
        responses={201: ModerationEntrySerializer, 400: ERROR, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def post(self, request: Request) -> Response:
        body = ModerationInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        target = moderated_target(user=request.user, kind=data["kind"], pk=data["pk"])
        entry = service_call(
            services.moderate,
            moderator=request.user,
            action=data["action"],
            target=target,
            reason=data["reason"],
        )
        return Response(ModerationEntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class ModerationLogApi(GenericAPIView):
    """Every moderator's action, newest first (moderators only)."""

    permission_classes = [IsAuthenticated, IsModerator]
    serializer_class = ModerationEntrySerializer

    @extend_schema(
        responses={
            200: ModerationEntrySerializer(many=True),
            400: ERROR,
            403: FORBIDDEN,
            404: NO_PAGE,
        }
    )
    def get(self, request: Request) -> Response:
        no_query(request, also=PAGE)
        page = self.paginate_queryset(ModerationEntry.objects.all())
        return self.get_paginated_response(ModerationEntrySerializer(page, many=True).data)
