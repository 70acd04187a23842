"""The errors of the rules engine. All are ValueErrors: they are about bad input or data."""


class RulesError(ValueError):
    """Base class of every error the rules engine raises."""


class UnknownEdition(RulesError):
    """No edition with that number is known; the message names the known ones."""


class EditionDataError(RulesError):
    """An edition data file is missing a field, has a wrong type, or contradicts itself."""


class GuideError(RulesError):
    """A Card Building Guide is missing, or a guide data file is malformed."""


class FormulaError(RulesError):
    """A level formula cannot be read or evaluated (a missing value, a division by zero)."""


class DesignError(RulesError):
    """A designed ability cannot be written: an unknown component, a missing or bad variable."""
