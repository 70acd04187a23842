"""A new player designs a card in the browser, from sign-up to finding it in the gallery."""

import io
import re

import pytest
from PIL import Image

from cards import rules

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PREVIEW = "#card-preview-image"


def preview_src(page) -> str:
    return page.get_attribute(PREVIEW, "src") or ""


def wait_for_new_preview(page, before: str) -> str:
    page.wait_for_function(
        "before => document.querySelector('#card-preview-image').getAttribute('src') !== before",
        arg=before,
    )
    return preview_src(page)


def test_design_a_card_from_sign_up_to_the_gallery(page, tmp_path):
    # Sign up through the form.
    page.goto("/accounts/signup/")
    page.fill("#id_username", "lantern_maker")
    page.fill("#id_password1", "moths-love-lamps-42")
    page.fill("#id_password2", "moths-love-lamps-42")
    page.click("button[type=submit]")
    page.get_by_role("heading", name="Welcome back, lantern_maker").wait_for()
    page.locator("#main").get_by_role("link", name="Design a card").click()
    page.wait_for_url("**/cards/new/")
    assert page.is_visible("text=lantern_maker")

    # The preview follows the typing.
    first = preview_src(page)
    assert re.fullmatch(r"/cards/preview/[0-9a-f]{64}\.webp", first)
    page.wait_for_function("document.querySelector('#card-preview-image').naturalWidth === 750")
    page.fill("#id_name", "Lantern Moth")
    named = wait_for_new_preview(page, first)
    assert named != first
    page.fill(
        "#id_ability_text",
        "FLUTTER: When this card in your hand is destroyed (ghost-play, must pay resource"
        " cost): Draw 1 card.",
    )
    page.fill("#id_level", "5")  # ⌈1 + 3 ÷ 2⌉ = 3; draw 1 card: 2
    page.fill("#id_sp", "1")
    page.fill("#id_hp", "3")
    page.wait_for_selector('.preview-verdict [data-verdict="refurbished"]')
    assert "hex-play" in page.inner_text(".preview-verdict")
    assert "FLUTTER" in page.inner_text(".abilities")

    # Spells hide SP and HP; back to a minion.
    page.check("input[name=kind][value=spell]")
    page.wait_for_selector("#id_sp", state="hidden")
    page.check("input[name=kind][value=minion]")
    page.wait_for_selector("#id_sp", state="visible")

    # An image shows up in the preview, and stays while typing.
    picture = tmp_path / "moth.png"
    Image.new("RGB", (320, 220), "#d4a017").save(picture)
    page.wait_for_load_state("networkidle")
    before_image = preview_src(page)
    page.set_input_files("#id_image", str(picture))
    page.wait_for_function("() => document.querySelector('#preview-image-token').value !== ''")
    with_image = preview_src(page)
    assert with_image != before_image
    token = page.input_value("#preview-image-token")
    with page.expect_request("**/cards/preview/") as sent:
        page.fill("#id_flavor_text", "Drawn to every light.")
    assert b"moth.png" not in (sent.value.post_data_buffer or b"")  # the token, not the file
    wait_for_new_preview(page, with_image)
    assert page.input_value("#preview-image-token") == token

    # Save.
    page.click("#save-card")
    page.wait_for_url(re.compile(r".*/cards/\d+/$"))
    assert page.inner_text("h1") == "Lantern Moth"
    card_url = page.url

    # The render is a 750 × 1050 PNG, and the download button serves it as a file.
    render_src = page.get_attribute("img.card-render", "src")
    response = page.request.get(render_src)
    assert response.ok and response.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(response.body())) as image:
        assert (image.format, image.size) == ("PNG", (750, 1050))
    download = page.request.get(page.get_attribute("#download-png", "href"))
    assert "attachment" in download.headers["content-disposition"]

    # Refurbish it under the current edition, the one a new card is designed for: a new revision.
    page.click("#refurbish")
    page.wait_for_selector('[data-verdict="legal"]')
    assert "hex-play" in page.inner_text(".ability-text")

    # Not in the gallery while private; public after changing the visibility.
    page.goto("/cards/?q=lantern")
    assert page.locator(".card-tile").count() == 0
    page.goto(card_url)
    page.select_option("#id_visibility", "public")
    page.click("#save-visibility")
    page.wait_for_selector("text=is now public")

    page.goto("/cards/")
    current = rules.current_edition().number
    page.fill("#card-search", f'by:lantern_maker kind:minion "hex-play" legal:{current}')
    page.click(".search-form button[type=submit]")
    page.wait_for_url(re.compile(r".*/cards/\?q=.*"))
    tiles = page.locator(".card-tile")
    assert tiles.count() == 1
    assert "Lantern Moth" in tiles.first.inner_text()
    assert "Legal" in tiles.first.inner_text()
    thumbnail = tiles.first.locator("img")
    assert thumbnail.get_attribute("loading") == "lazy"
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=thumbnail.element_handle()
    )

    # A malformed search explains itself.
    page.fill("#card-search", "level<=x")
    page.click(".search-form button[type=submit]")
    assert "needs a whole number" in page.inner_text("#query-error")


def test_collection_copies_change_in_place(page, django_user_model):
    from cards import services

    user = django_user_model.objects.create_user("collector", password="many-cards-here-9")
    card = services.card_create(
        owner=user,
        definition={
            "name": "Pocket Sun",
            "kind": "spell",
            "design_edition": 14,
            "level": 2,  # draw 1 card: 2x
            "ability_text": "Draw 1 card.",
        },
    )
    page.goto("/accounts/login/")
    page.fill("#id_username", "collector")
    page.fill("#id_password", "many-cards-here-9")
    page.click("button[type=submit]")
    page.goto("/collection/")
    copies = page.locator(f"#copies-{card.pk}")
    copies.fill("4")
    copies.dispatch_event("change")
    page.wait_for_selector('[data-total="copies"]:has-text("4")')
    page.reload()
    assert page.input_value(f"#copies-{card.pk}") == "4"
