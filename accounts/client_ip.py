"""Which address a request comes from, for the login lockout.

The rule is DRF's for its throttles with `NUM_PROXIES` (set from KOTC_TRUSTED_PROXIES), so the
throttles and the lockout always count the same client: with no trusted proxy, the address
that connected; with N, the N-th address from the right of X-Forwarded-For, the one the outermost
trusted proxy saw. Everything further left was written by the client and is never believed.

django-ipware, which django-axes would use otherwise, counts proxies differently: it expects
each proxy's own address in the header, so with one proxy in front it takes the address the
client wrote. Hence this function, which axes calls through AXES_CLIENT_IP_CALLABLE.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _address(value: str | None) -> str | None:
    if not value:
        return None
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str | None:
    remote = _address(request.META.get("REMOTE_ADDR"))
    proxies = settings.KOTC_TRUSTED_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies == 0 or not forwarded:
        return remote
    hops = forwarded.split(",")
    # A proxy that wrote something that is not an address is not one we can read: fall back
    # to the connection rather than store a made-up value.
    return _address(hops[-min(proxies, len(hops))]) or remote
