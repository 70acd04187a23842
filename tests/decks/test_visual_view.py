"""The visual view of a deck (?view=visual): its cards' pictures, a column a level, switched to
and from the list by two links. A card the viewer may not see shows face down, and nothing of
it reaches the page. The sample hand shows its cards at least 120 px wide."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from decks import services

from .conftest import SPELL, spark

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SECRET = {**SPELL, "name": "Secret Gambit", "level": 4, "ability_text": "Draw 2 cards."}


def stacks(html: str) -> dict[str, list[str]]:
    """Each column of the visual view: the alt text of its pictures, top to bottom."""
    found: dict[str, list[str]] = {}
    for part in html.split('data-stack="')[1:]:
        key, body = part.split('"', 1)[0], part.split("</ul>", 1)[0]  # a column's own list
        found[key] = re.findall(r'alt="([^"]*)"', body)
    return found


def render_urls(html: str) -> set[str]:
    return set(re.findall(r'src="(/api/v1/cards/\d+/render[^"]*)"', html))


def test_the_visual_view_stacks_the_cards_by_level(client, alice, make_card, make_deck):
    wisp = make_card()  # a minion of level 4
    low = make_card(**spark("Spark", 2))
    other = make_card(**spark("Ember Spark", 2))
    deck = make_deck(entries=[(wisp, 4), (low, 3), (other, 1)])
    client.force_login(alice)
    response = client.get(deck.get_absolute_url(), {"view": "visual"})
    html = response.content.decode()
    assert response.status_code == 200
    assert stacks(html) == {
        "level-2": ["1 × Ember Spark", "3 × Spark"],
        "level-4": ["4 × Ember Wisp"],
    }
    urls = render_urls(html)
    for card in (wisp, low, other):
        assert any(url.startswith(f"/api/v1/cards/{card.pk}/render") for url in urls)
    assert 'class="stack-count" aria-hidden="true">×4<' in html
    assert 'data-view="visual"' in html and 'id="show-card-text"' not in html


def test_the_two_views_are_links_that_say_which_is_shown(client, alice, legal_deck):
    client.force_login(alice)
    url = legal_deck.get_absolute_url()
    listed = client.get(url).content.decode()
    assert (
        f'href="{url}?view=list" class="view-choice" id="view-list" aria-current="page"' in listed
    )
    assert f'href="{url}?view=visual" class="view-choice" id="view-visual">' in listed
    assert 'data-stack="' not in listed and 'class="entry-name"' in listed
    visual = client.get(url, {"view": "visual"}).content.decode()
    assert 'id="view-visual" aria-current="page"' in visual
    assert 'class="entry-name"' not in visual.split('id="deck-entries"')[1].split("</section>")[0]
    # An unknown view is the list.
    assert 'id="view-list" aria-current="page"' in client.get(url, {"view": "x"}).content.decode()


def test_a_change_made_on_the_visual_page_answers_with_the_visual_view(
    client, alice, make_card, make_deck
):
    wisp = make_card()
    deck = make_deck(entries=[(wisp, 2)])
    client.force_login(alice)
    page = "http://testserver" + deck.get_absolute_url() + "?view=visual"
    response = client.post(
        reverse("deck-entries", args=[deck.pk]),
        {"card": wisp.pk, "action": "add"},
        HTTP_HX_CURRENT_URL=page,
        **HTMX,
    )
    assert stacks(response.content.decode()) == {"level-4": ["3 × Ember Wisp"]}
    added = client.post(
        reverse("deck-quick-add", args=[deck.pk]), {"lines": "1 Ember Wisp", "view": "visual"}
    )
    assert added.url == deck.get_absolute_url() + "?view=visual"


def test_a_withheld_card_shows_face_down_and_nothing_of_it_reaches_the_page(
    client, bob, make_card, make_deck
):
    wisp = make_card(visibility="public")
    secret = make_card(**SECRET)
    maybe = make_card(name="Secret Maybe")
    deck = make_deck(entries=[(wisp, 36), (secret, 4)], maybe=[(maybe, 1)], visibility="public")
    for viewer in (None, bob):
        if viewer is not None:
            client.force_login(viewer)
        html = client.get(deck.get_absolute_url(), {"view": "visual"}).content.decode()
        board = html.index('id="maybeboard"')
        assert stacks(html[:board])["withheld"] == ["4 × withheld card"]
        assert stacks(html[board:]) == {"withheld": ["1 × withheld card"]}
        columns = html[html.index('class="visual-stacks"') :]
        back = reverse("card-back")
        assert columns.count(f'src="{back}"') == 2  # the deck's and the maybeboard's
        assert not any(f"/cards/{card.pk}/" in columns for card in (secret, maybe))
        for word in ("Secret Gambit", "Secret Maybe", "Draw 2 cards"):
            assert word not in html
        assert f'data-card="{secret.pk}"' not in html and f'data-card="{maybe.pk}"' not in html
        assert render_urls(columns) == {
            url for url in render_urls(columns) if url.startswith(f"/api/v1/cards/{wisp.pk}/")
        }


def test_the_owner_sees_their_own_private_card_face_up(client, alice, make_card, make_deck):
    secret = make_card(**SECRET)
    deck = make_deck(entries=[(secret, 2)], visibility="public")
    client.force_login(alice)
    html = client.get(deck.get_absolute_url(), {"view": "visual"}).content.decode()
    assert stacks(html) == {"level-4": ["2 × Secret Gambit"]}


def test_the_maybeboard_has_its_own_stacks(client, alice, make_card, make_deck):
    deck = make_deck(entries=[(make_card(), 4)], maybe=[(make_card(**SPELL), 2)])
    client.force_login(alice)
    html = client.get(deck.get_absolute_url(), {"view": "visual"}).content.decode()
    board = html[html.index('id="maybeboard"') :]
    assert stacks(board) == {"level-2": ["2 × Spark"]}
    assert stacks(html[: html.index('id="maybeboard"')]) == {"level-4": ["4 × Ember Wisp"]}


def test_an_empty_deck_says_so_in_the_visual_view(client, alice, make_deck):
    deck = make_deck()
    client.force_login(alice)
    html = client.get(deck.get_absolute_url(), {"view": "visual"}).content.decode()
    assert "No cards yet." in html and 'class="visual-stacks"' not in html


# -- the sample hand ----------------------------------------------------------------------------


def css_rule(selector: str) -> str:
    css = (Path(settings.BASE_DIR) / "static" / "css" / "decks.css").read_text()
    match = re.search(r"(?m)^" + re.escape(selector) + r" \{([^}]*)\}", css)
    assert match, selector
    return match[1]


def test_the_sample_hand_shows_its_cards_at_least_120_px_wide(client, alice, legal_deck):
    hand = css_rule(".hand")
    columns = re.search(r"minmax\((\d+)px", hand)
    assert columns and int(columns[1]) >= 120
    assert "min-width: 120px" in css_rule(".hand-card")
    assert "min-width: 120px" in css_rule(".hand-card img")
    client.force_login(alice)
    url = reverse("deck-sample-hand", args=[legal_deck.pk])
    html = client.get(url, {"seed": 3}, **HTMX).content.decode()
    assert html.count('class="hand-card selectable"') == 5


def test_the_visual_view_of_a_big_deck_takes_few_queries(
    client, alice, make_card, make_deck, django_assert_max_num_queries
):
    cards = [make_card(**spark(f"Spark {n}", 1 + n % 5)) for n in range(30)]
    deck = make_deck(entries=[(card, 2) for card in cards])
    services.deck_change_count(deck=deck, user=alice, card=cards[0], delta=1, board="maybe")
    client.force_login(alice)
    with django_assert_max_num_queries(12):
        assert client.get(deck.get_absolute_url(), {"view": "visual"}).status_code == 200
