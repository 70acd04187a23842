"""Addresses of other sites in what a player writes: where a link takes its reader, and the
addresses written out as text that a reader (or the reader's program) follows all the same.

A link is read as a browser reads it on one of the site's pages, not as urllib splits it: a
scheme-relative `//host/…` leads to that host, a backslash counts as a slash, tabs and line
breaks inside an address are dropped, and `http:host` leads to the host from a page of the other
scheme. What the browser would follow elsewhere counts as elsewhere.

Written out, an address counts in every form a reader's program makes a link of: `https://…`,
`www.…`, a scheme-relative `//host…`, and a bare domain with a path or a port
(`spam.example/buy`). A bare domain alone (`example.com`, `e.g.`) is left: it reads as a word
as often as an address, and nothing turns it into a link.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from django.conf import settings

# A text is read up to this many characters (as cards.markup reads it).
MAX_TEXT_CHARS = 60_000

_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
_WEB_SCHEMES = {"http", "https"}
# What a browser drops from an address: tabs and line breaks anywhere, and spaces and control
# characters at its ends.
_DROPPED = re.compile(r"[\t\n\r]")
_ENDS = "".join(chr(code) for code in range(0x21))
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_DOMAIN = rf"(?:{_LABEL}\.)+[a-z]{{2,63}}"
_REST = r"[^\s<>()\[\]]"
# Written out: with a scheme or `www.`; scheme-relative; a bare domain followed by a path or a
# port. Never inside a longer word, path or email address.
_WRITTEN = re.compile(
    rf"(?i)\b(?:https?://|www\.){_REST}+"
    rf"|(?<![\w.@/:-])//{_DOMAIN}{_REST}*"
    rf"|(?<![\w.@/:-]){_DOMAIN}(?=/|:\d){_REST}*"
)


def site_hosts() -> set[str]:
    return {host.lower().lstrip(".") for host in settings.ALLOWED_HOSTS if host != "*"}


def link_host(href: str) -> str | None:
    """The host a reader on one of the site's pages is taken to by following `href`, lowercased;
    None for an address on the site itself (a path) or one that is no web link (`mailto:`)."""
    address = _DROPPED.sub("", href).strip(_ENDS).replace("\\", "/")
    scheme = _SCHEME.match(address)
    if scheme:
        if scheme.group(1).lower() not in _WEB_SCHEMES:
            return None
        authority = address[scheme.end() :].lstrip("/")
    elif address.startswith("//"):
        authority = address.lstrip("/")
    else:
        return None
    host = re.split(r"[/?#]", authority, maxsplit=1)[0].rpartition("@")[2]
    host = unquote(host)
    host = host[1 : host.find("]")] if host.startswith("[") else host.partition(":")[0]
    return host.strip(".").lower() or None


def outside_host(href: str) -> str | None:
    """The host of another site `href` leads to; None for the site's own pages."""
    host = link_host(href)
    return None if host is None or host in site_hosts() else host


def written_addresses(text: str) -> list[str]:
    """The addresses of other sites written out in the text (see the module's docstring),
    linked or not, in order, each once; addresses on this site's own hosts are not counted."""
    found: dict[str, None] = {}
    for match in _WRITTEN.finditer((text or "")[:MAX_TEXT_CHARS]):
        address = match.group().rstrip(".,;:!?'\"")
        written_with_scheme = address.lower().startswith(("http:", "https:", "//"))
        href = address if written_with_scheme else "//" + address
        if outside_host(href):
            found.setdefault(address, None)
    return list(found)
