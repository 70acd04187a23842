"""/sets/: the sets tab of the gallery. Everyone finds the released public sets, searched by
name or code, each with its symbol, code, name, designers and card count; a designer finds
their own too; nothing of an unreleased set reaches anyone else. The site's menu links here."""

from __future__ import annotations

import pytest

from cards.models import Card
from sets import services
from tests.sets.world import make_cards, make_set, symbol_png

pytestmark = pytest.mark.django_db


@pytest.fixture
def released_embers(alice, bob):
    card_set = make_set(alice, "co-owned", co_owner=bob, cards=make_cards(alice, 3))
    card_set.symbol = symbol_png()
    card_set.save(update_fields=["symbol"])
    return services.set_release(card_set=card_set, user=alice)


def test_carol_finds_the_released_set_with_its_designers_and_cards(client, released_embers):
    page = client.get("/sets/", {"q": "ember"}).content.decode()
    assert "Embers" in page and '<span class="set-code">EMB</span>' in page
    assert f"/sets/{released_embers.pk}/symbol.png" in page
    assert 'href="/u/alice/">alice</a>, <a href="/u/bob/">bob</a>' in page
    assert "4 cards" in page  # alice's three and bob's one


def test_a_set_is_found_by_the_start_of_its_code(client, alice, released_embers):
    make_set(alice, "released", code="WSP", name="Wisps")
    page = client.get("/sets/", {"q": "em"}).content.decode()
    assert "Embers" in page and "Wisps" not in page
    page = client.get("/sets/", {"q": "ws"}).content.decode()
    assert "Wisps" in page and "Embers" not in page


def test_nothing_found_says_so(client, released_embers):
    page = client.get("/sets/", {"q": "nothing like it"}).content.decode()
    assert "No released set is named or coded “nothing like it”." in page


@pytest.mark.parametrize("state", ["private", "scheduled"])
def test_strangers_find_nothing_of_an_unreleased_set(client, alice, bob, state):
    card_set = make_set(alice, state, name="Secret Sparks", code="SPK")
    client.force_login(bob)
    for query in ("", "sparks", "SP"):
        page = client.get("/sets/", {"q": query}).content.decode()
        assert "Secret" not in page and '<span class="set-code">SPK' not in page
        assert f"/sets/{card_set.pk}/" not in page


def test_a_released_unlisted_set_is_not_listed(client, alice, bob):
    card_set = make_set(alice, "released", name="Hush", code="HSH", visibility="unlisted")
    client.force_login(bob)
    page = client.get("/sets/", {"q": "hu"}).content.decode()
    assert "Hush" not in page and f"/sets/{card_set.pk}/" not in page


def test_alice_searches_her_own_unreleased_sets(client, alice):
    make_set(alice, "private", name="Secret Sparks", code="SPK")
    client.force_login(alice)
    page = client.get("/sets/", {"q": "spk"}).content.decode()
    assert "Secret Sparks" in page and "2 cards" in page


def test_the_card_count_is_the_sets_size_not_what_the_viewer_may_see(client, alice, bob):
    cards = make_cards(alice, 2)
    card_set = make_set(alice, "released", cards=cards)
    Card.objects.filter(pk=cards[0].pk).update(visibility="private")
    assert "2 cards" in client.get("/sets/").content.decode()
    assert card_set.pk


def test_the_menu_links_to_the_sets(client):
    page = client.get("/").content.decode()
    nav = page[page.index('class="site-nav"') : page.index("</nav>")]
    assert '<a href="/sets/">Sets</a>' in nav


def test_the_tabs_go_back_to_the_cards_with_the_search(client):
    page = client.get("/sets/", {"q": "ember"}).content.decode()
    assert 'href="/cards/?q=ember">Cards</a>' in page
