from django.apps import AppConfig


class SetsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sets"
    verbose_name = "Sets"

    def ready(self) -> None:
        # Cards may not import sets: sets tells cards what it adds to them.
        from cards import extensions
        from sets import hooks

        extensions.register_card_panel(hooks.card_sets_panel)
        extensions.register_set_filter(hooks.set_filter_q)
