"""Reading the rulebook and the glossary from the database: what pages and the API show.

Comparing editions and searching the glossary are pure (:mod:`rulebook.comparing`,
:mod:`rulebook.searching`); one term's page is :mod:`rulebook.term_page`."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet
from django.utils.safestring import SafeString

from cards import rules
from rulebook.comparing import Comparison, SectionText, section_changes, section_pairs
from rulebook.glossary_cache import memoized, search_entries
from rulebook.htmltext import ANCHOR_RE
from rulebook.linking import linked_section_html
from rulebook.models import Definition, Edition, Section, Term
from rulebook.searching import SearchHit, search_terms

# Editions ------------------------------------------------------------------------------------


def edition_numbers() -> list[int]:
    return list(Edition.objects.order_by("number").values_list("number", flat=True))


def current_edition_number() -> int | None:
    """The edition the site plays by (the rules' current edition, read from the edition files),
    if its rulebook is loaded; else the newest loaded."""
    numbers = edition_numbers()
    wanted = rules.current_edition().number
    if wanted in numbers:
        return int(wanted)
    return numbers[-1] if numbers else None


def edition_get(number: int) -> Edition | None:
    return Edition.objects.filter(number=number).first()


@dataclass(frozen=True)
class TocEntry:
    anchor: str
    title: str
    children: list[TocEntry] = field(default_factory=list)


@dataclass(frozen=True)
class SectionView:
    anchor: str
    title: str
    level: int
    linked_html: SafeString


@dataclass(frozen=True)
class RulebookPage:
    edition: Edition
    sections: list[SectionView]
    toc: list[TocEntry]
    editions: list[Edition]
    previous: Edition | None
    next: Edition | None


def _toc(sections: list[Section]) -> list[TocEntry]:
    toc: list[TocEntry] = []
    for section in sections:
        if section.level == 1 or not toc:
            toc.append(TocEntry(section.anchor, section.title))
        else:
            toc[-1].children.append(TocEntry(section.anchor, section.title))
    return toc


def rulebook_page(number: int) -> RulebookPage | None:
    edition = edition_get(number)
    if edition is None:
        return None
    sections = list(edition.sections.all())
    views = [
        SectionView(
            anchor=section.anchor,
            title=section.title,
            level=section.level,
            linked_html=linked_section_html(section.pk, section.html, edition.number),
        )
        for section in sections
    ]
    editions = list(Edition.objects.all())
    earlier = [e for e in editions if e.number < number]
    later = [e for e in editions if e.number > number]
    return RulebookPage(
        edition=edition,
        sections=views,
        toc=_toc(sections),
        editions=editions,
        previous=earlier[-1] if earlier else None,
        next=later[0] if later else None,
    )


def section_landing(number: int, anchor: str) -> str | None:
    """Where to land in an edition for a place in another: the same anchor, else the section
    paired with it as the comparison pairs them (the 16th's "field" is the 17th's "zones"),
    else the section holding it (a counter's list item is in "counters"), else its chapter,
    else nothing (the top of the page)."""
    if not ANCHOR_RE.match(anchor):
        return None
    sections = Section.objects.filter(edition__number=number)
    if sections.filter(html__contains=f'id="{anchor}"').exists():
        return anchor
    anchors = set(sections.values_list("anchor", flat=True))
    if anchor not in anchors:
        renamed = _renamed_section(anchor, number)
        if renamed is not None:
            return renamed
    candidates = [anchor]
    holder = (
        Section.objects.filter(html__contains=f'id="{anchor}"')
        .values_list("anchor", "parent_anchor")
        .first()
    )
    if holder:
        candidates.extend(holder)
    parent = (
        Section.objects.filter(anchor=anchor)
        .exclude(parent_anchor="")
        .values_list("parent_anchor", flat=True)
        .first()
    )
    if parent:
        candidates.append(parent)
    return next((candidate for candidate in candidates if candidate in anchors), None)


def _renamed_section(anchor: str, number: int) -> str | None:
    """The anchor in edition ``number`` of the section found at ``anchor`` in the nearest
    edition that has one there, if the comparison of the two pairs it with one."""
    holders = Section.objects.filter(anchor=anchor).exclude(edition__number=number)
    numbers = sorted(
        set(holders.values_list("edition__number", flat=True)),
        key=lambda n: (abs(n - number), n),
    )
    if not numbers:
        return None
    paired = _section_pairs(numbers[0], number)
    return next((new for new, old in paired.items() if old.anchor == anchor), None)


# Comparing editions ---------------------------------------------------------------------------


def _section_texts(edition: Edition) -> list[SectionText]:
    return [SectionText(s.anchor, s.title, s.level, s.text) for s in edition.sections.all()]


def _editions_between(first: int, second: int) -> list[Edition]:
    low, high = sorted((first, second))
    return list(Edition.objects.filter(number__gte=low, number__lte=high).order_by("number"))


def _section_pairs(
    old_number: int, new_number: int, between: list[Edition] | None = None
) -> dict[str, SectionText]:
    """The sections of edition ``new_number`` (by anchor) paired with those of
    ``old_number``, whichever is the newer (:func:`rulebook.comparing.section_pairs`)."""
    if between is None:
        between = _editions_between(old_number, new_number)
    chain = [_section_texts(edition) for edition in between]
    return section_pairs(chain, backwards=old_number > new_number)


def compare_editions(old_number: int, new_number: int) -> Comparison[Edition] | None:
    """What changed from one edition to another (either may be the newer), section by section,
    in the second's order, as :mod:`rulebook.comparing` pairs their sections."""
    old, new = edition_get(old_number), edition_get(new_number)
    if old is None or new is None:
        return None
    between = _editions_between(old_number, new_number)

    def build() -> Comparison[Edition]:
        chain = [_section_texts(edition) for edition in between]
        by_number = {
            edition.number: sections for edition, sections in zip(between, chain, strict=True)
        }
        paired = section_pairs(chain, backwards=old_number > new_number)
        changes = section_changes(by_number[old_number], by_number[new_number], paired)
        return Comparison(old, new, changes)

    key = ("compare", (old_number, new_number, tuple((e.pk, e.content_hash) for e in between)))
    return memoized(key, build)


# Glossary search ------------------------------------------------------------------------------


def glossary_search(
    query: str = "", *, edition: int | None = None, kind: str | None = None
) -> list[SearchHit]:
    """The site's glossary searched as :func:`rulebook.searching.search_terms` says."""
    return search_terms(search_entries(), query, edition=edition, kind=kind)


# Glossary terms ------------------------------------------------------------------------------


def terms_with_definitions() -> QuerySet[Term]:
    return Term.objects.prefetch_related(
        Prefetch("definitions", queryset=Definition.objects.select_related("edition")),
        "uses",
        "used_by",
    )


def term_get(slug: str) -> Term | None:
    """The term with its definitions and relations, as the API shows it."""
    return terms_with_definitions().filter(slug=slug).first()


# The whole glossary, as one document --------------------------------------------------------

# The rulebooks' license, which their adaptation in the glossary keeps.
GLOSSARY_LICENSE = {
    "name": "CC BY-SA 4.0",
    "url": "https://creativecommons.org/licenses/by-sa/4.0/",
    "attribution": "Adapted from the Keeper of the Cards rulebooks by Keeper of the Cards.",
}


@dataclass(frozen=True)
class GlossaryExport:
    """What the glossary download holds (``rulebook.serializers.GlossaryExportSerializer``)."""

    editions: list[Edition]
    terms: list[Term]
    title: str = "Keeper of the Cards glossary"
    license: dict[str, str] = field(default_factory=lambda: dict(GLOSSARY_LICENSE))


def glossary_export() -> GlossaryExport:
    return GlossaryExport(
        editions=list(Edition.objects.all()), terms=list(terms_with_definitions())
    )


def edition_with_sections(number: int) -> Edition | None:
    """The edition with its sections in reading order, as the rulebook API shows it."""
    return Edition.objects.filter(number=number).prefetch_related("sections").first()
