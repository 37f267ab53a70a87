"""Players' words of a question: the English loanwords, abbreviations and slang German players type about the
rules („mulli“, „prio“, „tutor“, „boardwipe“), from ``data/players_words.tsv``; an abbreviation of two senses
(„sb“: Sideboard or state-based actions) is read by its context (:mod:`bot.players_senses`).

A word the documents have a word for is **read as the documents' words** (:func:`reading`: „mulli“ → „mulligan“,
„eot“ → „ende des zuges“): the question's analysis (:meth:`bot.analysis.Analyser.analyse`) reads those words in
its place, so the word gets their stems, terms and concepts, as if the player had typed them, and no note names
it. A word the documents have no word for (column ``gelesen`` „-“: „boardwipe“, „removal“, „ramp“) stays unknown,
but the answer names it as players' language with its meaning (:func:`gloss`), not as a card the documents may
lack (:func:`bot.question_words.players_line`).

Words the analysis reads as a term already (term table, the abbreviations of ``data/synonyms.tsv``: „etb“, „sba“,
„gy“, :mod:`bot.shorthand`) are not listed; a longer word of a synonym group that no document prints is, with the
words of its term („kontern“ → „neutralisieren“, „tapped“ → „getappt“), so it names the term's concept, and
``/regel suche`` opens the term's page (docs/ranking.md ⁶⁴). Nothing here imports the store;
the table is read once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from bot.paths import DATA_DIR, tsv_rows
from bot.players_senses import listed as senses_listed
from bot.players_senses import sense_reading
from bot.text import canonical, fold
from bot.vocabulary import UMLAUT_FORMS, nearest_in
from bot.words import restore_umlauts

PATH = DATA_DIR / "players_words.tsv"
#: The ``gelesen`` column of a word the documents have no word for.
NONE = "-"
#: Shortest players' word a typo is read as (:func:`typo_reading`; the typo repair's shortest typed word).
MIN_TYPO_WORD = 4


class PlayersWord(NamedTuple):
    """A row of ``data/players_words.tsv``.

    Attributes:
        words: the forms players type, lower case (``("mulli", "mullis")``).
        read: the documents' words a question reads in their place, lower case (``"mulligan"``); ``""`` for none.
        meaning: what players mean, German (for the answer's note).
        evidence: where the documents have the read words, or why they have none.
    """

    words: tuple[str, ...]
    read: str
    meaning: str
    evidence: str


def parse(path: Path = PATH) -> list[PlayersWord]:
    """The rows of ``path`` below its header.

    Raises:
        ValueError: naming the line, for a row without 4 columns, without words, with a word that is not lower
            case or one word of one token, or a word listed twice. OSError: the file cannot be read.
    """
    out: list[PlayersWord] = []
    seen: set[str] = set()
    for n, cols in list(tsv_rows(path))[1:]:
        if len(cols) != 4:
            raise ValueError(f"players_words.tsv Zeile {n}: 4 Spalten erwartet")
        words = tuple(w.strip() for w in cols[0].split("|") if w.strip())
        bad = [w for w in words if w != w.lower() or not w.isalnum()]
        if not words or bad:
            raise ValueError(f"players_words.tsv Zeile {n}: Wörter fehlen oder sind nicht klein und ein Wort: {bad}")
        twice = seen.intersection(words)
        if twice:
            raise ValueError(f"players_words.tsv Zeile {n}: doppelt: {sorted(twice)}")
        seen.update(words)
        read = cols[1].strip()
        out.append(PlayersWord(words, "" if read == NONE else read.lower(), cols[2].strip(), cols[3].strip()))
    return out


@cache
def _tables(path: Path = PATH) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """(word → the documents' words read in its place, word → meaning of a word the documents have no word for), the
    words folded in one spelling (:func:`bot.text.canonical`)."""
    reads: dict[str, tuple[str, ...]] = {}
    glosses: dict[str, str] = {}
    for row in parse(path):
        for word in row.words:
            key = canonical(fold(word))
            if row.read:
                reads[key] = tuple(row.read.split())
            else:
                glosses[key] = row.meaning
    return reads, glosses


def reading(word: str) -> tuple[str, ...] | None:
    """The documents' words (lower case, in order) a question reads in place of the lower-case token ``word``
    („mulli“ → ``("mulligan",)``, „eot“ → ``("ende", "des", "zuges")``); None for a word not listed so."""
    return _tables()[0].get(canonical(fold(word)))


def read(words: list[str]) -> list[str]:
    """The lower-case tokens ``words`` of a question with each players' word replaced by its :func:`reading`, an
    abbreviation of two senses by the reading its context gives (:func:`bot.players_senses.sense_reading`: „sb“
    beside „stirbt“ → „zustandsbasierte aktion“, beside „deck“ → „sideboard“)."""
    return [t for w in words for t in (reading(w) or sense_reading(w, words) or (w,))]


def gloss(word: str) -> str | None:
    """The meaning (German) of ``word`` when it is a players' word the documents have no word for („boardwipe“ →
    „ein Effekt, der alle Kreaturen zerstört“); None otherwise."""
    return _tables()[1].get(canonical(fold(word)))


def listed(word: str) -> bool:
    """True for a players' word of the table, read as the documents' words or not: the typo repair leaves it as
    typed („ulten“ is no slip of „unten“, „regen“ none of „regel“)."""
    key = canonical(fold(word))
    reads, glosses = _tables()
    return key in reads or key in glosses or senses_listed(word)


@cache
def _typo_pool() -> list[str]:
    """The table's words of :data:`MIN_TYPO_WORD` letters or more, letters only, sorted (:func:`typo_reading`)."""
    return sorted({w for row in parse() for w in row.words if len(w) >= MIN_TYPO_WORD and w.isalpha()})


def typo_reading(word: str, forms: list[str] | None = None) -> str | None:
    """The one word a question reads for ``word`` (lower case) as a typo of a players' word of the table, with the
    limits of the documents' typo repair (:func:`bot.vocabulary.nearest_in`: 1 edit under 10 letters, 2 from there,
    the typed first letter, umlaut spellings measured too, never a stop or weak word): the word's reading when it is
    one word („mechamik“, one edit from „mechanik“ → 003's „mechanismus“), else the players' word itself (its
    gloss names it; a reading of several words is not put in one word's place). None when no listed word is that
    near. One rapidfuzz pass over the table's words per spelling; ``forms``: ``restore_umlauts(word)`` when the
    caller has it (made here when None)."""
    umlauts = restore_umlauts(word) if forms is None else forms
    found = nearest_in([word, *umlauts[:UMLAUT_FORMS]], _typo_pool(), {})
    if found is None:
        return None
    read = reading(found) or ()
    return read[0] if len(read) == 1 else found


__all__ = ["NONE", "PATH", "PlayersWord", "gloss", "listed", "parse", "read", "reading", "typo_reading"]
