"""How much one person may keep on their shelves, and how deep folders go: one home for each
limit, read by the forms, the API and the services alike."""

from cards.search import MAX_QUERY_LENGTH, MAX_TAG_LENGTH

MAX_FOLDER_NAME = 80
MAX_SMART_NAME = 80
MAX_SMART_QUERY = MAX_QUERY_LENGTH
MAX_TAGS = 500  # tags a person has
MAX_FOLDERS = 500  # folders a person has
MAX_SMART_FOLDERS = 100
MAX_DEPTH = 8  # a folder inside a folder, this many deep at most
MAX_BULK = 200  # cards or decks changed at once

__all__ = [
    "MAX_BULK",
    "MAX_DEPTH",
    "MAX_FOLDERS",
    "MAX_FOLDER_NAME",
    "MAX_SMART_FOLDERS",
    "MAX_SMART_NAME",
    "MAX_SMART_QUERY",
    "MAX_TAGS",
    "MAX_TAG_LENGTH",
]
