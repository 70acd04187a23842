"""The quick add of the deck page: a few '4 Spark' lines at once, matched as a list import
matches them (own cards, then the collection, then public cards), names completed as they are
typed. The lines that are right are added, and every wrong one is kept and named."""

import re

import pytest
from django.urls import reverse

from cards import services as card_services
from decks import services
from decks.decklist import DecklistError
from decks.models import DeckEntry

from .conftest import SPELL

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def quick_add_url(deck) -> str:
    return reverse("deck-quick-add", args=[deck.pk])


def names_url(deck) -> str:
    return reverse("deck-card-names", args=[deck.pk])


def boards(deck) -> dict[tuple[str, str], int]:
    return {
        (entry.board, entry.card.name): entry.count
        for entry in DeckEntry.objects.filter(deck=deck).select_related("card")
    }


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def cards(alice, bob, make_card):
    """Alice's own Spark, a public Ember Wisp of Bob's she saved, a public Fire Drake of
    Bob's, and Bob's private Hidden Drake, which she may not see."""
    spark = make_card(**SPELL)
    wisp = make_card(owner=bob, visibility="public")
    card_services.collection_add(user=alice, card=wisp)
    drake = make_card(owner=bob, visibility="public", name="Fire Drake")
    hidden = make_card(owner=bob, name="Hidden Drake")
    return {"spark": spark, "wisp": wisp, "drake": drake, "hidden": hidden}


# -- the service --------------------------------------------------------------------------------


def test_several_lines_add_to_the_copies_the_deck_holds(alice, make_deck, cards):
    deck = make_deck(entries=[(cards["spark"], 2)])
    added = services.deck_quick_add(
        deck=deck, user=alice, text="4 Spark\n2x ember wisp\n\n1 Fire Drake\n1 Spark"
    )
    assert boards(deck) == {
        ("main", "Spark"): 7,
        ("main", "Ember Wisp"): 2,
        ("main", "Fire Drake"): 1,
    }
    assert [(row.card.name, row.added, row.total) for row in added] == [
        ("Spark", 5, 7),
        ("Ember Wisp", 2, 2),
        ("Fire Drake", 1, 1),
    ]


def test_lines_go_to_the_board_chosen_or_named_by_a_heading(alice, make_deck, cards):
    deck = make_deck(entries=[(cards["spark"], 4)])
    services.deck_quick_add(deck=deck, user=alice, text="1 Spark", board="maybe")
    services.deck_quick_add(deck=deck, user=alice, text="1 Fire Drake\nMaybeboard\n2 Ember Wisp")
    assert boards(deck) == {
        ("main", "Spark"): 4,
        ("maybe", "Spark"): 1,
        ("main", "Fire Drake"): 1,
        ("maybe", "Ember Wisp"): 2,
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("0 Spark", "Line 2: the count must be at least 1, not 0."),
        ("5" * 5001 + " Spark", "Line 2: the count must be at most 100."),
        ("-3 Spark", "Line 2: the count must be at least 1, not -3."),
        ("Spark", "Line 2: expected '<count> <card name>'"),
        ("1 Sprak", "Line 2: no card named 'Sprak'"),
        ("1 Hidden Drake", "Line 2: no card named 'Hidden Drake'"),
    ],
)
def test_a_bad_line_is_named_and_nothing_is_added(alice, make_deck, cards, line, message):
    deck = make_deck(entries=[(cards["spark"], 2)])
    with pytest.raises(DecklistError) as raised:
        services.deck_quick_add(deck=deck, user=alice, text=f"4 Fire Drake\n{line}")
    assert any(str(error).startswith(message) for error in raised.value.errors), [
        str(error) for error in raised.value.errors
    ]
    assert boards(deck) == {("main", "Spark"): 2}  # the good line was not saved either


def test_an_unknown_name_offers_close_names_but_never_a_private_one(alice, make_deck, cards):
    deck = make_deck()
    with pytest.raises(DecklistError) as raised:
        services.deck_quick_add(deck=deck, user=alice, text="1 Fire Drak\n1 Hiden Drake")
    messages = [str(error) for error in raised.value.errors]
    assert "Did you mean 'Fire Drake'?" in messages[0]
    assert "Hidden Drake" not in " ".join(messages)


def test_a_card_the_user_may_not_see_is_not_found_by_its_number_either(alice, make_deck, cards):
    deck = make_deck()
    hidden = cards["hidden"]
    with pytest.raises(DecklistError) as raised:
        services.deck_quick_add(deck=deck, user=alice, text=f"1 Hidden Drake #{hidden.pk}")
    assert str(raised.value.errors[0]) == (
        f"Line 1: no card #{hidden.pk} named 'Hidden Drake' among your cards, your collection"
        " or the public cards."
    )
    assert not DeckEntry.objects.filter(deck=deck).exists()


def test_copies_held_count_towards_the_most_allowed(alice, make_deck, cards):
    deck = make_deck(entries=[(cards["spark"], 98)])
    with pytest.raises(DecklistError) as raised:
        services.deck_quick_add(deck=deck, user=alice, text="3 Spark")
    assert str(raised.value.errors[0]) == (
        "Line 1: this brings 'Spark' to 101 copies; a deck holds at most 100 of a card."
    )
    assert boards(deck) == {("main", "Spark"): 98}


def test_only_the_owner_adds(bob, make_deck, cards):
    from django.core.exceptions import PermissionDenied

    deck = make_deck(visibility="public")
    with pytest.raises(PermissionDenied):
        services.deck_quick_add(deck=deck, user=bob, text="1 Fire Drake")


# -- the page -----------------------------------------------------------------------------------


def test_the_owner_gets_the_quick_add_box_with_name_completion(client, alice, make_deck):
    deck = make_deck()
    client.force_login(alice)
    html = client.get(deck.get_absolute_url()).content.decode()
    assert 'id="quick-add-lines"' in html and 'name="lines"' in html
    assert f'data-names-url="{names_url(deck)}"' in html
    assert 'role="combobox"' in html and 'aria-controls="quick-add-options"' in html
    assert 'aria-autocomplete="list"' in html
    assert f'hx-post="{quick_add_url(deck)}"' in html


def test_others_get_no_quick_add(client, bob, make_deck):
    deck = make_deck(visibility="public")
    client.force_login(bob)
    assert 'id="quick-add-lines"' not in client.get(deck.get_absolute_url()).content.decode()
    response = client.post(quick_add_url(deck), {"lines": "1 Spark"})
    assert response.status_code == 403
    assert client.get(names_url(deck), {"q": "sp"}).status_code == 403


def test_adding_without_htmx_saves_and_goes_back_to_the_deck(client, alice, make_deck, cards):
    deck = make_deck()
    client.force_login(alice)
    response = client.post(quick_add_url(deck), {"lines": "4 Spark\n2 Fire Drake"})
    assert response.status_code == 302 and response.url == deck.get_absolute_url()
    assert boards(deck) == {("main", "Spark"): 4, ("main", "Fire Drake"): 2}
    page = text(client.get(response.url).content.decode())
    assert "Added 4 × Spark and 2 × Fire Drake to the deck." in page


def test_adding_with_htmx_swaps_in_the_list_and_an_empty_box(client, alice, make_deck, cards):
    deck = make_deck()
    client.force_login(alice)
    response = client.post(quick_add_url(deck), {"lines": "4 Spark", "board": "main"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="quick-add"' in html
    assert 'id="deck-entries" aria-labelledby="deck-list-title" data-view="list"' in html
    assert 'hx-swap-oob="true"' in html and 'id="deck-panel"' in html and 'id="deck-status"' in html
    assert 'data-size="4"' in html
    assert "Added 4 × Spark to the deck." in html
    assert re.search(r'id="quick-add-lines"[^>]*>\s*</textarea>', html)  # empty for more lines


def test_the_right_lines_are_added_and_the_wrong_ones_kept_with_their_problems(
    client, alice, make_deck, cards
):
    deck = make_deck()
    client.force_login(alice)
    lines = "4 Spark\n0 Fire Drake\nMaybeboard\n1 Ember Wisp\n2 Hiden Drake"
    response = client.post(quick_add_url(deck), {"lines": lines}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="deck-entries"' in html  # the list, panel and status swapped in
    assert "Added 4 × Spark to the deck; 1 × Ember Wisp to the maybeboard." in text(html)
    assert "2 lines kept in the box to fix." in text(html)
    assert "2 lines not added: fix them and add again." in html
    # The wrong lines stay, under the board they were meant for, numbered as they stand now.
    assert ">0 Fire Drake\nMaybeboard\n2 Hiden Drake</textarea>" in html
    assert "Line 1: the count must be at least 1, not 0." in html
    assert "Line 3: no card named &#x27;Hiden Drake&#x27;" in html
    assert "Did you mean" in html or "did you mean" in html
    assert boards(deck) == {("main", "Spark"): 4, ("maybe", "Ember Wisp"): 1}


def test_a_list_with_no_right_line_adds_nothing(client, alice, make_deck, cards):
    deck = make_deck()
    client.force_login(alice)
    lines = "0 Fire Drake\n2 Hidden Drake"
    html = client.post(quick_add_url(deck), {"lines": lines}, **HTMX).content.decode()
    assert 'id="deck-entries"' not in html  # the list is as it was
    assert "2 problems in the list; nothing was added." in html
    assert "Line 2: no card named &#x27;Hidden Drake&#x27;" in html
    assert "0 Fire Drake\n2 Hidden Drake</textarea>" in html
    assert not DeckEntry.objects.filter(deck=deck).exists()


def test_bad_lines_without_htmx_are_a_400_page_with_the_text_kept(client, alice, make_deck, cards):
    deck = make_deck()
    client.force_login(alice)
    huge = "5" * 5001
    response = client.post(quick_add_url(deck), {"lines": f"{huge} Spark"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Line 1: the count must be at most 100." in html
    assert f"{huge} Spark</textarea>" in html
    assert not DeckEntry.objects.filter(deck=deck).exists()


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"lines": ""}, "Write one card a line, like &#x27;4 Spark&#x27;."),
        ({"lines": "   \n "}, "Write one card a line, like &#x27;4 Spark&#x27;."),
        ({"lines": "1 Spark", "board": "side"}, "Select a valid choice."),
        ({"lines": "1 Spark\n" * 1001}, "Add at most 1000 lines at once."),
        ({"lines": "x" * 20_001}, "at most 20000 characters"),
    ],
)
def test_a_form_that_cannot_be_read_is_a_400(client, alice, make_deck, cards, data, problem):
    deck = make_deck()
    client.force_login(alice)
    response = client.post(quick_add_url(deck), data)
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert not DeckEntry.objects.filter(deck=deck).exists()


# -- name completion ----------------------------------------------------------------------------


def suggested(client, deck, q: str) -> list[str]:
    html = client.get(names_url(deck), {"q": q}, **HTMX).content.decode()
    return re.findall(r'data-name="([^"]*)"', html)


def test_names_come_from_own_cards_the_collection_and_public_cards(
    client, alice, make_deck, make_card, cards
):
    deck = make_deck()
    make_card(owner=cards["wisp"].owner, visibility="public", name="Drake Egg")
    client.force_login(alice)
    assert suggested(client, deck, "spa") == ["Spark"]
    assert suggested(client, deck, "emb") == ["Ember Wisp"]
    assert suggested(client, deck, "dra") == ["Drake Egg", "Fire Drake"]
    assert suggested(client, deck, "fire dr") == ["Fire Drake"]


def test_names_never_include_a_card_the_owner_may_not_see(client, alice, make_deck, cards):
    deck = make_deck()
    client.force_login(alice)
    html = client.get(names_url(deck), {"q": "hidden"}, **HTMX).content.decode()
    assert "Hidden Drake" not in html
    assert "No card you may add has a name like “hidden”." in html
    assert "Hidden" not in " ".join(suggested(client, deck, "drake"))


@pytest.mark.parametrize("q", ["", "s", "4", "!!", "x" * 5000, '"', "name:", "kind:spell"])
def test_names_for_odd_text_are_an_empty_answer(client, alice, make_deck, cards, q):
    deck = make_deck()
    client.force_login(alice)
    response = client.get(names_url(deck), {"q": q}, **HTMX)
    assert response.status_code == 200
    assert "data-name" not in response.content.decode()


def test_one_name_is_suggested_once_own_card_first(client, alice, bob, make_deck, make_card):
    deck = make_deck()
    make_card(**SPELL)
    make_card(owner=bob, visibility="public", **SPELL)
    client.force_login(alice)
    html = client.get(names_url(deck), {"q": "spark"}, **HTMX).content.decode()
    assert re.findall(r'data-name="([^"]*)"', html) == ["Spark"]
    assert "yours" in html
