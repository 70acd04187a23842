"""One text, one reading: the designer's marking, the builder, the level it shows, the verdict
panel and /check/ read a card's text as its design edition's rulebook words it, with the printed
words it changes marked."""

import html
import re

import pytest

from cards import designer, rules

# The 17th rulebook refurbishes "in-play card" as "on-field minion": the 17th guide reads
# "Target up to 2 on-field minions; destroy the targets." (t = 2, 2t = 4): level 4.
PRINTED = "Target up to 2 in-play cards; destroy the targets."
REFURBISHED = "Target up to 2 on-field minions; destroy the targets."
GUIDE_17 = rules.get_guide(17)


def test_the_designer_reads_the_text_its_verdict_prices():
    marks, reading = designer.marks(PRINTED, GUIDE_17)
    assert [mark for mark in marks if mark.kind == "problem"] == []
    assert reading.text == REFURBISHED and reading.printed == PRINTED
    # The printed words the rulebook changes are marked where the new ones stand.
    assert [(mark.text, mark.kind) for mark in marks if mark.kind == "printed"] == [
        ("in-play card", "printed")
    ]
    assert "".join(mark.text for mark in marks if mark.kind != "printed") == REFURBISHED
    assert "".join(mark.text for mark in marks if mark.inserted) == "on-field minion"
    level = designer.level_of(kind="spell", sp=None, hp=None, text=PRINTED, guide=GUIDE_17)
    check = rules.check_card(rules.Card("Sweep", "spell", 17, None, None, None, PRINTED), 17)
    assert level.value == check.level.computed == 4
    assert check.verdict is rules.Verdict.REFURBISHED
    builder = designer.builder_from_text(PRINTED, GUIDE_17)
    assert builder is not None
    assert designer.write(builder, kind="spell").text == REFURBISHED


@pytest.mark.django_db
def test_the_design_preview_marks_what_the_verdict_panel_judges(client, alice):
    client.force_login(alice)
    fields = {
        "name": "Sweep",
        "kind": "spell",
        "design_edition": 17,
        "edition": 17,
        "level": 4,
        "visibility": "private",
        "text_mode": "text",
        "ability_text": PRINTED,
    }
    page = html.unescape(client.post("/cards/preview/", fields).content.decode())
    marked = re.search(r'<p class="marked-text" id="marked-text">(.*?)</p>', page, re.S).group(1)
    assert "gm-problem" not in marked and "No level yet" not in page
    assert re.search(r'<del class="gm-printed"[^>]*>in-play card</del>', marked)
    assert "Level 4</strong> by the 17th Edition guide" in page
    assert 'data-verdict="refurbished"' in page
    assert "How the game reads the text" in page


# -- every surface, one judgment ----------------------------------------------------------------
#
# Cards are built from each guide's components (random numbers, names, conditions, costs,
# targets and effects, written by the rules' writer in the guide's grammar), then often broken
# the ways a person breaks them. Every surface that reads a card is asked about each one, and
# all must say what the check says. Only functions that every version of the site has are
# used, so the test can be run against an older tree to see what it finds there.

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cards.designer import builder_from_text, level_of, marks, write  # noqa: E402
from cards.render import layout  # noqa: E402
from cards.rules.guide import ComponentKind  # noqa: E402
from cards.verdict_panel import verdict_context  # noqa: E402
from decks.goldfish.abilities import read_abilities  # noqa: E402

GUIDES = {number: guide for number, guide in rules.load_guides().items() if number >= 12}
NAMES = ["ZAP", "THOR'S HAMMER", "GREED", "R2-D2'S CHARGE", "EMBER"]
MUTATIONS = [
    "none",
    "plural at 1",
    "lower-case",
    "missing name",
    "word changed",
    "two conditions",
    "older words",
]


def offered(guide, kind):
    return [c for c in guide.of_kind(kind) if not c.redacted]


@st.composite
def choices(draw, guide, kind):
    component = draw(st.sampled_from(offered(guide, kind)))
    values = {letter: draw(st.sampled_from([1, 1, 2, 3])) for letter in component.letters}
    return component, rules.Choice(component.id, values)


@st.composite
def sub_abilities(draw, guide):
    effects = [draw(choices(guide, ComponentKind.EFFECT)) for _ in range(draw(st.integers(1, 2)))]
    needs = any(rules.needs_target(component, guide) for component, _ in effects)
    target = None
    if needs or draw(st.booleans()):
        target = draw(choices(guide, ComponentKind.TARGET))[1]
    joins = tuple(draw(st.sampled_from(guide.grammar.effect_joins)) for _ in effects[1:])
    return rules.SubAbilityDesign(tuple(c for _, c in effects), target, joins)


@st.composite
def abilities(draw, guide, kind):
    condition = draw(st.none() | choices(guide, ComponentKind.CONDITION).map(lambda c: c[1]))
    costs = ()
    if offered(guide, ComponentKind.COST) and draw(st.booleans()):
        costs = (draw(choices(guide, ComponentKind.COST))[1],)
    subs = tuple(draw(sub_abilities(guide)) for _ in range(draw(st.integers(1, 2))))
    name = draw(st.sampled_from(NAMES)) if kind == "minion" else None
    return rules.AbilityDesign(subs, name=name, condition=condition, costs=costs)


def mutated(text: str, mutation: str, guide) -> str:
    if mutation == "plural at 1":
        return re.sub(r"\b1 (card|minion|die|time|resource|counter)\b", r"1 \1s", text, count=1)
    if mutation == "lower-case":
        return text.lower()
    if mutation == "missing name":
        return re.sub(r"^[^:\n]+: ", "", text, flags=re.M)
    if mutation == "word changed":
        return re.sub(r"\b(Draw|Target|destroy|place|cards?|minions?)\b", "flibber", text, count=1)
    if mutation == "older words":
        return older_words(text, guide.edition)
    if mutation == "two conditions":
        extra = offered(guide, ComponentKind.CONDITION)[0]
        written = rules.write_ability(
            rules.AbilityDesign(
                (rules.SubAbilityDesign((rules.Choice("effect.draw-x-cards", {"x": 1}),)),),
                condition=rules.Choice(extra.id, {letter: 1 for letter in extra.letters}),
            ),
            guide,
        )
        condition = written.split(":")[0]
        return re.sub(r"^((?:[^:\n]*[A-Z][^:\n]*: )?)", rf"\g<1>{condition}: ", text, count=1)
    return text


def older_words(text: str, edition: int) -> str:
    """The text printed in the words its edition's rulebook refurbishes ("in-play card" for
    the 17th's "on-field minion"), as a card printed before it would have it."""
    for row in rules.get_edition(edition).refurbished:
        letters = re.findall(r"\b[xyz]\b", row.new)
        pattern = re.sub(r"\b([xyz])\b", r"([0-9]+)", re.escape(row.new))
        found = re.search(pattern, text, flags=re.IGNORECASE)
        if found:
            original = row.original
            for letter, number in zip(letters, found.groups(), strict=False):
                original = re.sub(rf"\b{letter}\b", number, original, count=1)
            if found.group(0)[:1].isupper():
                original = original[:1].upper() + original[1:]
            return text[: found.start()] + original + text[found.end() :]
    return text


@st.composite
def cards(draw):
    number = draw(st.sampled_from(sorted(GUIDES)))
    guide = GUIDES[number]
    kind = draw(st.sampled_from(["minion", "spell"]))
    count = 1 if kind == "spell" else draw(st.integers(1, 2))
    designs = [draw(abilities(guide, kind)) for _ in range(count)]
    try:
        text = "\n".join(rules.write_ability(design, guide) for design in designs)
    except rules.DesignError:
        assume(False)
    mutation = draw(st.sampled_from(MUTATIONS))
    text = mutated(text, mutation, guide)
    sp, hp = (
        (draw(st.integers(0, 4)), draw(st.integers(1, 4))) if kind == "minion" else (None, None)
    )
    level = draw(st.sampled_from([None, "computed", "computed + 1"]))
    card = rules.Card("Generated", kind, number, None, sp, hp, text)
    computed = rules.check_card(card, number).level.computed
    if level is not None and computed is not None:
        card = rules.Card("Generated", kind, number, computed + (level != "computed"), sp, hp, text)
    return card, mutation


def judgment(check):
    return (
        check.verdict.value,
        check.level.computed,
        [(reason.code, reason.message) for reason in check.reasons],
    )


def text_reasons(check) -> list:
    """The reasons a card is invalid for what its text says, not for its stats or level."""
    if check.verdict is not rules.Verdict.INVALID:
        return []
    stats = {"level_mismatch", "missing_level", "minion_without_stats", "negative_stat"}
    return [reason for reason in check.reasons if reason.code not in stats]


def surfaces_judge_alike(card) -> None:
    edition = rules.get_edition(card.design_edition)
    guide = rules.get_guide(card.design_edition)
    check = rules.check_card(card, edition.number)
    expected = judgment(check)
    problems = check.reading.all_problems

    # The verdict panel of the card page, the design preview and /check/.
    assert judgment(verdict_context(card, edition)["result"]) == expected
    # Deck validation judges each card as the check does.
    deck = rules.check_deck([rules.DeckEntry(1, card)], edition.number)
    assert judgment(deck.cards[0]) == expected
    problem_codes = {problem.code for problem in deck.problems}
    assert ("card_invalid" in problem_codes) == (check.verdict is rules.Verdict.INVALID)
    # Each thing the guide's reader finds is a reason of the verdict.
    for problem in problems:
        assert any(problem.message in reason.message for reason in check.reasons), problem

    # The designer's marking reads what the check reads, and marks what it finds.
    marked, reading = marks(card.ability_text, guide)
    assert [mark.title for mark in marked if mark.kind == "problem"] == [
        problem.message for problem in problems
    ]
    level = level_of(kind=card.kind, sp=card.sp, hp=card.hp, text=card.ability_text, guide=guide)
    assert level.value == check.level.computed

    # The builder takes the text when, and only when, the guide reads it whole; it can write
    # it when, and only when, the check finds nothing wrong with the text; and what it writes
    # is judged as the text it read.
    builder = builder_from_text(card.ability_text, guide)
    assert (builder is not None) == (not problems)
    if builder is not None:
        written = write(builder, kind=card.kind)
        assert written.complete == (not text_reasons(check)), (written.problems, check.reasons)
        if written.complete:
            rewritten = rules.Card(
                card.name,
                card.kind,
                card.design_edition,
                card.level,
                card.sp,
                card.hp,
                written.text,
            )
            again = rules.check_card(rewritten, edition.number)
            assert again.level.computed == check.level.computed
            assert again.verdict.value == (
                "legal" if check.verdict is rules.Verdict.REFURBISHED else check.verdict.value
            )

    # The goldfish plays every card whose text the check finds nothing wrong with, and none
    # whose text the guide cannot read.
    played = read_abilities(card.kind, card.ability_text, card.design_edition)
    if not text_reasons(check):
        assert played.modeled, check.reasons
    if problems:
        assert not played.modeled, problems

    # The render sets bold just the names in capitals the check reads.
    names = [ability.outline.name and ability.name for ability in check.abilities]
    bold = []
    for paragraph in card.ability_text.split("\n"):
        runs = layout.paragraph_runs(paragraph, "serif", "bold")
        bold.append(runs[0][1].rstrip(":").strip() if runs[0][0] == "bold" else None)
    assert bold == names


@settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(cards())
def test_every_surface_gives_the_same_verdict_level_and_reasons(generated):
    card, _ = generated
    surfaces_judge_alike(card)


# -- /check/ and the API, asked as a person and a program ask them -------------------------------

# The 17th guide's examples, a 17th card printed in older words, and the ways a designer breaks
# them: each through the page and the API, which must say what the check says.
ASKED = [
    rules.Card("Insight", "spell", 17, None, None, None, "Draw 2 cards."),
    rules.Card(
        "Thor", "minion", 17, None, 4, 6, "THOR'S HAMMER: Target 1 on-field minion; destroy it."
    ),
    rules.Card("Sweep", "spell", 17, None, None, None, PRINTED),
    rules.Card("Greedy", "minion", 17, None, 1, 2, "Draw 2 cards."),
    rules.Card("Greedy", "minion", 17, 3, 1, 2, "Greed: Draw 2 cards."),
    rules.Card("Wisp", "minion", 14, 4, 1, 2, "WHISPER: Draw 1 cards."),
]


def page_judgment(page: str) -> tuple:
    verdict = re.search(r'class="verdict verdict-[a-z]+[^"]*" data-verdict="([a-z]+)"', page)
    computed = re.search(r'id="level-check" data-declared="[^"]*" data-computed="([0-9]*)"', page)
    reasons = re.findall(r'<li class="reason" data-code="([a-z_]+)">([^<]*?)\s*(?:<a|</li>)', page)
    level = int(computed.group(1)) if computed and computed.group(1) else None
    return verdict.group(1), level, [(code, html.unescape(text)) for code, text in reasons]


@pytest.mark.django_db
@pytest.mark.parametrize("card", ASKED, ids=[card.ability_text[:30] for card in ASKED])
def test_the_check_page_and_the_api_judge_as_the_check(client, api, card):
    expected = judgment(rules.check_card(card, card.design_edition))
    fields = {
        "edition": card.design_edition,
        "name": card.name,
        "kind": card.kind,
        "design_edition": card.design_edition,
        "level": "" if card.level is None else card.level,
        "sp": "" if card.sp is None else card.sp,
        "hp": "" if card.hp is None else card.hp,
        "ability_text": card.ability_text,
    }
    page = client.post("/check/", fields)
    assert page.status_code == 200
    assert page_judgment(page.content.decode()) == expected

    definition = {
        "name": card.name,
        "kind": card.kind,
        "design_edition": card.design_edition,
        "level": card.level,
        "sp": card.sp,
        "hp": card.hp,
        "ability_text": card.ability_text,
    }
    answer = api.post(
        "/api/v1/check/card/",
        {"edition": card.design_edition, "card": definition},
        format="json",
    ).json()
    reasons = [(reason["code"], reason["message"]) for reason in answer["reasons"]]
    assert (answer["verdict"], answer["level"]["computed"], reasons) == expected
