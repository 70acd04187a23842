"""Whether a card or a deck may be played under an edition, and why not: the decisions, and the
names to ask for them.

The checks are made in modules of their own: what they say (:mod:`~cards.rules.verdicts`),
the rulebook's tables in a card's text (:mod:`~cards.rules.tables`), what the Card Building
Guide of a card's design edition says of it (:mod:`~cards.rules.guide_checks`), the check of
one card (:mod:`~cards.rules.card_checks`) and of a deck (:mod:`~cards.rules.deck_checks`).

A card's verdict is the first that applies of:

1. invalid: it breaks the card rules (stats, card type, Edition Indicator, one ability a spell),
   or it is not built as the Card Building Guide of its design edition says: an ability not
   made of the guide's components (`not_a_component`), a minion ability without a name where
   the guide says "Any minion ability must be named" (`unnamed_minion_ability`), a name not in
   capital letters (`name_not_in_capitals`), or a declared level other than the one the guide
   computes (`level_mismatch`, with the computed level and its steps);
2. pruned: designed before the clean slate edition, or bearing a redacted text, or a text whose
   cost was revised after the card was designed;
3. refurbished: it bears an outdated text that now reads differently;
4. legal.

The reasons given are all those of the winning verdict. What the rulebook asks but does not
sanction (a spell without ability text; a minion ability without a name, where no guide judges
the card) is a warning and never changes the verdict.

Where the rulebooks leave room, the engine decides:

- A design edition later than the edition checked is invalid, not a warning: the card was
  written for rules that edition does not have, so its rulebook cannot say how to play it.
- A stat is a whole number when its value is: 3.0 is 3. A bool is not a number.
- Refurbishment is applied to every card, whatever its verdict, so `CardCheck.text` always shows
  what the text reads now; only the verdict says whether the card may be played.
- Redacted and revised-cost texts are looked for in the printed text and in the refurbished
  one, so a new text cannot bring back a pruned one unnoticed.
- A deck entry whose count is not a whole number of 1 or more is a `bad_count` problem rather
  than an error, so a deck builder can show it along with the others.
- Cards withheld from the one checking the deck (their designers keep them private) count
  toward its size but cannot be judged: the deck is then not legal, with a `withheld_cards`
  problem, since nobody can tell its holder that those cards may be played.

A card is built under the Card Building Guide of its design edition (its Edition Indicator),
whatever the edition it is checked under: a design is judged by the rules it was made with.

- The text the guide reads is the printed text as the design edition's own rulebook refurbishes
  it, when that rulebook is on file (a 14th Edition card printed with "ghost-play, must pay
  resource cost" is read as "hex-play", as the 14th's guide writes it). The refurbishment of the
  edition checked is a separate matter and gives the `refurbished` verdict as before.
- Whatever the reader cannot read is `not_a_component`, one reason for each place: words that
  are no component (with the nearest one, when one is near), and components used against the
  guide's rules (a variable of 0 or above 10^9, an effect on targets without a target
  selection, more costs than the guide allows). Each reason carries the guide and the nearest
  component (or the section on constructing abilities) so a page can link to it.
- A level is compared only when it is a whole number; a negative or fractional one is already
  invalid for that. A level of None asks for the computed one: the card is then judged with
  it, and is `missing_level` only when the guide computes none either and gives no reason of
  its own (an unreadable text is `not_a_component`, never `missing_level` beside it).
- Names: the 12th–17th guides say "Any minion ability must be named", in all capital letters
  followed by a colon; the 11th's "You may give a name to any creature ability" (`names` in
  each guide's grammar). An unnamed minion ability is `unnamed_minion_ability`, by the guide, so
  the rulebook's warning of the same is not given beside it. Words before an ability's first
  colon that are a few words of letters and no activation condition (nor one misspelt) are the
  name it was meant as ("Greed: Draw 2 cards."): `name_not_in_capitals`, in every edition
  (the 11th: "If you do so, it must be … in all capital letters"), and the rest is read.
- One target selection per ability: every guide says "Only 1 target selection can be used per
  ability" (the 11th: "Only one"), and the 12th–17th also give each sub-ability "1 target
  selection (optional)". Both hold when an ability has at most one target selection, in any
  one of its sub-abilities; a second is `not_a_component`, wherever it stands, and the builder
  refuses it. The `t` of an effect is its own sub-ability's target selection ("the target
  selection used in the respective sub-ability"), so an effect on targets in another
  sub-ability has none (`not_a_component`, as any effect on targets without a selection).
- An activation condition after an activation cost, a target selection or an effect is
  `not_a_component` with a message saying where it stands, not which condition it is nearest.
- Capitals: "If an activation cost does not follow any activation condition or any other
  activation cost within the ability, its first letter should be capitalized" (12th on), and
  the guide writes it small after one; a cost written otherwise is a `guide_wording` warning.
- Numbers that give the guide no level (a target selection whose t would be 0 or less, a
  formula that divides by zero) are `level_not_computed`, invalid like a wrong level. Only the
  11th's formulas can do that today, so there it is a warning.
- A card designed for an edition later than the one checked is invalid for that, and its own
  edition's guide still reads it: its reasons are given too, so a designer sees all of them.
- A spell without ability text is `level_not_computed` where the guide is enforced: a spell's
  level is its single ability's, so the guide gives it none, and any level it printed would
  pass unchecked. The rulebook's `spell_without_ability` warning stays beside it.
- Texts that the checked edition's rulebook redacts, or whose cost it revised, stay pruned as
  before: the guide's findings within them are left out, since the pruned verdict says why.
- Wordings the guide asks for differently ("Draw 1 cards.", "up to" with one target) are read
  as meant and given as `guide_wording` warnings, never as a verdict.
- The rulebook's tables apply to "any card containing any exact original text", and the guides
  write a number of 1 in the singular: a row is found in every form the guides write it
  ("Target 1 in-play card; sheathe the target." holds "sheathe the targets"; "target 1 card
  therein" holds "target up to x cards therein"), and a refurbished text's new text is written
  in that grammar too ("1 of your resources" now reads "1 card in your granary"). See
  :mod:`cards.rules.table_rows`.
- Texts are matched as a reader sees them: in Unicode's compatibility form (NFKC) and without
  format characters, so a zero-width space or a soft hyphen ("Pay 4 hit\u00adpoints.") hides no
  redacted text from the check and no outdated text from refurbishment. Letters of another
  script that only look alike are not folded: a word mixing Latin, Cyrillic or Greek letters
  (a Cyrillic "а" in "Pаy") in the name, ability text or flavor text is a `mixed_script`
  warning naming the word, never a verdict, since the rulebook cannot say what it was meant as.
- The guide is enforced for a design edition whose rulebook file does not say otherwise: the
  11th's says `"guide_enforced": false`, since its own revised texts are not written in its
  guide's wording; its guide's findings (the level it computes included) are warnings, with the
  same codes. A card with no Edition Indicator, or designed for an edition with no guide on
  file (before the 11th), gets a `no_guide` warning and no verdict from any guide.

Ultra Points (the 17th Edition guide on): a card is worth the sum of the Ultra Points values of
the card texts it uses, and a deck may hold a limited total of them ("Setup and Deck Building").

- A card's Ultra Points are counted by the guide of its design edition, the one that reads and
  levels it: they are part of its design, printed on it as its level is. A card designed for an
  edition whose guide classes no text as ultra is worth 0, in a deck of any edition; a card
  with no guide on file is worth 0 too.
- The limit is the one in the guide of the deck's edition (`deck_ultra_points`; none when the
  guide sets none or no guide is on file). The total counts every copy, invalid and pruned cards
  included (they are problems of their own); withheld cards cannot be read and add nothing.
  A total over the limit is a `too_many_ultra_points` problem.

    >>> from cards.rules import Card
    >>> card = Card("Hexling", "minion", 17, None, 1, 2, "HEX: Pay 2 HP→Draw 1 card.")
    >>> check_card(card, 17).ultra_points  # "pay x HP→" is worth 1 by the 17th's guide
    1
"""

from __future__ import annotations

from .card_checks import check_card
from .deck_checks import check_deck, deck_ultra_points
from .guide_checks import design_level
from .tables import design_text, refurbish
from .verdicts import (
    CardCheck,
    Code,
    DeckCheck,
    DeckEntry,
    LevelCheck,
    Problem,
    Reason,
    Replacement,
    Verdict,
)

__all__ = [
    "CardCheck",
    "Code",
    "DeckCheck",
    "DeckEntry",
    "LevelCheck",
    "Problem",
    "Reason",
    "Replacement",
    "Verdict",
    "check_card",
    "check_deck",
    "deck_ultra_points",
    "design_level",
    "design_text",
    "refurbish",
]
