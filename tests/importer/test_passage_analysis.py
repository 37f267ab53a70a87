"""The passage step's analyses (bot/importer/passages.py over bot/analysis.py) are the analyses of the plain reading
of the module doc of bot.analysis (tests/importer/reference_analysis.py: every text read anew, every word and
concept name looked at at every position), passage by passage, and a store built with the analyser's shortcuts, the
memo of repeated texts and the counts taken while writing is the store built without them, table for table
(bench/store_digest.py), on a generated AllPrintings-shaped file that repeats rulings as the real one
(bench/gen_allprintings.py)."""

from __future__ import annotations

import dataclasses
import io
import sqlite3
import sys
from pathlib import Path

import pytest

import bot.importer.passages as passages
import bot.importer.prepared as prepared
from bot.analysis import Analyser
from bot.importer import DEFAULT_SOURCES, build
from bot.terms import OLD_DOCUMENTS, analyser
from bot.words import tokens
from tests.conftest import ROOT
from tests.importer.reference_analysis import reference_analysis, reference_tokens

sys.path.insert(0, str(ROOT / "bench"))
import gen_allprintings
import store_digest

#: Texts of the documents and the term table: a ruling (RAV FAQ), a rule with its number, a compound, an old name
#: (``Vorrang`` names Priorität only where old names count), English text, negations and mana symbols.
TEXTS = [
    "Wenn Boros-Rekrut Erstschlag hat, fügt er seinen Kampfschaden vor Kreaturen ohne Erstschlag zu.",
    "Regel 702.19a: Trampelschaden wird im Kampfschadensegment zugewiesen.",
    "Wer hat Vorrang, wenn beide Spieler passen?",
    "Clash: each player reveals the top card of their library.",
    "Ohne eigene Kreatur, weiß er nicht: {R/W} und X.",
    "",
]
CONFIGS = [("de", True, None), ("en", True, None), ("de", False, "001"), ("de", True, "RAV.json"), ("en", True, "004")]


def _vocabulary(db: Path) -> Analyser:
    """The analyser of the store at ``db`` (its vocabulary and lemmas), as the passage step makes it."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT word, count, lemma FROM vocabulary").fetchall()
    finally:
        conn.close()
    return analyser({w: n for w, n, _ in rows}, {w: m for w, _, m in rows if m})


@pytest.fixture(scope="module")
def store_analyser(built_db: Path) -> Analyser:
    """The analyser of the documents' store."""
    return _vocabulary(built_db)


@pytest.fixture(scope="module")
def card_store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the card file, the store built with it): 160 generated printings, rulings repeated as in the real file."""
    folder = tmp_path_factory.mktemp("cards")
    out = io.StringIO()
    gen_allprintings.write_v5(out, 160, False)
    cards = folder / "AllPrintings.json"
    cards.write_text(out.getvalue(), encoding="utf-8")
    build(folder / "store.sqlite3", DEFAULT_SOURCES, card_files=[cards])
    return cards, folder / "store.sqlite3"


def _fields(a: Analyser, text: str, language: str, old_terms: bool, document: str | None) -> tuple:
    got = a.analyse(text, language=language, old_terms=old_terms, document=document)
    return got.terms, got.concepts, got.numbers, got.words, got.weak, got.truncated, got.all_terms()


def test_the_analysis_of_known_texts(store_analyser: Analyser):
    a = store_analyser
    rule = _fields(a, TEXTS[1], "de", False, "001")
    assert rule[0] == ["zzktrample", "zzkcombatxdamagexstep", "regel", "r702x19a", "trampelschad",
                       "kampfschadensegment", "kampfschad", "kampf", "schad", "segment", "zugewies"]
    assert rule[2] == ["702.19a"]
    old, new = _fields(a, TEXTS[2], "de", True, None), _fields(a, TEXTS[2], "de", False, "001")
    assert "zzkpriority" in old[1] and "zzkpriority" not in new[1]  # "Vorrang" is Priorität only in old texts
    assert old[4] == ["beid"] and old[6][-1] == "beid"  # the weak word indexed beside the terms
    negated = _fields(a, TEXTS[4], "de", True, "001")
    assert negated[0] == ["zzkcreature", "eig", "kreatur", "mrw", "mx"] and negated[4] == ["zzneg", "ohn", "zzneg",
                                                                                           "nicht"]
    for text in TEXTS:
        for config in CONFIGS:
            assert _fields(Analyser(a.vocab), text, *config) == reference_analysis(a, text, *config), (text, config)
            assert _fields(a, text, *config) == reference_analysis(a, text, *config)  # its words met before


def test_every_passage_is_analysed_as_the_reference_does(card_store: tuple[Path, Path]):
    _cards, db = card_store
    a = _vocabulary(db)
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT key, kind, title, text FROM passages ORDER BY id").fetchall()
    finally:
        conn.close()
    assert len(rows) > 2000 and sum(kind == "ruling" for _k, kind, _t, _x in rows) > 300
    for key, kind, title, text in rows:
        prefix = None if kind == "cr_rule" else passages.safe_key(key.split(":")[0])
        for language in ("de", "en"):
            config = (language, prefix in OLD_DOCUMENTS, prefix)
            assert _fields(a, title, *config) == reference_analysis(a, title, *config), (key, title)
            assert _fields(a, text, *config) == reference_analysis(a, text, *config), (key, text[:80])
        assert tokens(text, 5) == reference_tokens(text, 5) and tokens(text) == reference_tokens(text, 1200)


def test_memo_keeps_what_the_analyser_gives(store_analyser: Analyser):
    a = store_analyser
    memo = passages.memo(a)
    for text in TEXTS:
        for language, old, document in CONFIGS:
            fresh = Analyser(a.vocab).analyse(text, language=language, old_terms=old, document=document)
            first = memo(text, language, old, document)
            assert memo(text, language, old, document) is first
            assert first[:2] == (tuple(fresh.terms), tuple(fresh.concepts))
            assert [*first[0], *first[2]] == fresh.all_terms()
    assert (memo.cache_info().misses, memo.cache_info().hits) == (len(TEXTS) * 5, len(TEXTS) * 5)
    assert "zzkpriority" in memo(TEXTS[2], "de", True, None)[1]
    assert "zzkpriority" not in memo(TEXTS[2], "de", False, None)[1]  # kept apart by their options


def test_memo_forgets_the_least_recently_used(store_analyser: Analyser):
    memo = passages.memo(store_analyser, size=2)
    first = memo(TEXTS[0], "de", True, None)
    memo(TEXTS[1], "de", True, None)
    assert memo(TEXTS[0], "de", True, None) is first  # used again: TEXTS[1] is now the oldest
    memo(TEXTS[2], "de", True, None)
    assert memo.cache_info().currsize == 2 and memo(TEXTS[0], "de", True, None) is first
    misses = memo.cache_info().misses
    memo(TEXTS[1], "de", True, None)
    assert memo.cache_info().misses == misses + 1


def test_kept_reuses_a_ruling_text_read_alike(store_analyser: Analyser):
    a = store_analyser
    analysed = passages.memo(a)
    kept = passages.Kept()
    ruling = passages.Passage("001:10", "ruling", "Boros-Rekrut", TEXTS[2], "Ravnica FAQ", prefix="001")
    first = kept.body(a, analysed, ruling, (True, "001"))
    assert first == ("zzkpriority zzsprioritat zzkplayers zzkpass vorrang spieler pass beid",
                     ("zzkpriority", "zzsprioritat", "zzkplayers", "zzkpass"))  # "Vorrang" in an old document
    other = passages.Passage("002:20", "ruling", "Moorhöhlen", TEXTS[2], "Amonkhet FAQ", prefix="002")
    assert kept.body(a, analysed, other, (True, "001")) is first and kept.hits == 1
    current = kept.body(a, analysed, other, (False, "002"))  # another reading of the same text: made anew
    assert current == ("zzkplayers zzkpass vorrang spieler pass beid", ("zzkplayers", "zzkpass")) and kept.hits == 1
    english = kept.body(a, analysed, dataclasses.replace(other, language="en"), (False, "002"))
    assert english == ("vorrang spieler passen beid", ()) and kept.hits == 1  # English stems, no German concept
    assert kept.body(a, analysed, other, (False, "002")) is current and kept.hits == 2
    full = passages.Kept(size=1)
    full.body(a, analysed, ruling, (True, "001"))
    full.body(a, analysed, other, (False, "002"))
    assert len(full.columns) == 1 and full.body(a, analysed, other, (False, "002")) is not None and full.hits == 0


def test_the_card_file_repeats_rulings_the_step_keeps(card_store: tuple[Path, Path], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    cards, _db = card_store
    made: list[passages.Kept] = []
    kept = passages.Kept

    def counted() -> passages.Kept:
        made.append(kept())
        return made[-1]

    monkeypatch.setattr(passages, "Kept", counted)
    build(tmp_path / "store.sqlite3", DEFAULT_SOURCES, card_files=[cards])
    conn = sqlite3.connect(tmp_path / "store.sqlite3")
    try:
        rulings, distinct = conn.execute(
            "SELECT count(*), count(DISTINCT r.text || char(0) || (r.language IS 'en') || char(0) || d.file)"
            " FROM rulings r JOIN documents d ON d.id = r.document_id").fetchone()
        english, english_texts = conn.execute("SELECT count(*), count(DISTINCT text) FROM rulings WHERE language = 'en'"
                                              ).fetchone()
    finally:
        conn.close()
    assert len(made) == 1 and english > english_texts > 100  # the card file repeats rulings (gen_allprintings)
    assert (made[0].hits, len(made[0].columns)) == (rulings - distinct, distinct)  # each text read alike made once


def _reference_memo(a: Analyser, size: int = 0):
    """passages.memo without memo and without the analyser's shortcuts: every text analysed by the reference."""

    def analysed(text: str, language: str, old_terms: bool, document: str | None) -> passages.Analysed:
        terms, concepts, _numbers, _words, _weak, _truncated, indexed = reference_analysis(a, text, language,
                                                                                         old_terms, document)
        return tuple(terms), tuple(concepts), tuple(indexed[len(terms) :])

    return analysed


def _counts_from_tables(conn: sqlite3.Connection, counts: passages.Counts) -> None:
    """The ranker's counts read back from the written passages (the build's second pass before)."""
    for (text,) in conn.execute("SELECT terms FROM passages_fts"):
        for term in set(text.split()):
            counts.terms[term] = counts.terms.get(term, 0) + 1
    for (text,) in conn.execute("SELECT concepts FROM passages"):
        for concept in text.split():
            counts.concepts[concept] = counts.concepts.get(concept, 0) + 1


def test_store_is_the_store_built_by_the_reference(card_store: tuple[Path, Path], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch):
    cards, db = card_store
    monkeypatch.setattr(passages, "memo", _reference_memo)
    kept = passages.Kept
    monkeypatch.setattr(passages, "Kept", lambda: kept(size=0))  # every ruling text analysed anew
    monkeypatch.setattr(passages, "_german", passages.stream)  # the vocabulary counted over every passage
    write_counts = prepared.write_counts

    def counted_after(conn: sqlite3.Connection, counts: passages.Counts) -> None:
        fresh = passages.Counts()
        _counts_from_tables(conn, fresh)
        write_counts(conn, fresh)

    monkeypatch.setattr(prepared, "write_counts", counted_after)
    build(tmp_path / "plain.sqlite3", DEFAULT_SOURCES, card_files=[cards])
    built, plain = store_digest.digests(db), store_digest.digests(tmp_path / "plain.sqlite3")
    assert built["rulings"][0] > 300 and built["passage_counts"][0] > 1000
    assert built == plain
