"""Rulebook and glossary pages. Thin: they read through :mod:`rulebook.selectors`."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from rulebook import searching, selectors, term_page
from rulebook.models import Edition, TermKind

MAX_TEXT = 2000


class GlossaryFilterForm(forms.Form):
    q = forms.CharField(required=False, max_length=searching.MAX_QUERY, label="Search")
    edition = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label="Edition")
    kind = forms.ChoiceField(required=False, label="Kind")

    def __init__(self, *args: object, editions: list[Edition], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = [("", "All editions")] + [
            (e.number, e.name) for e in editions
        ]
        self.fields["kind"].choices = [("", "All kinds"), *TermKind.choices]

    def value(self, name: str) -> object:
        """The cleaned value, or None where the field was invalid (the rest still apply)."""
        if not hasattr(self, "cleaned_data"):
            self.is_valid()
        return self.cleaned_data.get(name) or None


class ComparePickForm(forms.Form):
    """?old=13&new=14: editions on file, by number (written with the digits 0-9)."""

    old = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    new = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)

    def __init__(self, *args: object, numbers: list[int], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        for name in ("old", "new"):
            self.fields[name].choices = [(number, str(number)) for number in numbers]


def _htmx_partial(request: HttpRequest) -> bool:
    """An htmx request wants the part of the page it swaps in; a history restore wants it all."""
    return request.headers.get("HX-Request") == "true" and not request.headers.get(
        "HX-History-Restore-Request"
    )


def _edition_or_404(number: int) -> Edition:
    edition = selectors.edition_get(number)
    if edition is None:
        raise Http404(f"There is no rulebook for edition {number}.")
    return edition


@require_GET
def rulebook_current(request: HttpRequest) -> HttpResponse:
    number = selectors.current_edition_number()
    if number is None:
        raise Http404("No rulebook edition is loaded.")
    return _rulebook(request, number, is_current=True)


@require_GET
def rulebook_edition(request: HttpRequest, edition: int) -> HttpResponse:
    if "section" in request.GET:
        # The edition switcher: land on the same section, or its chapter, in this edition.
        _edition_or_404(edition)
        landing = selectors.section_landing(edition, request.GET.get("section", "").strip())
        url = reverse("rulebook-edition", args=[edition])
        return HttpResponseRedirect(f"{url}#{landing}" if landing else url)
    return _rulebook(request, edition, is_current=False)


def _rulebook(request: HttpRequest, number: int, *, is_current: bool) -> HttpResponse:
    page = selectors.rulebook_page(number)
    if page is None:
        raise Http404(f"There is no rulebook for edition {number}.")
    return render(
        request,
        "rulebook/edition.html",
        {
            "page": page,
            "edition": page.edition,
            "is_current": is_current,
            "attribution_editions": [page.edition],
        },
    )


@require_GET
def rulebook_compare(request: HttpRequest, old: int, new: int) -> HttpResponse:
    _edition_or_404(old)
    _edition_or_404(new)
    comparison = selectors.compare_editions(old, new)
    if comparison is None:
        raise Http404("Unknown edition.")
    return render(
        request,
        "rulebook/compare.html",
        {
            "comparison": comparison,
            "editions": list(Edition.objects.all()),
            "attribution_editions": [comparison.old, comparison.new],
        },
    )


@require_GET
def rulebook_compare_pick(request: HttpRequest) -> HttpResponse:
    """The compare form without JavaScript: ``?old=13&new=14`` goes to the comparison."""
    numbers = selectors.edition_numbers()
    if len(numbers) < 2:
        raise Http404("Comparing needs two editions.")
    form = ComparePickForm(request.GET, numbers=numbers)
    if not form.is_valid():
        raise Http404("Unknown edition.")
    old = form.cleaned_data["old"] or numbers[-2]
    new = form.cleaned_data["new"] or numbers[-1]
    return HttpResponseRedirect(reverse("rulebook-compare", args=[old, new]))


@require_GET
def glossary(request: HttpRequest) -> HttpResponse:
    editions = list(Edition.objects.all())
    form = GlossaryFilterForm(request.GET or None, editions=editions)
    query = str(form.value("q") or "") if request.GET else ""
    edition = form.value("edition") if request.GET else None
    kind = form.value("kind") if request.GET else None
    hits = selectors.glossary_search(
        query,
        edition=edition if isinstance(edition, int) else None,
        kind=str(kind) if kind else None,
    )
    partial = _htmx_partial(request)
    context = {
        "form": form,
        "query": query,
        "hits": hits,
        "partial": partial,
        "letters": searching.glossary_letters(hits) if not query else [],
        "editions": editions,
        "total": len(selectors.glossary_search()),
        "attribution_editions": editions,
    }
    template = "rulebook/_glossary_results.html" if partial else "rulebook/glossary.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
def glossary_term(request: HttpRequest, slug: str) -> HttpResponse:
    page = term_page.term_page(slug)
    if page is None:
        raise Http404(f"No glossary entry {slug!r}.")
    return render(
        request,
        "rulebook/term.html",
        {"page": page, "term": page.term, "attribution_editions": page.all_editions},
    )


class AnnotateForm(forms.Form):
    text = forms.CharField(
        required=False,
        max_length=MAX_TEXT,
        label="Ability text",
        widget=forms.Textarea(attrs={"rows": 5}),
    )
    # Acts on a choice made, not on each arrow key (static/js/site.js, data-confirm-choice).
    edition = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        widget=forms.Select(attrs={"data-confirm-choice": True}),
    )

    def __init__(self, *args: object, editions: list[Edition], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = [("", "Every edition")] + [
            (e.number, e.name) for e in editions
        ]


@require_GET
def glossary_annotate(request: HttpRequest) -> HttpResponse:
    """Paste ability text, see its keywords linked and explained."""
    editions = list(Edition.objects.all())
    form = AnnotateForm(request.GET or None, editions=editions)
    text, edition = "", None
    if form.is_bound and form.is_valid():
        text = form.cleaned_data["text"]
        edition = form.cleaned_data["edition"]
    context = {
        "form": form,
        "text": text,
        "edition": edition,
        "editions": editions,
        "attribution_editions": editions,
    }
    partial = _htmx_partial(request)
    template = "rulebook/_annotated.html" if partial else "rulebook/annotate.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response
