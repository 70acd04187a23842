"""Designing a card: the design form, new or for one of your cards. The live preview and the
component builder beside it are cards.views.preview."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from cards import design_preview, designer, renders, selectors, services
from cards.edition_update import edition_update_offered
from cards.forms import CardForm, CardPreviewForm
from cards.models import Card
from kotc_site.forms import add_validation_errors


@login_required
def card_new(request: HttpRequest) -> HttpResponse:
    return _design(request, None)


@login_required
def card_edit(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    return _design(request, card)


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
            saved = _save(request, form, card, token)
            if saved is not None:
                messages.success(request, f"“{saved.name}” is saved.")
                return redirect(saved)
        chosen = getattr(form, "cleaned_data", {}).get("image")
        if chosen is not None:
            token = design_preview.stash_image(chosen.content)
        status = 400
    else:
        initial: dict[str, Any] = {}
        if card is not None:
            builder, level_auto = design_preview.card_as_designed(card)
            initial = {**card.definition(), "visibility": card.visibility, "level_auto": level_auto}
        form = CardForm(initial=initial, card=card)
        status = 200
    posted_data = form.data if form.is_bound else request.POST
    builder_context = design_preview.builder_context(
        posted_data,
        {name: form[name].value() for name in ("design_edition", "kind", "text_mode")},
        action=action,
        builder=builder,
    )
    extra = designer.fields_of(builder_context["builder"]) if action else {}
    preview_form = CardPreviewForm({**_preview_data(form, card, token), **extra})
    preview_form.is_valid()
    image_content = design_preview.stashed_image(token)
    if (
        image_content is None
        and card is not None
        and not preview_form.cleaned_data.get("remove_image")
    ):
        image_content = renders.read_card_image(card)
    context = design_preview.preview_context(preview_form, image_content, request.user)
    context.update(builder_context)
    context.update(
        {
            "form": form,
            "card": card,
            "preview_form": preview_form,
            "computed_level": preview_form.computed_level,
            "preview_token": token,
            "edition_update": edition_update_offered(card) if card else None,
        }
    )
    return render(request, "cards/design.html", context, status=status)


def _save(request: HttpRequest, form: CardForm, card: Card | None, token: str) -> Card | None:
    """Save the valid form as a new card or over `card`; None, with the services' problems on
    the form, when they refuse it."""
    data = form.cleaned_data
    image: Any = services.UNCHANGED
    if data.get("image") is not None:
        image = data["image"]
    elif design_preview.stashed_image(token) is not None:
        # A picture chosen before the form came back with errors.
        image = design_preview.stashed_image(token)
    elif data.get("remove_image"):
        image = None
    try:
        if card is None:
            return services.card_create(
                owner=request.user,
                definition=form.definition(),
                image=None if image is services.UNCHANGED else image,
                visibility=data["visibility"],
            )
        return services.card_update(
            card=card,
            user=request.user,
            definition=form.definition(),
            image=image,
            visibility=data["visibility"],
        )
    except ValidationError as error:
        add_validation_errors(form, error)
        return None


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
