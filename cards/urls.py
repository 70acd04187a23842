from django.urls import path

from cards import embeds, markup_preview
from cards.views import card_page, collection, design, gallery, history, preview

urlpatterns = [
    path("cards/", gallery.gallery, name="card-gallery"),
    path("cards/mine/", gallery.my_cards, name="my-cards"),
    path("cards/new/", design.card_new, name="card-new"),
    path("cards/preview/", preview.card_preview, name="card-preview"),
    path("cards/preview/<str:preview>.webp", preview.card_preview_image, name="card-preview-image"),
    path("cards/builder/", preview.card_builder, name="card-builder"),
    path("cards/import/", gallery.card_import, name="card-import"),
    path("cards/<int:pk>/", card_page.card_detail, name="card-detail"),
    path("cards/<int:pk>/og.png", embeds.card_og_image, name="card-og-image"),
    path("embed/", embeds.embed_docs, name="embed"),
    path("embed/tooltips.js", embeds.embed_tooltips, name="embed-tooltips"),
    path("embed/cards/<int:pk>.json", embeds.card_embed_json, name="card-embed-json"),
    path("markup/preview/", markup_preview.markup_preview, name="markup-preview"),
    path("cards/<int:pk>/edit/", design.card_edit, name="card-edit"),
    path("cards/<int:pk>/history/", history.card_history, name="card-history"),
    path(
        "cards/<int:pk>/history/<int:number>/restore/",
        history.card_restore,
        name="card-restore",
    ),
    path("cards/<int:pk>/refurbish/", card_page.card_refurbish, name="card-refurbish"),
    path(
        "cards/<int:pk>/update-edition/",
        card_page.card_update_edition,
        name="card-update-edition",
    ),
    path("cards/<int:pk>/copy/", card_page.card_fork, name="card-fork"),
    path("cards/<int:pk>/collect/", collection.card_collect, name="card-collect"),
    path("cards/<int:pk>/visibility/", card_page.card_visibility, name="card-visibility"),
    path("cards/<int:pk>/delete/", card_page.card_delete, name="card-delete"),
    path("collection/", collection.collection, name="collection"),
    path(
        "collection/<int:card_id>/copies/", collection.collection_copies, name="collection-copies"
    ),
    path(
        "collection/<int:card_id>/remove/", collection.collection_remove, name="collection-remove"
    ),
]
