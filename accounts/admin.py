from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from accounts import services
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


class AccountChangeForm(UserChangeForm):  # type: ignore[type-arg]
    """The admin's account form, refusing an address another account has, as the account page
    does (the database holds one account an address, and would otherwise fail the save)."""

    def clean_email(self) -> str:
        email: str = self.cleaned_data.get("email") or ""
        if services.email_taken(email, by=self.instance):
            raise ValidationError(services.TAKEN_EMAIL)
        return email


User = get_user_model()
if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class AccountAdmin(UserAdmin):  # type: ignore[type-arg]
    form = AccountChangeForm
