"""A new designer tries a spell and a minion made from the 17th Edition guide's own examples on
every surface that judges a card: the check API, /check/, and the designer, with the text typed
and with the ability built from the guide's components. Each says the same verdict, level and
reasons (and warnings), the level left empty to take the one the guide computes."""

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "lanterns-in-the-fog-7"

# "Draw 1 card, then destroy the targets." and "Target up to 1 on-field minions;" are the
# guide's examples of effects joined and of a target selection; "GREED: Draw 2 cards." its
# example of a named minion ability.
SPELL = {
    "name": "Clean Sweep",
    "kind": "spell",
    "text": "Target up to 2 on-field minions; draw 1 card, then destroy the targets.",
    # Typed into the builder as a designer picks them from its lists.
    "build": [
        ("#b0-s0-t", "Target up to x on-field minions;"),
        ("input[name='b0-s0-t-x']", "2"),
        ("#b0-s0-e0", "draw x cards."),
        ("input[name='b0-s0-e0-x']", "1"),
        ("add-effect:0:0", None),
        ("#b0-s0-e1", "destroy the targets."),
    ],
}
MINION = {
    "name": "Greedy Imp",
    "kind": "minion",
    "text": "GREED: Draw 2 cards.",
    "build": [
        ("#b0-name", "GREED"),
        ("#b0-s0-e0", "draw x cards."),
        ("input[name='b0-s0-e0-x']", "2"),
    ],
}

# What a verdict panel shows: the verdict, and each reason and warning (its code and text).
PANEL = """scope => {
  const panel = document.querySelector(scope + ' .verdict[data-verdict]');
  const items = selector => [...panel.querySelectorAll(selector)]
    .map(item => [item.dataset.code, item.innerText]);
  return {verdict: panel.dataset.verdict, reasons: items('li.reason'),
          warnings: items('li.warning')};
}"""


def judged_by_api(page, card: dict) -> dict:
    body = {
        "edition": 17,
        "card": {
            "name": card["name"],
            "kind": card["kind"],
            "design_edition": 17,
            "level": None,
            "sp": 1 if card["kind"] == "minion" else None,
            "hp": 1 if card["kind"] == "minion" else None,
            "ability_text": card["text"],
        },
    }
    answer = page.request.post("/api/v1/check/card/", data=body)
    assert answer.ok, answer.text()
    return answer.json()


def shown(page, scope: str) -> dict:
    return page.evaluate(PANEL, scope)


def assert_same(panel: dict, level: str, api: dict, where: str) -> None:
    """The panel says what the API says: verdict, computed level, and each reason and warning
    by its code and its message."""
    assert panel["verdict"] == api["verdict"], where
    assert level == str(api["level"]["computed"]), where
    for key in ("reasons", "warnings"):
        assert [code for code, _ in panel[key]] == [item["code"] for item in api[key]], where
        for (_, text), item in zip(panel[key], api[key], strict=True):
            assert item["message"] in text, where


def log_in(page, django_user_model) -> None:
    django_user_model.objects.create_user("newcomer", password=PASSWORD)
    page.goto("/accounts/login/")
    page.fill("#id_username", "newcomer")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/(cards/.*)?$"))


def new_card(page, card: dict) -> None:
    """The design page of a new card, named and of the card's kind; SP and HP as they start."""
    page.goto("/cards/new/")
    page.fill("#id_name", card["name"])
    page.check(f"input[name=kind][value={card['kind']}]")


@pytest.mark.parametrize("card", [SPELL, MINION], ids=["spell", "minion"])
def test_every_surface_gives_the_same_judgment(page, django_user_model, card):
    api = judged_by_api(page, card)
    assert api["level"]["computed"] == 6, api["level"]  # as the guide's formulas say

    # /check/: pick the kind, type the text, leave the level empty, press Check.
    page.goto("/check/")
    page.get_by_label("Name").fill(card["name"])
    page.get_by_label("Kind").select_option(card["kind"])
    page.get_by_label("Ability text").fill(card["text"])
    with page.expect_response(lambda r: r.url.endswith("/check/") and r.request.method == "POST"):
        page.get_by_role("button", name="Check").click()
    computed = page.locator("#check-result #level-check[data-computed='6']")
    computed.wait_for()
    assert_same(shown(page, "#check-result"), computed.get_attribute("data-computed"), api, "check")

    # The designer, the text typed and the level left empty.
    log_in(page, django_user_model)
    new_card(page, card)
    page.fill("#id_ability_text", card["text"])
    page.wait_for_selector("#computed-level:has-text('Level 6 (computed)')")
    assert page.input_value("#id_level") == ""
    assert_same(shown(page, "#card-preview-body"), "6", api, "designer, text")

    # The designer's builder: the same ability built from the guide's components.
    new_card(page, card)
    page.check("input[name=text_mode][value=builder]")
    page.wait_for_function(
        "() => { const b = document.getElementById('builder');"
        " return !b.hidden && !b.inert && b.querySelector('#b0-s0-e0'); }"
    )
    for slot, typed in card["build"]:
        if typed is None:
            with page.expect_response(lambda r: "/cards/builder/" in r.url):
                page.click(f"#builder button[value='{slot}']")
            continue
        box = page.locator(slot)
        box.wait_for(state="visible")
        box.fill(typed)
    page.wait_for_function(
        "text => document.getElementById('guide-reading').dataset.writtenText === text",
        arg=card["text"],
    )
    page.wait_for_function("() => document.querySelector('#id_level').value === '6'")
    assert_same(shown(page, "#card-preview-body"), "6", api, "designer, builder")
