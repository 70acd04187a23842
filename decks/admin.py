from django.contrib import admin

from decks.models import Deck, DeckEntry


class DeckEntryInline(admin.TabularInline):
    model = DeckEntry
    raw_id_fields = ["card"]
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "edition", "visibility", "updated"]
    list_filter = ["visibility", "edition"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner", "forked_from"]
    inlines = [DeckEntryInline]
