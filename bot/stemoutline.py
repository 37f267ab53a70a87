"""A cheap outline of a word's Snowball stem, so a table keyed by stems (:class:`bot.prefixes.KeyStarts`) can tell
that a typed word's stem is none of its keys' words without stemming it.

The German Snowball stemmer (:func:`bot.words.snowball`, PyStemmer's ``german``) only cuts endings off a word: its
prelude writes ``ß`` as ``ss`` and reads ``ae``/``oe``/``ue`` as umlauts, its postlude drops the umlauts' marks, and
:func:`bot.words.fold` then strips marks and writes ``ae``/``oe``/``ue`` as ``a``/``o``/``u``. So the stem of a
word is a start of the word folded the same way (:func:`outline`) — except where folding twice differs from
folding once (``aee`` → ``ae`` → ``a``), which :func:`outline` leaves to the stemmer. ``tests/test_stemoutline.py``
checks this over the documents' vocabulary, every start of its words and random words of Latin-1 letters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.text import canonical, strip_marks
from bot.words import NUMBER

if TYPE_CHECKING:
    from bot.analysis import Analyser

#: Each Latin-1 letter (U+00C0–U+00FF) with its marks stripped as :func:`bot.text.strip_marks` strips them: a word of
#: Latin-1 characters is stripped character by character (NFKD decomposes each one by itself; the marks it
#: reorders are all dropped).
_LATIN1 = str.maketrans({chr(c): strip_marks(chr(c)) for c in range(0xC0, 0x100)})
#: Letters the canonical spelling may fold twice (``aee``: a stem cut after ``ae`` folds to ``a``).
_TWICE = ("aee", "oee", "uee")


def outline(word: str) -> str | None:
    """A string ``snowball(word)`` is a start of (``word`` lower case, as :func:`bot.text.tokens` makes it): the
    word with its marks stripped, in :func:`bot.text.canonical` spelling (``"ertränkte"`` → ``"ertrankte"``,
    stem ``"ertrankt"``); None for a word with a character above U+00FF, a digit or ``aee``/``oee``/``uee`` (then
    only the stemmer knows)."""
    if not word.isascii():
        if max(word) > "\xff":
            return None
        word = word.translate(_LATIN1)
    if not word.isalpha() or ("ee" in word and any(t in word for t in _TWICE)):
        return None
    return canonical(word)


def lemma_outline(analyser: Analyser) -> Callable[[str], str | None]:
    """The outline of the stem ``analyser``'s :meth:`~bot.analysis.Analyser.stems` gives first for a word: the stem
    itself when the analyser remembers it (a word typed before; an outline would cost more), else the outline of the
    word's lemma (a participle read as its verb), None for a rule number (its term is no stem)."""

    def drawn(word: str) -> str | None:
        known = analyser.remembered(word)
        if known:
            return known[0]
        return None if NUMBER.match(word) else outline(analyser.lemma(word))

    return drawn


__all__ = ["lemma_outline", "outline"]
