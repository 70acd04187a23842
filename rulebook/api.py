"""Read-only API for the rulebook and the glossary, under /api/v1/."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.check_api import EditionField
from kotc_site.api_query import PAGE, QueryParameters, read_query
from rulebook import searching, selectors
from rulebook.content_format import KINDS
from rulebook.models import Edition
from rulebook.serializers import (
    EditionSummarySerializer,
    GlossaryExportSerializer,
    GlossaryHitSerializer,
    RulebookSerializer,
    TermKindField,
    TermSerializer,
)


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class GlossaryQuerySerializer(QueryParameters):
    q = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=searching.MAX_QUERY,
        default="",
        help_text="Start of a name or word form (bur, self-b, 3-dice), else words of definitions.",
    )
    # The editions are the site's edition files; one without a rulebook has no terms.
    edition = EditionField(required=False, default=None, help_text="Only terms of this edition.")
    kind = TermKindField(
        required=False,
        allow_blank=True,
        default="",
        help_text=f"Only terms of this kind: {', '.join(KINDS)}.",
    )


def _term_or_404(slug: str) -> Any:
    term = selectors.term_get(slug)
    if term is None:
        raise NotFound(f"No glossary entry {slug!r}.")
    return term


class GlossaryListView(GenericAPIView):
    """Glossary terms, A to Z, or best match first when searching."""

    permission_classes = [AllowAny]
    serializer_class = GlossaryHitSerializer

    @extend_schema(
        operation_id="glossary_list",
        parameters=[GlossaryQuerySerializer],
        responses={
            200: GlossaryHitSerializer(many=True),
            400: OpenApiResponse(OpenApiTypes.OBJECT),
            404: OpenApiResponse(ErrorSerializer, description="No such page of results."),
        },
    )
    def get(self, request: Request) -> Response:
        query = read_query(GlossaryQuerySerializer, request, also=PAGE)
        hits = selectors.glossary_search(
            query["q"], edition=query["edition"], kind=query["kind"] or None
        )
        rows = [
            {
                "slug": hit.slug,
                "name": hit.name,
                "kind": hit.kind,
                "editions": list(hit.editions),
                "matched_in": hit.matched_in,
                "url": request.build_absolute_uri(reverse("glossary-term", args=[hit.slug])),
                "api_url": request.build_absolute_uri(
                    reverse("api-glossary-term", args=[hit.slug])
                ),
            }
            for hit in hits
        ]
        page = self.paginate_queryset(rows)
        if page is not None:
            return self.get_paginated_response(GlossaryHitSerializer(page, many=True).data)
        return Response(GlossaryHitSerializer(rows, many=True).data)


class GlossaryTermView(APIView):
    """One glossary term: its definition in each edition, and the terms it relates to."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="glossary_retrieve",
        responses={200: TermSerializer, 404: ErrorSerializer},
    )
    def get(self, request: Request, slug: str) -> Response:
        term = _term_or_404(slug)
        return Response(TermSerializer(term).data)


class GlossaryDownloadView(APIView):
    """The whole glossary as one JSON file, with its license."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="glossary_download", responses={200: GlossaryExportSerializer})
    def get(self, request: Request) -> HttpResponse:
        document = GlossaryExportSerializer(selectors.glossary_export()).data
        response = HttpResponse(
            json.dumps(document, ensure_ascii=False, indent=1),
            content_type="application/json; charset=utf-8",
        )
        response["Content-Disposition"] = 'attachment; filename="kotc-glossary.json"'
        return response


class RulebookListView(APIView):
    """The rulebook editions on the site."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="rulebook_list", responses={200: EditionSummarySerializer(many=True)}
    )
    def get(self, request: Request) -> Response:
        editions = Edition.objects.all()
        return Response(EditionSummarySerializer(editions, many=True).data)


class RulebookEditionView(APIView):
    """One edition's rulebook: every section in reading order, with anchors and text."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="rulebook_retrieve",
        parameters=[OpenApiParameter("edition", int, OpenApiParameter.PATH)],
        responses={200: RulebookSerializer, 404: ErrorSerializer},
    )
    def get(self, request: Request, edition: int) -> Response:
        found = selectors.edition_with_sections(edition)
        if found is None:
            known = ", ".join(map(str, selectors.edition_numbers()))
            raise NotFound(f"There is no rulebook for edition {edition}. Known editions: {known}.")
        page_url = request.build_absolute_uri(reverse("rulebook-edition", args=[found.number]))
        return Response(RulebookSerializer(found, context={"page_url": page_url}).data)
