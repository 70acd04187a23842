from django.apps import AppConfig


class BuildingConfig(AppConfig):
    name = "building"
    verbose_name = "Card Building Guide"
