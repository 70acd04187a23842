"""Cards shown on hover and focus: card links in a deck's primer, and the tooltip script on a page
of another site (another origin: a tiny page served from another port)."""

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from cards import services as card_services
from decks import services as deck_services
from tests.browser.pages import PHONE
from tests.browser.test_axe import violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CARD = {
    "name": "Ember Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 4,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
}


@pytest.fixture
def other_site() -> Iterator[dict]:
    """A site of someone else's on another port: serves the page put in `page["html"]`."""
    page = {"html": ""}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            body = page["html"].encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    page["url"] = f"http://127.0.0.1:{server.server_address[1]}/"
    yield page
    server.shutdown()
    server.server_close()


@pytest.fixture
def window(chromium, live_server) -> Iterator:
    context = chromium.new_context(viewport={"width": 1024, "height": 800})
    context.set_default_timeout(20_000)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def designer() -> object:
    return get_user_model().objects.create_user("ember", "ember@example.com", "kindle-41-embers")


def loaded(page, selector: str) -> None:
    page.wait_for_function(
        "s => { const i = document.querySelector(s); return i && i.complete && i.naturalWidth }",
        arg=selector,
    )


def test_a_primers_card_links_show_the_card_on_hover_and_focus(window, live_server):
    owner = designer()
    card = card_services.card_create(owner=owner, definition=CARD, visibility="public")
    deck = deck_services.deck_create(
        owner=owner,
        name="Embers",
        visibility="public",
        entries=[(card, 3)],
        description="# Plan\n\nOpen with [[ember wisp]].\n\n# Matchups\n\nRace.",
    )
    window.goto(f"{live_server.url}/decks/{deck.pk}/")
    assert window.locator(".primer-contents a").count() == 2
    link = window.locator("#deck-primer a.card-link")
    link.hover()
    tooltip = window.locator("#card-tooltip")
    tooltip.wait_for(state="visible")
    assert f"/api/v1/cards/{card.pk}/render.png" in tooltip.locator("img").get_attribute("src")
    loaded(window, "#card-tooltip img")
    assert link.get_attribute("aria-describedby") == "card-tooltip"
    window.mouse.move(0, 0)
    tooltip.wait_for(state="hidden")
    link.focus()
    tooltip.wait_for(state="visible")
    window.keyboard.press("Escape")
    tooltip.wait_for(state="hidden")


def test_another_site_shows_shared_cards_and_never_private_ones(window, live_server, other_site):
    owner = designer()
    shared = card_services.card_create(owner=owner, definition=CARD, visibility="unlisted")
    secret = card_services.card_create(
        owner=owner, definition={**CARD, "name": "Secret Engine"}, visibility="private"
    )
    other_site["html"] = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A fan page</title><script src="{live_server.url}/embed/tooltips.js" defer></script></head>
<body><main><p>
<a id="shared" href="{live_server.url}/cards/{shared.pk}/">Ember Wisp</a> ·
<a id="secret" href="{live_server.url}/cards/{secret.pk}/">Secret</a> ·
<span id="named" data-kotc-card="{shared.pk}">the wisp again</span> ·
<a id="elsewhere" href="https://example.com/cards/{shared.pk}/">not this site</a>
</p></main></body></html>"""
    window.goto(other_site["url"])
    assert not window.url.startswith(live_server.url)
    window.locator("#shared").hover()
    tooltip = window.locator("#kotc-card-tooltip")
    tooltip.wait_for(state="visible")
    image = tooltip.locator("img")
    assert image.get_attribute("src").startswith(
        f"{live_server.url}/api/v1/cards/{shared.pk}/render.png"
    )
    assert "Ember Wisp" in image.get_attribute("alt")
    loaded(window, "#kotc-card-tooltip img")
    window.mouse.move(0, 0)
    tooltip.wait_for(state="hidden")

    # The private card: its JSON is a 404, so nothing is shown, and nothing of it is read.
    with window.expect_response(lambda r: f"/embed/cards/{secret.pk}.json" in r.url) as answer:
        window.locator("#secret").hover()
    assert answer.value.status == 404
    window.wait_for_timeout(300)
    assert tooltip.is_hidden()
    assert "Secret Engine" not in window.content()

    # A plain element naming a card is reached with the keyboard.
    window.locator("#named").focus()
    tooltip.wait_for(state="visible")
    window.keyboard.press("Escape")
    tooltip.wait_for(state="hidden")
    window.locator("#elsewhere").hover()
    window.wait_for_timeout(300)
    assert tooltip.is_hidden()


def sign_in(page, user, live_server) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


@pytest.mark.once  # axe and width: the page's markup and layout (tests/conftest.py)
@pytest.mark.parametrize("signed_in", [False, True], ids=["reader", "owner"])
def test_a_primer_fits_a_phone_and_passes_axe(window, live_server, signed_in):
    owner = designer()
    card = card_services.card_create(owner=owner, definition=CARD, visibility="public")
    long_word = "Unbreakable" * 12
    primer = (
        "# Plan\n\nOpen with [[Ember Wisp]]. " + long_word + "\n\n## Early turns\n\n- one\n- two"
        "\n\n# Matchups\n\n| Deck | Plan |\n|---|---|\n| Aggro | " + long_word + " |\n\n"
        "```\n" + long_word * 2 + "\n```\n"
    )
    deck = deck_services.deck_create(
        owner=owner, name="Embers", visibility="public", entries=[(card, 3)], description=primer
    )
    if signed_in:
        sign_in(window, owner, live_server)
    window.set_viewport_size(PHONE)
    window.goto(f"{live_server.url}/decks/{deck.pk}/")
    if signed_in:
        window.locator(".deck-details-form summary").click()
        window.locator("#id_description").fill("# Changed\n\n[[Ember Wisp]] again")
        window.locator("#primer-preview h2", has_text="Changed").wait_for()
    window.locator("#deck-primer a.card-link").hover()
    window.locator("#card-tooltip").wait_for(state="visible")
    width = window.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    serious = [v for v in violations(window) if v["impact"] in {"serious", "critical"}]
    assert not serious, serious


@pytest.mark.once  # axe and width: the page's markup and layout (tests/conftest.py)
def test_the_embed_page_passes_axe_and_fits_a_phone(window, live_server):
    card_services.card_create(owner=designer(), definition=CARD, visibility="public")
    window.set_viewport_size(PHONE)
    window.goto(f"{live_server.url}/embed/")
    window.locator("#embed-example").hover()
    window.locator("#kotc-card-tooltip").wait_for(state="visible")
    assert window.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    serious = [v for v in violations(window) if v["impact"] in {"serious", "critical"}]
    assert not serious, serious
