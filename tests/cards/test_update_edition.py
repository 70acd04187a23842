"""Alice updates her 14th Edition cards to the current edition: the text refurbished, the
Edition Indicator the current edition, the level as its guide computes it. She sees what would
change first (nothing saved), then saves it as a new revision; bob cannot, and a card that the
update would leave unplayable is not saved."""

from dataclasses import replace

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import PermissionDenied, ValidationError

from cards import edition_update, rules, selectors, services
from cards.models import Card
from tests.cards.conftest import WISP

pytestmark = pytest.mark.django_db

# Refurbished by the 14th and later rulebooks ("ghost-play, must pay resource cost" reads
# "hex-play"). The 14th guide levels it 7: ⌈SP 1 + HP 1 ÷ 2⌉ = 2, draw 3 (2x = 6) less
# self-bury 1 resource (x = 1). The 17th guide doubles self-bury's cost (2x = 2): 6.
HAUNT = {
    **WISP,
    "name": "Haunt",
    "level": 7,
    "hp": 1,
    "ability_text": "HAUNT: When this card in your hand is destroyed (ghost-play, must pay"
    " resource cost): self-bury 1 resource→ Draw 3 cards.",
}
HEX_PLAY = (
    "HAUNT: When this card in your hand is destroyed (hex-play): self-bury 1 resource→"
    " Draw 3 cards."
)
# Legal by the 14th guide (level 3); the 17th guide's effect is "remove up to x counters on
# each target", so updated it is not made of that guide's components.
SCRUB_TEXT = "SCRUB: Target this card; remove up to 2 counters from each target."
SCRUB = {**WISP, "name": "Scrub", "level": 3, "ability_text": SCRUB_TEXT}
# No 14th component, but an ultra card text of the 17th guide, worth 2 Ultra Points.
ALARM = {
    **WISP,
    "name": "Alarm",
    "ability_text": "ALARM: When enemy summons a minion: Draw 1 card.",
}


@pytest.fixture
def current() -> rules.Edition:
    """The current edition: the newest on file, newer than the 14th these cards are designed
    for."""
    edition = rules.current_edition()
    assert edition.number > 14, "the stories update 14th Edition cards to a newer edition"
    return edition


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def page(card: Card) -> str:
    return f"/cards/{card.pk}/update-edition/"


def api_url(card: Card) -> str:
    return f"/api/v1/cards/{card.pk}/update-edition/"


def texts(response) -> list[str]:
    return [message.message for message in get_messages(response.wsgi_request)]


# -- the service ------------------------------------------------------------------------------


def test_a_14th_card_is_refurbished_releveled_and_saved_as_a_new_revision(alice, current):
    card = services.card_create(owner=alice, definition=HAUNT)
    update = edition_update.card_edition_update(card=card)
    assert update.possible and not update.refusals
    assert update.text == HEX_PLAY
    assert [(r.original, r.new) for r in update.replacements] == [
        ("ghost-play, must pay resource cost", "hex-play")
    ]
    assert [s.kind for s in update.segments] == ["same", "removed", "inserted", "same"]
    assert (update.level_before.computed, update.level_before.guide) == (7, 14)
    assert (update.level, update.level_after.guide) == (6, current.number)
    assert "self-bury 1 resource (2x = 2)" in " ".join(update.level_after.steps)
    assert update.before.verdict == rules.Verdict.REFURBISHED
    assert update.after.verdict == rules.Verdict.LEGAL

    saved = services.card_update_to_edition(card=card, user=alice)

    assert (saved.design_edition, saved.ability_text, saved.level) == (current.number, HEX_PLAY, 6)
    newest = saved.revisions.order_by("-number").first()
    assert newest.number == 2
    assert newest.note == f"Updated to the {current.name}"
    assert newest.data["design_edition"] == current.number
    assert selectors.card_check(saved).verdict == rules.Verdict.LEGAL


def test_an_update_that_changes_only_the_edition_indicator_says_so(alice, current):
    card = services.card_create(owner=alice, definition=WISP)
    update = edition_update.card_edition_update(card=card)
    assert update.only_design_edition and update.possible
    saved = services.card_update_to_edition(card=card, user=alice)
    assert saved.design_edition == current.number
    assert (saved.ability_text, saved.level) == (WISP["ability_text"], WISP["level"])


def test_an_ultra_card_text_of_the_new_guide_brings_its_ultra_points(alice, current):
    card = services.card_create(owner=alice, definition=ALARM)
    update = edition_update.card_edition_update(card=card)
    assert (update.ultra_points_before, update.ultra_points_after) == (0, 2)
    assert update.before.verdict == rules.Verdict.INVALID  # no component of the 14th guide
    assert update.after.verdict == rules.Verdict.LEGAL and update.level == 4


def test_a_card_without_an_edition_indicator_is_given_the_current_one(alice, current):
    card = services.card_create(owner=alice, definition={**WISP, "design_edition": None})
    assert edition_update.edition_update_offered(card) == current
    saved = services.card_update_to_edition(card=card, user=alice)
    assert (saved.design_edition, saved.level) == (current.number, WISP["level"])


def test_only_the_designer_updates_a_card(alice, bob, current):
    card = services.card_create(owner=alice, definition=HAUNT, visibility="public")
    with pytest.raises(PermissionDenied):
        services.card_update_to_edition(card=card, user=bob)
    card.refresh_from_db()
    assert card.design_edition == 14 and card.revisions.count() == 1


@pytest.mark.parametrize("design", ["current", "later"])
def test_a_card_already_designed_for_the_edition_is_not_updated(alice, current, design):
    number = current.number if design == "current" else current.number + 1
    card = services.card_create(owner=alice, definition={**WISP, "design_edition": number})
    assert edition_update.edition_update_offered(card) is None
    with pytest.raises(services.EditionUpdateRefused) as refused:
        services.card_update_to_edition(card=card, user=alice)
    assert current.name in refused.value.messages[0]
    assert card.revisions.count() == 1


def test_a_card_pruned_once_updated_is_not_saved_and_says_why(alice, current):
    # An edition that redacts "Draw x cards." prunes the card whatever its design edition.
    sections = {**current.sections, "redacted": rules.Section("#redacted", "Redacted Texts")}
    redacting = replace(current, redacted=("Draw x cards.",), sections=sections)
    card = services.card_create(owner=alice, definition=HAUNT)
    update = edition_update.card_edition_update(card=card, edition=redacting)
    assert update.after.verdict == rules.Verdict.PRUNED
    assert not update.possible
    assert update.refusals[0] == (
        f"Updated to the {current.name}, “Haunt” could not be played. Pruned: the text"
        f' "Draw 3 cards." has been redacted. {redacting.see("redacted")}'
    )
    with pytest.raises(services.EditionUpdateRefused):
        services.card_update_to_edition(card=card, user=alice, edition=redacting)
    card.refresh_from_db()
    assert (card.design_edition, card.level, card.revisions.count()) == (14, 7, 1)


def test_a_card_invalid_once_updated_is_not_saved_and_says_why(alice, current):
    card = services.card_create(owner=alice, definition=SCRUB)
    assert selectors.card_check(card, 14).verdict == rules.Verdict.LEGAL
    update = edition_update.card_edition_update(card=card)
    assert update.after.verdict == rules.Verdict.INVALID
    assert any("remove up to x counters on each target" in r for r in update.refusals)
    with pytest.raises(services.EditionUpdateRefused):
        services.card_update_to_edition(card=card, user=alice)
    card.refresh_from_db()
    assert card.design_edition == 14 and card.revisions.count() == 1


def test_an_edition_not_on_file_is_a_field_error(alice):
    card = services.card_create(owner=alice, definition=WISP)
    with pytest.raises(ValidationError) as caught:
        edition_update.card_edition_update(card=card, edition=98)
    assert "no rules for edition 98" in caught.value.message_dict["edition"][0]


# -- the pages --------------------------------------------------------------------------------


def test_the_card_page_and_the_designer_offer_the_update_to_the_designer(
    alice_client, alice, bob, client, current
):
    older = services.card_create(owner=alice, definition=HAUNT, visibility="public")
    newest = services.card_create(
        owner=alice, definition={**WISP, "design_edition": current.number}
    )
    label = f"Update to the current edition ({rules.ordinal(current.number)})"
    for address in (f"/cards/{older.pk}/", f"/cards/{older.pk}/edit/"):
        html = alice_client.get(address).content.decode()
        assert label in html and page(older) in html
    assert label not in alice_client.get(f"/cards/{newest.pk}/").content.decode()
    client.force_login(bob)
    assert label not in client.get(f"/cards/{older.pk}/").content.decode()


def test_the_preview_shows_what_would_change_and_saves_nothing(alice_client, alice, current):
    card = services.card_create(owner=alice, definition=HAUNT)
    response = alice_client.get(page(card))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<del>ghost-play, must pay resource cost</del><ins>hex-play</ins>" in html
    assert "self-bury 1 resource (2x = 2)" in html  # the new guide's steps
    assert "<h3>Now: 7</h3>" in html and "<h3>Updated: 6</h3>" in html
    assert 'id="confirm-update-edition"' in html
    card.refresh_from_db()
    assert (card.design_edition, card.level, card.revisions.count()) == (14, 7, 1)


def test_the_preview_says_when_only_the_edition_indicator_changes(alice_client, alice, current):
    card = services.card_create(owner=alice, definition=WISP)
    html = alice_client.get(page(card)).content.decode()
    assert "Nothing changes but the Edition Indicator" in html
    response = alice_client.post(page(card))
    assert f"now designed for the {current.name}; nothing else" in texts(response)[0]


def test_posting_saves_the_update_and_says_so(alice_client, alice, current):
    card = services.card_create(owner=alice, definition=HAUNT)
    response = alice_client.post(page(card))
    assert response.status_code == 302 and response["Location"] == f"/cards/{card.pk}/"
    assert f"updated to the {current.name}" in texts(response)[0]
    card.refresh_from_db()
    assert (card.design_edition, card.ability_text, card.level) == (current.number, HEX_PLAY, 6)
    assert card.revisions.count() == 2


def test_a_refused_update_is_explained_and_nothing_is_saved(alice_client, alice, current):
    card = services.card_create(owner=alice, definition=SCRUB)
    html = alice_client.get(page(card)).content.decode()
    assert 'id="update-refused"' in html and 'id="confirm-update-edition"' not in html
    response = alice_client.post(page(card))
    assert response.status_code == 302 and response["Location"] == page(card)
    assert "could not be played. Invalid:" in texts(response)[0]
    card.refresh_from_db()
    assert card.design_edition == 14 and card.revisions.count() == 1


@pytest.mark.parametrize(("visibility", "status"), [("private", 404), ("public", 403)])
def test_only_the_designer_opens_the_update_page(client, alice, bob, current, visibility, status):
    card = services.card_create(owner=alice, definition=HAUNT, visibility=visibility)
    client.force_login(bob)
    assert client.get(page(card)).status_code == status
    assert client.post(page(card)).status_code == status
    card.refresh_from_db()
    assert card.design_edition == 14 and card.revisions.count() == 1


def test_someone_not_logged_in_is_sent_to_log_in(client, alice, current):
    card = services.card_create(owner=alice, definition=HAUNT, visibility="public")
    response = client.post(page(card))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


# -- the API ----------------------------------------------------------------------------------


def test_the_api_previews_the_update(api, alice, current):
    card = services.card_create(owner=alice, definition=HAUNT)
    api.force_authenticate(alice)
    body = api.get(api_url(card)).json()
    assert body["card"] == card.pk and body["edition"] == current.number
    assert body["possible"] is True and body["refusals"] == []
    assert body["only_design_edition"] is False
    assert body["design_edition"] == {"before": 14, "after": current.number}
    assert body["ability_text"]["after"] == HEX_PLAY
    assert body["ability_text"]["refurbished"][0]["new"] == "hex-play"
    assert {"kind": "inserted", "text": "hex-play"} in body["ability_text"]["changes"]
    assert body["level"]["before"]["computed"] == 7 and body["level"]["before"]["guide"] == 14
    assert (
        body["level"]["after"]["computed"] == 6
        and body["level"]["after"]["guide"] == current.number
    )
    assert body["level"]["after"]["steps"][-1] == "total 6"
    assert body["ultra_points"] == {"before": 0, "after": 0}
    assert body["verdict"]["before"]["verdict"] == "refurbished"
    assert body["verdict"]["after"] == {"verdict": "legal", "reasons": [], "warnings": []}
    card.refresh_from_db()
    assert card.design_edition == 14 and card.revisions.count() == 1


def test_the_api_applies_the_update(api, alice, current):
    card = services.card_create(owner=alice, definition=HAUNT)
    api.force_authenticate(alice)
    response = api.post(api_url(card))
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["design_edition"], body["level"], body["ability_text"]) == (
        current.number,
        6,
        HEX_PLAY,
    )
    assert body["verdict"] == "legal"
    assert Card.objects.get(pk=card.pk).revisions.count() == 2


def test_the_api_refuses_an_update_the_card_cannot_take(api, alice, current):
    card = services.card_create(owner=alice, definition=SCRUB)
    api.force_authenticate(alice)
    assert api.get(api_url(card)).json()["possible"] is False
    response = api.post(api_url(card))
    assert response.status_code == 409
    assert "could not be played. Invalid:" in response.json()["refusals"][0]
    assert Card.objects.get(pk=card.pk).revisions.count() == 1


@pytest.mark.parametrize(("visibility", "status"), [("private", 404), ("public", 403)])
def test_the_api_is_the_designers_alone(api, alice, bob, current, visibility, status):
    card = services.card_create(owner=alice, definition=HAUNT, visibility=visibility)
    assert api.get(api_url(card)).status_code == 401
    api.force_authenticate(bob)
    assert api.get(api_url(card)).status_code == status
    assert api.post(api_url(card)).status_code == status
    assert Card.objects.get(pk=card.pk).revisions.count() == 1
