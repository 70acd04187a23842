"""Pages of notifications and their switches, reports, and the moderators' queue and log."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from community import limits, selectors, services
from community.forms import ModerationForm, NotificationSettingsForm, ReportForm
from community.models import Kind, ModerationEntry
from community.views.social import back_to
from kotc_site.forms import add_validation_errors

PAGE = 30


@login_required
def notifications(request: HttpRequest) -> HttpResponse:
    context = _notifications_context(request, request.GET.get("page"))
    context["moderator"] = selectors.is_moderator(request.user)
    return render(request, "community/notifications.html", context)


def _notifications_context(request: HttpRequest, page_number: str | None) -> dict[str, Any]:
    page = Paginator(selectors.notifications_of(request.user), PAGE).get_page(page_number)
    return {
        "page": page,
        "lines": [selectors.notification_line(n, request.user) for n in page],
        "unread": selectors.unread_count(request.user),
    }


@login_required
@require_POST
def notifications_read(request: HttpRequest) -> HttpResponse:
    ids = [int(v) for v in request.POST.getlist("id") if v.isdigit() and len(v) < 13]
    marked = services.notifications_read(user=request.user, ids=ids or None)
    said = f"{marked} marked read." if marked != 1 else "1 marked read."
    if request.headers.get("HX-Request") == "true":
        # Sent in place from the notifications page: its list anew, on the page it was on.
        context = _notifications_context(request, request.POST.get("page"))
        context["announce"] = said
        return render(request, "community/_notifications.html", context)
    messages.success(request, said)
    return redirect(back_to(request, "/notifications/"))


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request: HttpRequest) -> HttpResponse:
    off = selectors.muted_kinds(request.user)
    form = NotificationSettingsForm(request.POST or None, off=off)
    if request.method == "POST" and form.is_valid():
        wanted = {kind: bool(form.cleaned_data[kind]) for kind in Kind.values}
        services.notification_settings_set(user=request.user, on=wanted)
        messages.success(request, "Your notification settings are saved.")
        return redirect("notification-settings")
    return render(request, "community/notification_settings.html", {"form": form})


def _reported(request: HttpRequest, kind: str, pk: int) -> Any:
    if kind == "comment":
        return selectors.comment_for_viewer(user=request.user, pk=pk)
    return selectors.target_for_viewer(user=request.user, kind=kind, pk=pk)


def _place(kind: str, target: Any) -> str:
    if kind == "comment":
        return f"{target.target.get_absolute_url()}#comment-{target.pk}"
    return target.get_absolute_url()


@login_required
@require_http_methods(["GET", "POST"])
def report(
    request: HttpRequest, kind: str, pk: int | None = None, comment_id: int | None = None
) -> HttpResponse:
    target = _reported(request, kind, pk or comment_id or 0)
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            refused = limits.site_refusal(request, limits.REPORT)
            if refused:
                form.add_error(None, refused)
                status = 429
            else:
                try:
                    _report, created = services.report_create(
                        reporter=request.user, target=target, **form.cleaned_data
                    )
                except ValidationError as error:
                    add_validation_errors(form, error)
                else:
                    said = (
                        "Thank you: the moderators will look at it."
                        if created
                        else ("You reported it already; the moderators will look at it.")
                    )
                    messages.success(request, said)
                    return redirect(_place(kind, target))
    context = {"form": form, "kind": kind, "target": target, "place": _place(kind, target)}
    return render(request, "community/report.html", context, status=status)


def _moderator(request: HttpRequest) -> None:
    if not selectors.is_moderator(request.user):
        raise PermissionDenied("Only moderators may see this page.")


@login_required
def moderation_queue(request: HttpRequest) -> HttpResponse:
    _moderator(request)
    reports = list(selectors.open_reports(moderator=request.user)[:200])
    # One row per reported thing, however many reported it.
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    for item in reports:
        kind, target = selectors.report_target(item)
        row = rows.setdefault(
            (kind, target.pk), {"kind": kind, "target": target, "reports": [], "reasons": set()}
        )
        row["reports"].append(item)
        row["reasons"].add(item.get_reason_display())
    return render(request, "community/moderation_queue.html", {"rows": list(rows.values())})


def _moderated(request: HttpRequest, kind: str, pk: int) -> Any:
    if kind == "comment":
        return selectors.comment_for_moderator(moderator=request.user, pk=pk)
    return selectors.target_for_viewer(user=request.user, kind=kind, pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def moderate(
    request: HttpRequest, kind: str, pk: int | None = None, comment_id: int | None = None
) -> HttpResponse:
    _moderator(request)
    target = _moderated(request, kind, pk or comment_id or 0)
    form = ModerationForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                entry = services.moderate(
                    moderator=request.user, target=target, **form.cleaned_data
                )
            except ValidationError as error:
                add_validation_errors(form, error)
            else:
                messages.success(request, f"{entry.get_action_display()} the {kind}.")
                return redirect("moderation-queue")
    held = selectors.held(target) if kind != "comment" else None
    context = {"form": form, "kind": kind, "target": target, "held": held}
    return render(request, "community/moderate.html", context, status=status)


@login_required
def moderation_log(request: HttpRequest) -> HttpResponse:
    _moderator(request)
    page = Paginator(ModerationEntry.objects.all(), PAGE).get_page(request.GET.get("page"))
    return render(request, "community/moderation_log.html", {"page": page})
