"""The written forms of each glossary term, so a rulebook's text links "draws" and "drew" to
"draw": every keyword is a verb unless listed here, and the forms its spelling cannot guess are
listed too."""

# Word forms that the spelling rules below cannot guess.
IRREGULAR = {
    "draw": ["draws", "drew", "drawn", "drawing"],
    "see": ["sees", "saw", "seen", "seeing"],
    "exhaust": [
        "exhausts",
        "exhausted",
        "exhausting",
        "unexhaust",
        "unexhausts",
        "unexhausted",
        "unexhausting",
    ],
    "down-level": [
        "down-levels",
        "down-leveled",
        "down-leveling",
        "down-levelled",
        "down-levelling",
    ],
    "dice-heal": [
        "dice-heals",
        "dice-healed",
        "dice-healing",
        "#-dice-heal",
        "#-dice-heals",
        "#-dice-healed",
        "#-dice-healing",
    ],
    "dice-burn": [
        "dice-burns",
        "dice-burned",
        "dice-burning",
        "#-dice-burn",
        "#-dice-burns",
        "#-dice-burned",
        "#-dice-burning",
    ],
    "dice-wound": [
        "dice-wounds",
        "dice-wounded",
        "dice-wounding",
        "#-dice-wound",
        "#-dice-wounds",
        "#-dice-wounded",
        "#-dice-wounding",
    ],
    "pay": ["pays", "paid", "paying"],
    "you": ["yourself", "your"],
    "your": ["yours"],
    "enemy": ["enemies"],
    "target": ["targets", "targeted", "targeting"],
}
# Terms that are not verbs: they take a plural at most.
NOUNS = {"controller", "counter", "enemy", "enemy minion", "owner", "action cost", "summon cost"}
UNCHANGING = {
    "ability-targeted",
    "each",
    "in-play",
    "on-field",
    "it",
    "you",
    "your",
    "exactly",
    "up to",
    "ghost-play",
    "hex-play",
}
# Words so common in every sentence that a link on each would drown the text.
NOT_LINKED = {"it", "you", "your"}


def verb_forms(word: str) -> list[str]:
    head, _, last = word.rpartition("-")
    prefix = f"{head}-" if head else ""
    if last.endswith("e"):
        endings = [last + "s", last + "d", last[:-1] + "ing"]
    elif last.endswith("y") and last[-2:-1] not in "aeiou":
        endings = [last[:-1] + "ies", last[:-1] + "ied", last + "ing"]
    elif last.endswith("o") or last.endswith("y"):
        endings = [last + "s", last + "ed", last + "ing"]
    else:
        endings = [last + "s", last + "ed", last + "ing"]
    return [prefix + ending for ending in endings]


def forms_for(name: str, kind: str) -> list[str]:
    key = name.lower()
    if kind == "ruling":
        return [key]
    if kind == "counter":
        return [key, key + "s"]
    if key in IRREGULAR:
        extra = IRREGULAR[key]
    elif key.startswith("self-") and key[5:] in IRREGULAR:
        extra = ["self-" + form for form in IRREGULAR[key[5:]]]
    elif key in UNCHANGING:
        extra = []
    elif key in NOUNS:
        extra = [key[:-1] + "ies" if key.endswith("y") else key + "s"]
    else:
        extra = verb_forms(key)
    return [key, *extra]
