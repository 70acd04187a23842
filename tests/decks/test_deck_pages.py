"""The other deck pages: lists, new, details, delete, copy, export, import and print."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cards import rules
from cards import services as card_services
from cards.models import Card
from decks import importing, services
from decks.models import Deck
from tests.decks.printed_pdf import read_pdf

from .conftest import MINION

pytestmark = pytest.mark.django_db


def test_the_nav_links_to_the_deck_pages(client, alice):
    client.force_login(alice)
    html = client.get("/").content.decode()
    assert 'href="/decks/"' in html and 'href="/decks/mine/"' in html


def test_the_gallery_lists_public_decks_searchable_by_name(client, alice, bob, make_deck):
    make_deck(name="Fire Public", visibility="public")
    make_deck(name="Fire Unlisted", visibility="unlisted")
    make_deck(name="Fire Private")
    make_deck(owner=bob, name="Water Public", visibility="public")
    html = client.get(reverse("deck-gallery")).content.decode()
    assert "Fire Public" in html and "Water Public" in html
    assert "Unlisted" not in html and "Fire Private" not in html
    html = client.get(reverse("deck-gallery"), {"q": "fire"}).content.decode()
    assert "Fire Public" in html and "Water Public" not in html
    html = client.get(reverse("deck-gallery"), {"q": "bob"}).content.decode()
    assert "Water Public" in html and "Fire Public" not in html


def test_my_decks_lists_every_deck_of_mine(client, alice, bob, make_deck):
    make_deck(name="Mine Private")
    make_deck(name="Mine Public", visibility="public")
    make_deck(owner=bob, name="Bob's")
    assert client.get(reverse("my-decks")).status_code == 302
    client.force_login(alice)
    html = client.get(reverse("my-decks")).content.decode()
    assert "Mine Private" in html and "Mine Public" in html and "Bob&#x27;s" not in html


def test_a_new_deck_is_created_and_opens_in_the_builder(client, alice):
    client.force_login(alice)
    page = client.get(reverse("deck-new"))
    assert page.status_code == 200 and 'name="csrfmiddlewaretoken"' in page.content.decode()
    response = client.post(
        reverse("deck-new"),
        {"name": "Embers", "description": "", "edition": "14", "visibility": "private"},
    )
    deck = Deck.objects.get()
    assert response.status_code == 302 and response["Location"] == deck.get_absolute_url()
    assert deck.owner == alice


def test_a_bad_new_deck_shows_form_errors(client, alice):
    client.force_login(alice)
    response = client.post(reverse("deck-new"), {"name": "", "edition": "99", "visibility": "x"})
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count('class="field-error"') == 3
    assert not Deck.objects.exists()


def test_editing_details(client, alice, bob, make_deck):
    deck = make_deck(visibility="public")
    url = reverse("deck-edit", args=[deck.pk])
    data = {"name": "Cinders", "description": "Slow.", "edition": "11", "visibility": "unlisted"}
    client.force_login(bob)
    assert client.post(url, data).status_code == 403
    client.force_login(alice)
    response = client.post(url, data, follow=True)
    assert "saved" in response.content.decode()
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.edition, deck.visibility) == (
        "Cinders",
        "Slow.",
        11,
        "unlisted",
    )
    response = client.post(url, {**data, "name": ""}, follow=True)
    assert "required" in response.content.decode()
    deck.refresh_from_db()
    assert deck.name == "Cinders"


def test_deleting_asks_first(client, alice, make_deck):
    deck = make_deck()
    client.force_login(alice)
    url = reverse("deck-delete", args=[deck.pk])
    assert "Delete the deck" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    assert not Deck.objects.exists()


def test_copying_a_public_deck(client, bob, make_deck, make_card):
    deck = make_deck(visibility="public", entries=[(make_card(visibility="public"), 3)])
    client.force_login(bob)
    response = client.post(reverse("deck-fork", args=[deck.pk]))
    copy = Deck.objects.get(owner=bob)
    assert response["Location"] == copy.get_absolute_url()
    assert copy.entries.get().count == 3
    html = client.get(copy.get_absolute_url()).content.decode()
    assert "copied from" in html and deck.get_absolute_url() in html


def test_copying_says_when_private_cards_were_left_out(client, bob, make_deck, make_card):
    deck = make_deck(
        visibility="public",
        entries=[(make_card(visibility="public"), 3), (make_card(name="Mine"), 2)],
    )
    client.force_login(bob)
    response = client.post(reverse("deck-fork", args=[deck.pk]), follow=True)
    assert (
        "2 copies of cards their designers made private were left out" in response.content.decode()
    )


def test_export_downloads_the_deck_json_and_a_text_list(client, alice, make_deck, make_card):
    card = make_card()
    deck = make_deck(name="Embers & Ash", entries=[(card, 3)])
    client.force_login(alice)
    response = client.get(reverse("deck-export", args=[deck.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="embers-ash.json"'
    assert json.loads(response.content)["cards"] == [
        {"count": 3, "card": {"id": card.pk, **MINION, "designer": "alice"}}
    ]
    listed = client.get(reverse("deck-export-text", args=[deck.pk])).content.decode()
    assert listed == f"# Embers & Ash ({rules.current_edition().name})\n3 Ember Wisp\n"
    client.logout()
    assert client.get(reverse("deck-export", args=[deck.pk])).status_code == 404


def test_a_text_export_imports_back(client, alice, make_deck, make_card):
    deck = make_deck(entries=[(make_card(), 3), (make_card(name="Other"), 1)])
    client.force_login(alice)
    text = client.get(reverse("deck-export-text", args=[deck.pk])).content.decode()
    copy = importing.deck_import_list(owner=alice, text=text, name="Again")
    assert services.deck_definition(copy)["cards"] == services.deck_definition(deck)["cards"]


def test_a_text_export_of_public_and_unlisted_cards_imports_back(
    client, alice, bob, make_deck, make_card
):
    drake = make_card(visibility="public", name="Storm Drake")
    make_card(owner=bob, visibility="public", name="Storm Drake", level=2)  # the same name
    link = make_card(visibility="unlisted", name="Link Wisp")  # found by its number only
    wisp = make_card(visibility="public", name="Lone Wisp")
    deck = make_deck(entries=[(drake, 2), (link, 1), (wisp, 3)], visibility="public")
    client.force_login(bob)
    text = client.get(reverse("deck-export-text", args=[deck.pk])).content.decode()
    assert f"2 Storm Drake #{drake.pk}\n" in text and f"1 Link Wisp #{link.pk}\n" in text
    assert "3 Lone Wisp\n" in text
    copy = importing.deck_import_list(owner=bob, text=text, name="Again")
    assert {(e.card_id, e.count) for e in copy.entries.all()} == {
        (drake.pk, 2),
        (link.pk, 1),
        (wisp.pk, 3),
    }


# -- the import page ------------------------------------------------------------------------------


def test_importing_a_deck_json_file(client, alice, bob, legal_deck):
    client.force_login(alice)
    exported = client.get(reverse("deck-export", args=[legal_deck.pk]))
    client.force_login(bob)
    upload = SimpleUploadedFile("embers.json", exported.content, content_type="application/json")
    response = client.post(
        reverse("deck-import"),
        {"file": upload, "edition": "14", "visibility": "private"},
        follow=True,
    )
    deck = Deck.objects.get(owner=bob)
    assert response.redirect_chain[-1][0] == deck.get_absolute_url()
    assert "10 cards you lacked were added to your cards." in response.content.decode()


def test_importing_pasted_json_with_a_new_name(client, bob):
    client.force_login(bob)
    body = json.dumps({"edition": 11, "name": "Old", "cards": [{"count": 2, "card": MINION}]})
    client.post(
        reverse("deck-import"),
        {"text": body, "name": "New", "edition": "14", "visibility": "public"},
    )
    deck = Deck.objects.get()
    assert (deck.name, deck.edition, deck.visibility) == ("New", 11, "public")


def test_bad_json_is_explained(client, bob):
    client.force_login(bob)
    for text, message in [
        ('{"edition": 14,', "looks like JSON but cannot be read"),
        ('{"edition": 99, "cards": []}', "edition: Unknown edition 99"),
        ("[1, 2]", "must be an object"),
        (
            json.dumps(
                {
                    "edition": 14,
                    "cards": [
                        {
                            "count": 1,
                            "card": {
                                "kind": "minion",
                                "level": 1.5,
                                "sp": 1,
                                "hp": 1,
                                "name": "Odd",
                            },
                        }
                    ],
                }
            ),
            "Card 1 (“Odd”), level",
        ),
    ]:
        response = client.post(
            reverse("deck-import"), {"text": text, "edition": "14", "visibility": "private"}
        )
        assert response.status_code == 400
        assert message in response.content.decode(), text
    assert not Deck.objects.exists() and not Card.objects.exists()


def test_a_list_with_bad_lines_shows_each_line_and_saves_nothing(client, bob, make_card):
    make_card(owner=bob, name="Fire Drake")
    client.force_login(bob)
    text = "4 Fire Drake\n\nFire Drake\n2 Foo\n0 Fire Drake\n"
    response = client.post(
        reverse("deck-import"),
        {"text": text, "name": "Drakes", "edition": "14", "visibility": "private"},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "3 problems in the list; nothing was saved." in html
    lines = re.findall(r'<li data-line="(\d+)">(.*?)</li>', html)
    assert [line for line, _ in lines] == ["3", "4", "5"]
    assert (
        "Line 4: no card named &#x27;Foo&#x27; among your cards, your collection or the public"
        " cards." in html
    )
    assert "4 Fire Drake" in html  # the text is kept for fixing
    assert not Deck.objects.exists()


def test_a_clean_list_is_imported(client, bob, make_card):
    make_card(owner=bob, name="Fire Drake")
    client.force_login(bob)
    response = client.post(
        reverse("deck-import"),
        {"text": "4 fire drake", "name": "Drakes", "edition": "11", "visibility": "private"},
    )
    deck = Deck.objects.get()
    assert response["Location"] == deck.get_absolute_url() and deck.edition == 11


def test_a_list_needs_a_name_and_the_form_something_to_import(client, bob):
    client.force_login(bob)
    response = client.post(
        reverse("deck-import"), {"text": "4 Drake", "edition": "14", "visibility": "private"}
    )
    assert "A list needs a name" in response.content.decode()
    response = client.post(
        reverse("deck-import"), {"text": "  ", "edition": "14", "visibility": "private"}
    )
    assert "Paste a deck or choose a file." in response.content.decode()
    upload = SimpleUploadedFile("x.txt", b"\xff\xfe\x00bad", content_type="text/plain")
    response = client.post(
        reverse("deck-import"), {"file": upload, "edition": "14", "visibility": "private"}
    )
    assert "not UTF-8" in response.content.decode()


def test_importing_needs_an_account(client):
    assert client.get(reverse("deck-import")).status_code == 302


# -- the print page -------------------------------------------------------------------------------


def test_the_print_page_lists_the_copies_missing_from_the_collection(client, alice, legal_deck):
    entry = legal_deck.entries.select_related("card").first()
    for other in legal_deck.entries.exclude(pk=entry.pk).select_related("card"):
        card_services.collection_add(user=alice, card=other.card, copies=4)
    card_services.collection_add(user=alice, card=entry.card, copies=1)
    client.force_login(alice)
    html = client.get(reverse("deck-print", args=[legal_deck.pk])).content.decode()
    assert "You need <strong>3</strong> more copies" in html
    rows = re.findall(
        r"<tr><td><a[^>]*>([^<]+)</a></td><td>(\d+)</td><td>(\d+)</td><td><strong>(\d+)</strong>",
        html,
    )
    assert rows == [(entry.card.name, "4", "1", "3")]
    assert "missing=on" in html


def test_the_print_form_downloads_a_pdf(client, alice, legal_deck):
    client.force_login(alice)
    response = client.get(
        reverse("deck-print-pdf", args=[legal_deck.pk]), {"paper": "letter", "backs": "sheet"}
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="embers-letter.pdf"'
    pages = read_pdf(response.content)
    assert [(page.width, page.height) for page in pages] == [(612, 792)] * 6


def test_bad_print_options_show_the_form_again(client, alice, legal_deck, make_deck):
    client.force_login(alice)
    response = client.get(reverse("deck-print-pdf", args=[legal_deck.pk]), {"paper": "a3"})
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()
    response = client.get(
        reverse("deck-print-pdf", args=[make_deck(name="Empty").pk]), {"paper": "a4"}
    )
    assert (
        response.status_code == 400 and "There are no cards to print." in response.content.decode()
    )


def test_the_print_page_shows_how_far_the_print_is_then_links_the_pdf(
    client, alice, make_card, make_deck, monkeypatch
):
    from decks import print_renders

    monkeypatch.setattr(print_renders, "RENDERS_PER_REQUEST", 1)
    deck = make_deck(entries=[(make_card(name=f"Wisp {n}"), 2) for n in range(3)])
    client.force_login(alice)
    options = {"paper": "a4", "backs": "none"}
    page = client.get(reverse("deck-print-pdf", args=[deck.pk]), options)
    html = page.content.decode()
    assert page.status_code == 202 and "Drawing the cards: 1 of 3 ready" in html
    progress = reverse("deck-print-progress", args=[deck.pk])
    assert f'hx-get="{progress}?paper=a4&amp;backs=none"' in html
    part = client.get(progress, options).content.decode()
    assert "2 of 3 ready" in part and "hx-trigger" in part
    part = client.get(progress, options).content.decode()
    assert "hx-trigger" not in part and "Download the PDF" in part
    pdf = client.get(reverse("deck-print-pdf", args=[deck.pk]), options)
    assert pdf["Content-Type"] == "application/pdf"


def test_visitors_may_print_a_public_deck_but_not_see_a_private_one(client, make_deck, make_card):
    public = make_deck(visibility="public", entries=[(make_card(visibility="public"), 2)])
    private = make_deck(name="Hidden", entries=[(make_card(), 2)])
    assert client.get(reverse("deck-print", args=[public.pk])).status_code == 200
    assert (
        client.get(reverse("deck-print-pdf", args=[public.pk]), {"paper": "a4"}).status_code == 200
    )
    assert client.get(reverse("deck-print", args=[private.pk])).status_code == 404
    assert client.get(reverse("deck-print-pdf", args=[private.pk])).status_code == 404
