"""Counts that stop at the cap, and counts judged from a sample that turn out too high."""

from __future__ import annotations

from cards.search import surely_more
from kotc_site.pagination import COUNT_CAP, CappedPaginator


class Judged(list):
    """A list whose count was judged (as cards.search judges a common word's) rather than
    counted: it says there are more than the cap, whatever it holds."""

    def capped_count(self, limit: int) -> int:
        return limit


def test_a_sample_shows_a_common_word_passes_the_cap_on_a_big_site():
    assert surely_more(114, COUNT_CAP + 1, 1_040_000)
    assert surely_more(11, COUNT_CAP + 1, 1_040_000)


def test_a_rare_word_or_a_small_site_is_counted():
    assert not surely_more(4, COUNT_CAP + 1, 1_040_000)
    assert not surely_more(0, COUNT_CAP + 1, 1_040_000)
    assert not surely_more(114, COUNT_CAP + 1, 20_000)
    assert not surely_more(114, COUNT_CAP + 1, -1)  # a table never analysed


def test_a_page_that_ends_early_corrects_a_judged_count():
    pages = CappedPaginator(Judged(range(30)), 24)
    assert pages.count_label == "1,000+"
    first = pages.page(1)
    assert first.has_next()
    second = pages.page(2)
    assert list(second.object_list) == list(range(24, 30))
    assert (pages.count, pages.capped, pages.count_label) == (30, False, "30")
    assert not second.has_next()
    assert pages.num_pages == 2


def test_an_exact_count_over_the_cap_is_left_alone():
    pages = CappedPaginator(list(range(COUNT_CAP + 500)), 24)
    last = pages.page(pages.num_pages)
    assert (pages.count, pages.capped) == (COUNT_CAP, True)
    assert len(last.object_list) == COUNT_CAP - (pages.num_pages - 1) * 24
