"""What the sets app tells the rest of the site (the community app tells followers).

``set_released`` is sent after a set is released, inside the release's transaction (so a
failed release tells no one), with ``card_set`` and ``designer_ids`` (its owner and the
co-owners who accepted). Its cards are made public inside ``cards.models.published_together``,
so they are announced by the set, not one by one."""

from __future__ import annotations

from django.dispatch import Signal

set_released = Signal()
