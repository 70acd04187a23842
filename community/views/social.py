"""The community's pages and forms: a card's or deck's comments, likes, follows.

Each form asks the same rate limit as the API (community.limits) before it writes, and says
so in words when it is reached; the rest is the services' work."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from community import limits, selectors, services
from community.forms import CommentForm
from kotc_site.forms import add_validation_errors


def back_to(request: HttpRequest, default: str) -> str:
    """The page the form was sent from (`next`, on this site only), or `default`."""
    target = request.POST.get("next", "")
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if target and allowed and target.startswith("/") else default


def _in_place(request: HttpRequest) -> bool:
    """A form sent by htmx from the page, answered with the block it sits in."""
    return request.headers.get("HX-Request") == "true"


def _social_answer(
    request: HttpRequest, target: Any, *, form: CommentForm | None = None, announce: str = ""
) -> HttpResponse:
    """The likes and comments block, as the page it was sent from shows it (the card's or deck's
    own page, or the thread's), with what was done to be spoken once. Its errors, if any, come
    with it; it is answered 200 so that htmx swaps it in."""
    context = {
        "target": target,
        "form": form,
        "thread_page": request.POST.get("thread") == "1",
        "announce": announce,
    }
    response = render(request, "community/_social_answer.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _thread_page(
    request: HttpRequest, target: Any, form: CommentForm, status: int = 200
) -> HttpResponse:
    context = {
        "target": target,
        "kind": selectors.kind_of(target),
        "form": form,
        "thread_page": True,
    }
    return render(request, "community/thread.html", context, status=status)


@require_http_methods(["GET", "POST"])
def comments(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    """A card's or deck's comments on a page of their own, and where a comment is sent: a
    comment that cannot be saved comes back here with its text and the reason."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    target = selectors.target_for_viewer(user=request.user, kind=kind, pk=pk)
    if request.method == "GET":
        if request.headers.get("HX-Request"):
            # The block a card's or deck's page loads after itself: the newest comments.
            response = render(request, "community/_social_part.html", {"target": target})
            patch_vary_headers(response, ["HX-Request"])
            return response
        return _thread_page(request, target, CommentForm())
    form = CommentForm(request.POST)
    if form.is_valid():
        refused = limits.site_refusal(request, limits.COMMENT)
        if refused:
            form.add_error(None, refused)
            if _in_place(request):
                return _social_answer(request, target, form=form, announce=refused)
            return _thread_page(request, target, form, status=429)
        try:
            comment = services.comment_create(
                author=request.user, target=target, text=form.cleaned_data["text"]
            )
        except ValidationError as error:
            add_validation_errors(form, error)
        else:
            if _in_place(request):
                return _social_answer(request, target, announce="Your comment is posted.")
            messages.success(request, "Your comment is posted.")
            return redirect(f"{target.get_absolute_url()}#comment-{comment.pk}")
    if _in_place(request):
        return _social_answer(request, target, form=form)
    return _thread_page(request, target, form, status=400)


def _own_comment(request: HttpRequest, comment_id: int) -> Any:
    comment = selectors.comment_for_viewer(user=request.user, pk=comment_id)
    if comment.author_id != request.user.pk:
        raise PermissionDenied("Only the comment's author may change it.")
    return comment


@login_required
@require_http_methods(["GET", "POST"])
def comment_edit(request: HttpRequest, comment_id: int) -> HttpResponse:
    comment = _own_comment(request, comment_id)
    form = CommentForm(request.POST or None, initial={"text": comment.text})
    status = 200
    if request.method == "POST" and form.is_valid():
        refused = limits.site_refusal(request, limits.COMMENT)
        if refused:
            form.add_error(None, refused)
            status = 429
        else:
            try:
                services.comment_update(
                    comment=comment, user=request.user, text=form.cleaned_data["text"]
                )
            except ValidationError as error:
                add_validation_errors(form, error)
            else:
                messages.success(request, "Your comment is changed.")
                return redirect(f"{comment.target.get_absolute_url()}#comment-{comment.pk}")
    if request.method == "POST" and status == 200:
        status = 400
    context = {"comment": comment, "target": comment.target, "form": form}
    return render(request, "community/comment_edit.html", context, status=status)


@login_required
@require_POST
def comment_delete(request: HttpRequest, comment_id: int) -> HttpResponse:
    comment = _own_comment(request, comment_id)
    target = comment.target
    services.comment_delete(comment=comment, user=request.user)
    messages.success(request, "Your comment is deleted.")
    return redirect(f"{target.get_absolute_url()}#comments")


@login_required
@require_POST
def like(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    """Like (like=1) or unlike (like=0): the state asked for, so a double click is one like."""
    target = selectors.target_for_viewer(user=request.user, kind=kind, pk=pk)
    back = back_to(request, f"{target.get_absolute_url()}#likes")
    refused = limits.site_refusal(request, limits.LIKE)
    if refused:
        if _in_place(request):
            return _social_answer(request, target, announce=refused)
        messages.error(request, refused)
        return redirect(back)
    liked = request.POST.get("like") != "0"
    said = f"You like “{target.name}”." if liked else f"You no longer like “{target.name}”."
    try:
        services.like_set(user=request.user, target=target, liked=liked)
    except ValidationError as error:
        said = " ".join(error.messages)
        if not _in_place(request):
            messages.error(request, said)
    if _in_place(request):
        return _social_answer(request, target, announce=said)
    return redirect(back)


@login_required
@require_POST
def follow(request: HttpRequest, username: str) -> HttpResponse:
    designer = selectors.designer_by_name(username)
    back = back_to(request, "/following/")
    refused = limits.site_refusal(request, limits.FOLLOW)
    if refused:
        messages.error(request, refused)
        return redirect(back)
    wanted = request.POST.get("follow") != "0"
    try:
        services.follow_set(follower=request.user, designer=designer, following=wanted)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        done = "You follow" if wanted else "You no longer follow"
        messages.success(request, f"{done} {designer.username}.")
    return redirect(back)


@login_required
def following(request: HttpRequest) -> HttpResponse:
    context = {
        "following": selectors.following_of(request.user),
        "followers": selectors.followers_of(request.user),
        "followed": set(selectors.following_of(request.user).values_list("designer_id", flat=True)),
    }
    return render(request, "community/following.html", context)
