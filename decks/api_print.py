"""GET /api/v1/decks/<id>/print.pdf: the deck's cards as a PDF to print and cut."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import print_job, printing, selectors
from decks.print_renders import RETRY_AFTER_SECONDS, PrintNotReady
from kotc_site.api_files import FileNegotiation, FileRenderer, JSONErrors
from kotc_site.api_query import QueryBooleanField, QueryParameters, read_query

ErrorSerializer = inline_serializer("DeckError", {"detail": serializers.CharField()})


class PDFRenderer(FileRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"


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
    short = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="Only the copies you are short of: those missing from your collection once"
        " the copies in your other built decks are counted as taken.",
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


class DeckPrintView(JSONErrors, APIView):
    """The deck's cards as a PDF: 2.5 × 3.5 in, 9 a page, with cut marks.

    Cards never drawn before are drawn a few at a time (decks.print_renders): until every card
    of the print is drawn, the answer is a 202 with the progress and a Retry-After header;
    ask again then."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [PDFRenderer]
    content_negotiation_class = FileNegotiation

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
                only_short=query["short"],
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
