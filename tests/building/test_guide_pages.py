"""The Card Building Guide pages: every edition on file, every component at its anchor, the
guide's own sentences, and the helper that links into them."""

import html
import re

import pytest
from django.test import Client

from building.links import building_url
from cards import rules
from cards.designer import current_guide
from tests.building.test_guide_sentences import page_sentences, sentences

pytestmark = pytest.mark.django_db

GUIDES = rules.load_guides()


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("edition", sorted(GUIDES))
def test_every_component_is_listed_at_its_anchor(client, edition):
    guide = GUIDES[edition]
    text = page(client, f"/building/{edition}/")
    assert guide.title in text
    for component in guide.components:
        assert f'<tr id="{component.id}"' in text, component.id
        assert f'href="#{component.id}"' in text, component.id
    # Templates read as the guide lists them, letters as variables: "draw <var>x</var> cards."
    shown = re.sub(r"</?var>", "", text)
    for component in guide.components:
        assert f"“{component.template}”" in shown, component.template


@pytest.mark.parametrize("edition", sorted(GUIDES))
def test_the_level_rules_and_the_writing_rules_are_the_guides_own_sentences(client, edition):
    guide = GUIDES[edition]
    shown = page_sentences(client, f"/building/{edition}/")
    # The rules read from the guide quote its words; each of those sentences is on the page.
    for quoted in (*guide.level.sentences, *guide.grammar.quotes.values()):
        for sentence in sentences(quoted):
            assert sentence in shown, sentence
    text = page(client, f"/building/{edition}/")
    for anchor in ("design", "abilities", "level", "card-texts", "applied"):
        assert f'id="{anchor}"' in text


def test_formulas_are_readable_with_variables_and_fractions(client):
    text = client.get("/building/14/").content.decode()
    row = text[text.index('<tr id="effect.remove-up-to-x-counters-from-each-target"') :]
    row = row[: row.index("</tr>")]
    assert "<var>x</var><var>t</var>/2" in row
    target = text[text.index('<tr id="target.see-enemys-hand-and-target-up-to-x-cards-therein"') :]
    assert "<var>t</var> = 2<var>x</var> + 1" in target[: target.index("</tr>")]


def test_the_guide_is_attributed(client):
    text = page(client, "/building/13/")
    assert "CC BY-SA 4.0" in text and "Keeper of the Cards" in text
    assert 'rel="license" href="https://creativecommons.org/licenses/by-sa/4.0/"' in text


def test_the_current_edition_and_the_switcher(client):
    text = page(client, "/building/")
    current = current_guide()
    assert current.title in text and "current edition" in text
    for number in GUIDES:
        if number != current.edition:
            assert f'href="/building/{number}/"' in text
    # The link to the building guide is in the site's navigation.
    assert '<a href="/building/">Building guide</a>' in text


def test_an_unknown_edition_is_not_found(client):
    assert client.get("/building/99/").status_code == 404
    assert client.get("/building/0/").status_code == 404


def test_switching_editions_keeps_the_place_it_can(client):
    response = client.get("/building/12/?section=effect.draw-x-cards")
    assert response["Location"] == "/building/12/#effect.draw-x-cards"
    assert client.get("/building/12/?section=level")["Location"] == "/building/12/#level"
    # An anchor this edition does not have lands on the top of the page; nothing else is echoed.
    odd = client.get('/building/12/?section="><script>')
    assert odd["Location"] == "/building/12/"


def test_building_url_links_components_and_sections():
    assert building_url(14, "effect.draw-x-cards") == "/building/14/#effect.draw-x-cards"
    assert building_url(14, section="level") == "/building/14/#level"
    assert building_url(rules.get_edition(13)) == "/building/13/"
    assert building_url(rules.get_guide(12), "cost.self-exhaust-x-resources").endswith(
        "#cost.self-exhaust-x-resources"
    )
    # A component this edition does not list: its kind's table. No guide: the current one.
    assert building_url(12, "effect.no-such-effect") == "/building/12/#effects"
    assert building_url(None) == "/building/"
    assert building_url(10, section="level") == "/building/#level"
    assert building_url("nonsense") == "/building/"


def test_the_template_tag_gives_the_same_addresses():
    from django.template import Context, Template

    template = Template(
        '{% load building %}{% building_url 14 "effect.draw-x-cards" %}'
        '|{% building_url edition section="level" %}'
    )
    assert template.render(Context({"edition": 11})) == (
        "/building/14/#effect.draw-x-cards|/building/11/#level"
    )
