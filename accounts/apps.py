from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Receivers for logins and password changes; the token scheme for the OpenAPI schema.
        from accounts import schema, signals  # noqa: F401
