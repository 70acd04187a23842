from django.urls import path

from shelves import views

urlpatterns = [
    path("shelves/", views.shelves_home, name="shelves"),
    path("shelves/bulk/", views.bulk, name="shelves-bulk"),
    path("shelves/folders/new/", views.folder_new, name="shelves-folder-new"),
    path("shelves/folders/<int:folder_id>/", views.folder_detail, name="shelves-folder"),
    path("shelves/folders/<int:folder_id>/edit/", views.folder_edit, name="shelves-folder-edit"),
    path(
        "shelves/folders/<int:folder_id>/delete/",
        views.folder_delete,
        name="shelves-folder-delete",
    ),
    path("shelves/smart/new/", views.smart_new, name="shelves-smart-new"),
    path("shelves/smart/<int:smart_id>/", views.smart_open, name="shelves-smart"),
    path("shelves/smart/<int:smart_id>/delete/", views.smart_delete, name="shelves-smart-delete"),
    path("shelves/tags/<int:tag_id>/edit/", views.tag_edit, name="shelves-tag-edit"),
    path("shelves/tags/<int:tag_id>/delete/", views.tag_delete, name="shelves-tag-delete"),
]
