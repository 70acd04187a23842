"""Goldfish runs in the admin: staff list them, filter them by status and queue them again."""

import pytest
from django.utils import timezone

from decks.services import deck_definition
from simulations import runs, services
from simulations.models import SimulationRun

pytestmark = pytest.mark.django_db

OPTIONS = {"games": 20_000, "seed": 9, "max_turns": 12, "going": "first", "bury": "default"}


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("staff", "staff@example.com", "staff-pw-1")


@pytest.fixture
def queued(monkeypatch):
    sent: list[tuple[str, list[int]]] = []

    def enqueue(run, indexes=None):
        sent.append((str(run.id), list(range(run.chunks_total)) if indexes is None else indexes))

    monkeypatch.setattr(services, "enqueue_chunks", enqueue)
    return sent


def start(alice, deck, seed):
    run, _ = services.simulation_start(
        definition=deck_definition(deck),
        options=services.options_for_edition({**OPTIONS, "seed": seed}, edition=14),
        deck_id=deck.pk,
        user=alice,
    )
    return run


def test_staff_list_runs_and_filter_them_by_status(client, staff, alice, make_deck, queued):
    deck = make_deck(alice)
    waiting = start(alice, deck, 1)
    failed = start(alice, deck, 2)
    runs.run_fail(run_id=failed.pk, error="The database was unavailable.")
    client.force_login(staff)
    page = client.get("/admin/simulations/simulationrun/").content.decode()
    assert str(waiting.id) in page and str(failed.id) in page
    assert "0 of 2" in page  # chunks played
    only_failed = client.get("/admin/simulations/simulationrun/?status__exact=failed")
    assert str(failed.id) in only_failed.content.decode()
    assert str(waiting.id) not in only_failed.content.decode()
    detail = client.get(f"/admin/simulations/simulationrun/{failed.pk}/change/").content.decode()
    assert "The database was unavailable." in detail


def test_staff_queue_a_stuck_run_and_a_failed_one_again(client, staff, alice, make_deck, queued):
    deck = make_deck(alice)
    stuck = start(alice, deck, 3)
    failed = start(alice, deck, 4)
    runs.run_fail(run_id=failed.pk, error="It did not finish by its deadline.")
    stuck.chunks.filter(index=0).update(tally={"played": True}, done=timezone.now())
    queued.clear()
    client.force_login(staff)
    answer = client.post(
        "/admin/simulations/simulationrun/",
        {"action": "requeue", "_selected_action": [str(stuck.pk), str(failed.pk)]},
        follow=True,
    )
    assert "Queued 3 chunk(s) of 2 run(s) again." in answer.content.decode()
    assert sorted(queued) == sorted([(str(stuck.id), [1]), (str(failed.id), [0, 1])])
    again = SimulationRun.objects.get(pk=failed.pk)
    assert again.status == "queued" and again.error == "" and again.deadline > timezone.now()


def test_people_who_are_not_staff_see_no_runs(client, alice):
    client.force_login(alice)
    assert client.get("/admin/simulations/simulationrun/").status_code == 302
