from django.contrib import admin

from decks.models import Deck, DeckEntry, DeckVersion


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


@admin.register(DeckVersion)
class DeckVersionAdmin(admin.ModelAdmin):
    """Versions are history: read here, never edited (a revert makes a new one)."""

    list_display = ["deck", "number", "snapshot", "author", "created"]
    list_filter = ["snapshot"]
    raw_id_fields = ["deck", "author"]

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False
