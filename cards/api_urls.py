from django.urls import path

from cards import api, collection_api, edition_update_api, render_api

urlpatterns = [
    path("cards/", api.CardListApi.as_view(), name="api-cards"),
    path("cards/import/", api.CardImportApi.as_view(), name="api-card-import"),
    path("cards/<int:pk>/", api.CardDetailApi.as_view(), name="api-card-detail"),
    path("cards/<int:pk>/render.png", render_api.CardRenderApi.as_view(), name="api-card-render"),
    path("cards/<int:pk>/export/", api.CardExportApi.as_view(), name="api-card-export"),
    path("cards/<int:pk>/fork/", api.CardForkApi.as_view(), name="api-card-fork"),
    path(
        "cards/<int:pk>/update-edition/",
        edition_update_api.CardEditionUpdateApi.as_view(),
        name="api-card-update-edition",
    ),
    path("collection/", collection_api.CollectionListApi.as_view(), name="api-collection"),
    path(
        "collection/<int:card_id>/",
        collection_api.CollectionEntryApi.as_view(),
        name="api-collection-entry",
    ),
]
