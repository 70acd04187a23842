"""Every rulebook section a verdict points to exists in that edition's rulebook page."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards import rules

CONTENT = Path(settings.BASE_DIR) / "rulebook" / "content" / "editions"


@pytest.mark.parametrize("number", sorted(rules.load_editions()))
def test_each_section_a_reason_names_has_an_anchor_in_the_rulebook(number):
    anchors = {
        section["anchor"]
        for section in json.loads((CONTENT / f"{number}.json").read_text())["sections"]
    }
    edition = rules.get_edition(number)
    for key, section in edition.sections.items():
        assert section.anchor.lstrip("#") in anchors, f"{number}: {key} -> {section.anchor}"


@pytest.mark.django_db
def test_the_check_page_links_each_reason_to_its_rule(client):
    page = client.post(
        "/check/",
        {
            "edition": 14,
            "name": "Old",
            "kind": "minion",
            "design_edition": 12,
            "level": 3,  # by the 12th's guide: ⌈1 + 1 ÷ 5⌉ = 2; draw 1: x = 1
            "sp": 1,
            "hp": 1,
            "ability_text": "ROAR: Draw 1 card.",
        },
    ).content.decode()
    assert 'href="/rulebook/14/#cleanslate"' in page
