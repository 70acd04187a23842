"""What the design page shows beside its form: the card drawn as typed, its verdict, how its
Card Building Guide reads the text and the level it computes, and the component builder.

The page's views (cards.views.design, cards.views.preview) read the forms and answer; what is
worked out from the card as typed is worked out here.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.core.cache import cache

from cards import designer, previews, rules
from cards.forms import CardPreviewForm
from cards.limits import MAX_ABILITY_TEXT
from cards.models import Card, rules_card
from cards.render import ART_DEFAULTS, CardFace
from cards.verdict_panel import edition_from, verdict_context

# A picture chosen in the form is kept this long, so a form that comes back with errors (or a
# preview asked for again) still has it without sending it again.
PREVIEW_IMAGE_SECONDS = 60 * 60
PREVIEW_TOKEN_LENGTH = 64


def stash_image(content: bytes) -> str:
    """Keep a chosen picture for the form; the token that names it."""
    token = secrets.token_urlsafe(24)
    cache.set(_image_key(token), content, PREVIEW_IMAGE_SECONDS)
    return token


def stashed_image(token: str) -> bytes | None:
    """The picture kept under `token`, if it is still kept."""
    if not token or len(token) > PREVIEW_TOKEN_LENGTH:
        return None
    return cache.get(_image_key(token))


def _image_key(token: str) -> str:
    return f"card-preview-image:{token}"


def _face(data: Mapping[str, Any], image: bytes | None) -> CardFace:
    """The card as typed so far: what cannot be read yet is left blank."""
    return CardFace(
        name=data.get("name") or "",
        kind=data.get("kind") or Card.Kind.MINION,
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


def preview_context(form: CardPreviewForm, image: bytes | None, user: Any) -> dict[str, Any]:
    """The preview of the card in `form` (validated): its drawing's address, the problems of
    what is typed, its verdict (at the level typed, or else the one its guide computes), and
    the guide's panel."""
    data = form.cleaned_data if hasattr(form, "cleaned_data") else {}
    face = _face(data, image)
    edition = edition_from(data.get("edition"))
    context: dict[str, Any] = {
        # An address, not the drawing itself: see cards.previews.
        "preview_src": previews.preview_address(face=face, user=user),
        "preview_errors": [error for errors in form.errors.values() for error in errors],
    }
    # An empty level that the guide cannot compute is judged as /check/ judges it: the
    # verdict says why there is no level.
    context.update(verdict_context(rules_card(face), edition))
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
        "ultra_points": rules.ultra_points_of_reading(reading),
        "declared_level": declared,
        "level_mismatch": declared is not None
        and level.value is not None
        and declared != level.value,
    }


def builder_context(
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


def card_as_designed(card: Card) -> tuple[designer.Builder | None, bool]:
    """A saved card as the design page opens it: its text in the builder (when the text is
    made of its guide's components), and whether its level is the one the guide computes."""
    guide, _ = designer.guide_for(card.design_edition)
    builder = designer.builder_from_text(card.ability_text, guide)
    level = designer.level_of(
        kind=card.kind, sp=card.sp, hp=card.hp, text=card.ability_text, guide=guide
    )
    return builder, level.value == card.level
