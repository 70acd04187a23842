"""The live parts of the design form: the preview of the card as typed (its drawing, its
verdict, how the game reads it) and the component builder."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from cards import design_preview, previews, renders, selectors
from cards.forms import CardPreviewForm
from cards.images import ImageRejected, clean_image


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
    context = design_preview.preview_context(form, image, request.user)
    context.update(
        {
            "preview_token": token,
            "image_error": image_error,
            "oob_token": True,
            "computed_level": form.computed_level,
        }
    )
    return render(request, "cards/_preview.html", context)


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
        return picture.content, design_preview.stash_image(picture.content), ""
    data = form.cleaned_data
    token = data.get("preview_image") or ""
    if token:
        content = design_preview.stashed_image(token)
        if content is not None:
            return content, token, ""
    if data.get("remove_image"):
        return None, "", ""
    card = selectors.owned_card(user=request.user, pk=data.get("card_id"))
    if card is not None:
        return renders.read_card_image(card), "", ""
    return None, "", ""


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
    context = design_preview.builder_context(request.POST, form.cleaned_data, action=action)
    response = render(request, "cards/_builder.html", context)
    response["HX-Trigger-After-Settle"] = "kotc-builder"
    return response
