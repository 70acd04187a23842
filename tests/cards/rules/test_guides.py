"""The guide data files: built from the published guides, reproducible, valid, faithful."""

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from lxml import html

from cards.rules import GuideError, get_guide, load_guides
from cards.rules.guide import DEFAULT_FOLDER, guide_from_data

PROJECT = Path(__file__).resolve().parents[3]
BUILD = PROJECT / "cards" / "editions" / "build_guides.py"
SOURCES = DEFAULT_FOLDER / "sources"
SCHEMA = json.loads((DEFAULT_FOLDER / "guide.schema.json").read_text(encoding="utf-8"))
GUIDE_FILES = sorted(DEFAULT_FOLDER.glob("[0-9]*.json"))


def source_of(edition: int) -> Path:
    return next(SOURCES.glob(f"card-building-guide-{edition}*-edition.html"))


def test_the_editions_with_rulebooks_and_the_later_ones_have_guides():
    assert {11, 13, 14} <= set(load_guides())
    assert sorted(load_guides()) == [11, 12, 13, 14, 15, 16, 17]


def test_the_data_files_are_what_the_build_script_makes_of_the_sources(tmp_path):
    result = subprocess.run(
        [sys.executable, str(BUILD), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    built = sorted(path.name for path in tmp_path.glob("*.json"))
    assert built == [path.name for path in GUIDE_FILES]
    for path in GUIDE_FILES:
        assert (tmp_path / path.name).read_text(encoding="utf-8") == path.read_text(
            encoding="utf-8"
        ), f"{path.name} differs from a fresh build: run cards/editions/build_guides.py"


def test_the_build_stops_at_a_level_sentence_it_does_not_know(tmp_path):
    changed = (
        source_of(14)
        .read_text(encoding="utf-8")
        .replace(
            "If less than 0, set to 0. If the ability is a minion ability",
            "If less than 0, set to 0. Halve it on Tuesdays. If the ability is a minion ability",
        )
    )
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "card-building-guide-14th-edition.html").write_text(changed, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(BUILD), "--sources", str(sources), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "Halve it on Tuesdays" in result.stderr


@pytest.mark.parametrize("path", GUIDE_FILES, ids=lambda path: path.stem)
def test_each_data_file_follows_the_schema(path):
    jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), SCHEMA)


@pytest.mark.parametrize("edition", [11, 12, 13, 14, 15, 16, 17])
def test_every_listed_card_text_of_the_guide_is_a_component(edition):
    """Count the quoted card texts in the guide's Card Texts lists; each is one component."""
    document = html.parse(str(source_of(edition))).getroot()
    main = document.find(".//main")
    section, quoted = "", []
    for element in main.iter():
        if element.tag in ("h3", "h4", "h5"):
            section = (element.get("id") or "").removesuffix("-ultra")
        elif (
            element.tag == "li"
            and section in {"caveats", "conditions", "costs", "targeting", "effects"}
            and element.getparent().getparent().tag != "li"
            and "\u201c" in (element.text_content() or "")
            and "replaced with" not in element.text_content()
        ):
            quoted.append(element)
    guide = get_guide(edition)
    assert len(guide.components) == len(quoted)
    for element, component in zip(quoted, guide.components, strict=True):
        text = " ".join(element.text_content().split())
        assert f"\u201c{component.template}\u201d" in text


def test_formulas_are_read_from_the_mathml_not_typed():
    guide = get_guide(14)
    excavate = guide.component("target.excavate-x-cards-and-target-up-to-y-excavated-cards")
    assert excavate.formula_text == "t = (x + 4y)/5"
    assert guide.component("cost.self-exhaust-x-resources").formula_text == "x/2"
    eleventh = get_guide(11)
    # "a(x + t)" is written as two operands side by side in the MathML: a product.
    assert eleventh.component("effect.batch-add-x-to-the-targets-offense").formula_text == (
        "a(x + t)/4"
    )
    assert eleventh.component("effect.deal-x-cards").formula_text == "ax²/12"
    level_limited = "target.target-up-to-x-level-y-or-lower-enemy-creatures"
    assert eleventh.component(level_limited).formula_text == "t = x/(10 − y)"


def test_the_guides_mark_no_component_redacted():
    # The published guides strike nothing through; the build would keep such a mark.
    for guide in load_guides().values():
        assert not any(component.redacted for component in guide.components)


@pytest.mark.parametrize(
    ("edition", "hp_weight", "minion_minimum", "spell_minimum", "rounded_at"),
    [
        (11, Fraction(1, 5), 1, 1, "total"),
        (12, Fraction(1, 5), 1, 1, "ability"),
        (13, Fraction(1, 2), 1, 1, "ability"),
        (14, Fraction(1, 2), 1, 0, "ability"),
        (17, Fraction(1, 2), 1, 0, "ability"),
    ],
)
def test_level_rules_as_each_guide_words_them(
    edition, hp_weight, minion_minimum, spell_minimum, rounded_at
):
    guide = get_guide(edition)
    rules = guide.level
    assert rules.hp_weight == hp_weight and rules.sp_weight == 1
    assert dict(rules.ability_minimum) == {"minion": minion_minimum, "spell": spell_minimum}
    assert rules.ability_round_up is (rounded_at == "ability")
    assert rules.minion.round_up is (rounded_at == "total")
    source = " ".join(source_of(edition).read_text(encoding="utf-8").split())
    for sentence in rules.sentences:
        assert sentence.split(". ")[0] in source.replace("&#39;", "'")


def test_the_eleventh_reads_caveats_offense_and_defense():
    guide = get_guide(11)
    assert guide.terms["minion"] == "creature" and guide.terms["sp"] == "offense"
    assert guide.level.less_caveats and guide.grammar.max_caveats == 1
    assert guide.grammar.stat_maximum == 99
    assert guide.grammar.defaults == {"a": 1}
    assert guide.grammar.max_costs == 1 and guide.grammar.cost_then_target


def test_cost_joining_is_read_per_edition():
    assert get_guide(11).grammar.cost_join is None
    assert get_guide(13).grammar.cost_join == "also"
    assert get_guide(14).grammar.cost_join == "and"
    assert "coördinating conjunction" in get_guide(14).grammar.quotes["costs"]


def test_singular_words_are_marked_for_each_variable():
    guide = get_guide(14)
    draw = guide.component("effect.draw-x-cards").variables[0]
    assert (draw.plural, draw.singular) == ("cards", "card")
    resources = guide.component("target.target-up-to-x-of-your-resources").variables[0]
    assert resources.plural is None  # "1 of your resources" is already singular
    eleventh = get_guide(11)
    hand = eleventh.component("condition.when-at-least-x-cards-in-your-hand-are-destroyed")
    assert (hand.variables[0].verb_plural, hand.variables[0].verb_singular) == ("are", "is")
    dice = eleventh.component("effect.you-may-re-roll-up-to-x-dice-this-turn").variables[0]
    assert (dice.plural, dice.singular) == ("dice", "die")


def test_the_seventeenth_lists_ultra_points():
    guide = get_guide(17)
    assert guide.component("effect.negate-the-targets").ultra_points == 1
    assert guide.component("effect.x-dice-wound-enemy").ultra_points == 2
    assert guide.grammar.deck_ultra_points == 10


def test_an_unknown_edition_has_no_guide():
    with pytest.raises(GuideError, match="Known: 11th Edition"):
        get_guide(99)
    with pytest.raises(GuideError):
        get_guide("14")


def test_a_malformed_guide_file_is_a_guide_error():
    data = json.loads((DEFAULT_FOLDER / "14.json").read_text(encoding="utf-8"))
    data["components"][0]["formula"] = ["/", "x", ["^", "x", "y"]]
    with pytest.raises(GuideError, match="formula"):
        guide_from_data(data)
    data = json.loads((DEFAULT_FOLDER / "14.json").read_text(encoding="utf-8"))
    del data["level"]
    with pytest.raises(GuideError, match="malformed"):
        guide_from_data(data)


def test_component_ids_are_stable_slugs():
    for guide in load_guides().values():
        for component in guide.components:
            assert re.fullmatch(r"[a-z]+\.[a-z0-9-]+", component.id)
            assert component.id.startswith(component.kind.value + ".")
