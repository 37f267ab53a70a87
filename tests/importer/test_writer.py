"""Tests for bot.importer.writer on small hand-made records (merging, split cards, positions)."""

from __future__ import annotations

import sqlite3

import pytest

from bot.importer import SCHEMA_PATH
from bot.importer.model import Card, Document, Face, Mechanic, ParsedDocument, QuotedRule, Ruling
from bot.importer.writer import count_parsed, count_stored, normalise_type_line, write


@pytest.fixture
def conn():
    connection = sqlite3.connect(":memory:")
    connection.executescript(SCHEMA_PATH.read_text(encoding="utf-8"))
    connection.execute("PRAGMA foreign_keys = ON")
    yield connection
    connection.close()


def _face(
    name: str, text: str, cost: str | None = "{1}{W}", type_line: str | None = "Kreatur -- Geist"
) -> Face:
    return Face(name=name, mana_cost=cost, type_line=type_line, power_toughness="1/1", text=text)


def _faq(part: int, mechanics: list[Mechanic], cards: list[Card]) -> ParsedDocument:
    doc = Document(
        file="faq.txt", kind="faq", title=f"FAQ {part}", language="de", date="2006-06-01", part=part
    )
    return ParsedDocument(document=doc, mechanics=mechanics, cards=cards)


def _records() -> list[ParsedDocument]:
    example = Card("Einziehen", [_face("Einziehen", "kurz")], line=10, rulings=[Ruling("R-Beispiel", 12)])
    mechanic = Mechanic(
        "Wallung",
        "Prosa.",
        line=5,
        rules=[QuotedRule("502.50", "", 7, title="Wallung")],
        rulings=[Ruling("R-Mechanik", 14)],
        cards=[example],
    )
    full = Card(
        "Einziehen",
        [_face("Einziehen", "Voller Regeltext\nzweite Zeile")],
        line=40,
        rulings=[Ruling("R-Karte", 45)],
    )
    split = Card(
        "Krims // Krams",
        [
            _face("Krims", "Text A", "{B}", "Spontanzauber"),
            _face("Krams", "Text B", "{2}{R}", "Hexerei"),
        ],
        line=30,
        rulings=[Ruling("R-Split", 35)],
    )
    return [_faq(1, [mechanic], [split, full])]


def test_card_printed_twice_becomes_one_card_with_all_rulings(conn):
    write(conn, _records())
    rows = conn.execute(
        "SELECT id, line, text, mechanic_id, type_line FROM cards WHERE name = 'Einziehen'"
    ).fetchall()
    [(card_id, line, text, mechanic_id, type_line)] = rows
    assert (line, text, type_line) == (10, "Voller Regeltext\nzweite Zeile", "Kreatur — Geist")
    assert mechanic_id == conn.execute("SELECT id FROM mechanics WHERE title = 'Wallung'").fetchone()[0]
    appearances = conn.execute(
        "SELECT line FROM card_appearances WHERE card_id = ? ORDER BY line", (card_id,)
    )
    assert [row[0] for row in appearances] == [10, 40]
    rulings = conn.execute(
        "SELECT text FROM rulings WHERE card_id = ? ORDER BY position", (card_id,)
    ).fetchall()
    assert [row[0] for row in rulings] == ["R-Beispiel", "R-Karte"]


def test_positions_follow_lines_and_mechanic_rulings_get_mechanic_id(conn):
    write(conn, _records())
    rows = conn.execute(
        "SELECT position, line, text, card_id IS NULL, mechanic_id IS NULL FROM rulings ORDER BY position"
    ).fetchall()
    assert [(p, line, t) for p, line, t, _, _ in rows] == [
        (1, 12, "R-Beispiel"),
        (2, 14, "R-Mechanik"),
        (3, 35, "R-Split"),
        (4, 45, "R-Karte"),
    ]
    assert [(no_card, no_mech) for *_, no_card, no_mech in rows] == [(0, 1), (1, 0), (0, 1), (0, 1)]


def test_split_card_fields_and_face_aliases(conn):
    write(conn, _records())
    card_id, cost, type_line, text, is_split = conn.execute(
        "SELECT id, mana_cost, type_line, text, is_split FROM cards WHERE name = 'Krims // Krams'"
    ).fetchone()
    assert (cost, type_line, text, is_split) == (
        "{B} // {2}{R}",
        "Spontanzauber // Hexerei",
        "Text A\n//\nText B",
        1,
    )
    aliases = conn.execute(
        "SELECT alias, kind FROM card_aliases WHERE card_id = ? ORDER BY alias", (card_id,)
    )
    assert aliases.fetchall() == [("Krams", "face"), ("Krims", "face")]
    faces = conn.execute(
        "SELECT face, name, mana_cost FROM card_faces WHERE card_id = ? ORDER BY face", (card_id,)
    )
    assert faces.fetchall() == [(0, "Krims", "{B}"), (1, "Krams", "{2}{R}")]


def test_counts_from_records_equal_counts_from_store(conn):
    records = _records()
    write(conn, records)
    expected = count_parsed(records)
    assert expected["card"] == 2 and expected["card_block"] == 3 and expected["ruling"] == 4
    assert count_stored(conn, "faq.txt") == expected
    assert count_stored(conn, "faq.txt", part=2)["document"] == 0


@pytest.mark.parametrize(
    ("printed", "normalised"),
    [
        ("Kreatur -- Mensch, Soldat", "Kreatur — Mensch, Soldat"),
        ("Kreatur — Mensch, Soldat", "Kreatur — Mensch, Soldat"),
        ("Land", "Land"),
        (None, None),
    ],
)
def test_normalise_type_line(printed, normalised):
    assert normalise_type_line(printed) == normalised


def test_two_sections_with_one_title_keep_their_own_rulings(conn):
    first = Mechanic("Gilden", "Eins.", line=1, rulings=[Ruling("R1", 2)])
    second = Mechanic("Gilden", "Zwei.", line=5, rulings=[Ruling("R2", 6)])
    write(conn, [_faq(1, [first, second], [])])
    rows = conn.execute(
        "SELECT m.body, r.text FROM rulings r JOIN mechanics m ON m.id = r.mechanic_id ORDER BY r.position"
    ).fetchall()
    assert rows == [("Eins.", "R1"), ("Zwei.", "R2")]
