"""Tests for bot.importer: manifest check, atomic build, verified counts, report.

Counts per document, each taken independently of the importer:
* 000: 2 mechanics, 8 quoted rules, 18 rulings — see test_clash_article.py (grep counts).
* 002: 1 card, 13 rulings; 004: 1 card, 6 rulings — see test_rulings_list.py (date lines).
* 003: 205 rule explanations, 15 examples, 56 see-also numbers, 23 terms — see test_rules_explained.py.
* 001 (needs bot.importer.faq): per FAQ the card blocks are the card-section cards plus the example cards
  of ALLGEMEINES counted in test_faq.py (75+7, 62+7, 58+7, 51+9 = 82, 69, 65, 60 → 276); three names are
  printed twice, each as example and again as card (`grep -n '^Segen der Monde'` 1087/1684,
  `'^Bestimmt'` 2046/2105, `'^Einziehen'` 2931/3048), so the file has 276 − 3 = 273 cards. Rulings are
  card + mechanic bullets of test_faq.py (137+22, 106+24, 119+30, 103+28 = 569); quoted rules
  13+11+6+8 = 38; mechanics 8+7+7+8 = 30; `Beispiel:` lines inside quoted rules (lines 38, 72, 2828,
  2831) = 4.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

import bot.importer as importer
from bot.importer import BuildError, ManifestError, build, load_manifest, writer
from bot.importer.model import ManifestEntry, SourceError
from bot.importer.report import format_report
from bot.store import SCHEMA_VERSION

NO_FAQ = {
    "000_b7f976ad35525819.txt": {"mechanic": 2, "quoted_rule": 8, "ruling": 18},
    "002_6d34ad434ad7e3d9.txt": {"card": 1, "card_block": 1, "ruling": 13},
    "003_b16bc3bb93a072a0.txt": {"rule_explanation": 205, "example": 15, "see_also": 56, "term": 23},
    "004_93ff3bb801f5793d.txt": {"card": 1, "card_block": 1, "ruling": 6},
}
FAQ_FILE = {
    "document": 4,
    "mechanic": 30,
    "card": 273,
    "card_block": 276,
    "ruling": 569,
    "quoted_rule": 38,
    "example": 4,
}
FAQ_BLOCKS_PER_PART = [82, 69, 65, 60]


def _expected(counts: dict[str, int]) -> dict[str, int]:
    """All kinds, zero unless given; one document per file unless given."""
    return {kind: counts.get(kind, 1 if kind == "document" else 0) for kind in writer.KINDS}


def _write_manifest(folder: Path, entries: list[ManifestEntry]) -> None:
    parts = []
    for e in entries:
        parts.append(
            f'[[document]]\nfile = "{e.file}"\nparser = "{e.parser}"\nlanguage = "{e.language}"\n'
            f'title = "{e.title}"\ndates = {json.dumps(e.dates)}\n'
        )
    (folder / "manifest.toml").write_text("\n".join(parts), encoding="utf-8")


@pytest.fixture
def no_faq_sources(sources_copy: Path) -> Path:
    """The real sources without file 001, so these tests run whether or not faq.py exists."""
    entries = [e for e in load_manifest(sources_copy) if e.parser != "faq"]
    (sources_copy / "001_d6ee154855c71d75.txt").unlink()
    _write_manifest(sources_copy, entries)
    return sources_copy


def test_manifest_lists_every_source():
    entries = load_manifest(importer.DEFAULT_SOURCES)
    assert [(e.file[:3], e.parser) for e in entries] == [
        ("000", "clash_article"),
        ("001", "faq"),
        ("002", "rulings_list"),
        ("003", "rules_explained"),
        ("004", "rulings_list"),
    ]
    assert entries[4].dates == ["2026-01-27"]


def test_unlisted_file_fails(sources_copy: Path):
    (sources_copy / "005_neu.txt").write_text("Karte\n", encoding="utf-8")
    with pytest.raises(ManifestError, match=re.escape("nicht im Manifest: 005_neu.txt")):
        load_manifest(sources_copy)


def test_listed_file_missing_fails_with_manifest_line(sources_copy: Path):
    (sources_copy / "004_93ff3bb801f5793d.txt").unlink()
    with pytest.raises(ManifestError) as caught:
        load_manifest(sources_copy)
    # `grep -n '^\[\[document\]\]' data/sources/manifest.toml`: the fifth entry starts on line 37.
    assert (caught.value.file, caught.value.line) == ("manifest.toml", 37)


def test_unknown_parser_fails(sources_copy: Path):
    manifest = sources_copy / "manifest.toml"
    manifest.write_text(manifest.read_text().replace('parser = "rules_explained"', 'parser = "regeln"'))
    with pytest.raises(ManifestError, match="unbekannter Parser 'regeln'") as caught:
        load_manifest(sources_copy)
    assert caught.value.line == 28


def test_missing_parser_module_fails_loudly(monkeypatch, sources_copy: Path, tmp_path: Path):
    monkeypatch.setitem(importer.PARSERS, "faq", "bot.importer.no_such_parser")
    with pytest.raises(BuildError, match="'faq'"):
        build(tmp_path / "store.sqlite3", sources_copy)
    assert not (tmp_path / "store.sqlite3").exists()


def test_build_without_faq_counts_and_values(no_faq_sources: Path, tmp_path: Path):
    db = tmp_path / "store.sqlite3"
    report = build(db, no_faq_sources)
    assert report.files == {file: _expected(counts) for file, counts in NO_FAQ.items()}
    assert report.total_cards == 2 and report.merged_cards == []
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
        stored = conn.execute("SELECT file, kind, count FROM import_counts WHERE count > 0").fetchall()
        assert {(f, k, c) for f, k, c in stored} == {
            (f, k, c) for f, kinds in NO_FAQ.items() for k, c in _expected(kinds).items() if c
        }
        assert conn.execute(
            "SELECT text, language FROM quoted_rules WHERE number = '701.19c' ORDER BY position"
        ).fetchall()[0] == (
            "Ein Spieler gewinnt eine Fehde, wenn der Spieler eine Karte mit höheren Manakosten aufdeckt "
            "als alle anderen in dieser Fehde aufgedeckten Karten.",
            "de",
        )
        last = conn.execute(
            "SELECT r.position, r.date, r.language, r.text FROM rulings r JOIN cards c ON c.id = r.card_id"
            " WHERE c.name = 'Schnellvorlauf' ORDER BY r.position DESC LIMIT 1"
        ).fetchone()
        assert last[:3] == (6, "2026-01-27", "en") and last[3].startswith("To determine the total cost")
        split = conn.execute(
            "SELECT id, is_split, mana_cost, text, origin FROM cards WHERE name = 'Getrieben // Verzweiflung'"
        ).fetchone()
        assert split[1:] == (1, None, "\n//\n", "rulings_list")
        aliases = conn.execute("SELECT alias FROM card_aliases WHERE card_id = ? ORDER BY alias", (split[0],))
        assert [row[0] for row in aliases] == ["Getrieben", "Verzweiflung"]
        mech_rulings = conn.execute(
            "SELECT m.title, count(*) FROM rulings r JOIN mechanics m ON m.id = r.mechanic_id"
            " GROUP BY m.title"
        ).fetchall()
        assert sorted(mech_rulings) == [("Clash", 9), ("Fehde", 9)]
        see_also = conn.execute("SELECT see_also FROM rule_explanations WHERE line = 45").fetchone()[0]
        assert json.loads(see_also) == ["101.4a"]
    finally:
        conn.close()


def test_format_report_table(no_faq_sources: Path, tmp_path: Path):
    text = format_report(build(tmp_path / "store.sqlite3", no_faq_sources))
    lines = text.splitlines()
    assert lines[0].split()[:4] == ["Dokument", "Datum", "Mechaniken", "Karten"]
    assert lines[1].split()[:4] == ["document", "date", "mechanics", "cards"]
    [row_003] = [line for line in lines if line.startswith("003_")]
    assert row_003.split()[1:] == ["–", "0", "0", "0", "0", "0", "205", "15", "56", "23"]
    [row_004] = [line for line in lines if line.startswith("004_")]
    assert row_004.split()[1:6] == ["2026-01-27", "0", "1", "1", "6"]
    assert "4 Dokumente in 4 Dateien" in text


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_failing_source_leaves_previous_store_byte_identical(no_faq_sources: Path, tmp_path: Path):
    store = tmp_path / "out"
    store.mkdir()
    db = store / "store.sqlite3"
    build(db, no_faq_sources)
    before = _snapshot(store)
    with (no_faq_sources / "004_93ff3bb801f5793d.txt").open("a", encoding="utf-8") as f:
        f.write("\n\n31/13/2026\n\nNeues Ruling.\n")
    with pytest.raises(SourceError) as caught:
        build(db, no_faq_sources)
    # the file ends on line 25 without a newline: "\n\n" gives blank line 26, the bad date is line 27
    assert (caught.value.file, caught.value.line) == ("004_93ff3bb801f5793d.txt", 27)
    assert _snapshot(store) == before


def test_count_mismatch_fails_and_leaves_store(monkeypatch, no_faq_sources: Path, tmp_path: Path):
    db = tmp_path / "store.sqlite3"
    db.write_bytes(b"previous store")
    real = writer.count_stored

    def one_ruling_lost(conn, file, part=None):
        counts = real(conn, file, part)
        if file.startswith("004"):
            counts["ruling"] -= 1
        return counts

    monkeypatch.setattr(writer, "count_stored", one_ruling_lost)
    with pytest.raises(
        BuildError, match=re.escape("004_93ff3bb801f5793d.txt Teil 1 ruling: gelesen 6, gespeichert 5")
    ):
        build(db, no_faq_sources)
    assert db.read_bytes() == b"previous store"
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["store.sqlite3"]


def test_full_build_with_faq(tmp_path: Path):
    pytest.importorskip("bot.importer.faq")
    db = tmp_path / "regelbot.sqlite3"
    report = build(db)
    assert report.files["001_d6ee154855c71d75.txt"] == _expected(FAQ_FILE)
    for file, counts in NO_FAQ.items():
        assert report.files[file] == _expected(counts)
    assert [
        d.counts["card_block"] for d in report.documents if d.file.startswith("001")
    ] == FAQ_BLOCKS_PER_PART
    assert report.total_cards == 273 + 2
    assert sorted(report.merged_cards) == ["Bestimmt // Unbeirrt", "Einziehen", "Segen der Monde"]
    conn = sqlite3.connect(db)
    try:
        assert conn.execute(
            "SELECT mana_cost, type_line FROM cards WHERE name = 'Feld der Unterdrückung'"
        ).fetchone() == ("{1}{W}", "Verzauberung")
        assert conn.execute("SELECT count(*) FROM cards WHERE type_line LIKE '%--%'").fetchone()[0] == 0
        card_id, mechanic_id = conn.execute(
            "SELECT id, mechanic_id FROM cards WHERE name = 'Einziehen'"
        ).fetchone()
        assert mechanic_id is not None
        lines = conn.execute("SELECT line FROM card_appearances WHERE card_id = ? ORDER BY line", (card_id,))
        assert [row[0] for row in lines] == [2931, 3048]
        split = conn.execute(
            "SELECT is_split, text FROM cards WHERE name = 'Bestimmt // Unbeirrt'"
        ).fetchone()
        assert split[0] == 1 and "\n//\n" in split[1]
    finally:
        conn.close()
    assert "001_d6ee154855c71d75.txt gesamt / total" in format_report(report)


def test_build_replaces_existing_store(no_faq_sources: Path, tmp_path: Path):
    db = tmp_path / "store.sqlite3"
    db.write_bytes(b"old")
    build(db, no_faq_sources)
    assert db.read_bytes()[:16] == b"SQLite format 3\x00"
    shutil.rmtree(no_faq_sources)
    with pytest.raises(ManifestError):
        build(db, no_faq_sources)
