from django.apps import AppConfig


class CommunityConfig(AppConfig):
    name = "community"
    verbose_name = "Community"

    def ready(self) -> None:
        from community import signals  # noqa: F401 - connects the receivers
