"""Reading the rulebook and the glossary: what pages and the API show."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from html import escape
from typing import Any

from django.apps import apps
from django.db import DatabaseError
from django.db.models import Prefetch, Q
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from cards import rules
from rulebook.diffing import TextDiff, word_diff
from rulebook.glossary_cache import SearchEntry, memoized, search_entries
from rulebook.htmltext import ANCHOR_RE
from rulebook.keywords import KeywordIndex, TermEntry, find_keywords, form_key, short_definition
from rulebook.linking import link_rules_html, linked_section_html
from rulebook.models import Definition, Edition, Section, Term, TermKind

logger = logging.getLogger(__name__)

MAX_QUERY = 100
PUBLIC_CARDS_SHOWN = 12


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
    holding it (a counter's list item is in "counters"), else its chapter, else nothing (the
    top of the page)."""
    if not ANCHOR_RE.match(anchor):
        return None
    sections = Section.objects.filter(edition__number=number)
    if sections.filter(html__contains=f'id="{anchor}"').exists():
        return anchor
    anchors = set(sections.values_list("anchor", flat=True))
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


def rulebook_sections(number: int) -> list[Section]:
    return list(Section.objects.filter(edition__number=number).order_by("position"))


# Comparing editions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SectionChange:
    anchor: str
    title: str
    old_title: str
    level: int
    status: str  # "changed", "unchanged", "added" or "removed"
    diff: TextDiff | None
    old_text: str = ""
    new_text: str = ""

    @property
    def diff_html(self) -> SafeString:
        return mark_safe(self.diff.html if self.diff else "")


@dataclass(frozen=True)
class Comparison:
    old: Edition
    new: Edition
    changes: list[SectionChange]

    def count(self, status: str) -> int:
        return sum(1 for change in self.changes if change.status == status)

    @property
    def changed(self) -> int:
        return self.count("changed")

    @property
    def added(self) -> int:
        return self.count("added")

    @property
    def removed(self) -> int:
        return self.count("removed")

    @property
    def unchanged(self) -> int:
        return self.count("unchanged")


def _title_key(title: str) -> str:
    return re.sub(r"^the\s+", "", re.sub(r"[^a-z0-9 ]+", "", title.lower())).strip()


def compare_editions(old_number: int, new_number: int) -> Comparison | None:
    """What changed from one edition to another, section by section, in the newer's order.
    Sections are paired by anchor, then by title; the rest are added or removed."""
    old, new = edition_get(old_number), edition_get(new_number)
    if old is None or new is None:
        return None

    def build() -> Comparison:
        before = list(old.sections.all())
        after = list(new.sections.all())
        by_anchor = {s.anchor: s for s in before}
        by_title = {_title_key(s.title): s for s in before}
        paired: dict[str, Section] = {}
        for section in after:
            match = by_anchor.get(section.anchor) or by_title.get(_title_key(section.title))
            if match is not None and match.anchor not in {m.anchor for m in paired.values()}:
                paired[section.anchor] = match
        used = {m.anchor for m in paired.values()}
        changes: list[SectionChange] = []
        removed_after: dict[str, list[Section]] = {}
        last_anchor = ""
        for section in before:
            if section.anchor in used:
                last_anchor = next(a for a, m in paired.items() if m.anchor == section.anchor)
            else:
                removed_after.setdefault(last_anchor, []).append(section)

        def removed(sections: list[Section]) -> None:
            for section in sections:
                changes.append(
                    SectionChange(
                        section.anchor,
                        section.title,
                        section.title,
                        section.level,
                        "removed",
                        word_diff(section.text, ""),
                        old_text=section.text,
                    )
                )

        removed(removed_after.get("", []))
        for section in after:
            match = paired.get(section.anchor)
            if match is None:
                changes.append(
                    SectionChange(
                        section.anchor,
                        section.title,
                        "",
                        section.level,
                        "added",
                        word_diff("", section.text),
                        new_text=section.text,
                    )
                )
            else:
                diff = word_diff(match.text, section.text)
                changes.append(
                    SectionChange(
                        section.anchor,
                        section.title,
                        match.title,
                        section.level,
                        "changed" if diff.changed or match.title != section.title else "unchanged",
                        diff,
                        old_text=match.text,
                        new_text=section.text,
                    )
                )
            removed(removed_after.get(section.anchor, []))
        return Comparison(old, new, changes)

    key = ("compare", (old.pk, old.content_hash, new.pk, new.content_hash))
    return memoized(key, build)


# Glossary search ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SearchHit:
    slug: str
    name: str
    kind: str
    editions: tuple[int, ...]
    snippet: SafeString
    matched_in: str  # "name" or "text"


def normalize_query(query: str) -> str:
    return " ".join(query.lower().replace("\u2019", "'").split())[:MAX_QUERY]


def _snippet(text: str, patterns: list[re.Pattern[str]], width: int = 160) -> SafeString:
    spans = []
    for pattern in patterns:
        hit = pattern.search(text)
        if hit:
            spans.append((hit.start(), hit.end()))
    if not spans:
        return mark_safe(escape(short_definition(text, width)))
    first = min(start for start, _ in spans)
    start = max(0, first - width // 3)
    if start:
        start = text.find(" ", start) + 1 or start
    end = min(len(text), start + width)
    if end < len(text):
        end = text.rfind(" ", start, end) if text.rfind(" ", start, end) > first else end
    window = text[start:end]
    marked = []
    position = 0
    combined = re.compile("|".join(p.pattern for p in patterns), re.IGNORECASE)
    for hit in combined.finditer(window):
        marked.append(escape(window[position : hit.start()]))
        marked.append(f"<mark>{escape(hit.group())}</mark>")
        position = hit.end()
    marked.append(escape(window[position:]))
    prefix = "…" if start else ""
    suffix = "…" if end < len(text) else ""
    return mark_safe(prefix + "".join(marked) + suffix)


def _rank(
    entry: SearchEntry, query: str, words: list[str], patterns: list[re.Pattern[str]]
) -> int | None:
    key = form_key(query)
    if entry.name_key == query or key in entry.forms:
        return 0
    if entry.name_key.startswith(query):
        return 1
    if any(form.startswith(key) for form in entry.forms):
        return 2
    if all(any(word.startswith(w) for word in entry.words) for w in words):
        return 3
    if all(pattern.search(entry.body) for pattern in patterns):
        return 4
    return None


def glossary_search(
    query: str = "", *, edition: int | None = None, kind: str | None = None
) -> list[SearchHit]:
    """Terms whose name or written forms start with the query (best first), then terms whose
    definitions contain every word of it as the start of a word; A to Z within each rank.
    An empty query lists every term A to Z."""
    query = normalize_query(query)
    words = query.replace("-", " ").split()
    patterns = [re.compile(r"(?<![\w])" + re.escape(word), re.IGNORECASE) for word in words]
    ranked: list[tuple[int, str, SearchEntry]] = []
    for entry in search_entries():
        if edition is not None and edition not in entry.editions:
            continue
        if kind and entry.kind != kind:
            continue
        rank = _rank(entry, query, words, patterns) if query else 0
        if rank is not None:
            ranked.append((rank, entry.name_key, entry))
    ranked.sort(key=lambda item: (item[0], item[1]))
    hits = []
    for rank, _, entry in ranked:
        in_text = rank == 4
        hits.append(
            SearchHit(
                slug=entry.slug,
                name=entry.name,
                kind=entry.kind,
                editions=entry.editions,
                snippet=_snippet(entry.definition, patterns if in_text else []),
                matched_in="text" if in_text else "name",
            )
        )
    return hits


def glossary_letters(hits: list[SearchHit]) -> list[tuple[str, list[SearchHit]]]:
    """Hits grouped under their first letter, A to Z."""
    groups: dict[str, list[SearchHit]] = {}
    for hit in sorted(hits, key=lambda h: h.name.lower()):
        letter = hit.name[:1].upper()
        groups.setdefault(letter if letter.isalpha() else "#", []).append(hit)
    return sorted(groups.items())


def term_kinds() -> list[tuple[str, str]]:
    return list(TermKind.choices)


# One term -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DefinitionView:
    definition: Definition
    edition: Edition
    html: SafeString
    rulebook_url: str
    previous_edition: Edition | None
    changes: TextDiff | None

    @property
    def changes_html(self) -> SafeString:
        return mark_safe(self.changes.html if self.changes else "")


@dataclass(frozen=True)
class CardLink:
    pk: Any
    name: str
    url: str
    ability_text: str


@dataclass(frozen=True)
class Mention:
    edition: int
    anchor: str
    title: str


@dataclass(frozen=True)
class TermPage:
    term: Term
    kind_label: str
    forms: list[str]
    definitions: list[DefinitionView]
    editions: list[int]
    all_editions: list[Edition]
    uses: list[Term]
    used_by: list[Term]
    cards: list[CardLink]
    mentions: list[Mention]
    previous: Term | None
    next: Term | None


def _local_links(html: str, edition: int) -> str:
    """Anchors within a rulebook page, made to work from elsewhere on the site."""
    base = reverse("rulebook-edition", args=[edition])
    return re.sub(r'href="#([a-z0-9-]+)"', lambda m: f'href="{base}#{m.group(1)}"', html)


def term_get(slug: str) -> Term | None:
    return Term.objects.filter(slug=slug).first()


def term_page(slug: str) -> TermPage | None:
    term = (
        Term.objects.filter(slug=slug)
        .prefetch_related(
            Prefetch("definitions", queryset=Definition.objects.select_related("edition")),
            "uses",
            "used_by",
        )
        .first()
    )
    if term is None:
        return None
    definitions = sorted(term.definitions.all(), key=lambda d: d.edition.number)
    views: list[DefinitionView] = []
    previous: Definition | None = None
    for definition in definitions:
        number = definition.edition.number
        html = link_rules_html(definition.html, edition=number, exclude={term.slug})
        views.append(
            DefinitionView(
                definition=definition,
                edition=definition.edition,
                html=mark_safe(_local_links(html, number)),
                rulebook_url=reverse("rulebook-edition", args=[number]) + f"#{definition.anchor}",
                previous_edition=previous.edition if previous else None,
                changes=word_diff(previous.text, definition.text) if previous else None,
            )
        )
        previous = definition
    views.reverse()  # newest first
    numbers = [d.edition.number for d in definitions]
    names = list(Term.objects.values_list("slug", flat=True))
    position = names.index(term.slug)
    before = names[position - 1] if position else None
    after = names[position + 1] if position + 1 < len(names) else None
    neighbours = Term.objects.in_bulk([s for s in (before, after) if s], field_name="slug")
    return TermPage(
        term=term,
        kind_label=TermKind(definitions[-1].kind).label if definitions else term.get_kind_display(),
        # "#" in a form stands for a number or a placeholder letter.
        forms=[form.replace("#", "x") for form in term.forms],
        definitions=views,
        editions=numbers,
        all_editions=list(Edition.objects.all()),
        uses=sorted(term.uses.all(), key=lambda t: t.name.lower()),
        used_by=sorted(term.used_by.all(), key=lambda t: t.name.lower()),
        cards=public_cards_using(term),
        mentions=term_mentions(term, numbers[-1]) if numbers else [],
        previous=neighbours.get(before) if before else None,
        next=neighbours.get(after) if after else None,
    )


def term_mentions(term: Term, edition: int) -> list[Mention]:
    """Sections of an edition's rulebook whose text uses the term."""
    index = KeywordIndex([TermEntry(slug=term.slug, name=term.name, forms=tuple(term.forms))])
    mentions = []
    for anchor, title, text in Section.objects.filter(edition__number=edition).values_list(
        "anchor", "title", "text"
    ):
        if index.find(text):
            mentions.append(Mention(edition, anchor, title))
    return mentions


def _card_model() -> Any | None:
    try:
        return apps.get_model("cards", "Card")
    except LookupError:
        return None


def _card_url(pk: Any) -> str:
    try:
        return reverse("card-detail", kwargs={"pk": pk})
    except Exception:  # the cards app may not publish its pages yet
        return ""


def public_cards_using(term: Term, limit: int = PUBLIC_CARDS_SHOWN) -> list[CardLink]:
    """Public cards whose ability text uses the term, newest first when the model says so."""
    card_model = _card_model()
    if card_model is None:
        return []
    needles = sorted(
        {form.replace("#-", "").replace("#", "") for form in (term.name.lower(), *term.forms)}
    )
    condition = Q()
    for needle in needles:
        if needle:
            condition |= Q(ability_text__icontains=needle)
    if not condition:
        return []
    index = KeywordIndex(
        [TermEntry(slug=term.slug, name=term.name, forms=tuple(term.forms), link=True)]
    )
    cards: list[CardLink] = []
    try:
        candidates = card_model.objects.filter(condition, visibility="public").order_by("-pk")
        for card in candidates[: limit * 5]:
            if find_keywords(card.ability_text, index=index):
                cards.append(CardLink(card.pk, card.name, _card_url(card.pk), card.ability_text))
            if len(cards) >= limit:
                break
    except (DatabaseError, ValueError, TypeError):
        logger.warning("Could not look up public cards for %s", term.slug, exc_info=True)
        return []
    return cards


# The whole glossary, as one document --------------------------------------------------------


def glossary_export() -> dict[str, Any]:
    editions = list(Edition.objects.all())
    terms = Term.objects.prefetch_related(
        Prefetch("definitions", queryset=Definition.objects.select_related("edition")),
        "uses",
        "used_by",
    )
    return {
        "title": "Keeper of the Cards glossary",
        "license": {
            "name": "CC BY-SA 4.0",
            "url": "https://creativecommons.org/licenses/by-sa/4.0/",
            "attribution": "Adapted from the Keeper of the Cards rulebooks by Keeper of the Cards.",
        },
        "editions": [edition_summary(e) for e in editions],
        "terms": [term_document(t) for t in terms],
    }


def edition_summary(edition: Edition) -> dict[str, Any]:
    return {
        "number": edition.number,
        "name": edition.name,
        "title": edition.title,
        "source": {
            "title": edition.source_title,
            "author": edition.author,
            "url": edition.source_url,
            "license": edition.license_name,
            "license_url": edition.license_url,
            "changes": edition.changes_note,
        },
    }


def term_document(term: Term) -> dict[str, Any]:
    definitions = sorted(term.definitions.all(), key=lambda d: d.edition.number)
    return {
        "slug": term.slug,
        "name": term.name,
        "kind": term.kind,
        "forms": list(term.forms),
        "editions": [d.edition.number for d in definitions],
        "definitions": [
            {
                "edition": d.edition.number,
                "kind": d.kind,
                "anchor": d.anchor,
                "text": d.text,
                "html": d.html,
            }
            for d in definitions
        ],
        "uses": sorted(t.slug for t in term.uses.all()),
        "used_by": sorted(t.slug for t in term.used_by.all()),
    }
