from django.contrib import admin
from django.http import HttpRequest

from accounts.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Staff may see and revoke tokens; only their owners make them (the secret is shown once,
    to whoever made it)."""

    list_display = ("name", "user", "created", "expiry", "last_used")
    search_fields = ("name", "user__username")
    fields = ("name", "user", "created", "expiry", "last_used")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
