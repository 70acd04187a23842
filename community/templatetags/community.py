"""The community's parts of other apps' pages: a card's or deck's likes and comments, and the
notifications link of the header."""

from __future__ import annotations

from typing import Any

from django import template
from django.core.paginator import Paginator
from django.utils.safestring import SafeString

from cards.selectors import signed_in_user
from community import selectors
from community.forms import CommentForm

register = template.Library()

SHOWN = 30  # comments shown on a card's or deck's own page
PER_PAGE = 50  # on the thread's page


def comment_html(text: str, viewer: Any) -> SafeString:
    from cards.markup import render_markup

    return render_markup(text, viewer=viewer)


@register.inclusion_tag("community/_social_block.html", takes_context=True)
def social(context: template.Context, target: Any, form: Any = None) -> dict[str, Any]:
    """Likes, comments and the forms for them, as the page's viewer may see them."""
    request = context["request"]
    user = signed_in_user(request.user)
    kind = selectors.kind_of(target)
    hold = selectors.held(target)
    is_owner = user is not None and target.owner_id == user.pk
    moderator = selectors.is_moderator(user)
    if hold is not None and not (is_owner or moderator):
        return {"shown": False}
    thread = selectors.comments_on(user=user, target=target)
    page = None
    if context.get("thread_page"):
        # The thread's own page: every comment, a page at a time, oldest first.
        # A like or a comment sent in place names the page it was sent from.
        number = request.GET.get("page") or request.POST.get("page")
        page = Paginator(thread, PER_PAGE).get_page(number)
        comments, total = list(page), page.paginator.count
    else:
        # On the card's or deck's page: the newest ones, and a link to the rest.
        total = thread.count()
        comments = list(thread[max(0, total - SHOWN) :]) if total > SHOWN else list(thread)
    return {
        "shown": True,
        "request": request,
        "user": request.user,
        "csrf_token": context.get("csrf_token"),
        "target": target,
        "kind": kind,
        "hold": hold,
        "is_owner": is_owner,
        "moderator": moderator,
        "shared": target.visibility != "private",
        "likes": selectors.like_state(user=user, target=target),
        "following": selectors.follows(follower=user, designer=target.owner),
        "comments": [(c, comment_html(c.text, user)) for c in comments],
        "total": total,
        "more": total > len(comments) and page is None,
        "page": page,
        "form": form or CommentForm(),
        # Sent back with a like or a comment, so that the answer is drawn as this page draws it.
        "thread_page": bool(context.get("thread_page")),
        "announce": context.get("announce", ""),
    }


@register.inclusion_tag("community/_comment.html", takes_context=True)
def comment_item(context: template.Context, comment: Any, html: SafeString) -> dict[str, Any]:
    request = context["request"]
    return {
        "comment": comment,
        "html": html,
        "request": request,
        "user": request.user,
        "csrf_token": context.get("csrf_token"),
        "moderator": context.get("moderator", False),
    }


@register.inclusion_tag("community/_nav_link.html", takes_context=True)
def notifications_link(context: template.Context, oob: bool = False) -> dict[str, Any]:
    request = context.get("request")
    user = signed_in_user(getattr(request, "user", None))
    if user is None:
        return {"shown": False}
    # One query on every page: the moderators' link is on the notifications page, so the
    # header does not load anyone's permissions.
    return {"shown": True, "unread": selectors.unread_count(user), "oob": oob}
