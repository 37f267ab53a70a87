"""What :class:`bot.ranking.Ranker` scores for one question (:class:`Candidates`), gathered once by
:meth:`bot.ranking.Ranker.candidates` and ranked with any weights by :meth:`bot.ranking.Ranker.rank`, and what it
gives back (:class:`Hit`, :class:`Ranked`; both also importable from :mod:`bot.ranking`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.analysis import Analysis
from bot.clauses import RoleWords
from bot.phrases import Pair
from bot.question_mentions import Mention
from bot.store import PassageRecord


@dataclass
class Candidates:
    """What :meth:`Ranker.rank` scores: the question's analysis, the cards it names, ``-bm25`` of each passage the
    full-text query found (passage id → score), every candidate passage (id → record), the mechanics sections the
    named cards are printed in, and what a definition question asks about (terms; empty for other questions)."""

    analysis: Analysis
    cards: list[int]
    base: dict[int, float]
    records: dict[int, PassageRecord]
    sections: frozenset[int] = frozenset()
    defined: tuple[str, ...] = ()
    english: bool = False
    #: A candidate defines a term the question names (then no term row stands in for it).
    defining: bool = False
    #: Indices into :data:`bot.stopwords.ANSWER_CUES` of the answer types the question asks for.
    cues: tuple[int, ...] = ()
    #: The question's pairs of neighbouring words (:func:`bot.phrases.pairs`) for the phrase stage.
    asked: frozenset[Pair] = frozenset()
    #: The concepts of the named cards' kind (a split card: „geteilte Karte“), the terms of their names, and the
    #: card whose rulings a passage on that kind joins in the sentence stage (the first split card named).
    kinds: frozenset[str] = frozenset()
    card_words: frozenset[str] = frozenset()
    kin_card: int | None = None
    action: frozenset[str] = frozenset()
    #: The question's words by the role of their clause (condition or asked) for the clause stage.
    roles: RoleWords = field(default_factory=RoleWords)
    #: The card named by a name not its own (a split card's half, a name its rulings print; ``cards`` holds it).
    mention: Mention | None = None
    #: The question names no card and speaks of any object or player (:func:`bot.generality.asks_generally`).
    general: bool = False
    #: Ids of the candidates stating a case whose question words a rule among them holds too (bot/restated.py).
    restated: frozenset[int] = frozenset()
    #: Passage id → the share of the question's word weight an earlier question answered by it holds (bot/prior.py).
    prior: dict[int, float] = field(default_factory=dict)
    #: Passage id → the share of the question's word weight it meets through players' words learned from earlier
    #: questions and their answers (bot/translation.py), above 0 only.
    transl: dict[int, float] = field(default_factory=dict)
    #: The classes of :data:`bot.logic_words.LOGIC` the question asks (absence, anyway, alike) for the logic stage.
    logic: frozenset[str] = frozenset()
    #: The kinds of :data:`bot.asked_kinds.KINDS` the question asks for (count, x, order) for the asks stage.
    asks: frozenset[str] = frozenset()


@dataclass
class Hit:
    """A ranked passage: its final score and the parts it is made of (``base`` and each feature)."""

    passage: PassageRecord
    score: float
    parts: dict[str, float] = field(default_factory=dict)


@dataclass
class Ranked:
    """The answer of :meth:`bot.ranking.Ranker.search`.

    Attributes:
        hits: best first.
        analysis: the question's analysis (terms, concepts, rule numbers, words).
        cards: ids of the cards the question names.
        clear: the first hit is clearly best (:meth:`bot.ranking.Ranker.leads`).
    """

    hits: list[Hit]
    analysis: Analysis
    cards: list[int]
    clear: bool
    #: The card named by a name not its own (:class:`bot.question_mentions.Mention`), for the answer's line.
    mention: Mention | None = None

    @property
    def truncated(self) -> bool:
        """The question was longer than the analysis reads, or had more terms than a query uses."""
        return self.analysis.truncated


__all__ = ["Candidates", "Hit", "Ranked"]
