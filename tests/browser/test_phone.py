"""A player on a phone (390 × 844 pixels): no page scrolls sideways, signed in or out.

Every page of the site is loaded with real data: the shipped starter deck (40 public cards,
"Wisp of the Old Ways" among them), two finished goldfish runs of it, and alice's own deck, card
and collection. None may be wider than the screen, and on every one the menu is folded into a
bar of 48 pixels at most. The site's routes are checked against the list of pages, so a page
added later is measured from the day it is added.

Then the menu opens and closes with the keyboard and says whether it is open, a card's name in
a deck list keeps the width to be read, and the designer's preview stays in sight while the
card is typed. On a desktop the menu's links are in the header, with no button."""

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
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
MENU_MOST = 48  # the folded menu's height, in CSS pixels
PASSWORD = "correct-horse-battery"  # alice's (tests/conftest.py)
LONG_NAME = "Wisp of the Old Ways"

pytestmark = pytest.mark.django_db(transaction=True)


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
    ("a public deck", lambda s: reverse("deck-detail", args=[s.starter_deck.pk])),
    ("a deck, visual", lambda s: reverse("deck-detail", args=[s.starter_deck.pk]) + "?view=visual"),
    ("my deck", lambda s: reverse("deck-detail", args=[s.alices_deck.pk])),
    ("a sample hand", lambda s: reverse("deck-sample-hand", args=[s.alices_deck.pk])),
    ("delete a deck", lambda s: reverse("deck-delete", args=[s.alices_deck.pk])),
    ("new deck", lambda s: reverse("deck-new")),
    ("import a deck", lambda s: reverse("deck-import")),
    ("print a deck", lambda s: reverse("deck-print", args=[s.starter_deck.pk])),
    ("goldfish run", lambda s: reverse("simulation-detail", args=[s.run.id])),
    ("compare with…", lambda s: reverse("simulation-compare-choose", args=[s.run.id])),
    (
        "two runs compared",
        lambda s: reverse("simulation-compare", args=[s.run.id, s.other_run.id]),
    ),
    ("goldfish policy", lambda s: reverse("goldfish-policy")),
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
    "card-preview": "the designer's live preview, inside the design page",
    "card-builder": "the designer's ability builder, inside the design page",
    "card-preview-image": "a picture",
    "card-picture": "a picture",
    "card-back": "a picture",
    "deck-panel": "part of the deck page",
    "deck-entries": "part of the deck page",
    "deck-search": "part of the deck page",
    "deck-quick-add": "part of the deck page",
    "deck-card-names": "part of the deck page",
    "deck-print-progress": "part of the print page",
    "deck-export": "a file",
    "deck-export-text": "a file",
    "deck-print-pdf": "a file",
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
            "deck-goldfish",
        )
    },
}


# The innermost elements that reach past the screen's right edge: what to fix.
WIDER_THAN_THE_SCREEN = """(screen) => [...document.querySelectorAll('body *')]
  .filter(e => e.checkVisibility() && e.getBoundingClientRect().right > screen
    && ![...e.children].some(c => c.getBoundingClientRect().right > screen))
  .slice(0, 3).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))"""


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


def expanded(page: Any, name: str) -> bool | None:
    """Whether the browser tells screen readers that the control `name` is expanded."""
    session = page.context.new_cdp_session(page)
    try:
        for node in session.send("Accessibility.getFullAXTree")["nodes"]:
            if node.get("name", {}).get("value") == name and not node.get("ignored"):
                for prop in node.get("properties", []):
                    if prop["name"] == "expanded":
                        return bool(prop["value"]["value"])
    finally:
        session.detach()
    return None


def test_every_page_of_the_site_is_measured(site):
    measured = {route_name(path(site)) for _, path in PAGES} - {None}
    unlisted = sorted(
        f"{route} ({name})"
        for route, name in routes(get_resolver().url_patterns)
        if not route.startswith(("api/", "admin/"))
        and name not in measured
        and name not in NOT_PAGES
    )
    assert not unlisted, (
        "Routes neither measured on a phone (PAGES) nor said not to be pages (NOT_PAGES): "
        + ", ".join(unlisted)
    )


@pytest.mark.browser
@pytest.mark.parametrize("signed_in", [False, True], ids=["signed out", "signed in"])
def test_no_page_is_wider_than_a_phone(site, browse, signed_in):
    page = browse(PHONE, signed_in=signed_in)
    too_wide, broken, tall_menus = [], [], []
    for label, path in PAGES:
        answer = page.goto(path(site))  # the pictures loaded too
        page.evaluate("document.fonts.ready.then(() => true)")
        if answer is None or answer.status >= 500:
            broken.append(f"{label} ({path(site)}): {answer and answer.status}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wider = page.evaluate(WIDER_THAN_THE_SCREEN, PHONE["width"])
            too_wide.append(f"{label} ({path(site)}): {width} px, {wider}")
        menu = page.locator(".site-header").bounding_box()
        if menu is None or menu["height"] > MENU_MOST:
            tall_menus.append(f"{label}: {menu and menu['height']}")
    assert not broken, f"Pages that failed: {broken}"
    assert not too_wide, f"Pages wider than a {PHONE['width']}-pixel screen: {too_wide}"
    assert not tall_menus, f"Pages whose menu is taller than {MENU_MOST} px: {tall_menus}"


@pytest.mark.browser
def test_the_menu_folds_and_opens_from_the_keyboard(site, browse):
    page = browse(PHONE, signed_in=True)
    page.goto(reverse("deck-detail", args=[site.alices_deck.pk]))
    header = page.locator(".site-header")
    button = page.locator(".menu-button")
    my_decks = header.get_by_role("link", name="My decks")
    assert header.bounding_box()["height"] <= MENU_MOST
    assert button.is_visible() and not my_decks.is_visible()
    assert expanded(page, "Menu") is False

    # From the keyboard: skip link, brand, then the menu's button, with its focus ring.
    for _ in range(3):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('menu-button')")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "solid"
    page.keyboard.press("Enter")
    my_decks.wait_for()
    assert expanded(page, "Menu") is True
    # It opens over the page: the bar keeps its height, the links fit on the screen.
    assert header.bounding_box()["height"] <= MENU_MOST
    for link in header.get_by_role("link").all():
        if link.is_visible():
            box = link.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Check a card"
    page.keyboard.press("Escape")
    assert not my_decks.is_visible()
    assert page.evaluate("document.activeElement.classList.contains('menu-button')")
    assert expanded(page, "Menu") is False

    # And with a finger.
    button.click()
    my_decks.click()
    page.wait_for_url(f"**{reverse('my-decks')}")
    assert not page.locator(".site-header").get_by_role("link", name="My decks").is_visible()


@pytest.mark.browser
@pytest.mark.parametrize("signed_in", [False, True], ids=["a public deck", "my deck"])
def test_a_long_name_in_a_deck_list_keeps_its_width(site, browse, signed_in):
    page = browse(PHONE, signed_in=signed_in)
    deck = site.alices_deck if signed_in else site.starter_deck
    page.goto(reverse("deck-detail", args=[deck.pk]))
    names = [page.locator("#deck-entries .entry-name", has_text=LONG_NAME)]
    if signed_in:  # the owner's search results list it too
        names.append(page.locator("#search-results .result-name", has_text=LONG_NAME))
    for name in names:
        name.first.wait_for()
        shown = name.first.evaluate(
            """(e) => ({width: e.getBoundingClientRect().width, cut: e.scrollWidth > e.clientWidth,
                       text: e.textContent.trim()})"""
        )
        assert shown["text"] == LONG_NAME
        assert shown["width"] >= 100, shown
        assert not shown["cut"], shown


@pytest.mark.browser
def test_the_designers_preview_stays_in_sight_while_typing(site, browse):
    page = browse(PHONE, signed_in=True)
    page.goto(reverse("card-new"))
    page.get_by_label("Name", exact=True).fill(LONG_NAME)
    page.get_by_label("Ability text").fill(
        "HAUNT: When this card in your hand is destroyed (hex-play): Draw 1 card."
    )
    # The preview has read the text.
    page.locator("#card-preview", has_text="HAUNT").locator(".card-figure img").wait_for()

    def in_sight(selector: str) -> bool:
        box = page.locator(selector).bounding_box()
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]

    # Down at the Save button, the card is still there.
    page.locator("#save-card").scroll_into_view_if_needed()
    assert in_sight("#save-card") and in_sight("#card-preview .card-figure img")
    # A field focused from there (tabbing back, say) is shown below the card, not under it.
    for label in ("Name", "Ability text", "Flavor text"):
        page.locator("#save-card").scroll_into_view_if_needed()
        field = page.get_by_label(label, exact=True)
        field.focus()
        preview = page.locator("#card-preview").bounding_box()
        assert field.bounding_box()["y"] >= preview["y"] + preview["height"] - 1, label
        assert in_sight("#card-preview .card-figure img"), label


@pytest.mark.browser
def test_on_a_desktop_the_menu_is_in_the_header(site, browse):
    page = browse(DESKTOP, signed_in=True)
    page.goto(reverse("card-new"))
    header = page.locator(".site-header")
    assert not page.locator(".menu-button").is_visible()
    for name in ("Check a card", "Cards", "My decks", "Account"):
        assert header.get_by_role("link", name=name, exact=True).is_visible()
    assert header.get_by_role("button", name="Log out").is_visible()
    assert header.bounding_box()["height"] <= 100
    # The designer's preview is beside the form, not above it.
    form = page.locator("#card-form").bounding_box()
    preview = page.locator("#card-preview").bounding_box()
    assert preview["x"] >= form["x"] + form["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
