"""The ``phrase`` stage of the ranking (:mod:`bot.ranking`): word order the question shares with a passage.

The features before it read a passage's words as a set, so two rulings of one card (or two passages of one mechanics
section) that hold the same words of the question tie on all of them, and bm25, which favours the shorter one,
decides. What a reader sees between them is the question's wording: 000 prints „… falls du die Fehde nicht
gewinnst“ for „passiert irgendwas wenn ich die fehde nicht gewinne“, 004 „… durch den bzw. die sie provoziert wurde“
for „… den spieler angreifen der sie provoziert hat“, 001 „Es ist unerheblich, ob {B} für das {X} ausgegeben wurde“
for „reicht es wenn ich das B für das X bezahle“. Those are pairs of neighbouring words, function words included
(„nicht“, „sie“, „für“), which the analysis drops as stop words.

A *pair* is two neighbouring tokens of the text (:func:`bot.words.tokens`: folded, a mana symbol ``{X}`` as ``mx``),
each read as its Snowball stem (:func:`bot.words.snowball`), kept unless both are stop words
(:data:`bot.analysis.STOP_WORDS`: „in der“ says nothing). The stage gives each of the first
:attr:`bot.ranking.Weights.phrases` hits ``weight`` times the share of the question's pairs the passage's text holds
anywhere (docs/ranking.md, the phrase stage).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from bot.analysis import STOP_WORDS
from bot.store import PassageRecord
from bot.words import snowball, tokens

#: A pair of neighbouring word stems (first, second).
Pair = tuple[str, str]


def pairs(text: str, limit: int | None = None) -> frozenset[Pair]:
    """The pairs of neighbouring tokens of ``text`` (its first ``limit`` tokens when given), each token as its
    Snowball stem, without the pairs of two stop words: ``"die Fehde nicht gewinnst"`` → ``{("die", "fehd"), ("fehd",
    "nicht"), ("nicht", "gewinn")}``. Never raises."""
    words = tokens(text)[:limit]
    stems = [snowball(t) for t in words]
    stop = [t in STOP_WORDS for t in words]
    return frozenset((stems[i], stems[i + 1]) for i in range(len(words) - 1) if not (stop[i] and stop[i + 1]))


class _Hit(Protocol):
    """What the phrase stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


def phrase_stage(top: Sequence[_Hit], asked: frozenset[Pair], weight: float,
                 passage_pairs: Callable[[PassageRecord], frozenset[Pair]]) -> None:
    """The ``phrase`` stage on ``top`` (the first hits, in place): each gets ``weight`` times the share of ``asked``
    (the question's :func:`pairs`) that ``passage_pairs`` of its passage holds, added to ``score`` and set as
    ``parts["phrase"]`` (0 to ``weight``). Nothing for a question without pairs."""
    if not asked:
        return
    for h in top:
        h.parts["phrase"] = weight * len(asked & passage_pairs(h.passage)) / len(asked)
        h.score += h.parts["phrase"]


__all__ = ["Pair", "pairs", "phrase_stage"]
