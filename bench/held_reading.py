"""A reading change measured alone: the parts learned from the earlier questions (the ``prior`` part's and the
``earlier`` stage's index, bot/prior.py; the ``transl`` part's translation table, bot/translation.py) learned from
the questions as another revision's players' tables read them, while each ranked question is read as the tree reads
it (docs/ranking.md ¹¹³).

A reading change (a row of ``data/players_words.tsv`` or ``data/players_senses.tsv``: „zahlt“ read as „bezahlen“)
changes the question's own words and, through the same analyser, the words of every earlier question the index and
the table are learned from: the build's table (bot/importer/transl_table.py), the process's index and, in the
benches' CV, each fold's cross-fitted index and table (bench/prior_folds.py, bench/transl_folds.py) all read
``Analyser.analyse(text, question=True)``. With ``--held-reading REV`` (bench/ranked_ids.py,
bench/weight_methods.py) those learned parts read the earlier questions with the two tables of the git revision
``REV`` (the code stays the tree's), so a change of reading is measured with what was learned held.
"""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from bot import players_senses, players_words
from bot.analysed import Analysis
from bot.paths import DATA_DIR

ROOT = DATA_DIR.parent
#: The players' tables a reading is made of, as paths inside the repository.
TABLES = ("data/players_words.tsv", "data/players_senses.tsv")


class _Analyser(Protocol):
    def analyse(self, text: str, *, question: bool = False) -> Analysis: ...


def tables_of(rev: str, into: Path) -> tuple[Path, Path]:
    """The players' words and senses tables of the git revision ``rev`` written into the folder ``into`` (paths:
    words, senses).

    Raises:
        subprocess.CalledProcessError: ``rev`` is no revision of the repository or lacks a table.
    """
    out = []
    for name in TABLES:
        path = into / Path(name).name
        path.write_bytes(subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{name}"], check=True,
                                        capture_output=True).stdout)
        out.append(path)
    return out[0], out[1]


class HeldAnalyser:
    """``analyser`` whose :meth:`analyse` reads a text with the players' tables at ``words`` and ``senses`` (another
    revision's, :func:`tables_of`; read once, here) instead of the tree's: both modules' cached tables are swapped
    for the call (one thread: the benches analyse in the event loop's thread only)."""

    def __init__(self, analyser: _Analyser, words: Path, senses: Path) -> None:
        self._analyser = analyser
        self._words = players_words._tables(words)  # the revision's tables, parsed as the bot does
        self._senses = players_senses._senses(senses)

    @contextlib.contextmanager
    def _swapped(self) -> Iterator[None]:
        tables, senses = players_words._tables, players_senses._senses  # the cached tables swapped
        players_words._tables = lambda path=None: self._words
        players_senses._senses = lambda path=None: self._senses
        try:
            yield
        finally:
            players_words._tables, players_senses._senses = tables, senses

    def analyse(self, text: str, *, question: bool = False) -> Analysis:
        """The analysis of ``text`` with the held tables (module doc)."""
        with self._swapped():
            return self._analyser.analyse(text, question=question)


def held(analyser: _Analyser, rev: str) -> HeldAnalyser:
    """A :class:`HeldAnalyser` of ``analyser`` with the tables of ``rev`` (:func:`tables_of`, written to a
    temporary folder and read before it is removed).

    Raises:
        subprocess.CalledProcessError: ``rev`` is no revision of the repository or lacks a table.
    """
    with tempfile.TemporaryDirectory(prefix="held-reading-") as folder:
        return HeldAnalyser(analyser, *tables_of(rev, Path(folder)))


__all__ = ["TABLES", "HeldAnalyser", "held", "tables_of"]
