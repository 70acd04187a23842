from django.apps import AppConfig


class ShelvesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "shelves"
    verbose_name = "Shelves"
