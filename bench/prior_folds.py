"""The ``prior`` feature cross-fitted (bot/prior.py, docs/ranking.md ⁴³): each question's earlier questions are
the other tuning questions, never itself nor the questions ranked beside it out of fold.

The shipped file ``data/prior_questions.tsv`` holds every tuning question, so a question ranked with it finds
itself among the earlier questions of its gold passage and gets the feature's whole share: CV would measure a
look-up of the answers. The benches therefore rank with no file index (:func:`without_file`) and give every
question its feature from :func:`cross_fitted`: for a CV fold, the index without the fold's questions (they are
ranked with weights chosen on the others), and for every other question without itself as well (a weight chosen on
the training questions is chosen on features made as the fold's own are: from the other questions); with no fold
(``bench/refit.py``), each question's feature comes from all the others.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.prior import HOW, PriorIndex, PriorQuestion
from bot.question_words import QuestionWords
from bot.ranking import Candidates, Ranker, ranker
from bot.store import Store
from bot.translation import QuestionAnalyser, translations

if TYPE_CHECKING:  # bench_questions imports this module
    from bench_questions import Question


def without_file(r: Ranker) -> Ranker:
    """``r`` without the index of ``data/prior_questions.tsv`` (its candidates' ``prior`` empty) and without the
    translations learned from it (``transl`` empty; bench/transl_folds.py cross-fits them)."""
    out = r.variant()
    out.prior = out.translations = None
    return out


def leave_out(r: Ranker, question_id: str) -> Ranker:
    """``r`` whose index of earlier questions (the shipped file's) leaves out the question ``question_id``: a tuning
    question ranked as if it had not been asked before (bench/bench_questions.py; a held-out question is in no
    index, so nothing is left out for it, and it is ranked by ``r`` itself: a variant per question would time the
    variant's cold caches, not the bot)."""
    if r.prior is None or not r.prior.holds(question_id):
        return r
    out = r.variant()
    out.prior = r.prior.without({question_id})
    if r.translations is not None:  # nor its pair among those the translations are learned from (bot/translation.py)
        out.translations = r.translations.without(question_id)
    return out


def prepare_left_out(r: Ranker, question_id: str) -> None:
    """Learn now what :func:`leave_out` ``(r, question_id)`` ranks with: the translations without the question's
    pair (:meth:`bot.translation.Translations.prepare`, EM again, ≈ 1 s, kept with ``r``'s translations), so the
    ranking timed after it is the bot's alone."""
    left = leave_out(r, question_id)
    if left is not r and left.translations is not None:
        left.translations.prepare()


async def learning_ranker(store: Store) -> Ranker:
    """:func:`bot.ranking.ranker` of ``store`` whose translations are learned from the earlier questions' pairs
    (``stored=False``), not read from the table the build stored: :func:`leave_out` leaves a question's pair out of
    them, which a stored table cannot. The table itself is the stored one (tests/answers/test_translation.py)."""
    r = await ranker(store)
    if r.translations is not None and r.translations.stored:
        r.translations = await translations(store, r.analyser, stored=False)
    return r


def index_of(r: Ranker, questions: Sequence[Question], analyser: QuestionAnalyser | None = None) -> PriorIndex:
    """The index of ``questions`` (all of them; :func:`cross_fitted` leaves out what each question may not see),
    analysed by ``r``'s analyser as the bot analyses the file's, or by ``analyser`` (bench/held_reading.py)."""
    return PriorIndex.of(analyser or r.analyser, [PriorQuestion(q.id, q.gold, q.text) for q in questions])


class CrossFit:
    """Every question's candidates with the ``prior`` feature made from ``index`` without what the question may
    not see (:meth:`fold`); the question's words are weighed once, by ``r`` (:meth:`bot.ranking.Ranker.question_words`).
    ``index`` None: the candidates as they are (the feature off)."""

    def __init__(self, r: Ranker, index: PriorIndex | None, cands: Sequence[Candidates],
                 questions: Sequence[Question], how: str = HOW) -> None:
        self.index, self.cands, self.ids, self.how = index, cands, [q.id for q in questions], how
        self.words: list[QuestionWords] = [r.question_words(c.analysis) for c in cands] if index else []

    def fold(self, held: Collection[int]) -> Sequence[Candidates]:
        """The candidates with each question's feature from the index without the questions ``held`` (indices: a
        CV fold) and, for a question not in ``held``, without itself; ``held`` empty: each without itself."""
        if self.index is None:
            return self.cands
        out_ids = {self.ids[i] for i in held}
        out = []
        for i, c in enumerate(self.cands):
            exclude = out_ids if i in held else out_ids | {self.ids[i]}
            shares = self.index.shares(self.words[i], c.records, exclude, self.how)
            out.append(replace(c, prior=shares if c.analysis.terms else {}))
        return out


def cross_fit(r: Ranker, cands: Sequence[Candidates], questions: Sequence[Question], how: str,
              analyser: QuestionAnalyser | None = None) -> CrossFit:
    """The :class:`CrossFit` of ``questions`` for the benches' ``--prior`` option: ``how`` ``none`` leaves the
    feature off, else the way :meth:`bot.prior.PriorIndex.shares` reads the earlier questions (``best``, ``union``);
    the index's questions analysed by ``analyser`` when given (:func:`index_of`)."""
    if how == "none":
        return CrossFit(r, None, cands, questions)
    return CrossFit(r, index_of(r, questions, analyser), cands, questions, how)


__all__ = ["CrossFit", "cross_fit", "index_of", "learning_ranker", "leave_out", "prepare_left_out", "without_file"]
