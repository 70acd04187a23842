"""Writes for accounts: API tokens and the browsers someone is logged in on."""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from knox.settings import knox_settings

from accounts.models import ApiToken, KeysRevoked, LoginSession


class TokenLimitReached(ValueError):
    """The account holds as many live tokens as one account may."""


def token_limit_message(limit: int) -> str:
    return (
        f"You have {limit} API tokens, the most one account may hold. Revoke the ones you no "
        "longer use on your account page (/accounts/) or with DELETE /api/v1/auth/token/."
    )


def default_token_days() -> int:
    return knox_settings.TOKEN_TTL.days


@transaction.atomic
def token_create(*, user: Any, name: str, days: int | None = None) -> tuple[ApiToken, str]:
    """A new token for one device: the row (which keeps only a hash) and the token itself,
    which the caller shows once and which cannot be had again."""
    now = timezone.now()
    tokens = ApiToken.objects.filter(user=user)
    # Expired tokens no longer count, and nothing will ever read them again.
    tokens.filter(expiry__lte=now).delete()
    limit = knox_settings.TOKEN_LIMIT_PER_USER
    if (
        limit is not None
        and tokens.filter(Q(expiry__isnull=True) | Q(expiry__gt=now)).count() >= limit
    ):
        raise TokenLimitReached(token_limit_message(limit))
    lifetime = timedelta(days=days) if days else knox_settings.TOKEN_TTL
    return ApiToken.objects.create(user=user, expiry=lifetime, name=name)


def token_revoke(*, user: Any, token_id: int) -> bool:
    """Revoke one of the user's own tokens; False when they have no such token."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def tokens_revoke_all(*, user: Any) -> int:
    deleted, _ = ApiToken.objects.filter(user=user).delete()
    return deleted


def _session_store() -> Any:
    return import_module(settings.SESSION_ENGINE).SessionStore


def session_remember(*, user: Any, session: Any) -> None:
    """Note the session someone just logged in with (or that a password change renewed),
    and forget the ones of theirs that have ended since."""
    if session.session_key is None:
        session.save()
    store = _session_store()
    for record in LoginSession.objects.filter(user=user).exclude(session_key=session.session_key):
        if not store().exists(record.session_key):
            record.delete()
    LoginSession.objects.update_or_create(session_key=session.session_key, defaults={"user": user})


def session_forget(*, session_key: str | None) -> None:
    if session_key:
        LoginSession.objects.filter(session_key=session_key).delete()


def keys_revoke(*, user: Any) -> None:
    """Revoke every key signed into an address for the user until now (a table's `?as=`)."""
    KeysRevoked.objects.update_or_create(user=user, defaults={"at": timezone.now()})


def log_out_everywhere(*, user: Any) -> tuple[int, int]:
    """End every session the user logged in with, revoke every API token of theirs and every
    key signed into an address for them. Returns how many sessions and tokens that was."""
    store = _session_store()
    records = list(LoginSession.objects.filter(user=user))
    for record in records:
        store().delete(record.session_key)
    LoginSession.objects.filter(pk__in=[record.pk for record in records]).delete()
    keys_revoke(user=user)
    return len(records), tokens_revoke_all(user=user)


TAKEN_EMAIL = (
    "That address belongs to another account: an address is one account's, so a password"
    " reset reaches one account. Use another address, or reset that account's password."
)


def email_taken(email: str, *, by: Any = None) -> bool:
    """Whether another account than `by` has the address, case aside (the database holds one
    account an address: accounts' migration 0004)."""
    if not email:
        return False
    others = get_user_model().objects.filter(email__iexact=email)
    if by is not None:
        others = others.exclude(pk=by.pk)
    return others.exists()


def email_set(*, user: Any, email: str) -> None:
    """Give the account the address (or none). Raises ValidationError when another account
    has it, also when that one took it a moment ago."""
    if email_taken(email, by=user):
        raise ValidationError({"email": [TAKEN_EMAIL]})
    user.email = email
    try:
        with transaction.atomic():
            user.save(update_fields=["email"])
    except IntegrityError as error:
        raise ValidationError({"email": [TAKEN_EMAIL]}) from error


def lockout_lift(*, username: str) -> None:
    """Forget the failed log-ins of the account (a new password was just set by email)."""
    from axes.utils import reset

    reset(username=username)


# -- deleting an account ----------------------------------------------------------------------

# Who the cards kept after their designer left are credited to. A name the sign-up form refuses
# (it has spaces), held by an account no one can log in to.
FORMER_DESIGNER = "a former designer"


class WrongPassword(ValueError):
    """The password given to confirm a deletion is not the account's."""


def former_designer() -> Any:
    User = get_user_model()
    holder, made = User.objects.get_or_create(
        username=FORMER_DESIGNER, defaults={"is_active": False}
    )
    if made:
        holder.set_unusable_password()
        holder.save(update_fields=["password"])
    return holder


@transaction.atomic
def account_delete(*, user: Any, password: str) -> dict[str, int]:
    """Delete the account after checking its password: its decks, goldfish runs, collection,
    API tokens, sessions, and every card of its own, except the unlisted and public ones that
    are in someone else's deck or collection (accounts.selectors.cards_kept_on_deletion):
    those are kept, credited to "a former designer", with only the revisions others could see.
    The name is taken off the credits of cards and decks copied from hers. Returns how many
    cards were deleted and kept. Raises WrongPassword, changing nothing."""
    from django.db.models import F, Value
    from django.db.models.functions import Replace

    from accounts.selectors import cards_kept_on_deletion
    from cards.models import Card, CardRevision
    from cards.services import card_delete, pictures_delete_unused
    from decks.models import Deck
    from simulations.models import SimulationRun

    if not user.check_password(password):
        raise WrongPassword("The password is wrong; nothing was deleted.")
    name = user.get_username()
    kept = list(cards_kept_on_deletion(user=user).values_list("pk", flat=True))

    # Credits of copies: her name goes, the copies stay.
    copied = Q(forked_from__owner=user) | Q(forked_from_owner=name)
    for model in (Card, Deck):
        model.objects.filter(copied).exclude(owner=user).update(forked_from_owner=FORMER_DESIGNER)
    CardRevision.objects.filter(card__forked_from__owner=user).exclude(card__owner=user).update(
        note=Replace(F("note"), Value(f" by {name}"), Value(f" by {FORMER_DESIGNER}"))
    )

    SimulationRun.objects.filter(requested_by=user).delete()
    Deck.objects.filter(owner=user).delete()
    stand_in = former_designer()
    deleted = 0
    for card in Card.objects.filter(owner=user).exclude(pk__in=kept):
        card_delete(card=card, user=user)
        deleted += 1
    # The kept cards: what she wrote while a card was private never reached anyone, so it
    # leaves with her (and so do pictures only those revisions showed).
    for card in Card.objects.filter(pk__in=kept):
        private = card.revisions.filter(shared=False)
        pictures = {data.get("image") or "" for data in private.values_list("data", flat=True)}
        private.delete()
        transaction.on_commit(lambda names=pictures: pictures_delete_unused(names))
    CardRevision.objects.filter(card_id__in=kept).update(author=None)
    Card.objects.filter(pk__in=kept).update(owner=stand_in)

    log_out_everywhere(user=user)
    user.delete()
    return {"cards_deleted": deleted, "cards_kept": len(kept)}
