from django.urls import path

from building import views

urlpatterns = [
    path("building/", views.guide_current, name="building"),
    path("building/<int:edition>/", views.guide_edition, name="building-edition"),
]
