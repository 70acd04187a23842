"""`manage.py load_starter_set`: the shipped starter deck and its cards, public, by "starter".

`make run` calls it after migrating, so a new site has cards in its gallery and a deck to
copy, print and goldfish. Running it again changes nothing."""

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from cards.services import card_update
from decks.importing import deck_import
from decks.models import Deck

STARTER_SET = Path(__file__).resolve().parents[2] / "starter" / "starter-set.json"


class Command(BaseCommand):
    help = "Load the shipped starter deck and its cards (public, by the user 'starter')."

    def handle(self, *args: Any, **options: Any) -> None:
        data = json.loads(STARTER_SET.read_text(encoding="utf-8"))
        definition = data["deck"]
        with transaction.atomic():
            designer, created = get_user_model().objects.get_or_create(username=data["designer"])
            if created:
                designer.set_unusable_password()
                designer.save()
            if Deck.objects.filter(owner=designer, name=definition["name"]).exists():
                self.stdout.write("The starter set is already loaded.")
                return
            deck = deck_import(
                owner=designer,
                definition=definition,
                name=definition["name"],
                description=definition["description"],
                visibility=Deck.Visibility.PUBLIC,
            )
            for entry in deck.entries.select_related("card"):
                card_update(card=entry.card, user=designer, visibility="public")
        self.stdout.write(f"Loaded the starter set: {deck.name} ({deck.entries.count()} cards).")
