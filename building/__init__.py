"""The Card Building Guide on the site: ``/building/`` and ``/building/<edition>/``.

An app of its own rather than a part of ``rulebook/``: the rulebook app hosts rulebook content
imported into the database (sections, glossary entries, editions as rows), while a guide is
data read by the pure rules package (``cards.rules.guide``, from ``cards/editions/guides/``):
no models, no import, and editions of its own (11th–17th). The pages look and print like the
rulebook's (same layout, edition switcher, anchors and print styles), and
:func:`building.links.building_url` is the one way to link to a guide's component or section,
for the designer and for verdict reasons.
"""
