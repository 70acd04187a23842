"""Nothing written while a card is private reaches anyone who may not see it.

A small community (alice and bob design, carol looks and moderates) shares cards and decks,
copies, reports and goldfishes them; at random moments, random cards are made private and
rewritten with marker text and marker pictures, then some are cleaned up and shared again. A
reported card is made private and rewritten, so the moderators' queue must forget it; carol
hides a shared card and a public deck, and their owners rewrite them while they are held (gone
for everyone but their owner and the moderators); she lets another card go once its designer
mends it, and what was written while it was held stays out of its history. The designers hand
out their decks' (and alice her sets') Tabletop Simulator files now and then, and one logs out
everywhere: a key that no longer stands for its owner's table (a card changed since, or revoked)
must draw for each viewer what they draw without it. Then every URL pattern of the URL
configuration is walked with every id it can take, in HTML, htmx and every format, as someone
not logged in and as each user, and the API's as bob's scripts call it, with an API token; a
marker of someone else's private card (or held card or deck) in any answer fails the test, and
so does a template's own syntax in a page (a `{#` comment run past its line).
Pictures and PDFs are checked by the bytes of the private images (the uploaded pictures and the
rendered cards), not by text. A new view is walked the day it is added: a route whose
parameters the walk cannot fill fails the test until it can.

Each run builds one world from a new seed, so runs together try many worlds: the seed is in the
test's id, and KOTC_PRIVACY_SEED=N builds world N again to replay a failure. CI gives each
database pass a seed of its own.
"""

from __future__ import annotations

import hashlib
import io
import os
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from django.core import signing
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone
from PIL import Image

from accounts import services as account_services
from accounts.selectors import keys_revoked_at
from cards import builds, og_images, renders
from cards import services as card_services
from cards.embeds import anonymous_cards
from cards.models import Card, CardRevision
from cards.selectors import card_held
from community import services as community_services
from community.models import Comment, Hold, Report
from decks import printing
from decks import selectors as deck_selectors
from decks import services as deck_services
from decks import versions as deck_versions
from decks.models import Deck, DeckVersion
from decks.tabletop_keys import KINDS, make_key, viewer_key
from rulebook.models import Term
from sets import selectors as set_selectors
from sets import services as set_services
from sets.models import CardSet, SetEntry
from sets.printing import numbered_render
from shelves.models import Folder, SmartFolder, Tag
from simulations import services as simulation_services
from simulations.models import SimulationRun
from tests.community.world import converse, make_moderator
from tests.shelves.world import make_shelves

pytestmark = pytest.mark.django_db

# Chosen for the run by tests/conftest.py, unless given.
WORLD_SEED = int(os.environ["KOTC_PRIVACY_SEED"])
GOLDFISH = {"games": 1000, "seed": 1, "max_turns": 10, "going": "first", "bury": "default"}
# Every query parameter the site's views read, in one string; views ignore the others.
EVERY_PARAMETER = (
    "?seed=3&turns=4&bury=0&decided=1&edition=13&size=small&download=1&paper=letter"
    "&backs=duplex&missing=1&short=1&format=json&q=marker&view=visual&a=1&b=2"
    "&game=1&turn=1&going=second&cards=1&cards=2&cards=3&at_least=1"
)
SKIPPED_ROUTES = {
    "admin/": "Django's admin: staff only, and no one here is staff",
    "accounts/password/reset/": "password resets: a signed link for one account, no card in it",
}


def card_definition(name: str, text: str = "Draw 1 card.", flavor: str = "") -> dict[str, Any]:
    return {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": 1,
        "sp": 1,
        "hp": 2,
        "ability_text": text,
        "flavor_text": flavor,
    }


def picture(seed: int) -> SimpleUploadedFile:
    """A picture no other test draws: random noise from the seed."""
    rng = random.Random(seed)
    image = Image.new("RGB", (32, 24))
    image.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(32 * 24)])
    out = io.BytesIO()
    image.save(out, "PNG")
    return SimpleUploadedFile(f"art-{seed}.png", out.getvalue(), content_type="image/png")


@dataclass(frozen=True)
class TableKey:
    deck_pk: int
    owner: str
    key: str | None
    # What the owner's table showed when the key was made (see `table`).
    shown: tuple[Any, ...]


def table(deck: Deck) -> tuple[Any, ...]:
    """What a deck's sheets show its owner: its cards, each as it is now (its last change, its
    visibility, whether it is held). A key made for this is a pass to exactly this, and to
    nothing the owner wrote or hid after."""
    cards = Card.objects.filter(deck_entries__deck_id=deck.pk).distinct().order_by("pk")
    return (
        deck.visibility,
        Hold.objects.filter(deck=deck).exists(),
        *((card.pk, card.updated, card.visibility, card_held(card)) for card in cards),
    )


@dataclass
class Secrets:
    """What each designer wrote or drew while their card was private; and, apart, while their
    card or deck was held by a moderator (which the moderators may see)."""

    words: dict[str, set[str]] = field(default_factory=dict)  # owner → marker words
    images: dict[str, set[bytes]] = field(default_factory=dict)  # owner → image bytes
    held_words: dict[str, set[str]] = field(default_factory=dict)
    held_images: dict[str, set[bytes]] = field(default_factory=dict)
    # What several designers share before others may (a co-owned set not yet released).
    group_words: dict[frozenset[str], set[str]] = field(default_factory=dict)

    def add_group_words(self, owners: frozenset[str], word: str) -> None:
        self.group_words.setdefault(owners, set()).add(word)

    def add_words(self, owner: str, word: str, *, held: bool = False) -> None:
        (self.held_words if held else self.words).setdefault(owner, set()).add(word)

    def add_image(self, owner: str, content: bytes, *, held: bool = False) -> None:
        (self.held_images if held else self.images).setdefault(owner, set()).add(content)

    def hidden_from(self, viewer: str, *, moderator: bool = False) -> tuple[set[str], set[bytes]]:
        """Everyone else's secrets; a moderator may read what is held, not what is private."""
        words = {**self.words} if moderator else _joined(self.words, self.held_words)
        images = {**self.images} if moderator else _joined(self.images, self.held_images)
        others_words = {w for owner, ws in words.items() if owner != viewer for w in ws}
        others_words |= {
            w for group, ws in self.group_words.items() if viewer not in group for w in ws
        }
        others_images = {i for owner, im in images.items() if owner != viewer for i in im}
        return others_words, others_images


def _joined(first: dict[str, set[Any]], second: dict[str, set[Any]]) -> dict[str, set[Any]]:
    return {
        owner: first.get(owner, set()) | second.get(owner, set()) for owner in {*first, *second}
    }


class Community:
    def __init__(self, users: dict[str, Any], rng: random.Random) -> None:
        self.users = users
        self.rng = rng
        self.secrets = Secrets()
        self.cards: list[Card] = []
        self.markers = 0
        self.previews: list[str] = []  # keys of the design page's preview drawings
        self.tables: list[TableKey] = []  # Tabletop Simulator exports downloaded by owners
        # Who logged out everywhere, and how many downloads there had been by then.
        self.revoked: dict[str, int] = {}
        # Set exports' keys that no longer stand for their designer's table: (set id, key).
        self.stale_set_keys: list[tuple[int, str]] = []
        # A key that still does (set id, key): it must draw more than a stranger sees.
        self.live_set_keys: list[tuple[int, str]] = []

    def marker(self) -> str:
        self.markers += 1
        return f"ZQX{self.markers:03d}SECRET"

    def design(self, owner: str, name: str, visibility: str) -> Card:
        card = card_services.card_create(
            owner=self.users[owner],
            definition=card_definition(name),
            image=picture(len(self.cards) + 1000 * self.rng.randrange(1000)),
            visibility=visibility,
        )
        self.cards.append(card)
        return card

    def refresh(self, card: Card) -> Card:
        fresh = Card.objects.get(pk=card.pk)
        self.cards = [fresh if c.pk == card.pk else c for c in self.cards]
        return fresh

    def hide_and_rewrite(self, card: Card) -> Card:
        """Make the card private, then write markers into every field and draw a new picture."""
        owner = card.owner.username
        card = card_services.card_update(card=card, user=card.owner, visibility="private")
        for _ in range(self.rng.randint(1, 2)):
            name, text, flavor = self.marker(), self.marker(), self.marker()
            upload = picture(self.rng.randrange(10**9))
            card = card_services.card_update(
                card=card,
                user=card.owner,
                definition={
                    "name": f"Card {name}",
                    "ability_text": f"{text}: Draw 1 card.",
                    "flavor_text": flavor,
                },
                image=upload,
            )
            for word in (name, text, flavor):
                self.secrets.add_words(owner, word)
            with default_storage.open(card.image.name, "rb") as handle:
                self.secrets.add_image(owner, handle.read())
            self.remember_renders(card)
        return self.refresh(card)

    def remember_renders(self, card: Card, *, held: bool = False) -> None:
        owner = card.owner.username
        full = renders.card_render(card=card)
        small = renders.card_render(card=card, small=True)
        self.secrets.add_image(owner, full.content, held=held)
        self.secrets.add_image(owner, small.content, held=held)
        with Image.open(io.BytesIO(full.content)) as image:
            self.secrets.add_image(owner, printing.jpeg_bytes(image), held=held)
        # Its link preview (cards.og_images) is drawn from the same render.
        self.secrets.add_image(owner, og_images.card_og_image(card)[0], held=held)

    def hold_and_rewrite(self, card: Card, moderator: Any) -> Card:
        """A moderator hides the shared card; its designer then rewrites it, still shared, with
        markers in every field and a new picture: words no one but them and the moderators
        may read while the hold lasts."""
        owner = card.owner.username
        community_services.moderate(
            moderator=moderator, target=card, action="hide", reason="Held for the walk"
        )
        name, text, flavor = self.marker(), self.marker(), self.marker()
        card = card_services.card_update(
            card=card,
            user=card.owner,
            definition={
                "name": f"Card {name}",
                "ability_text": f"{text}: Draw 1 card.",
                "flavor_text": flavor,
            },
            image=picture(self.rng.randrange(10**9) + 2 * 10**9),
        )
        for word in (name, text, flavor):
            self.secrets.add_words(owner, word, held=True)
        with default_storage.open(card.image.name, "rb") as handle:
            self.secrets.add_image(owner, handle.read(), held=True)
        self.remember_renders(card, held=True)
        return self.refresh(card)

    def hold_rewrite_and_restore(self, card: Card, moderator: Any) -> Card:
        """Held and rewritten with markers; its designer then mends it and the moderator lifts
        the hold: the card is shared again as mended, and what was written while it was held
        stays out of its history."""
        card = self.hold_and_rewrite(card, moderator)
        card = card_services.card_update(
            card=card,
            user=card.owner,
            definition=card_definition(f"Mended {card.pk}", "Draw 1 card.", "Mended."),
            image=picture(self.rng.randrange(10**9) + 3 * 10**9),
        )
        community_services.moderate(
            moderator=moderator, target=card, action="restore", reason="Mended for the walk"
        )
        return self.refresh(card)

    def hold_deck(self, deck: Deck, moderator: Any) -> None:
        """A moderator hides the public deck; its owner renames it while it is held."""
        community_services.moderate(
            moderator=moderator, target=deck, action="hide", reason="Held for the walk"
        )
        name = self.marker()
        deck_services.deck_update(deck=deck, user=deck.owner, name=f"Deck {name}")
        self.secrets.add_words(deck.owner.username, name, held=True)

    def clean_and_share(self, card: Card) -> Card:
        """Rewrite the card without markers (still private), then share it again."""
        card = card_services.card_update(
            card=card,
            user=card.owner,
            definition=card_definition(f"Clean {card.pk}", "Draw 1 card.", "Sunny."),
            image=picture(self.rng.randrange(10**9) + 10**9),
        )
        card = card_services.card_update(
            card=card, user=card.owner, visibility=self.rng.choice(["unlisted", "public"])
        )
        return self.refresh(card)

    def draw_previews(self) -> None:
        """Each designer opens their private cards' design page: its live preview's drawings
        (cards.previews), private text and picture on them, are theirs alone."""
        for card in list(self.cards):
            card = self.refresh(card)
            if card.visibility != "private":
                continue
            client = Client()
            client.force_login(card.owner)
            fields = {**card.definition(), "card_id": card.pk, "edition": 14}
            html = client.post("/cards/preview/", fields).content.decode()
            found = re.search(r'id="card-preview-image" src="/cards/preview/(\w+)\.webp"', html)
            assert found, html
            self.previews.append(found.group(1))
            drawing = client.get(f"/cards/preview/{found.group(1)}.webp").content
            self.secrets.add_image(card.owner.username, drawing)

    def download_table(self, deck: Deck) -> None:
        """The deck's owner downloads its Tabletop Simulator export, whose sheet addresses carry
        a key to their own view of it (`?as=`), and hands the file to a friend."""
        fresh = Deck.objects.get(pk=deck.pk)
        self.tables.append(
            TableKey(deck.pk, deck.owner.username, viewer_key(fresh, deck.owner), table(fresh))
        )

    def log_out_everywhere(self, who: str) -> None:
        account_services.log_out_everywhere(user=self.users[who])
        self.revoked[who] = len(self.tables)

    def goldfish(self, who: str, deck: Deck) -> None:
        from decks.selectors import deck_for_viewer

        seen = deck_for_viewer(user=self.users[who], pk=deck.pk)
        try:
            simulation_services.simulation_start(
                definition=deck_services.deck_definition(seen),
                options=simulation_services.options_for_edition(
                    {**GOLDFISH, "seed": self.rng.randrange(100)}, edition=seen.edition
                ),
                deck_id=deck.pk,
                user=self.users[who],
            )
        except Exception as error:  # a deck with withheld cards cannot be goldfished
            assert "withheld" in str(error)


def build(users: dict[str, Any], seed: int) -> Community:
    rng = random.Random(seed)
    town = Community(users, rng)
    carol = make_moderator(users["carol"])
    alice_cards = [
        town.design("alice", f"Alice {i}", rng.choice(["public", "unlisted", "private"]))
        for i in range(5)
    ]
    bob_cards = [town.design("bob", f"Bob {i}", "public") for i in range(3)]
    # Alice's private cards start without markers; some get them later.
    for card in alice_cards:
        if card.visibility == "private" and rng.random() < 0.5:
            town.hide_and_rewrite(card)
    alice = users["alice"]
    shared_bob = [c for c in town.cards if c.owner_id == users["bob"].pk]
    decks = [
        deck_services.deck_create(
            owner=alice,
            name="Alice public",
            visibility="public",
            entries=[(town.refresh(c), 6) for c in alice_cards + shared_bob],
        ),
        deck_services.deck_create(
            owner=alice,
            name="Alice unlisted",
            visibility="unlisted",
            entries=[(town.refresh(c), 8) for c in alice_cards],
        ),
        deck_services.deck_create(
            owner=users["bob"],
            name="Bob public",
            visibility="public",
            entries=[(c, 8) for c in bob_cards]
            + [
                (town.refresh(c), 4) for c in alice_cards if town.refresh(c).visibility != "private"
            ],
        ),
    ]
    for deck in decks:
        town.download_table(deck)
    for card in bob_cards + alice_cards:
        if town.refresh(card).visibility != "private":
            card_services.collection_add(user=users["carol"], card=card, copies=1)
    # Built decks: their copies are counted, and their decks named, on the collection page and
    # in every deck's shortfall (cards.builds).
    builds.deck_build_mark(user=users["carol"], deck=decks[0])
    builds.deck_build_mark(user=users["carol"], deck=decks[2])
    builds.deck_build_mark(user=users["bob"], deck=decks[0])
    builds.deck_build_mark(user=alice, deck=decks[1])
    for who in ("alice", "bob", "carol"):
        town.goldfish(who, decks[rng.randrange(len(decks))])
    # Comments, likes, reports and follows on everything shared, before the moments below.
    converse(users, town.cards, decks)
    # A reported card made private and rewritten: its reports (and its thread's) go with it.
    reported = set(Report.objects.filter(open=True).values_list("card", flat=True))
    town.hide_and_rewrite(town.refresh(rng.choice([c for c in town.cards if c.pk in reported])))
    # Random moments: random cards go private and are rewritten; some come back clean.
    for _ in range(4):
        card = town.refresh(rng.choice(town.cards))
        town.hide_and_rewrite(card)
        if rng.random() < 0.5:
            town.clean_and_share(town.refresh(card))
        who = rng.choice(["alice", "bob", "carol"])
        town.goldfish(who, decks[rng.randrange(len(decks))])
        town.download_table(rng.choice(decks))
        if rng.random() < 0.5:
            deck_services.deck_fork(deck=decks[0], user=users["carol"])
        # Deck versions keep each card as it was when saved: snapshots taken now and then.
        for deck in (decks[0], decks[2]):
            deck_versions.version_save(deck=deck, user=deck.owner, snapshot=True)
    # Shared after a run: a card rewritten while private, goldfished so, then shared again under
    # clean words. Its runs show it as it reads now, never with the words it was played with.
    played = town.hide_and_rewrite(town.refresh(alice_cards[0]))
    town.goldfish("alice", decks[0])
    town.clean_and_share(played)
    # A shared card of alice's held by a moderator and rewritten by her while held: bob, and
    # his token below, may not read it.
    shared = [town.refresh(c) for c in alice_cards if town.refresh(c).visibility != "private"]
    held = rng.choice(shared) if shared else town.clean_and_share(town.refresh(alice_cards[0]))
    town.hold_and_rewrite(town.refresh(held), carol)
    # Another shared card held, rewritten while held, mended and let go.
    others = [town.refresh(c) for c in town.cards if c.pk != held.pk]
    town.hold_rewrite_and_restore(
        rng.choice([c for c in others if c.visibility != "private"] or others), carol
    )
    # Each owner goldfishes their own decks with their private (and held) cards in them.
    town.goldfish("alice", decks[0])
    town.goldfish("bob", decks[2])
    # Alice's unlisted deck made public, then held and renamed while held.
    decks[1] = deck_services.deck_update(deck=decks[1], user=alice, visibility="public")
    town.hold_deck(decks[1], carol)
    # Every world keeps a private card to the end, whatever its seed, for the preview's secrets.
    if all(town.refresh(card).visibility != "private" for card in town.cards):
        town.hide_and_rewrite(town.refresh(rng.choice(town.cards)))
    town.draw_previews()
    # Tables handed out last; then alice logs out everywhere, which revokes her keys, and
    # downloads one table again. Her public deck keeps a private card of hers, so a revoked key
    # that still drew her view would show it.
    if all(town.refresh(card).visibility != "private" for card in alice_cards):
        town.hide_and_rewrite(town.refresh(rng.choice(alice_cards)))
    for deck in decks:
        town.download_table(deck)
    town.log_out_everywhere("alice")
    town.download_table(rng.choice([d for d in decks if d.owner_id == alice.pk]))
    make_sets(town, users)
    # Each designer's own shelves, their tag's name a marker: tags are private to their owner.
    for who in ("alice", "bob"):
        tag = town.marker().lower()
        own = next(c for c in town.cards if c.owner_id == users[who].pk)
        own_deck = next((d for d in decks if d.owner_id == users[who].pk), None)
        make_shelves(users[who], town.refresh(own), own_deck, tag=tag)
        town.secrets.add_words(who, tag)
    return town


def make_sets(town: Community, users: dict[str, Any]) -> None:
    """Alice's sets in each state: released, scheduled and private (their names, descriptions,
    symbols, numbered renders and private cards hers alone until released), and one co-owned
    with bob (theirs alone). The scheduled one holds a public card of hers: that it is in the
    set must not show on the card's page or in search."""
    alice, bob = users["alice"], users["bob"]

    def set_cards(
        owner: Any, count: int, visibility: str = "private", *, secret: bool = True
    ) -> list[Card]:
        """Cards for a set, each with a picture (the set's ZIP carries them); private ones, and
        their pictures, are secrets unless the set's release will show them."""
        cards = []
        for number in range(count):
            secret_card = secret and visibility == "private"
            word = town.marker() if secret_card else f"Open{owner.pk}x{count}x{number}"
            card = card_services.card_create(
                owner=owner,
                definition=card_definition(f"Card {word}"),
                image=picture(town.rng.randrange(10**9) + 5 * 10**9),
                visibility=visibility,
            )
            if secret_card:
                town.secrets.add_words(owner.username, word)
                with default_storage.open(card.image.name, "rb") as handle:
                    town.secrets.add_image(owner.username, handle.read())
                town.remember_renders(card)
            cards.append(card)
        return cards

    def make(owner: Any, state: str, cards: list[Card], code: str) -> Any:
        name, about = town.marker(), town.marker()
        card_set = set_services.set_create(
            user=owner,
            name=f"Set {name}",
            code=code,
            description=f"About {about}",
            symbol=picture(town.rng.randrange(10**9) + 4 * 10**9),
            cards=[card.pk for card in cards],
        )
        if state == "scheduled":
            set_services.set_update(
                card_set=card_set, user=owner, release_at=timezone.now() + timedelta(days=1)
            )
        return card_set, (name, about)

    released, _words = make(alice, "released", set_cards(alice, 2, secret=False), "REL")
    set_services.set_release(card_set=released, user=alice)
    private_set = None
    for state, code, cards in (
        ("scheduled", "SCH", set_cards(alice, 1) + set_cards(alice, 1, "public")),
        ("private", "PRV", set_cards(alice, 2)),
    ):
        card_set, words = make(alice, state, cards, code)
        if state == "private":
            private_set = card_set
        for word in words:
            town.secrets.add_words("alice", word)
        remember_set(town, card_set, "alice")
    shared, words = make(alice, "co-owned", set_cards(alice, 1), "COS")
    set_services.set_invite(card_set=shared, user=alice, username="bob")
    set_services.set_invitation_accept(card_set=shared, user=bob)
    ids = list(shared.entries.values_list("card_id", flat=True))
    set_services.set_update(
        card_set=shared, user=bob, cards=ids + [c.pk for c in set_cards(bob, 1)]
    )
    for word in words:
        town.secrets.add_group_words(frozenset({"alice", "bob"}), word)
    set_tables(town, alice, released, private_set)


def set_key(card_set: Any, user: Any) -> str:
    """The key of the designer's Tabletop Simulator export of the set, as downloaded now."""
    key = make_key("set", card_set.pk, user, set_selectors.set_state(card_set))
    assert key is not None
    return key


def set_tables(town: Community, alice: Any, released: Any, private_set: Any) -> None:
    """Alice hands out her sets' Tabletop Simulator files: one for the released set before she
    made one of its cards private (changed), one made before she logged out everywhere
    (revoked), one for her unreleased set before she rewrote one of its cards (changed); and a
    last, live one, for the released set as it is."""
    released = CardSet.objects.get(pk=released.pk)
    changed_key = set_key(released, alice)
    hidden = released.entries.order_by("position").first().card
    card_services.card_update(card=hidden, user=alice, visibility="private")
    released = CardSet.objects.get(pk=released.pk)
    before_logout = keys_revoked_at(user_id=alice.pk)
    assert before_logout is not None, "alice never logged out everywhere"
    issued = int(before_logout.timestamp() * 1_000_000) - 1
    revoked_key = signing.dumps(
        [released.pk, alice.pk, set_selectors.set_state(released), issued],
        salt=KINDS["set"],
        compress=True,
    )
    private_set = CardSet.objects.get(pk=private_set.pk)
    rewritten_key = set_key(private_set, alice)
    card = town.refresh(private_set.entries.order_by("position").first().card)
    word = town.marker()
    card_services.card_update(card=card, user=alice, definition=card_definition(f"Card {word}"))
    town.secrets.add_words("alice", word)
    town.stale_set_keys += [
        (released.pk, changed_key),
        (released.pk, revoked_key),
        (private_set.pk, rewritten_key),
    ]
    town.live_set_keys.append((released.pk, set_key(released, alice)))


def remember_set(town: Community, card_set: Any, owner: str) -> None:
    """An unreleased set's symbol and numbered renders: its designers' alone."""
    town.secrets.add_image(owner, bytes(card_set.symbol))
    for row in set_selectors.numbered_cards(card_set, card_set.owner):
        town.secrets.add_image(owner, numbered_render(card_set, row).content)
        town.secrets.add_image(owner, numbered_render(card_set, row, small=True).content)


# -- the walk ---------------------------------------------------------------------------------


def remember_deck_previews(town: Community) -> None:
    """A deck's link preview drawn with every card of the deck, private ones too: what its
    preview must never be (for anyone, as it is drawn once for everyone) when a private card
    would be on it. A secret of each designer whose private card is drawn."""
    for deck in Deck.objects.prefetch_related("entries__card__owner", "entries__card__hold"):
        # In the deck's order, as the preview draws them, with nothing withheld.
        entries = deck_selectors.sorted_entries(deck)
        every = list({entry.card.pk: entry.card for entry in entries}.values())
        drawn = every[: og_images.DECK_CARDS]
        hidden = {card.owner.username for card in drawn if card.visibility == "private"}
        shown = anonymous_cards(deck_selectors.deck_for_viewer(user=deck.owner, pk=deck.pk))
        if hidden and og_images.deck_og_key(drawn) != og_images.deck_og_key(shown):
            content = og_images.deck_og_image(drawn)[0]
            for owner in hidden:
                town.secrets.add_image(owner, content)
        # Drawn with its shared cards only, a held one among them: what it would be if the
        # preview forgot the moderators' holds.
        unheld = [card for card in every if card.visibility != "private"][: og_images.DECK_CARDS]
        held = {card.owner.username for card in unheld if card_held(card)}
        if held:
            content = og_images.deck_og_image(unheld)[0]
            for owner in held:
                town.secrets.add_image(owner, content, held=True)


def routes(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def fill(route: str, values: dict[str, list[Any]]) -> list[str]:
    """Every address of the route with the world's values put in; fails on a parameter it
    does not know, so a new kind of view cannot go unwalked."""
    names = re.findall(r"<(?:\w+:)?(\w+)>", route)
    assert not route.startswith("^"), f"{route}: a regular-expression route; walk it by name"
    unknown = [name for name in names if name not in values and name != "pk"]
    assert not unknown, f"{route}: the privacy walk cannot fill {unknown}; teach it"
    if route.startswith(("sets/", "api/v1/sets/")):
        kind = "set"
    else:
        kind = "deck" if "deck" in route else "card"
    addresses = [(route, None)]
    for name in names:
        pattern = re.compile(rf"<(?:\w+:)?{name}>")
        filled = []
        for address, pk in addresses:
            if name == "pk":  # the id of what the route is about
                choices = values[f"{kind}_pk"]
            elif name == "number" and pk is not None:
                # A version or revision: each one of that deck or card, and one past its last.
                choices = values["numbers"].get((kind, pk), [1])
            else:
                choices = values[name]
            filled += [
                (pattern.sub(str(value), address, count=1), value if name == "pk" else pk)
                for value in choices
            ]
        addresses = filled
    return ["/" + address for address, _pk in addresses]


def numbers_of(kind: str, rows: Any) -> dict[tuple[str, int], list[int]]:
    """Each card's revision numbers (or each deck's version numbers), and one past the last."""
    found: dict[tuple[str, int], list[int]] = {}
    for pk, number in rows:
        found.setdefault((kind, pk), []).append(number)
    return {key: sorted(numbers) + [max(numbers) + 1] for key, numbers in found.items()}


def walk_values(town: Community) -> dict[str, Any]:
    card_ids = list(Card.objects.values_list("pk", flat=True))
    return {
        "preview": town.previews,
        "card_pk": card_ids,
        "deck_pk": list(Deck.objects.values_list("pk", flat=True)),
        "card_id": card_ids,
        "deck_id": list(Deck.objects.values_list("pk", flat=True)),
        "set_pk": list(CardSet.objects.values_list("pk", flat=True)),
        "set_id": list(CardSet.objects.values_list("pk", flat=True)),
        "run_id": list(SimulationRun.objects.values_list("pk", flat=True)),
        "folder_id": list(Folder.objects.values_list("pk", flat=True)),
        "smart_id": list(SmartFolder.objects.values_list("pk", flat=True)),
        "tag_id": list(Tag.objects.values_list("pk", flat=True)),
        # The run a run is compared with: one of each deck (each run is walked as the first),
        # so runs of every owner and visibility meet, without walking every pair.
        "other_id": list(
            {run.deck_id: run.pk for run in SimulationRun.objects.order_by("created")}.values()
        ),
        "number": sorted(
            set(CardRevision.objects.values_list("number", flat=True))
            | set(DeckVersion.objects.values_list("number", flat=True))
        ),
        "numbers": {
            **numbers_of("card", CardRevision.objects.values_list("card_id", "number")),
            **numbers_of("deck", DeckVersion.objects.values_list("deck_id", "number")),
            # A set's cards by their numbers in it.
            **numbers_of("set", SetEntry.objects.values_list("card_set_id", "position")),
        },
        "edition": [11, 14],
        "sheet": [1, 2],  # a deck's Tabletop Simulator card sheets
        "comment_id": list(Comment.objects.values_list("pk", flat=True)),
        "username": ["alice", "bob", "carol"],
        "old": [13],
        "new": [14],
        "slug": list(Term.objects.values_list("slug", flat=True)[:2]),
        "rest": ["v1/nothing/"],
        "name": [
            name.removeprefix("cards/")
            for name in set(Card.objects.exclude(image="").values_list("image", flat=True))
            | {
                data.get("image")
                for data in CardRevision.objects.values_list("data", flat=True)
                if data.get("image")
            }
        ],
    }


def stale_keys(town: Community) -> dict[tuple[int, bool, bool], TableKey]:
    """The keys that no longer stand for their owner's table, by deck and why: revoked (the
    owner logged out everywhere after), changed (the deck or one of its cards changed since).
    One key for each."""
    chosen: dict[tuple[int, bool, bool], TableKey] = {}
    for number, entry in enumerate(town.tables):
        revoked = number < town.revoked.get(entry.owner, -1)
        changed = entry.shown != table(Deck.objects.get(pk=entry.deck_pk))
        if revoked or changed:
            chosen.setdefault((entry.deck_pk, revoked, changed), entry)
    return chosen


def leaked(response: Any, words: set[str], images: set[bytes], digests: set[bytes]) -> list[str]:
    """What of the secrets the answer holds; `digests` are the images' SHA-256, made once."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    found = [word for word in words if word.encode() in content]
    if hashlib.sha256(content).digest() in digests:
        found.append("a private picture")
    if content.startswith(b"%PDF"):
        found += ["a private card in a PDF" for image in images if image in content]
    return found


TEMPLATE_SYNTAX = re.compile(rb"\{[#%{]")


def template_syntax(response: Any) -> list[str]:
    """A template's own syntax in a page sent (a comment run past its line, a tag mistyped):
    never in what the world's people wrote, so never meant to be read."""
    if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
        return []
    found = TEMPLATE_SYNTAX.search(response.content)
    return (
        [f"template syntax: {response.content[found.start() : found.start() + 60]!r}"]
        if found
        else []
    )


@pytest.mark.slow
@pytest.mark.parametrize("seed", [WORLD_SEED], ids=lambda seed: f"KOTC_PRIVACY_SEED={seed}")
def test_no_private_text_or_picture_reaches_anyone_else(
    seed, django_user_model, inline_workers
) -> None:
    users = {
        name: django_user_model.objects.create_user(name, f"{name}@example.com", f"{name}-pw-123")
        for name in ("alice", "bob", "carol")
    }
    town = build(users, seed)
    values = walk_values(town)
    assert values["preview"], "no private card was drawn in the design page's preview"
    addresses: list[str] = []
    for route, _pattern in routes(get_resolver().url_patterns):
        if any(route.startswith(skipped) for skipped in SKIPPED_ROUTES):
            continue
        addresses += fill(route, values)
    assert len(addresses) > 100  # the walk reached the cards, decks and runs
    # oEmbed names the card or deck it is asked about in its query: ask about every one.
    addresses += [f"/oembed/?url=http://testserver/cards/{pk}/" for pk in values["card_pk"]]
    addresses += [f"/oembed/?url=http://testserver/decks/{pk}/" for pk in values["deck_pk"]]
    remember_deck_previews(town)

    problems: dict[str, list[str]] = {}  # by viewer, so each one's first finds are shown
    for viewer in (None, "alice", "bob", "carol"):
        client = Client()
        if viewer is not None:
            client.force_login(users[viewer])
        words, images = town.secrets.hidden_from(viewer or "", moderator=viewer == "carol")
        digests = {hashlib.sha256(image).digest() for image in images}
        assert words, "the world holds no secret to keep"
        for address in addresses:
            for query, headers in (("", {}), (EVERY_PARAMETER, {"HX-Request": "true"})):
                response = client.get(address + query, headers=headers)
                found = leaked(response, words, images, digests) + template_syntax(response)
                if found:
                    who = viewer or "anonymous"
                    problems.setdefault(who, []).append(f"{who} GET {address + query}: {found}")
                if response.status_code == 405:
                    break  # a view that takes no GET answers none, whatever the query says
    # Bob's scripts: the API's routes with his token and no session, as its own addresses ask.
    _row, token = account_services.token_create(user=users["bob"], name="walk")
    script = Client(headers={"Authorization": f"Token {token}"})
    words, images = town.secrets.hidden_from("bob")
    digests = {hashlib.sha256(image).digest() for image in images}
    for address in addresses:
        if address.startswith("/api/"):
            found = leaked(script.get(address), words, images, digests)
            if found:
                problems.setdefault("token", []).append(f"bob's token GET {address}: {found}")
    # Tables: a key that no longer stands for what its owner's table showed is no pass. Whoever
    # holds the file draws with it exactly what they draw without it. A sheet is one picture of
    # many cards, so it is compared with the viewer's own, not searched for private pictures.
    stale = stale_keys(town)
    whys = {(revoked, changed) for _deck, revoked, changed in stale}
    assert (True, False) in whys and (False, True) in whys, "no key was only revoked, or changed"
    for entry in stale.values():
        for viewer in {None, "alice", "bob", "carol"} - {entry.owner}:
            client = Client()
            if viewer is not None:
                client.force_login(users[viewer])
            for sheet in (1, 2):
                address = f"/decks/{entry.deck_pk}/tabletop/{sheet}.jpg"
                # Drawn once first: a sheet drawn while its cards' renders are still being
                # made shows placeholders, so the first answer may differ from the next.
                client.get(address)
                plain, keyed = client.get(address), client.get(f"{address}?as={entry.key}")
                # A page (a 404) differs by its form tokens: pictures are compared, pages not.
                drawn = plain.status_code == keyed.status_code == 200
                if keyed.status_code != plain.status_code or (
                    drawn and keyed.content != plain.content
                ):
                    who = viewer or "anonymous"
                    problems.setdefault("tables", []).append(
                        f"{who} GET {address} with {entry.owner}'s stale key: {entry.owner}'s view"
                    )
    # The sets' tables alike: a set key that no longer stands draws what its holder draws
    # without it (alice's own live key, for contrast, draws more than a stranger sees).
    for set_pk, key in town.live_set_keys:
        address = f"/sets/{set_pk}/tabletop/1.jpg"
        Client().get(address)
        plain, keyed = Client().get(address), Client().get(address, {"as": key})
        assert plain.status_code == keyed.status_code == 200
        assert plain.content != keyed.content, "alice's live set key drew a stranger's view"
    for set_pk, key in town.stale_set_keys:
        for viewer in (None, "bob", "carol"):
            client = Client()
            if viewer is not None:
                client.force_login(users[viewer])
            for address in (f"/sets/{set_pk}/tabletop/1.jpg", f"/sets/{set_pk}/tabletop/back.jpg"):
                client.get(address)
                plain, keyed = client.get(address), client.get(address, {"as": key})
                drawn = plain.status_code == keyed.status_code == 200
                if keyed.status_code != plain.status_code or (
                    drawn and keyed.content != plain.content
                ):
                    who = viewer or "anonymous"
                    problems.setdefault("tables", []).append(
                        f"{who} GET {address} with alice's stale set key: alice's view"
                    )
    assert not problems, "\n".join(line for lines in problems.values() for line in lines[:8])
