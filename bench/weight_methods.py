"""How to make ``/frage``'s weights, compared by K-fold CV on the tuning parts (never the held-out parts).

Each method makes weights from the training folds only, the hedge is chosen on them too
(:func:`question_cv.choose_margin`), and the left-out fold is ranked with them; printed per method: the union
row and each part's row (out of fold, the folds stratified by part). Methods: the shipped weights (hedge only),
the hand-set start of the fit (``start``), the pairwise logistic fit (:func:`question_fit.fit`) at several L2
strengths, and coordinate ascent
(:func:`question_cv.choose`) started from the fit or from the hand-set start.

Run: ``.venv/bin/python bench/weight_methods.py [--k 5] [--db STORE] [--parts tuning,tuning2]
[--methods shipped,fit0.01,fit0.1,fit+ascent,ascent] [--whole METHOD]`` (``fitL``: the fit with L2 strength ``L``;
``--whole``: also print the weights and hedge that method gives on all the chosen parts' questions).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS  # noqa: E402
from cv_misses import opened  # noqa: E402
from question_cv import DEPTH, choose, choose_margin, figures, folds  # noqa: E402
from question_fit import START  # noqa: E402
from question_fit import fit as fit_weights  # noqa: E402

from bot.ranking import Candidates, Ranker, Weights  # noqa: E402

Golds = Sequence[tuple[str, ...]]


def make(method: str, r: Ranker, cands: Sequence[Candidates], golds: Golds, train: Sequence[int]) -> Weights:
    """The weights ``method`` makes from the questions ``train`` (see the module doc for the names).

    Raises:
        ValueError: an unknown method.
    """
    if method == "shipped":
        return r.weights
    if method == "start":  # the hand-set weights the fit starts from and its L2 pulls towards
        return replace(r.weights, **START)
    if method.startswith("fit") and "+" not in method:
        return fit_weights(r, cands, golds, train, l2=float(method[3:] or 0.01))
    if method == "fit+ascent":
        return choose(r.variant(weights=fit_weights(r, cands, golds, train)), cands, golds, train)
    if method == "ascent":
        return choose(r.variant(weights=replace(r.weights, **START)), cands, golds, train)
    raise ValueError(f"unknown method {method!r}")


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
    args = parser.parse_args()
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
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
