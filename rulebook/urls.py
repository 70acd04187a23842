from django.urls import path

from rulebook import views

urlpatterns = [
    path("rulebook/", views.rulebook_current, name="rulebook"),
    path("rulebook/compare/", views.rulebook_compare_pick, name="rulebook-compare-pick"),
    path(
        "rulebook/compare/<int:old>/<int:new>/",
        views.rulebook_compare,
        name="rulebook-compare",
    ),
    path("rulebook/<int:edition>/", views.rulebook_edition, name="rulebook-edition"),
    path("glossary/", views.glossary, name="glossary"),
    path("glossary/annotate/", views.glossary_annotate, name="glossary-annotate"),
    path("glossary/<slug:slug>/", views.glossary_term, name="glossary-term"),
]
