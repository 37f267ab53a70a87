"""What the questions asked before teach the ranking (:mod:`bot.ranking`), read once per store: the ``prior`` part and
the ``earlier`` stage (:mod:`bot.prior`: the earlier questions answered by a passage) and the ``transl`` part
(:mod:`bot.translation`: players' words learned from those questions and their gold passages). Each is read only
when a weight reads it: start-up reads nothing for a part that is off."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from bot.analysed import Analysis
from bot.analysis import Analyser, Options
from bot.prior import PriorIndex, prior_index
from bot.question_words import QuestionWords
from bot.store import PassageRecord, Store
from bot.terms import analyser
from bot.translation import QuestionAnalyser, Translations, translations
from bot.weights import Weights


class Ranker(Protocol):
    """What these functions read of a :class:`bot.ranking.Ranker` (which imports this module)."""

    weights: Weights
    features: frozenset[str]
    prior: PriorIndex | None
    translations: Translations | None

    def question_words(self, analysis: Analysis) -> QuestionWords: ...


class QuestionAnalyses:
    """An analyser that analyses each earlier question once for its ``readers`` (0–2): :class:`bot.prior.PriorIndex`
    and :class:`bot.translation.Translations` each read the same 1 096 questions once (``question=True``, ≈ 0.3 ms
    each), so a second analysis doubled that part of the warm-up. A question's analysis is kept until every reader
    has read it, then dropped (a text read again later is analysed again: right, only slower). Other texts are
    analysed as always."""

    def __init__(self, analyser: QuestionAnalyser, readers: int) -> None:
        self._analyser = analyser
        self.readers = readers  # set again by :func:`load_learned` once it knows who reads the questions
        self._kept: dict[str, tuple[Analysis, int]] = {}

    def analyse(self, text: str, *, question: bool = False) -> Analysis:
        """:meth:`bot.analysis.Analyser.analyse` of ``text``; a question's analysis shared by the readers."""
        if not question or self.readers < 2:
            return self._analyser.analyse(text, question=question)
        analysis, read = self._kept.pop(text, None) or (self._analyser.analyse(text, question=True), 0)
        if read + 1 < self.readers:
            self._kept[text] = (analysis, read + 1)
        return analysis


async def store_analyser(store: Store, options: Options | None = None) -> Analyser:
    """The analyser of ``store``'s questions: :func:`bot.terms.analyser` of its passages' vocabulary and the words
    only their English text prints, with ``options`` (the defaults for None); what the ranker (:mod:`bot.ranking`)
    analyses with, and the build's translation table (:mod:`bot.importer.transl_table`) the earlier questions, so
    both read them alike."""
    words, lemmas = await store.passage_vocabulary()
    return analyser(words, lemmas, options, english=await store.english_words())


async def load_learned(store: Store, analyser: QuestionAnalyser, w: Weights, *, stored: bool = True
                       ) -> tuple[PriorIndex | None, Translations | None]:
    """The earlier questions' index (``prior``/``earlier`` weights on) and the translations (``transl`` on) of
    ``store``, both reading the questions through one :class:`QuestionAnalyses`; None for one whose weights are off
    or whose file is missing (logged). ``stored``: the table the build stored is read when it fits
    (:func:`bot.translation.translations`), not learned; then only the index reads the questions."""
    shared = QuestionAnalyses(analyser, 0)
    prior = await prior_index(store, shared) if w.prior or w.earlier else None
    found = await translations(store, shared, stored=stored) if w.transl else None
    # the readers that will analyse the questions: nothing is analysed before the warm-up or the first question
    shared.readers = (prior is not None) + (found is not None and not found.stored)
    return prior, found


def learned_shares(r: Ranker, analysis: Analysis, records: Mapping[int, PassageRecord]) -> dict[str, dict[int, float]]:
    """The ``prior`` part's and stage's values (:meth:`bot.prior.PriorIndex.shares`) and the ``transl`` part's
    (:meth:`bot.translation.Translations.shares`) of ``records`` for the question ``analysis``, as fields of
    :class:`bot.candidates.Candidates`; each left out (empty) without its data or weight, or without the ``prior``
    feature."""
    w = r.weights
    if "prior" not in r.features or not analysis.terms:
        return {}
    words = r.question_words(analysis)
    out = {}
    if r.prior is not None and (w.prior or w.earlier):
        out["prior"] = r.prior.shares(words, records)
    if r.translations is not None and w.transl:
        out["transl"] = r.translations.shares(words, records)
    return out


def warm_learned(r: Ranker) -> None:
    """Analyse the earlier questions (≈ 0.2 s) and learn the translations now when a weight reads them and the store
    holds no table for them (the start-up and store-swap warm-ups), not at the first question."""
    if r.prior is not None and (r.weights.prior or r.weights.earlier):
        r.prior.by_key  # noqa: B018 - built at its first read, kept with the index
    if r.translations is not None and r.weights.transl:
        r.translations.table  # noqa: B018 - learned at its first read (unless stored), kept with the translations


__all__ = ["QuestionAnalyses", "learned_shares", "load_learned", "store_analyser", "warm_learned"]
