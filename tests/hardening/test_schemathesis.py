"""Every API operation, fuzzed from the OpenAPI schema the site serves.

The schema is read from /api/schema/ in this process; each operation is called through the
site's own WSGI application with a real API token, with generated data that follows the schema
and data that breaks it. Path parameters are often the ids of real objects (a public card, an
unlisted one, a private one of the user, another designer's private one, decks, a goldfish run),
so the operations get past their 404s. Every answer must be below 500, have a status code the
schema documents, and match the schema's description of that status.

Every example runs in a savepoint that is rolled back: a deleted card is back for the next one.
Nothing is excluded. Binary answers (the card PNG, the deck PDF) are held to their documented
status codes and content types; their bodies are checked in test_hostile_content.py. One answer
need not be in the schema: a 415 to a body whose Content-Type the operation does not list.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from cards import services as card_services
from decks import services as deck_services
from simulations import services as simulation_services

application = WSGIHandler()
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


def documented_status(ctx: Any, response: Any, case: Any) -> bool | None:
    """schemathesis' status code conformance, except for one answer HTTP itself defines: a 415
    to a body sent with no Content-Type, or with one the operation does not accept (the schema
    lists the ones it does). Any other undocumented status still fails."""
    if response.status_code == 415:
        sent = response.request.headers.get("Content-Type", "").split(";")[0].strip()
        if sent not in case.operation.schema.get_request_payload_content_types(case.operation):
            return True  # not this check's business
    return status_code_conformance(ctx, response, case)


CHECKS = [
    not_a_server_error,
    documented_status,
    content_type_conformance,
    response_schema_conformance,
]
# Bounded for the suite; KOTC_FUZZ_EXAMPLES=500 KOTC_FUZZ_RANDOM=1 digs deeper, with new data
# on every run.
MAX_EXAMPLES = int(os.environ.get("KOTC_FUZZ_EXAMPLES", "25"))
DERANDOMIZE = os.environ.get("KOTC_FUZZ_RANDOM") != "1"
# A goldfish run is played in this process; a few thousand games are enough to produce
# a result in the full format, and keep every example quick.
MAX_FUZZ_GAMES = 2_000

# The ids of the objects the fixture makes, by the path parameter that names them.
REAL: dict[str, list[Any]] = {}


def card(name: str, **fields: Any) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": 1,
        "sp": 1,
        "hp": 2,
        "ability_text": "WHISPER: Draw 1 card.",
        "flavor_text": "It hums.",
        **fields,
    }


@schema.hook
def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any]) -> Any:
    """Often swap generated ids for the ids of real objects, so operations reach them."""
    if not path_parameters:
        return st.just(path_parameters)
    path = context.operation.path if context.operation is not None else ""
    choices: list[dict[str, Any]] = [path_parameters]
    for name in path_parameters:
        key = f"deck:{name}" if path.startswith("/api/v1/decks/{id}") else name
        for value in REAL.get(key, []):
            choices.append({**path_parameters, name: value})
    return st.sampled_from(choices)


@schema.hook
def map_body(context: Any, body: Any) -> Any:
    """Cap the games of a goldfish run that the API would accept (see MAX_FUZZ_GAMES)."""
    operation = context.operation
    if (
        operation is not None
        and operation.path.endswith("/simulations/")
        and isinstance(body, dict)
        and isinstance(body.get("games"), int)
        and not isinstance(body.get("games"), bool)
        and MAX_FUZZ_GAMES < body["games"] <= 200_000
    ):
        return {**body, "games": MAX_FUZZ_GAMES}
    return body


@pytest.fixture
def direct_requests() -> Iterator[None]:
    """Requests sent straight to the WSGI handler inside the test's transaction: as Django's
    test client does, keep the handler from closing the connection after each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, alice, bob, inline_workers) -> Iterator[str]:
    """Alice's API token, got through the API, and a world for her to act in."""
    answer = APIClient().post(
        "/api/v1/auth/token/",
        {"username": "alice", "password": "correct-horse-battery"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    own = card_services.card_create(
        owner=alice, definition=card("Ember Wisp"), visibility="private"
    )
    own_public = card_services.card_create(
        owner=alice, definition=card("Cinder Hound", level=2, sp=2), visibility="public"
    )
    spell = card_services.card_create(
        owner=alice,
        definition=card("Spark", kind="spell", sp=None, hp=None, ability_text="Draw 1 card."),
        visibility="private",
    )
    public = card_services.card_create(
        owner=bob, definition=card("Ash Golem", level=3), visibility="public"
    )
    unlisted = card_services.card_create(
        owner=bob, definition=card("Quiet Moth"), visibility="unlisted"
    )
    secret = card_services.card_create(
        owner=bob, definition=card("Hidden Eel"), visibility="private"
    )
    card_services.collection_add(user=alice, card=public, copies=2)
    deck = deck_services.deck_create(
        owner=alice,
        name="Embers",
        visibility="private",
        entries=[(own, 4), (own_public, 3), (spell, 2), (public, 1)],
    )
    public_deck = deck_services.deck_create(
        owner=bob, name="Golems", visibility="public", entries=[(public, 4), (unlisted, 2)]
    )
    secret_deck = deck_services.deck_create(
        owner=bob, name="Eels", visibility="private", entries=[(secret, 4)]
    )
    run, _ = simulation_services.simulation_start(
        definition=deck_services.deck_definition(deck),
        options=simulation_services.options_for_edition(
            {"games": 1000, "seed": 7, "max_turns": 10, "going": "first", "bury": "default"},
            edition=deck.edition,
        ),
        deck_id=deck.pk,
        user=alice,
    )
    cards = [own.pk, own_public.pk, spell.pk, public.pk, unlisted.pk, secret.pk]
    REAL.update(
        {
            "id": cards,
            "card_id": [own.pk, public.pk, unlisted.pk, secret.pk],
            "deck:id": [deck.pk, public_deck.pk, secret_deck.pk],
            "deck_id": [deck.pk, public_deck.pk, secret_deck.pk],
            "run_id": [str(run.id)],
            "slug": ["bury", "draw", "damage-counter"],
            "edition": [11, 13, 14],
        }
    )
    yield answer.json()["token"]
    REAL.clear()


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    derandomize=DERANDOMIZE,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)
def test_api_operation(case, token, direct_requests):
    with transaction.atomic():
        case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=CHECKS)
        transaction.set_rollback(True)
