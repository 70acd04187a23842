"""One rule for everything a person writes that others read as Markdown (comments, deck
primers and descriptions): an account younger than a day links to no other site.

The usual spam account posts its links within minutes of signing up. Every form of address
counts (cards.markup.outside_links for what renders as a link, cards.addresses for what is
written out: `https://`, `www.`, `//host`, `spam.example/buy`), so no spelling of an address
slips past one text's check and not another's. Card links and the site's own pages are fine.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone

from cards.markup import outside_links, written_addresses

LINKS_AFTER = timedelta(days=1)


def links_allowed_from(user: Any) -> datetime:
    return user.date_joined + LINKS_AFTER


def outside_addresses(text: str) -> list[str]:
    """Every address of another site in the text, linked or written out, each once."""
    return list(dict.fromkeys([*outside_links(text), *written_addresses(text)]))


def refuse_new_account_links(*, author: Any, text: str, field: str) -> None:
    """Raise a ValidationError on `field` when `author`'s account is too new for the outside
    addresses `text` holds."""
    when = links_allowed_from(author)
    if when <= timezone.now() or not outside_addresses(text):
        return
    raise ValidationError(
        {
            field: [
                "New accounts cannot post links to other sites yet: yours can from "
                f"{when:%d %b %Y, %H:%M} UTC. Remove the link, or post it then."
            ]
        }
    )
