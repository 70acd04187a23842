from django.urls import path

from simulations import replay_views, views, watch

urlpatterns = [
    path("readyz/workers/", watch.workers_ready, name="ready-workers"),
    path("decks/<int:deck_id>/goldfish/", views.goldfish_start, name="deck-goldfish"),
    path("goldfish/policy/", views.goldfish_policy, name="goldfish-policy"),
    path("simulations/<uuid:run_id>/", views.simulation_detail, name="simulation-detail"),
    path(
        "simulations/<uuid:run_id>/play/",
        replay_views.simulation_playtest,
        name="simulation-playtest",
    ),
    path(
        "simulations/<uuid:run_id>/compare/",
        views.simulation_compare_choose,
        name="simulation-compare-choose",
    ),
    path(
        "simulations/<uuid:run_id>/compare/<uuid:other_id>/",
        views.simulation_compare,
        name="simulation-compare",
    ),
]
