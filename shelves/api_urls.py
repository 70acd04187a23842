from django.urls import path

from shelves import api

urlpatterns = [
    path("shelves/tags/", api.TagListApi.as_view(), name="api-shelf-tags"),
    path("shelves/tags/<int:tag_id>/", api.TagDetailApi.as_view(), name="api-shelf-tag"),
    path("shelves/folders/", api.FolderListApi.as_view(), name="api-shelf-folders"),
    path(
        "shelves/folders/<int:folder_id>/", api.FolderDetailApi.as_view(), name="api-shelf-folder"
    ),
    path("shelves/smart-folders/", api.SmartFolderListApi.as_view(), name="api-shelf-smart-list"),
    path(
        "shelves/smart-folders/<int:smart_id>/",
        api.SmartFolderDetailApi.as_view(),
        name="api-shelf-smart",
    ),
    path("shelves/bulk/", api.BulkApi.as_view(), name="api-shelf-bulk"),
    path("shelves/cards/", api.MyCardsApi.as_view(), name="api-shelf-cards"),
]
