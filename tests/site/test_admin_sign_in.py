"""The admin: where KOTC_ADMIN_PATH puts it, and, with KOTC_ADMIN_2FA on, entered by staff with
their password and a code from the authenticator app `manage.py admin_totp` set up
(kotc_site/admin_site.py, kotc_site/management/commands/admin_totp.py).

Carol runs the site; she is staff. Dave is staff too, but has no authenticator app yet."""

from __future__ import annotations

import importlib
import io
import re
import time
from base64 import b32decode
from collections.abc import Callable, Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import clear_url_caches, reverse
from django_otp.oath import TOTP, totp
from django_otp.plugins.otp_totp.models import TOTPDevice

import kotc_site.urls
from kotc_site import checks
from kotc_site.settings.environment import url_path

pytestmark = pytest.mark.django_db

PASSWORD = "lantern-harbour-77"


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_superuser("carol", "carol@example.com", PASSWORD)


@pytest.fixture
def dave(django_user_model):
    return django_user_model.objects.create_user(
        "dave", "dave@example.com", PASSWORD, is_staff=True
    )


@pytest.fixture
def two_factor(settings) -> None:
    settings.KOTC_ADMIN_2FA = True


def set_up_app(username: str, *args: str) -> str:
    out = io.StringIO()
    call_command("admin_totp", username, *args, stdout=out)
    return out.getvalue()


def code(key: bytes, *, at: float | None = None) -> str:
    """The six digits an authenticator app shows for the key now (or at the time `at`)."""
    if at is None:
        return str(totp(key)).zfill(6)
    clock = TOTP(key)
    clock.time = at
    return str(clock.token()).zfill(6)


def sign_in(client, username: str, otp_token: str | None = None):
    data = {"username": username, "password": PASSWORD, "next": reverse("admin:index")}
    if otp_token is not None:
        data["otp_token"] = otp_token
    return client.post(reverse("admin:login"), data)


# -- two-factor sign-in ------------------------------------------------------------------------


def test_carol_sets_up_her_app_and_signs_in_with_its_code(client, carol, two_factor):
    printed = set_up_app("carol")
    address = re.search(r"otpauth://totp/\S+", printed).group(0)
    query = parse_qs(urlsplit(address).query)
    assert query["issuer"] == ["Keeper of the Cards"]
    assert urlsplit(address).path.endswith("carol")
    # The app knows only what was printed: the key in the address, the same as the one to type.
    secret = query["secret"][0]
    typed = re.search(r"type the key by hand: ([A-Z2-7 ]+)", printed).group(1).replace(" ", "")
    assert typed == secret
    device = TOTPDevice.objects.get(user=carol)
    assert device.confirmed

    answer = sign_in(client, "carol", code(b32decode(secret)))
    assert answer.status_code == 302
    assert answer["Location"] == reverse("admin:index")
    assert client.get(reverse("admin:index")).status_code == 200
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 200


def test_a_password_alone_does_not_open_the_admin(client, carol, two_factor):
    set_up_app("carol")
    refused = sign_in(client, "carol")
    assert refused.status_code == 200  # the form again
    assert "Please enter your OTP token" in refused.content.decode()
    answer = client.get(reverse("admin:index"))
    assert answer.status_code == 302
    assert answer["Location"].startswith(reverse("admin:login"))


def test_a_wrong_code_does_not_open_the_admin(client, carol, two_factor):
    set_up_app("carol")
    key = TOTPDevice.objects.get(user=carol).bin_key
    stale = code(key, at=time.time() - 3600)  # an hour old
    refused = sign_in(client, "carol", stale)
    assert refused.status_code == 200
    assert "Invalid token" in refused.content.decode()
    assert client.get(reverse("admin:index")).status_code == 302


def test_staff_signed_in_on_the_site_are_asked_for_the_code(client, carol, two_factor):
    """A session signed in with a password alone (the site's own log-in page) is not let in."""
    set_up_app("carol")
    client.post(reverse("login"), {"username": "carol", "password": PASSWORD})
    assert client.get(reverse("home")).context["user"].is_authenticated
    for path in (reverse("admin:index"), reverse("admin:auth_user_changelist")):
        answer = client.get(path)
        assert answer.status_code == 302, path
        assert answer["Location"].startswith(reverse("admin:login"))
    # With the code, the same session goes in.
    key = TOTPDevice.objects.get(user=carol).bin_key
    assert sign_in(client, "carol", code(key)).status_code == 302
    assert client.get(reverse("admin:index")).status_code == 200


def test_staff_without_an_app_are_told_how_to_get_one(client, dave, two_factor):
    refused = sign_in(client, "dave", "123456")
    assert refused.status_code == 200
    page = refused.content.decode()
    assert "no authenticator app set up" in page
    assert "manage.py admin_totp dave" in page
    assert client.get(reverse("admin:index")).status_code == 302


def test_a_wrong_password_says_nothing_of_the_app(client, dave, two_factor):
    page = client.post(
        reverse("admin:login"), {"username": "dave", "password": "not-it", "otp_token": "1"}
    ).content.decode()
    assert "authenticator" not in page
    assert "correct username and password" in page


def test_without_two_factor_the_password_is_enough(client, carol, settings):
    settings.KOTC_ADMIN_2FA = False
    assert sign_in(client, "carol").status_code == 302
    assert client.get(reverse("admin:index")).status_code == 200


# -- the command -------------------------------------------------------------------------------


def test_the_command_refuses_an_unknown_account_by_name(carol):
    with pytest.raises(CommandError, match="No account is named 'carl'"):
        set_up_app("carl")
    assert not TOTPDevice.objects.exists()


def test_the_command_refuses_an_account_that_is_not_staff(alice):
    with pytest.raises(CommandError, match="alice is not active staff"):
        set_up_app("alice")
    assert not TOTPDevice.objects.exists()


def test_a_second_app_replaces_the_first_only_when_asked(carol, client, two_factor):
    set_up_app("carol")
    first = TOTPDevice.objects.get(user=carol)
    with pytest.raises(CommandError, match="--replace"):
        set_up_app("carol")
    assert list(TOTPDevice.objects.filter(user=carol)) == [first]

    set_up_app("carol", "--replace")
    second = TOTPDevice.objects.get(user=carol)
    assert second.key != first.key
    # The new phone's codes open the admin; the lost one's no longer do.
    assert sign_in(client, "carol", code(second.bin_key)).status_code == 302
    refused = sign_in(Client(), "carol", code(first.bin_key))
    assert refused.status_code == 200
    assert "Invalid token" in refused.content.decode()


def test_the_command_s_errors_are_messages_not_tracebacks(carol, capsys):
    """Run as from a shell: a CommandError is one line on stderr and exit status 1."""
    from django.core.management import ManagementUtility

    with pytest.raises(SystemExit) as exited:
        ManagementUtility(["manage.py", "admin_totp", "nobody"]).execute()
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.strip() == "CommandError: No account is named 'nobody' (names are case-sensitive)."


# -- the admin's path --------------------------------------------------------------------------


@pytest.fixture
def admin_moved(settings) -> Iterator[Callable[[str], None]]:
    """Moves the admin as KOTC_ADMIN_PATH would at start-up: urls.py reads it when imported."""
    original = settings.KOTC_ADMIN_PATH

    def move(path: str) -> None:
        settings.KOTC_ADMIN_PATH = path
        importlib.reload(kotc_site.urls)
        clear_url_caches()

    yield move
    move(original)


def test_the_admin_answers_at_its_path_and_not_at_the_old_one(client, carol, admin_moved):
    client.force_login(carol)
    assert client.get("/admin/").status_code == 200  # the default
    admin_moved("back-office/")
    assert reverse("admin:index") == "/back-office/"
    assert client.get("/back-office/").status_code == 200
    assert client.get("/back-office/auth/user/").status_code == 200
    assert client.get("/admin/").status_code == 404
    assert client.get("/admin/auth/user/").status_code == 404
    assert checks.admin_path_is_free() == []


def test_a_path_a_page_of_the_site_holds_is_refused_by_the_checks(admin_moved):
    admin_moved("cards/")
    [error] = checks.admin_path_is_free()
    assert error.id == "kotc.E001"
    assert "cards/" in error.msg


@pytest.mark.parametrize(
    ("value", "path"),
    [("admin/", "admin/"), ("/back-office", "back-office/"), (" staff/desk/ ", "staff/desk/")],
)
def test_the_admin_path_is_read_as_urls_py_wants_it(value, path):
    assert url_path("KOTC_ADMIN_PATH", value) == path


@pytest.mark.parametrize("value", ["", "/", "../admin", "back office", "a//b", "admin?x=1"])
def test_an_admin_path_that_is_not_one_stops_the_start(value):
    with pytest.raises(ImproperlyConfigured, match="KOTC_ADMIN_PATH"):
        url_path("KOTC_ADMIN_PATH", value)
