from django.urls import path

from simulations import views

urlpatterns = [
    path("decks/<int:deck_id>/goldfish/", views.goldfish_start, name="deck-goldfish"),
    path("goldfish/policy/", views.goldfish_policy, name="goldfish-policy"),
    path("simulations/<uuid:run_id>/", views.simulation_detail, name="simulation-detail"),
]
