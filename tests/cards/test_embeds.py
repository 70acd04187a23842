"""Link previews (Open Graph tags and images), oEmbed, and the card JSON other sites read: each
shows what anyone with the link may see, and never a private card."""

import io
import json

import pytest
from django.test import Client
from PIL import Image, ImageChops, ImageStat

from cards import og_images, renders, services
from decks import services as deck_services

from .conftest import WISP

pytestmark = pytest.mark.django_db


def png(response) -> Image.Image:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "image/png"
    return Image.open(io.BytesIO(b"".join(response) if response.streaming else response.content))


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# -- the card's preview image -----------------------------------------------------------------


def test_a_cards_preview_image_is_the_card_as_printed(client, make_card):
    card = make_card(visibility="public")
    image = png(client.get(f"/cards/{card.pk}/og.png"))
    assert image.size == (og_images.WIDTH, og_images.HEIGHT)
    render = Image.open(io.BytesIO(renders.card_render(card=card).content)).convert("RGB")
    height = og_images.HEIGHT - 2 * og_images.MARGIN
    width = round(render.width * height / render.height)
    expected = render.resize((width, height), Image.Resampling.LANCZOS)
    left = (og_images.WIDTH - width) // 2
    shown = image.convert("RGB").crop(
        (left, og_images.MARGIN, left + width, og_images.MARGIN + height)
    )
    difference = ImageStat.Stat(ImageChops.difference(shown, expected)).mean
    assert max(difference) < 2


def test_the_preview_image_changes_with_the_card(client, make_card, alice):
    card = make_card(visibility="public")
    before = client.get(f"/cards/{card.pk}/og.png")
    assert before["Cache-Control"] == "public, max-age=3600"
    again = client.get(f"/cards/{card.pk}/og.png", HTTP_IF_NONE_MATCH=before["ETag"])
    assert again.status_code == 304
    services.card_update(card=card, user=alice, definition={**WISP, "flavor_text": "Changed."})
    after = client.get(f"/cards/{card.pk}/og.png", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert after.content != before.content


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_shared_cards_preview_images_are_anyones(client, make_card, bob, visibility):
    card = make_card(visibility=visibility)
    assert client.get(f"/cards/{card.pk}/og.png").status_code == 200
    assert logged_in(bob).get(f"/cards/{card.pk}/og.png").status_code == 200


def test_a_private_cards_preview_image_is_its_designers_alone(client, make_card, alice, bob):
    card = make_card(visibility="private")
    assert client.get(f"/cards/{card.pk}/og.png").status_code == 404
    assert logged_in(bob).get(f"/cards/{card.pk}/og.png").status_code == 404
    own = logged_in(alice).get(f"/cards/{card.pk}/og.png")
    assert own.status_code == 200 and own["Cache-Control"].startswith("private")
    assert client.get("/cards/999999/og.png").status_code == 404


# -- the deck's preview image -----------------------------------------------------------------


def test_a_decks_preview_never_draws_a_card_others_may_not_see(client, make_card, alice, bob):
    secret = make_card(visibility="private", name="Secret")
    shared = make_card(visibility="public", name="Shared")
    deck = deck_services.deck_create(
        owner=alice, name="Mixed", visibility="public", entries=[(secret, 2), (shared, 2)]
    )
    for viewer in (client, logged_in(bob), logged_in(alice)):
        response = viewer.get(f"/decks/{deck.pk}/og.png")
        assert png(response).size == (og_images.WIDTH, og_images.HEIGHT)
        assert response["ETag"] == f'"og-{og_images.deck_og_key([shared])}"'
    only_secret = deck_services.deck_create(
        owner=alice, name="Hidden", visibility="unlisted", entries=[(secret, 1)]
    )
    response = client.get(f"/decks/{only_secret.pk}/og.png")
    assert response["ETag"] == f'"og-{og_images.deck_og_key([])}"'


def test_a_private_decks_preview_image_is_a_404_to_others(client, alice, bob):
    deck = deck_services.deck_create(owner=alice, name="Mine", visibility="private")
    assert client.get(f"/decks/{deck.pk}/og.png").status_code == 404
    assert logged_in(bob).get(f"/decks/{deck.pk}/og.png").status_code == 404
    assert logged_in(alice).get(f"/decks/{deck.pk}/og.png").status_code == 200


# -- the tags on the pages --------------------------------------------------------------------


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_shared_card_pages_carry_preview_tags(client, make_card, visibility):
    card = make_card(visibility=visibility, name="Ember & Ash")
    html = client.get(f"/cards/{card.pk}/").content.decode()
    assert '<meta property="og:title" content="Ember &amp; Ash">' in html
    assert f'<meta property="og:url" content="http://testserver/cards/{card.pk}/">' in html
    assert f'content="http://testserver/cards/{card.pk}/og.png?v=' in html
    assert '<meta name="twitter:card" content="summary_large_image">' in html
    assert 'type="application/json+oembed"' in html
    assert f"url=http%3A%2F%2Ftestserver%2Fcards%2F{card.pk}%2F" in html


def test_a_private_card_page_carries_no_preview_tags(make_card, alice):
    card = make_card(visibility="private")
    html = logged_in(alice).get(f"/cards/{card.pk}/").content.decode()
    assert "og:title" not in html and "json+oembed" not in html


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_shared_deck_pages_carry_preview_tags(client, alice, visibility):
    deck = deck_services.deck_create(
        owner=alice, name="Embers", visibility=visibility, description="# Plan\n\nGo **wide**."
    )
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert '<meta property="og:title" content="Embers">' in html
    assert '<meta property="og:description" content="Plan Go wide.">' in html
    assert f'content="http://testserver/decks/{deck.pk}/og.png?v=' in html
    assert "json+oembed" in html


def test_a_private_deck_page_carries_no_preview_tags(alice):
    deck = deck_services.deck_create(owner=alice, name="Embers", visibility="private")
    html = logged_in(alice).get(f"/decks/{deck.pk}/").content.decode()
    assert "og:title" not in html and "json+oembed" not in html


# -- oEmbed -----------------------------------------------------------------------------------


def oembed(client, url, **params):
    return client.get("/oembed/", {"url": url, **params})


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_oembed_answers_for_shared_cards(client, make_card, visibility):
    card = make_card(visibility=visibility)
    response = oembed(client, f"http://testserver/cards/{card.pk}/", maxwidth=200)
    assert response.status_code == 200
    data = response.json()
    assert data["version"] == "1.0" and data["type"] == "rich"
    assert data["title"] == card.name and data["width"] <= 200 and data["height"] <= 280
    assert f'href="http://testserver/cards/{card.pk}/"' in data["html"]
    assert f'width="{data["width"]}"' in data["html"]
    assert data["thumbnail_url"].startswith(f"http://testserver/api/v1/cards/{card.pk}/render.png")
    full = oembed(client, f"http://testserver/cards/{card.pk}/").json()
    assert (full["width"], full["height"]) == (750, 1050)
    short = oembed(client, f"http://testserver/cards/{card.pk}/", maxheight=525).json()
    assert (short["width"], short["height"]) == (375, 525)


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_oembed_answers_for_shared_decks(client, alice, visibility):
    deck = deck_services.deck_create(owner=alice, name="Embers", visibility=visibility)
    data = oembed(client, f"http://testserver/decks/{deck.pk}/", maxwidth=600).json()
    assert data["type"] == "rich" and data["title"] == "Embers"
    assert (data["width"], data["height"]) == (600, 315)
    assert f"http://testserver/decks/{deck.pk}/og.png" in data["html"]


def test_oembed_is_a_404_for_private_things(client, make_card, alice, bob):
    card = make_card(visibility="private")
    deck = deck_services.deck_create(owner=alice, name="Mine", visibility="private")
    for url in (f"http://testserver/cards/{card.pk}/", f"http://testserver/decks/{deck.pk}/"):
        assert oembed(client, url).status_code == 404
        assert oembed(logged_in(bob), url).status_code == 404
        assert card.name not in oembed(client, url).content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "http://testserver/rulebook/",
        "http://testserver/cards/",
        "http://testserver/cards/999999/",
        "http://testserver/cards/99999999999999999999/",
        "https://elsewhere.example/cards/1/",
        "javascript:alert(1)",
        "/cards/1/",
        "nonsense",
        "http://[::1",
        "http://testserver/" + "a" * 3000,
    ],
)
def test_oembed_is_a_404_for_addresses_that_name_nothing(client, url):
    response = oembed(client, url)
    assert response.status_code == 404
    assert response.json() == {"detail": "No card or deck has this address."}


def test_oembed_refuses_other_formats_and_bad_sizes(client, make_card):
    card = make_card(visibility="public")
    url = f"http://testserver/cards/{card.pk}/"
    assert oembed(client, url, format="xml").status_code == 501
    assert oembed(client, url, format="json").status_code == 200
    assert oembed(client, url, maxwidth="wide").status_code == 400
    assert oembed(client, url, maxwidth="0").status_code == 400
    assert oembed(client, url, maxheight="-5").status_code == 400
    assert client.get("/oembed/").status_code == 400


# -- the card JSON other sites read -----------------------------------------------------------


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_the_card_json_is_for_any_site(client, make_card, visibility):
    card = make_card(visibility=visibility)
    response = client.get(f"/embed/cards/{card.pk}.json", HTTP_ORIGIN="http://other.example")
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    data = response.json()
    assert data["id"] == card.pk and data["name"] == card.name
    assert data["url"] == f"http://testserver/cards/{card.pk}/"
    assert data["image"].startswith(f"http://testserver/api/v1/cards/{card.pk}/render.png?")
    assert "Access-Control-Allow-Credentials" not in response


def test_the_card_json_never_holds_a_private_card_even_for_its_designer(make_card, alice, client):
    card = make_card(visibility="private", name="Secret Engine")
    for viewer in (client, logged_in(alice)):
        response = viewer.get(f"/embed/cards/{card.pk}.json")
        assert response.status_code == 404
        assert "Secret" not in response.content.decode()
    assert client.get("/embed/cards/99999999999999.json").status_code == 404


def test_only_the_card_json_is_open_to_other_sites(client, make_card):
    card = make_card(visibility="public")
    for url in (f"/cards/{card.pk}/", f"/cards/{card.pk}/og.png", "/oembed/?url=x", "/embed/"):
        assert "Access-Control-Allow-Origin" not in client.get(url)


def test_the_embed_page_and_script(client, make_card):
    card = make_card(visibility="public", name="Shown Card")
    page = client.get("/embed/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "&lt;script src=&quot;http://testserver/embed/tooltips.js&quot;" in html or (
        "http://testserver/embed/tooltips.js" in html
    )
    assert f'data-kotc-card="{card.pk}"' in html.replace("&quot;", '"')
    script = client.get("/embed/tooltips.js")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("text/javascript")
    assert b"/embed/cards/" in script.content


def test_the_card_json_is_json(client, make_card):
    card = make_card(visibility="public")
    assert json.loads(client.get(f"/embed/cards/{card.pk}.json").content)["id"] == card.pk
