"""The goldfish engine's error. It is a :class:`ValueError`, since it is always about bad input
or data, so a caller that turns bad input into a message catches it as one::

    >>> from decks.goldfish import parse_bury
    >>> try:
    ...     parse_bury("sometimes")
    ... except ValueError as error:
    ...     print(type(error).__name__, "-", error)
    GoldfishError - bury must be 'none', 'default' or 'above:N', got 'sometimes'
"""


class GoldfishError(ValueError):
    """A deck, card, option or tally the goldfish engine cannot work with."""
