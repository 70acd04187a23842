"""The deck for virtual tables: the Tabletop Simulator saved object and its card sheets, and
the Cockatrice list.

Tabletop Simulator fetches the sheet images itself, from the addresses in the saved object,
with none of the browser's cookies. So the addresses are absolute, and those of a signed-in
viewer carry a signed key naming the viewer and the deck (`as`): the sheets are then drawn as
that viewer sees the deck (their own private cards included), and a private deck is still there
for its owner's table. Without a key, or with one that is not the site's, a sheet is drawn as
the one who asks sees the deck: a private deck is a 404 and a private card the withheld face.
A key only ever shows what its viewer may see now (the deck is read through deck_for_viewer as
them), so a deck made private since is gone from anyone else's table too.

Tabletop Simulator keeps every image it fetched by its address, so an address must change when
the sheet does: each carries the deck's `updated` stamp (`v`), which moves whenever its entries
or any of its cards change (decks.signals). The path itself stays the same for the deck.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from decks import selectors
from decks.models import Deck
from decks.tabletop import SavedObject, plan_sheets, saved_object
from decks.tabletop_cockatrice import cockatrice_list_text
from decks.tabletop_sheets import back_jpeg, card_text, deck_cards, queue_renders, sheet_jpeg

_SALT = "decks.tabletop.viewer"
# A browser or a table may keep a sheet this long: its address changes with the deck.
CACHE_SECONDS = 60 * 60 * 24


def _filename(deck: Deck, suffix: str) -> str:
    return f"{slugify(deck.name) or 'deck'}{suffix}"


def viewer_key(deck: Deck, user: Any) -> str | None:
    """The key that lets a table see the deck as `user` does (None for no one signed in)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return signing.Signer(salt=_SALT).sign(f"{deck.pk}.{user.pk}")


def _key_viewer(request: HttpRequest, pk: int) -> Any:
    """Who the sheet is drawn for: the viewer a valid key for this deck names, else whoever
    asks."""
    key = request.GET.get("as", "")[:200]
    if key:
        try:
            deck_id, user_id = signing.Signer(salt=_SALT).unsign(key).split(".")
        except (signing.BadSignature, ValueError):
            return request.user
        if deck_id == str(pk):
            user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
            if user is not None:
                return user
    return request.user


def deck_version(deck: Deck) -> str:
    """Changes whenever what the deck's sheets show may change."""
    return str(int(deck.updated.timestamp() * 1_000_000))


def _address(request: HttpRequest, route: str, args: list[Any], query: dict[str, str]) -> str:
    return request.build_absolute_uri(f"{reverse(route, args=args)}?{urlencode(query)}")


def tabletop_object(request: HttpRequest, deck: Deck) -> SavedObject:
    """The deck's saved object as the one asking sees it, its images at absolute addresses;
    the renders its sheets will need are queued for the workers meanwhile."""
    cards = deck_cards(deck)
    queue_renders(cards)
    query = {"v": deck_version(deck)}
    key = viewer_key(deck, request.user)
    if key:
        query["as"] = key
    return saved_object(
        name=deck.name,
        description=f"{deck.description}\n\nBuilt for the {deck.edition_rules.name}".strip(),
        cards=cards,
        sheet_url=lambda number: _address(request, "deck-tabletop-sheet", [deck.pk, number], query),
        back_url=_address(request, "deck-tabletop-back", [deck.pk], query),
        card_text=card_text,
        seed=deck.pk,
    )


@require_GET
def deck_tabletop(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    body = json.dumps(tabletop_object(request, deck).as_json(), indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    filename = _filename(deck, "-tabletop-simulator.json")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _image(content: bytes) -> HttpResponse:
    response = HttpResponse(content, content_type="image/jpeg")
    # Private: a sheet drawn for one viewer's key is theirs alone.
    response["Cache-Control"] = f"private, max-age={CACHE_SECONDS}"
    return response


@require_GET
def deck_tabletop_sheet(request: HttpRequest, pk: int, sheet: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=_key_viewer(request, pk), pk=pk)
    sheets = plan_sheets(deck_cards(deck)).sheets
    if not 1 <= sheet <= len(sheets):
        raise Http404("The deck has no such sheet.")
    return _image(sheet_jpeg(sheets[sheet - 1]))


@require_GET
def deck_tabletop_back(request: HttpRequest, pk: int) -> HttpResponse:
    # The same back for every deck; asked for by the deck so a private deck stays out of sight.
    selectors.deck_for_viewer(user=_key_viewer(request, pk), pk=pk, entries=False)
    return _image(back_jpeg())


@require_GET
def deck_cockatrice(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    text = cockatrice_list_text(deck=deck, user=request.user)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(deck, "-cockatrice.txt")}"'
    return response
