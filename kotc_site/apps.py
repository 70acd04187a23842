from django.apps import AppConfig


class KotcSiteConfig(AppConfig):
    name = "kotc_site"
    verbose_name = "Keeper of the Cards"

    def ready(self) -> None:
        # How the OpenAPI schema describes text, editions and statistics (see kotc_site.schema).
        from kotc_site import checks, logs, schema  # noqa: F401
        from kotc_site.drf_text import read_json_types

        read_json_types()
        logs.connect_request_receivers()
        logs.connect_task_receivers()
