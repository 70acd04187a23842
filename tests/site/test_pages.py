"""The home page and the check page, as a visitor without an account sees them."""

import pytest


@pytest.mark.django_db
def test_home_page_says_what_the_site_is(client):
    page = client.get("/").content.decode()
    assert "Keeper of the Cards" in page
    assert 'href="/check/"' in page


@pytest.mark.django_db
def test_check_page_shows_the_verdict_and_the_marked_changes(client):
    answer = client.post(
        "/check/",
        {
            "edition": 14,
            "name": "Wisp",
            "kind": "minion",
            "design_edition": 14,
            "level": 4,  # ⌈1 + 1 ÷ 2⌉ = 2; draw 1: 2
            "sp": 1,
            "hp": 1,
            "ability_text": (
                "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource"
                " cost): Draw 1 card."
            ),
        },
    )
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "badge-refurbished" in page
    assert "<del>ghost-play, must pay resource cost</del><ins>hex-play</ins>" in page


def check_page(client, **changes):
    data = {
        "edition": 14,
        "name": "Brute",
        "kind": "minion",
        "design_edition": 14,
        "level": 0,
        "sp": 9,
        "hp": 9,
        "ability_text": "",
    }
    data.update(changes)
    return client.post("/check/", data).content.decode()


@pytest.mark.django_db
def test_check_page_shows_the_level_block_and_never_a_legal_badge_for_a_wrong_level(client):
    page = check_page(client)

    assert 'data-verdict="invalid"' in page and "badge-legal" not in page
    assert 'data-code="level_mismatch"' in page
    assert 'data-declared="0" data-computed="14"' in page
    assert "<li>SP 9 + HP 9 ÷ 2 = 13.5, rounded up to 14</li>" in page
    assert 'href="/building/14/#level"' in page  # the reason's link into the guide


@pytest.mark.django_db
def test_check_page_with_no_level_judges_the_card_at_the_computed_one(client):
    page = check_page(client, level="", ability_text="GREED: Draw 2 cards.")

    assert 'data-verdict="legal"' in page
    assert 'data-declared="" data-computed="18"' in page  # ⌈9 + 9 ÷ 2⌉ = 14; draw 2: 2x = 4
    assert 'href="/building/14/#effect.draw-x-cards"' in page  # the component read


@pytest.mark.django_db
def test_check_page_links_a_word_that_is_not_a_component_to_the_nearest(client):
    page = check_page(client, kind="spell", sp="", hp="", ability_text="Sheathe target minion.")

    assert 'data-code="not_a_component"' in page
    assert 'href="/building/14/#effect.sheathe-the-targets"' in page


@pytest.mark.django_db
def test_check_page_escapes_card_text(client):
    page = client.post(
        "/check/",
        {
            "edition": 14,
            "name": "x",
            "kind": "spell",
            "design_edition": 14,
            "level": 0,
            "ability_text": "<script>alert(1)</script>",
        },
    ).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {"edition": 99, "kind": "minion", "level": 1},
        {"edition": 14, "kind": "dragon", "level": 1},
        {"edition": 14, "kind": "minion", "level": "many"},
        {"edition": 14, "kind": "minion", "level": -1},
        {"edition": 14, "kind": "minion", "level": 1, "ability_text": "x" * 3000},
    ],
)
def test_bad_input_on_the_check_page_is_a_form_error(client, data):
    answer = client.post("/check/", data)
    assert answer.status_code == 200
    assert "field-error" in answer.content.decode()


@pytest.mark.django_db
def test_the_check_page_answers_htmx_with_just_the_result(client):
    answer = client.post(
        "/check/",
        {
            "edition": 13,
            "kind": "spell",
            "design_edition": 13,
            "level": 2,  # draw 1: 2x
            "ability_text": "Draw 1 card.",
        },
        HTTP_HX_REQUEST="true",
    )
    page = answer.content.decode()
    assert "<html" not in page
    assert 'data-verdict="legal"' in page


@pytest.mark.django_db
def test_an_api_address_that_matches_nothing_is_a_json_404(client):
    """A regression: addresses under /api/ that no route matched got the site's HTML page."""
    for url in ("/api/v1/nothing/", "/api/v1/cards/abc/", "/api/v1/simulations/not-a-uuid/"):
        answer = client.get(url)
        assert answer.status_code == 404
        assert answer.json() == {"detail": "Not found."}
    assert client.get("/nothing/")["Content-Type"].startswith("text/html")
