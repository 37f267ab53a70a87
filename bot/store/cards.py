"""Cards, their names and the documents they come from (tables ``cards``, ``card_faces``, ``card_aliases``,
``documents``, ``import_counts``; views ``card_rows``, ``document_rows`` of ``data/schema.sql``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.model import card_image_url
from bot.store.base import DocumentRecord, StoreBase, document_from_row
from bot.store.names import NameEntry as NameEntry  # defined beside the stored name index
from bot.store.passages import RecordCache

#: Cards' records a store keeps in memory (:meth:`CardQueries.card`, a :class:`bot.store.passages.RecordCache`):
#: the cards answers name again and again (a card with its faces is two queries, 60–150 µs on the loop, against
#: ≈ 1 µs from memory); ≈ 1–2 KiB each, so ≈ 2 MiB when full.
CARD_CACHE = 1024
_CARD_CACHE_KEY = "card records"


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


#: Every name a card is found by, in store order: card id, card name, name, kind (the build prepares the name
#: index from these rows, :mod:`bot.importer.names`).
NAME_ENTRIES_SQL = (
    "SELECT id, name, name, 'name' FROM cards "
    "UNION ALL SELECT f.card_id, c.name, f.name, 'face' FROM card_faces f "
    "JOIN cards c ON c.id = f.card_id WHERE c.is_split = 1 "
    "UNION ALL SELECT a.card_id, c.name, a.alias, a.kind FROM card_aliases a "
    "JOIN cards c ON c.id = a.card_id WHERE a.kind != 'face'"
)


@dataclass(frozen=True)
class ImportCount:
    """How many entries of one ``kind`` (``card``, ``ruling``, ``cr_rule`` …) the build took from ``file``."""

    file: str
    kind: str
    count: int


class CardQueries(StoreBase):
    """Queries about cards, names and documents."""

    async def name_entries(self) -> list[NameEntry]:
        """Every name a card is found by: card names, face names of split cards, aliases."""
        rows = await self.fetchall(NAME_ENTRIES_SQL)
        return [NameEntry(*r) for r in rows]

    async def has_english_names(self) -> bool:
        """True when cards are found by English names too (aliases of kind ``english``: only a store built with
        card files, ``build --cards``; the documents name their cards in German)."""
        return await self.fetchone("SELECT 1 FROM card_aliases WHERE kind = 'english' LIMIT 1") is not None

    async def card_image_url(self, card_id: int) -> str | None:
        """The picture of card ``card_id`` as the anchors link it (:func:`bot.model.card_image_url`: Gatherer by
        the German printing's multiverse id, else Scryfall by the Scryfall id); None for an unknown card and for
        a card the build's card files (``--cards``) named no picture of, e.g. every card without card files."""
        row = await self.fetchone("SELECT multiverse_id, scryfall_id FROM cards WHERE id = ?", (card_id,))
        return card_image_url(row[0], row[1]) if row is not None else None

    def card_cache(self) -> RecordCache[CardRecord]:
        """This store's cache of card records (made at the first call; emptied when the store is closed)."""
        cache = self._memo.get(_CARD_CACHE_KEY)
        if cache is None:
            cache = self._memo[_CARD_CACHE_KEY] = RecordCache[CardRecord](CARD_CACHE)
        return cache

    async def card(self, card_id: int) -> CardRecord | None:
        """The card with ``card_id`` and its faces, or None. A card read before comes from the store's
        :meth:`card_cache` (the records are frozen: answers share them)."""
        cache = self.card_cache()
        kept = cache.get(card_id)
        if kept is not None:
            return kept
        record = await self._read_card(card_id)
        if record is not None:
            cache.put(record)
        return record

    async def _read_card(self, card_id: int) -> CardRecord | None:
        """The card with ``card_id`` and its faces as the store holds them, or None."""
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
            document=document_from_row(row),
            faces=tuple(FaceRecord(*f) for f in faces),
        )

    async def split_cards_with_list_rulings(self) -> list[int]:
        """Ids of the split cards that have rulings in a dated rulings list (document kind ``rulings_list``,
        002/004), ascending."""
        rows = await self.fetchall(
            "SELECT DISTINCT c.id FROM cards c JOIN rulings r ON r.card_id = c.id "
            "JOIN documents d ON d.id = r.document_id WHERE c.is_split = 1 AND d.kind = 'rulings_list' ORDER BY c.id"
        )
        return [card_id for (card_id,) in rows]

    async def cards_printing(self, phrase: str) -> list[tuple[int, str, str]]:
        """(card id, name, rules text) of every card whose rules text or one of whose faces' texts prints
        ``phrase`` (exactly, case kept), ordered by name; the text is the card's and its faces' joined by new lines.
        One query over the card texts: callers keep the result (:meth:`memo`), it is no per-keystroke work."""
        rows = await self.fetchall(
            "SELECT c.id, c.name, c.text || coalesce(char(10) || (SELECT group_concat(f.text, char(10)) "
            "FROM card_faces f WHERE f.card_id = c.id), '') AS t FROM cards c WHERE instr(t, ?) > 0 ORDER BY c.name",
            (phrase,),
        )
        return [(card_id, name, text) for card_id, name, text in rows]

    async def documents(self) -> list[DocumentRecord]:
        """All documents in store order."""
        rows = await self.fetchall("SELECT * FROM document_rows ORDER BY d_id")
        return [document_from_row(r) for r in rows]

    async def import_counts(self) -> list[ImportCount]:
        """What the build imported, per source file and kind (table ``import_counts``), by file and kind."""
        rows = await self.fetchall("SELECT file, kind, count FROM import_counts ORDER BY file, kind")
        return [ImportCount(*r) for r in rows]
