"""A designer builds an ability from the guide's components, watches the level fill itself in,
declares another and takes it back, and saves the card; on a phone the builder fits the screen."""

import re

import pytest
from playwright.sync_api import Route

from cards import rules

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "lamps-and-moths-9"


def log_in(page, django_user_model, name: str = "maker") -> None:
    django_user_model.objects.create_user(name, password=PASSWORD)
    page.goto("/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/(cards/.*)?$"))


def level_is(page, value: str) -> None:
    page.wait_for_function(
        "value => document.querySelector('#id_level').value === value", arg=value
    )


def test_build_an_ability_and_save_the_card(page, django_user_model):
    from cards.models import Card

    log_in(page, django_user_model)
    page.goto("/cards/new/")
    page.fill("#id_name", "Greedy Imp")
    page.fill("#id_sp", "1")
    page.fill("#id_hp", "1")

    # Free text first: the reader marks what is not a component.
    page.fill("#id_ability_text", "GREED: When this card is summoned: Draw 2 cards.")
    page.wait_for_selector("mark.gm-problem:has-text('When this card is summoned')")

    # The builder, by keyboard: choose it, name the ability, pick "draw x cards.", x = 2.
    page.focus("input[name=text_mode][value=text]")
    page.evaluate("document.getElementById('builder').dataset.before = 'text'")
    page.keyboard.press("ArrowDown")  # radios move with the arrow keys
    # The builder read from the text replaces the empty one when the server answers: type
    # after that, or a slow answer overwrites what was typed.
    page.wait_for_function(
        "() => { const b = document.getElementById('builder');"
        " return b && !b.dataset.before && !b.hidden; }"
    )
    assert page.is_hidden("#id_ability_text")
    page.fill("#b0-name", "greed")
    page.fill("#b0-s0-e0", "draw x cards.")
    x = page.locator("input[name='b0-s0-e0-x']")
    x.wait_for(state="visible")
    x.fill("2")
    # SP 1 + HP 1 ÷ 2 = 1.5, rounded up to 2; GREED: draw 2 cards (2x = 4); total 6.
    level_is(page, "6")
    steps = page.inner_text(".level-steps")
    assert "GREED: Draw 2 cards (2x = 4) → 4" in steps and "total 6" in steps
    assert "level + 2x" in page.inner_text("#b0-s0-e0-hint")

    # Another effect, by keyboard: the new box takes the focus.
    page.focus("#builder button[value='add-effect:0:0']")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'b0-s0-e1'")
    page.keyboard.type("x-dice-heal yourself.")
    page.fill("input[name='b0-s0-e1-x']", "1")
    level_is(page, "7")
    written = page.get_attribute("#guide-reading", "data-written-text")
    assert written == "GREED: Draw 2 cards, then 1-dice-heal yourself."

    # A declared level shows the mismatch; ticking the box gives the guide's level back.
    page.fill("#id_level", "3")
    page.wait_for_selector("#level-mismatch")
    assert page.inner_text("#level-mismatch") == "declared 3, the guide computes 7"
    assert not page.is_checked("#id_level_auto")
    page.check("#id_level_auto")
    level_is(page, "7")
    page.wait_for_selector("#level-mismatch", state="detached")

    page.click("#save-card")
    page.wait_for_url(re.compile(r".*/cards/\d+/$"))
    card = Card.objects.get(name="Greedy Imp")
    assert (card.ability_text, card.level) == (written, 7)


def longest_cost() -> str:
    """The longest cost with an x of the guide a new card is designed for (the current one)."""
    guide = rules.get_guide(rules.current_edition().number)
    costs = [
        component.template
        for component in guide.components
        if component.kind.value == "cost" and [v.name for v in component.variables] == ["x"]
    ]
    return max(costs, key=len)


def test_the_builder_fits_a_phone(page, django_user_model):
    log_in(page, django_user_model, "phoner")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/cards/new/", wait_until="networkidle")
    page.check("input[name=text_mode][value=builder]")
    page.wait_for_selector("#builder", state="visible")
    # The builder answers over htmx; on a busy machine that may take a while.
    with page.expect_response(lambda r: "/cards/builder/" in r.url, timeout=30_000):
        page.click("#builder button[value='add-cost:0']")
    page.wait_for_selector("#b0-c0")
    page.fill("#b0-c0", longest_cost())
    page.locator("input[name='b0-c0-x']").wait_for(state="visible")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    box = page.locator("input[name='b0-c0-x']").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390


def builder_state(page) -> dict:
    return page.evaluate(
        """() => { const b = document.getElementById('builder');
             return {inert: b.inert, busy: b.getAttribute('aria-busy'), hidden: b.hidden,
                     name: (b.querySelector('#b0-name') || {}).value}; }"""
    )


def builder_held(page, held: bool) -> None:
    """Waits until the builder is held (inert) or let go."""
    page.wait_for_function("held => document.getElementById('builder').inert === held", arg=held)


def next_held(page, held: list) -> Route:
    """The next request the test holds: the builder goes inert before its request leaves, so the
    route may reach the test a moment after the builder is seen held."""
    for _ in range(200):
        if held:
            return held.pop()
        page.wait_for_timeout(25)
    raise AssertionError("the builder's request never came")


def test_the_builder_waits_for_the_text_it_reads(page, django_user_model):
    """Switched to the builder, the page holds the builder it has until the server's reading of
    the text replaces it, so nothing typed into it meanwhile is lost; a failed answer lets it go."""
    log_in(page, django_user_model, "waiter")
    page.goto("/cards/new/", wait_until="networkidle")
    page.fill("#id_ability_text", "GREED: Draw 2 cards.")
    held = []
    page.route("**/cards/builder/", lambda route: held.append(route))

    page.check("input[name=text_mode][value=builder]")
    builder_held(page, True)
    assert builder_state(page)["busy"] == "true"
    page.focus("#b0-name")  # refused: nothing in an inert builder takes the focus
    assert page.evaluate("document.activeElement.id") != "b0-name"
    next_held(page, held).continue_()
    page.wait_for_function(
        "() => { const b = document.getElementById('builder');"
        " return !b.inert && b.querySelector('#b0-name').value; }"
    )
    state = builder_state(page)
    assert (state["busy"], state["hidden"], state["name"].upper()) == (None, False, "GREED")

    # Another kind redraws the builder from its own boxes: held the same way, and kept.
    page.check("input[name=kind][value=spell]")
    builder_held(page, True)
    next_held(page, held).continue_()
    builder_held(page, False)
    assert builder_state(page)["name"].upper() == "GREED"
    # The button that asked is gone with a failed answer's message: the builder is let go all
    # the same.
    page.check("input[name=kind][value=minion]")
    builder_held(page, True)
    next_held(page, held).fulfill(status=500, body="down")
    builder_held(page, False)
    assert "could not answer (500)" in page.inner_text("#builder .errors")
    page.wait_for_function(
        "document.getElementById('site-status').textContent.includes('could not answer (500)')"
    )

    # Back to the text and to the builder again, and the server fails: the builder is let go
    # with the failure said in it, and the next switch tries again.
    page.check("input[name=text_mode][value=text]")
    page.check("input[name=text_mode][value=builder]")
    builder_held(page, True)
    next_held(page, held).fulfill(status=500, body="down")
    builder_held(page, False)
    assert builder_state(page)["busy"] is None
    assert "could not answer (500)" in page.inner_text("#builder .errors")
    page.wait_for_function(
        "document.getElementById('site-status').textContent.includes('could not answer (500)')"
    )
    page.unroute("**/cards/builder/")
    page.check("input[name=text_mode][value=text]")
    page.check("input[name=text_mode][value=builder]")
    page.wait_for_function(
        "() => { const n = document.querySelector('#builder #b0-name');"
        " return n && n.value.toUpperCase() === 'GREED'; }"
    )
    page.fill("#b0-name", "greedier")
