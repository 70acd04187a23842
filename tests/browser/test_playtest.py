"""A player playtests a deck by hand, and opens a goldfish game at a turn to play on."""

from __future__ import annotations

import pytest

from tests.simulations.conftest import STARTER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, user) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(
        "correct-horse-battery" if user.username == "alice" else "staple-paper-clip-42"
    )
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/**")


def starter_deck(owner, visibility="public"):
    from cards.services import card_create
    from decks.models import Deck, DeckEntry

    deck = Deck.objects.create(owner=owner, name="Embers", edition=14, visibility=visibility)
    for count, definition in STARTER:
        card = card_create(owner=owner, definition=definition, visibility=visibility)
        DeckEntry.objects.create(deck=deck, card=card, count=count)
    return deck


def count(page, zone: str) -> int:
    return page.locator(f"#zone-{zone}-cards > li").count()


def status(page, expected: str) -> str:
    """The status region once it says `expected` (announcements land a moment after the act)."""
    page.wait_for_function(
        "text => document.getElementById('site-status').textContent.includes(text)", arg=expected
    )
    return page.locator("#site-status").text_content()


def test_a_new_player_plays_a_deck_by_hand(page, live_server, alice, django_user_model):
    deck = starter_deck(alice)
    django_user_model.objects.create_user("newcomer", "n@example.com", "staple-paper-clip-42")
    from django.contrib.auth import get_user_model

    log_in(page, live_server, get_user_model().objects.get(username="newcomer"))
    page.goto(f"/decks/{deck.pk}/")
    page.get_by_role("link", name="Playtest this deck").click()
    page.wait_for_selector('#playtest[data-ready="true"]')
    assert count(page, "hand") == 5 and page.locator("#zone-library-count").inner_text() == "(35)"
    assert page.locator("#playtest-turn").inner_text() == "Opening hand"

    # The opening bury, once: mark two cards, bury them, draw two.
    hand = page.locator("#zone-hand-cards .pt-card")
    buried = [hand.nth(0).get_attribute("data-copy"), hand.nth(1).get_attribute("data-copy")]
    hand.nth(0).click()
    hand.nth(1).click()
    assert hand.nth(0).get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="Bury 2 and draw 2").click()
    assert count(page, "hand") == 5
    assert page.locator("#playtest-turn").inner_text() == "Turn 1"  # going first: no draw
    assert "Buried 2 and drew 2" in status(page, "Buried 2 and drew 2")
    library = page.locator("#zone-library-cards .pt-card")
    assert [
        library.nth(33).get_attribute("data-copy"),
        library.nth(34).get_attribute("data-copy"),
    ] == buried

    # Shortcuts: d draws; a card chosen by keyboard goes to the field (f) and is exhausted (e).
    page.keyboard.press("d")
    assert count(page, "hand") == 6
    first = page.locator("#zone-hand-cards .pt-card").first
    copy = first.get_attribute("data-copy")
    first.focus()
    page.keyboard.press("Enter")
    assert page.locator("#playtest-selected").is_visible()
    page.keyboard.press("f")
    assert count(page, "field") == 1 and count(page, "hand") == 5
    moved = page.locator(f'#zone-field-cards .pt-card[data-copy="{copy}"]')
    assert page.evaluate("document.activeElement.dataset.copy") == copy
    page.keyboard.press("e")
    assert "exhausted" in moved.get_attribute("class")

    # Buttons do the same: move the selected card to the grave.
    page.locator("#playtest-moves").get_by_role("button", name="Grave").click()
    assert count(page, "grave") == 1 and count(page, "field") == 0

    # By mouse: drag a card from the hand to the granary (both in sight, as a player would).
    page.set_viewport_size({"width": 1280, "height": 1600})
    page.locator("#zone-hand-cards .pt-card").first.drag_to(page.locator(".zone-granary"))
    assert count(page, "granary") == 1 and count(page, "hand") == 4
    assert "Sowed 1 of 1 this turn" in status(page, "Sowed 1 of 1 this turn")

    page.keyboard.press("s")
    page.wait_for_function(
        "document.getElementById('site-status').textContent.includes('Shuffled')"
    )

    # Undo, several steps: the shuffle, the sow, the move to the grave, the exhaust, the play.
    for _ in range(5):
        page.keyboard.press("u")
    assert count(page, "hand") == 6 and count(page, "field") == 0 and count(page, "granary") == 0
    page.keyboard.press("Control+z")
    assert count(page, "hand") == 5  # the draw, undone

    # Next turn draws the turn's card; shortcuts wait while the focus is in a field.
    page.keyboard.press("n")
    assert page.locator("#playtest-turn").inner_text() == "Turn 2" and count(page, "hand") == 6
    page.locator("#id_going").focus()
    page.keyboard.press("d")
    assert count(page, "hand") == 6
    page.locator("#playtest-draw").focus()
    page.keyboard.press("?")
    assert page.locator("#playtest-keys").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("#playtest-keys").is_visible()


def test_a_private_deck_s_board_is_not_found_by_others(page, live_server, alice, bob):
    deck = starter_deck(alice, visibility="private")
    log_in(page, live_server, bob)
    answer = page.goto(f"/decks/{deck.pk}/playtest/")
    assert answer.status == 404


def test_a_goldfish_game_opens_at_its_turn_as_the_engine_had_it(
    page, live_server, alice, inline_workers
):
    from decks.goldfish.replay import replay_game
    from simulations.models import SimulationRun
    from simulations.runs import goldfish_deck, options_from_json

    deck = starter_deck(alice, visibility="private")
    log_in(page, live_server, alice)
    page.goto(f"/decks/{deck.pk}/")
    page.get_by_text("Goldfish this deck").click()
    form = page.locator("form.goldfish-form")
    form.get_by_label("Games").fill("1500")
    form.get_by_label("Seed").fill("8")
    form.get_by_role("button", name="Start").click()
    page.wait_for_url("**/simulations/**")
    page.locator(".run-results").wait_for()

    page.get_by_label("Game number").fill("1207")
    page.get_by_label("From turn").fill("2")
    page.get_by_role("button", name="Play this game").click()
    page.wait_for_selector('#playtest[data-ready="true"]')
    assert page.locator("#playtest-turn").inner_text() == "Turn 2"

    run = SimulationRun.objects.get(deck=deck)
    game = replay_game(goldfish_deck(run.deck_snapshot), options_from_json(run.options), 1207)
    state = game.at_turn(2)

    def names(zone: str) -> list[str]:
        return sorted(page.locator(f"#zone-{zone}-cards .pt-card-name").all_inner_texts())

    assert names("hand") == sorted(game.names[card] for card in state.hand)
    assert names("field") == sorted(game.names[card] for card in state.field)
    assert names("granary") == sorted(game.names[card] for card in state.granary)
    # Playing on: the Draw Phase's card is the top of the engine's deck.
    page.keyboard.press("d")
    assert names("hand") == sorted(game.names[card] for card in state.hand + state.library[:1])


def test_the_11th_edition_sets_reserves_aside_and_draws_in_its_resource_phase(
    page, live_server, alice
):
    deck = starter_deck(alice)
    log_in(page, live_server, alice)
    page.goto(f"/decks/{deck.pk}/playtest/")
    page.get_by_label("Rules").select_option("11")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector('#playtest[data-phase="reserves"]')
    assert page.locator(".zone-reserves").is_visible()
    assert page.locator(".zone-grave h2").inner_text().startswith("Graveyard")
    page.get_by_role("button", name="Show the deck's cards").click()
    for _ in range(10):
        page.locator("#zone-library-cards .pt-card").first.focus()
        page.keyboard.press("r")
    assert count(page, "reserves") == 10
    page.get_by_role("button", name="Shuffle and draw 5").click()
    assert count(page, "hand") == 5 and count(page, "library") == 25
    assert page.locator("#playtest-turn").inner_text() == "Turn 1"  # no bury in the 11th
    # Going first, the first turn places one card or draws one.
    page.locator("#zone-hand-cards .pt-card").first.focus()
    page.keyboard.press("g")
    page.get_by_role("button", name="Resource draw").click()
    assert count(page, "hand") == 4 and count(page, "granary") == 1
    page.keyboard.press("n")  # no Draw Phase; the Resource Phase draws 2 less the cards placed
    assert count(page, "hand") == 4
    page.get_by_role("button", name="Resource draw").click()
    assert count(page, "hand") == 6


def focused(page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return e.id || (e.dataset && e.dataset.copy ? 'card ' + e.dataset.copy : e.tagName); }"
    )


@pytest.mark.once  # focus and keys: the board's markup and script (tests/conftest.py)
def test_the_board_keeps_the_focus_and_its_toolbar_moves_by_arrows(page, live_server, alice):
    """Every change redraws the board; the focus stays on the card or control used, or goes to
    the next sensible one, never to the page's body. The toolbar is one Tab stop."""
    deck = starter_deck(alice)
    log_in(page, live_server, alice)
    page.goto(f"/decks/{deck.pk}/playtest/")
    page.wait_for_selector('#playtest[data-ready="true"]')

    # "Keep this hand": the prompt goes, the focus goes to the hand's first card.
    page.locator("#playtest-keep").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#playtest[data-phase="play"]')
    first = page.locator("#zone-hand-cards .pt-card").first.get_attribute("data-copy")
    assert focused(page) == f"card {first}"

    # d, n and u pressed on a card: the focus stays on that card.
    for key in ("d", "n", "u"):
        page.keyboard.press(key)
        assert focused(page) == f"card {first}", key
    # Enter selects it, its moves show; Escape drops the selection and stays on the card.
    page.keyboard.press("Enter")
    page.locator("#playtest-selected").wait_for()
    page.locator("#playtest-moves button").first.focus()
    page.keyboard.press("Escape")
    assert page.locator("#playtest-selected").is_hidden()
    assert focused(page) == f"card {first}"

    # The toolbar: one Tab stop, the arrow keys move along it, Home and End go to its ends.
    stops = page.evaluate(
        "[...document.querySelectorAll('.playtest-bar button')]"
        ".filter((b) => b.tabIndex === 0).map((b) => b.id)"
    )
    assert stops == ["playtest-draw"]
    page.locator("#playtest-draw").focus()
    page.keyboard.press("ArrowRight")
    assert focused(page) == "playtest-next"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # round to the end
    assert focused(page) == "playtest-help"
    page.keyboard.press("Home")
    assert focused(page) == "playtest-draw"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert focused(page) == "playtest-draw"  # the stop kept
    assert page.locator(".playtest-bar").get_attribute("role") == "toolbar"

    # Undo until there is nothing left: the disabled Undo hands the focus to the toolbar's start.
    for _ in range(10):
        page.keyboard.press("End")
        while focused(page) != "playtest-undo":
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        if page.locator("#playtest-undo").is_disabled():
            break
    assert page.locator("#playtest-undo").is_disabled()
    assert focused(page) == "playtest-draw"
