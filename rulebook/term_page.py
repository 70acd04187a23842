"""One glossary term's page: its definition in each edition and what changed between them,
the terms it uses and is used by, and the public cards and rulebook sections that use it."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import DatabaseError
from django.db.models import Q
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from rulebook.diffing import TextDiff, word_diff
from rulebook.linking import link_rules_html
from rulebook.matching import KeywordIndex, TermEntry
from rulebook.models import Definition, Edition, Section, Term, TermKind
from rulebook.selectors import terms_with_definitions

logger = logging.getLogger(__name__)

PUBLIC_CARDS_SHOWN = 12


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


def term_page(slug: str) -> TermPage | None:
    term = terms_with_definitions().filter(slug=slug).first()
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
        candidates = card_model.objects.filter(
            condition, visibility="public", hold__isnull=True
        ).order_by("-pk")
        for card in candidates[: limit * 5]:
            if index.find(card.ability_text):
                cards.append(CardLink(card.pk, card.name, _card_url(card.pk), card.ability_text))
            if len(cards) >= limit:
                break
    except (DatabaseError, ValueError, TypeError):
        logger.warning("Could not look up public cards for %s", term.slug, exc_info=True)
        return []
    return cards
