from django.contrib import admin

from cards.models import Card, CardRevision, CardVerdict, CollectionEntry, DeckBuild
from cards.verdicts import card_verdicts_refresh


class CardRevisionInline(admin.TabularInline):
    model = CardRevision
    extra = 0
    fields = ("number", "author", "note", "created")
    readonly_fields = fields
    can_delete = False


class CardVerdictInline(admin.TabularInline):
    model = CardVerdict
    extra = 0
    fields = ("edition", "verdict", "playable")
    readonly_fields = fields
    can_delete = False


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "level", "design_edition", "owner", "visibility", "updated")
    list_filter = ("kind", "visibility", "design_edition")
    search_fields = ("name", "ability_text", "owner__username")
    raw_id_fields = ("owner", "forked_from")
    inlines = [CardRevisionInline, CardVerdictInline]

    def save_model(self, request, obj, form, change) -> None:  # type: ignore[no-untyped-def]
        super().save_model(request, obj, form, change)
        # Edits here bypass the services; keep the stored verdicts (and `legal:` searches) right.
        card_verdicts_refresh(card=obj)


@admin.register(CollectionEntry)
class CollectionEntryAdmin(admin.ModelAdmin):
    list_display = ("owner", "card", "copies", "added")
    search_fields = ("owner__username", "card__name")
    raw_id_fields = ("owner", "card")


@admin.register(DeckBuild)
class DeckBuildAdmin(admin.ModelAdmin):
    list_display = ("owner", "deck", "built_at")
    search_fields = ("owner__username", "deck__name")
    raw_id_fields = ("owner", "deck")
