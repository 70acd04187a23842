"""Alice makes a set in the browser as a designer would: twelve private cards, ordered and
numbered, released by itself two minutes later (on a test clock). Bob, a stranger, sees
nothing of it before and all twelve cards after, numbered; he downloads its ZIP and imports it
as his own cards; and prints it. A print of cards never drawn before shows its progress and
then the PDF, with JavaScript or without."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from cards.models import Card
from decks import print_renders
from sets import services
from sets.models import CardSet
from tests.browser.pages import DESKTOP, PHONE, misfits_on_a_phone
from tests.browser.test_axe import FAILING_IMPACTS, violations
from tests.sets.world import make_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ALICES_PASSWORD = "correct-horse-battery"  # tests/conftest.py
BOBS_PASSWORD = "staple-paper-clip-42"


def serious(page) -> list[str]:
    """The page's serious or critical accessibility violations (axe, as tests/browser/test_axe)."""
    return [
        f"{v['id']}: {', '.join(v['targets'])}"
        for v in violations(page)
        if v["impact"] in FAILING_IMPACTS
    ]


def log_in(page, name: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.locator("#main").get_by_label("Username").fill(name)
    page.locator("#main").get_by_label("Password").fill(password)
    page.locator("#main").get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def test_a_set_scheduled_released_shared_and_printed(page, chromium, live_server, alice, bob):
    cards = make_cards(alice, 12, prefix="Ember")
    log_in(page, "alice", ALICES_PASSWORD)

    # The set: its cards numbered backwards, its release two minutes ahead.
    page.goto("/sets/new/")
    assert not serious(page)
    page.get_by_label("Name").fill("Embers of the North")
    page.get_by_label("Code").fill("EMB")
    release_at = (timezone.now() + timedelta(minutes=2)).replace(second=0, microsecond=0)
    page.get_by_label("Release at").fill(release_at.strftime("%Y-%m-%dT%H:%M"))
    for number, card in enumerate(reversed(cards), start=1):
        page.get_by_label(f"Number of “{card.name}”").fill(str(number))
    page.get_by_role("button", name="Save the set").click()
    page.locator(".message").get_by_text("only you see it until it is released").wait_for()
    card_set = CardSet.objects.get()
    assert card_set.release_at == release_at
    assert page.locator("#set-status").inner_text().startswith("To be released")
    assert page.locator(".set-card").count() == 12
    page.reload()  # without the message just shown, whose list is the base page's
    assert not serious(page)

    # Bob, a stranger, sees nothing of it: not the set, its cards, its files or the search.
    stranger = chromium.new_context(base_url=live_server.url)
    stranger.set_default_timeout(25_000)
    bobs = stranger.new_page()
    log_in(bobs, "bob", BOBS_PASSWORD)
    answer = bobs.goto(f"/sets/{card_set.pk}/")
    assert answer.status == 404
    assert "Embers of the North" not in bobs.content()
    assert bobs.goto(f"/cards/{cards[0].pk}/").status == 404
    assert bobs.goto(f"/sets/{card_set.pk}/export.zip").status == 404
    bobs.goto("/sets/")
    assert "Embers of the North" not in bobs.content()

    # The clock reaches the release: beat's sweep releases it.
    assert services.sets_release_due(now=release_at - timedelta(seconds=1)) == []
    assert services.sets_release_due(now=release_at + timedelta(seconds=1)) == [card_set.pk]
    assert set(Card.objects.filter(owner=alice).values_list("visibility", flat=True)) == {"public"}

    # Now bob sees all twelve, in order, each with its number printed.
    bobs.goto(f"/sets/{card_set.pk}/")
    tiles = bobs.locator(".set-card")
    assert tiles.count() == 12
    numbers = bobs.locator(".set-card .set-number").all_inner_texts()
    assert numbers == [f"EMB {n:03d}/012" for n in range(1, 13)]
    names = bobs.locator(".set-card .card-tile-name").all_inner_texts()
    assert names == [card.name for card in reversed(cards)]
    drawn = bobs.locator(".set-card img").first
    drawn.scroll_into_view_if_needed()
    bobs.wait_for_function(
        "(img) => img.complete && img.naturalWidth === 300", arg=drawn.element_handle()
    )
    card_page = bobs.goto(f"/cards/{cards[0].pk}/")
    assert card_page.status == 200 and "EMB 012/012" in bobs.content()

    # He downloads the ZIP and imports it as his own cards.
    bobs.goto(f"/sets/{card_set.pk}/")
    bobs.get_by_text("Print and share").click()
    with bobs.expect_download() as download:
        bobs.get_by_role("link", name="Export ZIP").click()
    zip_path = download.value.path()
    bobs.goto("/sets/import/")
    bobs.get_by_label("A set's ZIP or set.json").set_input_files(zip_path)
    bobs.get_by_role("button", name="Import").click()
    bobs.locator(".message").get_by_text("12 new private cards of yours").wait_for()
    copy = CardSet.objects.get(owner=bob)
    copies = [e.card for e in copy.entries.select_related("card").order_by("position")]
    assert [c.name for c in copies] == [card.name for card in reversed(cards)]
    assert {(c.visibility, c.forked_from_owner) for c in copies} == {("private", "alice")}

    # And prints alice's set, two of each card.
    bobs.goto(f"/sets/{card_set.pk}/")
    bobs.get_by_text("Print and share").click()
    bobs.get_by_label("Copies of each card").fill("2")
    with bobs.expect_download() as download:
        bobs.get_by_role("button", name="Print PDF").click()
    with open(download.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
    stranger.close()

    # Alice's set pages are accessible, and fit a phone.
    for path in ("/sets/", "/sets/new/", "/sets/import/", "", "edit/", "update-edition/"):
        page.set_viewport_size(DESKTOP)
        page.goto(path if path.startswith("/") else f"/sets/{card_set.pk}/{path}")
        assert not serious(page), path
        page.set_viewport_size(PHONE)
        assert not misfits_on_a_phone(page, path)


def test_a_set_print_is_drawn_in_the_background_with_and_without_javascript(
    page, chromium, live_server, alice, monkeypatch
):
    # A request draws two cards and no worker takes the rest: each ask moves the print along.
    cache.clear()
    monkeypatch.setattr(print_renders, "RENDERS_PER_REQUEST", 2)
    monkeypatch.setattr(print_renders, "_send", lambda ids, marked=None: None)
    card_set = services.set_create(
        user=alice,
        name="Sparks",
        code="SPK",
        cards=[c.pk for c in make_cards(alice, 5, prefix="Spark")],
    )
    log_in(page, "alice", ALICES_PASSWORD)

    # With JavaScript: the page shows how far the drawing is, asks again by itself, then
    # offers the PDF.
    page.goto(f"/sets/{card_set.pk}/")
    page.get_by_text("Print and share").click()
    page.get_by_role("button", name="Print PDF").click()
    page.locator("#print-progress").get_by_text("Drawing the cards: 2 of 5 ready").wait_for()
    assert not serious(page)
    download_link = page.get_by_role("link", name="Download the PDF")
    download_link.wait_for()
    with page.expect_download() as download:
        download_link.click()
    with open(download.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"

    # Without JavaScript: a link asks again until the PDF comes.
    cache.clear()
    card_set = services.set_create(
        user=alice,
        name="Cinders",
        code="CIN",
        cards=[c.pk for c in make_cards(alice, 3, prefix="Cinder")],
    )
    plain = chromium.new_context(base_url=live_server.url, java_script_enabled=False)
    plain.set_default_timeout(25_000)
    still = plain.new_page()
    log_in(still, "alice", ALICES_PASSWORD)
    answer = still.goto(f"/sets/{card_set.pk}/print.pdf?copies=1")
    assert answer.status == 202
    assert "2 of 3 ready" in still.content()
    with still.expect_download() as download:
        still.get_by_role("link", name="Ask again").click()
    with open(download.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
    plain.close()
