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
            "level": 1,
            "sp": 1,
            "hp": 1,
            "ability_text": "HAUNT: Ghost-play, must pay resource cost: Draw 1 card.",
        },
    )
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "badge-refurbished" in page
    assert "<del>Ghost-play, must pay resource cost</del><ins>Hex-play</ins>" in page


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
            "level": 0,
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
