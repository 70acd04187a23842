"""A player who uses only the keyboard (and hears the page through a screen reader) signs up,
designs a card, builds a 40-card deck, draws a sample hand and goldfishes the deck. After each
update in place the focus is on a control, never lost to the page's body, and the page's one
status region says what happened."""

import re

import pytest

from tests.simulations.conftest import STARTER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "quiet-keys-and-lamps-7"


def tab_to(page, selector: str, *, backwards: bool = False, limit: int = 80) -> None:
    """Press Tab (or Shift+Tab) until the focus is on `selector`, as a keyboard user would."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(limit):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} was not reached with {key} in {limit} presses")


def focus_is(page, element_id: str) -> None:
    page.wait_for_function("id => document.activeElement.id === id", arg=element_id)


def heard(page, text: str) -> None:
    """The status region (present from the page's start) says `text`."""
    page.wait_for_function(
        "text => (document.getElementById('site-status').textContent || '').includes(text)",
        arg=text,
    )


@pytest.fixture
def held_workers(monkeypatch) -> list[str]:
    """A started run waits until the test plays its chunks, so its page shows the progress."""
    from simulations import services

    started: list[str] = []

    def hold(run, indexes=None) -> None:
        started.append(str(run.id))

    monkeypatch.setattr(services, "enqueue_chunks", hold)
    monkeypatch.setattr(services, "run_queue_on_commit", services.run_queue_new)
    return started


def test_a_keyboard_player_builds_and_goldfishes_a_deck(page, live_server, held_workers):
    from django.contrib.auth import get_user_model

    from cards.services import card_create
    from simulations import runs
    from simulations.models import SimulationRun

    # The page's status region is there before anything is said.
    page.goto("/accounts/signup/")
    assert page.locator("#site-status[aria-live='polite']").count() == 1

    # Sign up: Tab, type, Enter.
    tab_to(page, "#id_username")
    page.keyboard.type("dana")
    tab_to(page, "#id_password1")
    page.keyboard.type(PASSWORD)
    tab_to(page, "#id_password2")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    # The home page: Tab to its "Design a card" and follow it.
    page.get_by_role("heading", name="Welcome back, dana").wait_for()
    tab_to(page, '#main a[href="/cards/new/"]')
    page.keyboard.press("Enter")
    page.wait_for_url("**/cards/new/")

    # Design a minion: Tab, type, Enter on the save button.
    tab_to(page, "#id_name")
    page.keyboard.type("Ember Whelp")
    tab_to(page, "#id_sp")
    page.keyboard.type("0")
    tab_to(page, "#id_hp")
    page.keyboard.type("1")
    # The Level box is left empty: the card takes the level its guide computes.
    page.wait_for_selector("#computed-level:has-text('Level 1 (computed)')")
    tab_to(page, "#save-card")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/cards/\d+/.*"))
    assert "Ember Whelp" in page.locator("h1").inner_text()

    # The rest of the deck's cards, designed as before (the designer is tested elsewhere).
    dana = get_user_model().objects.get(username="dana")
    cards = {}
    for _count, definition in STARTER[1:]:
        card = card_create(owner=dana, definition=definition)
        cards[card.name] = card

    # A new deck: its name, then Enter.
    page.goto("/decks/new/")
    tab_to(page, "input[name='name']")
    page.keyboard.type("Quiet Embers")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/decks/\d+/$"))

    # Quick add, typed, sent with Ctrl+Enter: 39 cards. The box keeps the focus, and the
    # status region says what was added.
    tab_to(page, "#quick-add-lines")
    page.keyboard.type("12 Ember Whelp")
    page.keyboard.press("Escape")
    page.keyboard.press("Enter")
    page.keyboard.type("12 Cinder Hound")
    page.keyboard.press("Escape")
    page.keyboard.press("Enter")
    page.keyboard.type("10 Ash Golem")
    page.keyboard.press("Escape")
    page.keyboard.press("Enter")
    page.keyboard.type("5 Spark")
    page.keyboard.press("Escape")
    page.keyboard.press("Control+Enter")
    page.locator('.count-pill[data-size="39"]').wait_for()
    heard(page, "12 × Ember Whelp")
    focus_is(page, "quick-add-lines")

    # The + of Spark's row: 40 cards; the focus stays on that same +.
    spark = cards["Spark"].pk
    tab_to(page, f"#entry-{spark}-plus")
    page.keyboard.press("Enter")
    page.locator('.count-pill[data-size="40"]').wait_for()
    focus_is(page, f"entry-{spark}-plus")
    heard(page, "6 × Spark in the deck.")
    # Its − (one Shift+Tab back) and + again: the focus follows the same row's buttons.
    page.keyboard.press("Shift+Tab")
    focus_is(page, f"entry-{spark}-minus")
    page.keyboard.press("Enter")
    page.locator('.count-pill[data-size="39"]').wait_for()
    focus_is(page, f"entry-{spark}-minus")
    heard(page, "5 × Spark in the deck.")
    page.keyboard.press("Tab")
    focus_is(page, f"entry-{spark}-plus")
    page.keyboard.press("Enter")
    page.locator('.count-pill[data-size="40"]').wait_for()
    focus_is(page, f"entry-{spark}-plus")
    heard(page, "6 × Spark in the deck.")

    # The validation panel's "Check under" select: arrow keys change nothing until Check.
    tab_to(page, "#deck-edition")
    before = page.locator("#legal-status").inner_text()
    page.keyboard.press("ArrowDown")
    assert page.locator("#edition-preview-note").count() == 0
    assert page.locator("#legal-status").inner_text() == before
    page.keyboard.press("ArrowUp")

    # A sample hand: draw, bury one, draw a card for turn 1.
    # Forward from the side panel: past its goldfish and copies panels, round to the top of the
    # page and down through the deck's rows.
    tab_to(page, "#draw-hand", limit=200)
    page.keyboard.press("Enter")
    page.locator(".hand-card.selectable").first.wait_for()
    focus_is(page, "bury-0")
    heard(page, "Opening hand · 5 in hand")
    page.keyboard.press("Space")
    tab_to(page, "#hand-bury")
    assert page.locator("#hand-bury").inner_text() == "Bury 1 and draw 1"
    page.keyboard.press("Enter")
    page.locator(".hand-note", has_text="Buried 1 and drew 1.").wait_for()
    focus_is(page, "draw-turn")
    page.keyboard.press("Enter")
    page.locator('.hand-status[data-turn="1"]').wait_for()
    focus_is(page, "draw-turn")
    heard(page, "Turn 1 · 6 in hand")

    # A new hand, kept as it is: the focus goes to the next thing to do, drawing for turn 1.
    tab_to(page, "#new-hand")
    page.keyboard.press("Enter")
    page.locator(".hand-card.selectable").first.wait_for()
    focus_is(page, "bury-0")
    tab_to(page, "#hand-keep")
    page.keyboard.press("Enter")
    page.locator(".hand-note", has_text="Kept the opening hand.").wait_for()
    focus_is(page, "draw-turn")

    # Goldfish: open the form with Enter, set the games, start with Enter.
    tab_to(page, "#goldfish summary")
    page.keyboard.press("Enter")
    tab_to(page, "#id_games")
    page.keyboard.press("Control+A")
    page.keyboard.type("400")
    tab_to(page, "#id_seed")
    page.keyboard.type("7")
    tab_to(page, ".goldfish-form button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/simulations/**")
    page.locator(".run-progress").wait_for()
    # The progress part is re-drawn twice a second: it is not a live region itself.
    assert page.locator(".run-progress[aria-live], .run-progress[role=status]").count() == 0
    assert page.locator("#run[aria-live], #run[role=status]").count() == 0

    # The workers play the chunks one by one; the region hears the progress, then the end once.
    assert len(held_workers) == 1
    run = SimulationRun.objects.get(pk=held_workers[0])
    for index in range(run.chunks_total):
        runs.chunk_play(run_id=str(run.id), index=index)
        if index == 0 and run.chunks_total > 1:
            heard(page, "% played")
    page.locator(".run-results").wait_for()
    heard(page, "Simulation finished:")
    heard(page, "of 400 games won")
    said = page.evaluate("document.getElementById('site-status').textContent")
    page.wait_for_timeout(1200)  # a few more polls would be a few more sayings: there are none
    assert page.evaluate("document.getElementById('site-status').textContent") == said
