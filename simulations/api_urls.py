from django.urls import path

from simulations import api

urlpatterns = [
    path(
        "decks/<int:deck_id>/simulations/",
        api.SimulationStartView.as_view(),
        name="api-simulation-start",
    ),
    path("simulations/<uuid:run_id>/", api.SimulationView.as_view(), name="api-simulation"),
    path(
        "simulations/<uuid:run_id>/compare/<uuid:other_id>/",
        api.SimulationCompareView.as_view(),
        name="api-simulation-compare",
    ),
]
