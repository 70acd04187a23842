"""/api/v1/me/ and the account page's data: what an account holds, all of it as one file, and
deleting it (what goes, what stays, and that she is told before she confirms)."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import ApiToken, LoginSession
from accounts.services import FORMER_DESIGNER
from cards import services as card_services
from cards.models import Card, CardRevision, CollectionEntry
from decks import services as deck_services
from decks.models import Deck
from simulations import services as simulation_services
from simulations.models import SimulationRun
from tests.cards.conftest import png_bytes

pytestmark = pytest.mark.django_db

WISP = {
    "name": "Ember Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 1,
    "sp": 1,
    "hp": 2,
    "ability_text": "",
    "flavor_text": "",
}
GOLDFISH = {"games": 1000, "seed": 2, "max_turns": 10, "going": "first", "bury": "default"}


def card(owner, name, visibility="private", picture=None):
    image = None
    if picture:
        image = SimpleUploadedFile("art.png", png_bytes(color=picture), content_type="image/png")
    return card_services.card_create(
        owner=owner, definition={**WISP, "name": name}, visibility=visibility, image=image
    )


@pytest.fixture
def alices_world(alice, bob, inline_workers):
    """Alice's cards: one private, one public that bob has in his deck, one public nobody
    uses, one unlisted in bob's collection; her deck and a goldfish run of it; bob's copy of
    her card."""
    private = card(alice, "Secret Wisp", picture="red")
    in_bobs_deck = card(alice, "Shared Wisp", "public", picture="blue")
    card_services.card_update(card=in_bobs_deck, user=alice, visibility="private")
    card_services.card_update(
        card=in_bobs_deck, user=alice, definition={"flavor_text": "written in private"}
    )
    card_services.card_update(card=in_bobs_deck, user=alice, definition={"flavor_text": "final"})
    in_bobs_deck = card_services.card_update(card=in_bobs_deck, user=alice, visibility="public")
    unused = card(alice, "Lonely Wisp", "public")
    collected = card(alice, "Pocket Wisp", "unlisted")
    card_services.collection_add(user=bob, card=collected, copies=2)
    deck_services.deck_create(owner=bob, name="Bob's", entries=[(in_bobs_deck, 40)])
    copy = card_services.card_fork(card=unused, user=bob)
    deck = deck_services.deck_create(
        owner=alice, name="Alice's", entries=[(private, 20), (in_bobs_deck, 20)]
    )
    run, _ = simulation_services.simulation_start(
        definition=deck_services.deck_definition(deck),
        options=simulation_services.options_for_edition(GOLDFISH, edition=14),
        deck_id=deck.pk,
        user=alice,
    )
    return {
        "private": private,
        "in_bobs_deck": in_bobs_deck,
        "unused": unused,
        "collected": collected,
        "copy": copy,
        "deck": deck,
        "run": run,
    }


def test_alice_reads_her_account(api, alice, alices_world):
    api.force_authenticate(alice)
    body = api.get("/api/v1/me/").json()
    assert body["username"] == "alice" and body["email"] == "alice@example.com"
    assert (body["cards"], body["decks"], body["runs"]) == (4, 1, 1)
    assert body["cards_kept_on_deletion"] == 2  # in bob's deck, in bob's collection
    assert body["export"] == "http://testserver/api/v1/me/export/"
    api.force_authenticate(None)
    assert api.get("/api/v1/me/").status_code == 401


def test_the_export_holds_everything_of_hers_and_nothing_of_others(api, alice, bob, alices_world):
    api.force_authenticate(alice)
    answer = api.get("/api/v1/me/export/")
    assert answer.status_code == 200
    assert answer["Content-Disposition"].startswith('attachment; filename="kotc-alice-')
    assert "no-store" in answer["Cache-Control"]
    export = json.loads(answer.content)
    assert export["account"]["username"] == "alice"
    names = {c["name"] for c in export["cards"]}
    assert names == {"Secret Wisp", "Shared Wisp", "Lonely Wisp", "Pocket Wisp"}
    shared = next(c for c in export["cards"] if c["name"] == "Shared Wisp")
    # Every revision, the private ones too: they are hers.
    assert [r["number"] for r in shared["revisions"]] == [1, 2, 3]
    assert any(r["flavor_text"] == "written in private" for r in shared["revisions"])
    picture = shared["picture"]
    assert picture.startswith("http://testserver/media/cards/")
    assert shared["revisions"][0]["picture"] == picture
    client = Client()
    client.force_login(alice)
    assert client.get(picture.removeprefix("http://testserver")).status_code == 200

    (deck,) = export["decks"]
    assert deck["name"] == "Alice's" and sum(e["count"] for e in deck["cards"]) == 40
    assert {e["card"]["name"] for e in deck["cards"]} == {"Secret Wisp", "Shared Wisp"}
    (run,) = export["goldfish_runs"]
    assert run["status"] == "succeeded" and run["result"]["games"] == 1000
    assert {c["name"] for c in export["collection"]} == names
    assert "Bob's" not in answer.content.decode()
    # The export imports back: her deck JSON is a deck.
    api.force_authenticate(bob)
    imported = api.post("/api/v1/decks/import/", deck, format="json")
    assert imported.status_code == 201, imported.content


def test_the_export_button_is_on_the_account_page(client, alice):
    client.force_login(alice)
    page = client.get("/accounts/").content.decode()
    assert 'href="/api/v1/me/export/"' in page
    assert 'href="/accounts/delete/"' in page
    # The session is enough to download it (a GET: no CSRF token needed).
    assert client.get("/api/v1/me/export/").status_code == 200


def test_the_confirmation_page_says_which_cards_stay(client, alice, alices_world):
    client.force_login(alice)
    page = client.get("/accounts/delete/").content.decode()
    assert "2 of your cards are unlisted or public" in page
    assert "a former designer" in page
    assert 'name="password"' in page


def test_a_wrong_password_deletes_nothing(api, client, alice, alices_world):
    api.force_authenticate(alice)
    answer = api.delete("/api/v1/me/", {"password": "not-hers"}, format="json")
    assert answer.status_code == 400
    assert "password" in answer.json()
    assert api.delete("/api/v1/me/", {}, format="json").status_code == 400
    client.force_login(alice)
    page = client.post("/accounts/delete/", {"password": "guess"})
    assert page.status_code == 400
    assert "nothing was deleted" in page.content.decode()
    assert get_user_model().objects.filter(username="alice").exists()
    assert Card.objects.filter(owner=alice).count() == 4


def test_deleting_her_account_keeps_only_the_cards_others_use(
    api, alice, bob, alices_world, django_capture_on_commit_callbacks
):
    world = alices_world
    _token, secret = ApiToken.objects.create(user=alice)
    secret_picture = world["private"].image.name
    assert CardRevision.objects.filter(card=world["in_bobs_deck"], shared=False).exists()
    api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.delete("/api/v1/me/", {"password": "correct-horse-battery"}, format="json")
    assert answer.status_code == 204

    assert not get_user_model().objects.filter(username="alice").exists()
    assert api.get("/api/v1/me/").status_code == 401  # her tokens are gone
    assert not ApiToken.objects.filter(user_id=alice.pk).exists()
    assert not LoginSession.objects.filter(user_id=alice.pk).exists()
    assert not Deck.objects.filter(pk=world["deck"].pk).exists()
    assert not SimulationRun.objects.filter(pk=world["run"].pk).exists()
    assert not Card.objects.filter(pk__in=[world["private"].pk, world["unused"].pk]).exists()
    assert not default_storage.exists(secret_picture)

    kept = Card.objects.filter(pk__in=[world["in_bobs_deck"].pk, world["collected"].pk])
    assert kept.count() == 2
    assert {c.owner.username for c in kept} == {FORMER_DESIGNER}
    shared = kept.get(pk=world["in_bobs_deck"].pk)
    # What she wrote while it was private leaves with her.
    assert not CardRevision.objects.filter(card=shared, shared=False).exists()
    assert all(r.author_id is None for r in CardRevision.objects.filter(card=shared))
    assert default_storage.exists(shared.image.name)

    # Bob's deck and collection are whole; the copy he made is his, without her name.
    bobs_deck = Deck.objects.get(owner=bob)
    assert sum(e.count for e in bobs_deck.entries.all()) == 40
    assert CollectionEntry.objects.filter(owner=bob, card=world["collected"]).exists()
    copy = Card.objects.get(pk=world["copy"].pk)
    assert copy.forked_from_owner == FORMER_DESIGNER
    assert "alice" not in CardRevision.objects.get(card=copy, number=1).note
    # Bob's views credit the former designer.
    api.credentials()
    api.force_authenticate(bob)
    assert api.get(f"/api/v1/cards/{shared.pk}/").json()["owner"] == FORMER_DESIGNER


def test_deleting_from_the_page_logs_her_out(client, alice, alices_world):
    client.force_login(alice)
    answer = client.post("/accounts/delete/", {"password": "correct-horse-battery"})
    assert answer.status_code == 302
    assert answer["Location"] == "/"
    message = client.get("/").content.decode()
    assert "Your account is deleted" in message and "a former designer" in message
    assert client.get("/cards/mine/").status_code == 302  # logged out
    assert not get_user_model().objects.filter(username="alice").exists()


def test_no_one_can_log_in_as_the_former_designer_or_take_the_name(client, alice, alices_world):
    client.force_login(alice)
    client.post("/accounts/delete/", {"password": "correct-horse-battery"})
    holder = get_user_model().objects.get(username=FORMER_DESIGNER)
    assert not holder.is_active and not holder.has_usable_password()
    signup = client.post(
        "/accounts/signup/",
        {"username": FORMER_DESIGNER, "password1": "x-secret-99!", "password2": "x-secret-99!"},
    )
    assert signup.status_code == 400
