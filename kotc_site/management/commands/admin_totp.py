"""`manage.py admin_totp <username>`: set up a staff member's authenticator app for the admin.

Makes a confirmed TOTP device for the account and prints its otpauth:// address (most apps
read it from a QR code made of it, or take it pasted) and its secret key to type by hand. With
KOTC_ADMIN_2FA on, the admin then asks for the six-digit code the app shows. An account has one
such device here: --replace sets up a new app in place of a lost one (the old one's codes stop
working at once)."""

from __future__ import annotations

from base64 import b32encode
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django_otp.plugins.otp_totp.models import TOTPDevice

DEVICE_NAME = "authenticator app"


def spaced(key: str) -> str:
    """The key in groups of four letters, as apps show it and a person types it."""
    return " ".join(key[i : i + 4] for i in range(0, len(key), 4))


class Command(BaseCommand):
    help = "Make a TOTP device (authenticator app) for a staff account and print its address."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", help="the staff account's username")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace the account's device (a lost or new phone); the old one stops working",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        username = options["username"]
        user_model = get_user_model()
        try:
            user = user_model.objects.get_by_natural_key(username)
        except user_model.DoesNotExist:
            raise CommandError(
                f"No account is named {username!r} (names are case-sensitive)."
            ) from None
        if not (user.is_active and user.is_staff):
            raise CommandError(
                f"{username} is not active staff, and the admin lets in staff only: make the "
                "account staff first (createsuperuser, or the admin's Users page)."
            )
        with transaction.atomic():
            existing = TOTPDevice.objects.select_for_update().filter(user=user)
            if existing.exists() and not options["replace"]:
                raise CommandError(
                    f"{username} already has an authenticator app set up. To set up another in "
                    "its place (a lost phone), run this again with --replace."
                )
            existing.delete()
            device = TOTPDevice.objects.create(user=user, name=DEVICE_NAME, confirmed=True)
        key = b32encode(device.bin_key).decode()
        write = self.stdout.write
        write(f"An authenticator app for {username}: add it to the app (Aegis, FreeOTP, ...)")
        write("from this address (as a QR code, or pasted):")
        write("")
        write(f"    {device.config_url}")
        write("")
        write(f"or type the key by hand: {spaced(key)}")
        write(f"(time-based, {device.digits} digits, every {device.step} seconds, SHA-1).")
        write("The address and the key are secrets: send them to no one, and keep no copy.")
        if settings.KOTC_ADMIN_2FA:
            write(f"The admin, at /{settings.KOTC_ADMIN_PATH}, now asks for the app's code.")
        else:
            write(
                "KOTC_ADMIN_2FA is off here, so the admin does not ask for the code yet "
                "(production asks for it unless KOTC_ADMIN_2FA=false)."
            )
