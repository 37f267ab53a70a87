"""Colour words as players type them for mana, shared by costs and pools, and the words that are none (a number
word, any other word): refused as the word typed, never read as letters of shorthand. Pure Python, no I/O.

A cost (:func:`bot.rules.mana.parse.scan`) and a pool (:mod:`bot.rules.mana.pool`) read the same words for the
same mana symbols: the colours of rule 105.1 (weiß, blau, schwarz, rot, grün and their English names, German
endings allowed: ``rote``, ``weißes``) for {W} {U} {B} {R} {G}, and „farblos“ for {C} (rule 107.4c); a pool also
reads „Artefakt“ as colourless mana.
"""

from __future__ import annotations

from bot.number_words import GERMAN_NUMBERS

COLOR_WORDS = {
    "weiß": "W", "weiss": "W", "white": "W", "w": "W",
    "blau": "U", "blue": "U", "u": "U",
    "schwarz": "B", "black": "B", "b": "B",
    "rot": "R", "red": "R", "r": "R",
    "grün": "G", "gruen": "G", "green": "G", "g": "G",
}  # fmt: skip
#: Words for colourless mana ({C}) in a cost and in a pool.
COLORLESS_MANA_WORDS = {"farblos", "farblose", "farbloses", "colorless", "colourless", "c"}
#: Words a pool (and Einberufen's creatures) also reads as colourless: an artifact's mana or creature.
COLORLESS_WORDS = COLORLESS_MANA_WORDS | {"artefakt", "artefaktkreatur", "artefakte", "artifact"}
#: Words joining colour words (``rot und blau``): skipped in a cost.
AND_WORDS = {"und", "and"}
#: The accepted forms of a cost, for messages.
COST_FORMS = (
    "Erlaubt sind Manasymbole wie {2}{R}{U}, die Kurzform 2RU oder Farbwörter: "
    "weiß, blau, schwarz, rot, grün, farblos (z. B. „rot rot blau“)."
)


def strip_inflection(word: str) -> str:
    """A German colour adjective without its ending: ``"rote"`` → ``"rot"``, ``"weißes"`` → ``"weiß"``."""
    for suffix in ("en", "es", "er", "em", "e"):
        if word.endswith(suffix) and word[: -len(suffix)] in COLOR_WORDS:
            return word[: -len(suffix)]
    return word


def mana_letter(word: str, artifacts: bool = False) -> str | None:
    """The symbol letter (``W U B R G C``) a colour word stands for, any case and German ending (``"Rote"`` →
    ``"R"``, ``"farblos"`` → ``"C"``), with ``artifacts`` also ``"Artefakt"`` → ``"C"``; None for another word."""
    base = strip_inflection(word.casefold())
    if base in COLOR_WORDS:
        return COLOR_WORDS[base]
    return "C" if base in (COLORLESS_WORDS if artifacts else COLORLESS_MANA_WORDS) else None


#: German number words as players say a cost („zwei weiß“) or a count („zwei rote“, „Zahle zwanzig Lebenspunkte“):
#: :data:`bot.number_words.GERMAN_NUMBERS`, the one table of them, which :data:`NUMBER_WORDS` (a cost),
#: :data:`bot.rules.mana.pool.COUNT_WORDS` (a count) and :data:`SPELLED` (a count in an answer) read.
#: English number words as players say a cost („two white“), with their number.
ENGLISH_NUMBERS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
#: Number words in a cost, German and English. Not read: „zwei weiß“ is {2}{W} as „2 weiß“ is, but also said for two
#: white mana ({W}{W}); the error names both ways to type it (:mod:`bot.rules.mana.spoken`).
NUMBER_WORDS = {**GERMAN_NUMBERS, **ENGLISH_NUMBERS}
#: Most a count the bot writes in a word („zwölf weiße Mana“); a larger one in digits („13 weiße“).
SPELLED_MOST = 12
#: The German word the bot writes for a count of 1 to :data:`SPELLED_MOST` (``1`` → „ein“, as in „ein weißes“): each
#: number's first spelling in :data:`GERMAN_NUMBERS`.
SPELLED = {n: w for w, n in reversed(GERMAN_NUMBERS.items()) if 0 < n <= SPELLED_MOST}
#: The letters of the symbols of rule 107 shorthand may hold ({W} {U} {B} {R} {G} {C} {S} {X} {Y} {Z}, the P of
#: Phyrexian mana, {H}, {T}, {Q}, {E}, {TK}): a run of letters with another one is a word, not shorthand.
SYMBOL_LETTERS = frozenset("WUBRGCSXYZPHTQEK")
#: German names of the colours by symbol letter, for the error's examples (the cards' words, rule 105.1).
COLOUR_NAMES = {"W": "weiß", "U": "blau", "B": "schwarz", "R": "rot", "G": "grün", "C": "farblos"}


def is_word(run: str) -> bool:
    """True when the run of letters ``run`` (as typed, no colour word) is a word and not shorthand: a number word
    (:data:`NUMBER_WORDS`) or three letters or more with one that no symbol of rule 107 has („lila“, „hallo“); „BUG“,
    „WUBRG“, „WI“ stay shorthand (a bad letter is named by the cost's parser)."""
    return run.casefold() in NUMBER_WORDS or (len(run) > 2 and any(c.upper() not in SYMBOL_LETTERS for c in run))


def word_error(word: str, where: str) -> str:
    """The German error for the ``word`` of a cost that is no colour word, number word nor shorthand
    (:func:`is_word`; a number word: :func:`bot.rules.mana.spoken.number_word_error`), ``where`` it stands („an
    Position 2 (Zeichen 5)“): „„lila“ an Position 2 (Zeichen 5) ist kein Manasymbol und kein Farbwort. Erlaubt sind
    …“."""
    shown = word if len(word) <= 40 else word[:39] + "…"
    return f"„{shown}“ {where} ist kein Manasymbol und kein Farbwort. {COST_FORMS}"
