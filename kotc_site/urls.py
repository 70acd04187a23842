from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from cards.pictures import card_picture
from community.views import people as community_people

from . import errors, health, oembed, views

urlpatterns = [
    # The home page is the community's: what is new, and what is yours (community.views).
    path("", community_people.home, name="home"),
    path("check/", views.check_page, name="check"),
    path("healthz/", views.health, name="health"),
    path("readyz/", health.readiness, name="ready"),
    path("oembed/", oembed.oembed, name="oembed"),
    path("api/v1/", include("kotc_site.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Split: its script comes from ?script rather than inline, as the site's CSP asks.
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
        name="api-docs",
    ),
    # Whatever else is under /api/ is a JSON 404, whether DEBUG is on or not (an address with
    # a line break, which no route matches, is answered before: kotc_site.middleware).
    path("api/", errors.api_not_found),
    path("api/<path:rest>", errors.api_not_found, name="api-not-found"),
    path("", include("accounts.urls")),
    path("", include("cards.urls")),
    path("", include("decks.urls")),
    path("", include("rulebook.urls")),
    path("", include("building.urls")),
    path("", include("simulations.urls")),
    path("", include("community.urls")),
    path("", include("shelves.urls")),
    path("", include("sets.urls")),
    # Django's admin, wherever KOTC_ADMIN_PATH puts it (kotc_site.admin_site).
    path(settings.KOTC_ADMIN_PATH, admin.site.urls),
]

handler400 = "kotc_site.errors.bad_request"
handler403 = "kotc_site.errors.permission_denied"
handler404 = "kotc_site.errors.page_not_found"
handler500 = "kotc_site.errors.server_error"

# Uploaded card pictures, checked against who may see the cards that show them. Nothing else
# under MEDIA_URL is served (a front server may still send the file: see cards.pictures).
urlpatterns += [
    path(f"{settings.MEDIA_URL.strip('/')}/cards/<str:name>", card_picture, name="card-picture"),
]
