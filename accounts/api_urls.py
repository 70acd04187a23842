from django.urls import path

from accounts.api import TokenApi

urlpatterns = [
    path("auth/token/", TokenApi.as_view(), name="api-token"),
]
