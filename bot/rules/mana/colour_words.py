"""Colour words as players type them for mana, shared by costs and pools. Pure Python, no I/O.

A cost (:func:`bot.rules.mana.parse.scan`) and a pool (:mod:`bot.rules.mana.pool`) read the same words for the
same mana symbols: the colours of rule 105.1 (weiß, blau, schwarz, rot, grün and their English names, German
endings allowed: ``rote``, ``weißes``) for {W} {U} {B} {R} {G}, and „farblos“ for {C} (rule 107.4c); a pool also
reads „Artefakt“ as colourless mana.
"""

from __future__ import annotations

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
