"""Every API operation, fuzzed from the OpenAPI schema the site serves, with every check.

The schema is read from /api/schema/ in this process; each operation is called through the
site's own WSGI application with a real API token, with generated data that follows the schema
and data that breaks it, then in sequences that follow the schema's links (a card created, then
read, changed, forked, deleted...). Path parameters are often the ids of real objects (a public
card, an unlisted one, a private one of the user, another designer's private one, decks, a
goldfish run), so the operations get past their 404s.

Every one of schemathesis' checks runs: no server error; status codes, content types, headers
and bodies as documented; what the schema refuses is refused and what it allows is accepted;
undocumented methods are 405s with an Allow header; an operation that needs an account refuses
a request without a token or with a bad one; a deleted object is gone and a created one is there.

One answer is allowed to differ from what the checks expect, and only where it happens: a
refusal for a reason OpenAPI cannot state is a 400 naming the field (an unknown card id, a deck
the goldfish cannot play, wrong credentials, a search the query language cannot read, a minion
changed without the SP or HP it lacks). `positive_data_acceptance` lets such a 400 pass only
when every field it names is one listed for that operation in UNSTATABLE, with the reason. The
card forms' pictures are real ones (see `picture`), so a picture refused fails.

Public reads used to accept a corrupted token; since API tokens are knox's, a bad token is a 401
on every operation that reads one, so `ignored_auth` runs everywhere unchanged. The checks read
no token at all, and their schema says so.

Every example runs in a savepoint that is rolled back: a deleted card is back for the next one.
The run is derandomized with a fixed number of examples an operation, so it is the same on
every run and quick enough for CI; KOTC_FUZZ_EXAMPLES=200 KOTC_FUZZ_RANDOM=1 digs deeper, with
new data on every run.
"""

from __future__ import annotations

import io
import os
import sys
import uuid
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from PIL import Image
from rest_framework.test import APIClient
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.core.cache.bounded import BoundedCache
from schemathesis.core.mutations import OperatorKind
from schemathesis.core.parameters import ParameterLocation
from schemathesis.core.transforms import to_wire_text
from schemathesis.generation import derive_operation_seed, overrides
from schemathesis.generation.feedback import FeedbackSources
from schemathesis.generation.hypothesis.builder import (
    HypothesisTestConfig,
    HypothesisTestMode,
    create_test,
)
from schemathesis.pytest._test_builder import enabled_modes
from schemathesis.python._constants.orchestrator import make_constants_value_source
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    positive_data_acceptance,
)
from schemathesis.transport.requests import (
    encode_non_object_multipart,
    prepare_multipart_parts,
)
from schemathesis.transport.serialization import Binary, serialize_binary
from schemathesis.transport.wsgi import WSGI_TRANSPORT
from urllib3.filepost import encode_multipart_formdata

from cards import services as card_services
from community.models import Comment
from decks import services as deck_services
from decks import versions as deck_versions
from simulations import services as simulation_services
from tests.sets.world import make_set
from tests.shelves.world import make_shelves

# The fuzz runs in `make test` and not in `make check`.
pytestmark = pytest.mark.fuzz

application = WSGIHandler()
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

MAX_EXAMPLES = int(os.environ.get("KOTC_FUZZ_EXAMPLES", "12"))
DERANDOMIZE = os.environ.get("KOTC_FUZZ_RANDOM") != "1"
# Steps of one sequence of linked calls, and sequences tried.
STATEFUL_STEPS = 6
STATEFUL_EXAMPLES = int(os.environ.get("KOTC_FUZZ_SEQUENCES", "40"))
# A goldfish run is played in this process; a few thousand games are enough to produce
# a result in the full format, and keep every example quick.
MAX_FUZZ_GAMES = 2_000

HYPOTHESIS = settings(
    max_examples=MAX_EXAMPLES,
    derandomize=DERANDOMIZE,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

# The fields whose refusal no schema can foresee, by operation, and why.
UNKNOWN_CARD = "a card id the viewer may see: which ids exist, and whose, is data"
KEPT = "a minion's SP or HP left out of a change: the card keeps its own, if it has one"
SEARCH = "a search the query language can read: a grammar, not a pattern (cards.search)"
TAG_NAME = "a tag's name is read without case: some letters are two characters in lower case"
SHELF_NAME = "a name of one line, not blank once trimmed (kotc_site.inputs.name_problem)"
FOLDER_PLACE = "not inside itself or a folder inside it, nor too deep: the folders are data"
ONE_TARGET = "exactly one of the optional ids: OpenAPI's oneOf is not drawn from a serializer"
COMMENT_TEXT = (
    "a comment with words in it, and links to other sites only from an account a day old:"
    " how old the account is, is data"
)
PRIMER_TEXT = (
    "a primer with links to other sites only from an account a day old: how old the account is,"
    " is data"
)
SHARED = (
    "a card or deck that is shared: a private one of the viewer's takes no comments or likes,"
    " and no one likes their own"
)
SET_STATE = "released (or not) and within its hour: whether it is, is data"
SET_FIELDS = {
    "name": SHELF_NAME,
    "code": "a code none of the owner's other sets has: the sets are data",
    "cards": UNKNOWN_CARD + "; the viewer's own or already in the set; a released set's fixed",
    "release_at": "a time in the future, for a set not released: the clock and the set are data",
    "description": PRIMER_TEXT,
    "edition": "an edition on file",
}
UNSTATABLE: dict[tuple[str, str], dict[str, str]] = {
    ("GET", "/api/v1/cards/"): {"q": SEARCH},
    ("GET", "/api/v1/collection/"): {"q": SEARCH},
    ("GET", "/api/v1/decks/"): {
        "designer": "not with mine=true: a rule across two fields",
        "q": "with mine=true, tag: terms that can be read: " + SEARCH,
    },
    ("PUT", "/api/v1/cards/{id}/"): {"sp": KEPT, "hp": KEPT},
    ("PATCH", "/api/v1/cards/{id}/"): {"sp": KEPT, "hp": KEPT},
    ("POST", "/api/v1/auth/token/"): {
        "non_field_errors": "a username and password that match: accounts are data",
    },
    ("POST", "/api/v1/collection/"): {"card": UNKNOWN_CARD},
    ("POST", "/api/v1/decks/"): {"entries": UNKNOWN_CARD, "description": PRIMER_TEXT},
    ("PUT", "/api/v1/decks/{id}/"): {"entries": UNKNOWN_CARD, "description": PRIMER_TEXT},
    ("PATCH", "/api/v1/decks/{id}/"): {"entries": UNKNOWN_CARD, "description": PRIMER_TEXT},
    ("POST", "/api/v1/decks/import/"): {
        "description": PRIMER_TEXT,
        "list": "the names of a list must be cards the viewer may see",
        "lines": "the same refusal, line by line",
        "name": "a name, sent or on the list's first line ('# Name'): what a list says is data",
    },
    ("POST", "/api/v1/decks/{deck_id}/simulations/"): {
        "deck": "a deck the goldfish can play: how many cards, and whether the viewer may see"
        " them, is data",
    },
    ("GET", "/api/v1/decks/{id}/print.pdf"): {
        "detail": "a deck with cards to print: not empty, nor all owned when missing=true",
    },
    ("GET", "/api/v1/decks/{id}/odds/"): {
        "cards": "cards of the deck the viewer may see: " + UNKNOWN_CARD,
        "at_least": "at most the copies of the chosen cards: how many the deck holds is data",
        "bury": "at most the opening hand, in an edition with an opening bury: edition data",
    },
    ("DELETE", "/api/v1/me/"): {
        "password": "the account's own password, to confirm: no schema states a secret",
    },
    ("DELETE", "/api/v1/collection/{card_id}/"): {
        "non_field_errors": "the viewer's own card, which stays in their collection",
    },
    # shelves: names read without case and in one line, folders that fit, saved searches
    ("POST", "/api/v1/shelves/tags/"): {"name": TAG_NAME},
    ("PATCH", "/api/v1/shelves/tags/{tag_id}/"): {"name": TAG_NAME},
    ("POST", "/api/v1/shelves/folders/"): {"name": SHELF_NAME},
    ("PATCH", "/api/v1/shelves/folders/{folder_id}/"): {
        "name": SHELF_NAME,
        "parent": FOLDER_PLACE,
        "holds": "what a folder holds, while it holds the other kind: data",
    },
    ("POST", "/api/v1/shelves/smart-folders/"): {"name": SHELF_NAME, "query": SEARCH},
    ("PATCH", "/api/v1/shelves/smart-folders/{smart_id}/"): {"name": SHELF_NAME, "query": SEARCH},
    ("POST", "/api/v1/shelves/bulk/"): {
        "cards": "at least one card or deck: a rule across two fields",
        "tag": TAG_NAME + "; the tag is named for tag and untag, and is one the viewer has",
        "folder": "a folder that takes cards (or decks): what it holds is data",
    },
    # sets: codes, cards and times that are data; a release's own state
    ("POST", "/api/v1/sets/"): SET_FIELDS,
    ("PATCH", "/api/v1/sets/{set_id}/"): SET_FIELDS,
    ("POST", "/api/v1/sets/{set_id}/release/"): {
        "non_field_errors": SET_STATE,
        "cards": "a set with cards, none of them held by a moderator: its cards are data",
    },
    ("POST", "/api/v1/sets/{set_id}/unrelease/"): {"non_field_errors": SET_STATE},
    ("POST", "/api/v1/sets/{set_id}/invitation/"): {
        "username": "a designer who exists and is not the owner: accounts are data",
    },
    # community: comments, likes, follows, notifications and reports
    ("GET", "/api/v1/comments/"): {"non_field_errors": ONE_TARGET},
    ("POST", "/api/v1/comments/"): {
        "non_field_errors": ONE_TARGET,
        "text": COMMENT_TEXT,
        "card": SHARED,
        "deck": SHARED,
    },
    ("PATCH", "/api/v1/comments/{id}/"): {"text": COMMENT_TEXT},
    ("PUT", "/api/v1/cards/{id}/like/"): {"card": SHARED},
    ("DELETE", "/api/v1/cards/{id}/like/"): {"card": SHARED},
    ("PUT", "/api/v1/decks/{id}/like/"): {"deck": SHARED},
    ("DELETE", "/api/v1/decks/{id}/like/"): {"deck": SHARED},
    ("PUT", "/api/v1/designers/{username}/follow/"): {"designer": "anyone but yourself"},
    ("DELETE", "/api/v1/designers/{username}/follow/"): {"designer": "anyone but yourself"},
    ("PATCH", "/api/v1/notifications/settings/"): {
        "non_field_errors": "only the kinds there are: a key the schema does not name is refused"
    },
    ("POST", "/api/v1/decks/{id}/versions/"): {
        "note": "a deck changed since its latest version (a snapshot needs no change): whether"
        " it changed is data",
    },
    ("POST", "/api/v1/reports/"): {
        "non_field_errors": ONE_TARGET,
        "comment": "someone else's comment: whose it is, is data",
        "card": "someone else's card: whose it is, is data",
        "deck": "someone else's deck: whose it is, is data",
    },
}


# -- the checks -------------------------------------------------------------------------------


def _label(case: Any) -> tuple[str, str]:
    return case.operation.method.upper(), case.operation.path


def positive_data_acceptance_except_unstatable(ctx: Any, response: Any, case: Any) -> bool | None:
    """positive_data_acceptance, except for a 400 that names only UNSTATABLE fields of its
    operation (see the module's docstring)."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except Exception:
        fields = UNSTATABLE.get(_label(case), {})
        try:
            named = set(response.json()) if response.status_code == 400 else set()
        except ValueError:
            named = set()
        if named and named <= set(fields):
            return None
        raise


def negative_data_rejection_of_negative_cases(ctx: Any, response: Any, case: Any) -> bool | None:
    """negative_data_rejection, on the cases schemathesis itself finds invalid. In a sequence,
    it can keep calling a case negative after a link replaced its only invalid value with one
    from an earlier answer; it then describes it as a "Positive test case" and would report
    the API for accepting it."""
    data = getattr(getattr(case.meta, "phase", None), "data", None)
    if getattr(data, "description", None) == POSITIVE_CASE or types_in_a_form(case, data):
        return None
    if inside_one_branch(data):
        return None
    return negative_data_rejection(ctx, response, case)


def inside_one_branch(data: Any) -> bool:
    """Whether every mistake breaks one branch of an `anyOf` only. The body of a card states
    what each kind needs as an anyOf (kotc_site.schema.ByKindSchema): a kind of "spell" put
    where the minion branch wants "minion" breaks that branch and meets the spell's, so the
    body is valid and rightly accepted."""
    mutations = getattr(data, "mutations", ())
    return bool(mutations) and all("/anyOf/" in m.schema_pointer for m in mutations)


POSITIVE_CASE = "Positive test case"
FORMS = ("multipart/form-data", "application/x-www-form-urlencoded")


def types_in_a_form(case: Any, data: Any) -> bool:
    """Whether a form body's only mistakes are fields of the wrong JSON type. A form carries
    text, so an object sent for a name arrives as the text of it, a name like any other.
    schemathesis allows for this in paths and query strings; not in forms. A form field's
    pattern, length, enum and range still reach the API, and are checked."""
    mutations = getattr(data, "mutations", ())
    return (
        str(case.media_type or "").split(";")[0] in FORMS
        and bool(mutations)
        and all(
            mutation.operator == OperatorKind.CHANGE_TYPE
            and mutation.parameter_location == ParameterLocation.BODY
            and len(mutation.path) == 1  # a field of the form, not the body as a whole
            for mutation in mutations
        )
    )


def all_checks() -> list[Callable[..., Any]]:
    load_all_checks()
    replaced = {
        positive_data_acceptance: positive_data_acceptance_except_unstatable,
        negative_data_rejection: negative_data_rejection_of_negative_cases,
    }
    return [replaced.get(check, check) for check in CHECKS.get_all()]  # type: ignore[arg-type]


CHECKS_RUN = all_checks()


# -- the data ---------------------------------------------------------------------------------

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


def picture(image_format: str) -> st.SearchStrategy[bytes]:
    """Pictures for the card forms' file part: the schema names the media types, and the
    checks then need real ones."""

    def draw(size: tuple[int, int], color: tuple[int, int, int]) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", size, color).save(out, image_format)
        return out.getvalue()

    sizes = st.tuples(st.integers(1, 64), st.integers(1, 64))
    colors = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
    return st.builds(draw, sizes, colors)


for _media_type, _format in (("image/png", "PNG"), ("image/jpeg", "JPEG"), ("image/webp", "WEBP")):
    schemathesis.openapi.media_type(_media_type, picture(_format))


# Multipart bodies as HTTP clients encode them. Werkzeug, which carries schemathesis' requests
# to a WSGI application, writes a part with an empty value without the blank line that ends
# its headers, and Django then reads no such field: an empty name would arrive as no name.
# A body that is no object is encoded as schemathesis sends it over HTTP (Werkzeug would send
# null or "" as no body at all).
@WSGI_TRANSPORT.serializer("multipart/form-data")
def multipart_as_clients_send_it(ctx: Any, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        body, content_type = encode_non_object_multipart(value)
        return {"data": body, "content_type": content_type}
    files, data = prepare_multipart_parts(ctx, value)
    fields: list[tuple[str, Any]] = []
    for name, values in (data or {}).items():
        fields.extend((name, to_wire_text(item)) for item in as_list(values))
    for name, part in files or []:
        filename, content, *media_type = part if isinstance(part, tuple) else (None, part)
        if isinstance(content, bytes | Binary):
            content = serialize_binary(content)
        elif not isinstance(content, str):
            content = to_wire_text(content)
        fields.append((name, (filename, content, *media_type)))
    body, content_type = encode_multipart_formdata(fields)
    return {"data": body, "content_type": content_type}


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


# schemathesis' coverage phase makes one form body from the registered pictures, with an
# empty value for every other required field, and counts it valid. It is made valid here.
PICTURE_ONLY_FORM = "Multipart body with custom encoding"
A_CARD = {"name": "Ember Wisp", "kind": "minion", "level": 1, "sp": 1, "hp": 2}


def completed(case: Any) -> None:
    data = getattr(getattr(case.meta, "phase", None), "data", None)
    if getattr(data, "description", None) == PICTURE_ONLY_FORM and isinstance(case.body, dict):
        case.body = {**case.body, **{k: v for k, v in A_CARD.items() if case.body.get(k) == ""}}


@schema.hook
def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any]) -> Any:
    """Often swap generated ids for the ids of real objects, so operations reach them. Only a
    value of the real one's type is swapped: another is a deliberate mistake (a negative case),
    which must reach the API as it was made."""
    if not path_parameters:
        return st.just(path_parameters)
    path = context.operation.path if context.operation is not None else ""
    choices: list[dict[str, Any]] = [path_parameters]
    together: dict[str, Any] = {}
    for name, generated in path_parameters.items():
        key = f"deck:{name}" if path.startswith("/api/v1/decks/{id}") else name
        key = f"comment:{name}" if path.startswith("/api/v1/comments/{id}") else key
        for value in REAL.get(key, []):
            if same_kind(generated, value):
                choices.append({**path_parameters, name: value})
                together.setdefault(name, value)
    # An operation on two objects (two goldfish runs compared) reaches them only with every
    # id a real one at once.
    if len(path_parameters) > 1 and len(together) == len(path_parameters):
        choices.append(together)
    return st.sampled_from(choices)


def same_kind(generated: Any, real: Any) -> bool:
    if type(generated) is not type(real):
        return False
    if name_is_uuid(real):
        return name_is_uuid(generated)
    return True


def name_is_uuid(value: Any) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


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
    # Another run of the deck, going second: the one the first is compared with.
    other_run, _ = simulation_services.simulation_start(
        definition=deck_services.deck_definition(deck),
        options=simulation_services.options_for_edition(
            {"games": 1000, "seed": 7, "max_turns": 10, "going": "second", "bury": "default"},
            edition=deck.edition,
        ),
        deck_id=deck.pk,
        user=alice,
    )
    cards = [own.pk, own_public.pk, spell.pk, public.pk, unlisted.pk, secret.pk]
    # Versions 2 of the decks: published snapshots.
    for each in (deck, public_deck, secret_deck):
        deck_versions.version_save(deck=each, user=each.owner, snapshot=True)
    # Comments: bob's on alice's card, and alice's own on bob's.
    comments = [
        Comment.objects.create(author=bob, card=own_public, text="Nice [[Cinder Hound]]"),
        Comment.objects.create(author=alice, card=public, text="Thanks"),
        Comment.objects.create(author=bob, deck=public_deck, text="Golems!"),
    ]
    REAL.update(
        {
            "id": cards,
            "card_id": [own.pk, public.pk, unlisted.pk, secret.pk],
            "deck:id": [deck.pk, public_deck.pk, secret_deck.pk],
            "deck:number": [1, 2],
            "deck_id": [deck.pk, public_deck.pk, secret_deck.pk],
            "run_id": [str(run.id)],
            "other_id": [str(other_run.id)],
            "slug": ["bury", "draw", "damage-counter"],
            "edition": [11, 13, 14],
            "comment:id": [comment.pk for comment in comments],
            "username": ["bob", "alice"],
        }
    )
    # Shelves: alice's, and bob's (never hers to read or change).
    shelved = [make_shelves(alice, own, deck), make_shelves(bob, public, public_deck, tag="golems")]
    REAL.update(
        {
            "tag_id": [each.tag.pk for each in shelved],
            "folder_id": [f.pk for each in shelved for f in (each.folder, each.inner)],
            "smart_id": [each.smart.pk for each in shelved],
        }
    )
    # Sets: alice's not yet released, and bob's released (never hers to change).
    sets = [
        make_set(alice, "private", cards=[own, own_public], code="EMB"),
        make_set(bob, "released", cards=[public], code="GOL", name="Golems"),
    ]
    REAL["set_id"] = [each.pk for each in sets]
    yield answer.json()["token"]
    REAL.clear()


# -- the tests --------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def schemathesis_caches_emptied() -> Iterator[None]:
    """schemathesis keeps compiled validators and generated values in caches of its modules, of
    up to a thousand entries each, never emptied in a run. An operation's test needs none of
    the last one's: they are emptied after each test (the fuzz peaks at 0.38 GB, 0.47 without).
    The schema itself keeps its text limits out of patterns (kotc_site.schema), which took
    every validator built for a deck body some 150 MB."""
    yield
    for name, module in list(sys.modules.items()):
        if name.startswith("schemathesis"):
            for value in list(vars(module).values()):
                if isinstance(value, BoundedCache):
                    value.clear()


@HYPOTHESIS
def call_and_validate(case: Any, token: str) -> None:
    completed(case)
    with transaction.atomic():
        case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=CHECKS_RUN)
        transaction.set_rollback(True)


OPERATIONS = [result.ok() for result in schema.get_all_operations()]
FEEDBACK = FeedbackSources(constants_value_source=make_constants_value_source(schema))


# A test an operation, as schemathesis' own `schema.parametrize()` makes it, but made when it
# runs rather than when the module is collected: its coverage cases (some 4,000 requests made
# ahead) would otherwise take 20 s of every pytest process, even of one that runs none of them.
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_api_operation(operation, token, direct_requests):
    config = schema.config
    modes = enabled_modes(config.phases_for(operation=operation))
    # Only the generated data counts examples (max_examples), as in schemathesis' own tests.
    phase = "fuzzing" if HypothesisTestMode.FUZZING in modes else None
    test = create_test(
        operation=operation,
        test_func=call_and_validate,
        config=HypothesisTestConfig(
            settings=config.get_hypothesis_settings(operation=operation, phase=phase),
            explicit_setting_names=config.explicit_hypothesis_settings(
                operation=operation, phase=phase
            ),
            modes=modes,
            seed=derive_operation_seed(config.seed, operation.label),
            project=config,
            override=overrides.with_config_headers(config, operation=operation),
            given_kwargs={},
            feedback=FEEDBACK,
        ),
    )
    test(token=token)


class Workflows(schema.as_state_machine()):  # type: ignore[misc]
    """Sequences of calls along the schema's links, each in a savepoint rolled back after."""

    token = ""

    def setup(self) -> None:
        self._savepoint = transaction.atomic()
        self._savepoint.__enter__()

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self._savepoint.__exit__(None, None, None)

    def get_call_kwargs(self, case: Any) -> dict[str, Any]:
        return {"headers": {"Authorization": f"Token {self.token}"}}

    def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
        case.validate_response(
            response,
            checks=CHECKS_RUN,
            headers=kwargs.get("headers"),
            transport_kwargs=kwargs or None,
            recorder=self.recorder,
        )


def test_api_workflows(token, direct_requests):
    Workflows.token = token
    Workflows.run(
        settings=settings(
            HYPOTHESIS,
            max_examples=STATEFUL_EXAMPLES,
            stateful_step_count=STATEFUL_STEPS,
        )
    )


def test_only_the_refusals_listed_for_an_operation_pass(monkeypatch):
    """The one allowance is narrow: a 400 naming a field not listed for its operation, or
    naming a listed field next to another, still fails."""

    def rejected(ctx: Any, response: Any, case: Any) -> None:
        raise AssertionError("Schema-valid request rejected")

    class Answer:
        def __init__(self, status_code: int, body: Any) -> None:
            self.status_code, self.body = status_code, body

        def json(self) -> Any:
            return self.body

    monkeypatch.setitem(globals(), "positive_data_acceptance", rejected)
    case = SimpleNamespace(operation=SimpleNamespace(method="post", path="/api/v1/collection/"))
    check = positive_data_acceptance_except_unstatable
    assert check(None, Answer(400, {"card": ["There is no card 7."]}), case) is None
    for answer in (
        Answer(400, {"copies": ["Must be 0 or more."]}),
        Answer(400, {"card": ["There is no card 7."], "copies": ["Must be 0 or more."]}),
        Answer(409, {"card": ["There is no card 7."]}),
    ):
        with pytest.raises(AssertionError):
            check(None, answer, case)
    other = SimpleNamespace(operation=SimpleNamespace(method="post", path="/api/v1/decks/"))
    with pytest.raises(AssertionError):
        check(None, Answer(400, {"card": ["There is no card 7."]}), other)
