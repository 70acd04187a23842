"""Uploaded card pictures, each served only to those who may see a card that shows it.

Pictures live in the default storage under cards/<content hash>.<extension> and are reached at
MEDIA_URL + that name. Nothing else under MEDIA_URL is served: rendered cards go through the
render API, which checks the card itself."""

from __future__ import annotations

import mimetypes

from django.conf import settings
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from cards import selectors


@require_safe
def card_picture(request: HttpRequest, name: str) -> HttpResponse:
    stored = f"cards/{name}"
    audience = selectors.picture_audience(stored, request.user)
    if audience is None:
        raise Http404("No such picture.")
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
