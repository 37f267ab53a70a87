"""Store opening: missing, outdated and corrupt files give German messages, never tracebacks."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from bot.store import SCHEMA_VERSION, Store, StoreError


async def test_missing_file(tmp_path):
    with pytest.raises(StoreError, match="python -m bot build"):
        await Store.open(tmp_path / "nope.sqlite3")


async def test_old_schema(tmp_path, built_db):
    old = tmp_path / "old.sqlite3"
    shutil.copy(built_db, old)
    with sqlite3.connect(old) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    with pytest.raises(StoreError, match="Datenbank veraltet") as raised:
        await Store.open(old)
    # the file named, and both ways to build it again (a store built with rules or card files: update --rebuild)
    assert f"({old}: Schema {SCHEMA_VERSION - 1}, erwartet {SCHEMA_VERSION})" in str(raised.value)
    assert "`python -m bot build`" in str(raised.value) and "`python -m bot update --rebuild`" in str(raised.value)


async def test_corrupt_file(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="beschädigt"):
        await Store.open(bad)


async def test_store_is_read_only(store):
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        await store.fetchall("DELETE FROM cards")


async def test_card_record_values(ctx, store):
    hit = ctx.names.resolve("Boros-Rekrut")
    card = await store.card(hit.card_id)
    # Ravnica FAQ (document 001, FAQ 1): "Boros-Rekrut / {R/W} / Kreatur -- Goblin, Soldat / 1/1"
    assert (card.mana_cost, card.type_line, card.power_toughness) == ("{R/W}", "Kreatur — Goblin, Soldat", "1/1")
    assert card.document.set_name == "Ravnica: Stadt der Gilden"
    assert card.document.date == "2005-08-30"


async def test_split_card_faces(ctx, store):
    card = await store.card(ctx.names.resolve("Forschung // Entwicklung").card_id)
    assert card.is_split
    # Zwietracht FAQ: Forschung {G}{U} // Entwicklung {3}{U}{R}
    assert [(f.name, f.mana_cost) for f in card.faces] == [("Forschung", "{G}{U}"), ("Entwicklung", "{3}{U}{R}")]


async def test_rulings_in_document_order(ctx, store):
    card_id = ctx.names.resolve("Circu, Dimir-Lobotomist").card_id
    rulings = await store.rulings_for_card(card_id)
    assert len(rulings) == 5  # Ravnica FAQ, lines 318-326: five "* " bullets under Circu
    assert [r.position for r in rulings] == sorted(r.position for r in rulings)
    assert all(r.date == "2005-08-30" and not r.own_date for r in rulings)


async def test_dated_rulings_keep_their_own_date(ctx, store):
    card_id = ctx.names.resolve("Schnellvorlauf").card_id
    rulings = await store.rulings_for_card(card_id)
    assert len(rulings) == 6  # document 004: six dated paragraphs
    assert rulings[-1].date == "2026-01-27" and rulings[-1].own_date
    assert rulings[-1].text.startswith("To determine the total cost of a spell")
    # That date equals its document's; a ruling of 2017-04-18 in the rulings list of 2017-07-14 (document 002)
    # shows that the ruling's own date wins over the document's.
    split = await store.rulings_for_card(ctx.names.resolve("Getrieben // Verzweiflung").card_id)
    first = split[0]
    assert (first.date, first.document.date, first.own_date) == ("2017-07-14", "2017-07-14", True)
    dated = next(r for r in split if r.text.startswith("Alle geteilten Karten haben zwei Kartenhälften"))
    assert dated.own_date and dated.date == "2017-04-18"
    assert dated.document.date == "2017-07-14" != dated.date
