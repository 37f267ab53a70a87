"""Each passage scored by the statistics of its own collection, on a store built with the official rules.

The question ranking (:mod:`bot.ranking`) weighs words by how rare they are: FTS5's ``bm25()`` by the rows of its
index holding each term and their average length, the ``coverage`` and ``concepts`` features by ``log(N / df)``. On a
store with the official rules (``build --cr``: 3 294 rules and 730 glossary entries beside the documents' 1 642
passages) those counts were the whole store's, so the English text changed every document passage's score and
reordered one card's rulings on questions no official rule answers (docs/ranking.md, ¹²⁵). Here:

* a document's passage is scored as on the store of the documents alone: bm25 in the documents' own index
  (:data:`bot.store.split.DOCUMENTS_INDEX`), the features by the documents' counts (the whole store's less the
  official passages' own, :meth:`bot.store.Store.official_counts`);
* an official passage keeps the bm25 it has in the whole index, brought onto the same scale: its share of the best
  candidate's bm25 there (what the ranking's base part is, :attr:`bot.weights.Weights.scale` times that share) is
  kept, relative to the best document passage's score; its features by the official passages' own counts;
* the later stages that read only the first hits (``sentence``, ``phrase``, ``action``, ``clause``) read as many
  document passages as on the documents' store, the official ones among them besides (:func:`window`).

A store without official passages or built before the documents' index reads the whole index and counts as before
(:func:`statistics` gives no :class:`Collection` of the official passages).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from bot.analysed import Analysis
from bot.question_words import QuestionWords
from bot.stage_window import window
from bot.store import Store
from bot.store.split import DOCUMENTS_INDEX, OFFICIAL_KINDS, PASSAGES_INDEX
from bot.weights import Weights

__all__ = ["OFFICIAL_KINDS", "Collection", "Statistics", "index_candidates", "index_scores", "statistics", "window"]


@dataclass(frozen=True)
class Collection:
    """What the features weigh one collection's passages by: ``term_idf`` (``log((N + 1) / df)`` of each analysed
    term its passages carry), ``concept_idf`` (of each concept id mentioned at most ``common`` of ``N`` times: see
    :attr:`bot.weights.Weights.common`) and ``unknown`` (``log(N + 1)``: a term none of them carries)."""

    term_idf: Mapping[str, float]
    concept_idf: Mapping[str, float]
    unknown: float

    @classmethod
    def of(cls, terms: Mapping[str, int], concepts: Mapping[str, int], total: int, common: float) -> Collection:
        """The collection of ``total`` passages with these term and concept counts (``common``: a share of N)."""
        most = max(1, int(total * common))
        return cls({t: math.log((total + 1) / n) for t, n in terms.items()},
                   {c: math.log((total + 1) / n) for c, n in concepts.items() if n <= most}, math.log(total + 1))

    def words(self, analysis: Analysis, unheld: float, typo: float, asking: frozenset[str]) -> QuestionWords:
        """The question's words weighed by this collection (:meth:`bot.question_words.QuestionWords.of`; ``unheld``
        and ``typo`` as :meth:`bot.ranking.Ranker.question_words` gives them)."""
        return QuestionWords.of(analysis, self.term_idf, self.unknown * unheld, typo, asking)


@dataclass(frozen=True)
class Statistics:
    """A store's counts for the ranker: ``concepts``, ``terms`` and ``total`` of the documents' passages (the whole
    store's when it has no official ones), ``official`` (None then) and ``term_weights``: ``log((N + 1) / df)`` of
    the whole store's terms when they differ from the documents' (what the answers read as a word's weight,
    :attr:`bot.ranking.Ranker.term_weights`), else None."""

    concepts: dict[str, int]
    terms: dict[str, int]
    total: int
    official: Collection | None = None
    term_weights: dict[str, float] | None = None


async def statistics(store: Store, common: float) -> Statistics:
    """The :class:`Statistics` of ``store`` (``common``: :attr:`bot.weights.Weights.common`)."""
    concepts, terms, total = await store.concept_counts(), await store.term_counts(), await store.passage_count()
    official = await store.official_counts()
    if official is None:
        return Statistics(concepts, terms, total)
    weights = {t: math.log((total + 1) / n) for t, n in terms.items()}
    own = Collection.of(official.terms, official.concepts, official.passages, common)
    return Statistics(_less(concepts, official.concepts), _less(terms, official.terms), total - official.passages,
                      own, weights)


def _less(counts: Mapping[str, int], part: Mapping[str, int]) -> dict[str, int]:
    """``counts`` less ``part`` (each name's count, those left at 0 dropped)."""
    return {name: n - part.get(name, 0) for name, n in counts.items() if n > part.get(name, 0)}


async def index_candidates(store: Store, match: str, w: Weights, split: bool) -> list[tuple[int, float]]:
    """``(passage id, -bm25)`` of the first :attr:`bot.weights.Weights.candidates` passages matching ``match``, best
    first, bm25 with ``w``'s column weights (as :meth:`bot.store.Store.passage_candidates`). With ``split`` (a store
    with the documents' own index): as many of the documents' index and the official passages among as many of the
    whole index, each of these times the best document score over the best score of the whole index (its share of
    the best kept); with no document passage matching, the whole index's scores."""
    columns = (w.names, w.terms, w.raw)
    if not split:
        return await store.passage_candidates(match, w.candidates, columns)
    documents = await store.passage_candidates(match, w.candidates, columns, DOCUMENTS_INDEX)
    whole = await store.passage_candidates(match, w.candidates, columns, PASSAGES_INDEX)
    official = await store.official_ids([pid for pid, _ in whole])
    if not official:
        return documents
    factor = documents[0][1] / whole[0][1] if documents and whole[0][1] > 0 else 1.0
    found = documents + [(pid, score * factor) for pid, score in whole if pid in official]
    return sorted(found, key=lambda hit: (-hit[1], hit[0]))


async def index_scores(store: Store, match: str, ids: list[int], w: Weights, split: bool) -> dict[int, float]:
    """:meth:`bot.store.Store.passage_scores` (``w``'s column weights) of the document passages ``ids`` (a named
    card's, its section's), in the documents' own index with ``split``."""
    index = DOCUMENTS_INDEX if split else PASSAGES_INDEX
    return await store.passage_scores(match, ids, (w.names, w.terms, w.raw), index)
