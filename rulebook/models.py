"""Rulebook editions, their sections, and the keyword glossary drawn from them.

Rows are written only by the loader (:mod:`rulebook.loader`), from the shipped content files
or an imported edition file; every HTML field holds sanitized HTML.
"""

from django.db import models
from django.db.models.functions import Lower


class TermKind(models.TextChoices):
    KEYWORD = "keyword", "Keyword"
    COUNTER = "counter", "Counter type"
    TERM = "term", "Glossary term"
    RULING = "ruling", "Ruling"


class Edition(models.Model):
    number = models.PositiveSmallIntegerField(unique=True)
    name = models.CharField(max_length=40, help_text='How players say it: "14th Edition".')
    title = models.CharField(max_length=200)
    source_title = models.CharField(max_length=200)
    source_url = models.URLField(blank=True)
    author = models.CharField(max_length=200)
    license_name = models.CharField(max_length=60)
    license_url = models.URLField()
    changes_note = models.TextField(
        blank=True, help_text="How the site's copy differs from the source (the license asks)."
    )
    content_hash = models.CharField(max_length=64)
    loaded_at = models.DateTimeField()

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return self.name


class Section(models.Model):
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="sections")
    anchor = models.SlugField(max_length=100)
    title = models.CharField(max_length=200)
    level = models.PositiveSmallIntegerField(default=1)
    parent_anchor = models.SlugField(max_length=100, blank=True)
    position = models.PositiveIntegerField()
    html = models.TextField()
    text = models.TextField()

    class Meta:
        ordering = ["edition__number", "position"]
        constraints = [
            models.UniqueConstraint(fields=["edition", "anchor"], name="rulebook_section_anchor")
        ]

    def __str__(self) -> str:
        return f"{self.edition.name}: {self.title}"


class Term(models.Model):
    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=20, choices=TermKind.choices)
    forms = models.JSONField(default=list, help_text="Written forms found in text.")
    link = models.BooleanField(
        default=True, help_text="Whether the term is turned into a link where text mentions it."
    )
    search_text = models.TextField(blank=True, help_text="Lowercase name, forms and definitions.")
    uses = models.ManyToManyField("self", symmetrical=False, related_name="used_by", blank=True)

    class Meta:
        ordering = [Lower("name")]

    def __str__(self) -> str:
        return self.name


class Definition(models.Model):
    term = models.ForeignKey(Term, on_delete=models.CASCADE, related_name="definitions")
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="definitions")
    kind = models.CharField(max_length=20, choices=TermKind.choices)
    anchor = models.SlugField(max_length=100, help_text="Where the edition's rulebook defines it.")
    html = models.TextField()
    text = models.TextField()

    class Meta:
        ordering = ["term", "edition__number"]
        constraints = [
            models.UniqueConstraint(fields=["term", "edition"], name="rulebook_definition_once")
        ]

    def __str__(self) -> str:
        return f"{self.term.name} ({self.edition.name})"
