"""Make ``/frage``'s weights the way the shipped ones are made, on both whole tuning parts (never the held-out parts),
and print them as the lines of :class:`bot.weights.Weights` to copy, with the hedge the README's rule chooses for
them (:func:`question_cv.choose_margin`).

The procedure (:data:`METHOD`, chosen by 5-fold CV among the fit and the ascents: README, ¹⁶): the weights start at the
hand-set ones (:data:`question_fit.START`), then coordinate ascent (:func:`question_ascent.ascend`) over
:data:`GRID` (:data:`question_cv.WIDE`) on :data:`OBJECTIVE` until a pass changes nothing; the weights outside the
grid keep their start. ``tests/answers/test_question_ascent.py`` pins the result: no single grid step improves it on
both whole parts. About a minute on a quiet machine (the candidates and the table most of it).

Run: ``.venv/bin/python bench/refit.py [--db STORE] [--parts tuning,tuning2]`` (the store of the documents is built
in a temporary folder unless ``--db`` names one).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS  # noqa: E402
from cv_misses import opened  # noqa: E402
from question_ascent import OBJECTIVES, Table, ascend  # noqa: E402
from question_cv import WIDE, choose_margin  # noqa: E402
from question_fit import START  # noqa: E402

from bot.weights import Weights  # noqa: E402

#: How the shipped weights are made: ``"ascent"`` (from the hand-set start), the ascent's objective and its grid.
METHOD = "ascent"
OBJECTIVE = "mrr"
GRID = WIDE


def lines(w: Weights) -> list[str]:
    """The fields of ``w`` that :data:`GRID` or the hedge set, as ``name: float = value`` lines."""
    return [f"{n}: float = {getattr(w, n)!r}" for n in (*GRID, "margin", "near", "covered")]


async def main() -> None:
    """Build or open the store, gather the candidates once, ascend on the whole parts, print the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--parts", default=",".join(TUNING_PARTS))
    args = parser.parse_args()
    began = time.perf_counter()
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
    cands = [await r.candidates(store, q.text, names) for q in questions]
    golds = [q.gold for q in questions]
    start = r.variant(weights=replace(r.weights, **START))
    table = Table(start, cands, golds, GRID)
    made = ascend(table, GRID, OBJECTIVES[OBJECTIVE])
    hedged = choose_margin(r.variant(weights=made), cands, golds, range(len(cands)))
    ranks = table.ranks(made)
    hit1 = sum(x == 1 for x in ranks)
    print(f"{METHOD} on {OBJECTIVE} over the whole parts ({', '.join(chosen)}; {len(cands)} questions): "
          f"hit@1 {hit1}, MRR {OBJECTIVES['mrr'](ranks)[0]:.4f}; {time.perf_counter() - began:.0f} s")
    print("\n".join(lines(hedged)))
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
