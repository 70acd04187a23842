from typing import Any

from django.contrib import admin

from community.models import Comment, Hold, ModerationEntry, Report


@admin.register(Comment)
class CommentAdmin(admin.ModelAdmin):
    list_display = ["pk", "author", "card", "deck", "created", "hidden"]
    list_filter = ["hidden"]
    raw_id_fields = ["author", "card", "deck"]
    # Hiding goes through the moderation pages, so that it is logged and the author is told.
    readonly_fields = ["hidden", "hidden_reason"]


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["pk", "reporter", "reason", "comment", "card", "deck", "created", "open"]
    list_filter = ["open", "reason"]
    raw_id_fields = ["reporter", "comment", "card", "deck"]


@admin.register(Hold)
class HoldAdmin(admin.ModelAdmin):
    list_display = ["pk", "card", "deck", "reason", "created"]
    raw_id_fields = ["card", "deck"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(ModerationEntry)
class ModerationEntryAdmin(admin.ModelAdmin):
    """The log, to read: it is written by the moderators' actions and never changed."""

    list_display = ["created", "actor_name", "action", "target_kind", "target_id", "reason"]
    list_filter = ["action", "target_kind"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
