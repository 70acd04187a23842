"""Properties of the reader and the writer, checked with generated designs and texts.

Random components with random numbers, written with the guide's grammar, read back to the same
components, numbers and level; no text at all makes the reader or the level raise; and a card's
verdict follows its guide: at the computed level no guide reason, at any other a mismatch, and
nothing playable that is not made of components at its computed level.
"""

import contextlib

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cards.rules import (
    AbilityDesign,
    Card,
    Choice,
    ComponentKind,
    RulesError,
    SubAbilityDesign,
    Verdict,
    check_card,
    compute_level,
    design_level,
    design_reading,
    get_guide,
    level_of_reading,
    load_editions,
    load_guides,
    needs_target,
    read_card_text,
    write_card_text,
)

# No example database: the suite leaves nothing behind in the working tree.
generated = settings(
    max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

EDITIONS = sorted(load_guides())
numbers = st.one_of(st.just(1), st.integers(1, 12), st.integers(1, 10**9))


@st.composite
def choices(draw, edition, kind, *, with_targets=True):
    guide = get_guide(edition)
    candidates = [
        c
        for c in guide.of_kind(kind)
        if not c.redacted and (with_targets or not needs_target(c, guide))
    ]
    component = draw(st.sampled_from(candidates))
    return Choice(component.id, {letter: draw(numbers) for letter in component.letters})


@st.composite
def sub_abilities(draw, edition, *, may_target=True):
    guide = get_guide(edition)
    target = draw(st.none() | choices(edition, ComponentKind.TARGET)) if may_target else None
    count = draw(st.integers(1, 3))
    effects = tuple(
        draw(choices(edition, ComponentKind.EFFECT, with_targets=target is not None))
        for _ in range(count)
    )
    joins_from = list(guide.grammar.effect_joins)
    if guide.grammar.effects_may_be_sentences:
        joins_from.append(".")
    joins = tuple(draw(st.sampled_from(joins_from)) for _ in range(count - 1))
    return SubAbilityDesign(effects, target, joins)


names = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 '-", min_size=1, max_size=16).filter(
    lambda name: any(char.isalpha() for char in name)
)


@st.composite
def abilities(draw, edition):
    guide = get_guide(edition)
    most_costs = guide.grammar.max_costs if guide.grammar.max_costs is not None else 3
    costs = tuple(
        draw(choices(edition, ComponentKind.COST)) for _ in range(draw(st.integers(0, most_costs)))
    )
    most_subs = 3 if guide.grammar.sub_abilities else 1
    count = draw(st.integers(1, most_subs))
    # "Only 1 target selection can be used per ability": in one of its sub-abilities at most.
    targeted = draw(st.integers(0, count - 1))
    subs = tuple(
        draw(sub_abilities(edition, may_target=index == targeted)) for index in range(count)
    )
    return AbilityDesign(
        sub_abilities=subs,
        name=draw(st.none() | names),
        condition=draw(st.none() | choices(edition, ComponentKind.CONDITION)),
        costs=costs,
    )


@st.composite
def cards(draw):
    edition = draw(st.sampled_from(EDITIONS))
    guide = get_guide(edition)
    caveat = None
    if guide.grammar.max_caveats and draw(st.booleans()):
        caveat = draw(choices(edition, ComponentKind.CAVEAT))
    designed = tuple(draw(abilities(edition)) for _ in range(draw(st.integers(1, 3))))
    kind = "minion" if caveat or len(designed) > 1 or draw(st.booleans()) else "spell"
    most = guide.grammar.stat_maximum or 10**6
    return edition, caveat, designed, kind, draw(st.integers(0, most)), draw(st.integers(0, most))


def shape(use):
    return None if use is None else (use.id, use.variables)


@generated
@given(cards())
def test_written_designs_read_back_to_the_same_components_and_level(card):
    edition, caveat, designed, kind, sp, hp = card
    text = write_card_text(designed, edition, caveat=caveat)
    reading = read_card_text(text, edition)
    assert reading.readable, (text, reading.all_problems)
    assert reading.all_notes == (), (text, reading.all_notes)
    expected = design_reading(designed, edition, caveat=caveat)
    assert [shape(c) for c in reading.caveats] == [shape(c) for c in expected.caveats]
    assert len(reading.abilities) == len(expected.abilities)
    for read, design in zip(reading.abilities, expected.abilities, strict=True):
        assert read.name == design.name
        assert read.name_span == design.name_span
        assert shape(read.condition) == shape(design.condition)
        assert [shape(c) for c in read.costs] == [shape(c) for c in design.costs]
        assert [(shape(s.target), [shape(e) for e in s.effects]) for s in read.sub_abilities] == [
            (shape(s.target), [shape(e) for e in s.effects]) for s in design.sub_abilities
        ]
        # The designer highlights components by their spans in the written text.
        for use in design.components():
            assert text[use.start : use.end] == use.text
    level = compute_level(Card("Designed", kind, edition, 0, sp, hp, text), edition)
    designed_level = level_of_reading(kind, sp, hp, expected, edition)
    assert (level.value, level.steps) == (designed_level.value, designed_level.steps)
    assert level.value is not None or level.problems


FILLER = "abcdeghiklmnoprstuvwxyzABCDEHTXW0123456789 .,;:!?'\"’“”()-→>\n\t"
fragments = st.sampled_from(
    [
        "Target up to ",
        " in-play cards; ",
        "destroy the targets",
        ", then ",
        "Draw ",
        " cards.",
        "self-exhaust ",
        " resources→ ",
        "When you take damage: ",
        "NAME: ",
        "Cannot attack.",
        "(tutorial)",
        "0",
        "99999999999999",
    ]
)
texts = st.lists(st.one_of(fragments, st.text(alphabet=FILLER, max_size=12)), max_size=12).map(
    "".join
)


@generated
@given(st.sampled_from(EDITIONS), texts, st.sampled_from(["minion", "spell", "trap"]))
def test_no_text_makes_the_reader_or_the_level_raise(edition, text, kind):
    reading = read_card_text(text, edition)
    for finding in reading.all_problems:
        # Spans are those of the text read: the printed one as its rulebook refurbishes it.
        assert finding.message and 0 <= finding.start <= finding.end <= len(reading.text)
    level = compute_level(Card("Any", kind, edition, 0, 3, 4, text), edition)
    assert (level.value is None) == bool(level.problems)
    if level.value is not None:
        assert level.value >= 0


@generated
@given(
    st.sampled_from(EDITIONS),
    st.one_of(
        st.text(max_size=30),
        st.sampled_from(sorted({c.id for g in load_guides().values() for c in g.components})),
    ),
    st.dictionaries(st.text(max_size=2), st.integers()),
)
def test_bad_designs_raise_only_rules_errors(edition, component, values):
    with contextlib.suppress(RulesError):
        write_card_text([AbilityDesign((SubAbilityDesign((Choice(component, values),)),))], edition)


# -- verdicts ----------------------------------------------------------------------------------

GUIDE_CODES = {"not_a_component", "level_mismatch", "level_not_computed"}
# The rulebook each design edition is checked under here: its own, else the nearest later one.
RULEBOOKS = sorted(load_editions())


def rulebook_for(edition: int) -> int:
    return next((number for number in RULEBOOKS if number >= edition), RULEBOOKS[-1])


def enforced(edition: int) -> bool:
    rulebook = load_editions().get(edition)
    return True if rulebook is None else rulebook.guide_enforced


def guide_codes(reasons) -> list[str]:
    return [reason.code for reason in reasons if reason.code in GUIDE_CODES]


@generated
@given(cards(), st.integers(-3, 3))
def test_a_designed_card_is_judged_by_the_level_its_guide_computes(card, delta):
    edition, caveat, designed, kind, sp, hp = card
    text = write_card_text(designed, edition, caveat=caveat)
    sp, hp = (sp, hp) if kind == "minion" else (None, None)
    computed = design_level(Card("Designed", kind, edition, 0, sp, hp, text)).computed
    assume(computed is not None and computed + delta >= 0)
    rulebook = rulebook_for(edition)

    check = check_card(Card("Designed", kind, edition, computed + delta, sp, hp, text), rulebook)

    found = check.reasons if enforced(edition) else check.warnings
    assert guide_codes(found) == ([] if delta == 0 else ["level_mismatch"])
    assert check.level.computed == computed and check.reading.readable
    if delta and enforced(edition):
        assert check.verdict is Verdict.INVALID
        assert f"computes {computed} (" in found[-1].message
    # A level left out is the computed one: the same verdict as printing it.
    asked = check_card(Card("Designed", kind, edition, None, sp, hp, text), rulebook)
    right = check_card(Card("Designed", kind, edition, computed, sp, hp, text), rulebook)
    assert (asked.verdict, asked.reasons) == (right.verdict, right.reasons)


any_text = st.one_of(
    texts,
    cards().map(lambda card: write_card_text(card[2], card[0], caveat=card[1])),
)


@generated
@given(
    st.sampled_from(EDITIONS),
    any_text,
    st.sampled_from(["minion", "spell"]),
    st.integers(0, 12),
    st.integers(0, 8),
    st.integers(0, 8),
)
def test_a_playable_card_is_made_of_its_guides_components_at_its_level(
    edition, text, kind, level, sp, hp
):
    sp, hp = (sp, hp) if kind == "minion" else (None, None)
    card = Card("Any", kind, edition, level, sp, hp, text)

    check = check_card(card, rulebook_for(edition))

    if check.playable and enforced(edition):
        assert check.reading is not None and check.reading.readable
        assert check.level.computed == level
    if not enforced(edition):  # the 11th's guide never decides a verdict
        assert guide_codes(check.reasons) == []
