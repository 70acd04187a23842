"""Shelves: a person's own tags, folders, archive and saved searches for their cards and decks.

Everything here belongs to one person and is shown to them alone: tags are private labels,
folders and saved searches are their own tidiness, and archiving hides a card or deck from their
own lists only (an archived public card stays public). Tags, folders and the archive hold the
person's own cards and decks, never anyone else's: a card one saved to a collection is theirs
to play, not to label. Nothing here deletes a card or a deck.
"""
