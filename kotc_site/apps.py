from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.contrib.staticfiles.apps import StaticFilesConfig


class KotcSiteConfig(AppConfig):
    name = "kotc_site"
    verbose_name = "Keeper of the Cards"
    # The module holds two configurations: this one is the app's own.
    default = True

    def ready(self) -> None:
        # How the OpenAPI schema describes text, editions and statistics (see kotc_site.schema).
        from kotc_site import checks, logs, schema  # noqa: F401
        from kotc_site.drf_text import read_json_types

        read_json_types()
        logs.connect_request_receivers()
        logs.connect_task_receivers()


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin app, whose `admin.site` is the site's own (two-factor sign-in). Named in
    INSTALLED_APPS in place of django.contrib.admin; not this module's default configuration."""

    default = False
    default_site = "kotc_site.admin_site.AdminSite"


class StaticFiles(StaticFilesConfig):
    """Django's static files, leaving out ReDoc, which the site does not serve (its API docs are
    Swagger UI's): the release compresses every file it collects, and ReDoc's 5 MB took a
    third of that time. Named in INSTALLED_APPS in place of django.contrib.staticfiles."""

    default = False
    ignore_patterns = [*StaticFilesConfig.ignore_patterns, "redoc"]
