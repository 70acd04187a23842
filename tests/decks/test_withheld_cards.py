"""A deck that others may see, holding cards they may not: every view shows a withheld card in
its place (its count, nothing its designer wrote), and its owner is told."""

import json

import pytest
from django.urls import reverse

from cards import services as card_services
from decks import services
from decks.models import Deck

from .conftest import MINION, SPELL

pytestmark = pytest.mark.django_db

SECRET = {  # draw 2: 2x = 4
    **SPELL,
    "name": "Secret Gambit",
    "level": 4,
    "ability_text": "Draw 2 cards.",
    "flavor_text": "Hush",
}


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", "carol@example.com", "carol-pass-1234")


@pytest.fixture
def public_deck(alice, make_card, make_deck) -> Deck:
    """Alice's public deck: 36 copies of her public Ember Wisp, 4 of her private Secret Gambit."""
    wisp = make_card(visibility="public")
    secret = make_card(**SECRET)
    return make_deck(entries=[(wisp, 36), (secret, 4)], visibility="public")


def leaks(body: str) -> bool:
    return any(word in body for word in ("Secret Gambit", "Draw 2 cards", "Hush"))


@pytest.mark.parametrize("viewer", ["anonymous", "bob"])
def test_strangers_see_a_withheld_card_in_every_view(client, bob, public_deck, viewer):
    if viewer == "bob":
        client.force_login(bob)
    pk = public_deck.pk
    pages = {
        "deck-detail": "",
        "deck-panel": "",
        "deck-export": "",
        "deck-export-text": "",
        "deck-print": "",
        "deck-sample-hand": "?seed=7",
    }
    for name, query in pages.items():
        response = client.get(reverse(name, args=[pk]) + query, HTTP_HX_REQUEST="true")
        body = response.content.decode()
        assert response.status_code == 200, name
        assert not leaks(body), name
    page = client.get(reverse("deck-detail", args=[pk])).content.decode()
    assert "Withheld card" in page
    assert "4 cards in this deck are withheld" in page
    exported = json.loads(client.get(reverse("deck-export", args=[pk])).content)
    assert {"count": 4, "withheld": True} in exported["cards"]
    text = client.get(reverse("deck-export-text", args=[pk])).content.decode()
    assert text.endswith("36 Ember Wisp\n# and 4 withheld cards, not listed\n")


def test_the_api_gives_only_the_count_of_a_withheld_card(api, bob, public_deck):
    api.force_authenticate(bob)
    data = api.get(f"/api/v1/decks/{public_deck.pk}/").json()
    assert (data["size"], data["withheld"], data["legal"]) == (40, 4, False)
    withheld = [entry for entry in data["entries"] if entry["withheld"]]
    assert withheld == [
        {
            "card": None,
            "count": 4,
            "name": None,
            "kind": None,
            "level": None,
            "withheld": True,
            "withdrawn": False,
            "board": "main",
        }
    ]
    validation = api.get(f"/api/v1/decks/{public_deck.pk}/validation/").json()
    assert (validation["size"], validation["withheld"], validation["legal"]) == (40, 4, False)
    assert [p["code"] for p in validation["problems"]] == ["withheld_cards"]
    assert len(validation["cards"]) == 1
    exported = api.get(f"/api/v1/decks/{public_deck.pk}/export/").json()
    assert not leaks(json.dumps(exported))
    # The export still checks as the deck did: the withheld copies are counted.
    check = api.post("/api/v1/check/deck/", exported, format="json").json()
    assert (check["size"], check["withheld"], check["legal"]) == (40, 4, False)


def test_the_owner_sees_everything_and_is_told_what_others_miss(client, api, alice, public_deck):
    api.force_authenticate(alice)
    data = api.get(f"/api/v1/decks/{public_deck.pk}/").json()
    assert (data["withheld"], data["legal"]) == (0, True)
    assert api.get(f"/api/v1/decks/{public_deck.pk}/validation/").json()["legal"] is True
    client.force_login(alice)
    page = client.get(reverse("deck-detail", args=[public_deck.pk])).content.decode()
    assert "Secret Gambit" in page
    assert "1 private card of yours is withheld from others" in page
    client.post(reverse("deck-share-cards", args=[public_deck.pk]))
    secret = public_deck.entries.get(card__name="Secret Gambit").card
    assert secret.visibility == "unlisted"
    client.logout()
    assert (
        "Secret Gambit"
        in client.get(reverse("deck-detail", args=[pk(public_deck)])).content.decode()
    )


def pk(deck: Deck) -> int:
    return deck.pk


def test_a_card_made_private_later_is_withdrawn_from_other_decks(client, alice, bob, make_card):
    borrowed = make_card(owner=bob, visibility="public", name="Loaner")
    deck = services.deck_create(
        owner=alice, name="Mine", visibility="public", entries=[(borrowed, 3)]
    )
    card_services.card_update(
        card=borrowed,
        user=bob,
        visibility="private",
        definition={"name": "Loaner Reborn", "flavor_text": "New secret"},
    )
    client.force_login(alice)
    page = client.get(reverse("deck-detail", args=[deck.pk])).content.decode()
    assert "Withdrawn by its designer" in page
    assert "Loaner" not in page and "New secret" not in page
    # The deck's owner can take the withdrawn card out, and is not told its new name.
    response = client.post(
        reverse("deck-entries", args=[deck.pk]),
        {"card": borrowed.pk, "action": "set", "count": 0},
        HTTP_HX_REQUEST="true",
    )
    assert "Withheld card is out of the deck" in response.content.decode()
    assert not deck.entries.exists()


def test_withheld_cards_print_face_down(client, bob, public_deck):
    from decks import printing

    client.force_login(bob)
    pdf = client.get(reverse("deck-print-pdf", args=[public_deck.pk]), {"paper": "a4"}).content
    assert printing.card_back_jpeg() in pdf
    page = client.get(reverse("deck-print", args=[public_deck.pk])).content.decode()
    assert "4 withheld cards" in page and "print face down" in page


def test_importing_an_export_with_withheld_cards_leaves_them_out_and_says_so(
    client, bob, public_deck
):
    client.force_login(bob)
    exported = client.get(reverse("deck-export", args=[public_deck.pk])).content.decode()
    response = client.post(
        reverse("deck-import"),
        {"text": exported, "name": "", "edition": 14, "visibility": "private"},
        follow=True,
    )
    assert "4 withheld cards were left out" in response.content.decode()
    deck = Deck.objects.get(owner=bob)
    assert sum(entry.count for entry in deck.entries.all()) == 36


def test_a_stranger_cannot_goldfish_a_deck_with_withheld_cards(api, bob, public_deck):
    api.force_authenticate(bob)
    response = api.post(f"/api/v1/decks/{public_deck.pk}/simulations/", {"games": 1000})
    assert response.status_code == 400
    assert "4 withheld cards" in response.json()["deck"][0]


def test_runs_belong_to_whoever_started_them(api, alice, bob, make_card, make_deck, inline_workers):
    wisp = make_card(visibility="public", **MINION)
    deck = make_deck(entries=[(wisp, 40)], visibility="public")
    body = {"games": 1000, "seed": 5}
    api.force_authenticate(alice)
    hers = api.post(f"/api/v1/decks/{deck.pk}/simulations/", body, format="json").json()
    api.force_authenticate(bob)
    his = api.post(f"/api/v1/decks/{deck.pk}/simulations/", body, format="json").json()
    assert his["id"] != hers["id"]
    # The same numbers, reused rather than played again.
    assert api.get(his["url"]).json()["result"] == api.get(hers["url"]).json()["result"]
    again = api.post(f"/api/v1/decks/{deck.pk}/simulations/", body, format="json").json()
    assert again["id"] == his["id"]


def test_the_deck_page_lists_only_your_own_runs(
    client, alice, bob, make_card, make_deck, inline_workers
):
    wisp = make_card(visibility="public", **MINION)
    deck = make_deck(entries=[(wisp, 40)], visibility="public")
    client.force_login(alice)
    client.post(
        reverse("deck-goldfish", args=[deck.pk]),
        {"games": 1000, "max_turns": 20, "going": "first", "bury": "default"},
    )
    run = deck.simulations.get()
    assert str(run.id) in client.get(reverse("deck-detail", args=[deck.pk])).content.decode()
    client.force_login(bob)
    assert str(run.id) not in client.get(reverse("deck-detail", args=[deck.pk])).content.decode()


def test_a_run_names_a_card_only_while_the_viewer_may_see_it(
    api, alice, bob, make_card, make_deck, inline_workers
):
    wisp = make_card(visibility="public", **MINION)
    secret = make_card(visibility="public", **SECRET)
    deck = make_deck(entries=[(wisp, 36), (secret, 4)], visibility="public")
    api.force_authenticate(alice)
    url = api.post(f"/api/v1/decks/{deck.pk}/simulations/", {"games": 1000}, format="json").json()[
        "url"
    ]
    card_services.card_update(card=secret, user=alice, visibility="private")
    api.force_authenticate(bob)
    result = api.get(url).json()["result"]
    assert "Secret Gambit" not in json.dumps(result)
    assert "Withheld card" in result["p_seen_by_turn"]
    api.force_authenticate(alice)
    assert "Secret Gambit" in api.get(url).json()["result"]["p_seen_by_turn"]


def test_the_deck_gallery_says_withheld_rather_than_not_legal(client, bob, public_deck):
    client.force_login(bob)
    page = client.get(reverse("deck-gallery")).content.decode()
    assert "? 4 withheld" in page
    assert not leaks(page)


def test_the_collection_says_when_a_saved_card_was_withdrawn(client, alice, bob, make_card):
    card = make_card(visibility="public", name="Loaner")
    card_services.collection_add(user=bob, card=card, copies=2)
    card_services.card_update(card=card, user=alice, visibility="private")
    client.force_login(bob)
    page = client.get(reverse("collection")).content.decode()
    assert "1 card you saved was withdrawn by its designer" in page
    assert "Loaner" not in page
