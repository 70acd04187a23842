"""Sets: a designer's cards released together, numbered, printed and shared as one.

The app sits above cards and decks: it reads and writes them through their services and
selectors, and they never import it (the card search reads sets by the app's name, the render
takes a plain SetMark value)."""
