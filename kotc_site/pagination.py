"""Pages of long lists that never count a million rows: counts stop at COUNT_CAP.

A search over a million cards has no use for its exact number of matches, and counting them
all costs more than finding the page. So lists count up to COUNT_CAP + 1 matches: "1,000+"
says there are more, and the pages go as far as the count (narrow the search to see others).
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.utils.functional import cached_property

COUNT_CAP = 1_000


def capped_count(items: Any, cap: int = COUNT_CAP) -> int:
    """How many items there are, counting no further than cap + 1."""
    if hasattr(items, "capped_count"):
        return int(items.capped_count(cap + 1))
    if isinstance(items, QuerySet):
        # Only the ids, in any order, and no more of them than needed: the database stops at
        # the limit instead of counting every match.
        return items.order_by().values("pk")[: cap + 1].count()
    return len(items)


class CappedPaginator(Paginator):
    """Django's paginator with a count that stops at `cap`: `capped` says there are more,
    `count_label` says it for a person ("1,000+"). The last page is the one the count
    reaches."""

    cap = COUNT_CAP

    @cached_property
    def _counted(self) -> tuple[int, bool]:
        found = capped_count(self.object_list, self.cap)
        return min(found, self.cap), found > self.cap

    @cached_property
    def count(self) -> int:
        return self._counted[0]

    @property
    def capped(self) -> bool:
        return self._counted[1]

    def page(self, number: Any) -> Any:
        page = super().page(number)
        start = (page.number - 1) * self.per_page
        asked = min(self.per_page, self.count - start)  # the page is cut at the count
        if self.capped and len(page.object_list) < asked:
            # The count was judged from a sample (cards.search) and the matches end sooner:
            # this page tells where, and the count says so from now on.
            found = start + len(page.object_list)
            for name in ("count", "num_pages", "page_range"):
                self.__dict__.pop(name, None)
            self.__dict__["_counted"] = (found, False)
        return page

    @property
    def count_label(self) -> str:
        return f"{self.count:,}{'+' if self.capped else ''}"
