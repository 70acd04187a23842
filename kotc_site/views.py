from django.http import HttpRequest, JsonResponse

from cards.check_page import check_page

__all__ = ["check_page", "health"]


def health(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers, with no service asked (see kotc_site.health for
    readiness). Also the baseline of the load benchmark."""
    return JsonResponse({"status": "ok"})
