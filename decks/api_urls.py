from django.urls import path

from decks import api, api_import, api_print

urlpatterns = [
    path("decks/", api.DeckListView.as_view(), name="api-decks"),
    path("decks/import/", api_import.DeckImportView.as_view(), name="api-deck-import"),
    path("decks/<int:pk>/", api.DeckDetailView.as_view(), name="api-deck"),
    path(
        "decks/<int:pk>/validation/", api.DeckValidationView.as_view(), name="api-deck-validation"
    ),
    path("decks/<int:pk>/export/", api.DeckExportView.as_view(), name="api-deck-export"),
    path("decks/<int:pk>/fork/", api.DeckForkView.as_view(), name="api-deck-fork"),
    path("decks/<int:pk>/print.pdf", api_print.DeckPrintView.as_view(), name="api-deck-print"),
]
