"""A player who uses only the keyboard (and hears the page through a screen reader) signs up,
designs a card, builds a 40-card deck, draws a sample hand, goldfishes and playtests the deck,
and likes and comments on another designer's card. After each update in place the focus is on
a control, never lost to the page's body, and the page's one status region says what
happened."""

import re

import pytest

from tests.simulations.conftest import STARTER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.once]

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

    # The playtest board: keep the opening hand, then play on from its first card.
    from decks.models import Deck

    deck = Deck.objects.get(owner=dana, name="Quiet Embers")
    page.goto(f"/decks/{deck.pk}/playtest/")
    page.wait_for_selector('#playtest[data-ready="true"]')
    tab_to(page, "#playtest-keep")
    page.keyboard.press("Enter")
    heard(page, "Kept the opening hand.")
    card = page.evaluate("document.activeElement.dataset.copy")
    assert card, "the focus went to the hand's first card"
    page.keyboard.press("d")
    heard(page, "Drew ")
    assert page.evaluate("document.activeElement.dataset.copy") == card

    # Another designer's card: a like and a comment, both answered in place.
    erin = get_user_model().objects.create_user("erin", "erin@example.com", PASSWORD)
    theirs = card_create(
        owner=erin, definition={**STARTER[0][1], "name": "Erin's Wisp"}, visibility="public"
    )
    page.goto(f"/cards/{theirs.pk}/")
    page.locator("#like-button").wait_for()
    tab_to(page, "#like-button", limit=200)
    page.keyboard.press("Enter")
    page.wait_for_selector('#like-button[aria-pressed="true"]')
    focus_is(page, "like-button")
    heard(page, "You like “Erin's Wisp”.")
    tab_to(page, "#id_text")
    page.keyboard.type("Quietly good.")
    page.keyboard.press("Tab")
    focus_is(page, "post-comment")
    page.keyboard.press("Enter")
    page.locator(".comment-body", has_text="Quietly good.").wait_for()
    focus_is(page, "post-comment")
    heard(page, "Your comment is posted.")


def test_versions_a_form_with_an_error_and_the_phone_menu_by_keyboard(site, browse):
    """The rest of the keyboard tasks, each action heard exactly once (counted as
    tests/browser/test_announcements.py counts): a version saved and reverted, a comment sent
    empty and then fixed, and the phone's menu opened and closed."""
    from django.urls import reverse

    from tests.browser.pages import DESKTOP, PHONE
    from tests.browser.test_announcements import LISTEN, once
    from tests.browser.test_announcements import heard as said_for
    from tests.browser.test_axe import COUNT_REQUESTS

    def open_page(viewport):
        page = browse(viewport, signed_in=True)
        page.add_init_script(COUNT_REQUESTS)
        page.add_init_script(LISTEN)
        return page

    page = open_page(DESKTOP)
    deck = site.alices_deck
    # A change on the deck page: the + of its first row keeps the focus and is said once.
    page.goto(reverse("deck-detail", args=[deck.pk]))
    tab_to(page, "#deck-entries [id^=entry-][id$=-plus]", limit=200)
    plus = page.evaluate("document.activeElement.id")
    once(said_for(page, lambda: page.keyboard.press("Enter")), "in the deck")
    focus_is(page, plus)

    # Its history: save the change as a version, then revert to the one before. Each answer is
    # a new page whose message is said once, and the focus starts at the top of it.
    page.goto(reverse("deck-history", args=[deck.pk]))
    tab_to(page, "#id_note")
    page.keyboard.type("One more copy")
    tab_to(page, "#save-version")

    def save() -> None:
        page.keyboard.press("Enter")
        page.locator(".messages li").wait_for()

    once(said_for(page, save), "saved")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('skip')")
    tab_to(page, "form[action$='/revert/'] button[type=submit]", limit=200)

    def revert() -> None:
        page.keyboard.press("Enter")
        page.locator(".messages li").wait_for()

    once(said_for(page, revert), "ersion")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('skip')")

    # A comment sent empty: the focus goes to the box, the error is said once; then it is sent.
    page.goto(reverse("card-detail", args=[site.wisp.pk]))
    page.locator("#post-comment").wait_for()
    tab_to(page, "#post-comment", limit=200)

    def send_empty() -> None:
        page.keyboard.press("Enter")
        page.locator('#id_text[aria-invalid="true"]').wait_for()

    once(said_for(page, send_empty))
    focus_is(page, "id_text")
    page.keyboard.type("Patient and good.")
    page.keyboard.press("Tab")
    focus_is(page, "post-comment")

    def send() -> None:
        page.keyboard.press("Enter")
        page.locator(".comment-body", has_text="Patient and good.").wait_for()

    once(said_for(page, send), "posted")
    focus_is(page, "post-comment")

    # The phone's menu: Enter opens it, Tab goes into it, Escape closes it onto its button.
    # Its state is its button's (aria-expanded of a <details>' summary): nothing is said.
    phone = open_page(PHONE)
    phone.goto(reverse("home"))
    tab_to(phone, "#site-menu summary")
    assert said_for(phone, lambda: phone.keyboard.press("Enter")) == []
    assert phone.evaluate("document.getElementById('site-menu').open")
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.getElementById('site-menu').contains(document.activeElement)")
    assert said_for(phone, lambda: phone.keyboard.press("Escape")) == []
    assert not phone.evaluate("document.getElementById('site-menu').open")
    assert phone.evaluate("document.activeElement.matches('#site-menu summary')")
