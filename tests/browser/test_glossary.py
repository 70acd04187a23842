"""A player searches the glossary as they type, then follows a keyword from a card's text
to its glossary entry."""

import re
from collections.abc import Iterator

import pytest

from rulebook import glossary_cache
from rulebook.content_format import shipped_edition_files
from rulebook.services import edition_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def rulebook() -> Iterator[None]:
    # Transactional tests empty the database between them; put the shipped editions back.
    for path in shipped_edition_files():
        edition_import(path=path)
    glossary_cache.invalidate()
    yield
    glossary_cache.invalidate()


def shown(page) -> int:
    return int(page.locator(".gl-count").get_attribute("data-count"))


def test_search_the_glossary_as_you_type(page, rulebook):
    page.goto("/glossary/")
    everything = shown(page)
    assert everything >= 55
    box = page.get_by_label("Search the glossary")

    box.press_sequentially("se", delay=40)
    page.wait_for_function(f"document.querySelector('.gl-count').dataset.count < {everything}")
    after_two = shown(page)
    assert 0 < after_two < everything

    box.press_sequentially("lf-b", delay=40)
    page.wait_for_function("document.querySelector('.gl-count').dataset.count == 2")
    results = page.locator("#glossary-results .gl-name")
    assert sorted(results.all_inner_texts()) == ["Self-bounce", "Self-bury"]
    assert "q=self-b" in page.url  # the search can be shared and survives a reload

    # A word that names no term is looked for in the definitions.
    box.fill("granary")
    page.locator(".gl-hit mark", has_text="granary").first.wait_for()
    assert results.all_inner_texts() == ["Silo"]

    results.first.click()
    page.wait_for_url("**/glossary/silo/")
    assert page.get_by_role("heading", level=1).inner_text() == "Silo"


def test_follow_a_keyword_from_a_card_to_its_entry(page, rulebook, alice):
    from cards.services import card_create

    card = card_create(
        owner=alice,
        definition={
            "name": "Gravewise Owl",
            "kind": "minion",
            "design_edition": 14,
            "level": 3,
            "sp": 2,
            "hp": 3,
            "ability_text": "HOOT: Self-bury 1 card → 3-dice-heal yourself.\n"
            "Place 2 Sword Counter(s) on target minion.",
        },
        visibility="public",
    )
    page.goto(f"/cards/{card.pk}/")
    text = page.locator(".ability-text")
    assert text.locator("br").count() == 1
    keywords = text.locator("a.kw")
    assert keywords.all_inner_texts()[:3] == ["Self-bury", "3-dice-heal", "Sword Counter(s)"]

    sword = text.get_by_role("link", name="Sword Counter(s)")
    definition = sword.get_attribute("data-definition")
    assert definition.startswith("Sword Counter (proactive): Increase the host")

    def tooltip_display() -> str:
        return sword.evaluate("el => getComputedStyle(el, '::after').display")

    assert tooltip_display() == "none"
    sword.focus()  # keyboard users see the definition too
    page.wait_for_function(
        "el => getComputedStyle(el, '::after').display === 'block'", arg=sword.element_handle()
    )
    page.mouse.move(0, 0)

    sword.click()
    page.wait_for_url(re.compile(r"/glossary/sword-counter/"))
    assert page.get_by_role("heading", level=1).inner_text() == "Sword Counter"
    assert page.locator("#edition-14").is_visible()
    # The entry lists the card among the public cards that use it.
    assert page.locator(".gl-cards").get_by_role("link", name="Gravewise Owl").is_visible()


def test_the_rulebook_switcher_keeps_your_place(page, rulebook):
    page.goto("/rulebook/14/#kw-fatigue")
    switch = page.locator("a[data-edition-switch]", has_text="13th Edition")
    assert switch.get_attribute("href") == "/rulebook/13/?section=kw-fatigue"
    switch.click()
    page.wait_for_url("**/rulebook/13/#kw-fatigue")
    assert page.locator("#kw-fatigue").is_visible()
