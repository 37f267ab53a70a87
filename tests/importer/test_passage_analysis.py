"""The passage step's analyses (bot/importer/passages.py over bot/analysis.py) are the analyses of the plain reading
of the module doc of bot.analysis (tests/importer/reference_analysis.py: every text read anew, every word and
concept name looked at at every position), passage by passage, and a store built with the analyser's shortcuts, the
columns kept of repeated titles and ruling texts and the counts taken while writing is the store built without them,
table for table (bench/store_digest.py), on a generated AllPrintings-shaped file that repeats rulings as the real one
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
from bot.analysis import Analyser, Indexed
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
    "Weder die umgewandelten Manakosten noch eine ins Spiel gebrachte Kreatur ändern sich im Spiel.",
]
#: (the card file, the store built with it, what its passage step kept): :func:`card_store`.
CardStore = tuple[Path, Path, list[passages.Kept]]
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
def card_store(tmp_path_factory: pytest.TempPathFactory) -> CardStore:
    """(the card file, the store built with it, the :class:`~bot.importer.passages.Kept` its passage step made):
    160 generated printings, rulings repeated as in the real file. One build for the module: the tests of what it
    analysed and of what its step kept read the same store (before, the second was a build of its own)."""
    folder = tmp_path_factory.mktemp("cards")
    out = io.StringIO()
    gen_allprintings.write_v5(out, 160, False)
    cards = folder / "AllPrintings.json"
    cards.write_text(out.getvalue(), encoding="utf-8")
    made: list[passages.Kept] = []
    kept = passages.Kept

    def counted() -> passages.Kept:
        made.append(kept())
        return made[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passages, "Kept", counted)
        build(folder / "store.sqlite3", DEFAULT_SOURCES, card_files=[cards])
    return cards, folder / "store.sqlite3", made


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


def test_every_passage_is_analysed_as_the_reference_does(card_store: CardStore):
    _cards, db, _made = card_store
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


def test_indexed_is_what_the_columns_take_of_the_analysis(store_analyser: Analyser):
    a = store_analyser
    for text in TEXTS:
        for language, old, document in CONFIGS:
            fresh = Analyser(a.vocab).analyse(text, language=language, old_terms=old, document=document)
            for analyser_ in (Analyser(a.vocab), a):  # its words new, then met before
                terms, concepts, weak = analyser_.indexed(text, language, old, document)
                assert (list(terms), list(concepts)) == (fresh.terms, fresh.concepts)
                assert [*terms, *weak] == fresh.all_terms()
    assert "zzkpriority" in a.indexed(TEXTS[2], "de", True, None)[1]
    assert "zzkpriority" not in a.indexed(TEXTS[2], "de", False, None)[1]  # kept apart by their options
    assert a.indexed(TEXTS[4], "de", True, "001") == (("zzkcreature", "eig", "kreatur", "mrw", "mx"), ("zzkcreature",),
                                                      ("zzneg", "ohn", "nicht"))
    phrases = a.indexed(TEXTS[6], "de", False, "001")  # "weder": a term and the negation; words inside names
    assert phrases == (("zzkcycling", "zzkmanaxcost", "zzsschlachtfeldxins", "zzkcreature", "zzkplay", "wed",
                        "umwandel", "manakost", "mana", "kost", "gebracht", "kreatur", "and", "spiel"),
                       ("zzkcycling", "zzkmanaxcost", "zzsschlachtfeldxins", "zzkcreature", "zzkplay"), ("zzneg",))


def test_kept_reuses_a_text_read_alike(store_analyser: Analyser):
    a = store_analyser
    read: list[str] = []

    def analysed(text: str, language: str, old: bool, document: str | None) -> Indexed:
        read.append(text)
        return a.indexed(text, language, old, document)

    kept = passages.Kept()
    ruling = passages.Passage("001:10", "ruling", "Boros-Rekrut", TEXTS[2], "Ravnica FAQ", prefix="001")
    first = passages._analysed(a, analysed, ruling, kept)
    assert first == ("boros rekrut", ("zzkpriority", "zzsprioritat", "zzkplayers", "zzkpass", "vorrang", "spieler",
                                      "pass", "beid"),
                     ("zzkpriority", "zzsprioritat", "zzkplayers", "zzkpass"))  # "Vorrang" in an old document
    assert (kept.hits, len(kept.columns), read) == (0, 1, ["Boros-Rekrut", TEXTS[2]])  # the ruling text kept
    second = dataclasses.replace(ruling, key="001:11")  # the card's next ruling: its title and text not read again
    assert passages._analysed(a, analysed, second, kept) == first and kept.hits == 1 and len(read) == 2
    other = passages.Passage("001:20", "ruling", "Moorhöhlen", TEXTS[2], "Ravnica FAQ", prefix="001")
    assert passages._analysed(a, analysed, other, kept)[1:] == first[1:] and kept.hits == 2
    assert read[2:] == ["Moorhöhlen"]
    card = passages.Passage("001:30", "card", "Boros-Rekrut", "Kreatur — Goblin Soldat", "Ravnica FAQ", prefix="001")
    assert passages._analysed(a, analysed, card, kept)[0] == "boros rekrut" and kept.hits == 2  # its name's title
    assert len(kept.columns) == 1 and read[3:] == ["Boros-Rekrut", "Kreatur — Goblin Soldat"]  # read again: not kept
    current = passages._analysed(a, analysed, dataclasses.replace(other, prefix="002"), kept)  # another reading
    assert current[1:] == (("zzkplayers", "zzkpass", "vorrang", "spieler", "pass", "beid"), ("zzkplayers", "zzkpass"))
    assert kept.hits == 2
    english = passages._analysed(a, analysed, dataclasses.replace(other, prefix="002", language="en"), kept)
    assert english[1:] == (("vorrang", "spieler", "passen", "beid"), ()) and kept.hits == 2  # English stems, no concept
    assert (current[0], english[0]) == ("moorhohl", "moorhohlen")  # the title read again in the other language
    full = passages.Kept(size=1)
    passages._analysed(a, analysed, ruling, full)
    assert len(full.columns) == 1 and passages._analysed(a, analysed, ruling, full) == first and full.hits == 1


def test_the_card_file_repeats_rulings_the_step_keeps(card_store: CardStore):
    _cards, db, made = card_store
    conn = sqlite3.connect(db)
    try:
        rulings, distinct = conn.execute(
            "SELECT count(*), count(DISTINCT r.text || char(0) || (r.language IS 'en') || char(0) || d.file)"
            " FROM rulings r JOIN documents d ON d.id = r.document_id").fetchone()
        english, english_texts = conn.execute("SELECT count(*), count(DISTINCT text) FROM rulings WHERE language = 'en'"
                                              ).fetchone()
        read = passages.collect(conn, DEFAULT_SOURCES)
    finally:
        conn.close()
    assert len(made) == 1 and english > english_texts > 100  # the card file repeats rulings (gen_allprintings)
    titles = {(p.title, p.language, None if p.kind == "cr_rule" else p.prefix) for p in read}
    assert len(read) > len(titles) + 300  # a card's name titles its passage and each of its rulings
    # each ruling text read alike made once (a title: kept for the passages right after it, not in the digests)
    assert (made[0].hits, len(made[0].columns)) == (rulings - distinct, distinct)


def _reference_analysis(a: Analyser):
    """passages.analysis_of without the analyser's shortcuts: every text analysed by the reference."""

    def analysed(text: str, language: str, old_terms: bool, document: str | None) -> Indexed:
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


def test_store_is_the_store_built_by_the_reference(card_store: CardStore, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch):
    cards, db, _made = card_store
    monkeypatch.setattr(passages, "analysis_of", _reference_analysis)
    kept = passages.Kept
    monkeypatch.setattr(passages, "Kept", lambda: kept(size=0))  # every title and ruling text analysed anew
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
