"""One MTGJSON file (``build --cards``) into the store, read as a stream (:func:`bot.importer.mtgjson.iter_mtgjson`).

The file becomes a ``documents`` row (kind ``mtgjson``, language ``en``). Its records are matched to the
documents' German cards (:func:`bot.importer.mtgjson.match_cards`); a matched card gets ``english_name`` /
``english_text`` / ``english_match``, its picture ids, aliases (kind ``english``, split halves ``english-face``),
an appearance and its English rulings (own date). Records without a document card are stored with origin
``mtgjson`` under their German name (else English name), unless the name is taken.

Memory stays flat for any file size: a record that cannot match any document card (none of its German names,
German half names or half costs is one a document card has — :class:`_Candidates`) is written as soon as it is
read and dropped; only the few records that may match (reprints of the documents' cards) wait until the file
is read, because the best match of a card (German name before half names before half costs) can come last.
"""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from bot.importer.model import Card, ParsedDocument
from bot.importer.mtgjson import CardRecord, cost_key, match_cards, name_key
from bot.importer.writer import normalise_type_line


class OfficialError(Exception):
    """An official file cannot be stored (two CR files with the same date, a card file given twice,
    or written counts that differ from the parsed ones). German message."""


@dataclass
class CardFileReport:
    """One MTGJSON file: ``records`` cards in it, ``matched`` document cards found (``uncertain`` of
    them with several candidates), ``unmatched`` records without a document card, ``added`` of
    those stored as new cards (distinct names), ``rulings`` English rulings stored."""

    file: str
    version: int
    records: int
    matched: int
    uncertain: int
    unmatched: int
    added: int
    rulings: int


def document_cards(parsed: list[ParsedDocument]) -> list[Card]:
    """The documents' cards, one per printed name (first block), in document order."""
    seen: dict[str, Card] = {}
    for doc in parsed:
        for card in [c for m in doc.mechanics for c in m.cards] + doc.cards:
            seen.setdefault(card.name, card)
    return list(seen.values())


class _Candidates:
    """The keys by which :func:`~bot.importer.mtgjson.match_cards` can match a record to one of ``cards``."""

    def __init__(self, cards: list[Card]) -> None:
        self.names = {name_key(c.name) for c in cards}
        self.faces = {tuple(name_key(f.name) for f in c.faces) for c in cards if c.is_split}
        self.costs = {tuple(cost_key(f.mana_cost) for f in c.faces) for c in cards if c.is_split}

    def wants(self, rec: CardRecord) -> bool:
        """True when ``rec`` may match a document card (the same test as :func:`match_cards`' indexes)."""
        if any(name_key(g) in self.names for g in rec.german_names):
            return True
        if not rec.is_split:
            return False
        if all(f.german_name for f in rec.faces) and tuple(name_key(f.german_name or "") for f in rec.faces) in \
                self.faces:
            return True
        return tuple(cost_key(f.mana_cost) for f in rec.faces) in self.costs


#: Cards whose rows are held before they are written in one statement per table (memory stays flat).
FLUSH_CARDS = 2000


@dataclass
class _Writer:
    """Writes the cards, aliases and rulings of one card file (``doc_id``); counts what it wrote.

    The rows of new cards are collected and written per table with one ``executemany`` every
    :data:`FLUSH_CARDS` cards (:meth:`flush`), in the order they were made, so every table gets the same rows
    and row ids as with one statement per row; a new card's id is the one SQLite would give it (the highest
    id + 1: ``cards.id`` is an ``INTEGER PRIMARY KEY`` without ``AUTOINCREMENT``)."""

    conn: sqlite3.Connection
    doc_id: int
    card_ids: dict[str, int]
    position: int = 0
    rulings: int = 0
    added: int = 0
    added_names: list[str] = field(default_factory=list)
    _next_id: int = 0
    _pending: dict[str, list[tuple]] = field(default_factory=dict)
    _held: int = 0

    def __post_init__(self) -> None:
        self._next_id = int(self.conn.execute("SELECT coalesce(max(id), 0) + 1 FROM cards").fetchone()[0])
        self._pending = {sql: [] for sql in _PENDING_SQL}

    def flush(self) -> None:
        """Write the rows held so far, table by table, each in the order its rows were made."""
        for sql, rows in self._pending.items():
            if rows:
                self.conn.executemany(sql, rows)
                rows.clear()
        self._held = 0

    def add_rulings(self, card_id: int, rec: CardRecord, line: int, new: bool = False) -> None:
        """The record's English rulings; a card in several card files (reprints) keeps each ruling once (a
        ``new`` card, made from this record, has no rulings yet: only the record's own repeats are dropped)."""
        seen: set[str] = set()
        for date, text in rec.rulings:
            if new:
                if text in seen:
                    continue
                seen.add(text)
            else:
                self.flush()
                if self.conn.execute("SELECT 1 FROM rulings WHERE card_id = ? AND language = 'en' AND text = ?",
                                     (card_id, text)).fetchone():
                    continue
            self.position += 1
            self.rulings += 1
            self._pending[_RULINGS_SQL].append((self.doc_id, card_id, self.position, line, date or None, text))

    def link(self, card_id: int, rec: CardRecord, line: int, new: bool = False) -> None:
        """English aliases (the whole name; split halves too) and the appearance in this file."""
        aliases = self._pending[_ALIASES_SQL]
        aliases.append((card_id, rec.english_name, "english"))
        if rec.is_split:
            aliases += [(card_id, f.name, "english-face") for f in rec.faces]
        self._pending[_APPEARANCES_SQL].append((card_id, self.doc_id, line))
        self.add_rulings(card_id, rec, line, new)

    def match(self, card_id: int, rec: CardRecord, how: str, line: int) -> None:
        """A document card matched to ``rec``: English name and text, how it matched, its picture ids."""
        self.conn.execute(
            "UPDATE cards SET english_name = ?, english_text = ?, english_match = ?,"
            " multiverse_id = coalesce(multiverse_id, ?), scryfall_id = coalesce(scryfall_id, ?) WHERE id = ?",
            (rec.english_name, rec.text, how, rec.multiverse_id, rec.scryfall_id, card_id))
        self.link(card_id, rec, line)

    def add(self, rec: CardRecord, line: int) -> None:
        """A record without a document card, as a new card (origin ``mtgjson``) unless its name is taken (a
        reprint in the same file, a basic land, a document card's name)."""
        card_name = rec.german_names[0] if rec.german_names else rec.english_name
        if card_name in self.card_ids:
            return
        card_id = self._next_id
        self._next_id += 1
        self._pending[_CARDS_SQL].append(
            (card_id, card_name, self.doc_id, line, rec.mana_cost, normalise_type_line(rec.type_line),
             rec.power_toughness, rec.german_text or rec.text, int(rec.is_split), rec.english_name, rec.text,
             "german-name" if rec.german_names else "english-only", rec.multiverse_id, rec.scryfall_id))
        self.card_ids[card_name] = card_id
        self.added += 1
        self._pending[_FACES_SQL] += [
            (card_id, i, f.german_name or f.name, f.mana_cost, normalise_type_line(f.type_line),
             rec.power_toughness if not rec.is_split else None, f.text) for i, f in enumerate(rec.faces)]
        self.link(card_id, rec, line, new=True)
        self._held += 1
        if self._held >= FLUSH_CARDS:
            self.flush()


_CARDS_SQL = ("INSERT INTO cards (id, name, document_id, line, mana_cost, type_line, power_toughness, text, is_split,"
              " origin, english_name, english_text, english_match, multiverse_id, scryfall_id)"
              " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'mtgjson', ?, ?, ?, ?, ?)")
_FACES_SQL = ("INSERT INTO card_faces (card_id, face, name, mana_cost, type_line, power_toughness, text)"
              " VALUES (?, ?, ?, ?, ?, ?, ?)")
_ALIASES_SQL = "INSERT OR IGNORE INTO card_aliases (card_id, alias, kind) VALUES (?, ?, ?)"
_APPEARANCES_SQL = "INSERT OR IGNORE INTO card_appearances (card_id, document_id, line) VALUES (?, ?, ?)"
_RULINGS_SQL = ("INSERT INTO rulings (document_id, card_id, mechanic_id, position, line, date, language, text)"
                " VALUES (?, ?, NULL, ?, ?, ?, 'en', ?)")
#: The tables of :meth:`_Writer.flush`, in the order they are written.
_PENDING_SQL = (_CARDS_SQL, _FACES_SQL, _ALIASES_SQL, _APPEARANCES_SQL, _RULINGS_SQL)


def _document(conn: sqlite3.Connection, name: str, first: CardRecord | None) -> int:
    """The card file's ``documents`` row (title from its first record's set); returns its id.

    Raises:
        OfficialError: a document of that name exists (the file was given twice).
    """
    if conn.execute("SELECT 1 FROM documents WHERE file = ?", (name,)).fetchone():
        raise OfficialError(f"Kartendatei {name} doppelt angegeben (oder gleichnamig mit einem Dokument)")
    set_code = first.set_code if first else None
    set_name = first.set_name if first else None
    title = " ".join(f"MTGJSON {set_code or ''} {set_name or ''}".split()) + " (englisch)"
    cur = conn.execute(
        "INSERT INTO documents (file, part, kind, title, set_name, language, date, line)"
        " VALUES (?, 1, 'mtgjson', ?, ?, 'en', NULL, 1)",
        (name, title, set_name),
    )
    return int(cur.lastrowid or 0)


def write_card_file(
    conn: sqlite3.Connection, path: Path, records: Iterable[CardRecord], parsed: list[ParsedDocument]
) -> CardFileReport:
    """Store one MTGJSON file read as a stream of ``records`` (see module doc); returns its report.

    Raises:
        OfficialError: the file was given twice, or stored counts differ from the parsed ones.
        SourceError: from ``records`` (a file that is not a set file), nothing of it committed.
    """
    stream = iter(records)
    first = next(stream, None)
    doc_id = _document(conn, path.name, first)
    writer = _Writer(conn, doc_id, dict(conn.execute("SELECT name, id FROM cards")))
    cards = document_cards(parsed)
    candidates = _Candidates(cards)
    waiting: list[tuple[CardRecord, int]] = []
    count = 0
    for count, rec in enumerate(itertools.chain([first] if first else [], stream), start=1):
        if candidates.wants(rec):
            waiting.append((rec, count))
        else:
            writer.add(rec, count)
    lines = {id(rec): line for rec, line in waiting}
    matches = match_cards(cards, [rec for rec, _line in waiting])
    writer.flush()  # before the matched cards' updates: the rows in the order of a statement per row
    for m in matches:
        writer.match(writer.card_ids[m.card_name], m.record, m.method + ("" if m.certain else " uncertain"),
                     lines[id(m.record)])
    matched = {id(m.record) for m in matches}
    for rec, line in waiting:
        if id(rec) not in matched:
            writer.add(rec, line)
    writer.flush()
    stored = conn.execute("SELECT (SELECT count(*) FROM rulings WHERE document_id = ?), (SELECT count(*) FROM cards"
                          " WHERE document_id = ? AND origin = 'mtgjson')", (doc_id, doc_id)).fetchone()
    if tuple(stored) != (writer.rulings, writer.added):
        raise OfficialError(f"{path.name}: gespeichert {stored[0]} Rulings / {stored[1]} Karten, "
                            f"gelesen {writer.rulings} / {writer.added}")
    return CardFileReport(path.name, first.version if first else 0, count, len(matches),
                          sum(not m.certain for m in matches), count - len(matches), writer.added, writer.rulings)
