"""Cards, revisions, verdicts, forks and collections, through the services."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from cards import revisions, rules, selectors, services, verdicts
from cards.models import Card, CardRevision, CardVerdict, CollectionEntry
from tests.cards.conftest import WISP, png_bytes

pytestmark = pytest.mark.django_db

# A 13th Edition wording that the 14th refurbishes; read as refurbished, it is one of the 14th
# guide's conditions, and WISP's level stays right (the condition adds nothing).
GHOST = (
    "WAIL: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
    " Draw 1 card."
)


def test_creating_a_card_saves_revision_one_and_puts_it_in_the_collection(alice):
    card = services.card_create(owner=alice, definition=WISP)
    assert card.definition() == WISP
    assert card.visibility == Card.Visibility.PRIVATE
    assert [r.number for r in card.revisions.all()] == [1]
    assert card.revisions.get().data == {**WISP, "image": ""}
    assert CollectionEntry.objects.get(owner=alice, card=card).copies == 0


def test_verdicts_are_stored_for_every_edition(alice):
    card = services.card_create(owner=alice, definition=WISP)
    stored = dict(CardVerdict.objects.filter(card=card).values_list("edition", "verdict"))
    assert set(stored) == set(rules.load_editions())
    assert stored[14] == "legal"
    assert CardVerdict.objects.get(card=card, edition=14).playable


def test_spells_lose_sp_and_hp(alice):
    card = services.card_create(owner=alice, definition={**WISP, "kind": "spell"})
    assert (card.sp, card.hp) == (None, None)


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"level": 2.5}, "level", "whole number"),
        ({"level": "2.5"}, "level", "whole number"),
        ({"level": -1}, "level", "0 or more"),
        ({"level": None}, "level", "required"),
        ({"level": True}, "level", "whole number"),
        ({"level": 1000}, "level", "at most 999"),
        ({"sp": None}, "sp", "required for minions"),
        ({"hp": 1.5}, "hp", "whole number"),
        ({"name": "  "}, "name", "needs a name"),
        ({"name": "x" * 101}, "name", "limit is 100"),
        ({"kind": "creature"}, "kind", "minion or a spell"),
        ({"ability_text": "x" * 2001}, "ability_text", "limit is 2000"),
        ({"flavor_text": "x" * 501}, "flavor_text", "limit is 500"),
        ({"design_edition": 0}, "design_edition", "1 or more"),
        ({"design_edition": 100}, "design_edition", "at most 99"),
    ],
)
def test_bad_definitions_are_refused_with_field_errors(alice, change, field, message):
    with pytest.raises(ValidationError) as caught:
        services.card_create(owner=alice, definition={**WISP, **change})
    assert field in caught.value.message_dict
    assert message in " ".join(caught.value.message_dict[field])
    assert not Card.objects.exists()


def test_integral_floats_and_digit_strings_are_whole_numbers(alice):
    card = services.card_create(owner=alice, definition={**WISP, "level": 3.0, "sp": "2"})
    assert (card.level, card.sp) == (3, 2)


def test_editing_adds_a_revision_only_when_the_printed_card_changes(alice):
    card = services.card_create(owner=alice, definition=WISP)
    card = services.card_update(card=card, user=alice, definition={"level": 2})
    card = services.card_update(card=card, user=alice, definition={"level": 2})
    card = services.card_update(card=card, user=alice, visibility="public")
    assert [r.number for r in card.revisions.all()] == [1, 2]
    assert card.visibility == "public" and card.level == 2


def test_only_the_owner_may_change_or_delete(alice, bob):
    card = services.card_create(owner=alice, definition=WISP)
    with pytest.raises(PermissionDenied):
        services.card_update(card=card, user=bob, definition={"level": 2})
    with pytest.raises(PermissionDenied):
        services.card_delete(card=card, user=bob)
    card.refresh_from_db()
    assert card.level == WISP["level"]


def test_a_failed_update_changes_nothing(alice):
    card = services.card_create(owner=alice, definition=WISP)
    with pytest.raises(ValidationError):
        services.card_update(card=card, user=alice, definition={"name": "New", "level": 2.5})
    card.refresh_from_db()
    assert card.name == "Wisp" and card.revisions.count() == 1


def test_refurbishing_saves_the_new_text_as_a_new_revision(alice):
    card = services.card_create(owner=alice, definition={**WISP, "ability_text": GHOST})
    assert selectors.current_verdict(card) == "refurbished"
    # Refurbished for the current edition, the one its verdict is shown under.
    current = rules.current_edition()
    card = services.card_refurbish(card=card, user=alice)
    assert card.ability_text == (
        "WAIL: When this card in your hand is destroyed (hex-play): Draw 1 card."
    )
    latest = card.revisions.order_by("-number").first()
    assert latest.number == 2 and f"Refurbished for the {current.name}" in latest.note
    assert CardVerdict.objects.get(card=card, edition=current.number).verdict == "legal"


def test_refurbishing_a_legal_card_is_refused(alice):
    card = services.card_create(owner=alice, definition=WISP)
    with pytest.raises(ValidationError, match="nothing to rewrite"):
        services.card_refurbish(card=card, user=alice)


def test_forking_copies_the_card_and_credits_the_original(alice, bob):
    original = services.card_create(
        owner=alice, definition=WISP, visibility="public", image=png_bytes()
    )
    copy = services.card_fork(card=original, user=bob)
    assert copy.owner == bob and copy.forked_from == original
    assert copy.definition() == original.definition()
    assert copy.image.name == original.image.name
    assert copy.visibility == "private"
    assert (copy.forked_from_name, copy.forked_from_owner) == ("Wisp", "alice")
    assert "Copied from “Wisp” by alice" in copy.revisions.get().note
    assert CollectionEntry.objects.filter(owner=bob, card=copy).exists()
    original_pk = original.pk
    services.card_delete(card=original, user=alice)
    copy.refresh_from_db()
    assert copy.forked_from is None and copy.forked_from_owner == "alice"
    assert not Card.objects.filter(pk=original_pk).exists()


def test_private_cards_of_others_cannot_be_forked(alice, bob):
    card = services.card_create(owner=alice, definition=WISP)
    with pytest.raises(PermissionDenied):
        services.card_fork(card=card, user=bob)


def test_collection_counts(alice, bob):
    own = services.card_create(owner=alice, definition=WISP)
    other = services.card_create(
        owner=bob, definition={**WISP, "kind": "spell"}, visibility="public"
    )
    entry, created = services.collection_add(user=alice, card=other, copies=3)
    assert created and entry.copies == 3
    entry, created = services.collection_add(user=alice, card=other)
    assert not created and entry.copies == 3
    services.collection_set_copies(
        entry=CollectionEntry.objects.get(owner=alice, card=own), copies=2
    )
    totals = selectors.collection_totals(user=alice)
    assert (totals.cards, totals.copies, totals.minions, totals.spells) == (2, 5, 1, 1)
    assert (totals.own, totals.saved) == (1, 1)
    assert set(selectors.collection_cards(alice)) == {own, other}


def test_saved_cards_that_go_private_leave_the_collection_view(alice, bob):
    other = services.card_create(owner=bob, definition=WISP, visibility="public")
    services.collection_add(user=alice, card=other, copies=1)
    services.card_update(card=other, user=bob, visibility="private")
    assert list(selectors.collection_cards(alice)) == []


def test_own_cards_cannot_leave_the_collection(alice):
    card = services.card_create(owner=alice, definition=WISP)
    with pytest.raises(ValidationError, match="stay in your collection"):
        services.collection_remove(entry=CollectionEntry.objects.get(card=card))


@pytest.mark.parametrize("copies", [-1, 2.5, "x", 10000, None])
def test_copies_must_be_a_sensible_whole_number(alice, copies):
    card = services.card_create(owner=alice, definition=WISP)
    with pytest.raises(ValidationError):
        services.collection_set_copies(entry=CollectionEntry.objects.get(card=card), copies=copies)


def test_images_are_stored_once_and_deleted_when_no_card_uses_them(
    alice, bob, media_files, django_capture_on_commit_callbacks
):
    picture = png_bytes()
    first = services.card_create(owner=alice, definition=WISP, image=picture)
    second = services.card_create(owner=bob, definition=WISP, image=picture)
    assert first.image.name == second.image.name
    assert media_files() == [first.image.name]
    with django_capture_on_commit_callbacks(execute=True):
        services.card_delete(card=first, user=alice)
    assert media_files() == [second.image.name]
    with django_capture_on_commit_callbacks(execute=True):
        services.card_delete(card=second, user=bob)
    assert media_files() == []


def test_replaced_images_stay_for_the_history(alice, media_files):
    card = services.card_create(owner=alice, definition=WISP, image=png_bytes(color="red"))
    old = card.image.name
    card = services.card_update(card=card, user=alice, image=png_bytes(color="blue"))
    assert card.image.name != old
    assert old in media_files()
    card = services.card_update(card=card, user=alice, image=None)
    assert not card.image
    assert [r.data["image"] != "" for r in card.revisions.all()] == [True, True, False]


def test_history_lists_field_changes_newest_first(alice):
    card = services.card_create(owner=alice, definition=WISP)
    card = services.card_update(
        card=card, user=alice, definition={"ability_text": "WHISPER: Draw 2 cards.", "level": 6}
    )
    history = revisions.card_history(card=card, user=card.owner)
    assert [view.revision.number for view in history] == [2, 1]
    changes = {change.field: change for change in history[0].changes}
    assert set(changes) == {"ability_text", "level"}
    assert (changes["level"].old, changes["level"].new) == (4, 6)
    pieces = [(p.kind, p.text) for p in changes["ability_text"].pieces]
    assert ("removed", "1") in pieces and ("inserted", "2") in pieces
    assert ("removed", "card") in pieces and ("inserted", "cards") in pieces


def test_refreshing_verdicts_finds_stale_rows(alice):
    card = services.card_create(owner=alice, definition=WISP)
    assert verdicts.verdicts_refresh() == 0
    CardVerdict.objects.filter(card=card, edition=14).update(rules_version="old", verdict="pruned")
    CardVerdict.objects.filter(card=card, edition=13).delete()
    assert verdicts.verdicts_refresh() == 1
    assert CardVerdict.objects.get(card=card, edition=14).verdict == "legal"
    assert CardVerdict.objects.filter(card=card).count() == len(rules.load_editions())
    assert verdicts.verdicts_refresh(everything=True) == 1


def test_import_makes_a_private_card_with_a_note(alice):
    card = services.card_import(owner=alice, data={**WISP, "unknown": "ignored"})
    assert card.definition() == WISP
    assert card.revisions.get().note == "Imported"
    assert CardRevision.objects.count() == 1


def test_restoring_a_revision_brings_back_the_card_and_its_picture(alice):
    card = services.card_create(owner=alice, definition=WISP, image=png_bytes(color="red"))
    first_image = card.image.name
    card = services.card_update(
        card=card, user=alice, definition={"name": "Changed", "level": 5}, image=None
    )
    card = services.card_restore(card=card, user=alice, number=1)
    assert card.definition() == WISP and card.image.name == first_image
    latest = card.revisions.order_by("-number").first()
    assert latest.number == 3 and latest.note == "Restored revision 1"
    with pytest.raises(ValidationError, match="no revision 9"):
        services.card_restore(card=card, user=alice, number=9)


def test_admin_edits_keep_verdicts_fresh(admin_client, alice):
    card = services.card_create(owner=alice, definition=WISP)
    page = admin_client.get(f"/admin/cards/card/{card.pk}/change/")
    assert page.status_code == 200
    data = {
        **WISP,
        "owner": alice.pk,
        "design_edition": 11,
        "visibility": "private",
        "forked_from": "",
        "forked_from_name": "",
        "forked_from_owner": "",
        "art_zoom": 1,
        "art_x": 0.5,
        "art_y": 0.5,
        "revisions-TOTAL_FORMS": 0,
        "revisions-INITIAL_FORMS": 0,
        "verdicts-TOTAL_FORMS": 0,
        "verdicts-INITIAL_FORMS": 0,
    }
    response = admin_client.post(f"/admin/cards/card/{card.pk}/change/", data)
    assert response.status_code == 302, response.content[:2000]
    assert CardVerdict.objects.get(card=card, edition=14).verdict == "pruned"


# -- stored verdicts follow the Card Building Guide --------------------------------------------


def test_migrate_rejudges_verdicts_stored_before_the_guides_so_legal_14_means_playable(
    alice, inline_refresh
):
    from django.core.management import call_command

    from cards.search import filter_cards

    def legal_14() -> set[str]:
        return set(filter_cards(Card.objects.all(), "legal:14").values_list("name", flat=True))

    services.card_create(owner=alice, definition=WISP)
    services.card_create(owner=alice, definition={**WISP, "name": "Brute", "sp": 9, "hp": 9})
    services.card_create(
        owner=alice,
        definition={
            **WISP,
            "name": "Tide Sprite",
            "ability_text": "RIPPLE: When this card is summoned: Draw 1 card.",
        },
    )
    services.card_create(owner=alice, definition={**WISP, "name": "Haunt", "ability_text": GHOST})
    assert legal_14() == {"Wisp", "Haunt"}

    # As stored by rules that took any level and any text.
    CardVerdict.objects.update(verdict="legal", playable=True, rules_version="before the guides")
    Card.objects.update(playable_in=sorted(rules.load_editions()))
    assert legal_14() == {"Wisp", "Brute", "Tide Sprite", "Haunt"}

    call_command("migrate", verbosity=0)  # queues the refresh (inline_refresh runs it)

    assert legal_14() == {"Wisp", "Haunt"}
    assert CardVerdict.objects.get(card__name="Brute", edition=14).verdict == "invalid"
    assert CardVerdict.objects.get(card__name="Haunt", edition=14).verdict == "refurbished"
