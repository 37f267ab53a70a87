"""Mechanics sections (ALLGEMEINES) of the FAQs and the cards printed in or pointing to them (tables
``mechanics``, ``cards``, ``rulings`` of ``data/schema.sql``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.base import DocumentRecord, StoreBase
from bot.text import tokens


@dataclass(frozen=True)
class MechanicRecord:
    """A mechanics section with its document."""

    id: int
    title: str
    body: str
    position: int
    document: DocumentRecord

    @property
    def label(self) -> str:
        """Title with the set when another section has the same title: ``"Gilden (Gildenbund)"``."""
        return f"{self.title} ({self.document.set_name or self.document.title})"

    @property
    def words(self) -> list[str]:
        """Folded words of the title (``„Verbesserte“ Kreaturen`` → verbesserte, kreaturen)."""
        return tokens(self.title)


@dataclass(frozen=True)
class CardName:
    """A card's id and (German) name."""

    id: int
    name: str


_MECHANICS_SQL = """
SELECT m.id, m.title, m.body, m.position,
       d.id, d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date
FROM mechanics m JOIN documents d ON d.id = m.document_id ORDER BY d.id, m.position
"""


class MechanicQueries(StoreBase):
    """Queries about mechanics sections."""

    async def mechanic_sections(self) -> list[MechanicRecord]:
        """Every mechanics section in document order (document id, then position); read once per store
        (:meth:`memo`)."""

        async def load() -> list[MechanicRecord]:
            rows = await self.fetchall(_MECHANICS_SQL)
            return [MechanicRecord(r[0], r[1], r[2], r[3], DocumentRecord(*r[4:12])) for r in rows]

        return await self.memo("mechanic_sections", load)

    async def mechanic_cards(self, mechanic_id: int) -> list[CardName]:
        """The example cards printed in a section, in file order."""
        rows = await self.fetchall("SELECT id, name FROM cards WHERE mechanic_id = ? ORDER BY line", (mechanic_id,))
        return [CardName(*r) for r in rows]

    async def cards_referring_to_mechanic(self, mechanic_id: int) -> list[CardName]:
        """Cards with a ruling ``Siehe auch „<title>“ im Abschnitt ALLGEMEINES`` pointing to this section
        (same document), in file order."""
        rows = await self.fetchall(
            "SELECT DISTINCT c.id, c.name FROM rulings r JOIN cards c ON c.id = r.card_id "
            "JOIN mechanics m ON m.document_id = r.document_id AND m.title = r.see_mechanic WHERE m.id = ? "
            "ORDER BY c.line",
            (mechanic_id,),
        )
        return [CardName(*r) for r in rows]
