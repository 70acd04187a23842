from django.urls import path

from cards import embeds
from decks.views import (
    builder,
    builds,
    compare,
    history,
    import_export,
    odds,
    pages,
    playtest,
    prints,
    tabletop,
)

urlpatterns = [
    path("decks/", pages.gallery, name="deck-gallery"),
    path("decks/mine/", pages.my_decks, name="my-decks"),
    path("decks/new/", builder.deck_new, name="deck-new"),
    path("decks/import/", import_export.deck_import, name="deck-import"),
    path("decks/<int:pk>/", pages.deck_detail, name="deck-detail"),
    path("decks/<int:pk>/og.png", embeds.deck_og_image, name="deck-og-image"),
    path("decks/<int:pk>/panel/", pages.deck_panel, name="deck-panel"),
    path("decks/<int:pk>/entries/", builder.deck_entries, name="deck-entries"),
    path("decks/<int:pk>/search/", builder.deck_search, name="deck-search"),
    path("decks/<int:pk>/quick-add/", builder.deck_quick_add, name="deck-quick-add"),
    path("decks/<int:pk>/card-names/", builder.deck_card_names, name="deck-card-names"),
    path("decks/<int:pk>/sample-hand/", pages.deck_sample_hand, name="deck-sample-hand"),
    path("decks/<int:pk>/playtest/", playtest.deck_playtest, name="deck-playtest"),
    path("decks/<int:pk>/edit/", builder.deck_edit, name="deck-edit"),
    path("decks/<int:pk>/delete/", builder.deck_delete, name="deck-delete"),
    path("decks/<int:pk>/fork/", builder.deck_fork, name="deck-fork"),
    path("decks/<int:pk>/share-cards/", builder.deck_share_cards, name="deck-share-cards"),
    path("decks/<int:pk>/shortfall/", builds.deck_shortfall_panel, name="deck-shortfall"),
    path("decks/<int:pk>/built/", builds.deck_build, name="deck-build"),
    path("decks/<int:pk>/unbuilt/", builds.deck_unbuild, name="deck-unbuild"),
    path("decks/card-back.png", prints.card_back, name="card-back"),
    path("decks/compare/", compare.decks_compare, name="decks-compare"),
    path("decks/<int:pk>/history/", history.deck_history, name="deck-history"),
    path("decks/<int:pk>/history/save/", history.deck_version_save, name="deck-version-save"),
    path(
        "decks/<int:pk>/history/compare/",
        history.deck_versions_compare,
        name="deck-versions-compare",
    ),
    path("decks/<int:pk>/history/<int:number>/", history.deck_version, name="deck-version"),
    path(
        "decks/<int:pk>/history/<int:number>/revert/",
        history.deck_version_revert,
        name="deck-version-revert",
    ),
    path("decks/<int:pk>/export.json", import_export.deck_export, name="deck-export"),
    path("decks/<int:pk>/export.txt", import_export.deck_export_text, name="deck-export-text"),
    path("decks/<int:pk>/print/", prints.deck_print, name="deck-print"),
    path("decks/<int:pk>/print.pdf", prints.deck_print_pdf, name="deck-print-pdf"),
    path("decks/<int:pk>/print/progress/", prints.deck_print_progress, name="deck-print-progress"),
    path("decks/<int:pk>/tabletop.json", tabletop.deck_tabletop, name="deck-tabletop"),
    path(
        "decks/<int:pk>/tabletop/<int:sheet>.jpg",
        tabletop.deck_tabletop_sheet,
        name="deck-tabletop-sheet",
    ),
    path(
        "decks/<int:pk>/tabletop/back.jpg", tabletop.deck_tabletop_back, name="deck-tabletop-back"
    ),
    path("decks/<int:pk>/cockatrice.txt", tabletop.deck_cockatrice, name="deck-cockatrice"),
    path("decks/<int:pk>/odds/", odds.deck_odds, name="deck-odds"),
]
