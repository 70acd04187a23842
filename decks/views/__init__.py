"""The deck pages. Glue only: reads come from selectors, writes go through services.

`pages` holds the deck lists, the deck page and its live parts; `builder` the owner's changes;
`import_export` moving decks in and out; `prints` the print page, its PDF and the card back.
`page_parts` builds what the deck page and the builder's answers share.
"""
