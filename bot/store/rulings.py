"""Rulings (view ``ruling_rows`` of ``data/schema.sql``); their search runs over the passages
(:mod:`bot.store.passages`)."""

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
