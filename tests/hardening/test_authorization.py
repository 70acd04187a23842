"""Who may do what, everywhere.

One table: every API operation and every page that reads or changes one person's card, deck or
goldfish run, for three people — the owner (alice), another user (bob) and someone not logged
in — against a card and a deck in each visibility. A private object does not exist for anyone
but its owner (404); another user may see a public or unlisted one but not change it (403);
someone not logged in changes nothing (401 from the API, which asks for a token, and a redirect
to the login page from the site). Whenever the answer is a refusal, nothing in the database has
changed. A person's API tokens and sessions are theirs alone, like their collection.

The table is checked against the URL resolver and the OpenAPI schema: a route or an API
operation with neither a row nor a reason in READ_ONLY fails the test, so a new endpoint cannot
be added without saying who may use it.

Then: every form refuses a POST without its CSRF token, the API asks for the token when it is
used with the session (not with an API token), and production cookies are HTTPS-only.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from accounts.models import ApiToken
from cards import services as card_services
from cards.models import Card, CardRevision, CollectionEntry
from decks import services as deck_services
from decks.models import Deck, DeckEntry, DeckVersion
from simulations import services as simulation_services
from simulations.models import SimulationRun
from tests.community.world import community_snapshot, make_comment
from tests.conftest import play_chunks_inline
from tests.sets.world import make_cards, make_set, sets_snapshot, symbol_png
from tests.shelves.world import make_shelves, shelves_snapshot

ROOT = Path(__file__).resolve().parents[2]

VISIBILITIES = ("private", "unlisted", "public")
ACTORS = ("owner", "other", "anonymous")
PASSWORDS = {"alice": "correct-horse-battery", "bob": "staple-paper-clip-42"}
LOGIN = "login"  # a redirect to the login page
ANY = "any"  # the row does not depend on the object's visibility

CARD = {
    "name": "Ember Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 1,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
    "flavor_text": "It hums.",
}
CARD_FORM = {**CARD, "visibility": "private", "edition": 14}
DECK_JSON = {"edition": 14, "name": "Imported", "cards": [{"count": 2, "card": CARD}]}
GOLDFISH = {"games": 500, "seed": 3, "max_turns": 10, "going": "first", "bury": "default"}


# -- expectations -----------------------------------------------------------------------------


def everyone(status: Any) -> dict[str, dict[str, Any]]:
    return {actor: {ANY: status} for actor in ACTORS}


def by_actor(owner: Any, other: Any, anonymous: Any) -> dict[str, dict[str, Any]]:
    return {"owner": {ANY: owner}, "other": {ANY: other}, "anonymous": {ANY: anonymous}}


def shared(ok: Any) -> dict[str, Any]:
    """A private object is not there for others; unlisted and public ones are."""
    return {"private": 404, "unlisted": ok, "public": ok}


def liked_by_others(ok: Any, *, anonymous: Any) -> dict[str, dict[str, Any]]:
    """A like: by anyone logged in who can see the shared object, but not by its owner."""
    return {"owner": {ANY: 400}, "other": shared(ok), "anonymous": {ANY: anonymous}}


def shared_only(ok: Any, *, anonymous: Any) -> dict[str, dict[str, Any]]:
    """Comments and likes: on a shared object, by anyone logged in who can see it; the owner's
    own private object takes none (400)."""
    return {
        "owner": {ANY: ok, "private": 400},
        "other": shared(ok),
        "anonymous": {ANY: anonymous},
    }


def read(ok: Any = 200) -> dict[str, dict[str, Any]]:
    """Anyone may read a shared object; the owner reads all of theirs."""
    return {"owner": {ANY: ok}, "other": shared(ok), "anonymous": shared(ok)}


def change(ok: Any, *, anonymous: Any) -> dict[str, dict[str, Any]]:
    """Only the owner changes an object; others who can see it are refused (403)."""
    return {"owner": {ANY: ok}, "other": shared(403), "anonymous": {ANY: anonymous}}


def use(ok: Any, *, anonymous: Any, owner: Any = None) -> dict[str, dict[str, Any]]:
    """Anyone logged in who can see the object may use it (copy it, collect it, goldfish it)."""
    return {
        "owner": {ANY: ok if owner is None else owner},
        "other": shared(ok),
        "anonymous": {ANY: anonymous},
    }


# -- the table --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    method: str
    url: str  # {card}, {deck}, {run} and {revision} are filled in from the world
    expect: dict[str, dict[str, Any]]
    data: Any = None  # a dict, or a function of (world, actor) returning one
    api: bool = False
    headers: dict[str, str] = field(default_factory=dict)
    # For lists: whether the world's card (or deck) is in the answer, per actor and visibility.
    listed: tuple[str, Callable[[str, str], bool]] | None = None

    @property
    def id(self) -> str:
        return f"{self.method} {self.url}"

    @property
    def per_visibility(self) -> bool:
        return any(key != ANY for table in self.expect.values() for key in table)


def token_credentials(world: World, actor: str) -> dict[str, str]:
    if actor == "anonymous":
        return {"username": "alice", "password": "not-her-password"}
    name = world.user(actor).username
    return {"username": name, "password": PASSWORDS[name]}


def password_change(world: World, actor: str) -> dict[str, str]:
    name = world.user(actor).username if actor != "anonymous" else "alice"
    return {
        "old_password": PASSWORDS[name],
        "new_password1": "a-brand-new-secret-77",
        "new_password2": "a-brand-new-secret-77",
    }


def own_password(world: World, actor: str) -> dict[str, str]:
    name = world.user(actor).username if actor != "anonymous" else "alice"
    return {"password": PASSWORDS[name], "email": f"{name}@example.org"}


def gallery_rule(actor: str, visibility: str) -> bool:
    """Lists show the owner all of theirs and everyone else the public ones."""
    return actor == "owner" or visibility == "public"


def collection_rule(actor: str, visibility: str) -> bool:
    """Bob saved the card while it was public; it stays in his collection while he may see it."""
    return actor == "owner" or visibility != "private"


API_ROWS = [
    # accounts
    Row("post", "/api/v1/auth/token/", by_actor(200, 200, 400), token_credentials, api=True),
    # revokes the token it is sent with
    Row("delete", "/api/v1/auth/token/", by_actor(204, 204, 401), api=True),
    # everyone's own account: read it, download it, delete it (with its password)
    Row("get", "/api/v1/me/", by_actor(200, 200, 401), api=True),
    Row("get", "/api/v1/me/export/", by_actor(200, 200, 401), api=True),
    Row("delete", "/api/v1/me/", by_actor(204, 204, 401), own_password, api=True),
    # cards
    Row(
        "get",
        "/api/v1/cards/?q=wisp",
        everyone(200),
        api=True,
        listed=("card", gallery_rule),
    ),
    Row("post", "/api/v1/cards/", by_actor(201, 201, 401), CARD, api=True),
    Row("get", "/api/v1/cards/{card}/", read(), api=True),
    Row(
        "put",
        "/api/v1/cards/{card}/",
        change(200, anonymous=401),
        {**CARD, "name": "Renamed"},
        api=True,
    ),
    Row("patch", "/api/v1/cards/{card}/", change(200, anonymous=401), {"level": 2}, api=True),
    Row("delete", "/api/v1/cards/{card}/", change(204, anonymous=401), api=True),
    Row("get", "/api/v1/cards/{card}/render.png?size=small", read(), api=True),
    Row("get", "/api/v1/cards/{card}/export/", read(), api=True),
    Row("post", "/api/v1/cards/{card}/fork/", use(201, anonymous=401), api=True),
    Row("post", "/api/v1/cards/import/", by_actor(201, 201, 401), CARD, api=True),
    # Only the designer previews or applies an update to the current edition (the 14th
    # Edition card is designed for an older one).
    Row("get", "/api/v1/cards/{card}/update-edition/", change(200, anonymous=401), api=True),
    Row("post", "/api/v1/cards/{card}/update-edition/", change(200, anonymous=401), api=True),
    # collection: everyone's own; bob saved the card while it was public
    Row(
        "get",
        "/api/v1/collection/",
        by_actor(200, 200, 401),
        api=True,
        listed=("card", collection_rule),
    ),
    Row(
        "post",
        "/api/v1/collection/",
        {
            "owner": {ANY: 200},
            "other": {"private": 400, "unlisted": 200, "public": 200},
            "anonymous": {ANY: 401},
        },
        lambda world, actor: {"card": world.card.pk, "copies": 3},
        api=True,
    ),
    Row("get", "/api/v1/collection/{card}/", use(200, anonymous=401), api=True),
    Row("patch", "/api/v1/collection/{card}/", use(200, anonymous=401), {"copies": 2}, api=True),
    # A designer's own cards stay in their collection.
    Row(
        "delete",
        "/api/v1/collection/{card}/",
        use(204, anonymous=401, owner=400),
        api=True,
    ),
    # decks
    Row("get", "/api/v1/decks/", everyone(200), api=True, listed=("deck", gallery_rule)),
    # A deck may hold only cards its owner may see.
    Row(
        "post",
        "/api/v1/decks/",
        {"owner": {ANY: 201}, "other": shared(201) | {"private": 400}, "anonymous": {ANY: 401}},
        lambda world, actor: {"name": "New", "entries": [{"card": world.card.pk, "count": 2}]},
        api=True,
    ),
    Row("get", "/api/v1/decks/{deck}/", read(), api=True),
    Row(
        "put",
        "/api/v1/decks/{deck}/",
        change(200, anonymous=401),
        lambda world, actor: {"name": "Renamed", "entries": [{"card": world.card.pk, "count": 1}]},
        api=True,
    ),
    Row("patch", "/api/v1/decks/{deck}/", change(200, anonymous=401), {"name": "R"}, api=True),
    Row("delete", "/api/v1/decks/{deck}/", change(204, anonymous=401), api=True),
    Row("get", "/api/v1/decks/{deck}/validation/", read(), api=True),
    Row("get", "/api/v1/decks/{deck}/export/", read(), api=True),
    Row("get", "/api/v1/decks/{deck}/tabletop/", read(), api=True),
    Row("get", "/api/v1/decks/{deck}/cockatrice/", read(), api=True),
    Row("get", "/api/v1/decks/{deck}/odds/?cards={card}&at_least=2&turn=3", read(), api=True),
    Row("post", "/api/v1/decks/{deck}/fork/", use(201, anonymous=401), api=True),
    Row("get", "/api/v1/decks/{deck}/print.pdf", read(), api=True),
    # versions: seen by whoever may see the deck; saved, published and reverted by its owner
    Row("get", "/api/v1/decks/{deck}/versions/", read(), api=True),
    Row(  # the world's deck is as its version 1 holds it: that version is published
        "post",
        "/api/v1/decks/{deck}/versions/",
        change(200, anonymous=401),
        {"snapshot": True},
        api=True,
    ),
    Row("get", "/api/v1/decks/{deck}/versions/1/", read(), api=True),
    Row("post", "/api/v1/decks/{deck}/versions/1/revert/", change(201, anonymous=401), api=True),
    Row("get", "/api/v1/decks/compare/?a={deck}&b={deck}", read(), api=True),
    # built decks and shortfalls: everyone's own marks, on decks they may see
    Row("get", "/api/v1/decks/{deck}/shortfall/", use(200, anonymous=401), api=True),
    Row("post", "/api/v1/decks/{deck}/built/", use(201, anonymous=401), api=True),
    Row("delete", "/api/v1/decks/{deck}/built/", use(204, anonymous=401), api=True),
    Row("post", "/api/v1/decks/import/", by_actor(201, 201, 401), DECK_JSON, api=True),
    # goldfish runs: visible to whoever may see the deck
    Row("post", "/api/v1/decks/{deck}/simulations/", use(202, anonymous=401), GOLDFISH, api=True),
    Row("get", "/api/v1/simulations/{run}/", read(), api=True),
    Row("get", "/api/v1/simulations/{run}/compare/{run}/", read(400), api=True),
    # checks, glossary and rulebook: free to everyone
    Row("post", "/api/v1/check/card/", everyone(200), {"edition": 14, "card": CARD}, api=True),
    Row("post", "/api/v1/check/deck/", everyone(200), DECK_JSON, api=True),
    Row("get", "/api/v1/glossary/?q=bur", everyone(200), api=True),
    Row("get", "/api/v1/glossary/download/", everyone(200), api=True),
    Row("get", "/api/v1/glossary/bury/", everyone(200), api=True),
    Row("get", "/api/v1/rulebook/", everyone(200), api=True),
    Row("get", "/api/v1/rulebook/14/", everyone(200), api=True),
    # community: a thread is read wherever its card or deck is; only shared ones take comments
    # and likes (alice's own private card: 400); a comment is changed by its author alone
    Row("get", "/api/v1/comments/?card={card}", read(), api=True),
    Row("get", "/api/v1/comments/?deck={deck}", read(), api=True),
    Row(
        "post",
        "/api/v1/comments/",
        shared_only(201, anonymous=401),
        lambda world, actor: {"card": world.card.pk, "text": "Nice card."},
        api=True,
    ),
    Row("get", "/api/v1/comments/{comment}/", read(), api=True),
    Row(
        "patch", "/api/v1/comments/{comment}/", change(200, anonymous=401), {"text": "Hm"}, api=True
    ),
    Row("delete", "/api/v1/comments/{comment}/", change(204, anonymous=401), api=True),
    Row("get", "/api/v1/cards/{card}/like/", read(), api=True),
    # a like is what others think: its owner's own is refused (400)
    Row("put", "/api/v1/cards/{card}/like/", liked_by_others(200, anonymous=401), api=True),
    Row("delete", "/api/v1/cards/{card}/like/", shared_only(200, anonymous=401), api=True),
    Row("get", "/api/v1/decks/{deck}/like/", read(), api=True),
    Row("put", "/api/v1/decks/{deck}/like/", liked_by_others(200, anonymous=401), api=True),
    Row("delete", "/api/v1/decks/{deck}/like/", shared_only(200, anonymous=401), api=True),
    # following alice: anyone but alice herself
    Row("get", "/api/v1/designers/alice/follow/", everyone(200), api=True),
    Row("put", "/api/v1/designers/alice/follow/", by_actor(400, 200, 401), api=True),
    Row("delete", "/api/v1/designers/alice/follow/", by_actor(400, 200, 401), api=True),
    Row("get", "/api/v1/follows/", by_actor(200, 200, 401), api=True),
    # profiles are public; the feed is each one's own
    Row("get", "/api/v1/users/alice/", everyone(200), api=True),
    Row("get", "/api/v1/feed/", by_actor(200, 200, 401), api=True),
    # everyone's own notifications and their switches
    Row("get", "/api/v1/notifications/", by_actor(200, 200, 401), api=True),
    Row("post", "/api/v1/notifications/read/", by_actor(200, 200, 401), {}, api=True),
    Row("get", "/api/v1/notifications/settings/", by_actor(200, 200, 401), api=True),
    Row(
        "patch",
        "/api/v1/notifications/settings/",
        by_actor(200, 200, 401),
        {"comment": False},
        api=True,
    ),
    # reports of what one may see and did not write; the moderators' pages are theirs alone
    Row(
        "post",
        "/api/v1/reports/",
        use(201, anonymous=401, owner=400),
        lambda world, actor: {"card": world.card.pk, "reason": "spam"},
        api=True,
    ),
    Row("get", "/api/v1/moderation/reports/", by_actor(403, 403, 401), api=True),
    Row(
        "post",
        "/api/v1/moderation/actions/",
        by_actor(403, 403, 401),
        lambda world, actor: {"comment": world.comment.pk, "action": "hide", "reason": "x"},
        api=True,
    ),
    Row("get", "/api/v1/moderation/log/", by_actor(403, 403, 401), api=True),
    # shelves: everyone's own tags, folders and saved searches; another's are not there (404),
    # and only one's own cards and decks are tagged, moved or archived
    Row("get", "/api/v1/shelves/tags/", by_actor(200, 200, 401), api=True),
    Row("post", "/api/v1/shelves/tags/", by_actor(201, 201, 401), {"name": "new-tag"}, api=True),
    Row("get", "/api/v1/shelves/tags/{tag}/", by_actor(200, 404, 401), api=True),
    Row("patch", "/api/v1/shelves/tags/{tag}/", by_actor(200, 404, 401), {"name": "ash"}, api=True),
    Row("delete", "/api/v1/shelves/tags/{tag}/", by_actor(204, 404, 401), api=True),
    Row("get", "/api/v1/shelves/folders/", by_actor(200, 200, 401), api=True),
    Row("post", "/api/v1/shelves/folders/", by_actor(201, 201, 401), {"name": "New"}, api=True),
    Row("get", "/api/v1/shelves/folders/{folder}/", by_actor(200, 404, 401), api=True),
    Row(
        "patch",
        "/api/v1/shelves/folders/{folder}/",
        by_actor(200, 404, 401),
        {"name": "Renamed"},
        api=True,
    ),
    Row("delete", "/api/v1/shelves/folders/{folder}/", by_actor(204, 404, 401), api=True),
    Row("get", "/api/v1/shelves/smart-folders/", by_actor(200, 200, 401), api=True),
    Row(
        "post",
        "/api/v1/shelves/smart-folders/",
        by_actor(201, 201, 401),
        {"name": "Burn", "query": "tag:burn"},
        api=True,
    ),
    Row("get", "/api/v1/shelves/smart-folders/{smart}/", by_actor(200, 404, 401), api=True),
    Row(
        "patch",
        "/api/v1/shelves/smart-folders/{smart}/",
        by_actor(200, 404, 401),
        {"query": "tag:ash"},
        api=True,
    ),
    Row("delete", "/api/v1/shelves/smart-folders/{smart}/", by_actor(204, 404, 401), api=True),
    Row(  # your own cards by your own tags, whoever else tags theirs the same
        "get",
        "/api/v1/shelves/cards/?q=tag:embers",
        by_actor(200, 200, 401),
        api=True,
        listed=("card", lambda actor, visibility: actor == "owner"),
    ),
    Row(
        "get",
        "/api/v1/decks/?mine=true&q=tag:embers",
        by_actor(200, 200, 401),
        api=True,
        listed=("deck", lambda actor, visibility: actor == "owner"),
    ),
    Row(
        "post",
        "/api/v1/shelves/bulk/",
        by_actor(200, 404, 401),
        lambda world, actor: {"operation": "archive", "cards": [world.card.pk]},
        api=True,
    ),
    # sets: a released set of alice's in the world's visibility (tests/sets/world.py); its
    # designers change it, its owner releases, undoes, invites and deletes
    Row("get", "/api/v1/sets/", everyone(200), api=True),
    Row("post", "/api/v1/sets/", by_actor(201, 201, 401), {"name": "New", "code": "NEW"}, api=True),
    Row("get", "/api/v1/sets/{set}/", read(), api=True),
    Row("patch", "/api/v1/sets/{set}/", change(200, anonymous=401), {"name": "Renamed"}, api=True),
    Row("delete", "/api/v1/sets/{set}/", change(204, anonymous=401), api=True),
    # Released already: the owner is told so (400); nothing changes.
    Row("post", "/api/v1/sets/{set}/release/", change(400, anonymous=401), api=True),
    Row("post", "/api/v1/sets/{set}/unrelease/", change(200, anonymous=401), api=True),
    Row(
        "post",
        "/api/v1/sets/{set}/invitation/",
        change(201, anonymous=401),
        {"username": "bob"},
        api=True,
    ),
    # No one of the world is invited: there is no invitation to accept.
    Row("post", "/api/v1/sets/{set}/invitation/accept/", by_actor(404, 404, 401), api=True),
]

HTMX = {"HX-Request": "true"}

SITE_ROWS = [
    # accounts
    Row(
        "post",
        "/accounts/signup/",
        everyone(302),
        {"username": "carol", "password1": "a-fine-secret-99", "password2": "a-fine-secret-99"},
    ),
    Row(
        "post",
        "/accounts/login/",
        everyone(302),
        {"username": "alice", "password": PASSWORDS["alice"]},
    ),
    Row("post", "/accounts/logout/", everyone(302)),
    Row("post", "/accounts/password/", by_actor(302, 302, LOGIN), password_change),
    # API tokens: everyone makes their own; only its owner revokes one
    Row("post", "/accounts/tokens/", by_actor(200, 200, LOGIN), {"name": "laptop", "days": "30"}),
    Row("post", "/accounts/tokens/{token}/revoke/", by_actor(302, 404, LOGIN)),
    Row("post", "/accounts/logout-everywhere/", by_actor(302, 302, LOGIN)),
    # everyone's own email address and account, each change confirmed with the password
    Row("post", "/accounts/email/", by_actor(302, 302, LOGIN), own_password),
    Row("get", "/accounts/delete/", by_actor(200, 200, LOGIN)),
    Row("post", "/accounts/delete/", by_actor(302, 302, LOGIN), own_password),
    # a reset email goes to the address of the account that has it, to no one else
    Row("post", "/accounts/password/reset/", everyone(302), {"email": "alice@example.com"}),
    # the check page computes a verdict and stores nothing
    Row("post", "/check/", everyone(200), {**CARD_FORM}),
    # cards
    Row("post", "/cards/new/", by_actor(302, 302, LOGIN), CARD_FORM),
    # The preview draws a stored picture only for the card's designer.
    Row(
        "post",
        "/cards/preview/",
        by_actor(200, 200, 403),
        lambda world, actor: {**CARD_FORM, "card_id": world.card.pk},
    ),
    # The component builder reads only the fields it is sent, and stores nothing.
    Row("post", "/cards/builder/", by_actor(200, 200, 403), {**CARD_FORM, "builder": "refresh"}),
    Row(
        "post",
        "/cards/import/",
        by_actor(302, 302, LOGIN),
        {"json_text": '{"name": "Imported", "kind": "spell", "level": 1}'},
    ),
    Row("get", "/cards/{card}/", read()),
    # Link previews: the preview image and oEmbed answer whoever may open the page; the card
    # JSON other sites read answers as if no one were logged in, so never for a private card.
    Row("get", "/cards/{card}/og.png", read()),
    Row("get", "/oembed/?url=http://testserver/cards/{card}/", read()),
    Row("get", "/embed/cards/{card}.json", {actor: shared(200) for actor in ACTORS}),
    # Renders a text for the one writing it; stores nothing.
    Row("post", "/markup/preview/", by_actor(200, 200, LOGIN), {"description": "# Plan"}),
    Row("get", "/cards/{card}/edit/", change(200, anonymous=LOGIN)),
    Row("post", "/cards/{card}/edit/", change(302, anonymous=LOGIN), CARD_FORM),
    Row("get", "/cards/{card}/history/", read()),
    Row("post", "/cards/{card}/history/{revision}/restore/", change(302, anonymous=LOGIN)),
    Row("post", "/cards/{card}/refurbish/", change(302, anonymous=LOGIN)),
    # The preview saves nothing; the update is saved, or refused with a message.
    Row("get", "/cards/{card}/update-edition/", change(200, anonymous=LOGIN)),
    Row("post", "/cards/{card}/update-edition/", change(302, anonymous=LOGIN)),
    Row("post", "/cards/{card}/copy/", use(302, anonymous=LOGIN)),
    Row("post", "/cards/{card}/collect/", use(302, anonymous=LOGIN), {"copies": "2"}),
    Row(
        "post",
        "/cards/{card}/visibility/",
        change(302, anonymous=LOGIN),
        {"visibility": "public"},
    ),
    Row("get", "/cards/{card}/delete/", change(200, anonymous=LOGIN)),
    Row("post", "/cards/{card}/delete/", change(302, anonymous=LOGIN)),
    # collection: everyone's own
    Row("post", "/collection/{card}/copies/", use(302, anonymous=LOGIN), {"copies": "4"}),
    Row("post", "/collection/{card}/remove/", use(302, anonymous=LOGIN)),
    # decks
    Row(
        "post",
        "/decks/new/",
        by_actor(302, 302, LOGIN),
        {"name": "New", "description": "", "edition": "14", "visibility": "private"},
    ),
    Row(
        "post",
        "/decks/import/",
        by_actor(302, 302, LOGIN),
        {"text": "2 Ember Wisp", "name": "Imported", "edition": "14", "visibility": "private"},
    ),
    Row("get", "/decks/{deck}/", read()),
    Row("get", "/decks/{deck}/og.png", read()),
    Row("get", "/decks/{deck}/panel/?edition=13", read(), headers=HTMX),
    Row(
        "post",
        "/decks/{deck}/entries/",
        change(302, anonymous=LOGIN),
        lambda world, actor: {"card": world.card.pk, "action": "add"},
    ),
    Row("get", "/decks/{deck}/search/?q=wisp", change(200, anonymous=LOGIN), headers=HTMX),
    Row(
        "post",
        "/decks/{deck}/quick-add/",
        change(302, anonymous=LOGIN),
        {"lines": "1 Ember Wisp", "board": "main"},
    ),
    Row("get", "/decks/{deck}/card-names/?q=wi", change(200, anonymous=LOGIN), headers=HTMX),
    Row("get", "/decks/{deck}/sample-hand/?seed=4", read(), headers=HTMX),
    Row("get", "/decks/{deck}/playtest/?going=second", read()),
    Row(
        "post",
        "/decks/{deck}/edit/",
        change(302, anonymous=LOGIN),
        {"name": "Renamed", "description": "", "edition": "14", "visibility": "public"},
    ),
    Row("get", "/decks/{deck}/delete/", change(200, anonymous=LOGIN)),
    Row("post", "/decks/{deck}/delete/", change(302, anonymous=LOGIN)),
    Row("post", "/decks/{deck}/fork/", use(302, anonymous=LOGIN)),
    Row("post", "/decks/{deck}/share-cards/", change(302, anonymous=LOGIN)),
    Row("get", "/decks/{deck}/export.json", read()),
    Row("get", "/decks/{deck}/export.txt", read()),
    Row("get", "/decks/{deck}/tabletop.json", read()),
    Row("get", "/decks/{deck}/tabletop/1.jpg", read()),
    Row("get", "/decks/{deck}/tabletop/back.jpg", read()),
    Row("get", "/decks/{deck}/cockatrice.txt", read()),
    Row("get", "/decks/{deck}/cockatrice.xml", read()),
    Row("get", "/decks/{deck}/odds/?cards={card}&turn=3", read(), headers=HTMX),
    Row("get", "/decks/{deck}/print/", read()),
    Row("get", "/decks/{deck}/print.pdf?paper=letter", read()),
    Row("get", "/decks/{deck}/print/progress/?paper=letter", read()),
    Row("get", "/decks/{deck}/history/", read()),
    Row("post", "/decks/{deck}/history/save/", change(302, anonymous=LOGIN), {"snapshot": "true"}),
    Row("get", "/decks/{deck}/history/1/", read()),
    Row("post", "/decks/{deck}/history/1/revert/", change(302, anonymous=LOGIN)),
    Row("get", "/decks/{deck}/history/compare/?a=1&b=1", read()),
    Row("get", "/decks/compare/?a={deck}&b={deck}", read()),
    Row("get", "/decks/{deck}/shortfall/", use(200, anonymous=LOGIN), headers=HTMX),
    Row("post", "/decks/{deck}/built/", use(302, anonymous=LOGIN)),
    Row("post", "/decks/{deck}/unbuilt/", use(302, anonymous=LOGIN)),
    # goldfish
    Row("post", "/decks/{deck}/goldfish/", use(302, anonymous=LOGIN), GOLDFISH),
    Row("get", "/simulations/{run}/", read()),
    Row("get", "/simulations/{run}/compare/", read()),
    Row("get", "/simulations/{run}/play/?game=1&turn=1", read()),
    # The world holds one run: compared with itself it is a 400, once the gate lets it through.
    Row("get", "/simulations/{run}/compare/{run}/", read(400)),
    # community (see the API rows)
    Row("get", "/cards/{card}/comments/", read()),
    Row("post", "/cards/{card}/comments/", shared_only(302, anonymous=LOGIN), {"text": "Nice."}),
    Row("get", "/decks/{deck}/comments/", read()),
    Row("post", "/decks/{deck}/comments/", shared_only(302, anonymous=LOGIN), {"text": "Nice."}),
    Row("get", "/comments/{comment}/edit/", change(200, anonymous=LOGIN)),
    Row("post", "/comments/{comment}/edit/", change(302, anonymous=LOGIN), {"text": "Hm."}),
    Row("post", "/comments/{comment}/delete/", change(302, anonymous=LOGIN)),
    # A like of alice's own private card is refused with a message on the page it came from.
    Row("post", "/cards/{card}/like/", use(302, anonymous=LOGIN), {"like": "1"}),
    Row("post", "/decks/{deck}/like/", use(302, anonymous=LOGIN), {"like": "1"}),
    Row("post", "/designers/alice/follow/", by_actor(302, 302, LOGIN), {"follow": "1"}),
    Row("get", "/following/", by_actor(200, 200, LOGIN)),
    Row("get", "/u/alice/", everyone(200)),
    Row("get", "/u/alice/?tab=decks", everyone(200)),
    Row("get", "/u/alice/cockatrice.xml", everyone(200)),
    Row("get", "/feed/", by_actor(200, 200, LOGIN)),
    Row("get", "/notifications/", by_actor(200, 200, LOGIN)),
    Row("post", "/notifications/read/", by_actor(302, 302, LOGIN)),
    Row("get", "/notifications/settings/", by_actor(200, 200, LOGIN)),
    Row("post", "/notifications/settings/", by_actor(302, 302, LOGIN), {"comment": "on"}),
    Row("get", "/cards/{card}/report/", use(200, anonymous=LOGIN)),
    Row("post", "/cards/{card}/report/", use(302, anonymous=LOGIN, owner=400), {"reason": "spam"}),
    Row("get", "/decks/{deck}/report/", use(200, anonymous=LOGIN)),
    Row("post", "/decks/{deck}/report/", use(302, anonymous=LOGIN, owner=400), {"reason": "spam"}),
    Row("get", "/comments/{comment}/report/", use(200, anonymous=LOGIN)),
    Row(
        "post",
        "/comments/{comment}/report/",
        use(302, anonymous=LOGIN, owner=400),
        {"reason": "spam"},
    ),
    Row("get", "/moderation/", by_actor(403, 403, LOGIN)),
    Row("get", "/moderation/log/", by_actor(403, 403, LOGIN)),
    Row("get", "/moderation/cards/{card}/", by_actor(403, 403, LOGIN)),
    Row(
        "post",
        "/moderation/cards/{card}/",
        by_actor(403, 403, LOGIN),
        {"action": "hide", "reason": "x"},
    ),
    Row("get", "/moderation/decks/{deck}/", by_actor(403, 403, LOGIN)),
    Row(
        "post",
        "/moderation/decks/{deck}/",
        by_actor(403, 403, LOGIN),
        {"action": "hide", "reason": "x"},
    ),
    Row("get", "/moderation/comments/{comment}/", by_actor(403, 403, LOGIN)),
    Row(
        "post",
        "/moderation/comments/{comment}/",
        by_actor(403, 403, LOGIN),
        {"action": "hide", "reason": "x"},
    ),
    # shelves: everyone's own; another's folder, tag or saved search is not there (404)
    Row(
        "post",
        "/shelves/bulk/",
        by_actor(302, 404, LOGIN),
        lambda world, actor: {"kind": "cards", "ids": [world.card.pk], "action": "archive"},
    ),
    Row(
        "post",
        "/shelves/folders/new/",
        by_actor(302, 302, LOGIN),
        {"folder-name": "New", "folder-holds": "mixed"},
    ),
    Row("get", "/shelves/folders/{folder}/", by_actor(200, 404, LOGIN)),
    Row(
        "post",
        "/shelves/folders/{folder}/edit/",
        by_actor(302, 404, LOGIN),
        {"folder-name": "Renamed", "folder-holds": "mixed"},
    ),
    Row("get", "/shelves/folders/{folder}/delete/", by_actor(200, 404, LOGIN)),
    Row("post", "/shelves/folders/{folder}/delete/", by_actor(302, 404, LOGIN)),
    Row(
        "post",
        "/shelves/smart/new/",
        by_actor(302, 302, LOGIN),
        {"smart-name": "Burn", "smart-query": "tag:burn", "smart-holds": "cards"},
    ),
    Row("get", "/shelves/smart/{smart}/", by_actor(302, 404, LOGIN)),
    Row("post", "/shelves/smart/{smart}/delete/", by_actor(302, 404, LOGIN)),
    Row("post", "/shelves/tags/{tag}/edit/", by_actor(302, 404, LOGIN), {"tag-name": "ash"}),
    Row("post", "/shelves/tags/{tag}/delete/", by_actor(302, 404, LOGIN)),
    # sets: the pages of alice's released set, in the world's visibility
    Row("get", "/sets/new/", by_actor(200, 200, LOGIN)),
    Row(
        "post",
        "/sets/new/",
        by_actor(302, 302, LOGIN),
        {"name": "New", "code": "NEW", "edition": 17, "visibility": "public"},
    ),
    Row("get", "/sets/import/", by_actor(200, 200, LOGIN)),
    Row("get", "/sets/{set}/", read()),
    Row("get", "/sets/{set}/edit/", change(200, anonymous=LOGIN)),
    Row(
        "post",
        "/sets/{set}/edit/",
        change(302, anonymous=LOGIN),
        lambda world, actor: set_form(world),
    ),
    Row("post", "/sets/{set}/delete/", change(302, anonymous=LOGIN)),
    Row("post", "/sets/{set}/release/", change(302, anonymous=LOGIN)),
    Row("post", "/sets/{set}/unrelease/", change(302, anonymous=LOGIN)),
    Row("post", "/sets/{set}/invite/", change(302, anonymous=LOGIN), {"username": "bob"}),
    Row("post", "/sets/{set}/accept/", by_actor(404, 404, LOGIN)),
    Row("post", "/sets/{set}/deck/", use(302, anonymous=LOGIN)),
    Row("get", "/sets/{set}/update-edition/", change(200, anonymous=LOGIN)),
    Row("post", "/sets/{set}/update-edition/", change(302, anonymous=LOGIN)),
    Row("get", "/sets/{set}/symbol.png", read()),
    Row("get", "/sets/{set}/cards/1.png", read()),
    Row("get", "/sets/{set}/print.pdf", read()),
    Row("get", "/sets/{set}/print/progress/?copies=2", read()),
    Row("get", "/sets/{set}/export.zip", read()),
    Row("get", "/sets/{set}/tabletop.json", read()),
    Row("get", "/sets/{set}/tabletop/1.jpg", read()),
    Row("get", "/sets/{set}/tabletop/back.jpg", read()),
]

ROWS = API_ROWS + SITE_ROWS

# Routes with no row: each reads nothing that belongs to one person, or only the viewer's own.
READ_ONLY = {
    "": "the home page",
    "healthz/": "the load balancer's health answer",
    "readyz/": "whether the site's services answer; names services, reads no one's data",
    "readyz/workers/": "whether the goldfish workers and beat are at work; reads no one's data",
    "accounts/password/reset/sent/": "a confirmation page, the same for everyone",
    "accounts/password/reset/done/": "a confirmation page, the same for everyone",
    "accounts/password/reset/<uidb64>/<token>/": "sets a password only with the token emailed"
    " to the account's own address (tests/accounts/test_password_reset.py)",
    "api/schema/": "the OpenAPI schema",
    "api/docs/": "the API docs page",
    "accounts/": "lists the viewer's own API tokens, after login",
    "accounts/password/done/": "a confirmation page, after login",
    "cards/": "the gallery lists public cards only (the API list row checks the same selector)",
    "cards/mine/": "lists the viewer's own cards, after login",
    "collection/": "lists the viewer's own collection, after login",
    "decks/": "the deck gallery lists public decks only",
    "decks/mine/": "lists the viewer's own decks, after login",
    "shelves/": "lists the viewer's own folders, tags and saved searches, after login",
    "sets/": "lists released public sets and the viewer's own (the API list row checks the"
    " same selector, sets.selectors.sets_visible_to)",
    "rulebook/": "the rulebook, public to all",
    "rulebook/compare/": "the rulebook, public to all",
    "rulebook/compare/<int:old>/<int:new>/": "the rulebook, public to all",
    "rulebook/<int:edition>/": "the rulebook, public to all",
    "building/": "the Card Building Guide, public to all",
    "building/<int:edition>/": "the Card Building Guide, public to all",
    "glossary/": "the glossary, public to all",
    "glossary/annotate/": "links keywords in text the visitor pastes; stores nothing",
    "glossary/<slug:slug>/": "a glossary entry; the cards it lists are public ones",
    "goldfish/policy/": "how the simulated player plays, public to all",
    "admin/": "Django's admin, staff only, with its own permission checks",
    "media/cards/<str:name>": "a picture, served to whoever may see a card that shows it"
    " (tests/cards/test_history_privacy.py and the privacy walk)",
    "decks/card-back.png": "the card back, the same for everyone",
    "embed/": "how other sites show this site's cards; its example is a public card",
    "embed/tooltips.js": "a script, the same for everyone",
    "cards/preview/<str:preview>.webp": "a drawing of the design page's preview, served only to"
    " the designer who drew it (tests/cards/test_pages.py and the privacy walk)",
    "api/": "a JSON 404: /api/ itself is no address; reads nothing",
    "api/<path:rest>": "a JSON 404 for any other address under /api/; reads nothing",
}


# -- the world --------------------------------------------------------------------------------


@dataclass
class World:
    alice: Any
    bob: Any
    card: Card
    deck: Deck
    run: SimulationRun | None
    token: ApiToken
    shelves: Any = None  # alice's folders, tag and saved search (tests/shelves/world.py)
    comment: Any = None  # alice's comment on her card (tests/community/world.py)
    card_set: Any = None  # alice's released set, in the world's visibility (tests/sets/world.py)
    # Each user's API token for the cases' scripts, made with the world.
    secrets: dict[str, str] = field(default_factory=dict)
    # What the world holds before any case: every case's request is rolled back, so a refused
    # one must leave exactly this (see `snapshot`); read once, on the first refusal.
    before: tuple[Any, ...] | None = None

    def user(self, actor: str) -> Any:
        return {"owner": self.alice, "other": self.bob}.get(actor)

    def fill(self, url: str) -> str:
        return url.format(
            card=self.card.pk,
            deck=self.deck.pk,
            run=self.run.id if self.run is not None else "",
            revision=1,
            token=self.token.pk,
            folder=self.shelves.folder.pk,
            tag=self.shelves.tag.pk,
            smart=self.shelves.smart.pk,
            comment=self.comment.pk if self.comment is not None else "",
            set=self.card_set.pk if self.card_set is not None else "",
        )


def make_world(alice: Any, bob: Any, visibility: str, *, with_run: bool) -> World:
    """Alice's card and deck in the given visibility; bob saved the card while it was public."""
    card = card_services.card_create(owner=alice, definition=CARD, visibility="public")
    card_services.collection_add(user=bob, card=card, copies=1)
    card = card_services.card_update(card=card, user=alice, visibility=visibility)
    deck = deck_services.deck_create(
        owner=alice, name="Embers", visibility=visibility, entries=[(card, 40)]
    )
    run = None
    if with_run:
        run, _ = simulation_services.simulation_start(
            definition=deck_services.deck_definition(deck),
            options=simulation_services.options_for_edition(
                {**GOLDFISH, "seed": 1}, edition=deck.edition
            ),
            deck_id=deck.pk,
            user=alice,
        )
    token, _secret = ApiToken.objects.create(user=alice, name="laptop")
    shelves = make_shelves(alice, card, deck)
    world = World(alice=alice, bob=bob, card=card, deck=deck, run=run, token=token, shelves=shelves)
    world.comment = make_comment(alice, card)
    world.card_set = make_world_set(alice, visibility)
    for actor in ACTORS:
        user = world.user(actor)
        if user is not None:
            world.secrets[actor] = ApiToken.objects.create(user=user, name="scripts")[1]
    return world


def make_world_set(alice: Any, visibility: str) -> Any:
    """Alice's set, released (its card public), with a symbol, then given the world's
    visibility: a private one is hers alone again."""
    from sets import services as set_services
    from sets.models import CardSet

    card_set = make_set(alice, "released", cards=make_cards(alice, 1, prefix="Set card"))
    CardSet.objects.filter(pk=card_set.pk).update(symbol=symbol_png())
    return set_services.set_update(card_set=card_set, user=alice, visibility=visibility)


def set_form(world: World) -> dict[str, Any]:
    """The set's edit form as saved unchanged: its details and its one card's number."""
    card_id = world.card_set.entries.get().card_id
    return {
        "name": "Renamed",
        "code": world.card_set.code,
        "edition": world.card_set.edition,
        "visibility": world.card_set.visibility,
        f"number_{card_id}": 1,
    }


def snapshot(world: World) -> tuple[Any, ...]:
    """What a refused request must leave as it was."""
    users = get_user_model().objects.order_by("pk")
    return (
        list(Card.objects.order_by("pk").values_list("pk", "name", "level", "visibility")),
        CardRevision.objects.count(),
        list(CollectionEntry.objects.order_by("pk").values_list("owner", "card", "copies")),
        list(Deck.objects.order_by("pk").values_list("pk", "name", "edition", "visibility")),
        list(DeckEntry.objects.order_by("pk").values_list("deck", "card", "count")),
        DeckVersion.objects.count(),
        SimulationRun.objects.count(),
        list(users.values_list("username", "password")),
        list(ApiToken.objects.order_by("pk").values_list("pk", "user")),
        shelves_snapshot(),
        community_snapshot(),
        sets_snapshot(),
    )


def client_for(world: World, actor: str, *, api: bool) -> Any:
    client = APIClient() if api else Client()
    user = world.user(actor)
    if user is not None:
        if api:
            client.credentials(HTTP_AUTHORIZATION=f"Token {world.secrets[actor]}")
        else:
            client.force_login(user)
    return client


def send(client: Any, row: Row, world: World, actor: str) -> Any:
    data = row.data(world, actor) if callable(row.data) else row.data
    kwargs: dict[str, Any] = {
        f"HTTP_{k.upper().replace('-', '_')}": v for k, v in row.headers.items()
    }
    if data is not None:
        kwargs["data"] = data
        if row.api:
            kwargs["format"] = "json"
    return getattr(client, row.method)(world.fill(row.url), **kwargs)


@pytest.fixture(scope="module")
def world(request, django_db_setup, django_db_blocker) -> Iterator[World]:
    """One world for every case of its visibility (and run or none), as Django's TestCase
    does with setUpTestData: made once in a transaction that each case's own transaction
    nests in and rolls back to, and rolled back itself when the module's cases end. pytest
    runs the cases of one world together (the fixture is module-scoped and parametrized)."""
    visibility, with_run = request.param
    with (
        django_db_blocker.unblock(),
        pytest.MonkeyPatch.context() as patch,
        transaction.atomic(),
    ):
        play_chunks_inline(patch)
        users = get_user_model().objects
        alice = users.create_user("alice", "alice@example.com", PASSWORDS["alice"])
        bob = users.create_user("bob", "bob@example.com", PASSWORDS["bob"])
        yield make_world(alice, bob, visibility, with_run=with_run)
        transaction.set_rollback(True)


CASES = [
    pytest.param(row, (visibility, "{run}" in row.url), id=f"{row.id} [{visibility}]")
    for row in ROWS
    for visibility in (VISIBILITIES if row.per_visibility else ("public",))
]


@pytest.mark.django_db
@pytest.mark.parametrize(("row", "world"), CASES, indirect=["world"], scope="module")
def test_who_may_do_what(row, world, inline_workers):
    """The owner, another user and someone not logged in ask, each of the same world: each asks
    in a savepoint rolled back after the answer, so none sees what another's request changed."""
    visibility = world.card.visibility
    for actor in ACTORS:
        with transaction.atomic():
            try:
                answer_is_as_expected(row, actor, visibility, world)
            except AssertionError as failure:
                raise AssertionError(f"as {actor}: {failure}") from failure
            transaction.set_rollback(True)


def answer_is_as_expected(row: Row, actor: str, visibility: str, world: World) -> None:
    expected = row.expect[actor].get(visibility, row.expect[actor].get(ANY))
    client = client_for(world, actor, api=row.api)
    refused = expected == LOGIN or expected >= 400
    if refused and world.before is None:  # read only to compare after a refusal
        world.before = snapshot(world)

    response = send(client, row, world, actor)

    body = response.content[:300]
    if expected == LOGIN:
        assert response.status_code == 302, body
        assert response["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == expected, body
        if expected == 302:
            assert not response["Location"].startswith("/accounts/login/")
    if refused:
        assert snapshot(world) == world.before, "a refused request changed something"
        if row.api:
            assert response["Content-Type"].startswith("application/json")
    if row.listed is not None and expected == 200:
        kind, rule = row.listed
        target = world.card if kind == "card" else world.deck
        results = response.json()["results"]
        ids = {item["card"]["id"] if "card" in item else item["id"] for item in results}
        assert (target.pk in ids) == rule(actor, visibility)


# -- the table covers every route and every API operation -------------------------------------


def routes(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                yield prefix + str(pattern.pattern)
            else:
                yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


SAMPLE_UUID = "00000000-0000-0000-0000-000000000001"


def route_of(url: str) -> str:
    """The resolver's route for a URL of the table or a path of the schema."""
    path = re.sub(r"\{(run|run_id|other_id)\}", SAMPLE_UUID, url.split("?")[0])
    path = re.sub(r"\{slug\}", "bury", path)
    return resolve(re.sub(r"\{\w+\}", "1", path)).route


def covered_routes() -> set[str]:
    return {route_of(row.url) for row in ROWS}


def test_every_route_has_a_row_or_a_reason():
    missing = set(routes(get_resolver().url_patterns)) - covered_routes() - set(READ_ONLY)
    assert not missing, f"routes with no row in the table and no reason in READ_ONLY: {missing}"


def test_the_read_only_list_names_real_routes_without_rows():
    every = set(routes(get_resolver().url_patterns))
    assert set(READ_ONLY) <= every
    assert not set(READ_ONLY) & covered_routes()


def test_every_api_operation_has_a_row():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    rows = {(row.method, route_of(row.url)) for row in API_ROWS}
    missing = []
    for path, operations in schema["paths"].items():
        for method in operations:
            if (method, route_of(path)) not in rows:
                missing.append(f"{method.upper()} {path}")
    assert not missing, f"API operations with no row: {missing}"


# -- CSRF -------------------------------------------------------------------------------------

SITE_POSTS = [row for row in SITE_ROWS if row.method == "post"]
API_WRITES = [
    row
    for row in API_ROWS
    if row.method in ("post", "put", "patch", "delete")
    and row.expect["anonymous"].get(ANY) == 401  # the ones that need an account
]


# The public world without a run, as most cases of test_who_may_do_what have it.
PUBLIC_WORLD = ("public", False)


@pytest.mark.django_db
@pytest.mark.parametrize("world", [PUBLIC_WORLD], indirect=True, scope="module", ids=[""])
@pytest.mark.parametrize("row", SITE_POSTS, ids=lambda row: row.id)
def test_every_form_needs_its_csrf_token(row, world, inline_workers):
    client = Client(enforce_csrf_checks=True)
    if row.url not in ("/accounts/signup/", "/accounts/login/"):
        client.force_login(world.alice)
    before = snapshot(world)
    response = send(client, row, world, "owner")
    assert response.status_code == 403
    assert b"CSRF" in response.content
    assert snapshot(world) == before


@pytest.mark.django_db
@pytest.mark.parametrize("world", [PUBLIC_WORLD], indirect=True, scope="module", ids=[""])
@pytest.mark.parametrize("row", API_WRITES, ids=lambda row: row.id)
def test_the_api_needs_the_csrf_token_with_the_session_only(row, world, inline_workers):
    session = APIClient(enforce_csrf_checks=True)
    session.force_login(world.alice)
    before = snapshot(world)
    refused = send(session, row, world, "owner")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["detail"]
    assert snapshot(world) == before

    with_token = APIClient(enforce_csrf_checks=True)
    _token, secret = ApiToken.objects.create(user=world.alice)
    with_token.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    answer = send(with_token, row, world, "owner")
    assert answer.status_code == row.expect["owner"][ANY], answer.content[:300]


# -- production cookies -----------------------------------------------------------------------


@pytest.mark.slow  # a manage.py process of its own, seconds: in `make test`, not `make check`
def test_production_cookies_are_https_only_and_check_deploy_is_clean(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SECRET_KEY", "DJANGO_SETTINGS_MODULE"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="kotc_site.settings.production",
        DJANGO_SECRET_KEY="t9#Vq2!mZ8@pL4$wR7^kB1&nY6*cH3(xJ5)sD0-fG" * 2,
        DJANGO_ALLOWED_HOSTS="kotc.example",
        CACHE_URL="redis://127.0.0.1:6379/1",
        EMAIL_URL="smtp://mail.kotc.example:587",
        KOTC_VAR_DIR=str(tmp_path),
    )
    script = (
        "import django; django.setup(); from django.conf import settings as s;"
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY,"
        " s.DEBUG, s.SECURE_SSL_REDIRECT)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == ["True", "True", "True", "False", "True"]
    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "no issues" in checked.stdout
