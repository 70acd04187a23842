"""Uploaded card pictures, each served only to those who may see a card that shows it.

Pictures live in the default storage under cards/<content hash>.<extension> and are reached at
MEDIA_URL + that name, whatever the storage: pages and the API link there (picture_path), and
this view checks who asks before anything is sent. Nothing else under MEDIA_URL is served:
rendered cards go through the render API, which checks the card itself.

On local disk the view sends the file (or lets nginx send it: KOTC_MEDIA_ACCEL_REDIRECT). In an
S3 bucket, which stays private, it answers with a redirect to a signed link to the object: a
picture only its designer may see gets a link that works for DJANGO_AWS_QUERYSTRING_EXPIRE
seconds (five minutes unless set) and an answer no cache keeps; a picture anyone may see gets a
link that works for two hours behind an answer any cache may keep for one, so browsers and
proxies fetch it once."""

from __future__ import annotations

import mimetypes

from django.conf import settings
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_safe

from cards import selectors
from kotc_site.token_reads import token_readable

# A public picture's signed link outlives the cached redirect to it, so a redirect a cache
# kept never leads to a link that has run out.
PUBLIC_LINK_SECONDS = 2 * 60 * 60
PUBLIC_CACHE_SECONDS = 60 * 60


def picture_path(name: str) -> str:
    """The address on the site of the stored picture `name` (cards/<hash>.<extension>)."""
    return reverse("card-picture", args=[name.removeprefix("cards/")])


def _bucket_storage() -> bool:
    """Whether pictures are in an S3 bucket (django-storages) rather than on local disk."""
    try:
        from storages.backends.s3 import S3Storage
    except ImportError:  # pragma: no cover - django-storages is a requirement
        return False
    return isinstance(default_storage, S3Storage)


def _signed_redirect(stored: str, audience: str) -> HttpResponse:
    everyone = audience == "everyone"
    expire = PUBLIC_LINK_SECONDS if everyone else None  # None: the storage's short default
    response = HttpResponseRedirect(default_storage.url(stored, expire=expire))
    response["Cache-Control"] = (
        f"public, max-age={PUBLIC_CACHE_SECONDS}" if everyone else "private, no-store"
    )
    response["Vary"] = "Cookie, Authorization"
    return response


@token_readable
@require_safe
def card_picture(request: HttpRequest, name: str) -> HttpResponse:
    stored = f"cards/{name}"
    audience = selectors.picture_audience(stored, request.user)
    if audience is None:
        raise Http404("No such picture.")
    if _bucket_storage():
        return _signed_redirect(stored, audience)
    accel = settings.KOTC["MEDIA_ACCEL_REDIRECT"]
    response: HttpResponse
    if accel:
        # The front server sends the file from its internal location; we only said yes.
        response = HttpResponse(content_type=mimetypes.guess_type(name)[0])
        response["X-Accel-Redirect"] = f"{accel.rstrip('/')}/{stored}"
    else:
        try:
            handle = default_storage.open(stored, "rb")
        except OSError:
            raise Http404("No such picture.") from None
        response = FileResponse(handle, content_type=mimetypes.guess_type(name)[0])
    # A picture others may see can be kept by any cache; one only its designer may see,
    # only by their browser, and checked again each time.
    response["Cache-Control"] = (
        "public, max-age=3600" if audience == "everyone" else "private, no-cache"
    )
    response["Vary"] = "Cookie, Authorization"
    return response
