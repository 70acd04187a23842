"""POST /api/v1/auth/token/: trade a username and password for an API token."""

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView


class TokenInputSerializer(AuthTokenSerializer):
    """Django's check of the credentials, with messages that say what to do."""

    default_error_messages = {
        "invalid": "The username or password is wrong.",
    }

    def validate(self, attrs: dict) -> dict:
        try:
            return super().validate(attrs)
        except serializers.ValidationError as error:
            raise serializers.ValidationError(
                {"non_field_errors": ["The username or password is wrong."]}, code="authorization"
            ) from error


class TokenApi(APIView):
    """Your API token: send it as `Authorization: Token <token>`. The same token is returned
    until it is revoked."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"

    @extend_schema(
        request=inline_serializer(
            "TokenRequest",
            {"username": serializers.CharField(), "password": serializers.CharField()},
        ),
        responses={
            200: inline_serializer("TokenResponse", {"token": serializers.CharField()}),
            400: OpenApiResponse(description="Wrong or missing credentials."),
            429: OpenApiResponse(description="Too many attempts; try again later."),
        },
        auth=[],
    )
    def post(self, request: Request) -> Response:
        body = TokenInputSerializer(data=request.data, context={"request": request})
        body.is_valid(raise_exception=True)
        token, _created = Token.objects.get_or_create(user=body.validated_data["user"])
        return Response({"token": token.key})
