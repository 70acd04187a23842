"""Query parameters of the API, read by serializers: each one the schema declares, as it says.

A view lists its parameters in a QueryParameters serializer, which is also what the schema is
made from (`extend_schema(parameters=[TheSerializer])`), so the two cannot disagree: a value the
schema refuses (an unknown enum value, a number out of range, a parameter given twice, a
boolean written "null") is a 400 naming the parameter, never silently read as something else.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.http import QueryDict
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from kotc_site.inputs import WholeNumberSerializerField
from kotc_site.pagination import COUNT_CAP, CappedPaginator

MAX_PAGE = 1_000_000  # far past the last page of anything the site lists


class TextValues(serializers.Serializer):
    """A serializer of flat text values (a query string, a form body) read like JSON values:
    each field given once, and an empty one is a value like any other (valid for text, not
    for a number, a boolean or a choice). DRF would take an empty value for a missing one, so
    `?download=` or a blank `bury` in a form would quietly become the default."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, QueryDict):
            repeated = {
                name: [f"Give {name} once, not {len(data.getlist(name))} times."]
                for name in self.fields
                if len(data.getlist(name)) > 1
            }
            if repeated:
                raise serializers.ValidationError(repeated)
            data = {name: data[name] for name in data}
        return super().to_internal_value(data)


class QueryParameters(TextValues):
    """A serializer of query parameters, read as TextValues; one the schema does not declare is
    refused (the context's `also` names those read elsewhere, such as the page; with `closed`
    False, others are left to whoever reads them)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, QueryDict) and self.context.get("closed", True):
            known = [*self.fields, *self.context.get("also", ())]
            unknown = {
                name: [f"This address takes no {name!r}; it takes: {', '.join(known)}."]
                for name in data
                if name not in known
            }
            if unknown:
                raise serializers.ValidationError(unknown)
        return super().to_internal_value(data)


# The query parameters a paginated list reads besides its own (see Pagination).
PAGE = ("page",)
PAGE_AND_SIZE = ("page", "page_size")


def read_query(
    parameters: type[QueryParameters],
    request: Request,
    *,
    also: Sequence[str] = (),
    closed: bool = True,
) -> dict[str, Any]:
    """The request's query parameters, read by `parameters`; a 400 naming each bad one, and
    each the address does not take (`also`: those read elsewhere, such as PAGE)."""
    query = parameters(data=request.query_params, context={"also": also, "closed": closed})
    query.is_valid(raise_exception=True)
    return dict(query.validated_data)


class QueryBooleanField(serializers.BooleanField):
    """true or false, as OpenAPI writes a boolean in a query; not DRF's yes or on, which the
    schema does not allow. With `digits`, also 1 and 0 (the schema then lists the four)."""

    NULL_VALUES: set[Any] = set()

    def __init__(self, *, digits: bool = False, **kwargs: Any) -> None:
        self.digits = digits
        self.TRUE_VALUES = {"true", True, *(["1"] if digits else [])}
        self.FALSE_VALUES = {"false", False, *(["0"] if digits else [])}
        super().__init__(**kwargs)
        self.error_messages["invalid"] = "Must be true or false" + (
            " (or 1 or 0)." if digits else "."
        )


@cache
def page_parameters(max_page_size: int | None) -> type[QueryParameters]:
    """The page parameters of a list: `page`, and `page_size` when the list lets it be set."""
    fields: dict[str, Any] = {
        "page": WholeNumberSerializerField(min_value=1, max_value=MAX_PAGE, required=False)
    }
    if max_page_size:
        fields["page_size"] = WholeNumberSerializerField(
            min_value=1, max_value=max_page_size, required=False
        )
    return type("PageParameters", (QueryParameters,), fields)


class Pagination(PageNumberPagination):
    """DRF's page numbers, read strictly: `page=0`, `page=x`, `page=1&page=2` and a page size
    out of range are 400s (DRF would quietly serve page 1 or the default size); a page past
    the last is a 404, as before.

    The count stops at COUNT_CAP (kotc_site.pagination): `count_capped` is true when there are
    more, and the pages reach as far as the count."""

    django_paginator_class = CappedPaginator

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> Any:
        self.query = self._read(request)
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            paginator = CappedPaginator(queryset, self.get_page_size(request))
            if not paginator.capped:
                raise
            raise NotFound(
                f"Only the first {paginator.cap:,} results are paged ({paginator.num_pages}"
                " pages); narrow the search to reach the others."
            ) from None

    def get_paginated_response(self, data: Any) -> Response:
        response = super().get_paginated_response(data)
        response.data["count_capped"] = self.page.paginator.capped
        return response

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        described = super().get_paginated_response_schema(schema)
        described["required"] = [*described["required"], "count_capped"]
        described["properties"]["count"]["description"] = (
            f"How many results there are, counted up to {COUNT_CAP:,}."
        )
        described["properties"]["count_capped"] = {
            "type": "boolean",
            "description": f"There are more than {COUNT_CAP:,} results (the count stopped).",
        }
        described["properties"]["notes"] = {
            "type": "array",
            "items": {"type": "string"},
            "description": "What to know of these results, when there is something: that"
            " the verdicts a legal: search reads are being updated, say.",
        }
        return described

    def _read(self, request: Request) -> dict[str, Any]:
        # The view reads its own parameters, and refuses those nobody reads.
        size = self.max_page_size if self.page_size_query_param else None
        return read_query(page_parameters(size), request, closed=False)

    def get_page_number(self, request: Request, paginator: Any) -> Any:
        return self.query.get("page", 1)

    def get_page_size(self, request: Request) -> int:
        return int(self.query.get("page_size") or self.page_size)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = [
            {
                "name": self.page_query_param,
                "required": False,
                "in": "query",
                "description": "A page of results, from 1.",
                "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
            }
        ]
        if self.page_size_query_param:
            parameters.append(
                {
                    "name": self.page_size_query_param,
                    "required": False,
                    "in": "query",
                    "description": f"Results a page, {self.page_size} unless given.",
                    "schema": {"type": "integer", "minimum": 1, "maximum": self.max_page_size},
                }
            )
        return parameters
