"""The shelves' forms: each reads what a person typed and hands it to a service, whose
problems come back as the form's own errors."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from shelves import selectors
from shelves.limits import (
    MAX_BULK,
    MAX_FOLDER_NAME,
    MAX_SMART_NAME,
    MAX_SMART_QUERY,
    MAX_TAG_LENGTH,
)
from shelves.models import Holds

ACTIONS = {
    "tag": "Tag selected",
    "untag": "Untag",
    "move": "Move to folder",
    "archive": "Archive",
    "unarchive": "Unarchive",
}
_ID = re.compile(r"[1-9][0-9]{0,17}")
TOP = ""  # the folder choice "no folder" / "at the top"


class FolderForm(forms.Form):
    name = forms.CharField(max_length=MAX_FOLDER_NAME, label="Folder name")
    parent = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label="Inside")
    holds = forms.ChoiceField(choices=Holds.choices, initial=Holds.MIXED, label="Holds")

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "folder")
        super().__init__(*args, **kwargs)
        self.fields["parent"].choices = [(TOP, "— the top —"), *selectors.folder_choices(user)]


class SmartFolderForm(forms.Form):
    prefix = "smart"
    name = forms.CharField(max_length=MAX_SMART_NAME, label="Saved search name")
    query = forms.CharField(
        max_length=MAX_SMART_QUERY,
        label="Search",
        help_text="In the search syntax, e.g. tag:aggro level<=3 (decks: a name and tag: terms).",
    )
    holds = forms.ChoiceField(
        choices=[(Holds.CARDS, "My cards"), (Holds.DECKS, "My decks")], label="Searches"
    )


class TagForm(forms.Form):
    prefix = "tag"
    name = forms.CharField(max_length=MAX_TAG_LENGTH + 20, label="Tag name")


class BulkForm(forms.Form):
    """The bar over a list of one's cards or decks: what to do with the ticked ones."""

    action = forms.ChoiceField(choices=list(ACTIONS.items()))
    kind = forms.ChoiceField(choices=[("cards", "cards"), ("decks", "decks")])
    tag = forms.CharField(max_length=MAX_TAG_LENGTH + 20, required=False, label="Tag")
    folder = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label="Folder")
    next = forms.CharField(required=False)

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["folder"].choices = [(TOP, "No folder"), *selectors.folder_choices(user)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        ids = self.data.getlist("ids") if hasattr(self.data, "getlist") else []
        chosen: list[int] = []
        for raw in ids[: MAX_BULK + 1]:
            if not _ID.fullmatch(raw):
                raise forms.ValidationError(f"'{raw[:20]}' is not a card or deck id.")
            chosen.append(int(raw))
        if not chosen:
            raise forms.ValidationError("Tick at least one first.")
        if len(ids) > MAX_BULK:
            raise forms.ValidationError(f"Tick at most {MAX_BULK} at once.")
        data["ids"] = chosen
        if data.get("action") in ("tag", "untag") and not (data.get("tag") or "").strip():
            self.add_error("tag", "Type the tag's name.")
        return data
