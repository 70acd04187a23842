from django.urls import path

from decks.views import builder, import_export, pages, prints

urlpatterns = [
    path("decks/", pages.gallery, name="deck-gallery"),
    path("decks/mine/", pages.my_decks, name="my-decks"),
    path("decks/new/", builder.deck_new, name="deck-new"),
    path("decks/import/", import_export.deck_import, name="deck-import"),
    path("decks/<int:pk>/", pages.deck_detail, name="deck-detail"),
    path("decks/<int:pk>/panel/", pages.deck_panel, name="deck-panel"),
    path("decks/<int:pk>/entries/", builder.deck_entries, name="deck-entries"),
    path("decks/<int:pk>/search/", builder.deck_search, name="deck-search"),
    path("decks/<int:pk>/quick-add/", builder.deck_quick_add, name="deck-quick-add"),
    path("decks/<int:pk>/card-names/", builder.deck_card_names, name="deck-card-names"),
    path("decks/<int:pk>/sample-hand/", pages.deck_sample_hand, name="deck-sample-hand"),
    path("decks/<int:pk>/edit/", builder.deck_edit, name="deck-edit"),
    path("decks/<int:pk>/delete/", builder.deck_delete, name="deck-delete"),
    path("decks/<int:pk>/fork/", builder.deck_fork, name="deck-fork"),
    path("decks/<int:pk>/share-cards/", builder.deck_share_cards, name="deck-share-cards"),
    path("decks/card-back.png", prints.card_back, name="card-back"),
    path("decks/<int:pk>/export.json", import_export.deck_export, name="deck-export"),
    path("decks/<int:pk>/export.txt", import_export.deck_export_text, name="deck-export-text"),
    path("decks/<int:pk>/print/", prints.deck_print, name="deck-print"),
    path("decks/<int:pk>/print.pdf", prints.deck_print_pdf, name="deck-print-pdf"),
    path("decks/<int:pk>/print/progress/", prints.deck_print_progress, name="deck-print-progress"),
]
