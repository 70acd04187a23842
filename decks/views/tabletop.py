"""The deck for virtual tables: the Tabletop Simulator saved object and its card sheets, and
the Cockatrice list.

Tabletop Simulator fetches the sheet images itself, from the addresses in the saved object,
with none of the browser's cookies. So the addresses are absolute, and those of a signed-in
viewer carry a key (`as`, decks.tabletop_keys): the sheets are then drawn as that viewer sees
the deck (their own private cards included), and a private deck is still there for its owner's
table. The key is bound to the deck as it was, runs out after 30 days and is revoked by logging
out everywhere or a new password; the saved object's notes say so, and who may see the sheets.
Without a valid key a sheet is drawn as the one who asks sees the deck: a private deck is a 404
and a private card the withheld face. A key only ever shows what its viewer may see now (the
deck is read through deck_for_viewer as them), so a deck made private since is gone from anyone
else's table too.

Tabletop Simulator keeps every image it fetched by its address, so an address must change when
the sheet does: each carries the deck's `updated` stamp (`v`), which moves whenever its entries
or any of its cards change (decks.signals). The path itself stays the same for the deck.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from cards.templatetags.card_tags import card_render_url
from decks import selectors
from decks.models import Board, Deck
from decks.selectors import sorted_entries
from decks.tabletop import SavedObject, plan_sheets, saved_object
from decks.tabletop_cockatrice import cockatrice_list_text, cockatrice_set_xml
from decks.tabletop_keys import KEY_DAYS, deck_state, key_expiry, key_holder, viewer_key
from decks.tabletop_sheets import back_jpeg, card_text, deck_cards, queue_renders, sheet_jpeg
from kotc_site.token_reads import token_readable

# A browser or a table may keep a sheet this long: its address changes with the deck.
CACHE_SECONDS = 60 * 60 * 24


def _filename(deck: Deck, suffix: str) -> str:
    return f"{slugify(deck.name) or 'deck'}{suffix}"


def _deck_for_table(request: HttpRequest, pk: int, *, entries: bool = True) -> Deck:
    """The deck as the sheet's viewer sees it: the viewer a valid key names, if the deck is
    still in the state the key was made for; else whoever asks."""
    held = key_holder(request.GET.get("as", ""), deck_pk=pk)
    if held is not None:
        viewer, state = held
        try:
            deck = selectors.deck_for_viewer(user=viewer, pk=pk, entries=entries)
        except Http404:
            deck = None
        if deck is not None and deck_state(deck) == state:
            return deck
    return selectors.deck_for_viewer(user=request.user, pk=pk, entries=entries)


def who_sees_the_sheets(deck: Deck, user: Any, key: str | None) -> str:
    """The saved object's note: whose view its sheets draw, for whom, and for how long."""
    if key is None:
        return (
            f"The card sheets of “{deck.name}” show it as anyone not signed in sees it: a card "
            "its designer keeps private is a plain withheld face."
        )
    name = user.get_username()
    return (
        f"The card sheets of “{deck.name}” show it as {name} saw it when this file was made, "
        f"{name}'s private cards included, to anyone who has this file, until "
        f"{key_expiry():%d %b %Y, %H:%M} UTC ({KEY_DAYS} days), or until {name} logs out "
        "everywhere or changes password. A change to the deck needs a new download."
    )


def _address(request: HttpRequest, route: str, args: list[Any], query: dict[str, str]) -> str:
    return request.build_absolute_uri(f"{reverse(route, args=args)}?{urlencode(query)}")


def tabletop_object(request: HttpRequest, deck: Deck) -> SavedObject:
    """The deck's saved object as the one asking sees it, its images at absolute addresses;
    the renders its sheets will need are queued for the workers meanwhile."""
    cards = deck_cards(deck)
    queue_renders(cards)
    query = {"v": deck_state(deck)}
    key = viewer_key(deck, request.user)
    if key:
        query["as"] = key
    return saved_object(
        note=who_sees_the_sheets(deck, request.user, key),
        name=deck.name,
        description=f"{deck.description}\n\nBuilt for the {deck.edition_rules.name}".strip(),
        cards=cards,
        sheet_url=lambda number: _address(request, "deck-tabletop-sheet", [deck.pk, number], query),
        back_url=_address(request, "deck-tabletop-back", [deck.pk], query),
        card_text=card_text,
        seed=deck.pk,
    )


@token_readable
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


@token_readable
@require_GET
def deck_tabletop_sheet(request: HttpRequest, pk: int, sheet: int) -> HttpResponse:
    deck = _deck_for_table(request, pk)
    sheets = plan_sheets(deck_cards(deck)).sheets
    if not 1 <= sheet <= len(sheets):
        raise Http404("The deck has no such sheet.")
    return _image(sheet_jpeg(sheets[sheet - 1]))


@token_readable
@require_GET
def deck_tabletop_back(request: HttpRequest, pk: int) -> HttpResponse:
    # The same back for every deck; asked for by the deck so a private deck stays out of sight.
    _deck_for_table(request, pk, entries=False)
    return _image(back_jpeg())


@token_readable
@require_GET
def deck_cockatrice(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    text = cockatrice_list_text(deck=deck, user=request.user)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(deck, "-cockatrice.txt")}"'
    return response


@token_readable
@require_GET
def deck_cockatrice_set(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck's cards as a Cockatrice custom set, the cards its list names (maybeboard too),
    as the viewer may see them."""
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    cards = [entry.card for entry in sorted_entries(deck)]
    cards += [entry.card for entry in sorted_entries(deck, Board.MAYBE)]
    return cockatrice_set_download(
        request, cards, name=deck.name, filename=_filename(deck, "-cockatrice.xml")
    )


def cockatrice_set_download(
    request: HttpRequest, cards: list[Any], *, name: str, filename: str
) -> HttpResponse:
    """`cards` as a Cockatrice custom set file named `filename`, its pictures at this site's
    absolute addresses (a deck's cards, or a designer's on their profile)."""
    body = cockatrice_set_xml(
        cards,
        picture_url=lambda card: request.build_absolute_uri(card_render_url(card)),
        long_name=f"{name} (Keeper of the Cards)",
    )
    response = HttpResponse(body, content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
