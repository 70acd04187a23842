"""Every sentence of each guide's rules sections is on its page, in the guide's order.

The sentences are read here straight from the published guides (``cards/editions/guides/sources``,
the documents as the game publishes them) with lxml, independently of the build script that
turns them into data: everything from "Design Instructions" on, less the headings and the lists of
card texts (one quoted component per item, with its formula and Ultra Points).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from django.test import Client
from lxml import html

from cards.rules.guide import DEFAULT_FOLDER

pytestmark = pytest.mark.django_db

SOURCES = DEFAULT_FOLDER / "sources"
GUIDE_FILES = {
    int(m.group(1)): path
    for path in sorted(SOURCES.glob("card-building-guide-*.html"))
    if (m := re.search(r"-(\d+)(?:st|nd|rd|th)-edition", path.name))
}
# One quoted card text, after its Ultra Points if it has any: an item of a component list.
_COMPONENT_ITEM = re.compile(r"(?:\[\+\d+\]\s*)?\u201c[^\u201d]*\u201d")
# A sentence ends at . ! or ? (and any closing quote or bracket) before the next one's capital,
# and at the end of a paragraph or a list item.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\u201d)]))\s+(?=[A-Z\u201c(0-9])")
BLOCK_END = "\u2029"
_BLOCKS = ("p", "li", "ul", "ol", "div", "h1", "h2", "h3", "h4", "h5", "h6")


def sentences(text: str) -> list[str]:
    found = []
    for block in text.split(BLOCK_END):
        squashed = " ".join(block.split())
        found.extend(part for part in _SENTENCE_END.split(squashed) if part)
    return found


def mark_block_ends(root: html.HtmlElement) -> None:
    for element in root.iter(*_BLOCKS):
        element.tail = BLOCK_END + (element.tail or "")
        if len(element):
            element.text = BLOCK_END + (element.text or "")


def _own_text(item: html.HtmlElement) -> str:
    shallow = copy.deepcopy(item)
    for nested in shallow.xpath(".//ul|.//ol|.//*[local-name()='math']"):
        nested.drop_tree()
    return " ".join(shallow.text_content().split())


def source_sentences(path: Path) -> list[str]:
    """The sentences of a guide's rules sections, in order, as the published page has them."""
    main = copy.deepcopy(html.parse(str(path)).getroot().find(".//main"))
    start = main.xpath(".//h3[@id='instructions']")[0]
    for before in start.xpath("preceding::*"):
        if before.getparent() is not None and not before.xpath(".//h3[@id='instructions']"):
            before.drop_tree()
    texts = main.xpath(".//h3[@id='texts']")[0]
    for item in texts.xpath("following::li"):
        if item.getparent() is not None and _COMPONENT_ITEM.fullmatch(_own_text(item)):
            item.drop_tree()
    for heading in main.xpath(".//h1|.//h2|.//h3|.//h4|.//h5|.//h6"):
        heading.drop_tree()
    mark_block_ends(main)
    return sentences(main.text_content())


def page_sentences(client: Client, url: str) -> list[str]:
    """The guide's own words on a page: the text of its elements marked as the guide's."""
    response = client.get(url)
    assert response.status_code == 200, url
    document = html.fromstring(response.content.decode())
    quoted = document.xpath("//*[contains(concat(' ', @class, ' '), ' guide-text ')]")
    for element in quoted:
        mark_block_ends(element)
    return sentences(BLOCK_END.join(element.text_content() for element in quoted))


def test_every_published_guide_is_read():
    assert sorted(GUIDE_FILES) == list(range(11, 18))


@pytest.mark.parametrize("edition", sorted(GUIDE_FILES))
def test_the_page_has_every_sentence_of_the_guides_rules_in_order(client, edition):
    expected = source_sentences(GUIDE_FILES[edition])
    assert len(expected) > 20
    assert page_sentences(client, f"/building/{edition}/") == expected


def test_the_seventeenth_keeps_the_rules_the_page_used_to_lose(client):
    shown = page_sentences(client, "/building/17/")
    singular = (
        "If the number of targets can never be greater than 1, other words which refer to that"
        " number should be changed to singular."
    )
    up_to = "Additionally, the words \u201cup to\u201d should be removed in that case."
    # The "up to" sentence follows the rule it adds to.
    assert shown[shown.index(up_to) - 1] == singular
    assert (
        "If an activation cost does not follow any activation condition or any other activation"
        " cost within the ability, its first letter should be capitalized." in shown
    )
    # The substitutions stand on their own, before the sentence on consecutive effects.
    substitution = next(s for s in shown if s.startswith("\u201cEach target\u201d and"))
    consecutive = next(s for s in shown if s.startswith("Consecutive effects"))
    assert shown.index(substitution) < shown.index(consecutive)
    assert consecutive.endswith("\u201cthen\u201d or \u201calso\u201d.")
