"""Every case of the search syntax against the database's full-text index, with the cards
found and their order as expected. The suite runs on SQLite (FTS5) and, when DATABASE_URL
names PostgreSQL (CI's second pass), on PostgreSQL (its text search): one syntax, the same
results on both.

The cards are written straight to the database (not through the designer's services), so
what is tested is the search alone: the index the migration made and keeps, and the query."""

from datetime import UTC, datetime, timedelta

import pytest

from cards.models import Card, CardVerdict
from cards.search import CardResults, find_cards, parse_query
from cards.search import results as search_results
from cards.selectors import gallery_cards

pytestmark = pytest.mark.django_db

START = datetime(2026, 1, 1, tzinfo=UTC)

# name, kind, level, sp, hp, edition indicator, ability text, flavor text
CARDS = {
    "drake": (
        "Fire Drake",
        "minion",
        5,
        5,
        6,
        14,
        "SCORCH: Inflict 3 damage to target minion.",
        "",
    ),
    "ball": ("Fireball", "spell", 3, None, None, 14, "Inflict 4 damage to an enemy player.", ""),
    "camp": ("Campfire", "spell", 1, None, None, 13, "Heal 2 HP. Draw 1 card.", "The moon rises."),
    "wisp": ("Ember Wisp", "minion", 1, 1, 2, 14, "Wisp draws. Draw 1 cards.", "It hums."),
    "lore": ("Tidal Lore", "spell", 2, None, None, 14, "Draw 2 cards, then draw a card.", ""),
    "golem": ("Old Golem", "minion", 4, 4, 0, 11, "Self-bury: excavate 2.", "Made of fire-clay."),
    "cafe": ("Spirit of the Café", "minion", 2, 2, 3, None, "Deal ½ damage to the x2 wolf.", ""),
    "wolf": ("Storm Wolf", "minion", 3, 3, 3, 14, "When summoned: draw 1 card. Fire 1 arrow.", ""),
}
# The order they were last changed in, oldest first.
CHANGED = ["drake", "ball", "camp", "wisp", "lore", "golem", "cafe", "wolf"]
PLAYABLE_14 = {"drake", "ball", "wisp", "lore", "wolf"}


@pytest.fixture
def cards(alice, bob):
    made = {}
    for number, key in enumerate(CHANGED):
        name, kind, level, sp, hp, edition, text, flavor = CARDS[key]
        card = Card.objects.create(
            owner=bob if key in {"golem", "cafe"} else alice,
            visibility="public",
            name=name,
            kind=kind,
            level=level,
            sp=sp,
            hp=hp,
            design_edition=edition,
            ability_text=text,
            flavor_text=flavor,
        )
        # Saving sets `updated` to now; the order of change is set here, a day apart. The
        # editions the card is playable under are kept on it as well as in its verdicts.
        Card.objects.filter(pk=card.pk).update(
            updated=START + timedelta(days=number),
            playable_in=[14] if key in PLAYABLE_14 else [],
        )
        for ed in (13, 14):
            CardVerdict.objects.create(
                card=card,
                edition=ed,
                verdict="legal",
                playable=ed == 14 and key in PLAYABLE_14,
                rules_version="test",
            )
        made[key] = card.pk
    return made


def found(cards: dict[str, int], q: str) -> list[str]:
    keys = {pk: key for key, pk in cards.items()}
    return [keys[card.pk] for card in gallery_cards(q=q)]


NEWEST_FIRST = list(reversed(CHANGED))


def newest(*keys: str) -> list[str]:
    return [key for key in NEWEST_FIRST if key in keys]


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("", newest(*CARDS)),
        # Words match whole words in the name or the ability text, without case; the last
        # word (it may still be being typed) matches the words that start with it.
        ("fire", ["ball", "drake", "wolf"]),
        ("FIR", ["ball", "drake", "wolf"]),
        ("ampfire", []),
        ("campfire", ["camp"]),
        ("fire drake", ["drake"]),
        ("draw", ["wolf", "lore", "wisp", "camp"]),
        ("draw car", ["wolf", "lore", "wisp", "camp"]),
        ("dra car", []),
        ("fir drake", []),
        # Phrases: the words one after the other in one field, the last a start of a word.
        ('"draw 1 card"', ["wolf", "wisp", "camp"]),
        ('"draw 1 cards"', ["wisp"]),
        ('"1 card draw"', []),
        ('"draw card"', []),
        ('"then draw a"', ["lore"]),
        ('"wisp wisp"', []),  # the name's last word and the text's first are not a phrase
        ("self-bury", ["golem"]),
        ('"deal damage"', ["cafe"]),  # ½ parts words, as a space does
        ("x2", ["cafe"]),
        ("café", ["cafe"]),
        ("CAFÉ", ["cafe"]),
        ("cafe", []),  # accents count
        ("3", ["drake"]),
        ("!!", newest(*CARDS)),  # nothing to look for: left out, with a note
        # Negation.
        ("-fire", newest("camp", "wisp", "lore", "golem", "cafe")),
        ('-"draw 1" draw', ["lore"]),
        # Fields.
        ("name:fire", ["ball", "drake"]),
        ("name:wis", ["wisp"]),
        ("text:fire", ["wolf"]),
        ("text:wisp", ["wisp"]),
        ("flavor:fire", ["golem"]),
        ("flavor:moon", ["camp"]),
        ("-name:fire fire", ["ball", "wolf"]),  # Fireball's name has no word "fire"
        ("name!=fire fire", ["ball", "wolf"]),
        ("fire -name:fire", ["wolf"]),
        ('name="ember wisp"', ["wisp"]),
        ("name=EMBER", []),
        ('-name="ember wisp" kind:minion', newest("drake", "golem", "cafe", "wolf")),
        # Filters.
        ("kind:spell", newest("ball", "camp", "lore")),
        ("-kind:spell", newest("drake", "wisp", "golem", "cafe", "wolf")),
        ("level<=2", newest("camp", "wisp", "lore", "cafe")),
        ("level>4", ["drake"]),
        ("level=3", newest("ball", "wolf")),
        ("sp>=3", newest("drake", "golem", "wolf")),
        ("hp=0", ["golem"]),
        ("hp!=0", newest("drake", "wisp", "cafe", "wolf")),
        ("-hp=0", newest("drake", "ball", "camp", "wisp", "lore", "cafe", "wolf")),
        ("offense>=4", newest("drake", "golem")),
        ("edition:14", newest("drake", "ball", "wisp", "lore", "wolf")),
        ("edition:none", ["cafe"]),
        ("by:BOB", newest("golem", "cafe")),
        ("legal:14", newest(*PLAYABLE_14)),
        ("-legal:14", newest("camp", "golem", "cafe")),
        ("legal:13", []),
        ("legal:14 fire", ["ball", "drake", "wolf"]),
        ("legal:14 draw", ["wolf", "lore", "wisp"]),
        ("-legal:14 draw", ["camp"]),
        ("legal:14 -fire", newest("wisp", "lore")),
        ("-legal:13 kind:minion", newest("drake", "wisp", "golem", "cafe", "wolf")),
        ("legal:13 -legal:14", []),
        ("legal:14 kind:minion order:name", ["wisp", "drake", "wolf"]),
        ("legal:14 kind:spell order:level direction:desc", ["ball", "lore"]),
        ("kind:minion sp>=3 -fire", ["golem"]),
        # Orders.
        # (Names whose order no collation disputes: "Fire Drake" and "Fireball" are not both.)
        ("order:name kind:minion", ["wisp", "drake", "golem", "cafe", "wolf"]),
        ("order:name direction:desc kind:minion", ["wolf", "cafe", "golem", "drake", "wisp"]),
        ("order:level", ["camp", "wisp", "cafe", "lore", "ball", "wolf", "golem", "drake"]),
        # A spell has no SP or HP: it comes last either way.
        ("order:sp", ["wisp", "cafe", "wolf", "golem", "drake", "camp", "ball", "lore"]),
        (
            "order:sp direction:desc",
            ["drake", "golem", "wolf", "cafe", "wisp", "lore", "ball", "camp"],
        ),
        ("order:hp kind:minion", ["golem", "wisp", "cafe", "wolf", "drake"]),
        ("order:newest fire", ["wolf", "ball", "drake"]),
        ("order:newest direction:asc", CHANGED),
        ("order:offense", ["wisp", "cafe", "wolf", "golem", "drake", "camp", "ball", "lore"]),
        # Relevance (the default with words): names holding the words first, then the rest,
        # newest first in each; going up turns all of it round.
        ("order:relevance direction:asc fire", ["wolf", "drake", "ball"]),
        ("draw order:relevance", ["wolf", "lore", "wisp", "camp"]),
        ("wisp", ["wisp"]),
        ("order:relevance", newest(*CARDS)),  # nothing to rank by: newest first
    ],
)
def test_the_syntax_finds_the_same_cards_in_the_same_order_on_every_database(cards, q, expected):
    assert found(cards, q) == expected


def test_punctuation_alone_is_left_out_with_a_note():
    query = parse_query("!! wisp")
    assert [term.value for term in query.terms] == ["wisp"]
    assert any("'!!'" in note and "left out" in note for note in query.notes)


def test_the_index_follows_every_change(cards, alice):
    card = Card.objects.get(pk=cards["wisp"])
    card.name = "Glimmer Sprite"
    card.save()
    assert found(cards, "glimmer") == ["wisp"]
    assert found(cards, "ember") == []
    Card.objects.filter(pk=cards["lore"]).update(ability_text="Sow 3 into your granary.")
    assert found(cards, "granary") == ["lore"]
    assert found(cards, '"then draw"') == []
    Card.objects.filter(pk=cards["drake"]).delete()
    assert found(cards, "fire") == ["ball", "wolf"]
    new = Card.objects.create(
        owner=alice, visibility="public", name="Fire Newt", kind="spell", level=1
    )
    assert [card.pk for card in gallery_cards(q="newt")] == [new.pk]


def test_ranked_pages_are_slices_of_the_whole_order(cards):
    ranked = find_cards(Card.objects.all(), "draw")
    assert isinstance(ranked, CardResults) and len(ranked.parts) == 2
    whole = [card.pk for card in ranked]
    assert len(whole) == 4 and ranked.count() == 4
    for start in range(6):
        for stop in range(start, 7):
            assert [card.pk for card in ranked[start:stop]] == whole[start:stop], (start, stop)
    assert ranked[1].pk == whole[1]
    with pytest.raises(IndexError):
        ranked[4]
    assert ranked.capped_count(3) == 3
    assert ranked.capped_count(10) == 4


@pytest.mark.parametrize("window", [1, 2, 3, 5])
@pytest.mark.slow  # every query form on both backends: seconds in all; in make test
@pytest.mark.parametrize(
    "q",
    [
        "",
        "fire",
        "draw",
        "kind:minion",
        "order:newest direction:asc draw",
        "-fire",
        "3",
        "order:name dra",
        "order:level direction:desc fire",
    ],
)
def test_pages_and_counts_are_the_same_however_the_matches_are_looked_for(
    cards, monkeypatch, q, window
):
    """However few of the newest cards a page is first looked for among, and however common
    a sample of them says the matches are, every page and count is the same."""
    keys = {pk: key for key, pk in cards.items()}
    whole = found(cards, q)
    monkeypatch.setattr(search_results, "WINDOW", window)
    # No window edge kept from another test's cards.
    monkeypatch.setattr(search_results, "_edges", {})
    monkeypatch.setattr(search_results, "SAMPLE", window)
    for common in (0.0, 0.5, 2.0):  # every sample common, half, none
        monkeypatch.setattr(search_results, "COMMON", common)
        monkeypatch.setattr(search_results, "COMMON_TO_COUNT", 2.0 - common)
        monkeypatch.setattr(search_results, "COMMON_IN_ORDER", 2.0 - common)
        results = gallery_cards(q=q)
        for start in range(len(whole) + 1):
            for stop in range(start, len(whole) + 2):
                page = [keys[card.pk] for card in results[start:stop]]
                assert page == whole[start:stop], (common, start, stop)
        for limit in range(1, len(whole) + 2):
            assert gallery_cards(q=q).capped_count(limit) == min(limit, len(whole)), limit


def test_the_scans_a_search_chooses_end_with_it(cards):
    """On PostgreSQL the search may switch some of the planner's scans off for one query; the
    settings never outlive it, even inside a longer transaction (as this test is)."""
    from django.db import connection

    from cards import text_index

    def settings() -> tuple:
        if connection.vendor != "postgresql":
            return ()
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT current_setting('enable_seqscan'), current_setting('enable_indexscan')"
            )
            return cursor.fetchone()

    before = settings()
    with text_index.scans("default", seqscan=False, indexscan=False):
        inside = settings()
        assert found(cards, "fire") == ["ball", "drake", "wolf"]
    assert settings() == before
    if connection.vendor == "postgresql":
        assert inside == ("off", "off") and before == ("on", "on")


def test_a_walk_keeps_to_the_orders_index_in_one_backend_and_compiles_nothing(cards):
    """A walk reads the order's own index until the page is full: no sort of every match, no
    parallel workers, no JIT (all of which the planner chose at a million cards, trusting its
    estimate that few cards match: 220 ms where the walk takes 7). Matches found through the
    indexes are read by one backend too. All end with it."""
    from django.db import connection

    from cards import text_index

    names = ("enable_sort", "max_parallel_workers_per_gather", "jit")

    def settings() -> tuple:
        if connection.vendor != "postgresql":
            return ()
        with connection.cursor() as cursor:
            cursor.execute("SELECT " + ", ".join(f"current_setting('{n}')" for n in names))
            return cursor.fetchone()

    before = settings()
    with text_index.scans("default", seqscan=False, bitmapscan=False):
        walking = settings()
        assert found(cards, "fire") == ["ball", "drake", "wolf"]
    with text_index.scans("default", seqscan=False, indexscan=False):
        finding = settings()
    assert settings() == before
    if connection.vendor == "postgresql":
        assert walking == ("off", "0", "off")
        assert finding == (before[0], "0", "off")


def test_the_last_word_is_asked_as_the_words_on_file_it_starts(cards, alice, monkeypatch):
    """On PostgreSQL the query's last word (perhaps still being typed) is asked as the words on
    file that it starts, which the text index answers far faster than a prefix; the words of a
    card are on file as soon as it is saved. With more such words than are listed, it is asked
    as a prefix. Either way, and on SQLite, the same cards are found, newest first."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cards import text_index

    def asked(q: str, known: dict[str, int]) -> tuple[list[str], str]:
        with CaptureQueriesContext(connection) as queries:
            keys = found(known, q)
        return keys, "\n".join(query["sql"] for query in queries.captured_queries)

    keys, sql = asked("fir", cards)
    assert keys == ["ball", "drake", "wolf"]
    if connection.vendor == "postgresql":
        # The words quoted in the tsquery's text, which is quoted in the SQL. (Words of cards
        # other tests made may be on file too: a flush empties only the models' tables.)
        assert "''fire'' | " in sql and "''fireball''" in sql and ":*" not in sql
    assert asked("draw car", cards)[0] == ["wolf", "lore", "wisp", "camp"]

    # A new card's words, and words a card's text is changed to, are found at once.
    newt = Card.objects.create(
        owner=alice, visibility="public", name="Firefly Newt", kind="spell", level=1
    )
    Card.objects.filter(pk=cards["lore"]).update(
        ability_text="Summon a firestorm.", updated=START + timedelta(days=30)
    )
    wisp = Card.objects.get(pk=cards["wisp"])
    wisp.name = "Glimmer Sprite"
    wisp.save()
    assert asked("glimm", cards)[0] == ["wisp"]
    known = {**cards, "newt": newt.pk}
    keys, sql = asked("fir", known)
    assert keys == ["newt", "ball", "drake", "lore", "wolf"]
    if connection.vendor == "postgresql":
        assert "''firefly''" in sql and "''firestorm''" in sql and ":*" not in sql

    monkeypatch.setattr(text_index, "ENDINGS_AT_MOST", 2)
    keys, sql = asked("fir", known)
    assert keys == ["newt", "ball", "drake", "lore", "wolf"]
    if connection.vendor == "postgresql":
        assert "''fir'':*" in sql
