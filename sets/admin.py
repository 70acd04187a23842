from django.contrib import admin

from sets.models import CardSet, SetDesigner, SetEntry


class SetEntryInline(admin.TabularInline):
    model = SetEntry
    raw_id_fields = ["card"]
    extra = 0


class SetDesignerInline(admin.TabularInline):
    model = SetDesigner
    raw_id_fields = ["user"]
    extra = 0


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "owner", "visibility", "release_at", "released_at"]
    list_filter = ["visibility"]
    search_fields = ["name", "code", "owner__username"]
    raw_id_fields = ["owner"]
    exclude = ["symbol"]
    inlines = [SetDesignerInline, SetEntryInline]
