"""People as a person meets them: alice follows bob from his profile, bob publishes a card,
and alice finds it in her feed, her notifications and her home page; a newcomer signs up and
lands on a home page; a deck's cards go to Cockatrice as a set and a list that name the same
cards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree

from cards import services as card_services
from tests.browser.pages import DESKTOP, PASSWORD
from tests.community.conftest import CARD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, name: str) -> None:
    page.goto("/accounts/login/")
    page.locator("#main").get_by_label("Username").fill(name)
    page.locator("#main").get_by_label("Password").fill(PASSWORD)
    page.locator("#main").get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def test_following_a_designer_brings_what_they_publish(browse, alice, django_user_model):
    bob = django_user_model.objects.create_user("bob", "bob@example.com", PASSWORD)
    card = card_services.card_create(owner=bob, definition={**CARD, "name": "Tidecaller"})

    as_alice = browse(DESKTOP, signed_in=True)
    as_alice.goto("/u/bob/")
    assert "Tidecaller" not in as_alice.locator("#main").inner_text()  # private still
    as_alice.get_by_role("button", name="Follow bob").click()
    as_alice.get_by_role("button", name="Following bob").wait_for()
    assert as_alice.locator("#profile-followers").inner_text() == "1"

    as_bob = browse(DESKTOP, signed_in=False)
    sign_in(as_bob, "bob")
    as_bob.goto(card.get_absolute_url())
    as_bob.get_by_label("Who can see it").select_option("public")
    as_bob.locator("#save-visibility").click()
    as_bob.locator(".visibility-public").first.wait_for()

    as_alice.get_by_role("link", name="Feed").first.click()
    entry = as_alice.locator(".feed-item", has_text="Tidecaller")
    assert re.search(r"bob\s+published the card\s+Tidecaller", entry.inner_text())
    as_alice.locator(".notifications-link .unread-count").first.wait_for()
    as_alice.goto("/notifications/")
    as_alice.get_by_role("link", name="bob published “Tidecaller”.").click()
    as_alice.wait_for_url(f"**{card.get_absolute_url()}")
    as_alice.get_by_role("link", name="bob").first.click()
    as_alice.wait_for_url("**/u/bob/")
    as_alice.goto("/")
    assert "Tidecaller" in as_alice.locator("#home-feed").locator("..").inner_text()


def test_a_newcomer_signs_up_and_lands_on_a_home_page(browse):
    page = browse(DESKTOP, signed_in=False)
    page.goto("/")
    page.locator("#main").get_by_role("link", name="Sign up to design cards").click()
    form = page.locator("#main")
    form.get_by_label("Username").fill("newcomer")
    form.get_by_label("Email").fill("newcomer@example.com")
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_label("Password confirmation").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    page.wait_for_url(re.compile(r"^https?://[^/]+/$"))
    page.get_by_role("heading", name="Welcome back, newcomer").wait_for()
    assert page.get_by_role("link", name="Design a card").is_visible()
    assert page.get_by_role("link", name="New deck").is_visible()
    assert "Invalid" not in page.locator("#main").inner_text()


def test_a_deck_goes_to_cockatrice_as_a_set_and_a_list_of_the_same_cards(site, browse):
    page = browse(DESKTOP, signed_in=True)
    page.goto(site.starter_deck.get_absolute_url())
    menu = page.get_by_text("Export", exact=True).first
    menu.click()
    with page.expect_download() as listed:
        page.locator("#export-cockatrice").click()
    with page.expect_download() as set_file:
        page.locator("#export-cockatrice-set").click()
    text = Path(listed.value.path()).read_text(encoding="utf-8")
    # Cockatrice reads a name without the card's number in brackets ("[#12]").
    listed_names = {
        re.sub(r"\s*\[#\d+\]$", "", line.removeprefix("SB: ").split(" ", 1)[1])
        for line in text.splitlines()
        if re.match(r"(SB: )?\d+ ", line)
    }
    xml = etree.parse(set_file.value.path())
    assert {name.text for name in xml.iter("name") if name.getparent().tag == "card"} == (
        listed_names
    )
