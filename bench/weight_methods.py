"""How to make ``/frage``'s weights, compared by K-fold CV on the tuning parts (never the held-out parts).

Each method makes weights from the training folds only, the hedge is chosen on them too
(:func:`question_cv.choose_margin`), and the left-out fold is ranked with them; printed per method: the union
row and each part's row (out of fold, the folds stratified by part). Methods: the shipped weights (hedge only),
the hand-set start of the fit (``start``), the pairwise logistic fit (:func:`question_fit.fit`) at several L2
strengths, and coordinate ascent
(:func:`question_cv.choose`) started from the fit or from the hand-set start, on MRR or (``:hit1``) on hit@1 with MRR
breaking ties, and ``foldavg`` (bagging over folds: the training questions dealt into :data:`FOLDAVG_K` folds, an
ascent from the hand-set start on each fold's training side, the weights averaged field by field:
:func:`mean_weights`; ``foldavgK:objective:grid``). ``bench/nested_cv.py`` compares them by nested CV.

Run: ``.venv/bin/python bench/weight_methods.py [--k 5] [--db STORE] [--parts tuning,tuning2]
[--methods shipped,fit0.01,fit0.1,fit+ascent,ascent,ascent:hit1:wide,foldavg:mrr:wide] [--whole METHOD]``
(``--without phrase,action``: features of :data:`bot.ranking.FEATURES` left out; ``--set unheld=1``: a weight
changed before the candidates are gathered; ``fitL``: the fit with L2 strength ``L``; an ascent's objective after
a colon, ``mrr`` or ``hit1``, then ``wide``
for the grid :data:`question_cv.WIDE` (``wideclause``: with the clause stage's weight,
:data:`question_cv.WIDE_CLAUSE`); ``--whole``: also print the weights and hedge that method gives on all the
chosen parts' questions).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS  # noqa: E402
from cv_misses import opened  # noqa: E402
from question_ascent import Table  # noqa: E402
from question_cv import DEPTH, GRID, WIDE, WIDE_CLAUSE, choose, choose_margin, figures, folds  # noqa: E402
from question_fit import START  # noqa: E402
from question_fit import fit as fit_weights  # noqa: E402

from bot.ranking import Candidates, Ranker, Weights  # noqa: E402

Golds = Sequence[tuple[str, ...]]
#: Folds ``foldavg`` averages over when its name gives no number.
FOLDAVG_K = 5


def mean_weights(ws: Sequence[Weights]) -> Weights:
    """The field-wise mean of ``ws``: every float field averaged and rounded to 0.001, each kind's prior averaged,
    the integer fields (depths) taken from the first (the same in every method).

    Raises:
        ValueError: ``ws`` is empty.
    """
    if not ws:
        raise ValueError("no weights to average")
    changes: dict[str, object] = {}
    for f in fields(ws[0]):
        value = getattr(ws[0], f.name)
        if f.name == "kind":
            priors = [dict(w.kind) for w in ws]
            changes["kind"] = tuple((k, round(statistics.fmean(p[k] for p in priors), 3)) for k, _ in value)
        elif isinstance(value, float):
            changes[f.name] = round(statistics.fmean(getattr(w, f.name) for w in ws), 3)
    return replace(ws[0], **changes)  # pyright: ignore[reportArgumentType]


def make(method: str, r: Ranker, cands: Sequence[Candidates], golds: Golds, train: Sequence[int]) -> Weights:
    """The weights ``method`` makes from the questions ``train`` (see the module doc for the names; an ascent's
    objective and grid after colons, ``ascent:hit1:wide``; MRR over :data:`question_cv.GRID` by default).

    Raises:
        ValueError: an unknown method.
    """
    if method.startswith("foldavg"):  # bagging over folds: the mean of the ascents on K training sides of train
        head, _, rest = method.partition(":")
        inner = folds(len(train), int(head[7:] or FOLDAVG_K))
        sides = [[x for j, x in enumerate(train) if j not in set(f)] for f in inner]
        return mean_weights([make(f"ascent:{rest}", r, cands, golds, side) for side in sides])
    method, objective, grid = (*method.split(":"), "", "")[:3]
    if method == "shipped":
        return r.weights
    if method == "start":  # the hand-set weights the fit starts from and its L2 pulls towards
        return replace(r.weights, **START)
    if method.startswith("fit") and "+" not in method:
        return fit_weights(r, cands, golds, train, l2=float(method[3:] or 0.01))
    if method in ("fit+ascent", "ascent"):
        start = fit_weights(r, cands, golds, train) if method == "fit+ascent" else replace(r.weights, **START)
        chosen = {"wide": WIDE, "wideclause": WIDE_CLAUSE}.get(grid, GRID)
        table = _table(r.variant(weights=start), cands, golds, chosen)
        return choose(r.variant(weights=start), cands, golds, train, chosen, objective or "mrr", table)
    raise ValueError(f"unknown method {method!r}")


_TABLES: dict[tuple[Weights, int], Table] = {}


def _table(r: Ranker, cands: Sequence[Candidates], golds: Golds, grid: dict[str, tuple[float, ...]]) -> Table:
    """The :class:`question_ascent.Table` of every question for ``r``'s weights and ``grid``, made once per both
    (the hand-set start is the same in every fold)."""
    key = (r.weights, id(grid))
    if key not in _TABLES:
        _TABLES[key] = Table(r, cands, golds, grid)
    return _TABLES[key]


def run(method: str, r: Ranker, cands: Sequence[Candidates], golds: Golds, parts: Sequence[str], k: int) -> str:
    """The CV rows of ``method``: the union, then each part."""
    by_part: dict[str, list] = {}
    every = []
    for fold in folds(len(cands), k, strata=parts):
        train = [i for i in range(len(cands)) if i not in set(fold)]
        v = r.variant(weights=make(method, r, cands, golds, train))
        v = r.variant(weights=choose_margin(v, cands, golds, train))
        for i in fold:
            out = (v.rank(cands[i], limit=DEPTH), golds[i])
            every.append(out)
            by_part.setdefault(parts[i], []).append(out)
    rows = [f"{method}: union {figures(every).row()}"]
    rows += [f"    {p} ({len(x)}): {figures(x).row()}" for p, x in sorted(by_part.items())]
    return "\n".join(rows)


async def main() -> None:
    """Build or open the store, gather the candidates once, print each method's rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--parts", default=",".join(TUNING_PARTS))
    parser.add_argument("--methods", default="shipped,fit0.01,fit0.003,fit0.03,fit0.1,fit+ascent")
    parser.add_argument("--whole", default="", help="a method whose weights on all the parts' questions are printed")
    parser.add_argument("--without", default="", help="comma-separated features of bot.ranking.FEATURES left out")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a weight of bot.ranking.Weights changed before the candidates are gathered")
    args = parser.parse_args()
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
    left_out = set(filter(None, args.without.split(",")))
    changed = {n: float(v) for n, v in (s.split("=", 1) for s in args.set)}
    r = r.variant(weights=replace(r.weights, **changed), features=tuple(f for f in r.features if f not in left_out))
    cands = [await r.candidates(store, q.text, names) for q in questions]
    golds = [q.gold for q in questions]
    for method in filter(None, args.methods.split(",")):
        print(run(method, r, cands, golds, [q.part for q in questions], args.k), flush=True)
    if args.whole:
        every = range(len(cands))
        v = r.variant(weights=make(args.whole, r, cands, golds, every))
        print(f"{args.whole} on the whole parts ({', '.join(chosen)}): {choose_margin(v, cands, golds, every)}")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
