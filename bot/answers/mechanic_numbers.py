"""Today's rule numbers of the mechanics sections that print none, from the term table (``data/terms_de_en.tsv``,
its ``rule`` column: the Comprehensive Rules of 2026-04-17): a section a term is about (its title names the term,
:meth:`bot.answers.mechanic_finder.MechanicFinder._term_sections`) is named by that term's number too, so
``/mechanik name: 709`` finds „Geteilte Karten“ (Split Cards, CR 709), ``205.4g`` and ``107.4h`` „Verschneite Karten
und das Schnee-Manasymbol“ (the supertype snow, the snow mana symbol), ``207.2c`` the ability words' sections
Ausstrahlung and Versessenheit (Radiance, Hellbent). A number a section prints or the register maps
(:func:`bot.answers.today_index.today_number`) is read first: these only add numbers no such rule has.

A sub-rule names the section its rule names (:func:`numbered`): ``709.4`` and ``709.4a``, which the „Heute“ blocks
of „Geteilte Karten“ quote, find that section by 709, ``702.51b`` finds Einberufen by 702.51, as ``702.55a`` finds
Spuk; a number whose rules name no section (``702.19``, ``702``) still finds none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bot.terms import Term


def term_numbers(terms: Iterable[Term], about: Mapping[int, list[int]]) -> dict[str, list[int]]:
    """Rule number → the positions of the sections the table's terms of that number are about (``about``: per term,
    by ``id``, the positions of its sections), each once, in the table's order; a term without a number or without
    a section adds nothing. ``{"709": [23], "207.2c": [7, 20], …}`` on the documents' store."""
    found: dict[str, list[int]] = {}
    for term in terms:
        for i in about.get(id(term), ()):
            if term.rule and i not in found.get(term.rule, []):
                found.setdefault(term.rule, []).append(i)
    return found


#: A rule number's last step: its sub-rule's letter („709.4a“ → „709.4“), else its number after the point („709.4“
#: → „709“).
_LAST_STEP = re.compile(r"[a-z]$|\.\d+$")


def numbered(by_number: Mapping[str, list[int]], number: str) -> list[int]:
    """The sections ``by_number`` names for the rule ``number`` (as :func:`bot.rule_catalog.parse_number`
    gives it) or, when none, for the nearest rule it is a sub-rule of: ``"709.4a"`` → those of ``"709.4"``, else of
    ``"709"``; ``[]`` when no rule above it names one. Pure."""
    while True:
        if found := by_number.get(number):
            return list(found)
        if (shorter := _LAST_STEP.sub("", number)) == number:
            return []
        number = shorter


__all__ = ["numbered", "term_numbers"]
