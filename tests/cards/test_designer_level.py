"""A designed card's level: left empty, it is the level the card's Card Building Guide computes,
as on /check/. A new card starts empty, the preview draws and judges the card with the computed
level and says "Level 6 (computed)", and the card is saved with it."""

import html
import re

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db

# The 17th guide's own example of a minion ability, on a minion of SP 1 and HP 1:
# ⌈(1 + 1) ÷ 2⌉ = 2, and "draw 2 cards" 2x = 4: level 6.
GREED = {
    "name": "Greedy Imp",
    "kind": "minion",
    "design_edition": 17,
    "level": "",
    "sp": 1,
    "hp": 1,
    "ability_text": "GREED: Draw 2 cards.",
    "flavor_text": "",
    "visibility": "private",
    "edition": 17,
    "text_mode": "text",
}
UNREADABLE = "GREED: Whistle a tune."


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def preview_src(page: str) -> str:
    return re.search(r'id="card-preview-image" src="([^"]+)"', page).group(1)


def test_a_new_card_starts_with_the_computed_level_not_an_invalid_one(alice_client):
    response = alice_client.get("/cards/new/")
    assert response.context["form"]["level"].value() in (None, "")
    page = text_of(response)
    assert not re.search(r'name="level"[^>]*value=', page)
    assert 'data-verdict="invalid"' not in page
    # A minion of SP 1 and HP 1 with no abilities: ⌈(1 + 1) ÷ 2⌉ = 2.
    assert "Level 2 (computed)" in page


def test_the_preview_draws_and_judges_the_card_with_the_computed_level(alice_client):
    page = text_of(alice_client.post("/cards/preview/", GREED))
    assert "Level 6 (computed)" in page
    assert 'data-verdict="legal"' in page
    assert "declared" not in page
    # The drawing is the one of the card printed with level 6 (its address names its content).
    declared = text_of(alice_client.post("/cards/preview/", {**GREED, "level": 6}))
    assert preview_src(page) == preview_src(declared)
    assert "(computed)" not in declared


def test_an_empty_level_is_saved_as_the_computed_one(alice_client, alice):
    response = alice_client.post("/cards/new/", GREED)
    assert response.status_code == 302
    assert Card.objects.get(owner=alice).level == 6


def test_a_text_the_guide_cannot_level_needs_a_level_typed(alice_client):
    response = alice_client.post("/cards/new/", {**GREED, "ability_text": UNREADABLE})
    assert response.status_code == 400
    message = " ".join(response.context["form"].errors["level"])
    assert "Level is required" in message and "computes none" in message
    assert not Card.objects.exists()
    # Typed, the level is the card's; the verdict beside it says what the guide makes of it.
    saved = alice_client.post("/cards/new/", {**GREED, "ability_text": UNREADABLE, "level": 3})
    assert saved.status_code == 302


def test_a_text_the_guide_cannot_level_is_judged_in_the_preview_as_on_check(alice_client, client):
    page = text_of(alice_client.post("/cards/preview/", {**GREED, "ability_text": UNREADABLE}))
    assert 'data-verdict="invalid"' in page
    checked = client.post(
        "/api/v1/check/card/",
        {
            "card": {
                **{k: GREED[k] for k in ("name", "kind", "design_edition", "sp", "hp")},
                "level": None,
                "ability_text": UNREADABLE,
                "flavor_text": "",
            },
            "edition": 17,
        },
        content_type="application/json",
    ).json()
    assert checked["verdict"] == "invalid"
    for reason in checked["reasons"]:
        assert html.unescape(reason["message"]) in page
