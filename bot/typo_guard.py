"""Typo repairs that would change a player's ordinary word into another word: „ausgehen“ read as the documents'
„ausgeben“, „echt“ as „echo“, „verschieben“ as „verschiedene“, „senken“ as „sinken“. A word of the German dictionary
(:mod:`bot.german_words`, pyspellchecker's list) is meant as typed, so :meth:`bot.vocabulary.Vocabulary.repair`
keeps it unless its repair is only a longer or shorter form of it: the repair contains it or is contained in it
(„vorrat“ → „manavorrat“, „schlag“ → „erstschlag“, „öfter“ → „öfters“, „rotem“ → „rote“) or both are one word's
forms (one Snowball stem, or another ending: „anzettelt“ → „anzettelst“). A word the dictionary lacks („gewint“, „fede“) is repaired as before.

Measured on the tuning and dev questions (docs/ranking.md, footnote ²⁷). The dictionary is read once per process
at the first repair asked for (≈ 0.5 s of CPU; :func:`bot.german_words.german_dictionary`)."""

from __future__ import annotations

import os

from bot.german_words import german_dictionary
from bot.text import canonical, fold
from bot.words import snowball


#: Letters an inflection ending may change at a word's end („anzettelt“, „anzettelst“: one verb, two persons).
_ENDING = 2

#: The shortest stem two forms of one word share (no „ech|t“, „ech|o“).
_MIN_STEM = 4


def _inflected(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ only in their last :data:`_ENDING` letters and share at least
    :data:`_MIN_STEM` letters before them: two forms of one word, not two words."""
    same = len(os.path.commonprefix([a, b]))
    return same >= _MIN_STEM and same >= min(len(a), len(b)) - _ENDING


def other_word(typed: str, repair: str) -> bool:
    """True when the question's word ``typed`` is an ordinary German word and ``repair`` (the documents' word the
    typo repair found for it) is another word: neither holds the other and their Snowball stems differ
    („ausgehen“, „ausgeben“ → True; „vorrat“, „manavorrat“ → False; „gewint“, „gewinnt“ → False, no dictionary
    word). Both lower case as the analyser reads them; never raises."""
    a, b = canonical(fold(typed)), canonical(fold(repair))
    if a in b or b in a or snowball(a) == snowball(b) or _inflected(a, b):
        return False
    return typed in german_dictionary()


__all__ = ["other_word"]
