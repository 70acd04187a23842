"""A print of cards never drawn before: a few cards a request, the rest on the workers.

Drawing a card takes a while, so no request draws more than RENDERS_PER_REQUEST of them; until
every card is drawn the print answers with its progress (see decks.print_renders)."""

import pytest
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from decks import print_job, print_renders, tasks
from decks.print_renders import PrintNotReady
from tests.decks.printed_pdf import embedded_images, read_pdf

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_queued_yet() -> None:
    # Which cards were queued lately is remembered in the cache, which outlives a test.
    cache.clear()


@pytest.fixture
def two_a_request(monkeypatch) -> None:
    monkeypatch.setattr(print_renders, "RENDERS_PER_REQUEST", 2)


@pytest.fixture
def drawn(monkeypatch) -> list[int]:
    """The ids of the cards drawn, in order."""
    calls: list[int] = []
    draw = print_renders.card_render

    def counting(*, card, small=False, set_mark=None):
        calls.append(card.pk)
        return draw(card=card, small=small, set_mark=set_mark)

    monkeypatch.setattr(print_renders, "card_render", counting)
    return calls


@pytest.fixture
def queued(monkeypatch) -> list[list[int]]:
    """The card ids sent to the workers, a list a send."""
    sends: list[list[int]] = []
    monkeypatch.setattr(print_renders, "_send", sends.append)
    return sends


@pytest.fixture
def five_cards(make_card, make_deck):
    return make_deck(entries=[(make_card(name=f"Wisp {n}"), 2) for n in range(5)])


def test_a_request_draws_no_more_than_its_share(alice, five_cards, two_a_request, drawn):
    with pytest.raises(PrintNotReady) as progress:
        print_job.deck_print_pdf(deck=five_cards, user=alice)
    assert (progress.value.ready, progress.value.total) == (2, 5)
    assert len(drawn) == 2
    assert "2 of 5 ready" in str(progress.value)


def test_asking_again_finishes_the_print_with_each_card_drawn_once(
    alice, five_cards, two_a_request, drawn
):
    progress = []
    for _ask in range(5):
        try:
            pdf = print_job.deck_print_pdf(deck=five_cards, user=alice, backs="duplex")
        except PrintNotReady as answer:
            progress.append(answer.ready)
        else:
            break
    assert progress == [2, 4]
    assert sorted(drawn) == sorted({entry.card_id for entry in five_cards.entries.all()})
    # 10 copies of 5 designs: 2 pages of fronts, each followed by its page of backs; each
    # design is embedded once, and the card back.
    assert len(read_pdf(pdf)) == 4
    assert embedded_images(pdf) == 5 + 1


def test_the_workers_are_sent_the_cards_the_request_left(
    alice, five_cards, two_a_request, drawn, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(PrintNotReady):
        print_job.deck_print_pdf(deck=five_cards, user=alice)
    cards = sorted(entry.card_id for entry in five_cards.entries.all())
    assert len(queued) == 1
    assert sorted(queued[0] + drawn) == cards
    # The worker's task draws them; the next ask makes the PDF and draws nothing itself.
    tasks.make_print_images(queued[0])
    assert sorted(drawn) == cards
    assert print_job.deck_print_pdf(deck=five_cards, user=alice).startswith(b"%PDF")
    assert sorted(drawn) == cards


def test_a_card_queued_a_moment_ago_is_not_queued_again(
    alice, make_card, make_deck, two_a_request, queued, django_capture_on_commit_callbacks
):
    deck = make_deck(entries=[(make_card(name=f"Moth {n}"), 1) for n in range(6)])
    for _ask in range(2):
        with django_capture_on_commit_callbacks(execute=True), pytest.raises(PrintNotReady):
            print_job.deck_print_pdf(deck=deck, user=alice)
    # The first ask queued the 4 it left; the second drew 2 of those and queued nothing.
    assert [len(send) for send in queued] == [4]


def test_a_broker_that_is_down_does_not_stop_the_print(
    alice, five_cards, two_a_request, monkeypatch, django_capture_on_commit_callbacks
):
    from kotc_site.celery import app

    def unreachable(*args, **kwargs):
        raise ConnectionError("no broker")

    monkeypatch.setattr(app, "connection_for_write", unreachable)
    readies = []
    for _ask in range(3):
        try:
            with django_capture_on_commit_callbacks(execute=True):
                print_job.deck_print_pdf(deck=five_cards, user=alice)
        except PrintNotReady as answer:
            readies.append(answer.ready)
    assert readies == [2, 4]


def test_a_deck_already_drawn_prints_at_once(alice, five_cards, drawn):
    print_job.deck_print_pdf(deck=five_cards, user=alice)
    drawn.clear()
    assert print_job.deck_print_pdf(deck=five_cards, user=alice, paper="letter").startswith(b"%PDF")
    assert drawn == []


def test_a_print_image_still_being_written_is_drawn_again_not_printed_half(alice, make_card):
    card = make_card()
    key, whole = print_renders.print_image(card=card)
    name = f"renders/{key}-print.jpg"
    default_storage.delete(name)
    default_storage.save(name, ContentFile(whole[: len(whole) // 2]))  # a worker is writing it
    assert print_renders.print_image(card=card) == (key, whole)
