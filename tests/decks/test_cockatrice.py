"""The Cockatrice list: the lines Cockatrice's plain-text import reads (its deck name on the first
'//' line, 'SB:' for the sideboard, which holds the maybeboard), and the site's own import reads
it back to the same deck."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from decks import importing
from decks.decklist import parse_decklist, write_decklist
from decks.models import Board
from decks.tabletop_cockatrice import cockatrice_list_text

pytestmark = pytest.mark.django_db

# Cockatrice's reading of a line, as its plain-text import does it: '//' lines are the name and
# comments, 'SB:' or a 'Sideboard' heading the sideboard, '[...]' and '(...)' left out of the
# name, and a line whose first word is no count skipped.
_COUNT = re.compile(r"^(\d+)x?$")


def cockatrice_reads(text: str) -> tuple[str, list[tuple[str, int, str]]]:
    name, rows, side = "", [], False
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if line.startswith("//"):
            name = name or line[2:].strip()
            continue
        if line.lower().startswith("sideboard"):
            side = True
            continue
        zone = "side" if side else "main"
        if line.upper().startswith("SB:"):
            line, zone = line[3:].strip(), "side"
        line = " ".join(re.sub(r"\(.*\)|\[.*\]", "", line).split())
        count, _, card = line.partition(" ")
        found = _COUNT.match(count)
        if found:
            rows.append((zone, int(found[1]), card))
    return name, rows


def entries(deck) -> set[tuple[str, int, int]]:
    return {(entry.board, entry.card_id, entry.count) for entry in deck.entries.all()}


def test_cockatrice_reads_the_deck_and_the_maybeboard_as_its_sideboard(
    alice, make_card, make_deck
) -> None:
    wisp = make_card(visibility="public")
    twin = make_card(visibility="public")  # the same name: written with its number
    spark = make_card(visibility="public", name="Spark Bolt")
    deck = make_deck(entries=[(wisp, 3), (spark, 2)], maybe=[(twin, 1)], name="Embers")
    text = cockatrice_list_text(deck=deck, user=alice)
    name, rows = cockatrice_reads(text)
    assert name.startswith("Embers")
    assert ("main", 3, "Ember Wisp") in rows and ("main", 2, "Spark Bolt") in rows
    assert rows.count(("side", 1, "Ember Wisp")) == 1
    assert f"SB: 1 Ember Wisp [#{twin.pk}]" in text
    assert "Maybeboard" not in text and "\n#" not in text


def test_the_cockatrice_list_imports_back_to_the_same_deck(alice, make_card, make_deck) -> None:
    wisp = make_card(visibility="public")
    twin = make_card(visibility="private")
    spark = make_card(visibility="public", name="Spark Bolt (Foil)")
    deck = make_deck(entries=[(wisp, 3), (twin, 1), (spark, 2)], maybe=[(wisp, 2)])
    text = cockatrice_list_text(deck=deck, user=alice)
    copy = importing.deck_import_list(owner=alice, text=text, name="Back", edition=deck.edition)
    assert entries(copy) == entries(deck)
    assert {e.board for e in copy.entries.all()} == {Board.MAIN, Board.MAYBE}


def test_the_site_reads_cockatrices_sideboard_heading_and_marks() -> None:
    lines, errors = parse_decklist(
        "// Embers\n4x Ember Wisp\nSB: 2 Spark\n\nSideboard\n1 Old Wisp [#12]\n"
    )
    assert not errors
    assert [(line.board, line.count, line.name, line.card_number) for line in lines] == [
        ("main", 4, "Ember Wisp", None),
        ("maybe", 2, "Spark", None),
        ("maybe", 1, "Old Wisp", 12),
    ]


def test_withheld_copies_are_a_comment_cockatrice_skips() -> None:
    class Card:
        def __init__(self, pk: int, name: str) -> None:
            self.pk, self.name = pk, name

    text = write_decklist([(2, Card(1, "Wisp"))], title="T", withheld=3, cockatrice=True)
    assert text == "// T\n2 Wisp\n// and 3 withheld cards, not listed\n"
    assert cockatrice_reads(text)[1] == [("main", 2, "Wisp")]


def test_the_page_link_and_the_api_give_the_list_and_keep_private_decks(
    api, alice, bob, make_card, make_deck
) -> None:
    secret = make_card(visibility="private", name="Hidden Ember", ability_text="Draw 2 cards.")
    shown = make_card(visibility="public", name="Open Flame")
    public = make_deck(entries=[(shown, 2), (secret, 1)], visibility="public")
    private = make_deck(entries=[(shown, 1)], visibility="private")
    client = Client()
    client.force_login(bob)
    response = client.get(reverse("deck-cockatrice", args=[public.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    body = response.content.decode()
    assert "2 Open Flame" in body and "Hidden Ember" not in body
    assert "// and 1 withheld card, not listed" in body
    assert client.get(reverse("deck-cockatrice", args=[private.pk])).status_code == 404
    api.force_authenticate(bob)
    answer = api.get(f"/api/v1/decks/{public.pk}/cockatrice/")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/plain")
    assert answer.content.decode() == body
    missing = api.get(f"/api/v1/decks/{private.pk}/cockatrice/")
    assert missing.status_code == 404 and missing["Content-Type"] == "application/json"
    page = client.get(reverse("deck-detail", args=[public.pk])).content.decode()
    assert "Cockatrice (.txt)" in page and "Tabletop Simulator (.json)" in page


@pytest.mark.parametrize("export", ["deck-cockatrice", "deck-export-text"])
def test_a_downloaded_list_imports_back_under_its_own_name_and_edition(
    api, alice, make_card, make_deck, export
) -> None:
    """The list's first line names the deck and its edition: the import page and the API take
    them when no name is given, as Cockatrice takes its deck's name."""
    wisp = make_card(visibility="public")
    spark = make_card(visibility="public", name="Spark Bolt")
    deck = make_deck(entries=[(wisp, 3), (spark, 2)], maybe=[(wisp, 1)], name="Embers")
    deck.edition = 13
    deck.save(update_fields=["edition"])
    client = Client()
    client.force_login(alice)
    text = client.get(reverse(export, args=[deck.pk])).content.decode()
    response = client.post(
        reverse("deck-import"), {"text": text, "edition": "13", "visibility": "private"}
    )
    assert response.status_code == 302, response.content.decode()
    paged = alice.decks.order_by("-pk").first()
    assert (paged.name, entries(paged)) == ("Embers", entries(deck))
    api.force_authenticate(alice)
    answer = api.post("/api/v1/decks/import/", {"list": text}, format="json")
    assert answer.status_code == 201, answer.json()
    copy = alice.decks.get(pk=answer.json()["id"])
    assert (copy.name, copy.edition, entries(copy)) == ("Embers", 13, entries(deck))


def test_a_list_without_a_title_still_needs_a_name(api, alice) -> None:
    api.force_authenticate(alice)
    answer = api.post("/api/v1/decks/import/", {"list": "3 Ember Wisp\n"}, format="json")
    assert answer.status_code == 400
    assert "start the list with '# Name'" in answer.json()["name"][0]


def cockatrice_cards(body: bytes) -> dict[str, dict[str, object]]:
    """The custom set read as Cockatrice's card database (version 4) requires it: its root and
    version, a set with a name, and each card with a name, in at least one set of the file,
    with the elements in the order the format lays down; the card's fields by its name."""
    from lxml import etree

    root = etree.fromstring(body)
    assert root.tag == "cockatrice_carddatabase" and root.get("version") == "4"
    assert [child.tag for child in root] == ["info", "sets", "cards"]
    codes = {card_set.findtext("name") for card_set in root.iterfind("sets/set")}
    assert codes and all(codes)
    order = ["name", "text", "prop", "set", "related", "reverse-related", "token", "tablerow"]
    found = {}
    for card in root.iterfind("cards/card"):
        tags = [child.tag for child in card]
        assert tags == sorted(tags, key=order.index), tags
        assert card.findtext("name") and card.find("set") is not None
        assert {each.text for each in card.iterfind("set")} <= codes
        assert int(card.findtext("tablerow")) in (0, 1, 2, 3)
        found[card.findtext("name")] = {
            "text": card.findtext("text"),
            **{prop.tag: prop.text for prop in card.find("prop")},
            "picture": card.find("set").get("picurl"),
        }
    return found


def test_the_custom_set_names_the_cards_the_list_names(alice, bob, make_card, make_deck) -> None:
    wisp = make_card(visibility="public")
    spark = make_card(visibility="public", name="Spark Bolt", kind="spell", sp=None, hp=None)
    secret = make_card(name="Hidden Ember")
    deck = make_deck(entries=[(wisp, 3), (spark, 2), (secret, 1)], maybe=[(wisp, 1)])
    deck.visibility = "public"
    deck.save()
    client = Client()
    client.force_login(alice)
    answer = client.get(reverse("deck-cockatrice-set", args=[deck.pk]))
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/xml")
    assert answer["Content-Disposition"].startswith("attachment;")
    cards = cockatrice_cards(answer.content)
    listed = {
        name
        for _zone, _count, name in cockatrice_reads(
            client.get(reverse("deck-cockatrice", args=[deck.pk])).content.decode()
        )[1]
    }
    assert set(cards) == listed == {"Ember Wisp", "Spark Bolt", "Hidden Ember"}
    assert cards["Ember Wisp"]["cmc"] == str(wisp.level) and cards["Ember Wisp"]["pt"] == "1/2"
    assert cards["Spark Bolt"]["type"] == "Spell" and "pt" not in cards["Spark Bolt"]
    assert cards["Ember Wisp"]["text"].endswith(wisp.ability_text.strip())
    assert cards["Ember Wisp"]["picture"].startswith("http://testserver/api/v1/cards/")
    # Another viewer's set leaves out the private card, as their list does.
    client.force_login(bob)
    theirs = cockatrice_cards(client.get(reverse("deck-cockatrice-set", args=[deck.pk])).content)
    assert set(theirs) == {"Ember Wisp", "Spark Bolt"}


def test_the_custom_set_is_xml_whatever_a_card_holds(alice, make_card, make_deck) -> None:
    wisp = make_card(visibility="public")
    # Characters XML 1.0 cannot hold (NUL is refused by PostgreSQL before any file is made).
    type(wisp).objects.filter(pk=wisp.pk).update(ability_text="Draw\x0b 1 <card> & \x1fmore.\ufffe")
    deck = make_deck(entries=[(wisp, 3)], name="Tags & <marks>")
    client = Client()
    client.force_login(alice)
    cards = cockatrice_cards(client.get(reverse("deck-cockatrice-set", args=[deck.pk])).content)
    assert cards["Ember Wisp"]["text"].endswith("Draw 1 <card> & more.")
