"""Reading sets, with who may see what in one place.

A set is seen by its designers (its owner and the co-owners who accepted) always; by anyone
else only once it is released, and then as its visibility says (an unlisted set by its id, a
public one listed too). Until the release nothing of it (its name, code, numbers, which cards
it holds) reaches anyone else. The cards a set shows still pass the card gate
(cards.selectors): a card the viewer may not see is its withheld stand-in, in its place.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.http import Http404

from cards.models import Card, CardRevision
from cards.selectors import as_id, for_viewer, signed_in_user
from decks.tabletop_keys import read_key
from sets.models import CardSet, SetDesigner, SetEntry


def designer_q(user: Any, prefix: str = "") -> Q:
    """The sets `user` designs: as owner, or as a co-owner who accepted."""
    user = signed_in_user(user)
    if user is None:
        return Q(pk__in=[])
    member = SetDesigner.objects.filter(card_set=OuterRef(f"{prefix}pk"), user=user, accepted=True)
    return Q(**{f"{prefix}owner": user}) | Q(Exists(member))


def set_viewable_q(user: Any, prefix: str = "") -> Q:
    """Sets `user` may open by id: their own, and released ones that are not private."""
    shown = Q(**{f"{prefix}released_at__isnull": False}) & ~Q(
        **{f"{prefix}visibility": CardSet.Visibility.PRIVATE}
    )
    return shown | designer_q(user, prefix)


def sets_visible_to(user: Any) -> QuerySet[CardSet]:
    """The sets `user` may find in lists: their own, and the released public ones."""
    listed = Q(released_at__isnull=False, visibility=CardSet.Visibility.PUBLIC)
    return CardSet.objects.filter(listed | designer_q(user)).select_related("owner")


# The longest search of the sets' list that is read; the rest is left off.
MAX_SET_QUERY = 100


def sets_listed(user: Any, query: str = "") -> QuerySet[CardSet]:
    """The sets of the list page, through the gate (sets_visible_to): searched by name (a
    part of it) or code (its start), each with its card count and its accepted co-owners
    (`co_designers`), to show who made it."""
    sets = sets_visible_to(user)
    query = query.strip()[:MAX_SET_QUERY]
    if query:
        sets = sets.filter(Q(name__icontains=query) | Q(code__istartswith=query))
    co_designers = SetDesigner.objects.filter(accepted=True).select_related("user").order_by("pk")
    return sets.annotate(card_count=Count("entries", distinct=True)).prefetch_related(
        Prefetch("designers", queryset=co_designers, to_attr="co_designers")
    )


def set_for_viewer(*, user: Any, pk: Any) -> CardSet:
    """The set if `user` may see it; Http404 otherwise (an unreleased set does not exist to
    anyone but its designers)."""
    pk = as_id(pk)
    found = None
    if pk is not None:
        found = CardSet.objects.filter(set_viewable_q(user), pk=pk).select_related("owner").first()
    if found is None:
        raise Http404("No such set.")
    return found


def is_designer(card_set: CardSet, user: Any) -> bool:
    user = signed_in_user(user)
    if user is None:
        return False
    if card_set.owner_id == user.pk:
        return True
    return card_set.designers.filter(user=user, accepted=True).exists()


def set_for_designer(*, user: Any, pk: Any) -> CardSet:
    """The set if `user` designs it: Http404 when they may not see it, PermissionDenied when
    they may see it but not change it."""
    card_set = set_for_viewer(user=user, pk=pk)
    if not is_designer(card_set, user):
        raise PermissionDenied("Only the set's designers may change it.")
    return card_set


def set_for_owner(*, user: Any, pk: Any) -> CardSet:
    """The set if `user` is its owner (who invites, deletes and releases)."""
    card_set = set_for_designer(user=user, pk=pk)
    if card_set.owner_id != user.pk:
        raise PermissionDenied("Only the set's owner may do that.")
    return card_set


def set_state(card_set: CardSet) -> str:
    """Changes whenever what the set's sheets show may change: its entries, its cards (each
    one's `updated` stamp moves with its revisions and visibility), its release and its
    visibility. A Tabletop Simulator key is bound to it (decks.tabletop_keys)."""
    rows = SetEntry.objects.filter(card_set=card_set).order_by("position")
    entries = rows.values_list("position", "card_id", "card__updated", "card__visibility")
    parts = [
        str(card_set.updated.timestamp()),
        str(card_set.released_at.timestamp() if card_set.released_at else ""),
        card_set.visibility,
        *(f"{pos}:{card}:{stamp.timestamp()}:{seen}" for pos, card, stamp, seen in entries),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def set_for_table(*, user: Any, pk: Any, key: str) -> tuple[CardSet, Any]:
    """The set as a Tabletop Simulator sheet draws it, and whose view that is: the viewer a
    valid key (`?as=`, decks.tabletop_keys) names, if they still design the set and it is
    still in the state the key was made for; else `user`, who asks. Http404 when that viewer
    may not see it."""
    pk = as_id(pk)
    held = read_key("set", key, pk=pk) if pk is not None else None
    if held is not None:
        viewer, state = held
        try:
            card_set = set_for_viewer(user=viewer, pk=pk)
        except Http404:
            card_set = None
        if card_set is not None and is_designer(card_set, viewer) and set_state(card_set) == state:
            return card_set, viewer
    return set_for_viewer(user=user, pk=pk), user


def set_invited(*, user: Any, pk: Any) -> CardSet:
    """The set `user` is invited to and has not yet accepted; Http404 otherwise."""
    pk = as_id(pk)
    user = signed_in_user(user)
    if pk is None or user is None:
        raise Http404("No such invitation.")
    invitation = SetDesigner.objects.filter(card_set_id=pk, user=user).select_related("card_set")
    row = invitation.first()
    if row is None:
        raise Http404("No such invitation.")
    return row.card_set


def designers_of(card_set: CardSet) -> list[Any]:
    """The set's designers, its owner first: whom its pages and exports credit."""
    others = [
        row.user
        for row in card_set.designers.filter(accepted=True).select_related("user").order_by("pk")
    ]
    return [card_set.owner, *others]


def designer_ids(card_set: CardSet) -> set[int]:
    ids = set(card_set.designers.filter(accepted=True).values_list("user_id", flat=True))
    return {card_set.owner_id, *ids}


@dataclass(frozen=True)
class NumberedCard:
    """A card as the set shows it to one viewer: its number, and the card or its stand-in."""

    number: int
    total: int
    card: Card
    changed_after_release: bool

    @property
    def label(self) -> str:
        width = max(3, len(str(self.total)))
        return f"{self.number:0{width}d}/{self.total:0{width}d}"


def numbered_cards(card_set: CardSet, user: Any) -> list[NumberedCard]:
    """The set's cards in order, numbered, each through the card gate."""
    entries = list(
        SetEntry.objects.filter(card_set=card_set)
        .select_related("card__owner", "card__hold")
        .order_by("position")
    )
    total = len(entries)
    latest = _latest_revisions([entry.card_id for entry in entries])
    shown = []
    for number, entry in enumerate(entries, start=1):
        card = for_viewer(entry.card, user)
        changed = (
            entry.released_revision is not None
            and not card.withheld
            and latest.get(entry.card_id, 0) > entry.released_revision
        )
        shown.append(NumberedCard(number, total, card, changed))
    return shown


def _latest_revisions(card_ids: list[int]) -> dict[int, int]:
    from django.db.models import Max

    rows = (
        CardRevision.objects.filter(card_id__in=card_ids)
        .values("card_id")
        .annotate(last=Max("number"))
    )
    return {row["card_id"]: row["last"] for row in rows}


def sets_holding(card: Card, user: Any) -> list[tuple[CardSet, int, int]]:
    """The sets `user` may see that hold `card`, each with the card's number and the set's
    size: what the card page says of it."""
    entries = (
        SetEntry.objects.filter(card=card)
        .filter(set_viewable_q(user, prefix="card_set__"))
        .select_related("card_set")
        .order_by("card_set__name", "card_set_id")
    )
    found = []
    for entry in entries:
        total = entry.card_set.entries.count()
        number = entry.card_set.entries.filter(position__lt=entry.position).count() + 1
        found.append((entry.card_set, number, total))
    return found


def set_mark_numbers(card_set: CardSet) -> dict[int, tuple[int, int]]:
    """Each card's number in the set and the set's size, by card id."""
    ids = list(card_set.entries.order_by("position").values_list("card_id", flat=True))
    return {card_id: (number, len(ids)) for number, card_id in enumerate(ids, start=1)}


def due_sets(now: Any) -> QuerySet[CardSet]:
    """Sets whose chosen release time has come and that are not released yet."""
    return CardSet.objects.filter(released_at__isnull=True, release_at__lte=now).order_by(
        "release_at", "pk"
    )
