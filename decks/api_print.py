"""GET /api/v1/decks/<id>/print.pdf: the deck's cards as a PDF to print and cut."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import print_job, printing, selectors
from decks.print_renders import RETRY_AFTER_SECONDS, PrintNotReady
from kotc_site.api_query import QueryBooleanField, QueryParameters, read_query

ErrorSerializer = inline_serializer("DeckError", {"detail": serializers.CharField()})


class PDFRenderer(BaseRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> Any:
        return data


class PDFNegotiation(BaseContentNegotiation):
    """The PDF whatever the client's Accept header says (errors are JSON: see
    DeckPrintView.finalize_response), so there is no `format` to choose."""

    def select_parser(self, request: Request, parsers: list) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: list, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


BACKS_ALIASES = {"0": "none", "1": "sheet"}


class PrintParameters(QueryParameters):
    paper = serializers.ChoiceField(choices=list(printing.PAPERS), required=False, default="a4")
    backs = serializers.ChoiceField(
        choices=[*printing.BACKS_OPTIONS, *BACKS_ALIASES],
        required=False,
        default="none",
        help_text="1 or sheet: a page of card backs at the end; duplex: a page of backs after"
        " every page, mirrored for two-sided printing.",
    )
    missing = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="Only the copies missing from your collection.",
    )
    bleed = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="3 mm of each card's border more all round, to cut without white edges;"
        " fewer cards a page.",
    )


PrintProgressSerializer = inline_serializer(
    "PrintProgress",
    {
        "detail": serializers.CharField(),
        "ready": serializers.IntegerField(min_value=0, help_text="Cards drawn so far."),
        "total": serializers.IntegerField(min_value=1, help_text="Different cards to print."),
    },
)


class DeckPrintView(APIView):
    """The deck's cards as a PDF: 2.5 × 3.5 in, 9 a page, with cut marks.

    Cards never drawn before are drawn a few at a time (decks.print_renders): until every card
    of the print is drawn, the answer is a 202 with the progress and a Retry-After header;
    ask again then."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [PDFRenderer]
    content_negotiation_class = PDFNegotiation

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        # Errors are JSON even for a client that asked for a PDF only.
        if isinstance(response, Response):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)

    @extend_schema(
        parameters=[PrintParameters],
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (202, "application/json"): OpenApiResponse(
                PrintProgressSerializer,
                description="Some cards are still being drawn; ask again after Retry-After.",
            ),
            (400, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="Bad options ({parameter: [messages]}), or nothing to print"
                " ({detail: message}).",
            ),
            (404, "application/json"): OpenApiResponse(
                ErrorSerializer, description="No such deck."
            ),
        },
    )
    def get(self, request: Request, pk: int) -> Any:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        query = read_query(PrintParameters, request)
        try:
            pdf = print_job.deck_print_pdf(
                deck=deck,
                user=request.user,
                paper=query["paper"],
                backs=BACKS_ALIASES.get(query["backs"], query["backs"]),
                only_missing=query["missing"],
                bleed=query["bleed"],
            )
        except printing.PrintError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        except PrintNotReady as progress:
            return Response(
                {"detail": str(progress), "ready": progress.ready, "total": progress.total},
                status=status.HTTP_202_ACCEPTED,
                headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
            )
        response = HttpResponse(pdf, content_type="application/pdf")
        name = f"{slugify(deck.name) or 'deck'}.pdf"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
