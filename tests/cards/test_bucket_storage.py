"""Pictures, drawn cards and print images in an S3 bucket (moto's S3 server over HTTP), as a
site with several web machines keeps them: every machine reads the same files, a private
picture goes out as a short-lived signed link after the site's check, a public one as a link
any cache may keep."""

from urllib.parse import parse_qs, urlparse

import pytest
import requests
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile

from cards import services
from decks import services as deck_services

from .conftest import WISP, png_bytes

pytestmark = pytest.mark.django_db


def objects(s3) -> set[str]:
    listed = s3.list_objects_v2(Bucket=s3.bucket).get("Contents", [])
    return {item["Key"] for item in listed}


def picture_card(owner, visibility="private", color="purple"):
    upload = SimpleUploadedFile("art.png", png_bytes(color=color), content_type="image/png")
    return services.card_create(owner=owner, definition=WISP, image=upload, visibility=visibility)


def signed_link(response) -> tuple[str, dict[str, list[str]]]:
    assert response.status_code == 302, response.status_code
    link = response["Location"]
    return link, parse_qs(urlparse(link).query)


def test_a_picture_is_stored_in_the_bucket_and_the_api_links_to_the_site(api, alice, s3_storage):
    card = picture_card(alice)
    assert card.image.name in objects(s3_storage)
    api.force_authenticate(alice)
    image = api.get(f"/api/v1/cards/{card.pk}/").json()["image"]
    # The site's address, which checks who asks; never the bucket's.
    assert image == f"http://testserver/media/{card.image.name}"


def test_a_private_picture_is_a_short_signed_link_for_its_designer_only(
    client, alice, bob, s3_storage
):
    card = picture_card(alice)
    url = f"/media/{card.image.name}"
    client.force_login(alice)
    answer = client.get(url)
    link, query = signed_link(answer)
    assert query["X-Amz-Expires"] == ["300"]
    assert answer["Cache-Control"] == "private, no-store"
    fetched = requests.get(link, timeout=10)
    assert fetched.status_code == 200
    assert fetched.content == default_storage.open(card.image.name).read()

    client.force_login(bob)
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404
    # The bucket itself answers no one without a signature.
    unsigned = link.split("?")[0]
    assert requests.get(unsigned, timeout=10).status_code == 403


def test_a_public_picture_is_a_link_any_cache_may_keep(client, alice, s3_storage):
    card = picture_card(alice, visibility="public")
    answer = client.get(f"/media/{card.image.name}")
    link, query = signed_link(answer)
    assert query["X-Amz-Expires"] == ["7200"]  # outlives the hour a cache keeps the redirect
    assert answer["Cache-Control"] == "public, max-age=3600"
    assert requests.get(link, timeout=10).status_code == 200


def test_drawn_cards_and_prints_are_kept_in_the_bucket(api, alice, s3_storage):
    card = picture_card(alice, color="teal")
    api.force_authenticate(alice)
    drawn = api.get(f"/api/v1/cards/{card.pk}/render.png")
    assert drawn.status_code == 200 and drawn["Content-Type"] == "image/png"
    assert any(key.startswith("renders/") for key in objects(s3_storage))
    # Drawing it again reads the stored one.
    assert api.get(f"/api/v1/cards/{card.pk}/render.png").content == drawn.content

    deck = deck_services.deck_create(owner=alice, name="Teal", entries=[(card, 40)])
    pdf = api.get(f"/api/v1/decks/{deck.pk}/print.pdf")
    assert pdf.status_code == 200, pdf.content[:200]
    assert pdf.content.startswith(b"%PDF")
    assert any(key.endswith("-print.jpg") for key in objects(s3_storage))


def test_a_second_web_machine_serves_what_the_first_stored(client, alice, s3_storage, settings):
    """Nothing is on this machine's disk: the file comes from the bucket."""
    card = picture_card(alice, visibility="public", color="olive")
    settings.MEDIA_ROOT = "/nonexistent/on/this/machine"
    link, _query = signed_link(client.get(f"/media/{card.image.name}"))
    assert requests.get(link, timeout=10).status_code == 200
