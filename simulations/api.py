"""POST /api/v1/decks/<id>/simulations/, GET /api/v1/simulations/<id>/ and
GET /api/v1/simulations/<id>/compare/<other id>/."""

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from decks import goldfish
from decks.selectors import deck_for_viewer
from decks.services import deck_definition
from simulations import comparison, runs, services
from simulations.models import SimulationRun
from simulations.selectors import result_for_viewer, run_for_viewer
from simulations.serializers import (
    SimulationComparisonSerializer,
    SimulationRequestSerializer,
    SimulationSerializer,
    SimulationStartedSerializer,
)


class BrokerDown(APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = (
        "The simulation queue is unavailable right now, so nothing was started. Try again shortly."
    )
    default_code = "broker_unavailable"


def run_answer(run: SimulationRun, user: Any) -> dict[str, Any]:
    return {
        "id": run.id,
        "status": run.status,
        "progress": runs.run_progress(run),
        "result": result_for_viewer(run, user),
        "error": run.error or None,
    }


class SimulationStartView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "simulation"

    @extend_schema(
        request=SimulationRequestSerializer,
        responses={
            202: SimulationStartedSerializer,
            200: OpenApiResponse(SimulationStartedSerializer, "The same run already exists."),
            400: OpenApiResponse(description="Bad options or a deck the engine cannot play."),
            403: OpenApiResponse(description="Not logged in."),
            404: OpenApiResponse(description="No such deck, or another player's private one."),
            429: OpenApiResponse(description="Too many runs started; try again later."),
            503: OpenApiResponse(description="The simulation queue is unavailable."),
        },
    )
    def post(self, request: Request, deck_id: int) -> Response:
        deck = deck_for_viewer(user=request.user, pk=deck_id)
        body = SimulationRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            options = services.options_for_edition(body.validated_data, edition=deck.edition)
            run, created = services.simulation_start(
                definition=deck_definition(deck),
                options=options,
                deck_id=deck.pk,
                user=request.user,
            )
        except goldfish.GoldfishError as error:
            raise ValidationError({"deck": [str(error)]}) from error
        except services.BrokerUnavailable as error:
            raise BrokerDown() from error
        url = request.build_absolute_uri(reverse("api-simulation", args=[run.id]))
        return Response(
            {"id": run.id, "status": run.status, "url": url},
            status=status.HTTP_202_ACCEPTED if created else status.HTTP_200_OK,
        )


class SimulationView(APIView):
    @extend_schema(
        responses={
            200: SimulationSerializer,
            404: OpenApiResponse(description="No such run, or its deck is private."),
        }
    )
    def get(self, request: Request, run_id: str) -> Response:
        run = run_for_viewer(user=request.user, run_id=run_id)
        return Response(SimulationSerializer(run_answer(run, request.user)).data)


class SimulationCompareView(APIView):
    @extend_schema(
        responses={
            200: SimulationComparisonSerializer,
            400: OpenApiResponse(description="The same run twice."),
            404: OpenApiResponse(description="No such run, or its deck is private."),
        }
    )
    def get(self, request: Request, run_id: str, other_id: str) -> Response:
        """Both runs, as GET /api/v1/simulations/<id>/ gives each, how they were set up
        differently, and once both have succeeded, the second's numbers minus the first's."""
        run = run_for_viewer(user=request.user, run_id=run_id)
        other = run_for_viewer(user=request.user, run_id=other_id)
        if run.pk == other.pk:
            raise ValidationError({"other_id": [comparison.SAME_RUN]})
        first, second = run_answer(run, request.user), run_answer(other, request.user)
        facts = (comparison.run_facts(run), comparison.run_facts(other))
        both = run.finished_ok and other.finished_ok and first["result"] and second["result"]
        answer = {
            "run": first,
            "other": second,
            "options": [d.as_dict() for d in comparison.option_differences(*facts)],
            "differences": comparison.differences(first["result"], second["result"])
            if both
            else None,
        }
        return Response(SimulationComparisonSerializer(answer).data)
