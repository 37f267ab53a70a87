"""Nested cross-validation of how ``/frage``'s weights are made, on the tuning parts only (``tuning``, ``tuning2``;
never the held-out parts): an honest estimate of a method *and* of choosing among methods.

A plain K-fold CV of one method (``bench/weight_methods.py``) is honest only for a method fixed before the CV is
seen; the grid :data:`question_cv.WIDE`, its floors and the pick of the ascent over the fit were all made by looking
at CV figures of the same 722 questions, so their CV is optimistic. Here every choice is made inside the training
side of each outer fold:

* outer folds: ``K`` folds stratified by part (:func:`question_cv.folds`) for each seed of ``--seeds``;
* each method of ``--methods`` makes weights from the outer training questions (its own hyper-parameters fixed by
  its name) and is scored on the outer fold: the method's outer row;
* the **selector** (``select``) scores every method by an inner ``--inner``-fold CV inside the outer training
  questions (out-of-fold MRR, hit@1 breaking ties), takes the best, remakes it on the whole outer training side and
  is scored on the outer fold: the honest figure of "choose the method by CV";
* ``blend``: the mean of the ``fit0.3`` and ``ascent::wide`` weights (every numeric field, each kind's prior), and
  ``foldavg``: the mean of the ascents ``ascent::wide`` made on the inner folds (bagging over folds); both are
  scored on the outer fold too (``blend`` is also a candidate of the selector, its inner figure made from the inner
  weights of its two parents).

Printed per method: the pooled outer hit@1 / hit@3 / MRR, the spread of the outer folds' figures (min–max of hit@1
and MRR) and, with several seeds, each seed's pooled row. The hedge is chosen on each training side as in
``bench/weight_methods.py`` (:func:`question_cv.choose_margin`; it does not move ranks).

Run: ``.venv/bin/python bench/nested_cv.py [--k 5] [--inner 4] [--seeds 19,7] [--db STORE]
[--methods fit0.1,fit0.3,fit1,ascent::wide,fit+ascent::wide]`` (about 10 CPU minutes per seed with these methods).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from cv_misses import cv_arguments, opened  # noqa: E402
from question_cv import DEPTH, Figures, choose_margin, figures, folds, rank_of  # noqa: E402
from weight_methods import Golds, make, mean_weights  # noqa: E402

from bot.answers.frage_search import frage_text  # noqa: E402
from bot.ranking import Candidates, Ranked, Ranker, Weights  # noqa: E402

#: The two methods whose mean is ``blend``, and the one whose inner-fold results ``foldavg`` averages.
BLEND = ("fit0.3", "ascent::wide")
FOLDAVG = "ascent::wide"


def ranked(r: Ranker, w: Weights, cands: Sequence[Candidates], idx: Sequence[int]) -> list[Ranked]:
    """The questions ``idx`` ranked with ``w`` (the first :data:`question_cv.DEPTH` hits)."""
    v = r.variant(weights=w)
    return [v.rank(cands[i], limit=DEPTH) for i in idx]


def inner_score(r: Ranker, made: Sequence[Weights], cands: Sequence[Candidates], golds: Golds,
                inner: Sequence[Sequence[int]]) -> tuple[float, float]:
    """Out-of-fold (MRR, hit@1 share) over the inner folds ``inner``, fold ``j`` ranked with ``made[j]``."""
    ranks = []
    for w, fold in zip(made, inner, strict=True):
        ranks += [rank_of(x, golds[i]) for x, i in zip(ranked(r, w, cands, fold), fold, strict=True)]
    mrr = sum(1 / x for x in ranks if x) / max(len(ranks), 1)
    return mrr, sum(x == 1 for x in ranks) / max(len(ranks), 1)


def outer_fold(r: Ranker, methods: Sequence[str], cands: Sequence[Candidates], golds: Golds,
               parts: Sequence[str], train: list[int], test: list[int], k_inner: int, seed: int
               ) -> tuple[dict[str, Weights], str]:
    """One outer fold: each method's weights made on ``train``, the derived ``blend``/``foldavg`` and the
    selector's pick (by the inner CV of ``train``); returns the weights per row name and the pick's name."""
    inner_folds = [[train[j] for j in f] for f in folds(len(train), k_inner, seed, [parts[i] for i in train])]
    inner: dict[str, list[Weights]] = {}
    for m in methods:
        inner[m] = [make(m, r, cands, golds, [i for i in train if i not in set(f)]) for f in inner_folds]
    if all(b in inner for b in BLEND):
        inner["blend"] = [mean_weights(ws) for ws in zip(*(inner[b] for b in BLEND), strict=True)]
    scores = {m: inner_score(r, ws, cands, golds, inner_folds) for m, ws in inner.items()}
    pick = max(scores, key=lambda m: scores[m])
    made = {m: make(m, r, cands, golds, train) for m in methods}
    if all(b in made for b in BLEND):
        made["blend"] = mean_weights([made[b] for b in BLEND])
    if FOLDAVG in inner:
        made["foldavg"] = mean_weights(inner[FOLDAVG])
    made["select"] = made[pick]
    inner_rows = ", ".join(f"{m} {s[0]:.3f}/{100 * s[1]:.1f}" for m, s in scores.items())
    print(f"      inner (MRR/hit@1): {inner_rows} -> {pick}", flush=True)
    return made, pick


def spread(per_fold: Sequence[Figures]) -> str:
    """min–max of the folds' hit@1 and MRR, and the standard deviation of hit@1."""
    h1 = [f.hit1 for f in per_fold]
    mrr = [f.mrr for f in per_fold]
    return (f"folds hit@1 {min(h1):.1f}–{max(h1):.1f} (sd {statistics.pstdev(h1):.1f}), "
            f"MRR {min(mrr):.3f}–{max(mrr):.3f}")


def run_seed(r: Ranker, methods: Sequence[str], cands: Sequence[Candidates], golds: Golds, parts: Sequence[str],
             k: int, k_inner: int, seed: int) -> dict[str, tuple[Figures, list[Figures]]]:
    """The outer rows of one seed: per row name the pooled figures and each outer fold's figures."""
    pooled: dict[str, list[tuple[Ranked, tuple[str, ...]]]] = {}
    per_fold: dict[str, list[Figures]] = {}
    for n, test in enumerate(folds(len(cands), k, seed, parts), 1):
        train = [i for i in range(len(cands)) if i not in set(test)]
        made, pick = outer_fold(r, methods, cands, golds, parts, train, test, k_inner, seed)
        for name, w in made.items():
            hedged = choose_margin(r.variant(weights=w), cands, golds, train)
            out = [(x, golds[i]) for x, i in zip(ranked(r, hedged, cands, test), test, strict=True)]
            pooled.setdefault(name, []).extend(out)
            per_fold.setdefault(name, []).append(figures(out))
        rows = ", ".join(f"{m} {f[-1].hit1:.1f}/{f[-1].hit3:.1f}/{f[-1].mrr:.3f}" for m, f in per_fold.items())
        print(f"   seed {seed} fold {n} (select -> {pick}): {rows}", flush=True)
    return {m: (figures(pooled[m]), per_fold[m]) for m in pooled}


async def main() -> None:
    """Build or open the store, gather the candidates once, print the nested CV rows per seed and over seeds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    parser.add_argument("--inner", type=int, default=4)
    parser.add_argument("--seeds", default="19")
    parser.add_argument("--methods", default="fit0.1,fit0.3,fit1,ascent::wide,fit+ascent::wide")
    args = parser.parse_args()
    _, questions, store, names, r = await opened(parser, args.parts, args.db)
    cands = [await r.candidates(store, await frage_text(store, r, q.text), names) for q in questions]
    golds = [q.gold for q in questions]
    parts = [q.part for q in questions]
    methods = [m for m in args.methods.split(",") if m]
    rows: dict[str, list[tuple[Figures, list[Figures]]]] = {}
    for seed in (int(s) for s in args.seeds.split(",") if s):
        for name, got in run_seed(r, methods, cands, golds, parts, args.k, args.inner, seed).items():
            rows.setdefault(name, []).append(got)
            print(f"seed {seed} {name}: {got[0].row()}; {spread(got[1])}", flush=True)
    print(f"\nnested CV, {args.k} outer × {args.inner} inner folds, seeds {args.seeds} ({len(cands)} questions):")
    for name, got in rows.items():
        pooled = [f for f, _ in got]
        h1, h3, mrr = (statistics.fmean(getattr(f, a) for f in pooled) for a in ("hit1", "hit3", "mrr"))
        seeds = " / ".join(f"{f.hit1:.1f}" for f in pooled)
        every = [f for _, fs in got for f in fs]
        print(f"{name}: {h1:.1f} % | {h3:.1f} % | {mrr:.3f} (hit@1 per seed {seeds}; {spread(every)})")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
