"""Words that mix the letters of look-alike scripts: a Cyrillic "а" in "Pаy" looks like the
rulebook's word, but no rule reads it as one. Matching never folds such letters
(:mod:`cards.rules.text`); the legality check warns of the words instead.

    >>> (found,) = mixed_script_words("P\\u0430y 2 HP")
    >>> found.word == "P\\u0430y", found.scripts, found.start, found.end
    (True, ('Latin', 'Cyrillic'), 0, 3)
    >>> mixed_script_words("Pay 2 HP"), mixed_script_words("炎の竜")
    ((), ())
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# Scripts whose letters look alike: a word mixing them is likely a disguise, not a spelling.
_LOOK_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
_WORD = re.compile(r"\w+")


def _script(char: str) -> str | None:
    if not char.isalpha():
        return None
    script = unicodedata.name(char, "").split(" ", 1)[0]
    return script if script in _LOOK_ALIKE_SCRIPTS else None


@dataclass(frozen=True)
class MixedWord:
    """A word written with letters of several look-alike scripts, as in "Pаy" with a
    Cyrillic "а"."""

    word: str
    start: int  # its span in the text
    end: int
    scripts: tuple[str, ...]  # "Latin", "Cyrillic", "Greek": the most used first
    strays: str  # the letters not of the most used script, each once, in order


@lru_cache(maxsize=1024)  # a card's check asks it of the same texts for every edition
def mixed_script_words(text: str) -> tuple[MixedWord, ...]:
    """The words of the text whose letters come from more than one of Latin, Cyrillic and Greek.

    Other scripts are left alone: a Japanese phrase mixes kana and kanji as it should.
    """
    if text.isascii() or len({_script(char) for char in set(text)} - {None}) < 2:
        return ()
    found: list[MixedWord] = []
    for word in _WORD.finditer(text):
        letters = [(char, _script(char)) for char in word.group()]
        counts: dict[str, int] = {}
        for _, script in letters:
            if script is not None:
                counts[script] = counts.get(script, 0) + 1
        if len(counts) < 2:
            continue
        # The most used script first; on a tie, the one the word starts with.
        order = [script for _, script in letters if script is not None]
        scripts = sorted(counts, key=lambda s: (-counts[s], order.index(s)))
        strays = "".join(dict.fromkeys(c for c, s in letters if s not in (None, scripts[0])))
        names = tuple(script.capitalize() for script in scripts)
        found.append(MixedWord(word.group(), word.start(), word.end(), names, strays))
    return tuple(found)
