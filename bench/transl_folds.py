"""The ``transl`` part cross-fitted (bot/translation.py, docs/ranking.md ⁶³): each question's translation table is
learned from the other tuning questions' (question, gold passage) pairs only, never its own nor those ranked beside
it out of fold — as ``bench/prior_folds.py`` cross-fits the ``prior`` part.

For a CV fold the counts are made from the training questions' pairs; a question of the fold reads them as they are,
a training question without its own pair (:meth:`bot.translation.Counts.table`'s ``without``), so a weight chosen on
the training questions is chosen on values made as the fold's own are. With no fold (``bench/refit.py``), each
question's table comes from all the other pairs.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from prior_folds import CrossFit, cross_fit
from question_cv import folds

from bot.prior import HOW
from bot.ranking import Candidates, Ranker
from bot.store import Store
from bot.translation import (
    FLOOR,
    ITERATIONS,
    KEEP,
    LEAST,
    NULL,
    SHRINK,
    Counts,
    Pair,
    QuestionAnalyser,
    gold_terms,
    model1,
    question_terms,
    shares,
)

if TYPE_CHECKING:  # bench_questions imports this module's importers
    from bench_questions import Question


#: The shipped table's setting (bot/translation.py's ``EM``: IBM Model 1 with NULL 100; docs/ranking.md ⁶⁶), the
#: benches' default ``--transl``.
SHIPPED = "em=1,null=100"


def options(text: str) -> dict[str, float]:
    """The table's options from ``--transl``'s ``keep=10,least=2,shrink=2,stage=0`` (any left out: the module's
    default; ``stage=1``: the values added to the ``prior`` values the ``earlier`` stage swaps siblings by, the
    ``transl`` part left empty)."""
    out: dict[str, float] = {"keep": KEEP, "least": LEAST, "shrink": SHRINK, "stage": 0, "em": 0,
                             "iter": ITERATIONS, "null": NULL, "smooth": 0.0, "floor": FLOOR, "dir": 0, "src": 0,
                             "inner": 5}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in out:
            raise ValueError(f"unknown option of the translation table: {name!r}")
        out[name] = float(value)
    return out


class TranslFit:
    """``inner``'s candidates (the ``prior`` part cross-fitted) with the ``transl`` part cross-fitted too
    (:meth:`fold`); ``pairs`` None: as ``inner`` gives them (the part off)."""

    def __init__(self, r: Ranker, inner: CrossFit, pairs: Sequence[Pair] | None, settings: dict[str, float]) -> None:
        self.inner, self.cands, self.pairs, self.settings = inner, inner.cands, pairs, settings
        self.words = [r.question_words(c.analysis) for c in inner.cands] if pairs is not None else []
        self._cache: dict[frozenset[int], list[Mapping[str, tuple[tuple[str, float], ...]]]] = {}

    def fold(self, held: Collection[int]) -> Sequence[Candidates]:
        """The candidates of ``inner.fold(held)`` with each question's ``transl`` part from the pairs of the
        questions not in ``held`` and, for a question not in ``held``, not its own."""
        cands = self.inner.fold(held)
        if self.pairs is None:
            return cands
        held = set(held)
        keep, least, shrink = int(self.settings["keep"]), int(self.settings["least"]), self.settings["shrink"]
        tables = self._em_tables(held) if self.settings["em"] else None
        counts = Counts(p for i, p in enumerate(self.pairs) if i not in held and p.gold) if tables is None else None
        out = []
        for i, c in enumerate(cands):
            pair = self.pairs[i]
            own = None if i in held or not pair.gold else pair
            if tables is not None:
                table = tables[i]
            else:
                table = counts.table(question_terms(pair.words), own, shrink=shrink, least=least, keep=keep)
            values = shares(self.words[i], table, c.records) if c.analysis.terms else {}
            if self.settings["stage"]:  # the earlier stage reads them beside the earlier questions' shares
                prior = {pid: c.prior.get(pid, 0.0) + values.get(pid, 0.0) for pid in {*c.prior, *values}}
                out.append(replace(c, prior=prior))
            else:
                out.append(replace(c, transl=values))
        return out

    def _em_tables(self, held: set[int]) -> list[Mapping[str, tuple[tuple[str, float], ...]]]:
        """Per question, the IBM Model 1 table (:func:`bot.translation.model1`) of the pairs it may see: a question
        of ``held`` the table of the other questions' pairs; a training question the table of the training pairs
        less its inner fold's (an inner cross-fit of ``inner`` folds: EM has no exact leave-one-out). Cached by
        ``held``."""
        key = frozenset(held)
        if key in self._cache:
            return self._cache[key]
        s = self.settings
        options = {"iterations": int(s["iter"]), "null": s["null"], "smooth": s["smooth"], "floor": s["floor"],
                   "keep": int(s["keep"]), "least": int(s["least"]), "direction": ("qg", "gq", "both")[int(s["dir"])],
                   "sources": ("all", "unheld")[int(s["src"])]}
        assert self.pairs is not None
        train = [i for i in range(len(self.pairs)) if i not in held and self.pairs[i].gold]
        outer = model1((self.pairs[i] for i in train), **options) if held else {}
        tables: list[Mapping[str, tuple[tuple[str, float], ...]]] = [outer] * len(self.pairs)
        inner = int(s["inner"])
        for g in range(inner):
            out = {i for n, i in enumerate(train) if n % inner == g}
            table = model1((self.pairs[i] for i in train if i not in out), **options)
            for i in out:
                tables[i] = table
        self._cache[key] = tables
        return tables


async def transl_fit(r: Ranker, store: Store, inner: CrossFit, questions: Sequence[Question], how: str,
                     analyser: QuestionAnalyser | None = None) -> TranslFit:
    """The :class:`TranslFit` of ``questions`` for the benches' ``--transl`` option: ``none`` leaves the part off,
    else the table's options (:func:`options`; ``on`` for the defaults). The pairs' question words are each
    question's analysis as ranked, or by ``analyser`` when given (bench/held_reading.py)."""
    if how == "none":
        return TranslFit(r, inner, None, {})
    terms = await gold_terms(store, {k for q in questions for k in q.gold})  # as the bot reads them
    pairs = []
    for q, c in zip(questions, inner.cands, strict=True):
        a = c.analysis if analyser is None else analyser.analyse(q.text, question=True)
        words = tuple(a.groups or [(t,) for t in a.terms])
        pairs.append(Pair(q.id, words, frozenset().union(*(terms.get(k, frozenset()) for k in q.gold))))
    return TranslFit(r, inner, pairs, options("" if how == "on" else how))


async def cross_fitted(r: Ranker, store: Store, cands: Sequence[Candidates], questions: Sequence[Question],
                       prior: str = HOW, transl: str = SHIPPED) -> TranslFit:
    """``cands`` (the candidates of ``questions``, in order) with both parts learned from the tuning questions
    cross-fitted as the shipped weights are made and measured (bench/refit.py, bench/weight_methods.py): the
    ``prior`` part (:func:`prior_folds.cross_fit`, ``prior`` its ``--prior``) and the ``transl`` part
    (:func:`transl_fit`, ``transl`` its ``--transl``; default the shipped table, ``none`` the part off). Every bench
    that ranks the tuning questions out of fold reads its candidates from the result's :meth:`TranslFit.fold` (by
    :func:`out_of_fold`), so a question's own pair never enters its table."""
    return await transl_fit(r, store, cross_fit(r, cands, questions, prior), questions, transl)


class Folded(Protocol):
    """What :func:`out_of_fold` reads: the candidates (their count) and those of a fold (:meth:`TranslFit.fold`)."""

    cands: Sequence[Candidates]

    def fold(self, held: Collection[int]) -> Sequence[Candidates]: ...


def out_of_fold(fit: Folded, k: int, parts: Sequence[str]
                ) -> Iterator[tuple[list[int], list[int], Sequence[Candidates]]]:
    """The K-fold CV of the benches (:func:`question_cv.folds`, stratified by ``parts``, one label per question):
    per fold its questions, the training questions (every other question) and the candidates of ``fit.fold(fold)``,
    in which a fold's question reads the ``prior`` and ``transl`` parts of the training questions only and a training
    question never its own (bench/prior_folds.py, :class:`TranslFit`)."""
    for fold in folds(len(fit.cands), k, strata=parts):
        held = set(fold)
        yield fold, [i for i in range(len(fit.cands)) if i not in held], fit.fold(fold)


__all__ = ["SHIPPED", "Folded", "TranslFit", "cross_fitted", "options", "out_of_fold", "transl_fit"]
