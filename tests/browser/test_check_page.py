"""A visitor opens the site in a real browser and checks a card."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_then_check_a_card_as_you_type(page):
    page.goto("/")
    assert page.get_by_role("heading", name="Keeper of the Cards", level=1).is_visible()
    page.get_by_role("link", name="Check a card").first.click()
    page.wait_for_url("**/check/")

    page.get_by_label("Name").fill("Wisp of the Old Ways")
    page.get_by_label("Edition Indicator").fill("14")
    page.get_by_label("Ability text").fill(
        "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 1 card."
    )
    # The level is left empty: the card is judged at the level its guide computes.
    result = page.locator("#check-result")
    result.locator(".badge-refurbished").wait_for()
    assert "hex-play" in result.locator("ins").inner_text()
    assert "ghost-play, must pay resource cost" in result.locator("del").inner_text()
    assert "HAUNT" in result.locator(".ability-name").inner_text()
    assert result.locator(".level-computed").inner_text().startswith("4")

    # A level other than the guide's is invalid, with the steps.
    page.get_by_label("Level").fill("1")
    result.locator(".badge-invalid").wait_for()
    assert "guide computes 4" in result.inner_text()
    page.get_by_label("Level").fill("")

    # A card from before the clean slate edition is pruned, and the page says which section says so.
    page.get_by_label("Edition Indicator").fill("12")
    result.locator(".badge-pruned").wait_for()
    assert "Clean Slate" in result.inner_text()

    # Bad input gets a message, not an error page.
    page.get_by_label("Level").fill("-3")
    result.locator(".errors").wait_for()
    assert "Level" in result.inner_text()


def test_a_spell_is_checked_without_sp_and_hp(page):
    """A spell has no SP or HP: picking Spell hides the two boxes and sends neither, so a plain
    spell is judged as the spell it is; picking Minion again brings them back as they were."""
    page.goto("/check/")
    sp, hp = page.get_by_label("SP", exact=True), page.get_by_label("HP", exact=True)
    assert sp.is_visible() and hp.is_visible()
    page.get_by_label("Kind").select_option("spell")
    assert sp.is_hidden() and hp.is_hidden()
    page.get_by_label("Name").fill("Second Wind")
    page.get_by_label("Ability text").fill("Draw 2 cards.")
    with page.expect_response(lambda r: r.url.endswith("/check/") and r.request.method == "POST"):
        page.get_by_role("button", name="Check").click()
    result = page.locator("#check-result")
    result.locator("[data-verdict=legal]").wait_for()
    assert "SP" not in result.locator(".verdict").inner_text()
    assert result.locator(".level-computed").inner_text().startswith("4")

    page.get_by_label("Kind").select_option("minion")
    assert sp.is_visible() and (sp.input_value(), hp.input_value()) == ("1", "1")
    # Sent again with SP 1 and HP 1: ⌈(1 + 1) ÷ 2⌉ = 2 more than the spell's 4.
    page.wait_for_function(
        "() => document.querySelector('#check-result .level-computed').innerText.startsWith('6')"
    )
