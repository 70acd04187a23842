from functools import lru_cache

from django.http import HttpRequest
from django.urls import (
    NoReverseMatch,
    URLResolver,
    get_resolver,
    get_script_prefix,
    get_urlconf,
    reverse,
)

from cards import rules

# Links appear as their app's pages exist; a name that does not resolve is left out.
SITE_NAV = [
    ("Cards", "card-gallery"),
    ("Decks", "deck-gallery"),
    ("Sets", "set-list"),
    ("Rulebook", "rulebook"),
    ("Building guide", "building"),
    ("Glossary", "glossary"),
]
ACCOUNT_NAV = [
    ("Feed", "feed"),
    ("My cards", "my-cards"),
    ("Collection", "collection"),
    ("My decks", "my-decks"),
    ("Account", "account"),
]
GUEST_NAV = [("Log in", "login"), ("Sign up", "signup")]


def _links(entries: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    links = []
    for label, name in entries:
        try:
            links.append((label, reverse(name)))
        except NoReverseMatch:
            continue
    return tuple(links)


@lru_cache(maxsize=8)
def _navigation(resolver: URLResolver, prefix: str) -> dict[str, object]:
    """The menus' links, reversed once for each set of routes and the prefix the site is
    served under (every page shows them: reversing fourteen names each time was 0.3 ms a page).
    Django makes a new resolver when its routes change, so the cache follows them."""
    try:
        logout_url = reverse("logout")
    except NoReverseMatch:
        logout_url = None
    return {
        "site_nav": _links(SITE_NAV),
        "account_nav": _links(ACCOUNT_NAV),
        "guest_nav": _links(GUEST_NAV),
        "logout_url": logout_url,
    }


def site(request: HttpRequest) -> dict[str, object]:
    return {
        "current_edition": rules.current_edition().number,
        **_navigation(get_resolver(get_urlconf()), get_script_prefix()),
    }
