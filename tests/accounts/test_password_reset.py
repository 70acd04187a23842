"""A user who forgot her password: the link on the log-in page, the email, a new password."""

import re

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client

from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


@pytest.fixture(autouse=True)
def _no_emails_sent_yet() -> None:
    """The count of reset emails per address lives in the cache, which outlives a test."""
    cache.clear()


def reset_link(message) -> str:
    found = re.search(r"https?://testserver(/accounts/password/reset/[^\s]+/)", message.body)
    assert found, message.body
    return found.group(1)


def test_alice_forgot_her_password_and_sets_a_new_one(client, alice, settings):
    login_page = client.get(LOGIN).content.decode()
    assert 'href="/accounts/password/reset/"' in login_page

    # She tried to remember it until the site locked her out.
    for guess in range(settings.AXES_FAILURE_LIMIT):
        client.post(LOGIN, {"username": "alice", "password": f"was-it-{guess}"})
    assert client.post(LOGIN, {"username": "alice", "password": "nope"}).status_code == 429
    _token, secret = ApiToken.objects.create(user=alice, name="laptop")

    asked = client.post("/accounts/password/reset/", {"email": "ALICE@example.com"})
    assert asked.status_code == 302
    assert asked["Location"] == "/accounts/password/reset/sent/"
    assert "Check your email" in client.get(asked["Location"]).content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.com"]
    assert "set a new password" in message.subject
    assert "alice" in message.body

    # Django moves the token from the link into the session, then asks for the password.
    form = client.get(reset_link(message), follow=True)
    assert form.status_code == 200
    assert 'name="new_password1"' in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-brand-new-secret-77", "new_password2": "a-brand-new-secret-77"},
    )
    assert done.status_code == 302
    assert done["Location"] == "/accounts/password/reset/done/"

    # The new password works at once, lockout or not; the old one and the tokens do not.
    fresh = Client()
    assert (
        fresh.post(LOGIN, {"username": "alice", "password": "correct-horse-battery"}).status_code
        == 200
    )
    assert (
        fresh.post(LOGIN, {"username": "alice", "password": "a-brand-new-secret-77"}).status_code
        == 302
    )
    assert not ApiToken.objects.filter(user=alice).exists()
    assert Client().get("/api/v1/me/", HTTP_AUTHORIZATION=f"Token {secret}").status_code == 401

    # The link works once.
    again = client.get(reset_link(message), follow=True)
    assert "no longer works" in again.content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_email(client, alice):
    asked = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})
    assert asked.status_code == 302
    assert asked["Location"] == "/accounts/password/reset/sent/"
    assert mail.outbox == []


def test_a_bad_address_is_a_form_error(client):
    page = client.post("/accounts/password/reset/", {"email": "not an address"})
    assert page.status_code == 200
    assert "valid email address" in page.content.decode()
    assert mail.outbox == []


def test_one_address_gets_at_most_three_emails_an_hour(client, alice):
    for _ in range(5):
        assert (
            client.post("/accounts/password/reset/", {"email": "alice@example.com"}).status_code
            == 302
        )
    assert len(mail.outbox) == 3


def test_sign_up_asks_for_an_email_and_says_why(client):
    page = client.get("/accounts/signup/").content.decode()
    assert 'name="email"' in page
    assert "forgotten password cannot be reset" in page


def test_alice_adds_an_address_with_her_password(client, django_user_model):
    carol = django_user_model.objects.create_user("carol", "", "a-fine-secret-99")
    client.force_login(carol)
    page = client.get("/accounts/").content.decode()
    assert "it cannot be reset" in page
    refused = client.post(
        "/accounts/email/", {"email": "carol@example.com", "password": "not-hers"}
    )
    assert refused.status_code == 400
    assert "That is not your password" in refused.content.decode()
    carol.refresh_from_db()
    assert carol.email == ""
    saved = client.post(
        "/accounts/email/", {"email": "carol@example.com", "password": "a-fine-secret-99"}
    )
    assert saved.status_code == 302
    carol.refresh_from_db()
    assert carol.email == "carol@example.com"
    client.post("/accounts/password/reset/", {"email": "carol@example.com"})
    assert len(mail.outbox) == 1


def test_email_url_configures_smtp():
    from django.core.exceptions import ImproperlyConfigured

    from kotc_site.email_url import email_settings

    assert email_settings("smtp://me%40example.org:p%40ss@mail.example.org:587") == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "me@example.org",
        "EMAIL_HOST_PASSWORD": "p@ss",
        "EMAIL_USE_SSL": False,
        "EMAIL_USE_TLS": True,
    }
    relay = email_settings("smtp://relay.internal:25")
    assert (relay["EMAIL_PORT"], relay["EMAIL_USE_TLS"], relay["EMAIL_HOST_USER"]) == (
        25,
        False,
        "",
    )
    assert email_settings("smtps://mail.example.org")["EMAIL_PORT"] == 465
    assert email_settings("smtps://mail.example.org")["EMAIL_USE_SSL"] is True
    assert email_settings("smtp://relay:2525?tls=1")["EMAIL_USE_TLS"] is True
    assert email_settings("console://")["EMAIL_BACKEND"].endswith("console.EmailBackend")
    for bad in ("mailto:someone", "smtp://", "smtp://host:port", "smtps://host?tls=1"):
        with pytest.raises(ImproperlyConfigured):
            email_settings(bad)


def test_a_reset_email_goes_through_a_real_smtp_server(client, alice, settings, smtp_sink):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = smtp_sink.address
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    received = smtp_sink.wait_for_messages(1)
    assert received[0]["to"] == ["alice@example.com"]
    assert "/accounts/password/reset/" in received[0]["data"]
