"""`python -m kotc_site.release`: what runs once per deploy, before the new web processes and
workers start (the Procfile's release process): the database migrations (which also load the
shipped rulebooks and refresh stored verdicts), then the static files.

In the production settings unless DJANGO_SETTINGS_MODULE names others, as gunicorn and Celery."""

import os


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotc_site.settings.production")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False)
    call_command("collectstatic", interactive=False, verbosity=0)
    print("Release done: database migrated, static files collected.")


if __name__ == "__main__":
    main()
