"""A new player sorts their cards in the browser: tags several at once, filters by every tag or
any, nests folders, archives and brings back, and saves a search to open again. Another
player's private card and tags never show."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from cards import services as card_services
from shelves import services as shelf_services
from shelves.models import Folder

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "sort-the-embers-77"


def design(owner, name: str, visibility: str = "private"):
    return card_services.card_create(
        owner=owner,
        definition={
            "name": name,
            "kind": "minion",
            "design_edition": 14,
            "level": 2,
            "sp": 1,
            "hp": 2,
            "ability_text": "WHISPER: Draw 1 card.",
        },
        visibility=visibility,
    )


def message(page, text: str) -> None:
    """Wait for the message an action leaves on the page it lands on (the status region says
    it too, unseen)."""
    page.locator("ul.messages").get_by_text(text).wait_for()


def names_shown(page) -> set[str]:
    # A link just clicked may have committed its page but not parsed it yet.
    page.wait_for_load_state("domcontentloaded")
    return set(page.locator(".card-grid .card-tile-name").all_inner_texts())


def tick(page, *names: str) -> None:
    for name in names:
        page.get_by_label(f"Select “{name}”").check()


def test_tag_filter_nest_archive_and_save_a_search(page, bob):
    secret = design(bob, "Bob Secret Aggro")
    shelf_services.items_tag(user=bob, name="aggro", cards=[secret])
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="Welcome back, dana").wait_for()  # the home page
    dana = get_user_model().objects.get(username="dana")
    for name in ("Alpha", "Beta", "Gamma", "Delta"):
        design(dana, name)

    # Tag three cards at once, then one of them again.
    page.goto("/cards/mine/")
    tick(page, "Alpha", "Beta", "Gamma")
    page.locator("#shelf-bulk-tag-cards").fill("aggro")
    page.get_by_role("button", name="Tag selected").click()
    message(page, "Tagged 3 cards “aggro”.")
    tick(page, "Alpha")
    page.locator("#shelf-bulk-tag-cards").fill("wip")
    page.get_by_role("button", name="Tag selected").click()
    message(page, "Tagged 1 card “wip”.")

    # Every tag chosen, then any.
    filters = page.get_by_role("group", name="Filter by your tags")
    filters.get_by_label("#aggro").check()
    filters.get_by_label("#wip").check()
    filters.get_by_label("Every tag chosen").check()
    filters.get_by_role("button", name="Filter").click()
    page.wait_for_url(re.compile(r".*q=tag%3Aaggro\+tag%3Awip"))
    assert names_shown(page) == {"Alpha"}
    page.goto("/cards/mine/")
    filters.get_by_label("#aggro").check()
    filters.get_by_label("#wip").check()
    filters.get_by_label("Any tag chosen").check()
    filters.get_by_role("button", name="Filter").click()
    page.wait_for_url(re.compile(r".*q=tag%3Aaggro%2Cwip"))
    assert names_shown(page) == {"Alpha", "Beta", "Gamma"}

    # tag: in the gallery reads dana's own tags only: bob's private card never shows.
    page.goto("/cards/?q=tag%3Aaggro&view=list")
    assert "Bob Secret Aggro" not in page.content()

    # A folder inside a folder; a card moved into it; breadcrumbs back up.
    page.goto("/shelves/")
    page.get_by_text("New folder").click()
    page.get_by_label("Folder name").fill("Projects")
    page.get_by_role("button", name="Make the folder").click()
    page.wait_for_url(re.compile(r".*/shelves/folders/\d+/$"))
    page.goto("/shelves/")
    page.get_by_text("New folder").click()
    page.get_by_label("Folder name").fill("Burn deck ideas")
    page.get_by_label("Inside", exact=True).select_option(label="Projects")
    page.get_by_role("button", name="Make the folder").click()
    page.wait_for_url(re.compile(r".*/shelves/folders/\d+/$"))
    crumbs = page.get_by_role("navigation", name="Breadcrumbs")
    assert crumbs.inner_text().split() == ["Shelves", "Projects", "Burn", "deck", "ideas"]
    # Moving Projects into its own folder is refused with a form error.
    crumbs.get_by_role("link", name="Projects").click()
    inner = Folder.objects.get(name="Burn deck ideas")
    page.get_by_label("Inside", exact=True).select_option(value=str(inner.pk))
    page.get_by_role("button", name="Save").click()
    page.get_by_text("A folder cannot go inside itself or a folder inside it.").wait_for()

    page.goto("/cards/mine/")
    tick(page, "Delta")
    page.locator("#shelf-bulk-folder-cards").select_option(value=str(inner.pk))
    page.get_by_role("button", name="Move to folder").click()
    message(page, "Moved 1 card to “Burn deck ideas”.")
    page.get_by_role("link", name="Burn deck ideas").first.click()
    page.wait_for_url(re.compile(r".*/shelves/folders/\d+/$"))
    assert names_shown(page) == {"Delta"}

    # Archive hides, "Show archived" shows, unarchive brings back.
    page.goto("/cards/mine/")
    tick(page, "Beta")
    page.get_by_role("button", name="Archive", exact=True).click()
    message(page, "Archived 1 card.")
    assert "Beta" not in names_shown(page)
    page.get_by_role("link", name=re.compile("Show archived")).click()
    page.wait_for_url(re.compile(r".*archived=1"))
    assert "Beta" in names_shown(page)
    tick(page, "Beta")
    page.get_by_role("button", name="Unarchive").click()
    message(page, "Unarchived 1 card.")
    page.goto("/cards/mine/")
    assert "Beta" in names_shown(page)

    # A saved search: a bad one is explained, a good one opens My cards searched by it.
    page.goto("/shelves/")
    page.get_by_text("New saved search").click()
    page.get_by_label("Saved search name").fill("Aggro pile")
    page.get_by_label("Search", exact=True).fill("tag:")
    page.get_by_role("button", name="Save the search").click()
    page.get_by_text("needs a value, like tag:aggro").wait_for()
    page.get_by_label("Search", exact=True).fill("tag:aggro -tag:wip")
    page.get_by_role("button", name="Save the search").click()
    page.get_by_role("link", name="Aggro pile").click()
    page.wait_for_url(re.compile(r".*/cards/mine/\?q=.*"))
    assert names_shown(page) == {"Beta", "Gamma"}
