"""A deck's description is its primer: Markdown with sections and card links, on the deck page,
previewed on its edit form, and in the API as written and as rendered."""

import pytest
from django.test import Client

from decks.models import MAX_DESCRIPTION

pytestmark = pytest.mark.django_db

PRIMER = """# Game plan

Curve out with [[Ember Wisp]] and burn with [[spark|the Spark]].

## Mulligans

Keep two minions.

# Matchups

Slow decks: race. [[Hidden Engine]] wins the long game.
"""


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def primer_deck(make_deck, make_card, alice, bob, visibility="public"):
    wisp = make_card(visibility="public")
    spark = make_card(visibility="public", name="Spark")
    hidden = make_card(visibility="private", name="Hidden Engine")
    deck = make_deck(
        visibility=visibility, description=PRIMER, entries=[(wisp, 3), (spark, 2), (hidden, 1)]
    )
    return deck, wisp, spark, hidden


def test_the_primer_shows_with_sections_contents_and_card_links(
    client, make_deck, make_card, alice, bob
):
    deck, wisp, spark, hidden = primer_deck(make_deck, make_card, alice, bob)
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert '<h2 id="primer-game-plan">Game plan</h2>' in html
    assert '<h3 id="primer-mulligans">Mulligans</h3>' in html
    assert '<nav class="primer-contents" aria-label="Primer contents">' in html
    assert '<a href="#primer-matchups">Matchups</a>' in html
    assert f'href="/cards/{wisp.pk}/" class="card-link" data-card-id="{wisp.pk}"' in html
    assert f'data-card-id="{spark.pk}" rel="nofollow ugc noopener">the Spark</a>' in html
    # The private card is named in the text, and reads as text: no link, no id.
    assert "Hidden Engine wins the long game." in html
    assert f"/cards/{hidden.pk}/" not in html


def test_the_owner_sees_links_to_their_own_private_cards(make_deck, make_card, alice, bob):
    deck, _, _, hidden = primer_deck(make_deck, make_card, alice, bob)
    html = logged_in(alice).get(f"/decks/{deck.pk}/").content.decode()
    assert f'href="/cards/{hidden.pk}/" class="card-link"' in html


def test_one_section_has_no_table_of_contents(client, make_deck):
    deck = make_deck(visibility="public", description="# Plan\n\nAttack.")
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert '<h2 id="primer-plan">Plan</h2>' in html and "primer-contents" not in html


def test_a_plain_description_still_reads_as_written(client, make_deck):
    deck = make_deck(visibility="public", description="Fast deck.\nAttack early.\n\n<b>hot</b>")
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "<p>Fast deck.<br>\nAttack early.</p>" in html
    assert "&lt;b&gt;hot&lt;/b&gt;" in html and "<b>hot</b>" not in html


def test_hostile_primers_stay_text(client, make_deck):
    text = "<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n" + "[[ ]]" * 3000
    deck = make_deck(visibility="public", description=text)
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    primer = html.split('<div class="primer-text">', 1)[1].split("</div>", 1)[0]
    assert "<script" not in primer and 'href="javascript:' not in primer
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in primer


def test_the_edit_form_previews_the_primer(make_deck, make_card, alice, bob):
    deck, wisp, _, _ = primer_deck(make_deck, make_card, alice, bob)
    html = logged_in(alice).get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="primer-preview"' in html and 'hx-post="/markup/preview/"' in html
    assert 'id="id_description"' in html
    preview = logged_in(alice).post("/markup/preview/", {"description": "# New\n\n[[Ember Wisp]]"})
    assert preview.status_code == 200
    body = preview.content.decode()
    assert '<h2 id="preview-new">New</h2>' in body
    assert f'href="/cards/{wisp.pk}/"' in body


def test_the_preview_is_for_those_logged_in_and_needs_its_csrf_token(client, alice):
    response = client.post("/markup/preview/", {"description": "x"})
    assert response.status_code == 302 and "/login" in response["Location"]
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post("/markup/preview/", {"description": "x"}).status_code == 403
    assert logged_in(alice).get("/markup/preview/").status_code == 405


def test_the_preview_of_nothing(alice):
    body = logged_in(alice).post("/markup/preview/", {}).content.decode()
    assert "Nothing to preview yet." in body


def test_the_api_returns_the_primer_as_written_and_rendered(api, make_deck, make_card, alice, bob):
    deck, wisp, _, hidden = primer_deck(make_deck, make_card, alice, bob)
    data = api.get(f"/api/v1/decks/{deck.pk}/").json()
    assert data["description"] == PRIMER.strip()
    assert '<h2 id="section-game-plan">Game plan</h2>' in data["description_html"]
    assert f"/cards/{wisp.pk}/" in data["description_html"]
    assert f"/cards/{hidden.pk}/" not in data["description_html"]
    api.force_authenticate(alice)
    assert f"/cards/{hidden.pk}/" in api.get(f"/api/v1/decks/{deck.pk}/").json()["description_html"]


def test_a_primer_may_be_long(api, alice):
    api.force_authenticate(alice)
    text = ("## Section\n\n" + "word " * 200 + "\n\n") * 15
    assert 2000 < len(text.strip()) <= MAX_DESCRIPTION
    response = api.post("/api/v1/decks/", {"name": "Long", "description": text}, format="json")
    assert response.status_code == 201
    assert response.json()["description"] == text.strip()
