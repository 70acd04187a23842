from django.urls import path

from decks import views

urlpatterns = [
    path("decks/", views.gallery, name="deck-gallery"),
    path("decks/mine/", views.my_decks, name="my-decks"),
    path("decks/new/", views.deck_new, name="deck-new"),
    path("decks/import/", views.deck_import, name="deck-import"),
    path("decks/<int:pk>/", views.deck_detail, name="deck-detail"),
    path("decks/<int:pk>/panel/", views.deck_panel, name="deck-panel"),
    path("decks/<int:pk>/entries/", views.deck_entries, name="deck-entries"),
    path("decks/<int:pk>/search/", views.deck_search, name="deck-search"),
    path("decks/<int:pk>/quick-add/", views.deck_quick_add, name="deck-quick-add"),
    path("decks/<int:pk>/card-names/", views.deck_card_names, name="deck-card-names"),
    path("decks/<int:pk>/sample-hand/", views.deck_sample_hand, name="deck-sample-hand"),
    path("decks/<int:pk>/edit/", views.deck_edit, name="deck-edit"),
    path("decks/<int:pk>/delete/", views.deck_delete, name="deck-delete"),
    path("decks/<int:pk>/fork/", views.deck_fork, name="deck-fork"),
    path("decks/<int:pk>/share-cards/", views.deck_share_cards, name="deck-share-cards"),
    path("decks/card-back.png", views.card_back, name="card-back"),
    path("decks/<int:pk>/export.json", views.deck_export, name="deck-export"),
    path("decks/<int:pk>/export.txt", views.deck_export_text, name="deck-export-text"),
    path("decks/<int:pk>/print/", views.deck_print, name="deck-print"),
    path("decks/<int:pk>/print.pdf", views.deck_print_pdf, name="deck-print-pdf"),
    path("decks/<int:pk>/print/progress/", views.deck_print_progress, name="deck-print-progress"),
]
