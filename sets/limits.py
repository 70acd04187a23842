"""The limits of a set, each in one place."""

from __future__ import annotations

from datetime import timedelta

MAX_NAME = 100
MAX_DESCRIPTION = 20_000  # a primer's length (decks.models.MAX_DESCRIPTION)
CODE_PATTERN = r"^[A-Z]{2,5}$"
MAX_CARDS = 300  # cards of one set: a print, a ZIP and a release stay one request's work
MAX_DESIGNERS = 10
# A set symbol is printed a few millimetres high: a small picture is all it needs.
MAX_SYMBOL_BYTES = 256 * 1024
SYMBOL_SIZE = 96  # pixels of the stored symbol's longer side
# How long after a release it can still be undone.
UNDO_WITHIN = timedelta(hours=1)
# An exported set read back: the ZIP and each of its files (each card's render and picture,
# set.json and the Cockatrice set).
MAX_ZIP_BYTES = 40 * 1024 * 1024
MAX_ZIP_FILES = 3 * MAX_CARDS + 10
MAX_SET_JSON_BYTES = 5 * 1024 * 1024
MAX_UNZIPPED_BYTES = 120 * 1024 * 1024
