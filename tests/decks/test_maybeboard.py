"""The maybeboard: cards being considered for a deck. They are shown apart, moved to and from
the deck, exported and imported back, and given by the API; they are never counted for size or
legality, nor in the stats, the sample hand, a goldfish run or a print."""

import json
import re

import pytest
from django.urls import reverse

from cards import rules
from cards import services as card_services
from decks import deck_page, importing, print_job, selectors, services, validation
from decks.models import Deck, DeckEntry
from decks.serializers import read_deck_json
from simulations.services import goldfish_deck

from .conftest import PRUNED, SPELL

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
URL = "/api/v1/decks/"


def boards(deck) -> dict[tuple[str, str], int]:
    return {
        (entry.board, entry.card.name): entry.count
        for entry in DeckEntry.objects.filter(deck=deck).select_related("card")
    }


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def maybe_deck(alice, make_card, legal_deck) -> Deck:
    """The legal 40-card deck, with a pruned card (which would make it illegal) and 30 copies
    of a Spark (which would make it 70 cards, too many) on its maybeboard."""
    pruned = make_card(**PRUNED)
    spark = make_card(**SPELL)
    services.deck_change_count(deck=legal_deck, user=alice, card=pruned, delta=2, board="maybe")
    services.deck_change_count(deck=legal_deck, user=alice, card=spark, delta=30, board="maybe")
    return legal_deck


# -- not counted --------------------------------------------------------------------------------


def test_the_maybeboard_is_not_counted_for_size_or_legality(alice, maybe_deck):
    deck = selectors.deck_for_viewer(user=alice, pk=maybe_deck.pk)
    check = validation.deck_check(deck)
    assert (check.size, check.legal) == (40, True)
    view = deck_page.deck_view(deck, user=alice)
    assert (view.size.size, view.stats.size, view.maybe_count) == (40, 40, 32)
    assert [row.card.name for row in view.maybe] == ["Old Wisp", "Spark"]
    assert view.maybe[0].check.verdict == "pruned"  # shown, not counted
    assert selectors.deck_size(deck) == 40
    assert selectors.decks_owned_by(user=alice).get(pk=deck.pk).size == 40


def test_the_validation_api_and_the_deck_api_judge_the_deck_alone(api, alice, maybe_deck):
    api.force_authenticate(alice)
    validation = api.get(f"{URL}{maybe_deck.pk}/validation/").json()
    assert (validation["size"], validation["legal"], validation["problems"]) == (40, True, [])
    data = api.get(f"{URL}{maybe_deck.pk}/").json()
    assert (data["size"], data["legal"]) == (40, True)
    maybe = [(e["name"], e["count"]) for e in data["entries"] if e["board"] == "maybe"]
    assert maybe == [("Old Wisp", 2), ("Spark", 30)]
    assert {e["board"] for e in data["entries"][:10]} == {"main"}


def test_the_page_shows_the_maybeboard_apart_and_the_deck_legal(client, alice, maybe_deck):
    client.force_login(alice)
    html = client.get(maybe_deck.get_absolute_url()).content.decode()
    assert 'data-legal="true"' in html and 'data-size="40"' in html
    board = html[html.index('id="maybeboard"') :]
    assert 'data-count="32"' in board[:80]
    assert "Old Wisp" in board and "Spark" in board
    assert "not counted for size or legality" in text(board)
    deck_list = html[html.index('id="deck-entries"') : html.index('id="maybeboard"')]
    assert "Old Wisp" not in deck_list


def test_the_sample_hand_never_draws_from_the_maybeboard(client, alice, make_card, make_deck):
    wisp = make_card()
    spark = make_card(**SPELL)
    deck = make_deck(entries=[(wisp, 6)], maybe=[(spark, 40)])
    client.force_login(alice)
    for seed in range(5):
        html = client.get(
            reverse("deck-sample-hand", args=[deck.pk]), {"seed": seed}, **HTMX
        ).content.decode()
        hand = html[html.index('class="hand"') :]
        assert hand.count('alt="Ember Wisp"') == 5 and "Spark" not in hand
        assert 'data-deck-left="1"' in html


def test_print_and_goldfish_hold_the_deck_alone(alice, make_card, make_deck):
    wisp = make_card()
    spark = make_card(**SPELL)
    deck = make_deck(entries=[(wisp, 6)], maybe=[(spark, 3), (wisp, 2)])
    deck = selectors.deck_for_viewer(user=alice, pk=deck.pk)
    assert print_job.deck_print_cards(deck=deck, user=alice) == [(wisp, 6)]
    missing = print_job.deck_print_cards(deck=deck, user=alice, only_missing=True)
    assert missing == [(wisp, 6)]
    played = services.deck_definition(deck)
    assert [(row["count"], row["card"]["name"]) for row in played["cards"]] == [(6, "Ember Wisp")]
    assert goldfish_deck(played).size == 6


def test_the_print_page_counts_the_deck_alone(client, alice, make_card, make_deck):
    deck = make_deck(entries=[(make_card(), 9)], maybe=[(make_card(**SPELL), 30)])
    client.force_login(alice)
    page = text(client.get(reverse("deck-print", args=[deck.pk])).content.decode())
    assert "9 cards" in page and "39" not in page


# -- moving -------------------------------------------------------------------------------------


def test_moving_a_card_between_the_boards(client, alice, make_card, make_deck):
    wisp = make_card()
    deck = make_deck(entries=[(wisp, 3)], maybe=[(wisp, 1)])
    client.force_login(alice)
    url = reverse("deck-entries", args=[deck.pk])
    response = client.post(url, {"card": wisp.pk, "action": "move"}, **HTMX)
    assert response.status_code == 200
    assert "4 × Ember Wisp on the maybeboard." in response.content.decode()
    assert boards(deck) == {("maybe", "Ember Wisp"): 4}
    response = client.post(url, {"card": wisp.pk, "action": "move", "board": "maybe"}, **HTMX)
    assert "4 × Ember Wisp in the deck." in response.content.decode()
    assert boards(deck) == {("main", "Ember Wisp"): 4}
    client.post(url, {"card": wisp.pk, "action": "add", "board": "maybe", "count": 2}, **HTMX)
    client.post(url, {"card": wisp.pk, "action": "remove", "board": "maybe"}, **HTMX)
    assert boards(deck) == {("main", "Ember Wisp"): 4, ("maybe", "Ember Wisp"): 1}


def test_moving_what_is_not_there_or_past_100_copies_is_refused(
    client, alice, make_card, make_deck
):
    wisp = make_card()
    spark = make_card(**SPELL)
    deck = make_deck(entries=[(wisp, 60)], maybe=[(wisp, 50)])
    client.force_login(alice)
    url = reverse("deck-entries", args=[deck.pk])
    html = client.post(url, {"card": wisp.pk, "action": "move"}, **HTMX).content.decode()
    assert "A deck holds 1 to 100 copies of “Ember Wisp”, not 110." in html
    html = client.post(url, {"card": spark.pk, "action": "move"}, **HTMX).content.decode()
    assert "“Spark” is not in the deck." in html
    bad = client.post(url, {"card": wisp.pk, "action": "move", "board": "side"})
    assert bad.status_code == 302  # without htmx: back to the page, with the message
    assert boards(deck) == {("main", "Ember Wisp"): 60, ("maybe", "Ember Wisp"): 50}


def test_a_card_made_private_by_its_designer_cannot_be_moved_only_taken_out(
    alice, bob, make_card, make_deck
):
    card = make_card(owner=bob, visibility="public")
    deck = make_deck(maybe=[(card, 2)])
    card_services.card_update(card=card, user=bob, visibility="private")
    card.refresh_from_db()
    with pytest.raises(Exception, match="private"):
        services.deck_move(deck=deck, user=alice, card=card, to="main")
    assert services.deck_set_count(deck=deck, user=alice, card=card, count=0, board="maybe") == 0
    assert boards(deck) == {}


def test_only_the_owner_moves(bob, make_card, make_deck):
    from django.core.exceptions import PermissionDenied

    deck = make_deck(entries=[(make_card(visibility="public"), 1)], visibility="public")
    with pytest.raises(PermissionDenied):
        services.deck_move(deck=deck, user=bob, card=deck.entries.first().card, to="maybe")


# -- exports and imports ------------------------------------------------------------------------


def test_the_json_export_marks_the_maybeboard_and_imports_back(client, alice, bob, maybe_deck):
    client.force_login(alice)
    exported = json.loads(client.get(reverse("deck-export", args=[maybe_deck.pk])).content)
    maybe = [row for row in exported["cards"] if row.get("board") == "maybe"]
    assert [(row["count"], row["card"]["name"]) for row in maybe] == [
        (2, "Old Wisp"),
        (30, "Spark"),
    ]
    assert all("board" not in row for row in exported["cards"][:10])
    copy = importing.deck_import(owner=bob, definition=read_deck_json(exported))
    assert boards(copy) == boards(maybe_deck)


def test_the_check_api_leaves_the_maybeboard_out(api, alice, maybe_deck):
    api.force_authenticate(alice)
    exported = api.get(f"{URL}{maybe_deck.pk}/export/").json()
    check = api.post("/api/v1/check/deck/", exported, format="json").json()
    assert (check["size"], check["legal"]) == (40, True)
    exported["cards"][0]["board"] = "side"
    answer = api.post("/api/v1/check/deck/", exported, format="json")
    assert answer.status_code == 400 and "board" in answer.json()["cards"]["0"]


def test_the_text_export_lists_the_maybeboard_under_its_heading_and_imports_back(
    client, alice, bob, make_card, make_deck
):
    wisp = make_card(visibility="public")
    spark = make_card(visibility="public", **SPELL)
    deck = make_deck(entries=[(wisp, 3), (spark, 1)], maybe=[(spark, 2)], name="Maybe")
    client.force_login(alice)
    written = client.get(reverse("deck-export-text", args=[deck.pk])).content.decode()
    edition = rules.current_edition().name  # the deck's, by default
    assert written == f"# Maybe ({edition})\n3 Ember Wisp\n1 Spark\n\nMaybeboard\n2 Spark\n"
    copy = importing.deck_import_list(owner=bob, text=written, name="Copy")
    assert boards(copy) == boards(deck)


def test_a_withheld_card_on_the_maybeboard_is_written_as_a_count(client, bob, make_card, make_deck):
    secret = make_card(name="Secret Spark")
    deck = make_deck(entries=[(make_card(visibility="public"), 3)], maybe=[(secret, 2)])
    deck.visibility = "public"
    deck.save()
    client.force_login(bob)
    written = client.get(reverse("deck-export-text", args=[deck.pk])).content.decode()
    assert written.endswith("3 Ember Wisp\n\nMaybeboard\n# and 2 withheld cards, not listed\n")
    exported = json.loads(client.get(reverse("deck-export", args=[deck.pk])).content)
    assert exported["cards"][-1] == {"count": 2, "withheld": True, "board": "maybe"}
    page = client.get(deck.get_absolute_url()).content.decode()
    assert "Secret Spark" not in page and "Withheld card" in page


def test_forking_copies_the_maybeboard(client, bob, make_card, make_deck):
    wisp = make_card(visibility="public")
    deck = make_deck(entries=[(wisp, 3)], maybe=[(wisp, 2)], visibility="public")
    client.force_login(bob)
    response = client.post(reverse("deck-fork", args=[deck.pk]))
    copy = Deck.objects.get(owner=bob)
    assert response.url == copy.get_absolute_url()
    assert boards(copy) == {("main", "Ember Wisp"): 3, ("maybe", "Ember Wisp"): 2}


# -- the API ------------------------------------------------------------------------------------


def test_the_api_takes_entries_with_a_board(api, alice, make_card):
    wisp = make_card()
    api.force_authenticate(alice)
    body = {
        "name": "Boards",
        "entries": [
            {"card": wisp.pk, "count": 3},
            {"card": wisp.pk, "count": 2, "board": "maybe"},
        ],
    }
    response = api.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["size"] == 3
    assert [(e["board"], e["count"]) for e in data["entries"]] == [("main", 3), ("maybe", 2)]
    patched = api.patch(
        f"{URL}{data['id']}/", {"entries": [{"card": wisp.pk, "count": 1}]}, format="json"
    )
    assert [(e["board"], e["count"]) for e in patched.json()["entries"]] == [("main", 1)]


@pytest.mark.parametrize(
    ("entries", "problem"),
    [
        ([{"card": 0, "count": 1, "board": "side"}], "board"),
        ([{"card": 0, "count": 1, "board": None}], "board"),
        ([{"card": 0, "count": 1, "board": ["maybe"]}], "board"),
        (
            [{"card": 0, "count": 1, "board": "maybe"}, {"card": 0, "count": 2, "board": "maybe"}],
            "listed twice on the maybeboard",
        ),
    ],
)
def test_a_bad_board_is_a_400(api, alice, make_card, entries, problem):
    wisp = make_card()
    api.force_authenticate(alice)
    for entry in entries:
        entry["card"] = wisp.pk
    response = api.post(URL, {"name": "Bad", "entries": entries}, format="json")
    assert response.status_code == 400
    assert problem in json.dumps(response.json())
    assert not Deck.objects.exists()
