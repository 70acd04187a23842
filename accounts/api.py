"""/api/v1/auth/token/: trade a username and password for an API token, and revoke tokens.

Each POST makes a new token for one device or script; it is shown in the answer and never
again (the site keeps only its hash). DELETE with `Authorization: Token …` revokes that token,
and `?all=1` revokes every token of the account. Failed attempts count towards the login
lockout (see accounts.lockout), like the log-in page's."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import services
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
