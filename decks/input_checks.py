"""What a deck may be: the checks every write of a deck makes before it stores anything.

Each check returns the clean value or raises Django's ValidationError keyed by the field at
fault, so a form shows the message under its field and the API answers 400 with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError

from cards import rules
from cards.models import Card
from cards.new_account_links import refuse_new_account_links
from cards.selectors import card_visible_to, why_withheld
from decks.models import MAX_COUNT, MAX_DESCRIPTION, MAX_ENTRIES, MAX_NAME, Board, Deck
from kotc_site.inputs import name_problem

Entries = Sequence[tuple[Card, int]]
BoardEntries = list[tuple[Card, int, str]]  # (card, copies, board)


def clean_name(name: Any) -> str:
    text = name.strip() if isinstance(name, str) else ""
    if not text:
        raise ValidationError({"name": ["A deck needs a name."]})
    if len(text) > MAX_NAME:
        raise ValidationError(
            {"name": [f"The name has {len(text)} characters; the limit is {MAX_NAME}."]}
        )
    if problem := name_problem(text):
        # The name heads the deck's text list, as a comment that must stay one line.
        raise ValidationError({"name": [problem]})
    return text


def clean_description(description: Any, *, author: Any = None) -> str:
    """The primer as saved. `author` is who wrote it (None for a copy of someone else's words,
    which their own account's age allowed): a new account's may not link to other sites."""
    if description is None:
        return ""
    if not isinstance(description, str):
        raise ValidationError({"description": ["The description must be text."]})
    text = description.replace("\r\n", "\n").strip()
    if len(text) > MAX_DESCRIPTION:
        raise ValidationError(
            {
                "description": [
                    f"The description has {len(text)} characters; the limit is {MAX_DESCRIPTION}."
                ]
            }
        )
    if author is not None:
        refuse_new_account_links(author=author, text=text, field="description")
    return text


def clean_edition(edition: Any) -> int:
    known = sorted(rules.load_editions())
    if isinstance(edition, bool) or not isinstance(edition, int) or edition not in known:
        names = ", ".join(str(number) for number in known)
        raise ValidationError(
            {"edition": [f"Unknown edition {edition!r}. Known editions: {names}."]}
        )
    return edition


def clean_visibility(visibility: Any) -> str:
    if visibility not in Deck.Visibility.values:
        raise ValidationError(
            {"visibility": [f"{visibility!r} is not one of: private, unlisted, public."]}
        )
    return str(visibility)


def clean_count(count: Any, *, card: Card | None = None) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        raise ValidationError({"count": ["The number of copies must be a whole number."]})
    if not 1 <= count <= MAX_COUNT:
        label = f"“{card.name}”" if card is not None else "a card"
        raise ValidationError(
            {"count": [f"A deck holds 1 to {MAX_COUNT} copies of {label}, not {count}."]}
        )
    return count


def clean_board(board: Any) -> str:
    if board not in Board.values:
        raise ValidationError(
            {"board": [f"{board!r} is not a board; the boards are main and maybe."]}
        )
    return str(board)


def on_board(board: str) -> str:
    """' on the maybeboard', to follow a card named in a message, or nothing for the deck."""
    return " on the maybeboard" if board == Board.MAYBE else ""


def card_usable_by(card: Card, user: Any) -> bool:
    """Whether `user` may put `card` in a deck: one they may see (their own, or one its designer
    shares and no moderator hid)."""
    return card_visible_to(card, user)


def check_card(card: Card, user: Any) -> None:
    if not card_usable_by(card, user):
        raise ValidationError({"card": [f"{why_withheld(card)}: only its designer may use it."]})


def require_owner(deck: Deck, user: Any) -> None:
    if user is None or not user.is_authenticated or deck.owner_id != user.pk:
        raise PermissionDenied("Only the deck's owner may change it.")


def too_many_entries(found: int, what: str = "not") -> str:
    return (
        f"A deck holds at most {MAX_ENTRIES} different cards, its maybeboard's included;"
        f" {what} {found}."
    )


def clean_entries(
    entries: Iterable[tuple[Card, int]], user: Any, *, maybe: Iterable[tuple[Card, int]] = ()
) -> BoardEntries:
    """The (card, copies, board) rows of the deck's `entries` and of its `maybe`board."""
    clean: BoardEntries = []
    seen: set[tuple[int, str]] = set()
    errors: list[str] = []
    for board, rows in ((Board.MAIN, entries), (Board.MAYBE, maybe)):
        for card, count in rows:
            if (card.pk, board) in seen:
                errors.append(
                    f"“{card.name}” (#{card.pk}) is listed twice{on_board(board)};"
                    " list each card once."
                )
                continue
            seen.add((card.pk, board))
            try:
                check_card(card, user)
                clean.append((card, clean_count(count, card=card), str(board)))
            except ValidationError as error:
                errors.extend(
                    f"“{card.name}” (#{card.pk}){on_board(board)}: {message}"
                    for message in error.messages
                )
    if len(seen) > MAX_ENTRIES:
        errors.append(too_many_entries(len(seen)))
    if errors:
        raise ValidationError({"entries": errors})
    return clean
