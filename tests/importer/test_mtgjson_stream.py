"""The streaming MTGJSON reader (ijson, one set at a time) gives the same records as today's whole-file reader
(bench/legacy_mtgjson.py), on the fixtures, on generated v5 AllPrintings / v3 files (bench/gen_allprintings.py)
and on the reference file; and the store keeps each card's picture ids."""

from __future__ import annotations

import dataclasses
import io
import json
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES, build
from bot.importer.model import SourceError
from bot.importer.mtgjson import CardRecord, iter_mtgjson, read_mtgjson
from bot.model import card_image_url
from bot.store import Store
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import gen_allprintings
import legacy_mtgjson

FIX = Path(__file__).parent / "fixtures"
REFERENCE_RAV = ROOT.parent / "shared" / "reference" / "mtgjson3_RAV.json"


def _today(rec: object) -> dict[str, object]:
    """A record as today's reader makes it (it has no picture ids)."""
    out = dataclasses.asdict(rec)  # type: ignore[call-overload]
    out.pop("multiverse_id", None)
    out.pop("scryfall_id", None)
    return out


def _same_records(path: Path) -> list[CardRecord]:
    new = read_mtgjson(path)
    assert [_today(r) for r in new] == [_today(r) for r in legacy_mtgjson.read_mtgjson(path)]
    return new


def _all_printings(tmp_path: Path) -> Path:
    one = json.loads((FIX / "mtgjson_v5_mini.json").read_text(encoding="utf-8"))
    other = dict(one["data"], code="TS2", name="Second Set")
    path = tmp_path / "AllPrintings.json"
    data = {"meta": {"version": "5.2.2"}, "data": {"TST": one["data"], "TS2": other}}
    path.write_text("\ufeff" + json.dumps(data), encoding="utf-8")  # with a BOM, as some downloads have
    return path


def test_same_records_on_the_fixtures(tmp_path: Path):
    assert [r.english_name for r in _same_records(FIX / "mtgjson_v3_mini.json")] == [
        "Chord of Calling", "Boros Recruit", "Grozoth", "Hide // Seek"]
    assert len(_same_records(FIX / "mtgjson_v5_mini.json")) == 2
    records = _same_records(_all_printings(tmp_path))
    assert [(r.set_code, r.english_name) for r in records] == [
        ("TST", "Chord of Calling"), ("TST", "Research // Development"),
        ("TS2", "Chord of Calling"), ("TS2", "Research // Development")]


@pytest.mark.parametrize("shape", ["v5", "v3"])
@pytest.mark.parametrize("non_latin1", [False, True])
def test_same_records_on_generated_files(tmp_path: Path, shape: str, non_latin1: bool):
    out = io.StringIO()
    (gen_allprintings.write_v5 if shape == "v5" else gen_allprintings.write_v3)(out, 620, non_latin1)
    path = tmp_path / "gen.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    records = _same_records(path)
    assert len(records) == 620  # 62 of them split cards of two halves (v5)
    if shape == "v5":
        assert sum(r.is_split for r in records) == 62 and len({r.set_code for r in records}) == 3
        assert records[0].scryfall_id is not None and records[0].multiverse_id is not None


def test_same_records_on_the_reference_file():
    if not REFERENCE_RAV.is_file():
        pytest.skip("reference file missing")
    records = _same_records(REFERENCE_RAV)
    mage = next(r for r in records if r.english_name == "Auratouched Mage")
    assert mage.german_names == ["Auraumwobener Magier"] and mage.multiverse_id == 111593  # the German printing


def test_stream_errors_are_german(tmp_path: Path):
    bad = tmp_path / "RAV.json"
    bad.write_text('{"cards": [{"name": "A"}, ', encoding="utf-8")
    with pytest.raises(SourceError, match=r"kein gültiges JSON \(Zeile 1, Spalte 27\)"):
        list(iter_mtgjson(bad))
    bad.write_text('{"meta": {"version": "5"}}', encoding="utf-8")
    with pytest.raises(SourceError, match="weder ein MTGJSON-v3-Set"):
        list(iter_mtgjson(bad))
    bad.write_bytes(b'{"cards": [{"name": "\xff"}]}')
    with pytest.raises(SourceError, match="kein gültiges UTF-8"):
        list(iter_mtgjson(bad))


def test_picture_url_forms():
    assert card_image_url(87952, None) == "https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid=87952&type=card"
    sid = "5f557203-3018-50c5-a38f-d547923a7369"
    assert card_image_url(None, sid) == f"https://api.scryfall.com/cards/{sid}?format=image"
    assert card_image_url(None, None) is None and card_image_url(None, "../x") is None


async def test_store_keeps_the_picture_ids(tmp_path: Path):
    v5 = json.loads((FIX / "mtgjson_v5_mini.json").read_text(encoding="utf-8"))
    chord = v5["data"]["cards"][0]
    chord["identifiers"] = {"scryfallId": "a1b2c3d4-0000-4000-8000-000000000001", "multiverseId": "386615"}
    chord["foreignData"][0]["identifiers"] = {"multiverseId": "387127"}
    research = v5["data"]["cards"][1]
    research["identifiers"] = {"scryfallId": "a1b2c3d4-0000-4000-8000-000000000002"}
    path = tmp_path / "TST.json"
    path.write_text(json.dumps(v5), encoding="utf-8")
    db = tmp_path / "s.sqlite3"
    build(db, DEFAULT_SOURCES, card_files=[path])
    with sqlite3.connect(db) as conn:
        ids = dict(conn.execute("SELECT name, id FROM cards"))
    store = await Store.open(db)
    try:  # Akkord des Rufes is a document card (matched): the German printing's picture
        assert await store.card_image_url(ids["Akkord des Rufes"]) == (
            "https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid=387127&type=card")
        assert await store.card_image_url(ids["Forschung // Entwicklung"]) == (
            "https://api.scryfall.com/cards/a1b2c3d4-0000-4000-8000-000000000002?format=image")
        assert await store.card_image_url(ids["Boros-Rekrut"]) is None  # no card file names it
        assert await store.card_image_url(10**9) is None
    finally:
        await store.close()
