"""The community's part of the hardening tests' world (tests/hardening): a comment of alice's
on her own card, and what a refused request must leave as it was."""

from __future__ import annotations

from typing import Any

from community.models import (
    Comment,
    Follow,
    Hold,
    Like,
    ModerationEntry,
    Notification,
    NotificationMute,
    Report,
)


def make_comment(alice: Any, card: Any) -> Comment:
    """Written while the card was shared; the card may be private since."""
    return Comment.objects.create(author=alice, card=card, text="First, with [[Ember Wisp]].")


def community_snapshot() -> tuple[Any, ...]:
    return (
        list(Comment.objects.order_by("pk").values_list("pk", "text", "hidden", "edited")),
        list(Like.objects.order_by("pk").values_list("user", "card", "deck")),
        list(Follow.objects.order_by("pk").values_list("follower", "designer")),
        list(Report.objects.order_by("pk").values_list("reporter", "open")),
        list(NotificationMute.objects.order_by("pk").values_list("user", "kind")),
        list(Notification.objects.order_by("pk").values_list("recipient", "kind", "read")),
        Hold.objects.count(),
        ModerationEntry.objects.count(),
    )


def converse(users: dict[str, Any], cards: list[Any], decks: list[Any]) -> None:
    """Bob and carol comment on, like and report every card and deck they may see, and follow
    alice; alice answers on her own. Their cards may go private and be rewritten afterwards:
    the threads, counts and notifications about them must then show nothing of them."""
    from community import services
    from community.selectors import target_for_viewer

    for target in [*cards, *decks]:
        target.refresh_from_db()
        kind = "card" if hasattr(target, "ability_text") else "deck"
        for who in ("bob", "carol"):
            user = users[who]
            try:
                seen = target_for_viewer(user=user, kind=kind, pk=target.pk)
            except Exception:  # noqa: BLE001 - a private one: nothing to say about it
                continue
            if seen.visibility == "private":
                continue
            comment = services.comment_create(
                author=user, target=seen, text=f"{who} likes [[{seen.name}]]"
            )
            if seen.owner_id != user.pk:  # no one likes their own
                services.like_set(user=user, target=seen, liked=True)
                services.report_create(reporter=user, target=seen, reason="other")
            owner = seen.owner
            if owner.pk != user.pk:
                services.comment_create(author=owner, target=seen, text=f"Thanks, {who}!")
                services.report_create(reporter=owner, target=comment, reason="spam")
    for who in ("bob", "carol"):
        services.follow_set(follower=users[who], designer=users["alice"], following=True)


def site_comment(card: Any, author: Any) -> Comment:
    """A comment of `author`'s on `card` for the page tests (tests/browser/pages.py), with a
    card link and a second comment by someone else to report; made once."""
    from django.contrib.auth import get_user_model

    comment = Comment.objects.filter(card=card, author=author).first()
    if comment is not None:
        return comment
    other, _ = get_user_model().objects.get_or_create(username="commenter")
    Comment.objects.create(
        author=other, card=card, text="Plays well with **[[" + card.name + "]]**."
    )
    return Comment.objects.create(author=author, card=card, text=f"A fine [[{card.name}]].")


def make_moderator(user: Any) -> Any:
    """`user` given the moderators' permission through a group, as an admin would."""
    from django.contrib.auth.models import Group, Permission

    group, _ = Group.objects.get_or_create(name="Moderators")
    group.permissions.add(Permission.objects.get(codename="moderate"))
    user.groups.add(group)
    return user


def page_with_comments(client: Any, path: str) -> str:
    """A card's or deck's page as a browser shows it: the page, then the comments block it
    loads after itself (htmx asks the thread's address for it)."""
    page = client.get(path).content.decode()
    block = client.get(f"{path}comments/", HTTP_HX_REQUEST="true").content.decode()
    return page + block
