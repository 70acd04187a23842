"""A new player comments, likes and follows; the designer is told and switches comments off;
a moderator hides a reported comment, and its author sees why."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from cards import services as card_services
from community.models import Comment, Notification
from decks import services as deck_services
from tests.community.conftest import CARD
from tests.community.world import make_moderator

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(chromium: Any, live_server: Any, username: str, password: str) -> Any:
    context = chromium.new_context(
        base_url=live_server.url, viewport={"width": 1280, "height": 900}
    )
    context.set_default_timeout(25_000)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.locator("#main").get_by_label("Username").fill(username)
    page.locator("#main").get_by_label("Password").fill(password)
    page.locator("#main").get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


def test_comment_like_follow_notify_and_moderate(page, chromium, live_server, alice):
    card = card_services.card_create(owner=alice, definition=CARD, visibility="public")
    deck_services.deck_create(owner=alice, name="Embers", visibility="public", entries=[(card, 4)])
    users = get_user_model().objects
    make_moderator(users.create_user("mod", "mod@example.com", "mod-pw-123456"))
    users.create_user("carol", "carol@example.com", "carol-pw-12345")

    # A new player signs up and comments with a card link; the link shows the card on hover.
    page.goto("/accounts/signup/")
    page.fill("#id_username", "newbie")
    page.fill("#id_password1", "moths-love-lamps-42")
    page.fill("#id_password2", "moths-love-lamps-42")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/signup/" not in url)
    page.goto(f"/cards/{card.pk}/")
    page.fill("#id_text", "Pairs well with [[Ember Wisp]].")
    page.get_by_role("button", name="Post comment").click()
    link = page.locator(".comment-body a.card-link")
    link.wait_for()
    assert link.inner_text() == "Ember Wisp"
    link.hover()
    page.wait_for_selector("#card-tooltip", state="visible")

    # A link to another site from a day-old account is refused, saying when it will not be.
    page.fill("#id_text", "Cheap singles at <https://spam.example/>")
    page.get_by_role("button", name="Post comment").click()
    error = page.locator(".field-error")
    assert "New accounts cannot post links to other sites yet" in error.inner_text()
    assert "UTC" in error.inner_text()
    assert Comment.objects.count() == 1

    # A like (a double click counts once) and a follow.
    page.goto(f"/cards/{card.pk}/")
    page.locator(".like-button").dblclick()
    page.wait_for_selector('.like-button[aria-pressed="true"]')
    assert page.inner_text(".like-count") == "1 like"
    page.get_by_role("button", name="Follow alice").click()
    page.wait_for_selector('.follow-button[aria-pressed="true"]')

    # Alice sees two unread notifications, reads them, and switches comments off.
    designer = log_in(chromium, live_server, "alice", "correct-horse-battery")
    assert designer.inner_text(".unread-count").startswith("2")
    designer.click(".notifications-link")
    body = designer.inner_text("#main")
    assert "newbie commented on “Ember Wisp”." in body and "newbie follows you." in body
    designer.get_by_role("link", name="Which notifications you get").click()
    designer.get_by_label("Comments on your cards and decks").uncheck()
    designer.click("#save-notification-settings")
    designer.wait_for_selector("text=Your notification settings are saved.")
    assert not designer.get_by_label("Comments on your cards and decks").is_checked()
    page.goto(f"/cards/{card.pk}/")
    page.fill("#id_text", "And a second thought.")
    page.get_by_role("button", name="Post comment").click()
    page.locator(".comment-body", has_text="And a second thought.").wait_for()
    assert Notification.objects.filter(recipient=alice, kind="comment").count() == 1

    # Carol reports the first comment; the moderator hides it with a reason.
    first = Comment.objects.order_by("pk").first()
    reporter = log_in(chromium, live_server, "carol", "carol-pw-12345")
    reporter.goto(f"/comments/{first.pk}/report/")
    reporter.get_by_label("Spam or advertising").check()
    reporter.click("#send-report")
    reporter.wait_for_selector("text=Thank you: the moderators will look at it.")
    moderator = log_in(chromium, live_server, "mod", "mod-pw-123456")
    moderator.get_by_role("link", name="Notifications").click()
    moderator.get_by_role("link", name="Moderation").click()
    assert "Spam or advertising" in moderator.inner_text("#main")
    moderator.locator(".report-queue a.button").first.click()
    moderator.get_by_label("Hid").check()
    moderator.fill("#id_reason", "Off topic")
    moderator.click("#moderate-submit")
    moderator.wait_for_selector("text=No open reports.")
    moderator.goto("/moderation/log/")
    assert "Off topic" in moderator.inner_text(".moderation-log")

    # The author sees it marked, with the reason, and is told; carol no longer sees it.
    page.goto(f"/cards/{card.pk}/")
    hidden = page.locator(f"#comment-{first.pk}")
    assert "Hidden by a moderator: Off topic" in hidden.inner_text()
    page.goto("/notifications/")
    assert "Your comment on “Ember Wisp” was hidden: Off topic" in page.inner_text("#main")
    reporter.goto(f"/cards/{card.pk}/")
    assert reporter.locator(f"#comment-{first.pk}").count() == 0
    assert "Pairs well with" not in reporter.inner_text("#main")


def test_likes_comments_and_mark_read_happen_in_place(site, browse, chromium, live_server):
    """With the keyboard: a like, a comment (and an empty one) and "Mark read" answer in the
    page, the focus stays on the control used and the page does not jump to its top; the
    status region says what was done. Without JavaScript the same forms post and come back."""
    from tests.browser.pages import DESKTOP, PASSWORD, community_path

    community_path(site, "")  # alice is followed, so she has notifications to read
    page = browse(DESKTOP, signed_in=True)
    page.goto(f"/cards/{site.wisp.pk}/")
    like = page.locator("#like-button")
    like.wait_for()
    like.focus()
    page.evaluate("document.getElementById('like-button').scrollIntoView({block: 'center'})")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    page.keyboard.press("Enter")
    page.wait_for_selector('#like-button[aria-pressed="true"]')
    page.wait_for_function("document.activeElement.id === 'like-button'")
    page.wait_for_function(
        "document.getElementById('site-status').textContent.includes('You like')"
    )
    assert page.url.endswith(f"/cards/{site.wisp.pk}/")
    assert page.evaluate("window.scrollY") > 0
    assert page.inner_text(".like-count") == "1 like"

    page.locator("#id_text").focus()
    page.keyboard.type("Quiet and patient.")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "post-comment"
    page.keyboard.press("Enter")
    page.locator(".comment-body", has_text="Quiet and patient.").wait_for()
    page.wait_for_function("document.activeElement.id === 'post-comment'")
    page.wait_for_function(
        "document.getElementById('site-status').textContent === 'Your comment is posted.'"
    )
    assert page.locator("#id_text").input_value() == ""
    # An empty comment: the focus goes to the box, which says why.
    page.keyboard.press("Enter")
    page.wait_for_selector('#id_text[aria-invalid="true"]')
    page.wait_for_function("document.activeElement.id === 'id_text'")

    # "Mark read" on one notification: it stays focused, the header's count goes down.
    page.goto("/notifications/")
    unread = int(page.inner_text(".unread-count").split()[0])
    first = page.locator(".notification.unread").first
    first_id = first.get_attribute("id")
    first.get_by_role("button", name="Mark read").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#{first_id}:not(.unread)")
    page.wait_for_function("id => document.activeElement.id === id", arg=first_id)
    page.wait_for_function(
        "document.getElementById('site-status').textContent === '1 marked read.'"
    )
    after = page.locator(".unread-count")
    assert (after.count() and int(after.inner_text().split()[0])) == unread - 1 or (
        unread == 1 and after.count() == 0
    )

    # Without JavaScript: the forms post, and the answers lead back to where they were sent.
    from community import services as community_services

    carol = get_user_model().objects.create_user("carol", "carol@example.com", "carol-pw-12345")
    community_services.follow_set(
        follower=carol, designer=site.alices_card.owner, following=True
    )  # a notification for alice to mark read
    context = chromium.new_context(base_url=live_server.url, java_script_enabled=False)
    plain = context.new_page()
    plain.goto("/accounts/login/")
    plain.fill("#id_username", "alice")
    plain.fill("#id_password", PASSWORD)
    plain.locator("#main button[type=submit]").click()
    plain.goto(f"/cards/{site.wisp.pk}/comments/")
    plain.locator(".like-button").click()
    plain.wait_for_url(f"**/cards/{site.wisp.pk}/#likes")
    plain.goto(f"/cards/{site.wisp.pk}/comments/")
    assert plain.inner_text(".like-count") == "0 likes"
    plain.fill("#id_text", "Said without scripts.")
    plain.locator("#post-comment").click()
    plain.wait_for_url(f"**/cards/{site.wisp.pk}/#comment-*")
    plain.goto("/notifications/")
    plain.locator("#mark-all-read").click()
    plain.wait_for_url("**/notifications/")
    assert plain.locator(".notification.unread").count() == 0
    context.close()
