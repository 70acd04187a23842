"""The rulebook and the glossary as JSON: the API's answers and the glossary download.

They read the rows :mod:`rulebook.selectors` returns (editions, sections, terms with their
definitions) and add no reads of their own beyond those rows' relations.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rulebook.content_format import KINDS
from rulebook.models import Definition, Section, Term


class TermKindField(serializers.ChoiceField):
    """A glossary term's kind: an enum of its own name (SPECTACULAR_SETTINGS'
    ENUM_NAME_OVERRIDES), apart from a card's kind."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=list(KINDS), **kwargs)


@extend_schema_field({"type": "string", "enum": ["name", "text"]})
class MatchedInField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=["name", "text"], **kwargs)


class GlossaryHitSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    kind = TermKindField()
    editions = serializers.ListField(child=serializers.IntegerField())
    matched_in = MatchedInField()
    url = serializers.CharField(help_text="The entry's page on the site.")
    api_url = serializers.CharField()


class DefinitionSerializer(serializers.Serializer):
    edition = serializers.IntegerField(source="edition.number")
    kind = TermKindField()
    anchor = serializers.CharField(help_text="Anchor of the definition in that edition's rulebook.")
    text = serializers.CharField()
    html = serializers.CharField(help_text="Sanitized HTML.")


def _definitions(term: Term) -> list[Definition]:
    """Oldest edition first, whatever order the rows were fetched in."""
    return sorted(term.definitions.all(), key=lambda d: d.edition.number)


class TermSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    kind = TermKindField()
    forms = serializers.ListField(child=serializers.CharField())
    editions = serializers.SerializerMethodField()
    definitions = serializers.SerializerMethodField()
    uses = serializers.SerializerMethodField()
    used_by = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_editions(self, term: Term) -> list[int]:
        return [definition.edition.number for definition in _definitions(term)]

    @extend_schema_field(DefinitionSerializer(many=True))
    def get_definitions(self, term: Term) -> list[dict[str, Any]]:
        return list(DefinitionSerializer(_definitions(term), many=True).data)

    @extend_schema_field(serializers.ListField(child=serializers.SlugField()))
    def get_uses(self, term: Term) -> list[str]:
        return sorted(used.slug for used in term.uses.all())

    @extend_schema_field(serializers.ListField(child=serializers.SlugField()))
    def get_used_by(self, term: Term) -> list[str]:
        return sorted(user.slug for user in term.used_by.all())


class SourceSerializer(serializers.Serializer):
    """Where an edition's rulebook comes from, and its license."""

    # Read from the Edition row, whose fields are named for the row rather than the document.
    title = serializers.CharField(source="source_title")
    author = serializers.CharField()
    url = serializers.CharField(source="source_url", allow_blank=True)
    license = serializers.CharField(source="license_name")
    license_url = serializers.CharField()
    changes = serializers.CharField(source="changes_note", allow_blank=True)


class EditionSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    title = serializers.CharField()
    source = SourceSerializer(source="*")


class SectionSerializer(serializers.Serializer):
    """One section of an edition's rulebook, in reading order."""

    anchor = serializers.CharField()
    title = serializers.CharField()
    level = serializers.IntegerField()
    parent = serializers.CharField(source="parent_anchor", allow_blank=True)
    # The edition's page (`page_url` in the context) at the section's anchor.
    url = serializers.SerializerMethodField()
    text = serializers.CharField(allow_blank=True)
    html = serializers.CharField(allow_blank=True, help_text="Sanitized HTML.")

    def get_url(self, section: Section) -> str:
        return f"{self.context['page_url']}#{section.anchor}"


class RulebookSerializer(EditionSummarySerializer):
    sections = SectionSerializer(many=True)


class GlossaryExportSerializer(serializers.Serializer):
    """The whole glossary as one document, with its license."""

    # It reads a rulebook.selectors.GlossaryExport.
    title = serializers.CharField()
    license = serializers.DictField(child=serializers.CharField())
    editions = EditionSummarySerializer(many=True)
    terms = TermSerializer(many=True)
