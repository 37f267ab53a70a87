"""Read-only access to the SQLite store built by ``python -m bot build``.

One :class:`Store` wraps one long-lived aiosqlite connection (opened read-only in the bot's
``setup_hook`` before the cogs load, closed in ``close()``). Parameterised SQL only.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

#: Must equal ``PRAGMA user_version`` in data/schema.sql.
SCHEMA_VERSION = 1


class StoreError(Exception):
    """The store cannot be used; the message is German and says what to do."""


@dataclass(frozen=True)
class DocumentRecord:
    """A source document (one FAQ of file 001 is one document)."""

    id: int
    file: str
    part: int
    kind: str
    title: str
    set_name: str | None
    language: str
    date: str | None


@dataclass(frozen=True)
class FaceRecord:
    """One face of a card; a split card has two."""

    name: str
    mana_cost: str | None
    type_line: str | None
    power_toughness: str | None
    text: str


@dataclass(frozen=True)
class CardRecord:
    """A card with its faces, first document and ruling count."""

    id: int
    name: str
    mana_cost: str | None
    type_line: str | None
    power_toughness: str | None
    text: str
    is_split: bool
    origin: str
    document: DocumentRecord
    faces: tuple[FaceRecord, ...]
    ruling_count: int
    english_name: str | None = None
    english_text: str | None = None
    mechanic_id: int | None = None


@dataclass(frozen=True)
class RulingRecord:
    """A ruling with its document; ``date`` is the ruling's own date or, if none, the document's."""

    id: int
    text: str
    date: str | None
    own_date: bool
    position: int
    language: str
    document: DocumentRecord
    card_id: int | None
    mechanic_id: int | None
    see_mechanic: str | None = None


@dataclass(frozen=True)
class NameEntry:
    """A name a card can be found by: its own name, a face name, or an alias (e.g. English)."""

    card_id: int
    card_name: str
    name: str
    kind: str  # "name" | "face" | "english" | ...


@dataclass
class StoreStats:
    """Counts of what the store holds (for /info and start-up logging)."""

    counts: dict[str, int] = field(default_factory=dict)
    built_at: str | None = None


def _document(row: Sequence[Any]) -> DocumentRecord:
    """The first eight columns of a view row (card_rows, ruling_rows, document_rows)."""
    return DocumentRecord(*row[:8])


class Store:
    """The store over one aiosqlite connection. Create with :meth:`open`."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path

    @classmethod
    async def open(cls, path: Path) -> Store:
        """Open ``path`` read-only and check its schema version.

        Raises:
            StoreError: the file is missing, from another schema version, or not a valid store
                (German message naming ``python -m bot build``).
        """
        if not path.is_file():  # noqa: ASYNC240  (one stat at start-up)
            raise StoreError(f"Datenbank fehlt ({path}): `python -m bot build` ausführen.")
        uri = path.resolve().as_uri() + "?mode=ro"  # noqa: ASYNC240
        conn = await aiosqlite.connect(uri, uri=True)
        try:
            async with conn.execute("PRAGMA user_version") as cur:
                row = await cur.fetchone()
            version = row[0] if row else 0
            if version != SCHEMA_VERSION:
                raise StoreError(
                    f"Datenbank veraltet (Schema {version}, erwartet {SCHEMA_VERSION}): "
                    "`python -m bot build` ausführen."
                )
            async with conn.execute("SELECT count(*) FROM cards") as cur:
                await cur.fetchone()
        except sqlite3.DatabaseError as exc:
            await conn.close()
            raise StoreError(
                f"Datenbank beschädigt oder keine Regelbot-Datenbank ({path}): `python -m bot build` ausführen. ({exc})"
            ) from None
        except StoreError:
            await conn.close()
            raise
        log.info("Store geöffnet: %s", path)
        return cls(conn, path)

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        await self._conn.close()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row | tuple[Any, ...]]:
        """Run one parameterised query and return all rows (tuples)."""
        async with self._conn.execute(sql, tuple(params)) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        """Run one parameterised query and return its first row or None."""
        async with self._conn.execute(sql, tuple(params)) as cur:
            return await cur.fetchone()

    # --- names -------------------------------------------------------------------------

    async def name_entries(self) -> list[NameEntry]:
        """Every name a card is found by: card names, face names of split cards, aliases."""
        rows = await self.fetchall(
            "SELECT id, name, name, 'name' FROM cards "
            "UNION ALL SELECT f.card_id, c.name, f.name, 'face' FROM card_faces f "
            "JOIN cards c ON c.id = f.card_id WHERE c.is_split = 1 "
            "UNION ALL SELECT a.card_id, c.name, a.alias, a.kind FROM card_aliases a "
            "JOIN cards c ON c.id = a.card_id WHERE a.kind != 'face'"
        )
        return [NameEntry(*r) for r in rows]

    # --- cards ---------------------------------------------------------------------------

    async def card(self, card_id: int) -> CardRecord | None:
        """The card with ``card_id`` and its faces, or None."""
        row = await self.fetchone("SELECT * FROM card_rows WHERE id = ?", (card_id,))
        if row is None:
            return None
        faces = await self.fetchall(
            "SELECT name, mana_cost, type_line, power_toughness, text FROM card_faces WHERE card_id = ? ORDER BY face",
            (card_id,),
        )
        (cid, name, cost, type_line, pt, text, is_split, origin, en_name, en_text, mech, count) = row[8:20]
        return CardRecord(
            id=cid,
            name=name,
            mana_cost=cost,
            type_line=type_line,
            power_toughness=pt,
            text=text,
            is_split=bool(is_split),
            origin=origin,
            english_name=en_name,
            english_text=en_text,
            mechanic_id=mech,
            ruling_count=count,
            document=_document(row),
            faces=tuple(FaceRecord(*f) for f in faces),
        )

    async def card_documents(self, card_id: int) -> list[DocumentRecord]:
        """Every document the card appears in, in document order."""
        rows = await self.fetchall(
            "SELECT * FROM document_rows WHERE d_id IN "
            "(SELECT document_id FROM card_appearances WHERE card_id = ?) ORDER BY d_id",
            (card_id,),
        )
        return [_document(r) for r in rows]

    # --- rulings -------------------------------------------------------------------------

    @staticmethod
    def ruling_from_row(row: Sequence[Any]) -> RulingRecord:
        """A :class:`RulingRecord` from a ``ruling_rows`` view row (its first 17 columns)."""
        rid, text, date, own, position, language, card_id, mechanic_id, see = row[8:17]
        return RulingRecord(
            id=rid,
            text=text,
            date=date,
            own_date=bool(own),
            position=position,
            language=language,
            card_id=card_id,
            mechanic_id=mechanic_id,
            see_mechanic=see,
            document=_document(row),
        )

    async def rulings_for_card(self, card_id: int) -> list[RulingRecord]:
        """All rulings of a card in document order (document id, then position)."""
        rows = await self.fetchall("SELECT * FROM ruling_rows WHERE card_id = ? ORDER BY d_id, position", (card_id,))
        return [self.ruling_from_row(r) for r in rows]

    async def rulings_for_mechanic(self, mechanic_id: int) -> list[RulingRecord]:
        """All rulings of a mechanics section in document order."""
        rows = await self.fetchall("SELECT * FROM ruling_rows WHERE mechanic_id = ? ORDER BY position", (mechanic_id,))
        return [self.ruling_from_row(r) for r in rows]

    async def rulings_by_ids(self, ids: Sequence[int]) -> list[RulingRecord]:
        """The rulings with these ids, in the order given (unknown ids are left out)."""
        rows = await self.fetchall(
            "SELECT * FROM ruling_rows WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(list(ids)),)
        )
        by_id = {r[8]: self.ruling_from_row(r) for r in rows}
        return [by_id[i] for i in ids if i in by_id]

    # --- overview ------------------------------------------------------------------------

    async def documents(self) -> list[DocumentRecord]:
        """All documents in store order."""
        rows = await self.fetchall("SELECT * FROM document_rows ORDER BY d_id")
        return [_document(r) for r in rows]

    async def stats(self) -> StoreStats:
        """Counts per kind over all documents, and the build time."""
        rows = await self.fetchall("SELECT kind, sum(count) FROM import_counts GROUP BY kind")
        built = await self.fetchone("SELECT value FROM meta WHERE key = 'built_at'")
        return StoreStats(counts={k: int(v) for k, v in rows}, built_at=built[0] if built else None)

    @staticmethod
    def json_list(value: str | None) -> list[str]:
        """Decode a JSON list column (examples, see_also, terms); '' or NULL → []."""
        return list(json.loads(value)) if value else []
