"""The card pages: gallery, design, card, history, collection. Glue only: reads come from
selectors, writes go through services."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from cards import designer, previews, rules, selectors, services
from cards.check_api import MAX_ABILITY_TEXT
from cards.forms import (
    CardForm,
    CardPreviewForm,
    CopiesForm,
    EditionQueryForm,
    ImportForm,
    VisibilityForm,
)
from cards.images import ImageRejected, clean_image
from cards.marking import refurbish_segments
from cards.models import Card
from cards.render import ART_DEFAULTS, CardFace
from cards.search import DIRECTIONS, ORDERS, CardQuery, QueryError, parse_query
from cards.serializers import import_definition
from kotc_site.pagination import CappedPaginator

PAGE_SIZE = 24
PREVIEW_IMAGE_SECONDS = 60 * 60
TERM_KEYS = ("minion", "spell", "level", "sp", "hp")
# The gallery's sort select (the search's order: and direction: say the same, and win).
ORDER_LABELS = {
    "": "Best match, or newest",
    "relevance": "Best match",
    "newest": "Newest",
    "name": "Name",
    "level": "Level",
    "sp": "SP",
    "hp": "HP",
}
DIRECTION_LABELS = {"": "Usual direction", "asc": "Going up", "desc": "Going down"}
GALLERY_VIEWS = ("grid", "list")


# -- helpers ----------------------------------------------------------------------------------


def _page(request: HttpRequest, items: Any) -> Any:
    """A page of the list; its count stops at 1,000 ("1,000+"), so no page counts every
    match of a search over a million cards."""
    return CappedPaginator(items, PAGE_SIZE).get_page(request.GET.get("page"))


def _search(
    request: HttpRequest, lister: Any, *, sortable: bool = False, **kwargs: Any
) -> tuple[Any, dict[str, Any], int]:
    """Run a search page's query; a query that cannot be read is explained, not an error.
    With `sortable`, the page's order and direction parameters (its sort select) order the
    results where the query does not say."""
    q = request.GET.get("q", "").strip()
    context: dict[str, Any] = {
        "q": q,
        "query_error": None,
        "query_notes": (),
    }
    try:
        query = parse_query(q)
        if sortable:
            query = _sorted_by_page(request, query)
    except QueryError as error:
        context["query_error"] = error
        return None, context, 400
    context["query_notes"] = query.notes
    context["order"], context["direction"] = query.order or "", query.direction or ""
    return lister(q=query, **kwargs), context, 200


def _sorted_by_page(request: HttpRequest, query: CardQuery) -> CardQuery:
    """The query, ordered by the page's sort select where it does not say (order:, direction:
    in the search box win)."""
    order = request.GET.get("order", "")
    direction = request.GET.get("direction", "")
    if order and order not in ORDERS:
        raise QueryError(f"'{order}' is not a sort order; sort by {', '.join(ORDERS)}.")
    if direction and direction not in DIRECTIONS:
        raise QueryError(f"'{direction}' is not a direction; use asc or desc.")
    return dataclasses.replace(
        query, order=query.order or order or None, direction=query.direction or direction or None
    )


def terms_note(edition: rules.Edition, *, designed: bool = False) -> str | None:
    """How an older edition names the card terms, for a page that uses today's names."""
    current = rules.current_edition()
    if edition.number == current.number:
        return None
    differences = []
    for key in TERM_KEYS:
        old, new = edition.term(key), current.term(key)
        if old.strip().lower() == new.strip().lower():
            continue
        if key in ("minion", "spell"):
            differences.append(f"{new}s “{old}s”")
        else:
            differences.append(f"{new} “{old}”")
    if not differences:
        return None
    listed = (
        ", ".join(differences[:-1]) + (" and " if len(differences) > 1 else "") + differences[-1]
    )
    lead = (
        f"This card was designed for the {edition.name}, which"
        if designed
        else f"The {edition.name}"
    )
    return f"{lead} calls {listed}. This page uses the {current.name}’s names."


def _terms_notes(edition: rules.Edition, design_edition: int | None) -> list[str]:
    notes = []
    editions = rules.load_editions()
    if design_edition in editions and design_edition != edition.number:
        note = terms_note(editions[design_edition], designed=True)
        if note:
            notes.append(note)
    note = terms_note(edition)
    if note:
        notes.append(note)
    return notes


def _verdict_context(rules_card: rules.Card, edition: rules.Edition) -> dict[str, Any]:
    result = rules.check_card(rules_card, edition.number)
    return {
        "result": result,
        "edition": edition,
        "segments": refurbish_segments(rules_card.ability_text, result.replacements),
        "abilities": rules.parse_abilities(
            result.text, condition_opening=edition.condition_opening
        ),
        "terms_notes": _terms_notes(edition, rules_card.design_edition),
    }


def _edition_from(value: Any) -> rules.Edition:
    try:
        return rules.get_edition(int(value))
    except (TypeError, ValueError):
        return rules.current_edition()


# -- gallery and lists ------------------------------------------------------------------------


def gallery(request: HttpRequest) -> HttpResponse:
    """The public cards, searched as you type: the search box asks again (htmx) as it
    changes and gets the results part alone; a grid of pictures or a list."""
    cards, context, status = _search(
        request, selectors.gallery_cards, sortable=True, user=request.user
    )
    context["page_obj"] = _page(request, cards) if cards is not None else None
    context["view"] = request.GET.get("view") or "grid"
    if context["view"] not in GALLERY_VIEWS:
        context["query_notes"] = (
            *context["query_notes"],
            f"There is no '{context['view']}' view (grid or list); showing the grid.",
        )
        context["view"] = "grid"
    context["order_labels"] = ORDER_LABELS
    context["direction_labels"] = DIRECTION_LABELS
    if request.headers.get("HX-Request") == "true":
        # htmx swaps in only a successful answer: a query it cannot read is explained in it.
        return render(request, "cards/_gallery_results.html", context)
    return render(request, "cards/gallery.html", context, status=status)


@login_required
def my_cards(request: HttpRequest) -> HttpResponse:
    return _my_cards_page(request, ImportForm())


def _my_cards_page(
    request: HttpRequest, import_form: ImportForm, status: int = 200, **extra: Any
) -> HttpResponse:
    cards, context, search_status = _search(request, selectors.cards_owned_by, user=request.user)
    context["page_obj"] = _page(request, cards) if cards is not None else None
    context["import_form"] = import_form
    context.update(extra)
    return render(request, "cards/mine.html", context, status=max(status, search_status))


@login_required
def collection(request: HttpRequest) -> HttpResponse:
    entries, context, status = _search(request, selectors.collection_entries, user=request.user)
    context["page_obj"] = _page(request, entries) if entries is not None else None
    context["totals"] = selectors.collection_totals(user=request.user)
    context["withdrawn"] = selectors.collection_withdrawn(request.user)
    if entries is not None and context["q"]:
        context["matching"] = selectors.collection_totals(user=request.user, entries=entries)
    return render(request, "cards/collection.html", context, status=status)


@login_required
@require_POST
def collection_copies(request: HttpRequest, card_id: int) -> HttpResponse:
    entry = selectors.collection_entry(user=request.user, card_id=card_id)
    form = CopiesForm(request.POST)
    error = None
    if form.is_valid():
        entry = services.collection_set_copies(entry=entry, copies=form.cleaned_data["copies"])
    else:
        error = form.errors["copies"][0]
    if request.headers.get("HX-Request") == "true":
        context = {
            "entry": entry,
            "error": error,
            "totals": selectors.collection_totals(user=request.user),
            "oob": True,
            "back": _safe_next(request) or reverse("collection"),
        }
        return render(request, "cards/_collection_row.html", context)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, f"You own {entry.copies} of “{entry.card.name}”.")
    return _back(request, reverse("collection"))


@login_required
@require_POST
def collection_remove(request: HttpRequest, card_id: int) -> HttpResponse:
    entry = selectors.collection_entry(user=request.user, card_id=card_id)
    try:
        services.collection_remove(entry=entry)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, f"“{entry.card.name}” is no longer in your collection.")
    return _back(request, reverse("collection"))


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


def _back(request: HttpRequest, default: str) -> HttpResponse:
    return HttpResponseRedirect(_safe_next(request) or default)


# -- designing --------------------------------------------------------------------------------


def _preview_context(form: CardPreviewForm, image: bytes | None, user: Any) -> dict[str, Any]:
    data = form.cleaned_data if hasattr(form, "cleaned_data") else {}
    kind = data.get("kind") or Card.Kind.MINION
    face = CardFace(
        name=data.get("name") or "",
        kind=kind,
        design_edition=data.get("design_edition"),
        level=data.get("level"),
        sp=data.get("sp"),
        hp=data.get("hp"),
        ability_text=(data.get("ability_text") or "").replace("\r\n", "\n"),
        flavor_text=data.get("flavor_text") or "",
        image=image,
        # A framing that cannot be read (or is left out) draws as a card without one.
        **{
            field: default if data.get(field) is None else data[field]
            for field, default in ART_DEFAULTS.items()
        },
    )
    edition = _edition_from(data.get("edition"))
    context: dict[str, Any] = {
        # An address, not the drawing itself: see cards.previews.
        "preview_src": previews.preview_address(face=face, user=user),
        "preview_errors": [error for errors in form.errors.values() for error in errors],
    }
    if data.get("level") is not None:
        rules_card = rules.Card(
            name=face.name,
            kind=kind,
            design_edition=face.design_edition,
            level=face.level,
            sp=face.sp,
            hp=face.hp,
            ability_text=face.ability_text,
            flavor_text=face.flavor_text,
        )
        context.update(_verdict_context(rules_card, edition))
    else:
        context["abilities"] = rules.parse_abilities(
            face.ability_text, condition_opening=edition.condition_opening
        )
        context["terms_notes"] = _terms_notes(edition, face.design_edition)
    context.update(_guide_context(form, face))
    return context


def _guide_context(form: CardPreviewForm, face: CardFace) -> dict[str, Any]:
    """The guided designer's panel: the text as the card's guide reads it (or as the builder
    wrote it), and the level the guide computes, with its steps."""
    data = form.cleaned_data if hasattr(form, "cleaned_data") else {}
    guide, note = designer.guide_for(data.get("design_edition"))
    marks, reading = designer.marks(face.ability_text, guide)
    level = designer.level_of(
        kind=face.kind, sp=face.sp, hp=face.hp, text=face.ability_text, guide=guide
    )
    declared = face.level
    return {
        "design_guide": guide,
        "guide_note": note,
        "text_mode": data.get("text_mode") or "text",
        "marks": marks,
        "reading": reading,
        "written": form.written,
        "guide_level": level,
        "declared_level": declared,
        "level_mismatch": declared is not None
        and level.value is not None
        and declared != level.value,
    }


def _builder_context(
    posted: Mapping[str, Any],
    data: Mapping[str, Any],
    *,
    action: str = "",
    builder: designer.Builder | None = None,
) -> dict[str, Any]:
    """The component builder as posted, after an add or remove button (action), or read from
    the ability text ("from-text", when the builder is chosen)."""
    guide, note = designer.guide_for(data.get("design_edition"))
    builder_note = ""
    if builder is None and action == "from-text":
        text = str(posted.get("ability_text", ""))[:MAX_ABILITY_TEXT]
        builder = designer.builder_from_text(text, guide)
        if builder is None and text.strip():
            builder_note = (
                f"The text is not made of the {guide.name} guide's components, so the builder"
                " keeps its own design; building replaces the text."
            )
    if builder is None:
        builder = designer.builder_from_fields(posted, guide)
        designer.apply_action(builder, action)
    kind = data.get("kind") or Card.Kind.MINION
    designer.write(builder, kind=kind)  # reads every slot, for what the page shows of it
    return {
        "builder": builder,
        "design_guide": guide,
        "guide_note": note,
        "builder_note": builder_note,
        "kind": kind,
        "text_mode": data.get("text_mode") or "text",
        "component_lists": designer.component_lists(guide),
    }


def _stash_preview_image(content: bytes) -> str:
    token = secrets.token_urlsafe(24)
    cache.set(f"card-preview-image:{token}", content, PREVIEW_IMAGE_SECONDS)
    return token


def _preview_image(request: HttpRequest, form: CardPreviewForm) -> tuple[bytes | None, str, str]:
    """The picture the preview shows: a file just chosen, one chosen earlier in this form
    (kept server-side under a token), or the card's stored image. Also the token to keep and
    any error about a chosen file."""
    upload = request.FILES.get("image")
    if upload:
        try:
            picture = clean_image(upload, upload.name)
        except ImageRejected as error:
            return None, "", str(error)
        return picture.content, _stash_preview_image(picture.content), ""
    data = form.cleaned_data
    token = data.get("preview_image") or ""
    if token:
        content = cache.get(f"card-preview-image:{token}")
        if content is not None:
            return content, token, ""
    if data.get("remove_image"):
        return None, "", ""
    card_id = data.get("card_id")
    if card_id and request.user.is_authenticated:
        card = Card.objects.filter(pk=card_id, owner=request.user).first()
        if card is not None:
            return services.read_card_image(card), "", ""
    return None, "", ""


@require_POST
def card_preview(request: HttpRequest) -> HttpResponse:
    """The live preview of the design form: the card drawn as typed, its verdict, and how the
    game reads its text. Always answers with the partial; problems are listed in it."""
    if not request.user.is_authenticated:
        return HttpResponse(
            '<p class="errors" role="alert">Log in again to see the preview.</p>', status=403
        )
    form = CardPreviewForm(request.POST)
    form.is_valid()
    image, token, image_error = _preview_image(request, form)
    context = _preview_context(form, image, request.user)
    context.update({"preview_token": token, "image_error": image_error, "oob_token": True})
    return render(request, "cards/_preview.html", context)


@require_GET
def card_preview_image(request: HttpRequest, preview: str) -> HttpResponse:
    """A drawing of the live preview (cards.previews), for the designer who made it; a 404
    for anyone else, and once it is no longer kept."""
    image = previews.preview_image(key=preview, user=request.user)
    if image is None:
        raise Http404("No such preview.")
    response = HttpResponse(image, content_type="image/webp")
    # The address names the drawing's content, so it never changes while it lives; and it is
    # this designer's alone.
    response["Cache-Control"] = f"private, max-age={previews.PREVIEW_SECONDS}, immutable"
    return response


@require_POST
def card_builder(request: HttpRequest) -> HttpResponse:
    """The component builder of the design form, after an add or remove button, a change of
    mode, kind or Edition Indicator. The preview follows it (the kotc-builder event)."""
    if not request.user.is_authenticated:
        return HttpResponse(
            '<p class="errors" role="alert">Log in again to build abilities.</p>', status=403
        )
    form = CardPreviewForm(request.POST)
    form.is_valid()
    action = request.POST.get("builder", "")
    context = _builder_context(request.POST, form.cleaned_data, action=action)
    response = render(request, "cards/_builder.html", context)
    response["HX-Trigger-After-Settle"] = "kotc-builder"
    return response


def _stashed_image(token: str) -> bytes | None:
    if not token or len(token) > 64:
        return None
    return cache.get(f"card-preview-image:{token}")


def _design(request: HttpRequest, card: Card | None) -> HttpResponse:
    token = ""
    # Without JavaScript, the builder's buttons send the whole form: the page comes back with
    # the builder changed, and nothing is saved.
    action = request.POST.get("builder", "") if request.method == "POST" else ""
    builder = None
    if action:
        posted = {key: value for key, value in request.POST.items() if key != "image"}
        form = CardForm(initial={**posted, "level_auto": bool(posted.get("level_auto"))}, card=card)
        token = request.POST.get("preview_image", "")
        status = 200
    elif request.method == "POST":
        form = CardForm(request.POST, request.FILES, card=card)
        token = request.POST.get("preview_image", "")
        if form.is_valid():
            data = form.cleaned_data
            image: Any = services.UNCHANGED
            if data.get("image") is not None:
                image = data["image"]
            elif _stashed_image(token) is not None:
                # A picture chosen before the form came back with errors.
                image = _stashed_image(token)
            elif data.get("remove_image"):
                image = None
            try:
                if card is None:
                    saved = services.card_create(
                        owner=request.user,
                        definition=form.definition(),
                        image=None if image is services.UNCHANGED else image,
                        visibility=data["visibility"],
                    )
                else:
                    saved = services.card_update(
                        card=card,
                        user=request.user,
                        definition=form.definition(),
                        image=image,
                        visibility=data["visibility"],
                    )
            except ValidationError as error:
                _merge_errors(form, error)
            else:
                messages.success(request, f"“{saved.name}” is saved.")
                return redirect(saved)
        chosen = getattr(form, "cleaned_data", {}).get("image")
        if chosen is not None:
            token = _stash_preview_image(chosen.content)
        status = 400
    else:
        initial: dict[str, Any] = {}
        if card is not None:
            initial = {**card.definition(), "visibility": card.visibility}
        if card is not None:
            guide, _ = designer.guide_for(card.design_edition)
            builder = designer.builder_from_text(card.ability_text, guide)
            level = designer.level_of(
                kind=card.kind, sp=card.sp, hp=card.hp, text=card.ability_text, guide=guide
            )
            initial["level_auto"] = level.value == card.level
        form = CardForm(initial=initial, card=card)
        status = 200
    posted_data = form.data if form.is_bound else request.POST
    builder_context = _builder_context(
        posted_data,
        {name: form[name].value() for name in ("design_edition", "kind", "text_mode")},
        action=action,
        builder=builder,
    )
    extra = designer.fields_of(builder_context["builder"]) if action else {}
    preview_form = CardPreviewForm({**_preview_data(form, card, token), **extra})
    preview_form.is_valid()
    image_content = _stashed_image(token)
    if (
        image_content is None
        and card is not None
        and not preview_form.cleaned_data.get("remove_image")
    ):
        image_content = services.read_card_image(card)
    context = _preview_context(preview_form, image_content, request.user)
    context.update(builder_context)
    context.update(
        {"form": form, "card": card, "preview_form": preview_form, "preview_token": token}
    )
    return render(request, "cards/design.html", context, status=status)


def _preview_data(form: CardForm, card: Card | None, token: str) -> dict[str, Any]:
    """What the first preview on the page is drawn from: the posted form, or the initial."""
    if form.is_bound:
        data = {key: form.data.get(key, "") for key in form.data}
    else:
        data = {name: form[name].value() for name in form.fields if name != "image"}
        data = {key: "" if value is None else value for key, value in data.items()}
    data["preview_image"] = token
    if card is not None:
        data["card_id"] = card.pk
    return data


def _merge_errors(form: CardForm, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, problems in error.message_dict.items():
            form.add_error(field if field in form.fields else None, problems)
    else:
        form.add_error(None, error.messages)


@login_required
def card_new(request: HttpRequest) -> HttpResponse:
    return _design(request, None)


@login_required
def card_edit(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    return _design(request, card)


# -- one card ---------------------------------------------------------------------------------


def card_detail(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    query = EditionQueryForm(request.GET)
    query.is_valid()
    for problem in query.problems():
        messages.error(request, problem)
    edition = _edition_from(query.cleaned_data.get("edition"))
    context = _verdict_context(card.to_rules_card(), edition)
    is_owner = request.user.is_authenticated and card.owner_id == request.user.pk
    original = None
    if card.forked_from_id:
        original = (
            Card.objects.filter(selectors.card_viewable_q(request.user), pk=card.forked_from_id)
            .select_related("owner")
            .first()
        )
    context.update(
        {
            "card": card,
            "is_owner": is_owner,
            "entry": selectors.owned_copies(user=request.user, card=card),
            "original": original,
            "editions": [
                (n, e.name) for n, e in sorted(rules.load_editions().items(), reverse=True)
            ],
            "current_edition_number": rules.current_edition().number,
            "visibility_form": VisibilityForm(initial={"visibility": card.visibility}),
            "revision_count": selectors.revisions_visible_to(card, request.user).count(),
            "fork_count": card.forks.filter(selectors.card_viewable_q(request.user)).count(),
            "share_url": request.build_absolute_uri(card.get_absolute_url()),
        }
    )
    return render(request, "cards/detail.html", context, status=400 if query.errors else 200)


def card_history(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    context = {
        "card": card,
        "revisions": selectors.card_history(card=card, user=request.user),
        "is_owner": request.user.is_authenticated and card.owner_id == request.user.pk,
    }
    return render(request, "cards/history.html", context)


@login_required
@require_POST
def card_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    try:
        card = services.card_restore(card=card, user=request.user, number=number)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("card-history", pk=card.pk)
    messages.success(request, f"Revision {number} is restored as the newest revision.")
    return redirect(card)


@login_required
@require_POST
def card_refurbish(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    try:
        card = services.card_refurbish(card=card, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request, f"“{card.name}” is refurbished: its new text is saved as a new revision."
        )
    return redirect(card)


@login_required
@require_POST
def card_fork(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    copy = services.card_fork(card=card, user=request.user)
    messages.success(request, f"“{copy.name}” is now one of your cards. Make it your own.")
    return redirect(copy)


@login_required
@require_POST
def card_collect(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    form = CopiesForm(request.POST)
    copies = form.cleaned_data["copies"] if form.is_valid() else None
    if "copies" in request.POST and not form.is_valid():
        messages.error(request, form.errors["copies"][0])
        return redirect(card)
    entry, created = services.collection_add(user=request.user, card=card, copies=copies)
    if created:
        messages.success(request, f"“{card.name}” is in your collection.")
    else:
        messages.success(request, f"You own {entry.copies} of “{card.name}”.")
    return redirect(card)


@login_required
@require_POST
def card_visibility(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    form = VisibilityForm(request.POST)
    if form.is_valid():
        card = services.card_update(
            card=card, user=request.user, visibility=form.cleaned_data["visibility"]
        )
        messages.success(request, f"“{card.name}” is now {card.get_visibility_display().lower()}.")
    else:
        messages.error(request, "Choose private, unlisted or public.")
    return redirect(card)


@login_required
def card_delete(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    if request.method == "POST":
        name = card.name
        services.card_delete(card=card, user=request.user)
        messages.success(request, f"“{name}” is deleted.")
        return redirect("my-cards")
    return render(request, "cards/confirm_delete.html", {"card": card})


@login_required
@require_POST
def card_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            definition, notes = import_definition(form.cleaned_data["card"])
            card = services.card_import(owner=request.user, data=definition)
        except ValidationError as error:
            problems = (
                [f"{_label(field)}: {m}" for field, ms in error.message_dict.items() for m in ms]
                if hasattr(error, "error_dict")
                else error.messages
            )
            for problem in problems:
                form.add_error(None, problem)
        else:
            for note in notes:
                messages.info(request, note)
            messages.success(request, f"“{card.name}” is imported as a private card.")
            return redirect(card)
    return _my_cards_page(request, form, status=400, show_import=True)


def _label(field: str) -> str:
    return selectors.FIELD_LABELS.get(field, field.replace("_", " ").capitalize())
