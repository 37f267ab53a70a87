"""Passage keys: every ruling and card of a card file is a passage of its own, and every key fits a button.

A card file's "line" is its card's place in the file, so the card's rulings are numbered after it
(``<file>:<place>.<n>``); before, all but the first of a card's rulings (and the card's own text) were dropped
as repeated keys, and a key with ``_`` or ``(`` could not become a ``rb:passage:`` button.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.custom_id import decode, encode_open
from bot.importer import DEFAULT_SOURCES, build
from bot.importer.passages import PassageKeyError, safe_key

RULINGS = [
    {"date": "2014-07-18", "text": "The first ruling of the test card."},
    {"date": "2014-07-18", "text": "The second ruling of the test card."},
    {"date": "2015-01-01", "text": "The third ruling of the test card."},
]


def card_file(path: Path) -> Path:
    """A v3 MTGJSON set file with one card no document prints (three rulings) and one the documents print."""
    cards = [
        {"name": "Zyzzyva Tester", "layout": "normal", "manaCost": "{2}{G}", "cmc": 3, "type": "Creature — Bug",
         "text": "Trample", "power": "2", "toughness": "2", "number": "1", "rulings": RULINGS},
        {"name": "Chord of Calling", "layout": "normal", "manaCost": "{X}{G}{G}{G}", "cmc": 3, "type": "Instant",
         "text": "Convoke", "number": "2",
         "rulings": [{"date": "2014-07-18", "text": "Convoke doesn't change a spell's mana cost."}],
         "foreignNames": [{"language": "German", "name": "Akkord des Rufes"}]},
    ]
    path.write_text(json.dumps({"name": "Test Set", "code": "TST", "cards": cards}), encoding="utf-8")
    return path


def test_safe_key_keeps_the_documents_keys_and_mends_the_others():
    assert safe_key("001:78") == "001:78"
    assert safe_key("cr:702.51a") == "cr:702.51a"
    assert safe_key("glossary:Bury (Obsolete)") == "glossary:Bury Obsolete"
    assert safe_key("glossary:City’s Blessing") == "glossary:City's Blessing"
    assert safe_key("glossary:Banding, “Bands with Other”") == 'glossary:Banding, "Bands with Other"'
    assert safe_key("term:+1/+1-Marke") == "term:+1-+1-Marke"
    assert safe_key("mtgjson3_RAV.json:10.4") == "mtgjson3-RAV.json:10.4"


def test_every_ruling_and_card_of_a_card_file_is_a_passage_with_a_button(tmp_path):
    db = tmp_path / "s.sqlite3"
    build(db, DEFAULT_SOURCES, card_files=[card_file(tmp_path / "test_set.json")])
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT key, kind, text FROM passages WHERE key LIKE 'test-set.json:%' ORDER BY key")
        got = [(key, kind, text) for key, kind, text in rows]
        keys = [k for (k,) in conn.execute("SELECT key FROM passages")]
    finally:
        conn.close()
    assert got == [
        ("test-set.json:1", "card", "Creature — Bug\nTrample"),
        ("test-set.json:1.1", "ruling", RULINGS[0]["text"]),
        ("test-set.json:1.2", "ruling", RULINGS[1]["text"]),
        ("test-set.json:1.3", "ruling", RULINGS[2]["text"]),
        ("test-set.json:2.1", "ruling", "Convoke doesn't change a spell's mana cost."),
    ]
    for key in keys:  # every key of the store becomes a button that reads back as itself
        target = decode(encode_open("passage", key)).target
        assert target is not None and target.arg == key


def test_two_passages_with_one_key_fail_the_build(tmp_path, monkeypatch):
    import bot.importer.passages as passages

    monkeypatch.setattr(passages, "safe_key", lambda key: key.split(":")[0] + ":1")  # every key of a file alike
    with pytest.raises(Exception, match="denselben Schlüssel") as caught:
        build(tmp_path / "s.sqlite3", DEFAULT_SOURCES)
    assert isinstance(caught.value.__cause__, PassageKeyError)


def test_a_key_a_button_would_not_carry_fails_the_build(tmp_path, monkeypatch):
    # every key is of the form rb:passage:<key> accepts (bot.button_args.PASSAGE_KEY): a line written with a leading
    # zero would make buttons that answer „Unbekannte Schaltfläche“, so the build refuses it
    import bot.importer.passages as passages

    monkeypatch.setattr(passages, "safe_key", lambda key: key.replace(":", ":0", 1))
    with pytest.raises(Exception, match=r"Schlüssel '000:0[0-9]+' hat keine Form eines Stellen-Schlüssels") as caught:
        build(tmp_path / "s.sqlite3", DEFAULT_SOURCES)
    assert isinstance(caught.value.__cause__, PassageKeyError)


def test_a_card_the_documents_print_no_text_for_is_no_passage_but_stays_a_card(built_db):
    # 004 prints no text for Schnellvorlauf, 002 none for Getrieben // Verzweiflung (a bare "//" between the
    # halves): only their rulings (6 and 13, tests/importer/test_build.py) are passages; the cards stay in
    # ``cards`` (the import counts them: 275 = 273 of 001 + one each of 002 and 004).
    conn = sqlite3.connect(built_db)
    try:
        assert conn.execute("SELECT count(*) FROM cards").fetchone()[0] == 275
        assert conn.execute("SELECT count(*) FROM passages WHERE kind = 'card'").fetchone()[0] == 273
        assert conn.execute("SELECT count(*) FROM passages WHERE key IN ('004:1', '002:1')").fetchone()[0] == 0
        rulings = dict(conn.execute(
            "SELECT c.name, count(p.id) FROM cards c JOIN passages p ON p.card_id = c.id AND p.kind = 'ruling'"
            " WHERE c.name IN ('Schnellvorlauf', 'Getrieben // Verzweiflung') GROUP BY c.name"))
    finally:
        conn.close()
    assert rulings == {"Schnellvorlauf": 6, "Getrieben // Verzweiflung": 13}
