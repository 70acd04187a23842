"""The site's admin: Django's own, entered with a one-time code besides the password.

With KOTC_ADMIN_2FA on (production's default) a staff member signs in to the admin with her
password and the six-digit code her authenticator app shows for her TOTP device (django-otp;
`manage.py admin_totp <username>` makes the device). A session signed in without a code, on the
site's own log-in page say, is not let in: the admin asks for the code again. With it off, the
admin is Django's as it comes. The setting is read on each request, so a test may switch it.

Where the admin lives is urls.py's business (KOTC_ADMIN_PATH)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django_otp import devices_for_user
from django_otp.admin import OTPAdminAuthenticationForm, OTPAdminSite

NO_DEVICE = (
    "This account has no authenticator app set up, and the admin asks for its code. "
    "Someone who runs the site sets one up: manage.py admin_totp %(username)s"
)


def two_factor() -> bool:
    return bool(settings.KOTC_ADMIN_2FA)


class CodeLoginForm(OTPAdminAuthenticationForm):
    """django-otp's admin log-in form (username, password, code), which says so when the
    account has no device at all rather than calling every code wrong, and needs no device
    chosen when the account has one (django-otp's form lists them only after a first try).
    Both only once the password was right: a stranger learns nothing about the account."""

    def clean_otp(self, user: Any) -> None:
        if user is not None:
            devices = list(devices_for_user(user, confirmed=True))
            if not devices:
                raise ValidationError(
                    NO_DEVICE, code="no_device", params={"username": user.get_username()}
                )
            if len(devices) == 1 and not self.cleaned_data.get("otp_device"):
                self.cleaned_data["otp_device"] = devices[0].persistent_id
        super().clean_otp(user)


class AdminSite(admin.AdminSite):
    site_header = "Keeper of the Cards administration"
    site_title = "Keeper of the Cards admin"

    # Django's AdminSite.login reads these two attributes; as properties they follow the setting.
    @property  # type: ignore[override]
    def login_form(self) -> type[AdminAuthenticationForm] | None:
        return CodeLoginForm if two_factor() else None

    @property  # type: ignore[override]
    def login_template(self) -> str | None:
        return OTPAdminSite.login_template if two_factor() else None

    def has_permission(self, request: HttpRequest) -> bool:
        if not super().has_permission(request):
            return False
        if not two_factor():
            return True
        # Set by django_otp's middleware; without it no session counts as verified.
        is_verified = getattr(request.user, "is_verified", None)
        return callable(is_verified) and bool(is_verified())
