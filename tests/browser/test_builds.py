"""A new player with a collection marks one deck built, sees what is short for the next one,
prints only those copies, and unmarks the first."""

import re

import pytest
from django.contrib.auth import get_user_model

from cards import services as card_services
from decks import services as deck_services
from tests.decks.conftest import SPELL, spark
from tests.decks.printed_pdf import embedded_images, read_pdf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "sleeve-the-embers-73"


def shelf(username: str) -> dict[str, int]:
    """Three designs of the new player's, their collection's counts (but the Wisps', set in
    the browser), and two decks: "Ashes" to build first, "Cinders" next."""
    owner = get_user_model().objects.get(username=username)
    wisp = card_services.card_create(
        owner=owner,
        definition={
            "name": "Ember Wisp",
            "kind": "minion",
            "design_edition": 14,
            "level": 4,
            "sp": 1,
            "hp": 2,
            "ability_text": "WHISPER: Draw 1 card.",
        },
    )
    spark_card = card_services.card_create(owner=owner, definition=SPELL)
    flare = card_services.card_create(owner=owner, definition=spark("Flare", 3))
    card_services.collection_add(user=owner, card=spark_card, copies=2)
    ashes = deck_services.deck_create(
        owner=owner, name="Ashes", entries=[(wisp, 3), (spark_card, 2)]
    )
    cinders = deck_services.deck_create(
        owner=owner, name="Cinders", entries=[(wisp, 3), (spark_card, 1), (flare, 2)]
    )
    return {"wisp": wisp.pk, "ashes": ashes.pk, "cinders": cinders.pk}


def test_build_one_deck_then_print_what_the_next_one_lacks(page, tmp_path):
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="Welcome back, dana").wait_for()  # the home page
    ids = shelf("dana")

    # Four printed Wisps, said on the collection page.
    page.goto("/collection/")
    copies = page.get_by_label("Copies of Ember Wisp")
    copies.fill("4")
    copies.press("Tab")
    page.locator(f'#entry-{ids["wisp"]} input[value="4"]').wait_for()

    # "Ashes" is sleeved: marked built from its page.
    page.goto(f"/decks/{ids['ashes']}/")
    panel = page.locator("#shortfall")
    panel.get_by_role("button", name="Mark built").click()
    page.locator('#shortfall[data-built="true"]').wait_for()
    assert "“Ashes” is marked built" in panel.inner_text()
    assert "none of the 5 short" in panel.inner_text()

    # The collection knows where the Wisps are.
    page.goto("/collection/")
    row = page.locator(f"#entry-{ids['wisp']}")
    assert re.search(r"3 in Ashes \(3\);\s+1 free", row.locator(".built-decks").inner_text())
    row.get_by_role("link", name="Ashes").wait_for()

    # "Cinders" next: 2 Wisps, 1 Spark and 2 Flares short.
    page.goto(f"/decks/{ids['cinders']}/")
    page.locator('#shortfall[data-short="5"]').wait_for()
    panel = page.locator("#shortfall")
    text = panel.inner_text()
    assert "Copies: you own 6, 5 are in your built deck Ashes; short 5 of 6." in text
    assert "Ember Wisp ×3: you own 4, 3 are in your built deck Ashes; short 2." in text
    assert "Flare ×2: you own 0; short 2." in text

    # Only the copies short of, printed.
    panel.get_by_role("link", name="Print the 5 copies you are short of").click()
    page.wait_for_url(re.compile(r".*/decks/\d+/print/#id_short$"))
    page.get_by_label("Only copies I'm short of").check()
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download the PDF").click()
    download = download_info.value
    assert download.suggested_filename == "cinders-short-a4.pdf"
    pdf = tmp_path / "short.pdf"
    download.save_as(pdf)
    content = pdf.read_bytes()
    (sheet,) = read_pdf(content)
    assert len(sheet.images) == 5
    assert embedded_images(content) == 3

    # "Ashes" taken apart: its Wisps and Sparks are free again, only the Flares are short.
    page.goto(f"/decks/{ids['ashes']}/")
    page.locator("#shortfall").get_by_role("button", name="Unmark built").click()
    page.locator('#shortfall[data-built="false"]').wait_for()
    page.goto(f"/decks/{ids['cinders']}/")
    page.locator('#shortfall[data-short="2"]').wait_for()
    assert "Ashes" not in page.locator("#shortfall").inner_text()
