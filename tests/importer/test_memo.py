"""The build's memo of text analyses (bot/importer/memo.py) and the ranker's counts taken while the passages are
written (bot/importer/passages.py): the memo hands back the analysis the analyser gives, and a store built with
them is the store built without them, table for table (bench/store_digest.py), on a generated AllPrintings-shaped
file that repeats rulings as the real one (bench/gen_allprintings.py)."""

from __future__ import annotations

import io
import sqlite3
import sys
from pathlib import Path

import pytest

import bot.importer.passages as passages
import bot.importer.prepared as prepared
from bot.analysis import Analyser, Analysis
from bot.importer import DEFAULT_SOURCES, build
from bot.importer.memo import AnalysisMemo
from bot.terms import analyser
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import gen_allprintings
import store_digest

#: Texts of the documents and the term table: a ruling (RAV FAQ), a rule with its number, a compound, an old name
#: (``Vorrang`` names Priorität only where old names count), English text.
TEXTS = [
    "Wenn Boros-Rekrut Erstschlag hat, fügt er seinen Kampfschaden vor Kreaturen ohne Erstschlag zu.",
    "Regel 702.19a: Trampelschaden wird im Kampfschadensegment zugewiesen.",
    "Wer hat Vorrang, wenn beide Spieler passen?",
    "Clash: each player reveals the top card of their library.",
    "",
]


@pytest.fixture(scope="module")
def store_analyser(built_db: Path) -> Analyser:
    """The analyser of the documents' store (its vocabulary and lemmas), as the passage step makes it."""
    conn = sqlite3.connect(built_db)
    try:
        rows = conn.execute("SELECT word, count, lemma FROM vocabulary").fetchall()
    finally:
        conn.close()
    return analyser({w: n for w, n, _ in rows}, {w: m for w, _, m in rows if m})


def _fields(a: Analysis) -> tuple:
    return (a.terms, a.concepts, a.numbers, a.words, a.weak, a.truncated, a.repaired, a.groups)


def test_memo_gives_the_analysers_analyses(store_analyser: Analyser):
    a = store_analyser
    memo = AnalysisMemo(a)
    for text in TEXTS:
        for language in ("de", "en"):
            for old in (True, False):
                for document in (None, "001", "RAV.json"):
                    fresh = Analyser(a.vocab).analyse(text, language=language, old_terms=old, document=document)
                    first = memo.analyse(text, language=language, old_terms=old, document=document)
                    again = memo.analyse(text, language=language, old_terms=old, document=document)
                    assert _fields(first) == _fields(fresh)
                    assert again is first
    assert (memo.misses, memo.hits) == (len(TEXTS) * 12, len(TEXTS) * 12)
    old = memo.analyse(TEXTS[2], old_terms=True)
    new = memo.analyse(TEXTS[2], old_terms=False)
    assert "zzkpriority" in old.concepts and "zzkpriority" not in new.concepts  # kept apart by their options


def test_memo_forgets_the_least_recently_used(store_analyser: Analyser):
    memo = AnalysisMemo(store_analyser, size=2)
    first = memo.analyse(TEXTS[0])
    memo.analyse(TEXTS[1])
    assert memo.analyse(TEXTS[0]) is first  # used again: TEXTS[1] is now the oldest
    memo.analyse(TEXTS[2])
    assert len(memo) == 2 and memo.analyse(TEXTS[0]) is first
    misses = memo.misses
    memo.analyse(TEXTS[1])
    assert memo.misses == misses + 1
    with pytest.raises(ValueError):
        AnalysisMemo(store_analyser, size=0)


class _NoMemo(AnalysisMemo):
    """Every text analysed anew (the build before the memo)."""

    def analyse(self, text: str, **options) -> Analysis:  # type: ignore[override]
        self.misses += 1
        return self.analyser.analyse(text, **options)


def _counts_from_tables(conn: sqlite3.Connection, counts: passages.Counts) -> None:
    """The ranker's counts read back from the written passages (the build's second pass before)."""
    for (text,) in conn.execute("SELECT terms FROM passages_fts"):
        for term in set(text.split()):
            counts.terms[term] = counts.terms.get(term, 0) + 1
    for (text,) in conn.execute("SELECT concepts FROM passages"):
        for concept in text.split():
            counts.concepts[concept] = counts.concepts.get(concept, 0) + 1


def test_store_with_memo_and_counts_is_the_store_without(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    out = io.StringIO()
    gen_allprintings.write_v5(out, 160, False)
    cards = tmp_path / "AllPrintings.json"
    cards.write_text(out.getvalue(), encoding="utf-8")
    memos: list[AnalysisMemo] = []
    monkeypatch.setattr(passages, "AnalysisMemo", lambda a: memos.append(AnalysisMemo(a)) or memos[-1])
    build(tmp_path / "memo.sqlite3", DEFAULT_SOURCES, card_files=[cards])
    assert memos[0].hits > 1000  # the repeated rulings, card names and type lines were met again

    monkeypatch.setattr(passages, "AnalysisMemo", _NoMemo)
    write_counts = prepared.write_counts

    def counted_after(conn: sqlite3.Connection, counts: passages.Counts) -> None:
        fresh = passages.Counts()
        _counts_from_tables(conn, fresh)
        write_counts(conn, fresh)

    monkeypatch.setattr(prepared, "write_counts", counted_after)
    build(tmp_path / "plain.sqlite3", DEFAULT_SOURCES, card_files=[cards])
    memo, plain = (store_digest.digests(tmp_path / f"{n}.sqlite3") for n in ("memo", "plain"))
    assert memo["rulings"][0] > 300 and memo["passage_counts"][0] > 1000
    assert memo == plain
