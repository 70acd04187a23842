from django.urls import path

from cards import views

urlpatterns = [
    path("cards/", views.gallery, name="card-gallery"),
    path("cards/mine/", views.my_cards, name="my-cards"),
    path("cards/new/", views.card_new, name="card-new"),
    path("cards/preview/", views.card_preview, name="card-preview"),
    path("cards/preview/<str:preview>.webp", views.card_preview_image, name="card-preview-image"),
    path("cards/builder/", views.card_builder, name="card-builder"),
    path("cards/import/", views.card_import, name="card-import"),
    path("cards/<int:pk>/", views.card_detail, name="card-detail"),
    path("cards/<int:pk>/edit/", views.card_edit, name="card-edit"),
    path("cards/<int:pk>/history/", views.card_history, name="card-history"),
    path(
        "cards/<int:pk>/history/<int:number>/restore/",
        views.card_restore,
        name="card-restore",
    ),
    path("cards/<int:pk>/refurbish/", views.card_refurbish, name="card-refurbish"),
    path("cards/<int:pk>/copy/", views.card_fork, name="card-fork"),
    path("cards/<int:pk>/collect/", views.card_collect, name="card-collect"),
    path("cards/<int:pk>/visibility/", views.card_visibility, name="card-visibility"),
    path("cards/<int:pk>/delete/", views.card_delete, name="card-delete"),
    path("collection/", views.collection, name="collection"),
    path("collection/<int:card_id>/copies/", views.collection_copies, name="collection-copies"),
    path("collection/<int:card_id>/remove/", views.collection_remove, name="collection-remove"),
]
