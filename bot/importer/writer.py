"""Writes parsed documents into an open SQLite connection laid out by ``data/schema.sql``.

Rules:

* Cards are unique by printed name. Every block that prints a card (example card in a mechanics
  section, card section, another FAQ, a rulings list) is one ``card_appearances`` row; the card row
  keeps the document and line of its first block, the faces of its fullest block (most rules text,
  then most other printed fields; the first block wins a tie) and the mechanic of the first block
  printed inside a mechanics section. All rulings of all blocks point to the one card.
* Split cards: ``cards.mana_cost`` = face costs joined by " // ", ``text`` = face texts joined by
  "\\n//\\n", each face name also stored as ``card_aliases`` (kind "face").
* Type lines are normalised to the em dash ("Kreatur -- Mensch" → "Kreatur — Mensch").
* Rulings of mechanics get ``mechanic_id``, rulings of cards ``card_id``. ``position`` counts rulings
  (and quoted rules) within their document in line order; mechanics and rule explanations in list order.

Only parameterised SQL is used. :func:`count_parsed` and :func:`count_stored` count the same kinds
from the records and from the database, so :func:`bot.importer.build` can compare them.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass

from bot.importer.model import Card, Face, ParsedDocument, QuotedRule, Ruling

# Kinds counted per document and file (import_counts.kind), in report order.
KINDS: tuple[str, ...] = (
    "document",
    "mechanic",
    "card",
    "card_block",
    "ruling",
    "quoted_rule",
    "rule_explanation",
    "example",
    "see_also",
    "term",
)
SPLIT_NAME = " // "
SPLIT_TEXT = "\n//\n"
_DOUBLE_DASH = re.compile(r"\s*(?:--|—|–)\s*")


def normalise_type_line(type_line: str | None) -> str | None:
    """Return the type line with "--" (or a spaced en/em dash) as " — "; None stays None."""
    if type_line is None:
        return None
    return _DOUBLE_DASH.sub(" — ", type_line.strip())


@dataclass
class _Block:
    """One printed block of a card: where it stands and in which mechanics section."""

    card: Card
    document_id: int
    origin: str
    mechanic_id: int | None


def _fullness(card: Card) -> tuple[int, int]:
    """Ordering key for "the fuller block": rules text length, then other printed fields."""
    text = sum(len(face.text) for face in card.faces)
    other = sum(
        len(face.mana_cost or "") + len(face.type_line or "") + len(face.power_toughness or "")
        for face in card.faces
    )
    return text, other


def _joined(values: list[str | None]) -> str | None:
    """Face values joined by " // " (split cards); None when no face has a value."""
    if not any(values):
        return None
    return SPLIT_NAME.join(value or "" for value in values)


def write(conn: sqlite3.Connection, parsed: list[ParsedDocument]) -> None:
    """Insert all records of ``parsed`` (in document order) into ``conn``; the caller commits.

    Raises:
        ValueError: a card names a mechanics section its document does not have.
        sqlite3.IntegrityError: records violating the schema (a parser bug).
    """
    blocks: dict[str, list[_Block]] = {}
    pending: list[tuple[int, ParsedDocument, dict[int, int]]] = []
    for doc in parsed:
        d = doc.document
        cur = conn.execute(
            "INSERT INTO documents (file, part, kind, title, set_name, language, date, line)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date, d.line),
        )
        doc_id = int(cur.lastrowid or 0)
        mechanic_ids: dict[int, int] = {}
        by_title: dict[str, int] = {}
        for position, mech in enumerate(doc.mechanics, start=1):
            cur = conn.execute(
                "INSERT INTO mechanics (document_id, title, body, line, position) VALUES (?, ?, ?, ?, ?)",
                (doc_id, mech.title, mech.body, mech.line, position),
            )
            mechanic_ids[id(mech)] = int(cur.lastrowid or 0)
            by_title.setdefault(mech.title, mechanic_ids[id(mech)])  # first section of that title
            for card in mech.cards:
                blocks.setdefault(card.name, []).append(_Block(card, doc_id, d.kind, mechanic_ids[id(mech)]))
        for card in doc.cards:
            mechanic_id = None
            if card.mechanic is not None:
                if card.mechanic not in by_title:
                    raise ValueError(f"{d.file}:{card.line}: Abschnitt {card.mechanic!r} fehlt im Dokument")
                mechanic_id = by_title[card.mechanic]
            blocks.setdefault(card.name, []).append(_Block(card, doc_id, d.kind, mechanic_id))
        pending.append((doc_id, doc, mechanic_ids))

    card_ids = {name: _insert_card(conn, name, found) for name, found in blocks.items()}
    for doc_id, doc, mechanic_ids in pending:
        _insert_rulings(conn, doc_id, doc, mechanic_ids, card_ids)
        _insert_rules(conn, doc_id, doc, mechanic_ids)
        for position, expl in enumerate(doc.explanations, start=1):
            conn.execute(
                "INSERT INTO rule_explanations (document_id, position, text, examples, see_also, terms, line)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    doc_id,
                    position,
                    expl.text,
                    _json(expl.examples),
                    _json(expl.see_also),
                    _json(expl.terms),
                    expl.line,
                ),
            )


def _json(values: list[str]) -> str:
    """JSON list as stored in the *examples*/*see_also*/*terms* columns (UTF-8, not escaped)."""
    return json.dumps(values, ensure_ascii=False)


def _insert_card(conn: sqlite3.Connection, name: str, found: list[_Block]) -> int:
    """Insert one merged card (faces from the fullest block), its faces, aliases and appearances."""
    first = found[0]
    fullest = max(found, key=lambda block: _fullness(block.card))
    faces: list[Face] = fullest.card.faces
    mechanic_id = next((block.mechanic_id for block in found if block.mechanic_id is not None), None)
    cur = conn.execute(
        "INSERT INTO cards (name, document_id, line, mana_cost, type_line, power_toughness, text, is_split,"
        " origin, mechanic_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            name,
            first.document_id,
            first.card.line,
            _joined([face.mana_cost for face in faces]),
            _joined([normalise_type_line(face.type_line) for face in faces]),
            _joined([face.power_toughness for face in faces]),
            SPLIT_TEXT.join(face.text for face in faces),
            int(len(faces) > 1),
            fullest.origin,
            mechanic_id,
        ),
    )
    card_id = int(cur.lastrowid or 0)
    conn.executemany(
        "INSERT INTO card_faces (card_id, face, name, mana_cost, type_line, power_toughness, text)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (
                card_id,
                index,
                face.name,
                face.mana_cost,
                normalise_type_line(face.type_line),
                face.power_toughness,
                face.text,
            )
            for index, face in enumerate(faces)
        ],
    )
    if len(faces) > 1:
        conn.executemany(
            "INSERT OR IGNORE INTO card_aliases (card_id, alias, kind) VALUES (?, ?, 'face')",
            [(card_id, face.name) for face in faces],
        )
    conn.executemany(
        "INSERT INTO card_appearances (card_id, document_id, line) VALUES (?, ?, ?)",
        [(card_id, block.document_id, block.card.line) for block in found],
    )
    return card_id


def _insert_rulings(
    conn: sqlite3.Connection,
    doc_id: int,
    doc: ParsedDocument,
    mechanic_ids: dict[int, int],
    card_ids: dict[str, int],
) -> None:
    """All rulings of one document (mechanics' and cards'), positions in line order."""
    rows: list[tuple[Ruling, int | None, int | None]] = []
    for mech in doc.mechanics:
        rows += [(ruling, None, mechanic_ids[id(mech)]) for ruling in mech.rulings]
        rows += [(ruling, card_ids[card.name], None) for card in mech.cards for ruling in card.rulings]
    rows += [(ruling, card_ids[card.name], None) for card in doc.cards for ruling in card.rulings]
    rows.sort(key=lambda row: row[0].line)
    conn.executemany(
        "INSERT INTO rulings (document_id, card_id, mechanic_id, position, line, date, language, text,"
        " see_mechanic) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (doc_id, card_id, mechanic_id, position, r.line, r.date, r.language, r.text, r.see_mechanic)
            for position, (r, card_id, mechanic_id) in enumerate(rows, start=1)
        ],
    )


def _insert_rules(
    conn: sqlite3.Connection, doc_id: int, doc: ParsedDocument, mechanic_ids: dict[int, int]
) -> None:
    """Quoted numbered rules of one document, positions in line order."""
    rows: list[tuple[QuotedRule, int | None]] = [(rule, None) for rule in doc.rules]
    for mech in doc.mechanics:
        rows += [(rule, mechanic_ids[id(mech)]) for rule in mech.rules]
    rows.sort(key=lambda row: row[0].line)
    conn.executemany(
        "INSERT INTO quoted_rules (document_id, mechanic_id, number, title, text, examples, language, line,"
        " position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (doc_id, mechanic_id, r.number, r.title, r.text, _json(r.examples), r.language, r.line, position)
            for position, (r, mechanic_id) in enumerate(rows, start=1)
        ],
    )


def count_parsed(docs: list[ParsedDocument]) -> dict[str, int]:
    """Count the records of ``docs`` per kind (see :data:`KINDS`); "card" counts distinct names."""
    counts: Counter[str] = Counter({kind: 0 for kind in KINDS})
    names: set[str] = set()
    for doc in docs:
        counts["document"] += 1
        counts["mechanic"] += len(doc.mechanics)
        cards = doc.cards + [card for mech in doc.mechanics for card in mech.cards]
        names.update(card.name for card in cards)
        counts["card_block"] += len(cards)
        counts["ruling"] += sum(len(m.rulings) for m in doc.mechanics) + sum(len(c.rulings) for c in cards)
        rules = doc.rules + [rule for mech in doc.mechanics for rule in mech.rules]
        counts["quoted_rule"] += len(rules)
        counts["rule_explanation"] += len(doc.explanations)
        counts["example"] += sum(len(r.examples) for r in rules)
        counts["example"] += sum(len(e.examples) for e in doc.explanations)
        counts["see_also"] += sum(len(e.see_also) for e in doc.explanations)
        counts["term"] += sum(len(e.terms) for e in doc.explanations)
    counts["card"] = len(names)
    return {kind: counts[kind] for kind in KINDS}


# One row with the counts in KINDS order, for the documents of :file (one :part, or all when NULL).
_COUNT_SQL = """
WITH d AS (SELECT id FROM documents WHERE file = :file AND (:part IS NULL OR part = :part))
SELECT
    (SELECT count(*) FROM d),
    (SELECT count(*) FROM mechanics WHERE document_id IN d),
    (SELECT count(DISTINCT card_id) FROM card_appearances WHERE document_id IN d),
    (SELECT count(*) FROM card_appearances WHERE document_id IN d),
    (SELECT count(*) FROM rulings WHERE document_id IN d),
    (SELECT count(*) FROM quoted_rules WHERE document_id IN d),
    (SELECT count(*) FROM rule_explanations WHERE document_id IN d),
    (SELECT coalesce(sum(json_array_length(examples)), 0) FROM quoted_rules WHERE document_id IN d)
      + (SELECT coalesce(sum(json_array_length(examples)), 0) FROM rule_explanations WHERE document_id IN d),
    (SELECT coalesce(sum(json_array_length(see_also)), 0) FROM rule_explanations WHERE document_id IN d),
    (SELECT coalesce(sum(json_array_length(terms)), 0) FROM rule_explanations WHERE document_id IN d)
"""


def count_stored(conn: sqlite3.Connection, file: str, part: int | None = None) -> dict[str, int]:
    """Count what the database holds for ``file`` (one ``part``, or all parts when None) per kind."""
    row = conn.execute(_COUNT_SQL, {"file": file, "part": part}).fetchone()
    return {kind: int(value) for kind, value in zip(KINDS, row, strict=True)}


def write_counts(conn: sqlite3.Connection, file_counts: dict[str, dict[str, int]]) -> None:
    """Store the verified per-file counts in ``import_counts`` (every kind, zeros included)."""
    conn.executemany(
        "INSERT INTO import_counts (file, kind, count) VALUES (?, ?, ?)",
        [(file, kind, count) for file, counts in file_counts.items() for kind, count in counts.items()],
    )
