"""A new player builds a legal deck in the browser, and another player imports and prints it."""

import json
import re

import pytest
from django.contrib.auth import get_user_model

from cards import rules
from cards import services as card_services
from tests.decks.printed_pdf import read_pdf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "kindle-the-embers-41"


def design_cards(username: str) -> None:
    """Ten designs for the new account, five minions and five spells. They are made here, not
    in the browser: the deck builder is what is tested."""
    owner = get_user_model().objects.get(username=username)
    for n in range(5):
        card_services.card_create(
            owner=owner,
            definition={
                "name": f"Ember Wisp {n}",
                "kind": "minion",
                "design_edition": 14,
                "level": n + 4,  # ⌈SP n + 1 + HP 2 ÷ 2⌉ = n + 2; WHISPER: 2
                "sp": n + 1,
                "hp": 2,
                "ability_text": "WHISPER: Draw 1 card.",
            },
        )
        card_services.card_create(
            owner=owner,
            definition={
                "name": f"Spark {n}",
                "kind": "spell",
                "design_edition": 14,
                "level": n + 1,  # t = 1; x Damage Counters: xt
                "ability_text": "Target 1 in-play card; place "
                + ("1 Damage Counter" if n == 0 else f"{n + 1} Damage Counters")
                + " on it.",
            },
        )


def deck_size(page) -> int:
    return int(page.locator("#deck-entries .count-pill").inner_text())


def wait_for_size(page, size: int) -> None:
    page.locator(f'#deck-entries .count-pill[data-size="{size}"]').wait_for()


def search(page, query: str, prefix: str) -> None:
    """Type a search and wait for five results, every one named with the prefix."""
    page.locator("#card-q").fill(query)
    page.wait_for_function(
        "(prefix) => { const names = [...document.querySelectorAll('#search-results .result-name')]"
        ".map(a => a.textContent); return names.length === 5"
        " && names.every(name => name.startsWith(prefix)); }",
        arg=prefix,
    )


def test_build_export_import_and_print_a_legal_deck(page, bob, tmp_path):
    # A new player signs up.
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("carol")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    # The home page leads to the designer.
    page.locator("#main").get_by_role("link", name="Design a card").click()
    page.wait_for_url("**/cards/new/")
    design_cards("carol")

    # A new deck, from the nav.
    page.get_by_role("link", name="My decks").click()
    page.get_by_role("link", name="New deck").first.click()
    page.get_by_label("Name").fill("Carol's <Embers>")
    page.get_by_role("button", name="Create and add cards").click()
    page.wait_for_url(re.compile(r".*/decks/\d+/$"))
    assert page.get_by_role("heading", level=1).inner_text() == "Carol's <Embers>"
    assert page.locator("#legal-status").get_attribute("data-legal") == "false"

    # Four copies of each minion, with the +4 buttons of the search results.
    search(page, "kind:minion", "Ember Wisp")
    size = 0
    for index in range(5):
        page.locator("#search-results .result").nth(index).get_by_role(
            "button", name=re.compile("Add 4")
        ).click()
        size += 4
        wait_for_size(page, size)
    # The spells: four of four of them, then one Add at a time for the last.
    search(page, "kind:spell", "Spark")
    for index in range(4):
        page.locator("#search-results .result").nth(index).get_by_role(
            "button", name=re.compile("Add 4")
        ).click()
        size += 4
        wait_for_size(page, size)
    last = page.locator("#search-results .result").nth(4)
    for _ in range(3):
        last.get_by_role("button", name=re.compile(r"^Add Spark")).click()
        size += 1
        wait_for_size(page, size)
    assert size == 39
    last.locator(".in-deck", has_text="3 in deck").wait_for()

    # 39 cards: the panel says the deck is not legal, and why.
    panel = page.locator("#deck-panel")
    assert panel.locator("#legal-status").get_attribute("data-legal") == "false"
    assert "Not legal" in panel.locator("#legal-status").inner_text()
    current = rules.current_edition()  # a new deck's edition
    size_rule = f"the {current.name} requires {current.deck_size_text} cards."
    assert f"The deck has 39 cards; {size_rule}" in panel.inner_text()
    assert page.locator("#deck-status").inner_text().startswith("✗")

    # One more copy with the + of its row: 40 cards, legal.
    row = page.locator("#deck-entries .entry", has_text="Spark 4")
    row.get_by_role("button", name="Add a copy of Spark 4").click()
    wait_for_size(page, 40)
    page.locator('#legal-status[data-legal="true"]').wait_for()
    assert "Legal" in panel.locator("#legal-status").inner_text()
    assert "40 cards" in page.locator("#deck-status").inner_text()
    assert "problems" not in panel.inner_text()
    curve = panel.locator("svg.curve-chart")
    assert curve.locator("g.bar").count() >= 5

    # The minus takes it back below the minimum; the plus restores it.
    row.get_by_role("button", name="Remove a copy of Spark 4").click()
    page.locator('#legal-status[data-legal="false"]').wait_for()
    row = page.locator("#deck-entries .entry", has_text="Spark 4")
    row.get_by_role("button", name="Add a copy of Spark 4").click()
    page.locator('#legal-status[data-legal="true"]').wait_for()

    # A sample hand: 5 cards, bury two, draw two, then a card for turn 1.
    page.locator("#draw-hand").click()
    hand = page.locator("#sample-hand")
    hand.locator(".hand-card.selectable").first.wait_for()
    assert hand.locator(".hand-card").count() == 5
    hand.locator(".hand-card.selectable").nth(0).click()
    hand.locator(".hand-card.selectable").nth(2).click()
    hand.get_by_role("button", name="Bury 2 and draw 2").click()
    hand.locator(".hand-note", has_text="Buried 2 and drew 2.").wait_for()
    hand.locator("#draw-turn").click()
    hand.locator('.hand-status[data-turn="1"]').wait_for()
    assert hand.locator(".hand-card").count() == 6
    assert "34 left in the deck" in hand.inner_text()

    # Export the deck JSON.
    page.get_by_text("Export", exact=True).click()
    with page.expect_download() as download_info:
        page.locator("#export-json").click()
    exported = tmp_path / "deck.json"
    download_info.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["name"] == "Carol's <Embers>"
    assert sum(entry["count"] for entry in data["cards"]) == 40
    assert len(data["cards"]) == 10 and {entry["count"] for entry in data["cards"]} == {4}

    # Another player imports it.
    page.get_by_role("button", name="Log out").click()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill("staple-paper-clip-42")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto("/decks/import/")
    page.get_by_label("…or upload a file").set_input_files(str(exported))
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r".*/decks/\d+/$"))
    assert "10 cards you lacked were added to your cards." in page.locator(".messages").inner_text()
    assert page.locator("#deck-status").get_attribute("data-legal") == "true"
    assert deck_size(page) == 40

    # And prints it on US Letter: 40 cards, 9 a page, 5 pages.
    page.get_by_role("link", name="Print", exact=True).click()
    page.get_by_label("US Letter (8.5 × 11 in)").check()
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download the PDF").click()
    pdf = tmp_path / "deck.pdf"
    download_info.value.save_as(pdf)
    content = pdf.read_bytes()
    assert content.startswith(b"%PDF")
    assert [(page.width, page.height) for page in read_pdf(content)] == [(612, 792)] * 5


def test_the_owner_looks_under_another_edition_without_changing_the_deck(page, alice):
    from decks import services as deck_services
    from decks.models import Deck

    card = card_services.card_create(
        owner=alice,
        definition={
            "name": "Ember Wisp",
            "kind": "minion",
            "design_edition": 14,
            "level": 2,  # ⌈SP 1 + HP 2 ÷ 2⌉
            "sp": 1,
            "hp": 2,
            "ability_text": "",
        },
    )
    deck = deck_services.deck_create(owner=alice, name="Embers", entries=[(card, 40)])
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("correct-horse-battery")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"/decks/{deck.pk}/")
    asked: list[str] = []
    page.on(
        "request",
        lambda request: asked.append(request.url) if "/decks/" in request.url else None,
    )
    page.evaluate("document.getElementById('deck-entries').dataset.kept = 'yes'")

    # Arrow keys move through the editions without asking anything.
    select = page.locator("#deck-edition")
    select.focus()
    for _ in range(2):
        page.keyboard.press("ArrowDown")
    page.wait_for_timeout(300)
    assert asked == []
    chosen = select.input_value()
    built_for = str(rules.current_edition().number)  # a new deck's edition
    assert chosen != built_for

    # The button looks: the panel alone is swapped in, and the select keeps the focus.
    page.locator("#deck-edition-check").click()
    page.locator("#edition-preview-note").wait_for()
    assert len(asked) == 1 and asked[0].endswith(f"/decks/{deck.pk}/panel/?edition={chosen}")
    page.wait_for_function("document.activeElement.id === 'deck-edition'")
    assert page.locator("#deck-edition").input_value() == chosen
    assert page.evaluate("document.getElementById('deck-entries').dataset.kept") == "yes"
    assert str(Deck.objects.get(pk=deck.pk).edition) == built_for
