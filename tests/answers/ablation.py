"""A ranking feature switched off for one question: what ``/frage`` ranks first with and without it (the tests of a
feature show the document's passage it brings first, and the one that led before)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.answers import AnswerContext
from bot.ranking import FEATURES, Hit, Ranker, ranker


@dataclass
class Ablation:
    """The store's ranker, the question's hits with every feature (best first) and the key of the first hit
    without ``feature``."""

    ranker: Ranker
    hits: list[Hit]
    first_without: str

    def hit(self, key: str) -> Hit:
        """The hit of the passage ``key`` (StopIteration when it is not among the hits)."""
        return next(h for h in self.hits if h.passage.key == key)


async def ablation(ctx: AnswerContext, question: str, feature: str, limit: int = 10) -> Ablation:
    """:class:`Ablation` of ``question`` for ``feature`` (a name of :data:`bot.ranking.FEATURES`)."""
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=limit)
    without = r.variant(features=tuple(f for f in FEATURES if f != feature))
    first = (await without.search(ctx.store, question, ctx.names, limit=1)).hits[0].passage.key
    return Ablation(r, found.hits, first)


__all__ = ["Ablation", "ablation"]
