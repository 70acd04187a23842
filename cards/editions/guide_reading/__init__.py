"""Reading a published Card Building Guide into the data the site checks cards with.

:mod:`.guide` reads a whole guide; the other modules each read one part of it: :mod:`.mathml`
the formulas, :mod:`.level` the Level section, :mod:`.components` the component lists,
:mod:`.writing` the writing rules, and :mod:`.text` holds what they share for reading prose.
``cards/editions/build_guides.py`` runs it and writes the files.
"""


class BuildError(Exception):
    """The guide says something this script does not know how to read."""
