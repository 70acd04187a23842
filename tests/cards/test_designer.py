"""The guided designer: abilities built from the guide's components, the level the guide
computes filling the Level field, and the reader's marks on free text, on the design page."""

import html
import re

import lxml.html
import pytest
from django.conf import settings

from cards import designer, rules
from cards.models import Card
from tests.cards.conftest import WISP

pytestmark = pytest.mark.django_db

GUIDE = rules.get_guide(14)

# THOR'S HAMMER: one cost, a target, two effects. SP 4 + HP 6 ÷ 2 = 7; the ability is
# 2t + 2x − x/2 = 2 + 4 − 1 = 5; the card is level 12.
HAMMER = {
    "b-abilities": "1",
    "b0-name": "thor's hammer",
    "b0-costs": "1",
    "b0-c0": "self-exhaust x resources→",
    "b0-c0-x": "2",
    "b0-subs": "1",
    "b0-s0-t": "Target up to x in-play cards;",
    "b0-s0-t-x": "1",
    "b0-s0-effects": "2",
    "b0-s0-e0": "destroy the targets.",
    "b0-s0-e1": "draw x cards.",
    "b0-s0-e1-x": "2",
}
HAMMER_TEXT = (
    "THOR'S HAMMER: Self-exhaust 2 resources→ Target 1 in-play card; destroy it, then draw 2 cards."
)


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def build_form(**changes):
    return {
        **WISP,
        "sp": 4,
        "hp": 6,
        "level": 1,
        "visibility": "private",
        "edition": 14,
        "text_mode": "builder",
        "level_auto": "on",
        **HAMMER,
        **changes,
    }


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def reading_panel(page: str) -> str:
    start = page.index('id="guide-reading"')
    return page[start : page.index('<div class="guide-level">', start) + 2000]


# -- the builder, without the site ------------------------------------------------------------


def test_the_builder_writes_with_the_guides_grammar():
    builder = designer.builder_from_fields(HAMMER, GUIDE)
    written = designer.write(builder, kind="minion")
    assert written.complete and written.text == HAMMER_TEXT
    # The writer's text reads back to the same components.
    assert rules.read_card_text(written.text, 14).readable


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("0", "x must be at least 1"),
        ("-1", "x must be at least 1"),
        ("10^12", "x must be a whole number written with the digits 0-9, like 2, not “10^12”"),
        ("1000000000000", "x must be at most 1,000,000,000"),
        ("two", "x must be a whole number written with the digits 0-9, like 2, not “two”"),
        ("１", "x must be a whole number written with the digits 0-9"),
        ("", "give x a number"),
    ],
)
def test_bad_numbers_are_named_with_their_place(typed, message):
    builder = designer.builder_from_fields({**HAMMER, "b0-s0-e1-x": typed}, GUIDE)
    written = designer.write(builder, kind="minion")
    assert not written.complete and written.text == ""
    assert len(written.problems) == 1
    assert written.problems[0].startswith(f"Ability 1, effect 2 (“draw x cards.”): {message}")


def test_components_are_chosen_by_template_or_id_in_any_case():
    fields = {**HAMMER, "b0-s0-e1": "DRAW X CARDS", "b0-s0-e0": "effect.destroy-the-targets"}
    assert designer.write(designer.builder_from_fields(fields, GUIDE), kind="minion").complete
    wrong = designer.builder_from_fields({**HAMMER, "b0-s0-e1": "draw a card"}, GUIDE)
    problems = designer.write(wrong, kind="minion").problems
    assert problems == (
        "Ability 1, effect 2: “draw a card” is not one of the 14th Edition guide's effects."
        " Choose one from the list.",
    )


def test_minion_abilities_need_names_and_spells_have_one_ability():
    nameless = designer.builder_from_fields({**HAMMER, "b0-name": ""}, GUIDE)
    assert "Ability 1: give it a name." in designer.write(nameless, kind="minion").problems[0]
    assert designer.write(nameless, kind="spell").text.startswith("Self-exhaust 2 resources")
    two = designer.builder_from_fields(HAMMER, GUIDE)
    designer.apply_action(two, "add-ability")
    two.abilities[1].subs[0].effects[0].text = "draw x cards."
    two.abilities[1].subs[0].effects[0].numbers = {"x": "1"}
    assert any("single ability" in p for p in designer.write(two, kind="spell").problems)


def test_add_and_remove_keep_within_the_guides_limits():
    builder = designer.empty_builder(rules.get_guide(11))  # one cost per ability, no subs
    for _ in range(3):
        designer.apply_action(builder, "add-cost:0")
        designer.apply_action(builder, "add-sub:0")
    assert len(builder.abilities[0].costs) == 1 and len(builder.abilities[0].subs) == 1
    designer.apply_action(builder, "add-effect:0:0")
    assert builder.focus == "b0-s0-e1"
    for nonsense in ("remove-effect:0:7:9", "add-effect:5:0", "drop tables", "add-cost:0:0:0:0"):
        designer.apply_action(builder, nonsense)
    designer.apply_action(builder, "remove-effect:0:0:0")
    assert [slot.name for slot in builder.slots() if slot.kind.value == "effect"] == ["b0-s0-e0"]


def test_the_builder_reads_a_text_back_into_components():
    builder = designer.builder_from_text(HAMMER_TEXT, GUIDE)
    assert builder is not None
    assert designer.write(builder, kind="minion").text == HAMMER_TEXT
    assert designer.fields_of(builder)["b0-s0-e1-x"] == "2"
    assert (
        designer.builder_from_text("GREED: When this card is summoned: Draw 1 card.", GUIDE) is None
    )


def test_free_text_marks_what_is_not_a_component():
    marks, _ = designer.marks("GREED: When this card is summoned: Draw 1 card.", GUIDE)
    problem = next(mark for mark in marks if mark.kind == "problem")
    assert problem.text == "When this card is summoned"
    assert "nearest" in problem.title.lower() and problem.component.startswith("condition.")
    assert "".join(mark.text for mark in marks) == "GREED: When this card is summoned: Draw 1 card."
    marks, _ = designer.marks("GREED: Draw 1 card.", GUIDE)
    assert [(m.text, m.kind) for m in marks if m.kind] == [
        ("GREED", "name"),
        ("Draw 1 card", "component"),
    ]


# -- the design page --------------------------------------------------------------------------


def test_the_preview_writes_the_built_text_and_fills_in_the_level(alice_client):
    page = text_of(alice_client.post("/cards/preview/", build_form()))
    panel = reading_panel(page)
    assert 'data-computed-level="12"' in panel
    assert f'data-written-text="{HAMMER_TEXT}"' in panel
    assert "Level 12" in panel
    for step in (
        "SP 4 + HP 6 ÷ 2 = 7",
        "THOR'S HAMMER: Self-exhaust 2 resources (x/2 = 1); Target 1 in-play card (t = 1);"
        " destroy it (2t = 2); draw 2 cards (2x = 4) → 2 + 4 − 1 = 5",
        "total 12",
    ):
        assert f"<li>{step}</li>" in panel
    # The card is drawn and checked with the level the guide computes.
    assert "declared" not in panel


def test_a_declared_level_shows_the_mismatch(alice_client):
    page = text_of(alice_client.post("/cards/preview/", build_form(level=3, level_auto="")))
    assert "declared 3, the guide computes 12" in page
    free = {**WISP, "visibility": "private", "edition": 14, "level": 3, "sp": 4, "hp": 6}
    page = text_of(alice_client.post("/cards/preview/", {**free, "ability_text": HAMMER_TEXT}))
    assert "declared 3, the guide computes 12" in page


@pytest.mark.parametrize("typed", ["0", "-1", "10^12", "abc", "99999999999999999999"])
def test_bad_numbers_get_a_clear_message_never_a_500(alice_client, typed):
    preview = alice_client.post("/cards/preview/", build_form(**{"b0-c0-x": typed}))
    assert preview.status_code == 200
    assert "Ability 1, activation cost 1 (“self-exhaust x resources→”): x must" in text_of(preview)
    # Nothing half-built reaches the text or the Level field.
    assert "data-written-text" not in text_of(preview)
    assert 'data-computed-level=""' in text_of(preview)
    builder = alice_client.post("/cards/builder/", build_form(**{"b0-c0-x": typed}))
    assert builder.status_code == 200
    assert "x must" in text_of(builder)
    saved = alice_client.post("/cards/new/", build_form(**{"b0-c0-x": typed}))
    assert saved.status_code == 400
    assert "Ability 1, activation cost 1 (“self-exhaust x resources→”): x must" in text_of(saved)
    assert not Card.objects.exists()


def test_saving_a_built_card_saves_its_text_and_the_guides_level(alice_client, alice):
    response = alice_client.post("/cards/new/", build_form())
    assert response.status_code == 302
    card = Card.objects.get(owner=alice)
    assert (card.ability_text, card.level) == (HAMMER_TEXT, 12)


def test_a_declared_level_is_saved_as_declared(alice_client, alice):
    response = alice_client.post("/cards/new/", build_form(level=3, level_auto=""))
    assert response.status_code == 302
    assert Card.objects.get(owner=alice).level == 3


def test_the_builder_partial_adds_and_removes(alice_client):
    response = alice_client.post("/cards/builder/", build_form(builder="add-effect:0:0"))
    assert response.status_code == 200
    assert response["HX-Trigger-After-Settle"] == "kotc-builder"
    page = text_of(response)
    assert 'name="b0-s0-effects" value="3"' in page
    assert re.search(r'id="b0-s0-e2"[^>]*autofocus', page)
    removed = text_of(alice_client.post("/cards/builder/", build_form(builder="remove-cost:0:0")))
    assert 'name="b0-costs" value="0"' in removed


def test_choosing_the_builder_reads_the_text_into_it(alice_client):
    fields = {**build_form(**{key: "" for key in HAMMER}), "ability_text": HAMMER_TEXT}
    page = text_of(alice_client.post("/cards/builder/", {**fields, "builder": "from-text"}))
    assert 'value="draw x cards."' in page and 'name="b0-s0-e1-x" value="2"' in page
    unreadable = {**fields, "ability_text": "GREED: When this card is summoned: Draw 1 card."}
    page = text_of(alice_client.post("/cards/builder/", {**unreadable, "builder": "from-text"}))
    assert "not made of the 14th Edition guide's components" in page


def test_the_builder_needs_a_login(client):
    response = client.post("/cards/builder/", build_form(builder="add-ability"))
    assert response.status_code == 403 and "Log in again" in response.content.decode()


def test_without_javascript_the_builders_buttons_change_the_page_and_save_nothing(alice_client):
    response = alice_client.post("/cards/new/", build_form(builder="add-cost:0"))
    assert response.status_code == 200
    page = text_of(response)
    assert 'name="b0-costs" value="2"' in page and 'id="b0-c1"' in page
    assert "not saved yet" not in page
    assert not Card.objects.exists()


def test_the_edit_page_starts_the_builder_from_the_cards_text(alice_client, make_card):
    card = make_card(ability_text=HAMMER_TEXT, sp=4, hp=6, level=12)
    page = text_of(alice_client.get(f"/cards/{card.pk}/edit/"))
    assert 'id="b0-s0-e1" name="b0-s0-e1" value="draw x cards."' in page
    assert re.search(r'name="level_auto"[^>]*checked', page)
    other = make_card(ability_text=HAMMER_TEXT, sp=4, hp=6, level=5)
    page = text_of(alice_client.get(f"/cards/{other.pk}/edit/"))
    assert not re.search(r'name="level_auto"[^>]*checked', page)
    assert "declared 5, the guide computes 12" in page


def test_the_builder_uses_the_edition_indicator(alice_client):
    page = text_of(alice_client.post("/cards/builder/", build_form(design_edition=11)))
    assert 'list="components-11-effect"' in page and "Card Building Guide (11th Edition)" in page
    page = text_of(alice_client.post("/cards/builder/", build_form(design_edition=5)))
    assert "There is no Card Building Guide for the 5th Edition" in page
    # Without a guide for its indicator, the builder offers the current edition's components.
    assert f'list="components-{rules.current_edition().number}-effect"' in page


def test_free_text_marks_which_words_are_components(alice_client):
    text = "GREED: When this card is summoned: Draw 1 card.\nBLAST: Draw 1 card."
    fields = {**WISP, "visibility": "private", "edition": 14, "ability_text": text}
    page = alice_client.post("/cards/preview/", fields).content.decode()
    marked = re.search(r'<p class="marked-text" id="marked-text">(.*?)</p>', page, re.S).group(1)
    problem = re.search(r'<mark class="gm-problem" title="([^"]*)">([^<]*)</mark>', marked)
    assert problem.group(2) == "When this card is summoned"
    assert 'The nearest is "When this in-play card is damaged:"' in html.unescape(problem.group(1))
    component = re.search(r'<span class="gm-component" title="([^"]*)">([^<]*)</span>', marked)
    assert component.group(2) == "Draw 1 card"
    assert html.unescape(component.group(1)) == "effect: “draw x cards.” (2x)"
    assert 'href="/building/14/#condition.when-this-in-play-card-is-damaged"' in page


def test_free_text_saves_exactly_as_typed_whatever_the_builder_holds(alice_client, alice):
    fields = build_form(text_mode="text", ability_text="WHISPER: Draw 1 card.", level=1, sp=1, hp=2)
    assert alice_client.post("/cards/new/", fields).status_code == 302
    card = Card.objects.get(owner=alice)
    assert (card.ability_text, card.level) == ("WHISPER: Draw 1 card.", 1)


def test_the_design_page_links_the_guide(alice_client):
    page = alice_client.get("/cards/new/").content.decode()
    # A new card is designed for the current edition, so its guide is the one linked.
    current = rules.current_edition().number
    assert 'href="/building/"' in page and f'href="/building/{current}/"' in page
    assert 'id="builder"' in page and 'name="text_mode" value="text"' in page


@pytest.mark.parametrize(
    "changes",
    [
        {"b-abilities": "999999", "b0-costs": "-3", "b0-subs": "x", "b0-s0-effects": "1e9"},
        {"b0-name": "A:\nB", "b0-s0-e1": "<script>alert(1)</script>", "b0-s0-e1-x": "²"},
        {"b0-name": "1234", "b0-s0-e0-join": "or else", "b0-s0-e1-join": "also"},
        {"b0-cond": "x" * 5000, "b0-c0": "cost.self-exhaust-x-resources", "b0-c0-x": " 2 "},
        {"b0-s0-t": "effect.draw-x-cards", "design_edition": "abc", "kind": "dragon"},
        {"builder": "remove-ability:0", "b-caveat": "Summon cost: Self-exhaust x creatures."},
        {"builder": "add-effect:99:99", "design_edition": "11", "b-caveat": "nonsense"},
    ],
)
def test_the_builder_answers_anything_with_a_page(alice_client, changes):
    fields = build_form(**changes)
    for url in ("/cards/builder/", "/cards/preview/", "/cards/new/"):
        response = alice_client.post(url, fields)
        assert response.status_code in (200, 302, 400), url
        assert "<script>alert" not in response.content.decode()


# -- the designer by keyboard and screen reader -------------------------------------------


def content_of(response) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(response.content.decode()).get_element_by_id("main")


def heading_levels(response) -> list[int]:
    return [int(h.tag[1]) for h in content_of(response).iter("h1", "h2", "h3", "h4", "h5", "h6")]


def assert_no_level_skipped(levels: list[int]) -> None:
    assert levels and levels[0] == 1, levels
    for before, after in zip(levels, levels[1:], strict=False):
        assert after <= before + 1, levels


def test_the_designers_headings_go_down_one_level_at_a_time(alice_client, make_card):
    assert_no_level_skipped(heading_levels(alice_client.get("/cards/new/")))
    # A card with an ability shows the preview's third-level heading (how the game reads it).
    card = make_card()
    levels = heading_levels(alice_client.get(f"/cards/{card.pk}/edit/"))
    assert 3 in levels
    assert_no_level_skipped(levels)
    refused = alice_client.post("/cards/new/", build_form(name=""))
    assert_no_level_skipped(heading_levels(refused))


def test_the_preview_is_quiet_and_a_button_reads_its_summary(alice_client):
    response = alice_client.get("/cards/new/")
    main = content_of(response)
    preview = main.get_element_by_id("card-preview")
    assert preview.get("aria-live") == "off"
    assert preview.xpath(".//h2")[0].text_content() == "Preview"
    button = preview.get_element_by_id("read-preview")
    assert button.tag == "button" and button.get("type") == "button"
    assert button.text_content() == "Read the preview"
    # The button's summary is said by the site's one status region, not a region of its own.
    assert not preview.xpath(".//*[@aria-live='polite' or @role='status']")
    status = response.content.decode()
    assert 'id="site-status"' in status
    # Each new preview lands inside the quiet section, below the heading and the button.
    target = main.get_element_by_id("card-form").get("hx-target")
    assert preview.xpath(f".//*[@id='{target.lstrip('#')}']")
    assert preview.get_element_by_id("card-preview-image") is not None
    script = (settings.BASE_DIR / "static" / "js" / "cards.js").read_text()
    assert "data-read-preview" in script and "announce" in script


def test_a_refused_card_marks_its_fields_for_a_screen_reader(alice_client):
    response = alice_client.post("/cards/new/", build_form(name="", text_mode="text", level="x"))
    assert response.status_code in (200, 400)
    main = content_of(response)
    for name in ("name", "level"):
        field = main.get_element_by_id(f"id_{name}")
        assert field.get("aria-invalid") == "true", name
        described = [main.get_element_by_id(i) for i in field.get("aria-describedby").split()]
        assert any("field-errors" in d.get("class", "") for d in described), name
    assert main.get_element_by_id("id_flavor_text").get("aria-invalid") is None


def test_the_design_page_shows_no_template_comment(alice_client):
    assert "{#" not in alice_client.get("/cards/new/").content.decode()
