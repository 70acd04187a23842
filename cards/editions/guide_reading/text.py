"""Guide prose as text: an element's own words, squashed, and the card texts it quotes."""

from __future__ import annotations

import re
from typing import Any

from lxml import etree


def local_name(element: Any) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def squash(text: str) -> str:
    return " ".join(text.split())


def inline_text(element: Any, *, skip: tuple[str, ...] = ("ul", "ol", "math")) -> str:
    """An element's text, leaving out nested lists and formulas (their tails are kept)."""
    parts = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and local_name(child) not in skip:
            parts.append(inline_text(child, skip=skip))
        parts.append(child.tail or "")
    return "".join(parts)


def quoted_texts(text: str) -> list[str]:
    return re.findall(r"\u201c(.*?)\u201d", text)


def slug_of(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "").replace("\u2019", "")).strip(
        "-"
    )
