from django.urls import path

from decks import (
    api,
    api_builds,
    api_exports,
    api_import,
    api_odds,
    api_print,
    api_versions,
)

urlpatterns = [
    path("decks/", api.DeckListView.as_view(), name="api-decks"),
    path("decks/import/", api_import.DeckImportView.as_view(), name="api-deck-import"),
    path("decks/compare/", api_versions.DecksCompareView.as_view(), name="api-decks-compare"),
    path(
        "decks/<int:pk>/versions/",
        api_versions.DeckVersionListView.as_view(),
        name="api-deck-versions",
    ),
    path(
        "decks/<int:pk>/versions/<int:number>/",
        api_versions.DeckVersionDetailView.as_view(),
        name="api-deck-version",
    ),
    path(
        "decks/<int:pk>/versions/<int:number>/revert/",
        api_versions.DeckVersionRevertView.as_view(),
        name="api-deck-version-revert",
    ),
    path("decks/<int:pk>/", api.DeckDetailView.as_view(), name="api-deck"),
    path(
        "decks/<int:pk>/validation/", api.DeckValidationView.as_view(), name="api-deck-validation"
    ),
    path("decks/<int:pk>/export/", api.DeckExportView.as_view(), name="api-deck-export"),
    path("decks/<int:pk>/fork/", api.DeckForkView.as_view(), name="api-deck-fork"),
    path("decks/<int:pk>/print.pdf", api_print.DeckPrintView.as_view(), name="api-deck-print"),
    path(
        "decks/<int:pk>/tabletop/",
        api_exports.DeckTabletopView.as_view(),
        name="api-deck-tabletop",
    ),
    path(
        "decks/<int:pk>/cockatrice/",
        api_exports.DeckCockatriceView.as_view(),
        name="api-deck-cockatrice",
    ),
    path("decks/<int:pk>/odds/", api_odds.DeckOddsView.as_view(), name="api-deck-odds"),
    path("decks/<int:pk>/built/", api_builds.DeckBuiltView.as_view(), name="api-deck-built"),
    path(
        "decks/<int:pk>/shortfall/",
        api_builds.DeckShortfallView.as_view(),
        name="api-deck-shortfall",
    ),
]
