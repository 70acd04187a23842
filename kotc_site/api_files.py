"""API answers that are files (a PDF, a plain-text list) and whose errors are still JSON."""

from __future__ import annotations

from typing import Any

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response


class FileRenderer(BaseRenderer):
    """Hands the view's bytes or text on as they are; subclasses name the media type."""

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> Any:
        return data


class FileNegotiation(BaseContentNegotiation):
    """The view's one file type whatever the client's Accept header says (errors are JSON:
    see JSONErrors), so there is no `format` to choose."""

    def select_parser(self, request: Request, parsers: list) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: list, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


class JSONErrors:
    """For an APIView answering a file: its errors (any Response) are JSON even for a client
    that asked for the file only."""

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(response, Response):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
