"""Build the Card Building Guides' data files from the published guides (run once per new guide).

    .venv/bin/python cards/editions/build_guides.py [--sources DIR] [--out DIR] [EDITION ...]

SOURCES defaults to cards/editions/guides/sources/, which holds the guides as published
(``card-building-guide-<NN>th-edition.html``); OUT defaults to cards/editions/guides/. Every guide
found is built unless editions are named. The site reads ``guides/<number>.json`` through
:mod:`cards.rules.guide`, never the HTML.

What is taken from each guide, and how, so the data can be traced to its words:
- every component of the "Card Texts" section (caveats, activation conditions, activation costs,
  target selections, effects; the 17th Edition's ultra ones with their Ultra Points), with its
  template text, its variables (the ``<var>`` letters), its formula read from the MathML
  (``<mfrac>`` a fraction, ``&InvisibleTimes;`` or two operands side by side a product,
  ``<msup>`` a power) and, for targets and 11th Edition conditions, the letter it sets
  (``t = …``, ``a = …``); a component struck through or marked redacted is kept, marked;
- the level rules, from the "Level" section: every sentence there must be one the script knows
  (see ``LEVEL_CLAUSES`` in guide_reading/level.py), so a new guide that words a rule
  differently stops the build instead of being misread;
- the writing rules (how costs and effects are joined, capitals, "up to", singular words, the
  substitutions for a single target, names, tutorial text, stat bounds), each from its sentence.
Where a rule is missing, the build stops and names it.

This file finds the guides and writes the files; the reading is in the package
:mod:`cards.editions.guide_reading` beside it, one module for each part of a guide.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))

from cards.editions.guide_reading import BuildError  # noqa: E402
from cards.editions.guide_reading.guide import build_guide, dump, sources_in  # noqa: E402

HERE = Path(__file__).resolve().parent
GUIDES = HERE / "guides"
SOURCES = GUIDES / "sources"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", type=Path, default=SOURCES)
    parser.add_argument("--out", type=Path, default=GUIDES)
    parser.add_argument("editions", nargs="*", type=int)
    args = parser.parse_args(argv)
    sources = sources_in(args.sources)
    wanted = args.editions or sorted(sources)
    missing = [n for n in wanted if n not in sources]
    if missing:
        print(f"no guide for editions {missing} in {args.sources}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for number in wanted:
        try:
            data = build_guide(sources[number])
        except BuildError as error:
            print(f"{sources[number].name}: {error}", file=sys.stderr)
            return 1
        target = args.out / f"{number}.json"
        target.write_text(dump(data), encoding="utf-8")
        print(f"{target}: {len(data['components'])} components")
    return 0


if __name__ == "__main__":
    sys.exit(main())
