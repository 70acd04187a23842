from django.urls import path

from sets.views import files, importing, pages

urlpatterns = [
    path("sets/", pages.set_list, name="set-list"),
    path("sets/new/", pages.set_new, name="set-new"),
    path("sets/import/", importing.set_import_page, name="set-import"),
    path("sets/<int:pk>/", pages.set_detail, name="set-detail"),
    path("sets/<int:pk>/edit/", pages.set_edit, name="set-edit"),
    path("sets/<int:pk>/delete/", pages.set_delete, name="set-delete"),
    path("sets/<int:pk>/release/", pages.set_release, name="set-release"),
    path("sets/<int:pk>/unrelease/", pages.set_unrelease, name="set-unrelease"),
    path("sets/<int:pk>/invite/", pages.set_invite, name="set-invite"),
    path("sets/<int:pk>/accept/", pages.set_accept, name="set-accept"),
    path("sets/<int:pk>/deck/", pages.set_build_deck, name="set-build-deck"),
    path("sets/<int:pk>/update-edition/", pages.set_update_edition, name="set-update-edition"),
    path("sets/<int:pk>/symbol.png", files.set_symbol, name="set-symbol"),
    path("sets/<int:pk>/cards/<int:number>.png", files.set_card_render, name="set-card-render"),
    path("sets/<int:pk>/print.pdf", files.set_print_pdf, name="set-print-pdf"),
    path("sets/<int:pk>/print/progress/", files.set_print_progress, name="set-print-progress"),
    path("sets/<int:pk>/export.zip", files.set_export, name="set-export"),
    path("sets/<int:pk>/tabletop.json", files.set_tabletop, name="set-tabletop"),
    path(
        "sets/<int:pk>/tabletop/<int:sheet>.jpg",
        files.set_tabletop_sheet,
        name="set-tabletop-sheet",
    ),
    path("sets/<int:pk>/tabletop/back.jpg", files.set_tabletop_back, name="set-tabletop-back"),
]
