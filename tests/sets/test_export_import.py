"""/sets/{id}/export.zip and /sets/import/: alice's released set as a ZIP (each card's PNG,
set.json, a Cockatrice custom set), read back by bob as his own private cards crediting her;
wrong, too big or hostile files are a clear form error, and nothing is half-saved."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.models import Card
from sets.models import CardSet
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def exported(client, card_set) -> bytes:
    answer = client.get(f"/sets/{card_set.pk}/export.zip")
    assert answer.status_code == 200
    return answer.content


def upload(content: bytes, name: str = "set.zip") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/zip")


def test_bob_imports_alices_released_set(client, alice, bob):
    card_set = make_set(alice, "released", cards=make_cards(alice, 3))
    client.force_login(bob)
    content = exported(client, card_set)
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        names = archive.namelist()
        document = json.loads(archive.read("set.json"))
        xml = archive.read("cockatrice-set.xml").decode()
    assert [n for n in names if n.startswith("cards/")] == [
        "cards/001-card-1.png",
        "cards/002-card-2.png",
        "cards/003-card-3.png",
    ]
    assert document["designers"] == ["alice"] and len(document["cards"]) == 3
    assert "<name>EMB</name>" in xml
    answer = client.post("/sets/import/", {"file": upload(content)})
    assert answer.status_code == 302, answer.content.decode()[:3000]
    copy = CardSet.objects.get(owner=bob)
    assert copy.code == "EMB" and not copy.released
    cards = [entry.card for entry in copy.entries.select_related("card").order_by("position")]
    assert [c.name for c in cards] == ["Card 1", "Card 2", "Card 3"]
    assert {(c.visibility, c.forked_from_owner, c.imported) for c in cards} == {
        ("private", "alice", True)
    }
    assert "Designed by alice" in copy.description


def zip_of(files: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return out.getvalue()


GOOD_CARD = {
    "number": 1,
    "designer": "alice",
    "card": {
        "name": "Wisp",
        "kind": "minion",
        "design_edition": 14,
        "level": 1,
        "sp": 1,
        "hp": 2,
        "ability_text": "",
        "flavor_text": "",
    },
}


def document(**fields) -> bytes:
    body = {
        "format": "kotc-set",
        "version": 1,
        "name": "Wisps",
        "code": "WSP",
        "description": "",
        "edition": 14,
        "designers": ["alice"],
        "cards": [GOOD_CARD],
        **fields,
    }
    return json.dumps(body).encode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"PK\x03\x04 not really a zip", "not a ZIP"),
        (zip_of({"readme.txt": b"hi"}), "no set.json"),
        (zip_of({"set.json": b"{" * 10}), "cannot be read"),
        (zip_of({"set.json": b" " * 3_000_000}), "packed too tightly"),
        (zip_of({"set.json": b'{"format": "deck"}'}), "not a set"),
        (zip_of({"set.json": document(cards=[])}), "no cards"),
        (zip_of({"set.json": document(code="bad code")}), "code"),
        (
            zip_of(
                {
                    "set.json": document(
                        cards=[GOOD_CARD, {"number": 2, "card": {"name": "Half", "kind": "dragon"}}]
                    )
                }
            ),
            "Card 2",
        ),
        (zip_of({f"f{n}": b"" for n in range(1000)}), "holds 1,000 files"),
    ],
)
def test_wrong_or_hostile_files_are_a_form_error_and_save_nothing(client, bob, content, message):
    client.force_login(bob)
    answer = client.post("/sets/import/", {"file": upload(content)})
    assert answer.status_code == 400
    assert message in answer.content.decode()
    assert not Card.objects.filter(owner=bob).exists() and not CardSet.objects.exists()


def test_a_bare_set_json_imports_too(client, bob):
    client.force_login(bob)
    answer = client.post("/sets/import/", {"file": upload(document(), "set.json")})
    assert answer.status_code == 302
    assert CardSet.objects.get(owner=bob).entries.count() == 1


def test_a_withheld_card_is_left_out_of_the_export(client, alice, bob):
    card_set = make_set(alice, "co-owned", co_owner=bob)
    client.force_login(bob)
    with zipfile.ZipFile(io.BytesIO(exported(client, card_set))) as archive:
        document = json.loads(archive.read("set.json"))
        pngs = [n for n in archive.namelist() if n.startswith("cards/")]
    assert [c.get("withheld", False) for c in document["cards"]] == [True, True, False]
    assert len(pngs) == 1
    assert "Embers 1" not in json.dumps(document)


def test_a_file_over_the_limit_is_refused_unread(client, bob):
    from sets import sharing

    class Huge:
        size = sharing.MAX_ZIP_BYTES + 1
        name = "set.zip"

        def read(self, *_args):  # pragma: no cover - never read
            raise AssertionError("read")

    with pytest.raises(sharing.ValidationError) as refused:
        sharing.read_upload(Huge())
    assert "the limit is" in refused.value.message_dict["file"][0]
