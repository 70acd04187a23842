from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

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


def _links(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    links = []
    for label, name in entries:
        try:
            links.append((label, reverse(name)))
        except NoReverseMatch:
            continue
    return links


def site(request: HttpRequest) -> dict[str, object]:
    try:
        logout_url = reverse("logout")
    except NoReverseMatch:
        logout_url = None
    return {
        "current_edition": rules.current_edition().number,
        "site_nav": _links(SITE_NAV),
        "account_nav": _links(ACCOUNT_NAV),
        "guest_nav": _links(GUEST_NAV),
        "logout_url": logout_url,
    }
