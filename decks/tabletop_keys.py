"""The key in a Tabletop Simulator export's addresses (`?as=…`).

Tabletop Simulator fetches the card sheets itself, with none of the browser's cookies, so the
addresses of a signed-in viewer's export carry a key: whoever holds the file draws the sheets
as that viewer saw the deck (or the set: a key is of one kind, KINDS), their own private cards
included. A key is a pass to someone's view, so it is as narrow as a table needs:

- it names the deck (or set), the viewer, and the state it was made for (`deck_state`, the
  `updated` stamp that moves with every change of its entries or cards; a set's is its own,
  sets.selectors.set_state): a card added or changed since is drawn for whoever asks, as
  without a key, until a new download;
- it lasts KEY_DAYS, which the export says;
- logging out everywhere and a new password revoke every key made before
  (accounts.KeysRevoked), as they end sessions and tokens.

A key that fails any of these is no error: the sheet is drawn as the one who asks sees the deck.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core import signing
from django.utils import timezone

from accounts.selectors import keys_revoked_at
from decks.models import Deck

KEY_DAYS = 30
KEY_LIFETIME = timedelta(days=KEY_DAYS)
# Keys of the first form (deck and viewer only, for ever) were signed with another salt, so
# none of them is read as a key of this form: every one of them stopped working.
_SALT = "decks.tabletop.viewer.bound"
# One salt per kind: a key of one kind is no key of another (a deck key on a set is ignored).
KINDS = {"deck": _SALT, "set": "sets.tabletop.viewer.bound"}
# A longer value is no key of the site's: not worth the signature check.
MAX_KEY_LENGTH = 300


def deck_state(deck: Deck) -> str:
    """Changes whenever what the deck's sheets show may change."""
    return str(int(deck.updated.timestamp() * 1_000_000))


def key_expiry(now: datetime | None = None) -> datetime:
    """When a key made now stops working."""
    return (now or timezone.now()) + KEY_LIFETIME


def viewer_key(deck: Deck, user: Any) -> str | None:
    """The key that lets a table see the deck, as it is now, as `user` does (None for no one
    signed in)."""
    return make_key("deck", deck.pk, user, deck_state(deck))


def make_key(kind: str, pk: int, user: Any, state: str) -> str | None:
    """A key of `kind` for the object `pk` in `state`, naming `user` (None for no one signed
    in)."""
    if not getattr(user, "is_authenticated", False):
        return None
    # Microseconds, not the signature's whole seconds: a key made in the same second as a
    # revocation, after it, still works.
    payload = [pk, user.pk, state, time.time_ns() // 1000]
    return str(signing.dumps(payload, salt=KINDS[kind], compress=True))


def _issued(micros: int) -> datetime:
    return datetime.fromtimestamp(micros / 1_000_000, tz=timezone.get_current_timezone())


def key_holder(key: str, *, deck_pk: int) -> tuple[Any, str] | None:
    """The viewer a key for this deck names and the deck state it was made for, if the key is
    the site's, has not run out and was not revoked since; None otherwise."""
    return read_key("deck", key, pk=deck_pk)


def read_key(kind: str, key: str, *, pk: int) -> tuple[Any, str] | None:
    """The viewer a key of `kind` for the object `pk` names and the state it was made for, if
    the key is the site's, of that kind, has not run out and was not revoked since; None
    otherwise."""
    if not key or len(key) > MAX_KEY_LENGTH:
        return None
    try:
        payload = signing.loads(key, salt=KINDS[kind], max_age=KEY_LIFETIME)
        object_id, user_id, state, issued = payload
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if object_id != pk or not isinstance(issued, int) or not isinstance(state, str):
        return None
    revoked = keys_revoked_at(user_id=user_id)
    if revoked is not None and _issued(issued) <= revoked:
        return None
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    return None if user is None else (user, state)
