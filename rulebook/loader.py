"""Writing rulebook editions into the database.

The loader takes the model classes as arguments, so the post_migrate handler
(:mod:`rulebook.apps`) can pass the historical models the migrations left and
:mod:`rulebook.services` the real ones. Loading is idempotent: an
edition whose file has not changed (same content hash) is left exactly as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from rulebook.content_format import EditionData
from rulebook.matching import KeywordIndex, TermEntry


@dataclass(frozen=True)
class RulebookModels:
    Edition: Any
    Section: Any
    Term: Any
    Definition: Any


@dataclass(frozen=True)
class LoadResult:
    number: int
    status: str  # "created", "updated" or "unchanged"
    sections: int
    terms: int

    @property
    def changed(self) -> bool:
        return self.status != "unchanged"


def load_edition(data: EditionData, models: RulebookModels) -> LoadResult:
    """Create or replace one edition, its sections and its glossary definitions."""
    edition = models.Edition.objects.filter(number=data.number).first()
    if edition is not None and edition.content_hash == data.content_hash:
        return LoadResult(data.number, "unchanged", len(data.sections), len(data.terms))
    status = "created" if edition is None else "updated"
    fields = {
        "name": data.name,
        "title": data.title,
        "source_title": data.source.title,
        "source_url": data.source.url,
        "author": data.source.author,
        "license_name": data.source.license,
        "license_url": data.source.license_url,
        "changes_note": data.source.changes,
        "content_hash": data.content_hash,
        "loaded_at": datetime.now(UTC),
    }
    if edition is None:
        edition = models.Edition.objects.create(number=data.number, **fields)
    else:
        for name, value in fields.items():
            setattr(edition, name, value)
        edition.save()

    models.Section.objects.filter(edition=edition).delete()
    models.Section.objects.bulk_create(
        models.Section(
            edition=edition,
            anchor=section.anchor,
            title=section.title,
            level=section.level,
            parent_anchor=section.parent,
            position=position,
            html=section.html,
            text=section.text,
        )
        for position, section in enumerate(data.sections)
    )

    models.Definition.objects.filter(edition=edition).exclude(
        term__slug__in=[t.slug for t in data.terms]
    ).delete()
    for item in data.terms:
        term, created = models.Term.objects.get_or_create(
            slug=item.slug,
            defaults={"name": item.name, "kind": item.kind, "forms": list(item.forms)},
        )
        newest = not models.Definition.objects.filter(
            term=term, edition__number__gt=data.number
        ).exists()
        if newest and not created:
            # The newest edition that defines a term names it and says how it is written.
            term.name, term.kind, term.link = item.name, item.kind, item.link
        term.forms = sorted(set(term.forms) | set(item.forms), key=lambda f: (len(f), f))
        if created:
            term.link = item.link
        term.save()
        models.Definition.objects.update_or_create(
            term=term,
            edition=edition,
            defaults={
                "kind": item.kind,
                "anchor": item.anchor,
                "html": item.html,
                "text": item.text,
            },
        )
    models.Term.objects.filter(definitions__isnull=True).delete()
    refresh_term_relations(models)
    return LoadResult(data.number, status, len(data.sections), len(data.terms))


def refresh_term_relations(models: RulebookModels) -> None:
    """Recompute what each term's definitions use, and each term's search text."""
    terms = list(models.Term.objects.all())
    definitions: dict[int, list[Any]] = {}
    for definition in models.Definition.objects.all():
        definitions.setdefault(definition.term_id, []).append(definition)
    index = KeywordIndex(
        TermEntry(slug=t.slug, name=t.name, forms=tuple(t.forms), link=t.link) for t in terms
    )
    by_slug = {t.slug: t for t in terms}
    for term in terms:
        texts = [d.text for d in definitions.get(term.id, [])]
        used = {
            match.slug for text in texts for match in index.find(text) if match.slug != term.slug
        }
        term.uses.set([by_slug[slug] for slug in sorted(used)])
        search_text = " \n".join([term.name, " ".join(term.forms), *texts]).lower()
        if term.search_text != search_text:
            term.search_text = search_text
            term.save(update_fields=["search_text"])
