"""The card file's new cards are written in batches (bot/importer/cardfile.py): the stored rows are those of one
statement per row, in the file's order — every card of a generated AllPrintings-shaped file
(bench/gen_allprintings.py) once, under the ids SQLite would give, its rulings once each in file order."""

from __future__ import annotations

import io
import json
import sqlite3
import sys
from pathlib import Path

import pytest

import bot.importer.cardfile as cardfile
from bot.importer import DEFAULT_SOURCES, build
from bot.importer.mtgjson import read_mtgjson
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import gen_allprintings

#: The card tables a card file writes.
TABLES = ("cards", "card_faces", "card_aliases", "card_appearances", "rulings")


def _card_file(tmp_path: Path) -> Path:
    """A generated v5 file of 310 printings (two sets, split cards), one card repeating a ruling and one card
    printed twice (a reprint in the second set: it is stored once)."""
    out = io.StringIO()
    gen_allprintings.write_v5(out, 310, False)
    data = json.loads(out.getvalue())
    first, second = (data["data"][code]["cards"] for code in ("G000", "G001"))
    first[3]["rulings"].append(dict(first[3]["rulings"][0]))  # the same ruling twice in one record
    second.append(dict(first[5]))  # a reprint
    path = tmp_path / "gen.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _rows(db: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(db)
    try:
        return {t: conn.execute(f"SELECT rowid, * FROM {t} ORDER BY rowid").fetchall() for t in TABLES}
    finally:
        conn.close()


def test_new_cards_in_batches_are_stored_as_one_by_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = _card_file(tmp_path)
    build(tmp_path / "batched.sqlite3", DEFAULT_SOURCES, card_files=[path])
    monkeypatch.setattr(cardfile, "FLUSH_CARDS", 1)  # every card's rows written before the next card is read
    build(tmp_path / "single.sqlite3", DEFAULT_SOURCES, card_files=[path])
    batched = _rows(tmp_path / "batched.sqlite3")
    assert batched == _rows(tmp_path / "single.sqlite3")

    records = read_mtgjson(path)
    def name(rec):  # a new card is stored under its German name, else its English one
        return rec.german_names[0] if rec.german_names else rec.english_name

    names = list(dict.fromkeys(name(r) for r in records))
    conn = sqlite3.connect(tmp_path / "batched.sqlite3")
    try:
        first_id = conn.execute("SELECT min(id) FROM cards WHERE origin = 'mtgjson'").fetchone()[0]
        last_document_card = conn.execute("SELECT max(id) FROM cards WHERE origin != 'mtgjson'").fetchone()[0]
        stored = conn.execute("SELECT id, name FROM cards WHERE origin = 'mtgjson' ORDER BY id").fetchall()
        rulings = conn.execute("SELECT c.name, r.position, r.text FROM rulings r JOIN cards c ON c.id = r.card_id"
                               " JOIN documents d ON d.id = r.document_id WHERE d.kind = 'mtgjson' ORDER BY r.id"
                               ).fetchall()
    finally:
        conn.close()
    assert first_id == last_document_card + 1  # the id SQLite gives the next row
    assert stored == [(first_id + i, name) for i, name in enumerate(names)]
    first_of = {}
    for rec in records:
        first_of.setdefault(name(rec), rec)
    want = [(name, text) for name in names for text in dict.fromkeys(t for _d, t in first_of[name].rulings)]
    assert [(name, text) for name, _pos, text in rulings] == want
    assert [pos for _name, pos, _text in rulings] == list(range(1, len(want) + 1))
    assert len(want) == 2 * len(names)  # the repeated ruling once, the reprint's rulings not again
