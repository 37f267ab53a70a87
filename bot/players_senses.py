"""Players' abbreviations of two senses, read by the question's other words (``data/players_senses.tsv``): „sb“ is
the Sideboard („darf ich karten aus dem sb ins deck tauschen“, 100.4) or the state-based actions („wann werden sb
geprüft wenn eine kreatur 0 widerstandskraft hat“, 704: English *state-based actions*, German players' „SBA“).

A sense is chosen by its context words (word beginnings of the table, folded: „stirb“, „widerstand“, „legend“ for
the state-based actions; „deck“, „match“, „tausch“ for the sideboard): the sense with more of the question's words
beginning with one of its context words is read (its documents' words, as :mod:`bot.players_words` reads a word of
one sense); with no sense ahead, the word is read in every sense, one after the other, and the rest of the question
decides the ranking. Nothing here imports the store; the table is read once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from bot.paths import DATA_DIR, tsv_rows
from bot.text import canonical, fold

PATH = DATA_DIR / "players_senses.tsv"
#: A context word that marks the sense read when the question has no context word of any sense.
DEFAULT = "*"


class Sense(NamedTuple):
    """A row of ``data/players_senses.tsv``: ``word`` (lower case, one token) read as ``read`` (the documents' words,
    lower case, in order) in a question with words beginning with one of ``context`` (folded, one spelling)."""

    word: str
    read: tuple[str, ...]
    context: tuple[str, ...]
    evidence: str


def parse(path: Path = PATH) -> list[Sense]:
    """The rows of ``path`` below its header.

    Raises:
        ValueError: naming the line, for a row without 4 columns, a word that is not one lower-case token, an empty
            reading or context, or a word of one sense only. OSError: the file cannot be read.
    """
    out = []
    for n, cols in list(tsv_rows(path))[1:]:
        if len(cols) != 4:
            raise ValueError(f"players_senses.tsv Zeile {n}: 4 Spalten erwartet")
        word, read, context = cols[0].strip(), cols[1].lower().split(), cols[2].split()
        if word != word.lower() or not word.isalnum() or not read or not context:
            raise ValueError(f"players_senses.tsv Zeile {n}: Wort, Lesart oder Kontext fehlt oder ist kein Wort")
        out.append(Sense(word, tuple(read), tuple(canonical(fold(c)) for c in context), cols[3].strip()))
    lonely = sorted(w for w in {s.word for s in out} if sum(s.word == w for s in out) < 2)
    if lonely:
        raise ValueError(f"players_senses.tsv: Wörter mit nur einem Sinn gehören in players_words.tsv: {lonely}")
    return out


@cache
def _senses(path: Path = PATH) -> dict[str, tuple[Sense, ...]]:
    """Word (folded, one spelling) → its senses in the table's order."""
    out: dict[str, tuple[Sense, ...]] = {}
    for sense in parse(path):
        key = canonical(fold(sense.word))
        out[key] = (*out.get(key, ()), sense)
    return out


def listed(word: str) -> bool:
    """True for a word of the table (the typo repair leaves it as typed)."""
    return canonical(fold(word)) in _senses()


def sense_reading(word: str, question: list[str]) -> tuple[str, ...] | None:
    """The documents' words read in place of the lower-case token ``word`` in a question of the tokens ``question``:
    the reading of the sense with the most context words among them, or every sense's reading in turn when none
    has more than the others („sb“ beside „stirbt“ → ``("zustandsbasierte", "aktion")``; „sb“ alone → both), the
    sense whose context holds :data:`DEFAULT` when the question has no context word of any sense („eot“ alone → the
    Zugendesegment, „bis eot“ → „ende des zuges“); None for a word not listed."""
    senses = _senses().get(canonical(fold(word)))
    if senses is None:
        return None
    folded = [canonical(fold(w)) for w in question]
    hits = [sum(any(w.startswith(c) for c in s.context if c != DEFAULT) for w in folded) for s in senses]
    best = max(hits)
    default = next((s for s in senses if DEFAULT in s.context), None)
    if best == 0 and default is not None:  # no word of either sense: the sense the players mean alone („eot“)
        return default.read
    if hits.count(best) == 1:
        return senses[hits.index(best)].read
    return tuple(w for s in senses for w in s.read)


def decided(word: str, question: list[str]) -> tuple[str, ...] | None:
    """:func:`sense_reading` of ``word`` in ``question`` when that is one sense's reading („eot“ alone, „sb“ beside
    „stirbt“), None when it is every sense's in turn („sb“ alone) or the word is not listed."""
    read = sense_reading(word, question)
    senses = _senses().get(canonical(fold(word)), ())
    return read if read is not None and any(s.read == read for s in senses) else None


def undecided(word: str) -> tuple[Sense, ...]:
    """The senses of ``word`` (``data/players_senses.tsv``, in the table's order) when it is typed alone, with no
    other word to decide between them (:func:`sense_reading` reads it in every sense then: „sb“ is the state-based
    actions and the Sideboard); ``()`` for a word not listed and for one with a :data:`DEFAULT` sense („eot“ alone
    is the Zugendesegment)."""
    senses = _senses().get(canonical(fold(word)), ())
    return () if any(DEFAULT in s.context for s in senses) else senses


__all__ = ["DEFAULT", "PATH", "Sense", "decided", "listed", "parse", "sense_reading", "undecided"]
