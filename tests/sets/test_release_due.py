"""The beat's release (sets.tasks.release_due_sets): a set scheduled for a time is released by
itself once that time has come on the clock, and not before; one that cannot be released is
left scheduled while the others go."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from cards.models import Card
from sets import services, tasks
from sets.models import CardSet
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def test_a_scheduled_set_is_released_when_its_time_comes(alice):
    cards = make_cards(alice, 2)
    card_set = make_set(alice, "private", cards=cards)
    at = timezone.now() + timedelta(minutes=2)
    services.set_update(card_set=card_set, user=alice, release_at=at)
    assert services.sets_release_due(now=at - timedelta(seconds=1)) == []
    assert services.sets_release_due(now=at + timedelta(seconds=1)) == [card_set.pk]
    assert set(
        Card.objects.filter(pk__in=[c.pk for c in cards]).values_list("visibility", flat=True)
    ) == {"public"}
    # Sent again, the sweep finds nothing more to do.
    assert services.sets_release_due(now=at + timedelta(seconds=2)) == []


def test_a_set_that_cannot_be_released_stays_scheduled(alice):
    empty = make_set(alice, "private", cards=[], code="EMP")
    good = make_set(alice, "private", code="GUD")
    at = timezone.now() + timedelta(minutes=1)
    for card_set in (empty, good):
        services.set_update(card_set=card_set, user=alice, release_at=at)
    assert services.sets_release_due(now=at + timedelta(seconds=1)) == [good.pk]
    empty.refresh_from_db()
    assert empty.released_at is None and empty.release_at == at


def test_the_task_runs_the_sweep(alice):
    card_set = make_set(alice, "private")
    CardSet.objects.filter(pk=card_set.pk).update(release_at=timezone.now() - timedelta(seconds=1))
    assert tasks.release_due_sets() == "released 1 set(s)"
