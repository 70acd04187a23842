from django.urls import path

from accounts.api import MeApi, MeExportApi, TokenApi

urlpatterns = [
    path("auth/token/", TokenApi.as_view(), name="api-token"),
    path("me/", MeApi.as_view(), name="api-me"),
    path("me/export/", MeExportApi.as_view(), name="api-me-export"),
]
