"""The API token in the OpenAPI schema: how to send it, and the 401 that answers a missing or
bad one on every operation that reads it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object

SCHEME = "tokenAuth"
UNAUTHORIZED = {
    "description": (
        "No credentials, or an unknown, expired or revoked token: {detail: message}, with "
        "`WWW-Authenticate: Token`. Get a token from POST /api/v1/auth/token/."
    )
}


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "accounts.authentication.ApiTokenAuthentication"
    name = SCHEME

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix="Token"
        )


def document_unauthorized(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """POSTPROCESSING_HOOKS: a 401 for each operation that accepts the token. Any of them
    answers 401 to a bad token, and those that need an account to a request without one."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            if any(SCHEME in requirement for requirement in operation.get("security", [])):
                operation.setdefault("responses", {}).setdefault("401", dict(UNAUTHORIZED))
    return result
