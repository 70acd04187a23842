"""Stored verdicts after the rules change: which rows go stale, how the refresh re-judges
them, and the site meanwhile (a release does not wait for it)."""

import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from cards import rules, services, verdicts
from cards.models import Card, CardVerdict, VerdictRefresh
from cards.search import filter_cards
from tests.cards.conftest import WISP

GHOST = (
    "WAIL: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
    " Draw 1 card."
)
EDITIONS = sorted(rules.load_editions())
CURRENT = rules.current_edition().number


@pytest.fixture
def rules_copy(tmp_path, monkeypatch):
    """The engine, editions and guides copied, for the fingerprints to read instead."""
    engine, editions, guides = verdicts._folders()
    copies = (tmp_path / "rules", tmp_path / "editions", tmp_path / "editions" / "guides")
    shutil.copytree(engine, copies[0], ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(editions, copies[1], ignore=shutil.ignore_patterns("sources", "guide_reading"))
    monkeypatch.setattr(verdicts, "_folders", lambda: copies)
    verdicts._engine.cache_clear()
    verdicts.fingerprint.cache_clear()
    yield copies
    verdicts._engine.cache_clear()
    verdicts.fingerprint.cache_clear()


def _all_fingerprints() -> dict[tuple[int, int | None], str]:
    verdicts.fingerprint.cache_clear()
    verdicts._engine.cache_clear()
    return {
        (edition, design): verdicts.fingerprint(edition, design)
        for edition in EDITIONS
        for design in (None, 9, *EDITIONS)
    }


def _touch(path: Path) -> None:
    path.write_bytes(path.read_bytes() + b"\n")


def test_a_fingerprint_is_of_the_edition_and_the_design_edition():
    prints = _all_fingerprints()
    assert len(set(prints.values())) == len(prints)  # each pair its own
    assert verdicts.fingerprint(14, 14) == prints[(14, 14)]  # and the same when asked again


def test_a_guide_fixed_makes_stale_only_the_cards_it_builds(rules_copy):
    before = _all_fingerprints()
    _touch(rules_copy[2] / "15.json")
    after = _all_fingerprints()
    changed = {pair for pair in before if before[pair] != after[pair]}
    assert changed == {(edition, 15) for edition in EDITIONS}


def test_the_current_guide_reads_cards_designed_for_an_edition_with_none(rules_copy):
    before = _all_fingerprints()
    _touch(rules_copy[2] / f"{CURRENT}.json")
    after = _all_fingerprints()
    changed = {pair for pair in before if before[pair] != after[pair]}
    expected = {(edition, design) for edition in EDITIONS for design in (None, 9, CURRENT)}
    assert changed == expected


def test_an_edition_fixed_makes_stale_its_verdicts_and_the_cards_designed_for_it(rules_copy):
    before = _all_fingerprints()
    _touch(rules_copy[1] / "13.json")
    after = _all_fingerprints()
    changed = {pair for pair in before if before[pair] != after[pair]}
    assert changed == {(13, design) for design in (None, 9, *EDITIONS)} | {
        (edition, 13) for edition in EDITIONS
    }


def test_the_engine_changed_makes_every_verdict_stale(rules_copy):
    before = _all_fingerprints()
    _touch(rules_copy[0] / "level.py")
    after = _all_fingerprints()
    assert all(before[pair] != after[pair] for pair in before)


def test_the_refresh_judges_only_the_stale_editions(alice):
    card = services.card_create(owner=alice, definition=WISP)
    assert not verdicts.stale_verdicts()
    # Edition 14's row judged by other rules, and wrong; 15's tampered with but fresh.
    CardVerdict.objects.filter(card=card, edition=14).update(rules_version="old", verdict="pruned")
    CardVerdict.objects.filter(card=card, edition=15).update(verdict="pruned", playable=False)
    CardVerdict.objects.filter(card=card, edition=16).delete()
    assert verdicts.stale_verdicts()

    assert verdicts.verdicts_refresh() == 1

    stored = dict(CardVerdict.objects.filter(card=card).values_list("edition", "verdict"))
    assert stored[14] == "legal" and stored[16] == "legal"
    assert stored[15] == "pruned"  # fresh by its fingerprint: not judged again
    playable = sorted(e for e, verdict in stored.items() if verdict in ("legal", "refurbished"))
    assert 15 not in playable and Card.objects.get(pk=card.pk).playable_in == playable
    assert not verdicts.stale_verdicts()
    assert verdicts.verdicts_refresh() == 0
    assert verdicts.verdicts_refresh(everything=True) == 1
    assert CardVerdict.objects.get(card=card, edition=15).verdict == "legal"


def test_chunks_cover_every_card_once(alice, monkeypatch):
    # 16 cards a chunk: 112 rows, copied in bulk on PostgreSQL; then a chunk of 2.
    monkeypatch.setattr(verdicts, "CHUNK", 16)
    cards = [
        services.card_create(owner=alice, definition={**WISP, "name": f"W{n}"}) for n in range(18)
    ]
    CardVerdict.objects.update(rules_version="old", verdict="invalid", playable=False)
    Card.objects.update(playable_in=[])

    assert verdicts.verdicts_refresh() == 18

    for card in cards:
        assert Card.objects.get(pk=card.pk).playable_in == [e for e in EDITIONS if e >= 14]
    assert not verdicts.stale_verdicts()


def test_the_warnings_are_stored_with_the_verdict(alice):
    # A minion ability without a name: the 11th's guide does not enforce it (a warning).
    card = services.card_create(
        owner=alice, definition={**WISP, "design_edition": 11, "ability_text": "Draw 1 card."}
    )
    for row in CardVerdict.objects.filter(card=card):
        check = rules.check_card(card.to_rules_card(), row.edition)
        assert row.warnings == len(check.warnings)
    assert CardVerdict.objects.filter(card=card, warnings__gt=0).exists()


def test_a_list_reads_the_badge_from_the_store_without_running_the_rules(
    alice, client, monkeypatch
):
    card = services.card_create(owner=alice, definition=WISP, visibility="public")
    CardVerdict.objects.filter(card=card, edition=CURRENT).update(warnings=3)

    def no_rules(*args, **kwargs):
        raise AssertionError("a list ran the rules for a card whose verdict is stored")

    monkeypatch.setattr(rules, "check_card", no_rules)
    monkeypatch.setattr(verdicts.rules, "check_card", no_rules)
    page = client.get(reverse("card-gallery"))
    assert page.status_code == 200
    assert "Legal · 3 warnings" in page.content.decode()


def test_a_card_listed_with_a_stale_verdict_is_judged_once_and_stored(alice, client):
    card = services.card_create(owner=alice, definition=WISP, visibility="public")
    CardVerdict.objects.filter(card=card).update(
        rules_version="old", verdict="invalid", playable=False
    )
    page = client.get(reverse("card-gallery"))
    assert 'class="badge badge-legal"' in page.content.decode()
    row = CardVerdict.objects.get(card=card, edition=CURRENT)
    assert row.verdict == "legal" and verdicts.is_fresh(row, card.design_edition)


def test_a_release_does_not_wait_for_the_refresh_and_the_site_judges_meanwhile(
    alice, client, api, refresh_queue
):
    def legal(edition: int) -> set[str]:
        found = filter_cards(Card.objects.all(), f"legal:{edition}")
        return set(found.values_list("name", flat=True))

    wisp = services.card_create(owner=alice, definition=WISP, visibility="public")
    brute = services.card_create(
        owner=alice, definition={**WISP, "name": "Brute", "sp": 9, "hp": 9}, visibility="public"
    )
    haunt = services.card_create(
        owner=alice,
        definition={**WISP, "name": "Haunt", "ability_text": GHOST},
        visibility="public",
    )
    truth = {
        card.pk: rules.check_card(card.to_rules_card(), CURRENT).verdict.value
        for card in (wisp, brute, haunt)
    }
    assert truth == {wisp.pk: "legal", brute.pk: "invalid", haunt.pk: "refurbished"}
    # As stored by rules that took any level and any text.
    CardVerdict.objects.update(verdict="legal", playable=True, warnings=0, rules_version="old")
    Card.objects.update(playable_in=EDITIONS)

    call_command("migrate", verbosity=0)

    # The release is done; the refresh is queued, not run.
    refresh = VerdictRefresh.objects.get(finished__isnull=True)
    assert refresh.total == 3 and refresh.done == 0 and refresh_queue.calls
    assert legal(CURRENT) == {"Wisp", "Brute", "Haunt"}  # the old verdicts, as stored
    # Meanwhile, each page and answer that shows a card's verdict judges it.
    api.force_authenticate(alice)
    for card in (wisp, brute, haunt):
        answer = api.get(reverse("api-card-detail", args=[card.pk]))
        assert answer.json()["verdict"] == truth[card.pk]
    page = client.get(reverse("card-gallery") + f"?q=legal:{CURRENT}")
    assert "Verdicts are being updated for new rules (0% done)" in page.content.decode()
    listed = api.get(reverse("api-cards"), {"q": f"legal:{CURRENT}"}).json()
    assert listed["notes"] and "being updated" in listed["notes"][0]

    refresh_queue.run()  # the workers take the chunks

    refresh.refresh_from_db()
    assert refresh.finished is not None and refresh.percent == 100
    assert legal(CURRENT) == {"Wisp", "Haunt"}
    assert not verdicts.stale_verdicts()
    page = client.get(reverse("card-gallery") + f"?q=legal:{CURRENT}")
    assert "being updated" not in page.content.decode()
    assert "notes" not in api.get(reverse("api-cards"), {"q": f"legal:{CURRENT}"}).json()


def test_a_refresh_the_broker_could_not_take_is_queued_by_the_sweep(alice, monkeypatch, caplog):
    services.card_create(owner=alice, definition=WISP)
    CardVerdict.objects.update(rules_version="old")

    def broker_away(*args, **kwargs):
        raise ConnectionRefusedError("the broker is away")

    monkeypatch.setattr("kotc_site.celery.send_tasks", broker_away)
    call_command("migrate", verbosity=0)
    assert "could not be queued" in caplog.text
    assert not VerdictRefresh.objects.exists()  # nothing half-recorded

    from tests.conftest import RefreshQueue

    queue = RefreshQueue()
    monkeypatch.setattr("kotc_site.celery.send_tasks", queue.send)
    refresh = verdicts.refresh_sweep()
    assert refresh is not None and queue.calls
    queue.run()
    assert not verdicts.stale_verdicts()
    assert verdicts.refresh_sweep() is None  # nothing stale: nothing queued


def test_a_refresh_that_stalled_is_closed_and_queued_again(alice, refresh_queue):
    services.card_create(owner=alice, definition=WISP)
    CardVerdict.objects.update(rules_version="old")
    first = verdicts.verdicts_refresh_queue()
    assert first is not None
    assert verdicts.refresh_sweep() is None  # still going: left alone
    refresh_queue.calls.clear()  # its chunks lost

    second = verdicts.refresh_sweep(stalled_after=0)

    first.refresh_from_db()
    assert first.finished is not None and second is not None and second.pk != first.pk
    refresh_queue.run()
    assert not verdicts.stale_verdicts()


def test_the_refresh_command_judges_here_or_queues(alice, capsys, refresh_queue):
    card = services.card_create(owner=alice, definition=WISP)
    CardVerdict.objects.filter(card=card).update(rules_version="old")
    call_command("refresh_card_verdicts", "--queue")
    assert "Queued the refresh of 1 card" in capsys.readouterr().out
    call_command("refresh_card_verdicts")
    assert "Refreshed the verdicts of 1 card" in capsys.readouterr().out
    call_command("refresh_card_verdicts", "--queue")
    assert "nothing to queue" in capsys.readouterr().out


def test_a_card_saved_while_its_chunk_is_judged_keeps_the_verdicts_of_its_save(alice, monkeypatch):
    card = services.card_create(owner=alice, definition=WISP)
    CardVerdict.objects.update(rules_version="old")
    judged = verdicts._judged
    saves = []

    def saved_meanwhile(card_id, rules_card, editions):
        rows = judged(card_id, rules_card, editions)
        if not saves:  # the designer saves a brute the guide does not level so: invalid
            saves.append(card_id)
            services.card_update(
                card=Card.objects.get(pk=card_id), user=alice, definition={"sp": 9}
            )
        return rows

    monkeypatch.setattr(verdicts, "_judged", saved_meanwhile)
    assert verdicts.verdicts_refresh() == 0

    assert CardVerdict.objects.get(card=card, edition=CURRENT).verdict == "invalid"


def test_a_card_read_alone_reads_its_stored_verdict_and_writes_nothing(alice, api):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    card = services.card_create(owner=alice, definition=WISP)
    CardVerdict.objects.filter(card=card, edition=CURRENT).update(verdict="pruned")  # fresh
    api.force_authenticate(alice)
    with CaptureQueriesContext(connection) as queries:
        answer = api.get(reverse("api-card-detail", args=[card.pk]))
    assert answer.json()["verdict"] == "pruned"  # the stored row, not judged again
    writes = [q["sql"] for q in queries if q["sql"].split()[0] in ("INSERT", "UPDATE")]
    assert not [sql for sql in writes if "cards_cardverdict" in sql or "cards_card" in sql]


def test_a_chunk_delivered_twice_counts_once(alice, refresh_queue, monkeypatch):
    monkeypatch.setattr(verdicts, "CHUNK", 2)
    for name in ("Wisp", "Brute", "Haunt"):
        services.card_create(owner=alice, definition={**WISP, "name": name})
    refresh = verdicts.verdicts_refresh_queue(everything=True)
    assert refresh is not None and len(refresh_queue.calls) == 2
    first_chunk, last_chunk = refresh_queue.calls
    refresh_queue.calls = [first_chunk, first_chunk]  # its worker lost before it said so
    refresh_queue.run()

    refresh.refresh_from_db()
    assert (refresh.done, refresh.finished, refresh.percent) == (2, None, 66)
    refresh_queue.calls = [last_chunk]
    refresh_queue.run()
    refresh.refresh_from_db()
    assert (refresh.done, refresh.percent) == (3, 100) and refresh.finished is not None
    assert not verdicts.refresh_chunk_done(refresh.pk + 1, 1, 1)  # no such refresh
