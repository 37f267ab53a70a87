"""The first hits a later stage of the question ranking reads (:mod:`bot.ranking`), on any store.

The stages after the first read only the first hits: ``sentence`` the first :attr:`bot.weights.Weights.siblings`,
``phrase``, ``action`` and ``clause`` the first :attr:`bot.weights.Weights.phrases`, and the stages that only swap
siblings (``answered``, ``earlier``, ``logic``, ``asks``) the first :data:`bot.answered.TOP`. On a store built with the
official rules (``build --cr``) an official rule or glossary entry (:data:`bot.store.split.OFFICIAL_KINDS`) among
them would push a document's passage out, so a card's ruling lost the sibling it is weighed against (docs/ranking.md
¹²⁸). :func:`window` therefore holds as many document passages as the documents' store's stage reads, the official
ones ranked among them besides; and the document passages it holds are those of the documents' store: a German
version that took an official rule's place and score in ``/frage``'s early trade
(:func:`bot.german_first.official_below_german`, its ``german`` part) counts by its own score, as the official rule
whose place it holds would not have counted (docs/ranking.md ¹⁵⁰). On the documents' store (no official passage, no
trade before the last stage) it is simply the first ``size``.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from bot.store import PassageRecord
from bot.store.split import OFFICIAL_KINDS


class _Hit(Protocol):
    """What :func:`window` reads of a :class:`bot.candidates.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


H = TypeVar("H", bound=_Hit)


def window(hits: list[H], size: int) -> list[H]:
    """The first ``hits`` (best first) that hold the ``size`` document passages the documents' store's stage would
    read and whatever is ranked among them: official passages, and a German version the early trade lifted (module
    doc). A document passage counts by its score less its ``german`` part (its score on the documents' store), ties
    by passage id as the hits are sorted; with no such part, the first ``size`` that are no official passage. A new
    list (a prefix of ``hits``; all of them when fewer document passages are ranked); pure; no errors.

    On the documents' store simply ``hits[:size]``."""
    if not any("german" in h.parts for h in hits):
        seen = 0
        for end, hit in enumerate(hits):
            if hit.passage.kind not in OFFICIAL_KINDS:
                seen += 1
                if seen > size:
                    return hits[:end]
        return hits[:]  # a copy, as a slice of the first ``size`` always was
    own = sorted((n for n, h in enumerate(hits) if h.passage.kind not in OFFICIAL_KINDS),
                 key=lambda n: (-(hits[n].score - hits[n].parts.get("german", 0.0)), hits[n].passage.id))
    if len(own) <= size:
        return hits[:]
    return hits[:max(own[:size]) + 1]


__all__ = ["window"]
