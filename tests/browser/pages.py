"""Every page of the site, built from real data, and a browser to open them in.

Shared by the browser tests that go over the whole site (a phone's width, accessibility): the
list of pages and the world they show are kept here once, so a page added to the site is added
to every such test at once. `site` and `browse` are pytest fixtures: a test module imports them.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core.management import call_command
from django.urls import Resolver404, URLPattern, URLResolver, resolve, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PASSWORD = "correct-horse-battery"  # alice's (tests/conftest.py)
LONG_NAME = "Wisp of the Old Ways"
MENU_MOST = 48  # the folded menu's height on a phone, in CSS pixels

# The innermost elements that reach past the screen's right edge: what to fix.
WIDER_THAN_THE_SCREEN = """(screen) => [...document.querySelectorAll('body *')]
  .filter(e => e.checkVisibility() && e.getBoundingClientRect().right > screen
    && ![...e.children].some(c => c.getBoundingClientRect().right > screen))
  .slice(0, 3).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))"""


@dataclass(frozen=True)
class Site:
    """What the pages show: the starter deck and its runs, and alice's own things."""

    starter_deck: Any
    wisp: Any  # the starter's "Wisp of the Old Ways", public
    run: Any
    other_run: Any  # the same deck going second, to compare with
    alices_deck: Any
    alices_card: Any
    reset_link: str  # a real password reset link of alice's


# Every page, as a path built from the site's data. Signed out, the pages of alice's own things
# are refused (a 404 or the login page): those answers are pages too, and measured.
PAGES: list[tuple[str, Callable[[Site], str]]] = [
    ("home", lambda s: reverse("home")),
    ("check a card", lambda s: reverse("check")),
    ("gallery", lambda s: reverse("card-gallery")),
    ("gallery as a list", lambda s: reverse("card-gallery") + "?view=list"),
    ("a card", lambda s: reverse("card-detail", args=[s.wisp.pk])),
    ("a card's history", lambda s: reverse("card-history", args=[s.alices_card.pk])),
    ("design", lambda s: reverse("card-new")),
    ("edit a card", lambda s: reverse("card-edit", args=[s.alices_card.pk])),
    ("delete a card", lambda s: reverse("card-delete", args=[s.alices_card.pk])),
    ("update a card's edition", lambda s: reverse("card-update-edition", args=[s.alices_card.pk])),
    ("my cards", lambda s: reverse("my-cards")),
    ("collection", lambda s: reverse("collection")),
    ("decks", lambda s: reverse("deck-gallery")),
    ("my decks", lambda s: reverse("my-decks")),
    # Alice's shelves: a folder inside a folder, a tag on her card and deck, a saved search.
    ("shelves", lambda s: shelves_path(s, reverse("shelves"))),
    (
        "my cards, tagged and archived shown",
        lambda s: shelves_path(s, reverse("my-cards"), "?archived=1"),
    ),
    ("my decks by tag", lambda s: shelves_path(s, reverse("my-decks"), "?q=tag:embers")),
    ("a folder inside a folder", lambda s: reverse("shelves-folder", args=[shelves(s).inner.pk])),
    ("delete a folder", lambda s: reverse("shelves-folder-delete", args=[shelves(s).folder.pk])),
    # Sets: alice's own, not yet released, holding her card.
    ("sets", lambda s: set_path(s, reverse("set-list"))),
    ("new set", lambda s: reverse("set-new")),
    ("import a set", lambda s: reverse("set-import")),
    ("a set", lambda s: reverse("set-detail", args=[alices_set(s).pk])),
    ("edit a set", lambda s: reverse("set-edit", args=[alices_set(s).pk])),
    ("update a set's edition", lambda s: reverse("set-update-edition", args=[alices_set(s).pk])),
    ("a public deck", lambda s: reverse("deck-detail", args=[s.starter_deck.pk])),
    ("a deck, visual", lambda s: reverse("deck-detail", args=[s.starter_deck.pk]) + "?view=visual"),
    ("my deck", lambda s: reverse("deck-detail", args=[s.alices_deck.pk])),
    ("a sample hand", lambda s: reverse("deck-sample-hand", args=[s.alices_deck.pk])),
    (
        "a deck's draw odds",
        lambda s: reverse("deck-odds", args=[s.starter_deck.pk]) + f"?cards={s.wisp.pk}&turn=3",
    ),
    ("playtest a deck", lambda s: reverse("deck-playtest", args=[s.starter_deck.pk])),
    ("delete a deck", lambda s: reverse("deck-delete", args=[s.alices_deck.pk])),
    ("new deck", lambda s: reverse("deck-new")),
    ("import a deck", lambda s: reverse("deck-import")),
    ("print a deck", lambda s: reverse("deck-print", args=[s.starter_deck.pk])),
    ("a deck's history", lambda s: reverse("deck-history", args=[s.starter_deck.pk])),
    ("my deck's history", lambda s: reverse("deck-history", args=[s.alices_deck.pk])),
    ("a deck version", lambda s: reverse("deck-version", args=[s.starter_deck.pk, 1])),
    ("pick two versions", lambda s: reverse("deck-versions-compare", args=[s.starter_deck.pk])),
    (
        "two versions compared",
        lambda s: reverse("deck-versions-compare", args=[s.starter_deck.pk]) + "?a=1&b=1",
    ),
    ("pick two decks", lambda s: reverse("decks-compare")),
    (
        "two decks compared",
        lambda s: reverse("decks-compare") + f"?a={s.starter_deck.pk}&b={s.alices_deck.pk}",
    ),
    ("goldfish run", lambda s: reverse("simulation-detail", args=[s.run.id])),
    ("compare with…", lambda s: reverse("simulation-compare-choose", args=[s.run.id])),
    (
        "a goldfish game played on",
        lambda s: reverse("simulation-playtest", args=[s.run.id]) + "?game=2&turn=2",
    ),
    (
        "two runs compared",
        lambda s: reverse("simulation-compare", args=[s.run.id, s.other_run.id]),
    ),
    ("goldfish policy", lambda s: reverse("goldfish-policy")),
    # Comments (alice's own, and another's she may report), notifications, follows, moderation.
    ("a card's comments", lambda s: community_path(s, reverse("card-comments", args=[s.wisp.pk]))),
    ("a deck's comments", lambda s: reverse("deck-comments", args=[s.starter_deck.pk])),
    ("edit a comment", lambda s: reverse("comment-edit", args=[alices_comment(s).pk])),
    ("report a comment", lambda s: reverse("comment-report", args=[others_comment(s).pk])),
    ("report a card", lambda s: reverse("card-report", args=[s.wisp.pk])),
    ("report a deck", lambda s: reverse("deck-report", args=[s.starter_deck.pk])),
    ("notifications", lambda s: community_path(s, reverse("notifications"))),
    ("notification settings", lambda s: reverse("notification-settings")),
    ("following", lambda s: reverse("following")),
    ("feed", lambda s: community_path(s, reverse("feed"))),
    ("a designer", lambda s: reverse("profile", args=[s.starter_deck.owner.username])),
    (
        "a designer's decks",
        lambda s: reverse("profile", args=[s.starter_deck.owner.username]) + "?tab=decks",
    ),
    ("moderation", lambda s: community_path(s, reverse("moderation-queue"))),
    ("moderation log", lambda s: community_path(s, reverse("moderation-log"))),
    (
        "moderate a comment",
        lambda s: community_path(s, reverse("moderate-comment", args=[alices_comment(s).pk])),
    ),
    ("moderate a card", lambda s: community_path(s, reverse("moderate-card", args=[s.wisp.pk]))),
    (
        "moderate a deck",
        lambda s: community_path(s, reverse("moderate-deck", args=[s.starter_deck.pk])),
    ),
    ("cards on other sites", lambda s: reverse("embed")),
    ("rulebook", lambda s: reverse("rulebook")),
    ("a rulebook edition", lambda s: reverse("rulebook-edition", args=[13])),
    ("a rulebook section", lambda s: reverse("rulebook-edition", args=[13]) + "?section=counters"),
    ("rulebook compare", lambda s: reverse("rulebook-compare-pick")),
    ("two rulebooks compared", lambda s: reverse("rulebook-compare", args=[11, 14])),
    ("glossary", lambda s: reverse("glossary")),
    ("a keyword", lambda s: reverse("glossary-term", args=["ghost-play"])),
    (
        "the longest keyword",
        lambda s: reverse(
            "glossary-term", args=["place-all-targets-on-top-of-owners-deck-in-any-order"]
        ),
    ),
    ("annotate", lambda s: reverse("glossary-annotate")),
    ("building guide", lambda s: reverse("building")),
    ("an older building guide", lambda s: reverse("building-edition", args=[12])),
    ("account", lambda s: reverse("account")),
    ("delete the account", lambda s: reverse("account-delete")),
    ("log in", lambda s: reverse("login")),
    ("sign up", lambda s: reverse("signup")),
    ("change the password", lambda s: reverse("password_change")),
    ("password changed", lambda s: reverse("password_change_done")),
    ("forgot the password", lambda s: reverse("password_reset")),
    ("reset link sent", lambda s: reverse("password_reset_done")),
    ("a reset link", lambda s: s.reset_link),
    ("password reset", lambda s: reverse("password_reset_complete")),
    ("not found", lambda s: "/no-such-page/"),
]

# Routes that are not pages a person opens, and why.
NOT_PAGES = {
    "health": "for load balancers",
    "ready": "for load balancers",
    "ready-workers": "for monitors",
    "card-preview": "the designer's live preview, inside the design page",
    "card-builder": "the designer's ability builder, inside the design page",
    "card-preview-image": "a picture",
    "card-picture": "a picture",
    "card-back": "a picture",
    "card-og-image": "a picture",
    "deck-og-image": "a picture",
    "oembed": "JSON for other sites",
    "card-embed-json": "JSON for other sites",
    "embed-tooltips": "a script",
    "markup-preview": "part of the deck page (the description's preview)",
    "deck-panel": "part of the deck page",
    "deck-entries": "part of the deck page",
    "deck-search": "part of the deck page",
    "deck-quick-add": "part of the deck page",
    "deck-card-names": "part of the deck page",
    "deck-print-progress": "part of the print page",
    "deck-tabletop": "a file",
    "deck-tabletop-sheet": "a picture",
    "deck-tabletop-back": "a picture",
    "deck-cockatrice": "a file",
    "deck-cockatrice-set": "a file",
    "profile-cockatrice-set": "a file",
    "shelves-smart": "a saved search: opens My cards or My decks searched by it (a redirect)",
    "deck-shortfall": "part of the deck page",
    "deck-export": "a file",
    "deck-export-text": "a file",
    "deck-print-pdf": "a file",
    "set-symbol": "a picture",
    "set-card-render": "a picture",
    "set-tabletop-sheet": "a picture",
    "set-tabletop-back": "a picture",
    "set-print-pdf": "a file",
    "set-print-progress": "part of the set's print page",
    "set-export": "a file",
    "set-tabletop": "a file",
    **{
        name: "a form's target (POST), which answers with a redirect"
        for name in (
            "account-token-new",
            "account-token-revoke",
            "logout-everywhere",
            "account-email",
            "logout",
            "card-import",
            "card-restore",
            "card-refurbish",
            "card-fork",
            "card-collect",
            "card-visibility",
            "collection-copies",
            "collection-remove",
            "deck-edit",
            "deck-fork",
            "deck-share-cards",
            "deck-build",
            "deck-unbuild",
            "deck-goldfish",
            "comment-delete",
            "card-like",
            "deck-like",
            "designer-follow",
            "notifications-read",
            "deck-version-save",
            "deck-version-revert",
            "shelves-bulk",
            "shelves-folder-new",
            "shelves-folder-edit",
            "shelves-smart-new",
            "shelves-smart-delete",
            "shelves-tag-edit",
            "shelves-tag-delete",
            "set-delete",
            "set-release",
            "set-unrelease",
            "set-invite",
            "set-accept",
            "set-build-deck",
        )
    },
}


def shelves(s: Site) -> Any:
    from tests.shelves.world import shelves_of

    return shelves_of(s.alices_card, s.alices_deck)


def shelves_path(s: Site, path: str, query: str = "") -> str:
    """A page of alice's, with her shelves made first so that it shows them."""
    shelves(s)
    return path + query


def alices_set(s: Site) -> Any:
    """Alice's set of her card, not yet released, made the first time it is asked for."""
    from sets.models import CardSet
    from tests.sets.world import make_set

    found = CardSet.objects.filter(owner=s.alices_card.owner).first()
    return found or make_set(s.alices_card.owner, "private", cards=[s.alices_card])


def set_path(s: Site, path: str) -> str:
    """A sets page, with alice's set made first so that it lists it."""
    alices_set(s)
    return path


def alices_comment(s: Site) -> Any:
    from tests.community.world import site_comment

    return site_comment(s.wisp, s.alices_card.owner)


def others_comment(s: Site) -> Any:
    comment = alices_comment(s)
    return comment.card.comments.exclude(author_id=comment.author_id).first()


def community_path(s: Site, path: str) -> str:
    """A community page, with alice a moderator who has commented, been followed, been
    reported and been told, so that every part of it shows."""
    from community import services
    from tests.community.world import make_moderator

    alice = make_moderator(s.alices_card.owner)
    other = others_comment(s)
    services.report_create(reporter=alice, target=other, reason="spam", details="Too loud.")
    services.follow_set(follower=other.author, designer=alice, following=True)
    services.follow_set(follower=alice, designer=other.author, following=True)
    return path


def misfits_on_a_phone(page: Any, where: str) -> list[str]:
    """What of the open page does not fit a phone: a document wider than the screen (with the
    elements that reach past it), and a menu not folded into its bar."""
    found = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        wider = page.evaluate(WIDER_THAN_THE_SCREEN, PHONE["width"])
        found.append(f"{where}: {width} px wide, past the screen: {wider}")
    menu = page.locator(".site-header").bounding_box()
    if menu is None or menu["height"] > MENU_MOST:
        height = menu and menu["height"]
        found.append(f"{where}: the menu is {height} px tall (at most {MENU_MOST})")
    return found


def routes(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, str | None]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.name


def route_name(path: str) -> str | None:
    try:
        return resolve(urlparse(path).path).url_name
    except Resolver404:
        return None  # the not-found page


@pytest.fixture
def site(alice, inline_workers) -> Site:
    from cards import builds as deck_builds
    from cards import services as card_services
    from cards.models import Card
    from decks import services as deck_services
    from decks.models import Deck
    from simulations import services as simulation_services

    call_command("load_starter_set", stdout=io.StringIO())
    starter_deck = Deck.objects.get(owner__username="starter")
    assert sum(entry.count for entry in starter_deck.entries.all()) == 40
    wisp = Card.objects.get(owner__username="starter", name=LONG_NAME)
    runs = []
    for going in ("first", "second"):
        run, _ = simulation_services.simulation_start(
            definition=deck_services.deck_definition(starter_deck),
            options=simulation_services.options_for_edition(
                {"games": 1000, "seed": 7, "max_turns": 20, "going": going, "bury": "default"},
                edition=14,
            ),
            deck_id=starter_deck.pk,
            user=alice,
        )
        run.refresh_from_db()
        assert run.status == "succeeded"
        runs.append(run)
    alices_deck = deck_services.deck_fork(deck=starter_deck, user=alice)
    alices_card = card_services.card_create(owner=alice, definition=wisp.definition())
    card_services.card_update(
        card=alices_card, user=alice, definition={"flavor_text": "Old, and patient."}
    )
    card_services.collection_add(user=alice, card=wisp, copies=2)
    # The starter deck is built from those copies: the collection and the deck pages say so.
    deck_builds.deck_build_mark(user=alice, deck=starter_deck)
    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    token = default_token_generator.make_token(alice)
    return Site(
        starter_deck=starter_deck,
        wisp=wisp,
        run=runs[0],
        other_run=runs[1],
        alices_deck=alices_deck,
        alices_card=alices_card,
        reset_link=reverse("password_reset_confirm", args=[uid, token]),
    )


@functools.cache
def blank_card() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (750, 1050), (238, 231, 214)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def browse(chromium, live_server) -> Iterator[Callable[..., Any]]:
    """Open a page in a new browser window of the given size, signed in as alice or not."""
    contexts = []
    errors: list[str] = []

    def open_page(viewport: dict[str, int], *, signed_in: bool) -> Any:
        context = chromium.new_context(base_url=live_server.url, viewport=viewport)
        context.set_default_timeout(10_000)
        # Card pictures come as a blank card of the full size: what is measured is the layout,
        # and drawing every card of the gallery first would take most of the test's time.
        context.route(
            "**/api/v1/cards/*/render.png*",
            lambda route: route.fulfill(body=blank_card(), content_type="image/png"),
        )
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))
        if signed_in:
            page.goto(reverse("login"))
            page.locator("#main").get_by_label("Username").fill("alice")
            page.locator("#main").get_by_label("Password").fill(PASSWORD)
            page.locator("#main").get_by_role("button", name="Log in").click()
            page.wait_for_url(lambda url: "/accounts/login/" not in url)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


# -- the Content-Security-Policy, enforced ---------------------------------------------------

# Kept from the page's first script on, so that nothing before the page's own code is missed.
LISTEN_FOR_VIOLATIONS = """(() => {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations.push(
      `${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`
      + ` (${e.sourceFile || "the page"}:${e.lineNumber}) ${e.sample || ""}`.trim());
  });
})();"""


@pytest.fixture
def csp_enforced(settings) -> None:
    """The policy enforced, as production may set it (the live server runs in this process
    and reads the settings on each answer), with the admin's two-factor sign-in."""
    settings.KOTC_CSP = "enforce"
    settings.KOTC_ADMIN_2FA = True


def watch_policy(page: Any, found: list[str]) -> None:
    """Note what the policy blocks on the page from now on: its `securitypolicyviolation`
    events (read by `policy_blocked`) and the console's CSP messages."""

    def console(message: Any) -> None:
        if "Content Security Policy" in message.text:
            found.append(f"{page.url}: console: {message.text}")

    page.add_init_script(LISTEN_FOR_VIOLATIONS)
    page.on("console", console)


def policy_blocked(page: Any, where: str, found: list[str]) -> None:
    """Add what the policy blocked on the page as loaded, by the page and the directive."""
    found += [f"{where}: {v}" for v in page.evaluate("window.__cspViolations || []")]
