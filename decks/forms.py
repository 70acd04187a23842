"""Forms of the deck pages. They read input; the services decide what may be saved."""

from __future__ import annotations

from typing import Any

from django import forms

from cards import rules
from cards.forms import EditionQueryForm
from decks import printing
from decks.decklist import MAX_LINES, list_title
from decks.models import MAX_COUNT, MAX_DESCRIPTION, MAX_NAME, Board, Deck
from decks.sample_hand import HAND_SIZE, MAX_SEED
from kotc_site.inputs import (
    InputError,
    WholeNumberField,
    name_problem,
    read_json,
    read_whole_number,
)

MAX_IMPORT_BYTES = 2 * 1024 * 1024
MAX_LIST_CHARS = 100_000
MAX_SAMPLE_TURNS = 100


def new_deck_initial() -> dict[str, Any]:
    """Where the forms that make a deck start: the current edition, private."""
    return {"edition": rules.current_edition().number, "visibility": Deck.Visibility.PRIVATE}


def edition_choices() -> list[tuple[int, str]]:
    return [
        (number, edition.name)
        for number, edition in sorted(rules.load_editions().items(), reverse=True)
    ]


class DeckForm(forms.Form):
    name = forms.CharField(
        max_length=MAX_NAME, widget=forms.TextInput(attrs={"autocomplete": "off"})
    )
    description = forms.CharField(
        max_length=MAX_DESCRIPTION,
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="How the deck plays, what it needs, what to watch out for: a primer, in"
        " Markdown, with # sections and [[Card name]] links.",
    )
    edition = forms.TypedChoiceField(
        coerce=int,
        choices=edition_choices,
        help_text="The rulebook the deck is built for; validation follows its rules.",
    )
    visibility = forms.ChoiceField(choices=Deck.Visibility.choices)


class EntryForm(forms.Form):
    """One change to a deck's list, from the +/- buttons, the Add buttons or a count box, on
    the deck or its maybeboard (`board`, the deck when not given); "move" takes every copy of
    the card on `board` to the other board."""

    card = WholeNumberField(min_value=1)
    action = forms.ChoiceField(
        choices=[("add", "add"), ("remove", "remove"), ("set", "set"), ("move", "move")]
    )
    count = WholeNumberField(min_value=0, max_value=MAX_COUNT, required=False)
    board = forms.ChoiceField(choices=Board.choices, required=False)

    def clean_board(self) -> str:
        return self.cleaned_data.get("board") or Board.MAIN

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("action") == "set" and data.get("count") is None:
            self.add_error("count", "Give the number of copies.")
        return data


MAX_QUICK_ADD_CHARS = 20_000


class QuickAddForm(forms.Form):
    """Cards to add to a deck as a plain list, one '4 Spark' a line (decks.decklist)."""

    lines = forms.CharField(
        label="Cards to add",
        max_length=MAX_QUICK_ADD_CHARS,
        strip=False,
        widget=forms.Textarea(
            attrs={
                "rows": 3,
                "spellcheck": "false",
                "autocomplete": "off",
                "placeholder": "4 Spark\n2 Ember Wisp",
            }
        ),
        error_messages={"required": "Write one card a line, like '4 Spark'."},
    )
    board = forms.ChoiceField(
        label="Add to", choices=Board.choices, required=False, initial=Board.MAIN
    )

    def clean_lines(self) -> str:
        text = self.cleaned_data["lines"]
        if not text.strip():
            raise forms.ValidationError("Write one card a line, like '4 Spark'.")
        if len(text.splitlines()) > MAX_LINES:
            raise forms.ValidationError(f"Add at most {MAX_LINES} lines at once.")
        return text

    def clean_board(self) -> str:
        return self.cleaned_data.get("board") or Board.MAIN


def titled(text: str) -> tuple[str, int | None]:
    """The deck name and edition a list's first line gives (decks.decklist.list_title), the
    name as a deck may take it: cut to a deck name's length, and "" when it cannot be one."""
    title, edition = list_title(text)
    name = title[:MAX_NAME].strip()
    return ("" if name_problem(name) else name), edition


class DeckImportForm(forms.Form):
    text = forms.CharField(
        label="Deck JSON or list",
        required=False,
        max_length=MAX_LIST_CHARS,
        strip=False,
        widget=forms.Textarea(
            attrs={
                "rows": 14,
                "spellcheck": "false",
                "placeholder": "4 Fire Drake\n3x Ember Wisp\n# comments are ignored",
            }
        ),
        help_text=(
            "Paste an exported deck (JSON), or a list with one '3 Card Name' a line, matched "
            "against your cards, then your collection, then the public cards; the lines after "
            "a 'Maybeboard' line go on the deck's maybeboard."
        ),
    )
    file = forms.FileField(
        label="…or upload a file",
        required=False,
        help_text="A .json export or a .txt list.",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,.txt,application/json,text/plain"}),
    )
    name = forms.CharField(
        max_length=MAX_NAME,
        required=False,
        help_text=(
            "Leave empty to keep the name in the JSON, or the list's first line ('# Deck name')."
        ),
    )
    edition = forms.TypedChoiceField(
        coerce=int,
        choices=edition_choices,
        help_text="For a list; a JSON deck names its own edition.",
    )
    visibility = forms.ChoiceField(choices=Deck.Visibility.choices, initial=Deck.Visibility.PRIVATE)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        text = data.get("text") or ""
        if upload is not None:
            if upload.size > MAX_IMPORT_BYTES:
                self.add_error(
                    "file",
                    forms.ValidationError(
                        f"The file is larger than {MAX_IMPORT_BYTES // 1024 // 1024} MB.",
                        code="too_large",
                    ),
                )
                return data
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                self.add_error("file", "The file is not UTF-8 text.")
                return data
        # A byte-order mark is not part of the deck, pasted or uploaded, JSON or list.
        text = text.removeprefix("\ufeff")
        if not text.strip():
            raise forms.ValidationError("Paste a deck or choose a file.")
        data["content"] = text
        data["json"] = None
        stripped = text.lstrip()
        if stripped.startswith(("{", "[")):
            try:
                data["json"] = read_json(stripped)
            except InputError as error:
                raise forms.ValidationError(
                    f"This looks like JSON but cannot be read: {error}"
                ) from error
            if not isinstance(data["json"], dict):
                raise forms.ValidationError(
                    "The deck JSON must be an object with 'edition' and 'cards'."
                )
        elif not (data.get("name") or "").strip():
            # A list the site wrote carries its deck's name on its first line.
            name, _edition = titled(text)
            if name:
                data["name"] = name
            else:
                self.add_error(
                    "name",
                    "A list needs a name for the new deck: write one here, or start the list "
                    "with a line '# Deck name'.",
                )
        return data


class PrintForm(forms.Form):
    paper = forms.ChoiceField(
        choices=[(paper.key, paper.label) for paper in printing.PAPERS.values()],
        initial="a4",
        widget=forms.RadioSelect,
    )
    backs = forms.ChoiceField(
        label="Card backs",
        choices=[
            ("none", "No backs"),
            ("sheet", "One page of card backs at the end"),
            ("duplex", "A page of backs after every page (two-sided printing)"),
        ],
        initial="none",
        required=False,
        widget=forms.RadioSelect,
    )
    missing = forms.BooleanField(label="Only the copies missing from my collection", required=False)
    short = forms.BooleanField(
        label="Only copies I'm short of",
        required=False,
        help_text="The copies you need beyond those your collection says you own, counting the"
        " copies sleeved in the decks you have marked built as taken. It includes the copies"
        " missing from your collection.",
    )
    bleed = forms.BooleanField(
        label="Bleed: 3 mm of border around each card",
        required=False,
        help_text="Cut a little outside the line and still no white edge shows. Each card then"
        f" has its own cuts, and a page holds"
        f" {printing.sheet_layout(printing.PAPERS['a4'], bleed=True).per_page} cards rather than"
        f" {printing.CARDS_PER_PAGE}.",
    )

    def clean_backs(self) -> str:
        return self.cleaned_data.get("backs") or "none"


class DeckQueryForm(EditionQueryForm):
    """The query of the deck page and its parts: ?edition= shows the deck under another edition
    (nothing is saved); ?seed=&bury=&turns=&decided= replay a sample hand (decks.sample_hand).

    Nothing here is required; a value that cannot be read is named in the form's errors, and
    the page is shown without it."""

    seed = forms.CharField(required=False, help_text="A whole number, or 'new'.")
    bury = forms.TypedMultipleChoiceField(
        coerce=int,
        choices=[(str(position), str(position)) for position in range(HAND_SIZE)],
        required=False,
        error_messages={
            "invalid_choice": f"A card to bury is a position in the hand, 0 to {HAND_SIZE - 1}."
        },
    )
    turns = WholeNumberField(min_value=0, max_value=MAX_SAMPLE_TURNS, required=False)
    decided = forms.BooleanField(required=False)

    def clean_seed(self) -> int | str | None:
        raw = (self.cleaned_data.get("seed") or "").strip()
        if not raw:
            return None
        if raw == "new":
            return "new"
        try:
            seed = read_whole_number(raw)
        except InputError as error:
            raise forms.ValidationError(f"{error} Or 'new' for a new hand.") from None
        if not 0 <= seed <= MAX_SEED:
            raise forms.ValidationError(f"A seed is a whole number from 0 to {MAX_SEED}.")
        return seed
