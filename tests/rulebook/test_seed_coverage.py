"""Every keyword and counter of each HTML rulebook with a Keywords section (the 12th and the
14th to 17th editions), every keyword of the plain-text 13th, and every glossary term and
ruling of the 11th has a glossary entry of its edition. The published rulebooks are read here
on their own terms, with nothing from the site's conversion, so a term the conversion missed is
caught."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulebook.models import Definition, Section, Term

pytestmark = pytest.mark.django_db


class Collector(HTMLParser):
    """Text of chosen elements, with the id of the <h3> section they are in.
    Comments (passages not in force) are never seen."""

    def __init__(self, tags: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.tags = tags
        self.section = ""
        self.open: list[list[str]] = []
        self.found: list[tuple[str, str, str]] = []
        self.depth: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "h3":
            self.section = dict(attrs).get("id") or self.section
        if tag in self.tags:
            self.open.append([tag, ""])

    def handle_endtag(self, tag):
        if self.open and self.open[-1][0] == tag:
            name, text = self.open.pop()
            self.found.append((self.section, name, " ".join(text.split())))

    def handle_data(self, data):
        for item in self.open:
            item[1] += data


def collect(path: Path, tags: set[str]) -> list[tuple[str, str, str]]:
    parser = Collector(tags)
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def keywords(path: Path) -> list[str]:
    return [text for section, tag, text in collect(path, {"h4"}) if section == "keywords"]


def counters(path: Path) -> list[str]:
    return [
        text
        for section, tag, text in collect(path, {"dfn"})
        if section == "counters" and text.endswith("Counter")
    ]


def fourteenth_keywords(seeds: Path) -> list[str]:
    return keywords(seeds / "rulebook-14th-edition.html")


def fourteenth_counters(seeds: Path) -> list[str]:
    return counters(seeds / "rulebook-14th-edition.html")


# Edition: (keywords, counter types) its rulebook lists, counted by reading it.
HTML_EDITIONS = {12: (34, 6), 14: (35, 9), 15: (38, 10), 16: (41, 10), 17: (48, 14)}


def source(seeds: Path, edition: int) -> Path:
    return seeds / f"rulebook-{edition}th-edition.html"


def eleventh_entries(seeds: Path, section_id: str) -> list[str]:
    items = [
        text
        for section, tag, text in collect(seeds / "rulebook-11th-edition.html", {"li"})
        if section == section_id
    ]
    names = []
    for text in items:
        hit = re.match(r"\u201c([^\u201d]+)\u201d:", text)
        assert hit, f"unexpected {section_id} entry: {text[:50]}"
        names.append(hit.group(1))
    return names


def defined_in(name: str, edition: int) -> bool:
    return Definition.objects.filter(term__name__iexact=name, edition__number=edition).exists()


def test_the_seeds_hold_what_the_issue_names(seeds):
    # Guards the parsing in this file: an empty list would make the checks below pass.
    assert len(fourteenth_keywords(seeds)) >= 35
    assert "Hex-play" in fourteenth_keywords(seeds)
    assert {"Sword Counter", "Berzerk Counter", "Trap Counter"} <= set(fourteenth_counters(seeds))
    assert len(eleventh_entries(seeds, "glossary")) == 12
    assert len(eleventh_entries(seeds, "rulings")) == 3


def test_every_keyword_of_the_14th_edition_has_an_entry(seeds):
    missing = [name for name in fourteenth_keywords(seeds) if not defined_in(name, 14)]
    assert not missing, f"14th edition keywords without a glossary entry: {missing}"


def test_every_counter_type_of_the_14th_edition_has_an_entry(seeds):
    missing = [name for name in fourteenth_counters(seeds) if not defined_in(name, 14)]
    assert not missing, f"14th edition counters without a glossary entry: {missing}"
    assert Term.objects.get(name="Berzerk Counter").kind == "counter"


@pytest.mark.parametrize("edition", sorted(HTML_EDITIONS))
def test_the_seeds_of_each_html_edition_hold_its_keywords_and_counters(seeds, edition):
    # Guards the parsing in this file for each edition: an empty list would pass below.
    keyword_count, counter_count = HTML_EDITIONS[edition]
    assert len(keywords(source(seeds, edition))) == keyword_count
    assert len(counters(source(seeds, edition))) == counter_count


@pytest.mark.parametrize("edition", sorted(HTML_EDITIONS))
def test_every_keyword_of_each_html_edition_has_an_entry(seeds, edition):
    missing = [name for name in keywords(source(seeds, edition)) if not defined_in(name, edition)]
    assert not missing, f"{edition}th edition keywords without a glossary entry: {missing}"
    kinds = set(
        Definition.objects.filter(edition__number=edition, anchor__startswith="kw-")
        .exclude(kind="counter")
        .values_list("kind", flat=True)
    )
    assert kinds == {"keyword"}


@pytest.mark.parametrize("edition", sorted(HTML_EDITIONS))
def test_every_counter_type_of_each_html_edition_has_an_entry(seeds, edition):
    names = counters(source(seeds, edition))
    missing = [name for name in names if not defined_in(name, edition)]
    assert not missing, f"{edition}th edition counters without a glossary entry: {missing}"
    defined = Definition.objects.filter(edition__number=edition, kind="counter")
    assert defined.count() == len(names)


def test_the_newest_keywords_and_counters_are_in_the_glossary():
    for slug in ("craft", "clone", "embody", "petrify", "conscript", "dice-wound", "pay"):
        assert defined_in(Term.objects.get(slug=slug).name, 17), slug
    assert {"voodoo-counter", "medic-counter", "assassin-counter", "undying-counter"} <= set(
        Definition.objects.filter(edition__number=17, kind="counter").values_list(
            "term__slug", flat=True
        )
    )
    assert Term.objects.get(slug="enemy-minion").forms == ["enemy minion", "enemy minions"]


def test_every_glossary_term_and_ruling_of_the_11th_edition_has_an_entry(seeds):
    for section in ("glossary", "rulings"):
        missing = [name for name in eleventh_entries(seeds, section) if not defined_in(name, 11)]
        assert not missing, f"11th edition {section} without a glossary entry: {missing}"
    assert Definition.objects.get(term__slug="a-total-of", edition__number=11).kind == "ruling"


def test_every_keyword_heading_of_the_13th_edition_has_an_entry(seeds):
    lines = (seeds / "rulebook-13th-edition.txt").read_text(encoding="utf-8").splitlines()
    start, end = lines.index("Keywords"), lines.index("Refurbished and Pruned Cards")
    # In the plain-text edition a keyword heading is a bare line followed by its definition.
    headings = [
        line
        for line in lines[start + 1 : end]
        if line
        and not line.startswith("- ")
        and not line.endswith((".", ":", ")"))
        and len(line.split()) == 1
    ]
    assert len(headings) >= 30
    missing = [name for name in headings if not defined_in(name, 13)]
    assert not missing, f"13th edition keywords without a glossary entry: {missing}"


@pytest.mark.parametrize("edition", [12, 14, 15, 16, 17])
def test_passages_commented_out_are_not_in_force(client, edition):
    page = client.get(f"/rulebook/{edition}/").content.decode()
    assert "Redacted Card Texts" not in page and "Redacted Ability Text" not in page
    assert "Revised Cost Texts" not in page and "Revised Costs" not in page
    assert "Revised Ability Text" not in page
    assert "Remove x counters from this card" not in page
    assert 'id="cleanslate"' in page


def test_what_the_later_editions_keep_in_force_is_there(client):
    assert 'id="refurbished"' in client.get("/rulebook/15/").content.decode()
    for edition in (16, 17):
        page = client.get(f"/rulebook/{edition}/").content.decode()
        assert 'id="revised-levels"' in page
        levels = Section.objects.get(edition__number=edition, anchor="revised-levels")
        assert "\u201csilo the targets\u201d (16th Edition)" in levels.text
