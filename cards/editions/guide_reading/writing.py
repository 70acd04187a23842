"""The writing rules of a guide (how costs and effects are joined, capitals, "up to", singular
words, the substitutions for a single target, names, tutorial text, stat bounds), each with the
sentence that says it."""

from __future__ import annotations

import re
from typing import Any

from cards.editions.guide_reading import BuildError
from cards.editions.guide_reading.text import inline_text, quoted_texts, squash


def _find(text: str, pattern: str, what: str) -> re.Match[str]:
    m = re.search(pattern, text)
    if not m:
        raise BuildError(f"the guide does not say {what}")
    return m


# Where a sentence ends: . ! or ? (with a closing quote or bracket) before the next one's
# capital, not "i.e. at least 1"; and at the end of a paragraph (one a line).
_SENTENCE_END = re.compile(r"[.!?][\u201d)]?(?= +[A-Z\u201c(0-9])|\n")


def _sentence_with(text: str, m: re.Match[str]) -> str:
    """The sentence (or run of sentences) a match is in."""
    start = 0
    for end in _SENTENCE_END.finditer(text):
        if end.start() >= m.start():
            break
        start = end.end()
    after = _SENTENCE_END.search(text, m.end())
    stop = len(text) if after is None else after.end()
    return text[start:stop].strip()


def read_grammar(sections: dict[str, list[Any]]) -> dict[str, Any]:
    # One paragraph a line, so a quoted sentence never runs into the next paragraph.
    prose = {key: "\n".join(squash(inline_text(p)) for p in ps) for key, ps in sections.items()}
    everything = "\n".join(prose.values())
    quotes: dict[str, str] = {}

    def rule(key: str, pattern: str, what: str, where: str | None = None) -> re.Match[str]:
        text = prose.get(where, "") if where else everything
        m = _find(text, pattern, what)
        quotes[key] = _sentence_with(text, m)
        return m

    grammar: dict[str, Any] = {}
    grammar["sub_abilities"] = "1 or more sub-abilities" in prose.get("inst-abilities", "")
    if re.search(r"Only one activation cost can be used per ability", everything):
        rule("costs", r"Only one activation cost can be used per ability", "how costs join")
        grammar["max_costs"], grammar["cost_join"] = 1, None
    elif re.search(r"exactly 2 activation costs, the arrow in the first", everything):
        rule(
            "costs",
            r"If an ability has exactly 2 activation costs.*?except for the final one listed",
            "how costs join",
        )
        grammar["max_costs"], grammar["cost_join"] = None, "and"
    else:
        m = rule(
            "costs",
            r"Consecutive activation costs in an ability are connected with a comma followed by"
            r" the word \u201c(\w+)\u201d",
            "how costs join",
        )
        grammar["max_costs"], grammar["cost_join"] = None, m.group(1)
    grammar["cost_then_target"] = bool(
        re.search(r"replace the semicolon in the activation cost with a comma", everything)
    )
    if grammar["cost_then_target"]:
        rule("cost_then_target", r"replace the semicolon in the activation cost", "")
    m = rule(
        "effects",
        r"(?:Consecutive effects in a sub-ability are connected|chain consecutive effects in an"
        r" ability together) with a comma followed by the word \u201c(\w+)\u201d or \u201c(\w+)"
        r"\u201d( instead of a period)?",
        "how effects join",
    )
    grammar["effect_joins"] = [m.group(1), m.group(2)]
    grammar["effects_may_be_sentences"] = m.group(3) is not None
    grammar["capitals"] = (
        "by_position"
        if re.search(r"does not follow any target selection or any other effect", everything)
        else "as_listed"
    )
    if grammar["capitals"] == "by_position":
        rule("capitals", r"If an effect does not follow any target selection", "")
    if re.search(r"If an activation cost does not follow any activation condition", everything):
        rule("cost_capitals", r"If an activation cost does not follow any activation condition", "")
    rule("singular", r"\bto singular\b", "when words are made singular")
    # "Additionally, the words 'up to' should be removed in that case": the case is the sentence
    # before, so the rule is quoted from there.
    m = rule(
        "up_to",
        r"(?:If the number of targets can never be greater than 1[^.]*\. Additionally, )?"
        r"the words \u201cup to\u201d (should|can) be removed",
        "when 'up to' is dropped",
    )
    grammar["drop_up_to"] = "must" if m.group(1) == "should" else "may"
    # The substitutions for a single target, from the list after "substitutions are
    # recommended": each item quotes the texts replaced, then the preferred replacement and any
    # alternative.
    substitutions = []
    for item in sections.get("substitutions", []):
        text = squash(inline_text(item))
        before, _, after = text.partition("replaced with")
        if not after:
            raise BuildError(f"a substitution does not say what replaces: {text!r}")
        substitutions.append({"from": quoted_texts(before), "to": quoted_texts(after)})
    if not substitutions:
        raise BuildError("the guide lists no substitutions for a single target")
    grammar["single_target_substitutions"] = substitutions
    quotes["single_target_substitutions"] = squash(
        " ".join(inline_text(item) for item in sections.get("substitutions", []))
    )
    if re.search(r"Any (?:minion|creature) ability must be named", everything):
        rule("names", r"Any (?:minion|creature) ability must be named", "")
        grammar["names"] = "required"
    else:
        rule("names", r"You may give a name to any (?:minion|creature) ability", "about names")
        grammar["names"] = "optional"
    rule("tutorial", r"Any tutorial text must be in parentheses", "how tutorial text is written")
    grammar["tutorial"] = "parentheses"
    m = rule(
        "stats",
        r"must each be no lower than (\d+)(?: and no higher than (\d+))?",
        "the bounds of the stats",
    )
    grammar["stat_minimum"] = int(m.group(1))
    grammar["stat_maximum"] = int(m.group(2)) if m.group(2) else None
    m = rule(
        "variables",
        r"Variable amounts must be positive, non-zero integers|must be a positive, non-zero"
        r" integer",
        "what numbers the variables take",
    )
    grammar["variable_minimum"] = 1
    defaults = {}
    for found in re.finditer(r"the value of (\w) is set to (\d+)", everything):
        defaults[found.group(1)] = int(found.group(2))
        quotes[f"default_{found.group(1)}"] = _sentence_with(everything, found)
    grammar["defaults"] = defaults
    caveats = re.search(r"Any creature may have no more than (\w+) caveat", everything)
    if caveats:
        rule("caveats", r"Any creature may have no more than \w+ caveat", "")
        grammar["max_caveats"] = {"one": 1}.get(caveats.group(1), 1)
    else:
        grammar["max_caveats"] = 0
    ultra = re.search(r"a deck cannot have more than (\d+) total Ultra Points", everything)
    grammar["deck_ultra_points"] = int(ultra.group(1)) if ultra else None
    if ultra:
        quotes["deck_ultra_points"] = _sentence_with(everything, ultra)
    rule("conditions", r"Only one activation condition can be used per ability", "")
    rule("targets", r"Only (?:1|one) target selection can be used per ability", "")
    grammar["quotes"] = dict(sorted(quotes.items()))
    return grammar
