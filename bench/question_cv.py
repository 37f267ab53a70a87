"""K-fold cross-validation of ``/frage``'s weights inside the tuning parts of the question set (``tuning`` and
``tuning2``; used by ``bench/bench_questions.py --cv K``; never the held-out parts).

The tuning questions are split into ``K`` folds by a fixed seed, stratified by part so every fold mixes both.
For each fold the weights of :class:`bot.ranking.Weights` named in :data:`GRID` are chosen on the other folds
(coordinate ascent on MRR from the hand-set weights, each weight over its grid values in turn, until a pass
changes nothing; :mod:`question_ascent`), and
the chosen weights are scored on the fold left out. The figures of all folds together are the CV figures: what the
choosing procedure gives on questions it did not see. The full-text candidates of each question are gathered once
(:meth:`bot.ranking.Ranker.candidates`) and re-scored with each setting (:meth:`bot.ranking.Ranker.rank`).

The hedge "no candidate is clearly best" (:attr:`bot.ranking.Weights.margin`, ``near``, ``covered``;
:meth:`bot.ranking.Ranker.leads`) is chosen the same way: the setting with the most clear answers among those whose
clear answers are right in at least :data:`CLEAR_PRECISION` of the training folds' questions; reported on the fold
left out as the share of wrong and of right first hits flagged as unclear.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from question_ascent import OBJECTIVES, Table, ascend
from question_fit import START
from question_fit import fit as fit_weights

from bot.ranking import Candidates, Ranked, Ranker, Weights

DEPTH = 10
# The fold shuffle's seed: 19 unless the environment's ``CV_SEED`` names another (the same CV dealt into other
# folds, to tell a change's gain from the gain of one dealing).
SEED = int(os.environ.get("CV_SEED", "19"))
#: Values tried per weight (the shipped value is always tried too).
GRID: dict[str, tuple[float, ...]] = {
    "card": (4.0, 6.0, 8.0, 10.0, 12.0),
    "section": (0.0, 2.0, 4.0, 6.0),
    "coverage": (1.0, 2.0, 3.0, 4.0),
    "concept": (0.1, 0.25, 0.4, 0.6),
    "definition": (0.0, 1.0, 2.0, 3.0, 4.0),
    "property": (0.0, 3.0, 6.0, 9.0),
    "foreign": (0.0, 2.0, 4.0, 6.0),
    "answer": (0.0, 0.25, 0.5, 1.0, 1.5, 2.0),
    "typo": (0.25, 0.5, 0.75, 1.0),
    "sentence": (0.0, 2.0, 3.0, 4.0),
    "phrase": (0.0, 0.5, 1.0, 2.0, 3.0),
    "unnamed": (0.0, -0.5, -1.0, -2.0, -3.0),
    "variant": (0.0, -1.0, -2.0, -3.0, -4.0),
    "form": (0.0, 0.5, 1.0, 2.0, 3.0),
    "action": (0.0, 2.0, 3.0, 4.0, 5.0, 6.0),
}
#: :data:`GRID` with each weight's range widened by a step or two at the ends where ascents stopped.
WIDE: dict[str, tuple[float, ...]] = {
    **GRID,
    "coverage": (1.0, 2.0, 3.0, 4.0, 5.0, 6.0),
    "concept": (0.4, 0.6, 0.8),
    "definition": (0.0, 1.0, 2.0, 3.0, 4.0, 6.0),
    # floors (the ascent starts within them, question_ascent.within): below 0.4 for concepts „spuk, was ist wenn die
    # bespukte kreatur das schlachtfeld verlässt“ leads with a ruling, not the section's quoted rule 502.51c; at 0
    # a German „was ist clash“ leads with 000's English half, below 2 „was ist wenn …“ misses the section's quoted
    # rule (tests/answers/test_questions.py, test_variants.py)
    "foreign": (2.0, 4.0, 6.0),
    "form": (2.0, 3.0, 4.0),
    "answer": (0.0, 0.5, 1.0, 1.5, 2.0, 3.0),
    "sentence": (0.0, 2.0, 3.0, 4.0, 5.0, 6.0),
    "phrase": (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 5.0),
    "unnamed": (0.0, -1.0, -2.0, -3.0, -4.0),
    "variant": (0.0, -1.0, -2.0, -4.0, -6.0),
    "action": (0.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0),
    # a card's ruling on its own card for a question naming no card (bot/generality.py: speaks_of_itself)
    "own": (0.0, -0.5, -1.0, -2.0, -3.0),
}
#: :data:`WIDE` with the ``clause`` stage's weight (bot/clauses.py; shipped off, docs/ranking.md ²²): measured with
#: ``bench/weight_methods.py --methods fit0.3,ascent::wideclause --set clause=2`` (the stage's start 2).
WIDE_CLAUSE: dict[str, tuple[float, ...]] = {**WIDE, "clause": (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)}
#: :data:`WIDE` with the ``answered`` stage's weight (bot/answered.py, docs/ranking.md ²⁹; ``bench/refit.py``
#: chooses it alone after the ascent over :data:`WIDE`): ``bench/weight_methods.py --methods
#: 'ascent::wide>only:answered,fit0.3>only:answered,only:answered'`` (``ascent::wideanswered --set answered=2``: the
#: weight chosen with the others).
WIDE_ANSWERED: dict[str, tuple[float, ...]] = {**WIDE, "answered": (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)}
#: The ``general`` part's weight (bot/generality.py, docs/ranking.md ³³; ``bench/refit.py`` chooses it alone after the
#: ascent over :data:`WIDE` and the answered stage's weight): ``bench/weight_methods.py --methods
#: 'ascent::wide>only:general,fit0.3>only:general'``.
WIDE_GENERAL: dict[str, tuple[float, ...]] = {**WIDE, "general": (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0)}
#: The ``prior`` part's weight (bot/prior.py, docs/ranking.md ⁴³; cross-fitted, bench/prior_folds.py;
#: ``bench/refit.py`` chooses it alone after the others): ``bench/weight_methods.py --methods
#: 'ascent:mrr:wide>only:answered>only:general>only:prior,fit0.3>only:prior'``.
WIDE_PRIOR: dict[str, tuple[float, ...]] = {**WIDE, "prior": (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)}
#: The ``earlier`` stage's weight (bot/prior.py ``prior_stage``: siblings among the first three swapped by the
#: ``prior`` values, cross-fitted; docs/ranking.md ⁴⁷): ``bench/weight_methods.py --methods
#: 'ascent:mrr:wide>only:answered>only:general>only:earlier,fit0.3>only:earlier'``.
WIDE_EARLIER: dict[str, tuple[float, ...]] = {
    **WIDE, "earlier": (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0, 32.0)}
#: The ``transl`` part's weight (bot/translation.py, docs/ranking.md ⁶³; cross-fitted, bench/transl_folds.py):
#: ``bench/weight_methods.py --transl … --methods '…>only:transl,ascent::widetransl'``.
WIDE_TRANSL: dict[str, tuple[float, ...]] = {**WIDE, "transl": (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)}
#: The logic stage's weight (bot/logic_words.py, docs/ranking.md ⁷⁷): ``bench/weight_methods.py --methods
#: '…>only:transl>only:logic'``.
WIDE_LOGIC: dict[str, tuple[float, ...]] = {**WIDE, "logic": (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)}
#: The asks stage's weight (bot/asked_kinds.py, docs/ranking.md ¹¹⁵): ``bench/weight_methods.py --methods
#: '…>only:logic>only:asks'``.
WIDE_ASKS: dict[str, tuple[float, ...]] = {**WIDE, "asks": (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)}
#: The ``current`` stage's margin (bot/current_first.py), chosen alone after the others (docs/ranking.md ¹⁰³):
#: ``bench/weight_methods.py --methods '…>only:logic>only:current'``.
WIDE_CURRENT: dict[str, tuple[float, ...]] = {**WIDE, "current": (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)}
#: The ``restated`` part's weight (bot/restated.py, docs/ranking.md ¹⁴⁸), chosen alone after the others:
#: ``bench/weight_methods.py --methods '…>only:asks>only:restated'``.
WIDE_RESTATED: dict[str, tuple[float, ...]] = {**WIDE, "restated": (0.0, -0.5, -1.0, -2.0, -3.0, -4.0, -6.0)}
#: The ``headword`` part's weight (bot/headwords.py, docs/ranking.md ¹⁵⁷), chosen alone after the others:
#: ``bench/weight_methods.py --methods '…>only:restated>only:headword'``.
WIDE_HEADWORD: dict[str, tuple[float, ...]] = {**WIDE, "headword": (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0)}
MARGINS = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0)
#: The smaller lead that suffices for a first hit holding at least ``covered`` of the question (a value equal to
#: the margin switches this path off).
NEARS = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
COVERED = (0.7, 0.8, 0.9, 1.0)
#: Clear answers must be right this often on the training folds for a margin to be chosen.
CLEAR_PRECISION = 0.96


class Gold(Protocol):
    """A question's gold passage keys (``bench_questions.Question``)."""

    @property
    def gold(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Figures:
    """hit@1, hit@3 (percent), MRR, and of the first hits: wrong ones flagged as unclear, right ones flagged,
    counts of wrong and right first hits."""

    hit1: float
    hit3: float
    mrr: float
    wrong_flagged: int = 0
    wrong: int = 0
    right_flagged: int = 0
    right: int = 0

    def row(self) -> str:
        """The figures as Markdown table cells."""
        flag = f"{self.wrong_flagged}/{self.wrong}" if self.wrong else "–"
        ok = f"{self.right_flagged}/{self.right}" if self.right else "–"
        return f"{self.hit1:.1f} % | {self.hit3:.1f} % | {self.mrr:.3f} | {flag} | {ok}"


def rank_of(ranked: Ranked, gold: tuple[str, ...]) -> int | None:
    """Rank (1-based) of the first gold passage among the first :data:`DEPTH` hits, or None."""
    return next((i for i, h in enumerate(ranked.hits[:DEPTH], 1) if h.passage.key in gold), None)


def figures(results: Sequence[tuple[Ranked, tuple[str, ...]]]) -> Figures:
    """The :class:`Figures` of ranked questions with their gold keys."""
    h1 = h3 = rr = 0.0
    wf = wrong = rf = right = 0
    for ranked, gold in results:
        rank = rank_of(ranked, gold)
        h1 += rank == 1
        h3 += rank is not None and rank <= 3
        rr += 1 / rank if rank else 0.0
        if ranked.hits and rank == 1:
            right += 1
            rf += not ranked.clear
        elif ranked.hits:
            wrong += 1
            wf += not ranked.clear
    n = max(len(results), 1)
    return Figures(100 * h1 / n, 100 * h3 / n, rr / n, wf, wrong, rf, right)


def folds(n: int, k: int, seed: int = SEED, strata: Sequence[str] | None = None) -> list[list[int]]:
    """Indices ``0..n-1`` shuffled by ``seed`` and dealt into ``k`` folds.

    With ``strata`` (one label per index, e.g. the part a question comes from) the shuffled indices are dealt
    stratum after stratum (labels in sorted order), so each fold holds its share of every stratum (±1); without
    it the folds are those of a single stratum.

    Raises:
        ValueError: ``strata`` does not have ``n`` labels.
    """
    order = list(range(n))
    random.Random(seed).shuffle(order)
    if strata is not None:
        if len(strata) != n:
            raise ValueError(f"{len(strata)} strata labels for {n} indices")
        order = [i for label in sorted(set(strata)) for i in order if strata[i] == label]
    return [sorted(order[i::k]) for i in range(k)]


def choose(r: Ranker, cands: Sequence[Candidates], golds: Sequence[tuple[str, ...]], idx: Sequence[int],
           grid: dict[str, tuple[float, ...]] | None = None, objective: str = "mrr",
           table: Table | None = None) -> Weights:
    """Weights chosen on the questions ``idx``: coordinate ascent (:func:`question_ascent.ascend`) on ``objective``
    (a name of :data:`question_ascent.OBJECTIVES`) over :data:`GRID` from ``r``'s weights until a pass changes
    nothing; ``table``: the candidates scored once for ``r``'s weights (:class:`question_ascent.Table`), made here
    when not given."""
    grid = GRID if grid is None else grid
    table = Table(r, cands, golds, grid) if table is None else table
    return ascend(table, grid, OBJECTIVES[objective], idx, start=r.weights)


def choose_margin(
    r: Ranker, cands: Sequence[Candidates], golds: Sequence[tuple[str, ...]], idx: Sequence[int]
) -> Weights:
    """The hedge's settings chosen on ``idx`` (:meth:`bot.ranking.Ranker.leads`): of every combination of
    :data:`MARGINS` × :data:`NEARS` × :data:`COVERED` whose clear answers are right at least
    :data:`CLEAR_PRECISION` of the time, the one with the most clear answers (ties: the larger margins, then the
    larger coverage); the largest margin alone when none is."""
    ranked = [(r.rank(cands[i], limit=DEPTH), golds[i]) for i in idx]
    best: tuple[int, float, float, float] | None = None
    for margin in MARGINS:
        for near in (n for n in NEARS if n <= margin):
            for covered in COVERED:
                v = r.variant(weights=replace(r.weights, margin=margin, near=near, covered=covered))
                clear = [rank_of(x, g) == 1 for x, g in ranked if x.hits and v.leads(x.hits)]
                if clear and sum(clear) / len(clear) >= CLEAR_PRECISION:
                    key = (len(clear), margin, near, covered)
                    if best is None or key > best:
                        best = key
    if best is None:
        return replace(r.weights, margin=MARGINS[-1], near=MARGINS[-1])
    return replace(r.weights, margin=best[1], near=best[2], covered=best[3])


def _gap(ranked: Ranked) -> float:
    hits = ranked.hits
    return hits[0].score - hits[1].score if len(hits) > 1 else float("inf")


def cross_validate(r: Ranker, cands: Sequence[Candidates], golds: Sequence[tuple[str, ...]], k: int,
                   tune: bool = True, fit: bool = False,
                   strata: Sequence[str] | None = None) -> tuple[Figures, list[Weights], list[Figures]]:
    """CV figures over ``k`` folds: weights (and margin) chosen on the other folds when ``tune`` (by coordinate
    ascent, or with ``fit`` by the pairwise logistic fit of ``bench/question_fit.py`` on the other folds' questions
    only), else the ranker's own weights with only the margin chosen; returns the figures of all folds together,
    the weights of each fold and each fold's own figures (on the questions it left out). ``strata`` (a label per
    question, such as its part) deals the folds so each mixes every stratum (:func:`folds`)."""
    results: list[tuple[Ranked, tuple[str, ...]]] = []
    chosen: list[Weights] = []
    per_fold: list[Figures] = []
    for fold in folds(len(cands), k, strata=strata):
        left_out = set(fold)
        train = [i for i in range(len(cands)) if i not in left_out]
        weights = r.weights
        if fit:
            weights = fit_weights(r, cands, golds, train)
        elif tune:
            # from the hand-set weights, as the fit starts: the shipped ones are fitted on every fold's questions
            weights = choose(r.variant(weights=replace(r.weights, **START)), cands, golds, train)
        v = r.variant(weights=weights)
        weights = choose_margin(v, cands, golds, train)
        v = r.variant(weights=weights)
        chosen.append(weights)
        out = [(v.rank(cands[i], limit=DEPTH), golds[i]) for i in fold]
        per_fold.append(figures(out))
        results += out
    return figures(results), chosen, per_fold


def describe(chosen: list[Weights], grid: dict[str, tuple[float, ...]] | None = None) -> str:
    """The weights chosen per fold, one ``name: v1 / v2 / …`` per grid weight, and the margins."""
    grid = GRID if grid is None else grid
    names = [n for n in grid if hasattr(chosen[0], n)] + ["rule", "margin", "near", "covered"]
    text = "; ".join(f"{n}: " + " / ".join(f"{getattr(w, n):g}" for w in chosen) for n in names)
    kinds = [dict(w.kind) for w in chosen]
    return text + "; kind: " + ", ".join(f"{k} " + " / ".join(f"{d[k]:g}" for d in kinds) for k in kinds[0])


def fold_rows(per_fold: Sequence[Figures]) -> str:
    """Each fold's hit@1 / hit@3 / MRR on the questions it left out, one ``fold i: …`` per fold."""
    return "; ".join(f"fold {i}: {f.hit1:.1f} / {f.hit3:.1f} / {f.mrr:.3f}" for i, f in enumerate(per_fold, 1))


__all__ = ["GRID", "WIDE", "Figures", "choose", "choose_margin", "cross_validate", "describe", "figures", "fold_rows",
           "folds"]
