"""The keyword_links filter: card text, escaped, with keywords linked to the glossary."""

import re

import pytest
from django.template import Context, Template

from rulebook.keywords import find_keywords
from rulebook.models import Term

pytestmark = pytest.mark.django_db


def render(text: str, edition: str = "") -> str:
    argument = f":{edition}" if edition else ""
    template = Template("{% load glossary %}{{ text|keyword_links" + argument + " }}")
    return template.render(Context({"text": text}))


def linked(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="kw" href="/glossary/([a-z0-9-]+)/"[^>]*>([^<]+)</a>', html)


def test_keywords_in_card_text_link_to_their_entries():
    html = render("SCAVENGE: Self-bury 1 card → Bounce target minion.")
    assert linked(html) == [("self-bury", "Self-bury"), ("bounce", "Bounce"), ("target", "target")]


@pytest.mark.parametrize(
    ("text", "slug", "word"),
    [
        ("3-dice-heal yourself.", "dice-heal", "3-dice-heal"),
        ("x-dice-heal a player.", "dice-heal", "x-dice-heal"),
        ("Down-level 1 target.", "down-level", "Down-level"),
        ("Ghost-play: Draw 1 card.", "ghost-play", "Ghost-play"),
        ("Hex-play: Draw 1 card.", "hex-play", "Hex-play"),
        ("It buries them.", "bury", "buries"),
        ("The buried card.", "bury", "buried"),
        ("Once bounced, it returns.", "bounce", "bounced"),
        ("Place 2 Sword Counter(s) on it.", "sword-counter", "Sword Counter(s)"),
        ("Remove a Berzerk Counter.", "berzerk-counter", "Berzerk Counter"),
        ("Sacrifice 1 card.", "sacrifice", "Sacrifice"),
    ],
)
def test_word_forms_are_found(text, slug, word):
    assert (slug, word) in linked(render(text))


def test_the_definition_shows_on_hover_and_focus():
    html = render("Silo 1 card.")
    link = re.search(r"<a class=\"kw\"[^>]*>", html).group()
    # The newest wording: the 16th edition's "is to place" replaced "means to place".
    assert 'data-definition="Silo: To silo a card is to place it into its owner' in link
    assert 'title="Silo: To silo a card' in link


def test_a_definition_that_starts_with_the_name_is_not_led_by_it_twice():
    html = render("Place a Taunt Counter.")
    assert 'data-definition="Taunt Counter (reactive): When the host' in html


def test_text_is_escaped_before_links_are_added():
    html = render('<script>alert("bury")</script> Bury <b onmouseover="x">it</b>')
    assert "<script>" not in html and "<b " not in html
    assert "&lt;script&gt;alert(&quot;" in html
    assert linked(html)[0] == ("bury", "bury")  # the word inside the escaped tag is still text


def test_a_keyword_in_an_attribute_like_text_cannot_break_out():
    html = render('" onfocus="alert(1)" Bury')
    assert 'onfocus="alert' not in html
    assert "&quot; onfocus=&quot;alert(1)&quot;" in html


def test_line_breaks_are_kept():
    html = render("Draw 1 card.\nBury 1 card.\r\nDone.")
    assert html.count("<br>") == 2
    assert "Draw" in html.split("<br>")[0]


def test_empty_and_missing_text_render_nothing():
    assert render("") == ""
    assert Template("{% load glossary %}{{ missing|keyword_links }}").render(Context()) == ""


def test_an_edition_limits_the_terms_to_that_edition():
    assert ("hex-play", "Hex-play") in linked(render("Hex-play: bury it.", "14"))
    assert linked(render("Hex-play: bury it.", "13")) == [("bury", "bury")]
    assert ("sacrifice", "Sacrifice") in linked(render("Sacrifice 1 card.", "11"))
    assert linked(render("Sacrifice 1 card.", "14")) == []


def test_a_bad_edition_argument_means_every_edition():
    assert ("hex-play", "Hex-play") in linked(render("Hex-play", '"nonsense"'))


def test_pronouns_are_not_links():
    assert linked(render("You may draw. Your minion. It is yours.")) == [("draw", "draw")]


def test_find_keywords_uses_the_site_glossary():
    matches = find_keywords("Self-bury 1 card, then 2-dice-heal.")
    assert [m.slug for m in matches] == ["self-bury", "dice-heal"]
    assert matches[0].definition.startswith("To self-bury a card")


def test_the_index_follows_changes_to_the_glossary():
    assert linked(render("Mill 2.")) == []
    term = Term.objects.get(slug="silo")
    term.forms = [*term.forms, "mill"]
    term.save()
    assert linked(render("Mill 2.")) == [("silo", "Mill")]
