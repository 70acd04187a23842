"""One glossary entry: each edition's definition with the changes marked, related terms,
where the rulebook uses it, and the public cards that use it."""

import re

import pytest
from django.apps import apps

pytestmark = pytest.mark.django_db


def test_an_entry_shows_the_definition_of_each_edition_newest_first(client):
    page = client.get("/glossary/fatigue/").content.decode()
    assert '<h1 id="term-name">Fatigue</h1>' in page
    assert page.index('id="edition-14"') < page.index('id="edition-13"')
    assert 'id="edition-11"' not in page
    assert "Not in the 11th Edition" in page
    assert "Changed since the 13th Edition" in page
    assert "<del>own</del>" in page and "<ins>next</ins>" in page
    assert 'href="/rulebook/14/#kw-fatigue"' in page


def test_an_entry_shows_its_wording_in_every_edition_that_has_it(client):
    page = client.get("/glossary/destroy/").content.decode()
    numbers = [
        int(n) for n in re.findall(r'<section class="gl-definition" id="edition-(\d+)"', page)
    ]
    assert numbers == [17, 16, 15, 14, 13, 12, 11]  # newest first
    for number in numbers:
        definition = re.search(rf'id="edition-{number}".*?</section>', page, re.S).group()
        assert f"{number}th Edition" in definition
        assert f'href="/rulebook/{number}/#kw-destroy"' in definition
        # The edition's own wording: the 13th edition's graveyard became the grave.
        wording = re.search(r'class="gl-definition-text">(.*?)</div>', definition, re.S).group(1)
        assert "destruction of a card" in wording
        assert ("graveyard" in wording) is (number <= 12)
    assert "Changed since the 12th Edition" in page


def test_an_entry_of_the_newest_editions_only(client):
    page = client.get("/glossary/petrify/").content.decode()
    assert re.findall(r'<section class="gl-definition" id="edition-(\d+)"', page) == ["17"]
    assert "flip it face-down" in page
    assert "Not in the 16th Edition" in page
    page = client.get("/glossary/craft/").content.decode()
    assert re.findall(r'<section class="gl-definition" id="edition-(\d+)"', page) == ["17", "16"]
    assert "Changed since the 16th Edition" in page  # "a valid normal minion design"


def test_a_renamed_keyword_keeps_each_name_at_its_own_entry(client):
    in_play = client.get("/glossary/in-play/").content.decode()
    assert re.findall(r'<section class="gl-definition" id="edition-(\d+)"', in_play) == [
        "15",
        "14",
        "13",
        "12",
        "11",
    ]
    on_field = client.get("/glossary/on-field/").content.decode()
    assert 'href="/rulebook/16/#kw-on-field"' in on_field


def test_an_unchanged_definition_says_so(client):
    page = client.get("/glossary/bury/").content.decode()
    assert "Unchanged since the 13th Edition" in page


def test_a_term_of_several_editions_shows_how_it_changed(client):
    page = client.get("/glossary/destroy/").content.decode()
    assert all(f'id="edition-{n}"' in page for n in (11, 13, 14))
    assert "<del>graveyard</del><ins>grave</ins>" in page


def test_related_terms_go_both_ways(client):
    page = client.get("/glossary/self-bounce/").content.decode()
    uses = page[page.index('id="uses-h"') : page.index('id="used-by-h"')]
    assert 'href="/glossary/bounce/"' in uses
    page = client.get("/glossary/bounce/").content.decode()
    used_by = page[page.index('id="used-by-h"') :]
    assert 'href="/glossary/self-bounce/"' in used_by.split("</section>")[0]


def test_an_entry_does_not_link_to_itself_but_links_other_terms(client):
    page = client.get("/glossary/self-bury/").content.decode()
    definition = re.search(r'id="edition-14".*?</section>', page, re.S).group()
    assert 'href="/glossary/self-bury/' not in definition
    assert 'href="/glossary/bury/#edition-14"' in definition


def test_an_entry_does_not_link_the_words_of_its_own_name(client):
    page = client.get("/glossary/sword-counter/").content.decode()
    definition = re.search(r'id="edition-14".*?</section>', page, re.S).group()
    assert "<dfn>Sword Counter</dfn>" in definition
    assert 'href="/glossary/counter/' not in definition


def test_links_inside_a_definition_lead_into_the_rulebook(client):
    page = client.get("/glossary/counter/").content.decode()
    assert 'href="/rulebook/14/#counters"' in page


def test_the_entry_lists_where_the_rulebook_uses_the_term(client):
    page = client.get("/glossary/ghost-play/").content.decode()
    mentions = page[page.index('id="mentions-h"') :].split("</section>")[0]
    # In the newest edition's rulebook.
    assert 'href="/rulebook/17/#minions"' in mentions
    assert 'href="/rulebook/17/#refurbished"' in mentions


def test_public_cards_that_use_the_term_are_listed(client, alice, bob):
    card = apps.get_model("cards", "Card")
    common = {"kind": "spell", "level": 1, "design_edition": 14}
    shown = card.objects.create(
        owner=alice,
        name="Quiet Burial",
        visibility="public",
        ability_text="Self-bury 1 card → Draw 2 cards.",
        **common,
    )
    card.objects.create(
        owner=bob,
        name="Secret Burial",
        visibility="private",
        ability_text="Self-bury 2 cards.",
        **common,
    )
    card.objects.create(
        owner=bob,
        name="Not Quite",
        visibility="public",
        ability_text="Bury 1 card.",
        **common,
    )
    page = client.get("/glossary/self-bury/").content.decode()
    cards = page[page.index('id="cards-h"') :]
    assert f'href="/cards/{shown.pk}/"' in cards and "Quiet Burial" in cards
    assert "Secret Burial" not in cards
    assert "Not Quite" not in cards
    assert '<a class="kw" href="/glossary/self-bury/"' in cards


def test_an_entry_without_public_cards_says_so(client):
    page = client.get("/glossary/hex-play/").content.decode()
    assert "No public card uses it yet." in page


def test_neighbouring_entries_are_linked(client):
    page = client.get("/glossary/bury/").content.decode()
    assert 'rel="prev" href="/glossary/bounce/"' in page
    assert 'rel="next" href="/glossary/clone/"' in page


@pytest.mark.parametrize("slug", ["no-such-term", "download", "bury2"])
def test_an_unknown_entry_is_not_found(client, slug):
    assert client.get(f"/glossary/{slug}/").status_code == 404


def test_the_annotate_page_links_the_keywords_of_pasted_text(client):
    page = client.get(
        "/glossary/annotate/", {"text": "Hex-play: 2-dice-heal <b>you</b>."}
    ).content.decode()
    assert '<a class="kw" href="/glossary/hex-play/"' in page
    assert '<a class="kw" href="/glossary/dice-heal/"' in page
    assert "&lt;b&gt;" in page
    partial = client.get(
        "/glossary/annotate/", {"text": "Bury it", "edition": "14"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "<html" not in partial and "Keywords used" in partial
    assert client.get("/glossary/annotate/", {"text": "x" * 5000}).status_code == 200
