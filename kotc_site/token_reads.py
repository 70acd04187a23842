"""The mark of a file view an API token may read: a card's picture, a deck's PDF, its Tabletop
Simulator sheets and its exports (accounts.token_reads serves them to the token's owner).

Those are plain Django views outside /api/ (a picture is linked from pages and the API alike),
where only the session cookie would count. A client with a token gets their addresses from the
API (a card's `image`, a saved object's sheets) and must be able to fetch them with the same
`Authorization: Token …` header, or a token would see a private card's JSON but not its picture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.http import HttpResponse

View = TypeVar("View", bound=Callable[..., HttpResponse])


def token_readable(view: View) -> View:
    """Mark a file view an API token may read (accounts.token_reads)."""
    view.token_readable = True  # type: ignore[attr-defined]
    return view
