"""The deck's level curve as alice's screen reader meets it: named by its heading and a
one-line summary, its numbers in a table behind "Show data"."""

from dataclasses import dataclass

import pytest

from decks.stats import curve_chart, curve_summary, deck_stats
from tests.simulations.chart_html import by_id, figures

from .conftest import SPELL


@dataclass
class C:
    kind: str
    level: int
    sp: int | None = None
    hp: int | None = None


def summary_of(*entries: tuple[int, C]) -> str:
    return curve_summary(deck_stats(list(entries)).curve)


def test_the_summary_names_the_levels_and_where_most_cards_are():
    assert (
        summary_of((4, C("minion", 1, 1, 1)), (2, C("minion", 3, 1, 1)), (3, C("spell", 2)))
        == "Levels 1 to 3, most at level 1 (4 of 9 cards)"
    )
    assert (
        summary_of((4, C("minion", 0, 1, 1)), (4, C("spell", 2)), (1, C("minion", 5, 1, 1)))
        == "Levels 0 to 5, most at levels 0 and 2 (4 each of 9 cards)"
    )
    assert summary_of((40, C("minion", 2, 1, 1))) == "All 40 cards at level 2"
    assert summary_of((1, C("spell", 0))) == "1 card at level 0"
    assert summary_of() == "" and curve_chart(()).summary == ""


def test_a_wide_curve_says_its_open_last_bar():
    stats = deck_stats([(1, C("minion", 0, 1, 1)), (3, C("minion", 40, 1, 1))])
    assert curve_chart(stats.curve).summary == "Levels 0 to 12+, most at level 12+ (3 of 4 cards)"


@pytest.mark.django_db
def test_the_deck_page_curve_has_its_summary_and_its_table(client, alice, make_deck, make_card):
    deck = make_deck(
        entries=[
            (make_card(level=1, sp=2, hp=3), 4),
            (make_card(name="B", level=3, sp=1, hp=1), 2),
            (make_card(**SPELL), 3),
        ]
    )
    client.force_login(alice)
    page = client.get(deck.get_absolute_url()).content.decode()
    (curve,) = figures(page)
    assert curve.role == "img" and curve.labelled_by == ["curve-title", "curve-summary"]
    assert by_id(page, "curve-title") == "Level curve"
    assert curve.summary == "Levels 1 to 3, most at level 1 (4 of 9 cards)"
    assert curve.has_toggle and curve.table_caption
    assert curve.columns == ["Level", "Minions", "Spells", "Total"]
    assert curve.rows == {"1": ["4", "0", "4"], "2": ["0", "3", "3"], "3": ["2", "0", "2"]}
