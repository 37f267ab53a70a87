"""Rulings and their full-text search (view ``ruling_rows``, FTS5 tables ``rulings_fts`` and
``rulings_trigram`` of ``data/schema.sql``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.base import DocumentRecord, StoreBase, document_from_row


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
class RulingHitRow:
    """A full-text hit: the ruling, its snippet (matches between the given marks), and the card's name or the
    mechanics section's title it belongs to (None when it has none)."""

    ruling: RulingRecord
    snippet: str
    card_name: str | None
    mechanic_title: str | None


#: Ruling search indexes: ``"words"`` (unicode61, whole words and prefixes) and ``"parts"`` (trigram).
RULING_INDEXES = {"words": "rulings_fts", "parts": "rulings_trigram"}

# ruling_rows gives the columns ruling_from_row reads; snippet and owner follow them.
_HIT_SQL = """
SELECT rr.*, snippet({table}, 0, ?, ?, ?, 18), c.name, m.title
FROM {table} JOIN ruling_rows rr ON rr.id = {table}.rowid
LEFT JOIN cards c ON c.id = rr.card_id LEFT JOIN mechanics m ON m.id = rr.mechanic_id
WHERE {table} MATCH ? AND (? IS NULL OR rr.card_id = ?)
ORDER BY bm25({table}), rr.id LIMIT ?
"""
_COUNT_SQL = """
SELECT count(*) FROM {table} JOIN rulings r ON r.id = {table}.rowid
WHERE {table} MATCH ? AND (? IS NULL OR r.card_id = ?)
"""


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
        document=document_from_row(row),
    )


class RulingQueries(StoreBase):
    """Queries about rulings."""

    async def rulings_for_card(self, card_id: int) -> list[RulingRecord]:
        """All rulings of a card in document order (document id, then position)."""
        rows = await self.fetchall("SELECT * FROM ruling_rows WHERE card_id = ? ORDER BY d_id, position", (card_id,))
        return [ruling_from_row(r) for r in rows]

    async def rulings_for_mechanic(self, mechanic_id: int) -> list[RulingRecord]:
        """All rulings of a mechanics section in document order."""
        rows = await self.fetchall("SELECT * FROM ruling_rows WHERE mechanic_id = ? ORDER BY position", (mechanic_id,))
        return [ruling_from_row(r) for r in rows]

    async def search_rulings(
        self, index: str, match: str, marks: tuple[str, str, str], card_id: int | None, limit: int
    ) -> list[RulingHitRow]:
        """Rulings matching the FTS5 expression ``match`` in ``index`` (``"words"`` or ``"parts"``, see
        :data:`RULING_INDEXES`), best first (bm25, then id), ≤ ``limit``; only ``card_id``'s when given.

        ``marks`` = (before a match, after a match, ellipsis) for the snippet. ``match`` must be built from
        quoted tokens (:func:`bot.textsearch.build_query`).

        Raises:
            SearchIndexMissing: the store has no search index (German "Datenbank veraltet").
        """
        sql = _HIT_SQL.format(table=RULING_INDEXES[index])
        rows = await self.fetch_search(sql, (*marks, match, card_id, card_id, limit))
        return [RulingHitRow(ruling_from_row(row), row[-3], row[-2], row[-1]) for row in rows]

    async def count_ruling_matches(self, index: str, match: str, card_id: int | None) -> int | None:
        """How many rulings match ``match`` in ``index`` (as :meth:`search_rulings`, without a limit);
        None when the count query failed (logged)."""
        rows = await self.fetch_search(_COUNT_SQL.format(table=RULING_INDEXES[index]), (match, card_id, card_id))
        return int(rows[0][0]) if rows else None
