"""The deck page: the builder for its owner, a read-only view for others."""

import re

import pytest
from django.urls import reverse

from cards import rules
from cards import services as card_services
from decks.models import Deck

from .conftest import PRUNED, REFURBISHED, SPELL

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_owner_gets_the_builder(client, alice, legal_deck):
    client.force_login(alice)
    response = client.get(legal_deck.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="card-q"' in html and 'value="add"' in html and 'id="deck-edition"' in html
    assert 'data-legal="true"' in html
    assert "Legal" in text(response) and "40 cards" in text(response)
    assert "decks/_goldfish.html" not in html  # the goldfish section is included, not named


def test_others_get_a_read_only_page_with_fork_export_and_print(client, bob, make_deck, make_card):
    deck = make_deck(visibility="public", entries=[(make_card(visibility="public"), 3)])
    client.force_login(bob)
    html = client.get(deck.get_absolute_url()).content.decode()
    assert 'id="card-q"' not in html and 'value="add"' not in html
    assert "Copy to my decks" in html
    assert reverse("deck-export", args=[deck.pk]) in html
    assert reverse("deck-print", args=[deck.pk]) in html
    assert "Check under" in html


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
def test_who_may_see_the_page(client, bob, make_deck, visibility):
    deck = make_deck(visibility=visibility)
    expected = 404 if visibility == "private" else 200
    assert client.get(deck.get_absolute_url()).status_code == expected
    client.force_login(bob)
    assert client.get(deck.get_absolute_url()).status_code == expected


def test_the_panel_shows_each_problem_verdicts_and_refurbished_text(
    client, alice, make_deck, make_card
):
    deck = make_deck(entries=[(make_card(**REFURBISHED), 3), (make_card(**PRUNED), 2)])
    client.force_login(alice)
    response = client.get(deck.get_absolute_url())
    html, words = response.content.decode(), text(response)
    assert 'data-legal="false"' in html
    # A new deck is built for the current edition, and its panel judges under it.
    current = rules.current_edition()
    size = f"The deck has 5 cards; the {current.name} requires {current.deck_size_text} cards."
    assert "Not legal" in words and size in words
    assert "badge-pruned" in html and "badge-refurbished" in html
    assert "<del>ghost-play, must pay resource cost</del><ins>hex-play</ins>" in html
    assert "designed for the 12th edition" in words


def test_stats_are_shown_with_an_accessible_curve(client, alice, make_deck, make_card):
    deck = make_deck(
        entries=[
            (make_card(level=1, sp=2, hp=3), 4),
            (make_card(name="B", level=3, sp=1, hp=1), 2),
            (make_card(**SPELL), 3),
        ]
    )
    client.force_login(alice)
    html = client.get(deck.get_absolute_url()).content.decode()
    assert '<svg class="curve-chart"' in html and 'role="img"' in html
    assert "Levels 1 to 3, most at level 1 (4 of 9 cards)" in html
    assert '<tr><th scope="row">2</th><td>0</td><td>3</td><td>3</td></tr>' in html
    stats = re.search(r'<dl class="stat-tiles">(.*?)</dl>', html, re.S).group(1)
    flat = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", stats))
    assert "Cards 9" in flat and "Minions 6" in flat and "Spells 3" in flat
    assert "Total SP 10 avg 1.67" in flat and "Total HP 14 avg 2.33" in flat


def test_names_and_descriptions_are_escaped(client, alice, make_deck, make_card):
    card = make_card(name="<img src=x onerror=alert(1)>")
    deck = make_deck(
        name="<script>alert(1)</script>", description="<b>bold</b>", entries=[(card, 1)]
    )
    client.force_login(alice)
    html = client.get(deck.get_absolute_url()).content.decode()
    assert (
        "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    )
    assert "<b>bold</b>" not in html
    assert "<img src=x onerror" not in html


def test_the_page_of_a_60_entry_deck_takes_at_most_10_queries(
    client, alice, make_deck, make_card, django_assert_max_num_queries
):
    cards = [
        make_card(**(SPELL if n % 3 == 0 else {}) | {"name": f"Card {n}", "level": n % 7})
        for n in range(60)
    ]
    deck = make_deck(entries=[(card, 1) for card in cards])
    for card in cards[:10]:
        card_services.collection_add(user=alice, card=card, copies=1)
    client.force_login(alice)
    with django_assert_max_num_queries(10) as queries:
        response = client.get(deck.get_absolute_url())
    print(f"deck page of a 60-entry deck, owner: {len(queries)} queries")
    assert response.status_code == 200
    assert response.content.decode().count('class="entry ') == 60


def test_the_page_of_a_60_entry_deck_for_a_visitor_takes_at_most_10_queries(
    client, make_deck, make_card, django_assert_max_num_queries
):
    deck = make_deck(visibility="public", entries=[(make_card(name=f"C{n}"), 1) for n in range(60)])
    with django_assert_max_num_queries(10):
        assert client.get(deck.get_absolute_url()).status_code == 200


# -- the live parts -------------------------------------------------------------------------------


def entries_url(deck):
    return reverse("deck-entries", args=[deck.pk])


def test_plus_and_minus_swap_the_list_with_the_panel_and_status(client, alice, legal_deck):
    client.force_login(alice)
    card = legal_deck.entries.first().card
    response = client.post(entries_url(legal_deck), {"card": card.pk, "action": "remove"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section class="panel deck-list" id="deck-entries"')
    assert 'id="deck-panel" class="deck-panel" hx-swap-oob="true"' in html
    assert 'id="deck-status"' in html and 'data-legal="false"' in html
    assert f"3 × {card.name} in the deck." in html
    response = client.post(entries_url(legal_deck), {"card": card.pk, "action": "add"}, **HTMX)
    assert 'data-legal="true"' in response.content.decode()


def test_adding_several_copies_and_setting_a_count(client, alice, make_deck, make_card):
    deck, card = make_deck(), make_card()
    client.force_login(alice)
    client.post(entries_url(deck), {"card": card.pk, "action": "add", "count": 4}, **HTMX)
    assert deck.entries.get().count == 4
    client.post(entries_url(deck), {"card": card.pk, "action": "set", "count": 9}, **HTMX)
    assert deck.entries.get().count == 9
    client.post(entries_url(deck), {"card": card.pk, "action": "set", "count": 0}, **HTMX)
    assert not deck.entries.exists()


def test_entry_errors_are_messages_not_500s(client, alice, bob, make_deck, make_card):
    deck = make_deck()
    secret = make_card(owner=bob, name="Secret")
    full = make_card(name="Full")
    client.force_login(alice)
    for data, message in [
        ({"card": secret.pk, "action": "add"}, "does not exist, or it is private"),
        ({"card": 999999, "action": "add"}, "does not exist, or it is private"),
        ({"card": "x", "action": "add"}, "whole number"),
        ({"card": full.pk, "action": "fly"}, "not one of the available choices"),
        ({"card": full.pk, "action": "set"}, "Give the number of copies."),
        ({"card": full.pk, "action": "add", "count": 101}, "less than or equal to 100"),
    ]:
        response = client.post(entries_url(deck), data, **HTMX)
        assert response.status_code == 200
        assert message in response.content.decode(), data
    assert not deck.entries.exists()


def test_without_javascript_a_change_redirects_back(client, alice, make_deck, make_card):
    deck, card = make_deck(), make_card()
    client.force_login(alice)
    response = client.post(entries_url(deck), {"card": card.pk, "action": "add"})
    assert response.status_code == 302 and response["Location"] == deck.get_absolute_url()
    response = client.post(entries_url(deck), {"card": 424242, "action": "add"}, follow=True)
    assert "does not exist" in response.content.decode()


def test_only_the_owner_changes_the_list(client, bob, make_deck, make_card):
    public, private = make_deck(visibility="public"), make_deck(name="Hidden")
    card = make_card(visibility="public")
    client.force_login(bob)
    assert client.post(entries_url(public), {"card": card.pk, "action": "add"}).status_code == 403
    assert client.post(entries_url(private), {"card": card.pk, "action": "add"}).status_code == 404
    client.logout()
    response = client.post(entries_url(public), {"card": card.pk, "action": "add"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not public.entries.exists()


def test_search_finds_the_collection_first_then_public_cards(
    client, alice, bob, make_deck, make_card
):
    deck = make_deck()
    make_card(name="Drake Mine")
    make_card(owner=bob, name="Drake Public", visibility="public")
    make_card(owner=bob, name="Drake Secret")
    make_card(owner=bob, name="Drake Unlisted", visibility="unlisted")
    client.force_login(alice)
    url = reverse("deck-search", args=[deck.pk])
    html = client.get(url, {"q": "drake"}, **HTMX).content.decode()
    names = re.findall(r'class="result-name"[^>]*>([^<]+)<', html)
    assert names == ["Drake Mine", "Drake Public"]
    bad = client.get(url, {"q": "level<=x"}, **HTMX)
    assert bad.status_code == 200 and "could not be read" in bad.content.decode()
    assert client.get(url, {"q": "drake"}).status_code == 302


def test_without_javascript_the_search_renders_on_the_deck_page(
    client, alice, make_deck, make_card
):
    deck = make_deck()
    make_card(name="Findable")
    client.force_login(alice)
    html = client.get(deck.get_absolute_url(), {"q": "findable"}).content.decode()
    assert 'class="result-name"' in html and "Findable" in html


def test_the_owner_checks_under_another_edition_without_changing_the_deck(
    client, alice, legal_deck
):
    client.force_login(alice)
    page = client.get(legal_deck.get_absolute_url()).content.decode()
    picker = page[page.index('class="edition-picker"') - 40 : page.index('id="deck-edition-check"')]
    assert 'method="get"' in picker and "hx-post" not in picker and "hx-trigger" not in picker
    response = client.get(reverse("deck-panel", args=[legal_deck.pk]), {"edition": 11}, **HTMX)
    html = response.content.decode()
    assert html.startswith('<div id="deck-panel" class="deck-panel">')  # the panel alone
    assert 'id="deck-entries"' not in html and "hx-swap-oob" not in html
    built = rules.current_edition()  # a new deck's edition
    assert f"Checked under the 11th Edition; the deck is built for the {built.name}." in html
    assert "Its edition is changed in “Edit name, description, edition and visibility”." in html
    legal_deck.refresh_from_db()
    assert legal_deck.edition == built.number
    bad = client.get(reverse("deck-panel", args=[legal_deck.pk]), {"edition": 99}, **HTMX)
    assert bad.status_code == 200 and 'class="errors"' in bad.content.decode()
    # Looking never saves: the only way to change the edition is the details form.
    assert client.post(f"/decks/{legal_deck.pk}/edition/", {"edition": "11"}).status_code == 404
    legal_deck.refresh_from_db()
    assert legal_deck.edition == built.number


def test_others_may_check_under_another_edition_without_saving(client, bob, make_deck, make_card):
    deck = make_deck(visibility="public", entries=[(make_card(), 40)])
    client.force_login(bob)
    html = client.get(
        reverse("deck-panel", args=[deck.pk]), {"edition": 11}, **HTMX
    ).content.decode()
    built = rules.current_edition()  # a new deck's edition
    assert f"Checked under the 11th Edition; the deck is built for the {built.name}." in html
    assert "Its edition is changed" not in html
    assert Deck.objects.get().edition == built.number


def test_the_sample_hand_draws_buries_and_draws_a_card_a_turn(client, alice, legal_deck):
    client.force_login(alice)
    url = reverse("deck-sample-hand", args=[legal_deck.pk])
    html = client.get(url, {"seed": "42"}, **HTMX).content.decode()
    assert html.count('class="bury-toggle"') == 5 and "Opening hand" in html
    assert "35 left in the deck" in html
    html = client.get(
        url, {"seed": "42", "decided": "1", "bury": ["0", "3"]}, **HTMX
    ).content.decode()
    assert "Buried 2 and drew 2." in html and "bury-toggle" not in html
    assert "35 left in the deck" in html
    html = client.get(
        url, {"seed": "42", "decided": "1", "bury": ["0", "3"], "turns": "2"}, **HTMX
    ).content.decode()
    assert "Turn 2" in html and "7 in hand" in html and "33 left in the deck" in html
    assert "Draw for turn 3" in html
    # Nonsense in the address is left out, and named: a new hand is drawn.
    html = client.get(
        url, {"seed": "x", "bury": ["9", "a"], "turns": "-1"}, **HTMX
    ).content.decode()
    assert "Opening hand" in html
    assert all(f"?{name}= in the address" in html for name in ("seed", "bury", "turns"))


def test_the_sample_hand_works_without_javascript(client, alice, legal_deck):
    client.force_login(alice)
    url = reverse("deck-sample-hand", args=[legal_deck.pk])
    response = client.get(url, {"seed": "7"})
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert page.content.decode().count('class="bury-toggle"') == 5


def test_the_sample_hand_notes_the_reserves_of_the_11th_edition(
    client, alice, make_deck, make_card
):
    deck = make_deck(edition=11, entries=[(make_card(), 40)])
    client.force_login(alice)
    html = client.get(
        reverse("deck-sample-hand", args=[deck.pk]), {"seed": "1"}, **HTMX
    ).content.decode()
    assert "sets 10 cards aside as reserves" in html
