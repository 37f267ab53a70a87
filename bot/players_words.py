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

Tokens are folded (:func:`bot.text.tokens`: „zählt“ → „zahlt“), so a listed word spelt with a plain vowel is read
only where the question types it so (:func:`typed_so`): „zahlt“ (pays) is read as 001's „bezahlt“, „zählt“ and
„zaehlt“ (counts) stay as typed (docs/ranking.md ¹⁰⁸).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from bot.paths import DATA_DIR, tsv_rows
from bot.players_senses import listed as senses_listed
from bot.players_senses import parse as parse_senses
from bot.players_senses import sense_reading
from bot.text import canonical, fold
from bot.vocabulary import UMLAUT_FORMS, nearest_in
from bot.words import restore_umlauts

PATH = DATA_DIR / "players_words.tsv"
#: The ``gelesen`` column of a word the documents have no word for.
NONE = "-"
#: The spelling of an umlaut or ``ß`` a player types in its place: a typed word so spelt is another word than a
#: listed word with the plain vowel („zählt“, „zaehlt“ count; „zahlt“ pays).
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
#: A typed word, as :func:`bot.text.tokens` finds it but not folded.
_WORD = re.compile(r"[^\W_]+")
#: Characters of a question read for the spellings of its words (:func:`typed_so`).
MAX_TYPED = 2000
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


def _spelt(word: str) -> str:
    """``word`` lower case with each umlaut and ``ß`` as typed without them („Zählt“ → ``"zaehlt"``), then folded."""
    return fold(word.lower().translate(_UMLAUTS))


@cache
def _tables(path: Path = PATH) -> tuple[dict[str, tuple[str, ...]], dict[str, str], dict[str, frozenset[str]]]:
    """(word → the documents' words read in its place, word → meaning of a word the documents have no word for, word
    → its listed spellings with a plain vowel where an umlaut could stand), the words folded in one spelling
    (:func:`bot.text.canonical`); a word also listed with an umlaut or its typed ``ae``/``oe``/``ue`` has no entry in
    the third (it is read however it is typed)."""
    reads: dict[str, tuple[str, ...]] = {}
    glosses: dict[str, str] = {}
    plain: dict[str, set[str]] = {}
    spelt: set[str] = set()
    for row in parse(path):
        for word in row.words:
            key = canonical(fold(word))
            if row.read:
                reads[key] = tuple(row.read.split())
            else:
                glosses[key] = row.meaning
    for word in [w for row in parse(path) for w in row.words] + [s.word for s in parse_senses()]:
        if _spelt(word) == canonical(word) and any(v in word for v in "aou"):
            plain.setdefault(canonical(fold(word)), set()).add(word)
        else:
            spelt.add(canonical(fold(word)))
    return reads, glosses, {k: frozenset(v) for k, v in plain.items() if k not in spelt}


@lru_cache(maxsize=64)
def _typed(typed: str) -> dict[str, frozenset[str]]:
    """The words of ``typed`` (its first :data:`MAX_TYPED` characters) by their folded key (one spelling): each key's
    spellings as typed (:func:`_spelt`)."""
    out: dict[str, set[str]] = {}
    for word in _WORD.findall(typed[:MAX_TYPED]):
        out.setdefault(canonical(fold(word)), set()).add(_spelt(word))
    return {k: frozenset(v) for k, v in out.items()}


def typed_so(word: str, typed: str) -> bool:
    """False when the question ``typed`` spells the folded token ``word`` only with an umlaut (or its ``ae``, ``oe``,
    ``ue``, ``ss``) where each listed spelling of the word has the plain vowel: „zählt“ and „zaehlt“ are not the
    listed „zahlt“ (pays), „Zahlt“ is. True for a word not so listed, for ``typed`` empty (the caller has no typed
    text) and for a word ``typed`` does not hold (a reading's own word)."""
    plain = _tables()[2].get(canonical(fold(word)))
    if not plain or not typed:
        return True
    spellings = _typed(typed).get(canonical(fold(word)))
    return not spellings or not spellings.isdisjoint(plain)


def reading(word: str, typed: str = "") -> tuple[str, ...] | None:
    """The documents' words (lower case, in order) a question reads in place of the lower-case token ``word``
    („mulli“ → ``("mulligan",)``, „eot“ → ``("ende", "des", "zuges")``); None for a word not listed so, or not
    typed so in the question's text ``typed`` (:func:`typed_so`: „zählt“ is no „zahlt“)."""
    found = _tables()[0].get(canonical(fold(word)))
    return found if found is None or typed_so(word, typed) else None


def read(words: list[str], typed: str = "") -> list[str]:
    """The lower-case tokens ``words`` of a question (its text ``typed``, when the caller has it) with each players'
    word replaced by its :func:`reading`, an abbreviation of two senses by the reading its context gives
    (:func:`bot.players_senses.sense_reading`: „sb“ beside „stirbt“ → „zustandsbasierte aktion“, beside „deck“ →
    „sideboard“)."""
    return [t for w in words
            for t in (reading(w, typed) or (sense_reading(w, words) if typed_so(w, typed) else None) or (w,))]


def gloss(word: str) -> str | None:
    """The meaning (German) of ``word`` when it is a players' word the documents have no word for („boardwipe“ →
    „ein Effekt, der alle Kreaturen zerstört“); None otherwise."""
    return _tables()[1].get(canonical(fold(word)))


def listed(word: str) -> bool:
    """True for a players' word of the table, read as the documents' words or not: the typo repair leaves it as
    typed („ulten“ is no slip of „unten“, „regen“ none of „regel“). A word listed with the plain vowel only is not
    listed as typed with the umlaut's letters (:func:`typed_so`): „zaehlt“ is 001's „zählt“ to the repair, not the
    listed „zahlt“."""
    key = canonical(fold(word))
    reads, glosses, _plain = _tables()
    return (key in reads or key in glosses or senses_listed(word)) and typed_so(word, word)


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


__all__ = ["MAX_TYPED", "NONE", "PATH", "PlayersWord", "gloss", "listed", "parse", "read", "reading", "typed_so",
           "typo_reading"]
