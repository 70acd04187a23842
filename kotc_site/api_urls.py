"""Every API endpoint lives under /api/v1/; each app adds its own routes."""

from django.urls import include, path

from cards.check_api import CardCheckView
from decks.check_api import DeckCheckView

urlpatterns = [
    path("check/card/", CardCheckView.as_view(), name="api-check-card"),
    path("check/deck/", DeckCheckView.as_view(), name="api-check-deck"),
    path("", include("accounts.api_urls")),
    path("", include("cards.api_urls")),
    path("", include("decks.api_urls")),
    path("", include("rulebook.api_urls")),
    path("", include("simulations.api_urls")),
    path("", include("shelves.api_urls")),
    path("", include("sets.api_urls")),
    path("", include("community.api_urls")),
]
