"""Whether an autocomplete may offer a search of its own (``Suche: …``): only a search that can lead somewhere.

``/regel suche``'s autocomplete offered „Suche: **“ and „Suche: 00“, whose answers are „Nichts gefunden“: no passage
holds anything of them. A text with a letter is a word being typed (the search also reads its beginning, slips and
players' words: „tram“ finds Trampelschaden), so it is offered; a text of digits and signs only is offered when a
passage holds one of its analysed terms (``0`` and ``5/2`` are printed in the documents; ``00``, ``9999``, ``**``
and ``..`` are not), as the answer's full-text search would meet it.
"""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.ranking import ranker


async def searchable(ctx: AnswerContext, typed: str) -> bool:
    """True when a search of ``typed`` (cleaned, not empty) can find a passage: it holds a letter, or one of its
    analysed terms (the ranking's analyser of the store) is held by a passage (:attr:`bot.ranking.Ranker.term_weights`:
    every term a passage holds). False for ``"**"``, ``"00"``."""
    if any(ch.isalpha() for ch in typed):
        return True
    r = await ranker(ctx.store)
    return any(term in r.term_weights for term in r.analyser.analyse(typed).terms)


__all__ = ["searchable"]
