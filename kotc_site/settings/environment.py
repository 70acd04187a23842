"""Where the site keeps its files, and how settings are read from the environment: a value
that cannot be used stops the start with a message naming the variable."""

import os
import re
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("KOTC_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def throttle_rate(name: str, default: str) -> str | None:
    """A rate such as "120/min" from the environment; "off" switches that throttle off."""
    value = os.environ.get(name, default).strip()
    return None if value.lower() == "off" else value


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_float(name: str, default: float, *, minimum: float = 0.0, maximum: float = 1.0) -> float:
    value = os.environ.get(name, str(default)).strip()
    try:
        number = float(value)
    except ValueError:
        number = minimum - 1
    if not minimum <= number <= maximum:
        raise ImproperlyConfigured(
            f"{name} must be a number from {minimum:g} to {maximum:g}; got {value!r}."
        )
    return number


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    value = os.environ.get(name, str(default)).strip()
    try:
        number = int(value)
    except ValueError:
        number = minimum - 1
    if number < minimum:
        raise ImproperlyConfigured(
            f"{name} must be a whole number, {minimum} or more; got {value!r}."
        )
    return number


# One segment of a path as urls.py writes it: letters, digits and the few marks that need no
# escaping in an address.
_SEGMENT = re.compile(r"[A-Za-z0-9_~-][A-Za-z0-9._~-]*")


def url_path(name: str, value: str) -> str:
    """A path under the site's root as urls.py wants it ("back/office/" for "/back/office"),
    from the value of the variable `name`."""
    segments = value.strip().strip("/").split("/")
    if not all(_SEGMENT.fullmatch(segment) for segment in segments):
        raise ImproperlyConfigured(
            f"{name} must be a path such as admin/ or back-office/ (letters, digits and "
            f"- _ . ~ between slashes); got {value!r}."
        )
    return "/".join(segments) + "/"
