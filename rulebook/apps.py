from typing import Any

from django.apps import AppConfig
from django.apps import apps as global_apps
from django.apps.registry import Apps
from django.db import DEFAULT_DB_ALIAS
from django.db.models.signals import m2m_changed, post_delete, post_migrate, post_save


def _load_shipped_editions(
    sender: AppConfig,
    apps: Apps = global_apps,
    using: str = DEFAULT_DB_ALIAS,
    verbosity: int = 1,
    **kwargs: Any,
) -> None:
    """After ``migrate`` (and ``flush``), every edition file in rulebook/content/editions/ is in
    the database: a release that ships a new edition's file needs no command of its own. An
    edition already loaded from an unchanged file is skipped, by its content hash."""
    from django.core.management.base import CommandError

    from rulebook.content_format import ContentError
    from rulebook.loader import RulebookModels
    from rulebook.services import shipped_editions_load

    if using != DEFAULT_DB_ALIAS:
        return  # the rulebook lives in the site's one database
    try:
        # The models as the migrations left them, like a data migration's.
        models = RulebookModels(
            Edition=apps.get_model("rulebook", "Edition"),
            Section=apps.get_model("rulebook", "Section"),
            Term=apps.get_model("rulebook", "Term"),
            Definition=apps.get_model("rulebook", "Definition"),
        )
    except LookupError:
        return  # migrated back before the rulebook's tables
    try:
        results = shipped_editions_load(models=models, using=using)
    except ContentError as exc:
        # Said as a command's error: the files at fault, not a traceback.
        raise CommandError(str(exc)) from exc
    for result in results:
        if result.changed and verbosity >= 1:
            print(
                f"  Rulebook edition {result.number} {result.status} "
                f"({result.sections} sections, {result.terms} glossary entries)."
            )


class RulebookConfig(AppConfig):
    name = "rulebook"
    verbose_name = "Rulebook"

    def ready(self) -> None:
        from rulebook import glossary_cache
        from rulebook.models import Definition, Term

        def forget(**kwargs: object) -> None:
            glossary_cache.invalidate()

        for model in (Term, Definition):
            post_save.connect(
                forget, sender=model, weak=False, dispatch_uid=f"rulebook-save-{model.__name__}"
            )
            post_delete.connect(
                forget, sender=model, weak=False, dispatch_uid=f"rulebook-delete-{model.__name__}"
            )
        m2m_changed.connect(
            forget, sender=Term.uses.through, weak=False, dispatch_uid="rulebook-term-uses"
        )
        post_migrate.connect(
            _load_shipped_editions, sender=self, dispatch_uid="rulebook-shipped-editions"
        )
