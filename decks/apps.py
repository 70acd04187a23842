from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        from decks import signals  # noqa: F401 - connects the receivers
