from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.static import serve
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("check/", views.check_page, name="check"),
    path("healthz/", views.health, name="health"),
    path("api/v1/", include("kotc_site.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("accounts.urls")),
    path("", include("cards.urls")),
    path("", include("decks.urls")),
    path("", include("rulebook.urls")),
    path("", include("simulations.urls")),
    path("admin/", admin.site.urls),
]

handler400 = "kotc_site.errors.bad_request"
handler403 = "kotc_site.errors.permission_denied"
handler404 = "kotc_site.errors.page_not_found"
handler500 = "kotc_site.errors.server_error"

# Uploaded card images are re-encoded on upload (see cards.images), so they are safe to
# serve as they are. A front server may take /media/ over; without one, Django serves it.
urlpatterns += [
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}),
]
