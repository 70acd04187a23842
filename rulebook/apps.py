from django.apps import AppConfig
from django.db.models.signals import m2m_changed, post_delete, post_save


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
