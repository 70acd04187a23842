"""/api/v1/auth/token/: trade a username and password for an API token, and revoke tokens.

Each POST makes a new token for one device or script; it is shown in the answer and never
again (the site keeps only its hash). DELETE with `Authorization: Token …` revokes that token,
and `?all=1` revokes every token of the account. Failed attempts count towards the login
lockout (see accounts.lockout), like the log-in page's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import selectors, services
from accounts.lockout import STATUS as LOCKED_STATUS
from accounts.lockout import cooloff_seconds, lockout_message
from accounts.models import ApiToken
from kotc_site.api_query import QueryBooleanField, QueryParameters, read_query

WRONG_CREDENTIALS = "The username or password is wrong."
NAME_HELP = (
    "What the token is for (a device or a script), shown on your account page. "
    "Defaults to the client's User-Agent."
)


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(
        max_length=4096, trim_whitespace=False, style={"input_type": "password"}
    )
    name = serializers.CharField(max_length=100, required=False, help_text=NAME_HELP)
    expires_in_days = serializers.IntegerField(
        min_value=1,
        max_value=365,
        required=False,
        help_text="How long the token lasts; the site's default (90 days unless set) if left out.",
    )


class TokenResponseSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`. Shown once.")
    name = serializers.CharField()
    expiry = serializers.DateTimeField(allow_null=True)


class RevokeQuerySerializer(QueryParameters):
    all = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="true (or 1): revoke every token of the account, not only the one sent.",
    )


class LockedOut(exceptions.APIException):
    status_code = LOCKED_STATUS
    default_code = "locked_out"

    def __init__(self) -> None:
        super().__init__(detail=lockout_message())
        # DRF turns `wait` into a Retry-After header.
        self.wait = cooloff_seconds()


def default_name(request: Request) -> str:
    agent = request.META.get("HTTP_USER_AGENT", "").strip()
    return agent[:100] or "API client"


class TokenApi(APIView):
    """Your API tokens. POST trades a username and password for a new token, for one device or
    script: send it as `Authorization: Token <token>`. DELETE revokes the token it is sent
    with, or every token of the account with `?all=true`."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"

    def _method(self) -> str | None:
        # Django's view setup sets the request before DRF wraps it; the schema generator
        # asks for authenticators before it has set any.
        request = getattr(self, "request", None)
        return request.method if request is not None else None

    def get_authenticators(self) -> list[BaseAuthentication]:
        # Asking for a token takes a password, not a token: a stale token sent along out of
        # habit must not stand between a client and a fresh one.
        if self._method() == "POST":
            return []
        return super().get_authenticators()

    def get_permissions(self) -> list[BasePermission]:
        if self._method() == "POST":
            return [AllowAny()]
        return [IsAuthenticated()]

    @extend_schema(
        summary="Get a new API token",
        request=TokenRequestSerializer,
        responses={
            200: TokenResponseSerializer,
            400: OpenApiResponse(description="Wrong or missing credentials."),
            403: OpenApiResponse(description="The account holds the most tokens it may."),
            429: OpenApiResponse(
                description="Too many attempts, or too many failed log-ins for this account "
                "or from this address; try again later (Retry-After)."
            ),
        },
        auth=[],
    )
    def post(self, request: Request) -> Response:
        body = TokenRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        user = authenticate(request, username=data["username"], password=data["password"])
        if user is None:
            # django-axes marks the request when the account or the address is locked out,
            # whether it already was or this failure was the last one allowed.
            if getattr(request, "axes_locked_out", False):
                raise LockedOut()
            raise serializers.ValidationError(
                {"non_field_errors": [WRONG_CREDENTIALS]}, code="authorization"
            )
        try:
            token, secret = services.token_create(
                user=user,
                name=data.get("name") or default_name(request),
                days=data.get("expires_in_days"),
            )
        except services.TokenLimitReached as error:
            raise exceptions.PermissionDenied(str(error)) from error
        return Response(
            TokenResponseSerializer(
                {"token": secret, "name": token.name, "expiry": token.expiry}
            ).data
        )

    @extend_schema(
        summary="Revoke this API token, or all of them",
        parameters=[RevokeQuerySerializer],
        request=None,
        responses={
            204: OpenApiResponse(description="Revoked."),
            400: OpenApiResponse(
                description="Logged in with the session, so there is no token to revoke: "
                "send the token, or all=true."
            ),
        },
    )
    def delete(self, request: Request) -> Response:
        if read_query(RevokeQuerySerializer, request)["all"]:
            services.tokens_revoke_all(user=request.user)
        elif isinstance(request.auth, ApiToken):
            services.token_revoke(user=request.user, token_id=request.auth.pk)
        else:
            return Response(
                {
                    "detail": "There is no token in this request to revoke: send it as "
                    "`Authorization: Token …`, or add ?all=true to revoke every token."
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- /api/v1/me/: the account itself ---------------------------------------------------------


class AccountSerializer(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.EmailField(allow_blank=True)
    joined = serializers.DateTimeField()
    cards = serializers.IntegerField(help_text="Cards you designed.")
    decks = serializers.IntegerField()
    runs = serializers.IntegerField(help_text="Goldfish runs you started.")
    cards_kept_on_deletion = serializers.IntegerField(
        help_text="Your unlisted and public cards in other people's decks or collections: "
        'deleting the account keeps them, credited to "a former designer".'
    )
    export = serializers.URLField(help_text="Everything the account holds, as one JSON file.")


class AccountDeleteSerializer(serializers.Serializer):
    password = serializers.CharField(
        max_length=4096,
        trim_whitespace=False,
        style={"input_type": "password"},
        help_text="The account's password, to confirm.",
    )


class MeApi(APIView):
    """Your account. GET says what it holds; DELETE with your password deletes it."""

    permission_classes = [IsAuthenticated]

    def get_throttles(self) -> list[Any]:
        # A deletion takes a password: as few tries as the token endpoint allows.
        if getattr(getattr(self, "request", None), "method", None) == "DELETE":
            self.throttle_scope = "token"
            return [ScopedRateThrottle()]
        return super().get_throttles()

    @extend_schema(summary="Your account", responses={200: AccountSerializer})
    def get(self, request: Request) -> Response:
        user = request.user
        body = {
            "username": user.get_username(),
            "email": user.email,
            "joined": user.date_joined,
            **selectors.account_summary(user=user),
            "export": request.build_absolute_uri(reverse("api-me-export")),
        }
        return Response(AccountSerializer(body).data)

    @extend_schema(
        summary="Delete your account",
        request=AccountDeleteSerializer,
        responses={
            204: OpenApiResponse(
                description="Deleted: your decks, runs, collection, tokens and cards, except "
                "the unlisted and public cards in other people's decks or collections, which "
                'are kept, credited to "a former designer".'
            ),
            400: OpenApiResponse(description="The password is missing or wrong."),
            429: OpenApiResponse(description="Too many tries; try again later."),
        },
    )
    def delete(self, request: Request) -> Response:
        body = AccountDeleteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            services.account_delete(user=request.user, password=body.validated_data["password"])
        except services.WrongPassword as error:
            raise serializers.ValidationError({"password": [str(error)]}) from error
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeExportApi(APIView):
    """Everything your account holds, as one JSON file: every card with every revision and
    links to its pictures, your decks (in the deck JSON format, which imports anywhere), your
    collection, your goldfish runs and your API tokens (their names, never the tokens)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Download everything your account holds",
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, "The account as one JSON file.")},
    )
    def get(self, request: Request) -> Response:
        export = selectors.account_export(user=request.user, absolute=request.build_absolute_uri)
        stamp = timezone.now().strftime("%Y-%m-%d")
        name = f"kotc-{request.user.get_username()}-{stamp}.json"
        return Response(
            export,
            headers={
                "Content-Disposition": f'attachment; filename="{name}"',
                "Cache-Control": "private, no-store",
            },
        )
