"""The documents' own full-text index and the official passages' own counts, on a store built with the official rules
(``build --cr``): what lets the question search score each passage by the statistics of its own collection
(:mod:`bot.own_statistics`). Written by :mod:`bot.importer.documents_index`; a store without official passages (the
documents' store) and a store built before have neither, and the search reads the whole index as before."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.base import StoreBase

#: The kinds of the official (English) rules' passages: a rule of the Comprehensive Rules and a glossary entry.
OFFICIAL_KINDS = frozenset({"cr_rule", "glossary"})
#: The full-text index of the whole store (``data/schema.sql``) and that of the documents' passages alone (every kind
#: but :data:`OFFICIAL_KINDS`; only on a store with official passages).
PASSAGES_INDEX, DOCUMENTS_INDEX = "passages_fts", "documents_fts"
#: ``meta`` key of the number of official passages, written with :data:`DOCUMENTS_INDEX` and the counts below.
OFFICIAL_META = "official_passages"
#: ``passage_counts`` kinds of the official passages' own counts (as kinds ``term`` and ``concept`` count all).
OFFICIAL_TERM, OFFICIAL_CONCEPT = "official_term", "official_concept"


@dataclass(frozen=True)
class OfficialCounts:
    """The official passages' own statistics: how many there are (``passages``), and per analysed term and per
    concept id how many of them carry it (terms each passage once, concepts per mention, as ``passage_counts``)."""

    passages: int
    terms: dict[str, int]
    concepts: dict[str, int]


class SplitQueries(StoreBase):
    """Queries of the documents' own index and the official passages' counts."""

    async def official_counts(self) -> OfficialCounts | None:
        """:class:`OfficialCounts` of this store; None when it has no :data:`DOCUMENTS_INDEX` (no official passages,
        or built before the index was written)."""
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (OFFICIAL_META,))
        if row is None or not int(row[0]):
            return None
        rows = await self.fetchall("SELECT kind, name, passages FROM passage_counts WHERE kind IN (?, ?)",
                                   (OFFICIAL_TERM, OFFICIAL_CONCEPT))
        terms = {name: int(n) for kind, name, n in rows if kind == OFFICIAL_TERM}
        return OfficialCounts(int(row[0]), terms, {name: int(n) for kind, name, n in rows if kind == OFFICIAL_CONCEPT})

    async def official_ids(self, ids: Sequence[int]) -> frozenset[int]:
        """Those of the passages ``ids`` (at most the first 500) whose kind is one of :data:`OFFICIAL_KINDS`."""
        wanted = list(dict.fromkeys(ids))[:500]
        if not wanted:
            return frozenset()
        marks, kinds = ",".join("?" * len(wanted)), ",".join("?" * len(OFFICIAL_KINDS))
        rows = await self.fetch_search(f"SELECT id FROM passages WHERE id IN ({marks}) AND kind IN ({kinds})",  # noqa: S608
                                       (*wanted, *sorted(OFFICIAL_KINDS)), by_key=True)
        return frozenset(int(r[0]) for r in rows)
