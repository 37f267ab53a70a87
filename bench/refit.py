"""Make ``/frage``'s weights the way the shipped ones are made, on both whole tuning parts (never the held-out parts),
and print them as the lines of :class:`bot.weights.Weights` to copy, with the hedge the rule of docs/ranking.md
chooses for them (:func:`question_cv.choose_margin`).

The procedure (:data:`METHOD`, a method of ``bench/weight_methods.py``; kept after the nested CV of
``bench/nested_cv.py`` found no method better beyond the folds' spread: docs/ranking.md, ¹⁶): the weights start at the
hand-set ones (:data:`question_fit.START`, the answered stage off), then coordinate ascent
(:func:`question_ascent.ascend`) over :data:`GRID` (:data:`question_cv.WIDE`) on :data:`OBJECTIVE` until a pass
changes nothing, then the answered stage's weight alone over :data:`THEN_GRID` (``only:answered``, the others held;
docs/ranking.md ²⁹), then the ``general`` part's weight alone (``only:general``, ³³), then the earlier questions'
stage's (``only:earlier``, ⁴⁷; each question's ``prior`` values from the others), the ``transl`` part's
(``only:transl``, ⁶⁶) and the logic stage's (``only:logic``, ⁷⁷); the weights outside the grids
keep their start. The ``current`` stage's margin is set by hand (:data:`HAND_SET`, printed with its reason).
``tests/answers/test_question_ascent.py`` pins the result: no single grid step improves it on the whole parts. About
a minute on a quiet machine (the candidates and the table most of it).

Run: ``.venv/bin/python bench/refit.py [--db STORE] [--parts tuning,tuning2] [--method NAME]`` (``--parts``: by
default the parts the shipped weights were made on, :data:`tests.questions.WEIGHTS_MADE_ON`) (the store of the
documents is built in a temporary folder unless ``--db`` names one; ``--method``: another method of
``bench/weight_methods.py``, e.g. ``foldavg:mrr:wide`` or ``fit0.3``; ``only:clause``: the shipped weights and hedge
with the clause stage's weight alone chosen, docs/ranking.md ²²). The questions' clause roles are read whatever the
shipped ``clause`` weight (``weight_methods.gathered``), so a method can choose it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from cv_misses import opened  # noqa: E402
from prior_folds import cross_fit  # noqa: E402
from question_ascent import OBJECTIVES  # noqa: E402
from question_cv import (  # noqa: E402
    DEPTH,
    WIDE,
    WIDE_ANSWERED,
    WIDE_ASKS,
    WIDE_EARLIER,
    WIDE_GENERAL,
    WIDE_HEADWORD,
    WIDE_LOGIC,
    WIDE_RESTATED,
    WIDE_TRANSL,
    rank_of,
)
from question_fit import START  # noqa: E402
from transl_folds import SHIPPED, transl_fit  # noqa: E402
from weight_methods import gathered, hedged, make  # noqa: E402

from bot.prior import HOW  # noqa: E402
from bot.weights import Weights  # noqa: E402
from tests.questions import WEIGHTS_MADE_ON  # noqa: E402

#: How the shipped weights are made: a method of ``bench/weight_methods.py`` (the ascent on MRR over ``WIDE`` with
#: the answered stage off, docs/ranking.md ¹⁶; then the stage's weight alone chosen over :data:`THEN_GRID` with the
#: others held, ²⁹: chosen with them, the ascent moved ``card``, ``coverage`` and four more in ways that lost answers
#: the behaviour tests pin), the ascent's objective and its grid (the fields a refit moves; the pin reads them).
OBJECTIVE = "mrr"
GRID = WIDE
METHOD = (f"ascent:{OBJECTIVE}:wide>only:answered>only:general>only:earlier>only:transl>only:logic>only:asks"
          ">only:restated>only:headword")
#: The answered stage's, the ``general`` part's and the earlier questions' stage's weights: off for the ascent (their
#: start, :data:`question_fit.START`), then each chosen alone, in this order (``>only:prior`` after them was measured
#: and not kept: docs/ranking.md ⁴³; ``>only:earlier`` kept, ⁴⁷; ``>only:transl`` kept, ⁶⁶; ``>only:logic`` kept, ⁷⁷;
#: ``>only:asks``, ¹¹⁵; ``>only:restated``, ¹⁴⁸; ``>only:headword``, ¹⁵⁷).
THEN_GRID = {"answered": WIDE_ANSWERED["answered"], "general": WIDE_GENERAL["general"],
             "earlier": WIDE_EARLIER["earlier"], "transl": WIDE_TRANSL["transl"], "logic": WIDE_LOGIC["logic"],
             "asks": WIDE_ASKS["asks"], "restated": WIDE_RESTATED["restated"],
             "headword": WIDE_HEADWORD["headword"]}
#: The ``transl`` part's table, cross-fitted (bench/transl_folds.py): IBM Model 1 with NULL 100 (docs/ranking.md ⁶⁶).
TRANSL = SHIPPED
THEN_START = {name: START[name] for name in THEN_GRID}


#: The hedge's settings (:func:`question_cv.choose_margin`): chosen after the weights, on the same questions.
HEDGE = ("margin", "near", "covered")
#: Weights the refit does not make, each with its value and why. ``current`` (bot/current_first.py): on the tuning
#: parts the case is hardly there (two questions move between the margins 1.75 and 2.30), so a fit would only return
#: its tie-break (``only:NAME`` keeps the value it starts from); it was set to 2.0, inside the margins that move no
#: gold down, and kept by 5-fold CV and the validation summary instead (docs/ranking.md ¹⁰³, ¹²⁰).
HAND_SET: dict[str, tuple[float, str]] = {
    "current": (2.0, "set by hand, not fitted: margins 1.75-2.30 rank two tuning golds first and none lower; kept at "
                     "2.0 by 5-fold CV and the validation summary (docs/ranking.md 103, 120)"),
}


def lines(w: Weights, shipped: Weights | None = None) -> list[str]:
    """The fields of ``w`` that :data:`GRID`, :data:`THEN_GRID`, the clause stage (``only:clause``) or the hedge set, as
    ``name: float = value`` lines; a field whose value differs from ``shipped`` (default: :class:`bot.weights.Weights`
    as it ships) gets ``  # shipped: value`` beside it, so a refit that differs from ``bot/weights.py`` in one field
    (often the hedge's ``near``, whose ties :func:`question_cv.choose_margin` breaks towards the larger value) says so
    instead of reading as the shipped weights."""
    shipped = shipped if shipped is not None else Weights()
    out = []
    for n in (*GRID, *THEN_GRID, "clause", *HEDGE):
        made, now = getattr(w, n), getattr(shipped, n)
        out.append(f"{n}: float = {made!r}" + (f"  # shipped: {now!r}" if made != now else ""))
    return out


def hand_set_lines(shipped: Weights | None = None) -> list[str]:
    """The weights of :data:`HAND_SET` as ``name: float = value  # why`` lines, the value recorded there; a field
    whose shipped value (default: :class:`bot.weights.Weights` as it ships) differs gets ``  # shipped: value``."""
    shipped = shipped if shipped is not None else Weights()
    return [f"{n}: float = {value!r}  # {why}" + (f"  # shipped: {getattr(shipped, n)!r}"
                                                  if getattr(shipped, n) != value else "")
            for n, (value, why) in HAND_SET.items()]


async def main() -> None:
    """Build or open the store, gather the candidates once, make the weights by ``--method`` on the whole parts,
    print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--parts", default=",".join(WEIGHTS_MADE_ON))
    parser.add_argument("--method", default=METHOD, help="a method of bench/weight_methods.py")
    parser.add_argument("--prior", default=HOW, help="the prior feature, cross-fitted: best, union or none (off)")
    parser.add_argument("--transl", default=TRANSL, help="the transl part, cross-fitted (bench/transl_folds.py)")
    args = parser.parse_args()
    began = time.perf_counter()
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
    # in-sample, each question's prior feature from the other questions only (bench/prior_folds.py)
    prior = cross_fit(r, await gathered(r, store, questions, names), questions, args.prior)
    cands = (await transl_fit(r, store, prior, questions, args.transl)).fold(())  # each from the other pairs
    golds = [q.gold for q in questions]
    every = list(range(len(cands)))
    made = make(args.method, r, cands, golds, every)
    chosen_hedge = hedged(args.method, made, r, cands, golds, every)  # only:NAME holds the shipped hedge
    v = r.variant(weights=made)
    ranks = [rank_of(v.rank(c, limit=DEPTH), g) for c, g in zip(cands, golds, strict=True)]
    hit1 = sum(x == 1 for x in ranks)
    print(f"{args.method} over the whole parts ({', '.join(chosen)}; {len(cands)} questions): "
          f"hit@1 {hit1}, MRR {OBJECTIVES['mrr'](ranks)[0]:.4f}; {time.perf_counter() - began:.0f} s")
    print("\n".join([*lines(chosen_hedge), *hand_set_lines()]))
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
