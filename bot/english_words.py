"""English words of an English question read as the documents' German words (``data/english_words.tsv``).

The term table (``data/terms_de_en.tsv``) gives the English name of every game term, so „color“ meets 003's
„Farbe“ and „hybrid“ the Hybrid-Manasymbol; the ordinary words of a rules question it has no row for met nothing in
the German documents: „can I pay hybrid mana with either color“ asks what 001:37 answers („{W/U} in Kosten kann mit
entweder weißem oder blauem Mana bezahlt werden“), and „pay“ and „either“ found neither „bezahlt“ nor „entweder“, so
a ruling holding only „Hybrid“, „Mana“ and „Farben“ led. This table reads them as the German words the documents
print. Only an English question (:func:`bot.stopwords.is_english`) is read so (:func:`english_read`, which
:meth:`bot.analysis.Analyser.analyse` calls): a German question keeps its words. Nothing here imports the store;
the table is read once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.paths import DATA_DIR, tsv_rows
from bot.stopwords import english_read as english_function_read
from bot.text import tokens

PATH = DATA_DIR / "english_words.tsv"


def parse(path: Path = PATH) -> dict[str, tuple[str, ...]]:
    """The table of ``path``: each English form (lower case, one token) → the German words read for it, in order,
    as a question's tokens are (folded, :func:`bot.text.tokens`: „wählen“ → ``wahlen``).

    Raises:
        ValueError: naming the line, for a row without 3 columns, a form that is not one lower-case token, no
            German word, or a form listed twice.
    """
    out: dict[str, tuple[str, ...]] = {}
    for line, cols in tsv_rows(path):
        if cols[0] == "wörter":
            continue
        if len(cols) != 3 or not cols[1].split() or not cols[2].strip():
            raise ValueError(f"{path.name}:{line}: drei Spalten erwartet (wörter, gelesen, beleg)")
        for form in cols[0].split("|"):
            if not form.isalpha() or form != form.lower() or form in out:
                raise ValueError(f"{path.name}:{line}: Form „{form}“ ist kein kleines Wort oder doppelt")
            out[form] = tuple(tokens(cols[1]))
    return out


@cache
def _table() -> dict[str, tuple[str, ...]]:
    """:func:`parse` of :data:`PATH`, read once."""
    return parse()


def read(words: list[str]) -> list[str]:
    """The lower-case tokens ``words`` of an English question with each English word of the table followed by the
    German words it is read as („pay“ → „pay“, „bezahlen“); the English word stays, since 000 prints the clash
    article in English too („what happens when … both reveal lands“ meets 000:50 by its English words)."""
    table = _table()
    return [t for w in words for t in (w, *table.get(w, ()))]


def english_read(words: list[str]) -> tuple[bool, list[str]]:
    """Whether ``words`` (a question's lower-case tokens) are English (:func:`bot.stopwords.english_read`), and the
    words to read: an English question's without its function words and with the table's words read as German
    (:func:`read`: „pay“ → „bezahlen“), else ``words`` unchanged."""
    english, kept = english_function_read(words)
    return english, read(kept) if english else kept


__all__ = ["PATH", "english_read", "parse", "read"]
