"""Sets for the site-wide tests (authorization, privacy walk) and the sets' own: a designer's
cards and a set of them in one of its states (private, scheduled, released, co-owned)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from cards import services as card_services
from cards.models import Card
from sets import services
from sets.models import CardSet, SetDesigner, SetEntry

STATES = ("private", "scheduled", "released", "co-owned")


def definition(name: str, **fields: Any) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": 2,
        "sp": 1,
        "hp": 2,
        "ability_text": "WHISPER: Draw 1 card.",
        "flavor_text": "",
        **fields,
    }


def make_cards(
    owner: Any, count: int, *, prefix: str = "Card", visibility: str = "private"
) -> list[Card]:
    return [
        card_services.card_create(
            owner=owner, definition=definition(f"{prefix} {n}"), visibility=visibility
        )
        for n in range(1, count + 1)
    ]


def make_set(
    owner: Any,
    state: str,
    *,
    cards: list[Card] | None = None,
    code: str = "EMB",
    name: str = "Embers",
    co_owner: Any = None,
    visibility: str = "public",
) -> CardSet:
    """A set of `owner`'s in `state`: private (not released, nothing planned), scheduled (to be
    released in a day), released, or co-owned (not released, `co_owner` a designer of it with a
    card of theirs in it)."""
    cards = cards if cards is not None else make_cards(owner, 2, prefix=name)
    card_set = services.set_create(
        user=owner, name=name, code=code, cards=[c.pk for c in cards], visibility=visibility
    )
    if state == "scheduled":
        card_set = services.set_update(
            card_set=card_set, user=owner, release_at=timezone.now() + timedelta(days=1)
        )
    elif state == "released":
        card_set = services.set_release(card_set=card_set, user=owner)
    elif state == "co-owned":
        assert co_owner is not None
        services.set_invite(card_set=card_set, user=owner, username=co_owner.username)
        services.set_invitation_accept(card_set=card_set, user=co_owner)
        theirs = make_cards(co_owner, 1, prefix=f"{name} of {co_owner.username}")
        services.set_update(
            card_set=card_set,
            user=co_owner,
            cards=[c.pk for c in cards] + [theirs[0].pk],
        )
    return CardSet.objects.get(pk=card_set.pk)


def sets_snapshot() -> tuple[Any, ...]:
    """Every set, for checking that a refused request changed none."""
    return (
        list(
            CardSet.objects.order_by("pk").values_list(
                "pk", "owner", "name", "code", "visibility", "release_at", "released_at"
            )
        ),
        list(SetEntry.objects.order_by("pk").values_list("card_set", "card", "position")),
        list(SetDesigner.objects.order_by("pk").values_list("card_set", "user", "accepted")),
    )


def symbol_png() -> bytes:
    """A set symbol, as the services store one: a small PNG."""
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (48, 48), (180, 40, 40, 255)).save(out, "PNG")
    return out.getvalue()
