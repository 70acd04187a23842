"""A player asks what changed between two editions."""

import pytest

from rulebook.selectors import compare_editions

pytestmark = pytest.mark.django_db


def changes(old: int, new: int) -> dict[str, str]:
    comparison = compare_editions(old, new)
    return {change.anchor: change.status for change in comparison.changes}


def test_the_13th_to_14th_changes_are_hex_play_the_counters_and_refurbishment():
    statuses = changes(13, 14)
    changed = {anchor for anchor, status in statuses.items() if status != "unchanged"}
    assert changed == {
        "counters",
        "battles",
        "kw-fatigue",
        "kw-ghost-play",
        "kw-hex-play",
        "refurbished",
    }
    assert statuses["kw-hex-play"] == "added"
    assert statuses["refurbished"] == "added"
    assert statuses["kw-bury"] == "unchanged"


def test_the_compare_page_marks_insertions_and_deletions(client):
    answer = client.get("/rulebook/compare/13/14/")
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "What changed from the 13th Edition to the 14th Edition" in page
    assert "<ins>" in page and "<del>" in page
    # The new counters, the host wording, and hex-play.
    counters = page[page.index('id="counters"') : page.index('id="battles"')]
    for added in ("Berzerk Counter", "Taunt Counter", "Trap Counter"):
        assert added in counters
    assert "Shield Counter (reactive): When the <del>card</del><ins>host</ins>" in counters
    assert 'id="kw-hex-play"' in page
    assert "ghost-play, must pay resource cost" in page
    assert "2 new" in page


def test_the_fatigue_change_is_marked_word_by_word(client):
    comparison = compare_editions(13, 14)
    fatigue = next(c for c in comparison.changes if c.anchor == "kw-fatigue")
    assert "<del>own</del>" in fatigue.diff.html
    assert "<ins>next</ins>" in fatigue.diff.html
    assert "which occurs after the end of the current turn" in fatigue.diff.html


def test_sections_of_the_11th_edition_are_matched_where_they_can_be(client):
    statuses = changes(11, 14)
    assert statuses["counters"] == "changed"
    assert statuses["creatures"] == "removed"
    assert statuses["minions"] == "added"
    assert statuses["kw-destroy"] == "changed"  # graveyard became the grave
    assert statuses["kw-sacrifice"] == "removed"
    page = client.get("/rulebook/compare/11/14/").content.decode()
    assert 'href="/rulebook/11/#creatures"' in page


def test_comparing_an_edition_with_itself_changes_nothing():
    assert set(changes(14, 14).values()) == {"unchanged"}


def test_the_compare_form_redirects_and_refuses_unknown_editions(client):
    assert client.get("/rulebook/compare/?old=11&new=13")["Location"] == "/rulebook/compare/11/13/"
    # Without a choice: the two newest editions.
    assert client.get("/rulebook/compare/")["Location"] == "/rulebook/compare/16/17/"
    assert client.get("/rulebook/compare/?old=10&new=14").status_code == 404
    # What is not an edition number is refused too, rather than replaced by the defaults.
    assert client.get("/rulebook/compare/?old=x&new=y").status_code == 404
    assert client.get("/rulebook/compare/?old=１３&new=14").status_code == 404


@pytest.mark.parametrize("url", ["/rulebook/compare/10/14/", "/rulebook/compare/13/99/"])
def test_comparing_an_unknown_edition_is_not_found(client, url):
    assert client.get(url).status_code == 404


def test_the_rulebook_links_to_what_changed(client):
    page = client.get("/rulebook/14/").content.decode()
    assert 'href="/rulebook/compare/13/14/"' in page


@pytest.mark.parametrize(("old", "new"), [(11, 17), (17, 11), (12, 15), (15, 12), (13, 16)])
def test_any_two_editions_compare(client, old, new):
    comparison = compare_editions(old, new)
    shown = [c.anchor for c in comparison.changes if c.status != "removed"]
    assert len(shown) == len(set(shown))  # each section of the second edition once
    answer = client.get(f"/rulebook/compare/{old}/{new}/")
    assert answer.status_code == 200
    assert (
        f"What changed from the {old}th Edition to the {new}th Edition" in answer.content.decode()
    )


def test_a_section_renamed_in_the_17th_edition_is_paired_with_its_old_self():
    comparison = compare_editions(16, 17)
    zones = next(c for c in comparison.changes if c.anchor == "zones")
    assert zones.status == "changed" and zones.old_anchor == "field"
    assert zones.old_title == "Fields" and zones.title == "Zones"
    assert "<del>field</del><ins>play area</ins>" in zones.diff.html
    exhaustion = next(c for c in comparison.changes if c.anchor == "exhaustion")
    assert exhaustion.old_anchor == "resources"
    assert not any(c.anchor in {"field", "resources"} for c in comparison.changes)
    assert next(c for c in comparison.changes if c.anchor == "resource-cost").status == "added"


def test_the_11th_to_17th_follows_sections_through_the_editions_between(client):
    statuses = changes(11, 17)
    comparison = compare_editions(11, 17)
    renamed = {c.old_anchor: c.anchor for c in comparison.changes if c.old_anchor != c.anchor}
    # "field" is the 16th edition's "field", which the 17th calls "zones"; the 11th's In-play
    # became On-field in the 16th.
    assert renamed["field"] == "zones"
    assert renamed["resources"] == "exhaustion"
    assert renamed["kw-in-play"] == "kw-on-field"
    assert statuses["zones"] == "changed" and statuses["counters"] == "changed"
    assert statuses["kw-petrify"] == "added" and statuses["kw-sacrifice"] == "removed"
    page = client.get("/rulebook/compare/11/17/").content.decode()
    assert "What changed from the 11th Edition to the 17th Edition" in page
    assert (
        '<a href="/rulebook/17/#zones">Zones</a> <span class="muted">(was “The Field”)</span>'
        in page
    )
    assert 'href="/rulebook/11/#creatures"' in page  # removed, linked in the 11th


def test_comparing_backwards_pairs_the_same_sections():
    def pairs(old: int, new: int) -> set[tuple[str, str]]:
        return {
            (c.old_anchor, c.anchor)
            for c in compare_editions(old, new).changes
            if c.status in {"changed", "unchanged"}
        }

    assert pairs(17, 11) == {(new, old) for old, new in pairs(11, 17)}
    assert ("zones", "field") in pairs(17, 11)


def test_the_12th_to_15th_changes():
    statuses = changes(12, 15)
    assert statuses["pawns"] == "added" and statuses["kw-clone"] == "added"
    assert statuses["kw-up-to"] == "removed"
    assert statuses["kw-bury"] == "unchanged"
    assert statuses["setup"] == "changed"  # the reserves are gone
