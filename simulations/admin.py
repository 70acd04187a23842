"""Goldfish runs for staff: list and filter them, see their chunks, queue stuck ones again."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest

from simulations import services
from simulations.models import SimulationRun


@admin.register(SimulationRun)
class SimulationRunAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "requested_by",
        "deck",
        "games",
        "played",
        "created",
        "finished",
        "requeued",
    )
    list_filter = ("status", "created")
    search_fields = ("id", "requested_by__username", "deck__name")
    date_hierarchy = "created"
    ordering = ("-created",)
    actions = ["requeue"]
    fields = (
        "id",
        "status",
        "requested_by",
        "deck",
        "options",
        "chunks_total",
        "played",
        "deliveries",
        "created",
        "deadline",
        "requeued",
        "finished",
        "error",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[SimulationRun]:
        return (
            super()
            .get_queryset(request)
            .select_related("requested_by", "deck")
            .annotate(
                played_chunks=Count("chunks", filter=Q(chunks__tally__isnull=False)),
            )
        )

    @admin.display(description="games")
    def games(self, run: SimulationRun) -> Any:
        return (run.options or {}).get("games")

    @admin.display(description="chunks played")
    def played(self, run: SimulationRun) -> str:
        played = getattr(run, "played_chunks", None)
        if played is None:
            played = run.chunks.filter(tally__isnull=False).count()
        return f"{played} of {run.chunks_total}"

    @admin.display(description="chunk deliveries")
    def deliveries(self, run: SimulationRun) -> int:
        return sum(run.chunks.values_list("deliveries", flat=True))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Queue the unplayed chunks again (failed runs run again)")
    def requeue(self, request: HttpRequest, queryset: QuerySet[SimulationRun]) -> None:
        runs = chunks = 0
        for run in queryset.exclude(status=SimulationRun.Status.SUCCEEDED):
            try:
                queued = services.run_requeue(run)
            except Exception as error:  # noqa: BLE001 - the broker is down: say so
                self.message_user(
                    request, f"The queue is unavailable: {error}", level=messages.ERROR
                )
                return
            runs += 1
            chunks += queued
        self.message_user(request, f"Queued {chunks} chunk(s) of {runs} run(s) again.")
