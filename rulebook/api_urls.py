from django.urls import path

from rulebook import api

urlpatterns = [
    path("glossary/", api.GlossaryListView.as_view(), name="api-glossary-list"),
    path("glossary/download/", api.GlossaryDownloadView.as_view(), name="api-glossary-download"),
    path("glossary/<slug:slug>/", api.GlossaryTermView.as_view(), name="api-glossary-term"),
    path("rulebook/", api.RulebookListView.as_view(), name="api-rulebook-list"),
    path("rulebook/<int:edition>/", api.RulebookEditionView.as_view(), name="api-rulebook-edition"),
]
