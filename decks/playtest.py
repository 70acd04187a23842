"""The playtest board's data: a deck's cards as the viewer may see them, and how a game under
an edition starts and how its turns draw, read from the edition's data.

The board (static/js/playtest.js) plays by hand in the browser; this module only says what it
plays with. Cards the viewer may not see are left out of a deck's board (its page says how
many) and shown face down, without a word of their text, in a replayed game's zones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django import forms
from django.urls import reverse
from django.utils.http import urlencode

from cards import rules
from cards.selectors import WITHHELD_NAME
from decks.forms import edition_choices
from decks.models import Deck
from decks.selectors import sorted_entries

ZONES = ("hand", "field", "granary", "grave", "library", "reserves")
"""The board's zones, in the words of the code and the page's order (the hand first, by the
game's buttons); the page names them in the edition's terms."""


@dataclass(frozen=True)
class TurnModel:
    """How the turns of a model of play (an edition's ``goldfish.turn_rules``) draw and sow.

    The 14th Edition's model (13th to 17th): a Draw Phase of one card, skipped on the first
    turn by the player who goes first, then one sow. The 11th Edition's: no Draw Phase; its
    Resource Phase places up to two cards and draws two less the cards placed, and the first
    player's first turn places one card or draws one."""

    draw_phase: int
    resource_draws: int  # drawn in the Resource Phase, less one per card placed
    first_turn_resource_draws: int  # the same, on the first player's first turn
    sows_per_turn: int


TURN_MODELS: dict[str, TurnModel] = {
    "14": TurnModel(draw_phase=1, resource_draws=0, first_turn_resource_draws=0, sows_per_turn=1),
    "11": TurnModel(draw_phase=0, resource_draws=2, first_turn_resource_draws=1, sows_per_turn=2),
}
"""By the ``turn_rules`` an edition's data names; an unknown model plays as the current one's."""


def edition_board(edition: rules.Edition) -> dict[str, Any]:
    """What the board needs of an edition: the opening, the turns and the zones' names."""
    setup: Mapping[str, Any] = edition.goldfish
    current = rules.current_edition().goldfish
    model = TURN_MODELS.get(str(setup.get("turn_rules")))
    if model is None:
        model = TURN_MODELS.get(str(current.get("turn_rules")), TURN_MODELS["14"])
    return {
        "number": edition.number,
        "name": edition.name,
        "opening_hand": int(setup.get("opening_hand", current.get("opening_hand", 5))),
        "opening_bury": bool(setup.get("opening_bury", False)),
        "reserves": int(edition.reserves),
        "first_player_draws_on_turn_1": bool(setup.get("first_player_draws_on_turn_1", False)),
        "starting_hp": edition.starting_hp,
        **asdict(model),
        "zones": {
            "library": "deck",
            "hand": "hand",
            "field": edition.term("battlefield"),
            "granary": edition.term("granary"),
            "grave": edition.term("grave"),
            "reserves": "reserves",
        },
        "terms": {key: edition.term(key) for key in ("minion", "spell", "level", "sp", "hp")},
    }


def card_face(
    *, key: str, name: str, kind: str, level: Any, sp: Any, hp: Any, text: str, image: str
) -> dict[str, Any]:
    return {
        "key": key,
        "name": name,
        "kind": kind,
        "level": level,
        "sp": sp,
        "hp": hp,
        "text": text,
        "image": image,
        "withheld": False,
    }


def withheld_face(key: str) -> dict[str, Any]:
    """A card the viewer may not see: its back, and nothing its designer wrote."""
    return {
        "key": key,
        "name": WITHHELD_NAME,
        "kind": "",
        "level": None,
        "sp": None,
        "hp": None,
        "text": "",
        "image": reverse("card-back"),
        "withheld": True,
    }


def render_url(card_id: int, version: Any = None) -> str:
    """The card's print-exact render, small (cards.render_api)."""
    params: dict[str, Any] = {"size": "small"}
    if version is not None:
        params["v"] = version
    return f"{reverse('api-card-render', args=[card_id])}?{urlencode(params)}"


def deck_cards(deck: Deck) -> tuple[list[dict[str, Any]], list[str], int]:
    """The deck's cards (the maybeboard is never played) as the board shows them, one key per
    copy in the library, and how many withheld copies were left out. ``deck`` comes from
    decks.selectors.deck_for_viewer, so its withheld cards are stand-ins already."""
    faces: list[dict[str, Any]] = []
    library: list[str] = []
    left_out = 0
    for entry in sorted_entries(deck):
        card = entry.card
        if card.withheld:
            left_out += entry.count
            continue
        key = f"c{card.pk}"
        faces.append(
            card_face(
                key=key,
                name=card.name,
                kind=card.kind,
                level=card.level,
                sp=card.sp,
                hp=card.hp,
                text=card.ability_text,
                image=render_url(card.pk, card.render_version),
            )
        )
        library.extend([key] * entry.count)
    return faces, library, left_out


class BoardQuery(forms.Form):
    """The board's ?edition= and ?going=; absent ones take the deck's edition and going first."""

    edition = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, choices=())
    going = forms.ChoiceField(
        choices=[("first", "Going first"), ("second", "Going second")], required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = [("", "The deck's edition"), *edition_choices()]


def read_board_query(params: Mapping[str, Any], *, default_edition: int) -> tuple[int, str, Any]:
    """The edition and going a board asks for, and the form (with its errors, if any)."""
    form = BoardQuery(params)
    edition, going = default_edition, "first"
    if form.is_valid():
        edition = form.cleaned_data.get("edition") or default_edition
        going = form.cleaned_data.get("going") or "first"
    elif "going" not in form.errors and params.get("going") in ("first", "second"):
        going = str(params["going"])
    return edition, going, form


def edition_or_current(number: int) -> rules.Edition:
    try:
        return rules.get_edition(number)
    except rules.RulesError:
        return rules.current_edition()


def deck_board(deck: Deck, *, edition: int, going: str) -> dict[str, Any]:
    """The board of a deck: its cards, shuffled by the page, under ``edition``."""
    faces, library, left_out = deck_cards(deck)
    return {
        "mode": "deck",
        "going": going,
        "edition": edition_board(edition_or_current(edition)),
        "cards": faces,
        "library": library,
        "withheld_left_out": left_out,
        "state": None,
    }


def zone_list(board: Mapping[str, Any]) -> list[dict[str, str]]:
    """The board's zones with the names the edition gives them, in the page's order."""
    names = board["edition"]["zones"]
    return [{"key": key, "name": names[key]} for key in ZONES]


def game_board(
    *,
    entries: list[dict[str, Any]],
    entry_of_card: tuple[int, ...],
    zones: Mapping[str, tuple[int, ...]],
    turn: int,
    damage: int,
    sword_counters: int,
    edition: int,
    going: str,
    hp: int,
    note: str,
) -> dict[str, Any]:
    """The board of a replayed goldfish game, from the run's deck snapshot as the viewer may read
    it (``entries``, the ``cards`` of decks.services.deck_definition, where a card the viewer
    may not read is ``"withheld"`` and shows face down, all alike), and its cards in each zone
    as card indexes."""
    faces: dict[str, dict[str, Any]] = {}
    keys: list[str] = []
    for position, entry in enumerate(entries):
        card = entry.get("card") or {}
        if entry.get("withheld") or not card:
            keys.append("withheld")
            faces.setdefault("withheld", withheld_face("withheld"))
            continue
        key = f"e{position}"
        keys.append(key)
        card_id = card.get("id")
        faces[key] = card_face(
            key=key,
            name=card.get("name", ""),
            kind=card.get("kind", ""),
            level=card.get("level"),
            sp=card.get("sp"),
            hp=card.get("hp"),
            text=card.get("ability_text") or "",
            image=render_url(card_id) if isinstance(card_id, int) else reverse("card-back"),
        )
    rules_board = edition_board(edition_or_current(edition))
    rules_board["starting_hp"] = hp
    return {
        "mode": "replay",
        "going": going,
        "edition": rules_board,
        "cards": list(faces.values()),
        "library": [],
        "withheld_left_out": 0,
        "state": {
            "turn": turn,
            "damage": damage,
            "sword_counters": sword_counters,
            "note": note,
            "zones": {
                zone: [keys[entry_of_card[card]] for card in cards] for zone, cards in zones.items()
            },
        },
    }
