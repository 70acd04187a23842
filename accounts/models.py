"""API tokens and the browsers a person is logged in on."""

from django.conf import settings
from django.db import models
from knox.models import AbstractAuthToken
from knox.settings import CONSTANTS


class ApiToken(AbstractAuthToken):
    """One API token: one device or script, with a name its owner chose.

    This is knox's token model swapped in through its `KNOX_TOKEN_MODEL` setting rather than
    knox's own model with a companion table: the name and the last use belong to the token, and
    one row keeps them together, so listing a person's tokens is one query with no join and
    revoking one deletes one row. Knox still hashes the token (SHA-512 of the secret, in
    `digest`) and keeps only its first characters in clear (`token_key`) to find the row;
    the secret itself is shown once, when the token is made, and never stored.

    Knox's own table stays (its migrations create it whatever the setting says) and stays empty.
    """

    # A number to name the token by in the account page's forms and in URLs: the digest, knox's
    # primary key, is derived from the secret and has no business in a page.
    id = models.BigAutoField(primary_key=True)
    digest = models.CharField(max_length=CONSTANTS.DIGEST_LENGTH, unique=True)
    name = models.CharField(max_length=100)
    # Written at most once a minute per token (see accounts.authentication), so a busy script
    # does not turn every request into a write.
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.user})"


class LoginSession(models.Model):
    """A browser session someone logged in with, so "log out everywhere" can end each one.

    Django keeps sessions by key and cannot list one person's; recording the key at each
    login (and after a password change, which gives the session a new key) makes ending them
    all a lookup here instead of a scan of every session on the site."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="login_sessions"
    )
    session_key = models.CharField(max_length=40, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} since {self.created:%Y-%m-%d %H:%M}"


class KeysRevoked(models.Model):
    """When a person last revoked the keys the site signed into addresses for them: the
    `?as=` of a Tabletop Simulator export, which lets a table that sends no cookie draw the
    deck as they see it. Logging out everywhere and a new password both revoke them, as they
    end sessions and tokens; a key signed before `at` no longer works.

    One row a person, written only when they revoke: a key is checked against it, never listed,
    so the site keeps no record of the keys it signed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    at = models.DateTimeField()

    class Meta:
        verbose_name_plural = "keys revoked"

    def __str__(self) -> str:
        return f"{self.user}'s keys before {self.at:%Y-%m-%d %H:%M}"
