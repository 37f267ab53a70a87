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
changed before the candidates are gathered; ``--transl 'keep=10;keep=3'``: the ``transl`` part cross-fitted with each
table setting in turn, bench/transl_folds.py, and ``widetransl`` the grid :data:`question_cv.WIDE_TRANSL`;
``fitL``: the fit with L2 strength ``L``; an ascent's objective after
a colon, ``mrr`` or ``hit1``, then ``wide``
for the grid :data:`question_cv.WIDE` (``wideclause``: with the clause stage's weight,
:data:`question_cv.WIDE_CLAUSE`; ``wideanswered``: with the answered stage's, :data:`question_cv.WIDE_ANSWERED`);
``only:NAME``: every weight held at the ranker's (the shipped ones, ``--set`` applied) but ``NAME``, chosen from its
values in :data:`question_cv.WIDE_CLAUSE`, ``WIDE_ANSWERED`` or ``WIDE_GENERAL`` by the ascent's objective (MRR on
the training folds) from its held value, the hedge held too; ``only:NAME+hedge``: the same with the hedge chosen on
the training folds as for every other method; ``A>B``: the method ``B`` from the weights ``A`` makes on the same
training folds (``ascent::wide>only:clause``: the stage's weight chosen after the ascent without it); ``--whole``:
also print the weights and hedge that method gives on all the chosen parts' questions).

The candidates are gathered with the question's clause roles (:attr:`bot.candidates.Candidates.roles`) read even
when the ``clause`` weight is 0 (the ranker reads them only above 0), so a method can choose that weight; ranked with
``clause`` 0 they change nothing.
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

from bench_questions import Question  # noqa: E402
from cv_misses import cv_arguments, opened  # noqa: E402
from held_reading import held  # noqa: E402
from prior_folds import CrossFit, cross_fit  # noqa: E402
from question_ascent import Table  # noqa: E402
from question_cv import (  # noqa: E402
    DEPTH,
    GRID,
    WIDE,
    WIDE_ANSWERED,
    WIDE_ASKS,
    WIDE_CLAUSE,
    WIDE_CURRENT,
    WIDE_EARLIER,
    WIDE_GENERAL,
    WIDE_HEADWORD,
    WIDE_LOGIC,
    WIDE_PRIOR,
    WIDE_RESTATED,
    WIDE_TRANSL,
    choose,
    choose_margin,
    figures,
    folds,
    rank_of,
)
from question_fit import START  # noqa: E402
from question_fit import fit as fit_weights  # noqa: E402
from transl_folds import SHIPPED, TranslFit, out_of_fold, transl_fit  # noqa: E402

from bot.answers.frage_search import frage_text  # noqa: E402
from bot.prior import HOW  # noqa: E402
from bot.ranking import Candidates, Ranker, Weights  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

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
    if THEN in method:  # the second method from the weights the first makes, on the same questions
        first, _, second = method.partition(THEN)
        return make(second, r.variant(weights=make(first, r, cands, golds, train)), cands, golds, train)
    if method.startswith(ONLY):
        return only(r, cands, golds, train, method[len(ONLY):].removesuffix(HEDGED))
    method, objective, grid = (*method.split(":"), "", "")[:3]
    if method == "shipped":
        return r.weights
    if method == "start":  # the hand-set weights the fit starts from and its L2 pulls towards
        return replace(r.weights, **START)
    if method.startswith("fit") and "+" not in method:
        return fit_weights(r, cands, golds, train, l2=float(method[3:] or 0.01))
    if method in ("fit+ascent", "ascent"):
        start = fit_weights(r, cands, golds, train) if method == "fit+ascent" else replace(r.weights, **START)
        chosen = {"wide": WIDE, "wideclause": WIDE_CLAUSE, "wideanswered": WIDE_ANSWERED,
                  "widetransl": WIDE_TRANSL}.get(grid, GRID)
        table = _table(r.variant(weights=start), cands, golds, chosen)
        return choose(r.variant(weights=start), cands, golds, train, chosen, objective or "mrr", table)
    raise ValueError(f"unknown method {method!r}")


#: ``only:NAME``: every weight but ``NAME`` held at the ranker's; ``only:NAME+hedge``: the hedge chosen too.
ONLY, HEDGED = "only:", "+hedge"
#: ``A>B``: the method ``B`` from the weights ``A`` makes (``ascent::wide>only:clause``: the stage's weight chosen
#: after the ascent without it, both on the training folds).
THEN = ">"
#: The one-weight grids of ``only:`` methods, made once per name (:func:`_table` keys its tables by the grid's id).
_SINGLE: dict[str, dict[str, tuple[float, ...]]] = {}


def only(r: Ranker, cands: Sequence[Candidates], golds: Golds, train: Sequence[int], name: str) -> Weights:
    """``r``'s weights with ``name`` alone chosen on the questions ``train``: the value of
    :data:`question_cv.WIDE_CLAUSE`'s (or ``WIDE_ANSWERED``'s, ``WIDE_GENERAL``'s, ``WIDE_PRIOR``'s,
    ``WIDE_EARLIER``'s, ``WIDE_TRANSL``'s, ``WIDE_LOGIC``'s, ``WIDE_ASKS``'s, ``WIDE_CURRENT``'s,
    ``WIDE_RESTATED``'s, ``WIDE_HEADWORD``'s) ``name`` with the best MRR (:func:`question_cv.choose`, the ascent's
    objective; ``r``'s own value kept unless another beats it), every other weight and the hedge as ``r`` has them.

    Raises:
        ValueError: ``name`` is no weight of ``WIDE_CLAUSE``, ``WIDE_ANSWERED``, ``WIDE_GENERAL``, ``WIDE_PRIOR``,
            ``WIDE_EARLIER``, ``WIDE_TRANSL``, ``WIDE_LOGIC``, ``WIDE_ASKS``, ``WIDE_CURRENT``, ``WIDE_RESTATED`` or
            ``WIDE_HEADWORD``.
    """
    values = {**WIDE_CLAUSE, **WIDE_ANSWERED, **WIDE_GENERAL, **WIDE_PRIOR, **WIDE_EARLIER, **WIDE_TRANSL, **WIDE_LOGIC,
              **WIDE_ASKS, **WIDE_CURRENT, **WIDE_RESTATED, **WIDE_HEADWORD}
    if name not in values:
        raise ValueError(f"unknown weight {name!r} for {ONLY}")
    grid = _SINGLE.setdefault(name, {name: values[name]})
    return choose(r, cands, golds, train, grid, "mrr", _table(r, cands, golds, grid))


def hedged(method: str, w: Weights, r: Ranker, cands: Sequence[Candidates], golds: Golds,
           train: Sequence[int]) -> Weights:
    """``w`` (made by ``method``) with the hedge chosen on ``train`` (:func:`question_cv.choose_margin`), or kept as
    it is for an ``only:NAME`` method (``only:NAME+hedge`` chooses it)."""
    if method.startswith(ONLY) and not method.endswith(HEDGED):
        return w
    return choose_margin(r.variant(weights=w), cands, golds, train)


_TABLES: dict[tuple[Weights, int, int], tuple[Sequence[Candidates], Table]] = {}


def _table(r: Ranker, cands: Sequence[Candidates], golds: Golds, grid: dict[str, tuple[float, ...]]) -> Table:
    """The :class:`question_ascent.Table` of every question for ``r``'s weights and ``grid``, made once per both
    and candidates (the hand-set start is the same in every fold; the candidates are too unless the ``prior``
    feature is cross-fitted per fold, and each table keeps its candidates, so their id names no other list)."""
    key = (r.weights, id(grid), id(cands))
    if key not in _TABLES:
        _TABLES[key] = (cands, Table(r, cands, golds, grid))
    return _TABLES[key][1]


def run(method: str, r: Ranker, fit: CrossFit | TranslFit, golds: Golds, parts: Sequence[str], k: int,
        train_on: frozenset[str] | None = None, misses: dict[int, str] | None = None) -> str:
    """The CV rows of ``method``: the union, then each part. Each fold's questions and the training questions get
    the ``prior`` feature cross-fitted (:meth:`prior_folds.CrossFit.fold`: never from their own fold's questions).
    ``train_on``: the parts whose training questions make the weights (default every part's); the folds are the
    same either way, so two runs differ only in what the weights were made on. ``misses`` (question index → its id
    and text): those questions whose gold is not first get a line after the rows."""
    by_part: dict[str, list] = {}
    every = []
    missed: list[tuple[int, str]] = []
    for fold, every_train, cands in out_of_fold(fit, k, parts):
        train = [i for i in every_train if train_on is None or parts[i] in train_on]
        v = r.variant(weights=hedged(method, make(method, r, cands, golds, train), r, cands, golds, train))
        if cands is not fit.cands:
            _TABLES.clear()  # the tables of this fold's features serve no other fold
        for i in fold:
            out = (v.rank(cands[i], limit=DEPTH), golds[i])
            every.append(out)
            by_part.setdefault(parts[i], []).append(out)
            rank = rank_of(out[0], golds[i])
            if misses is not None and i in misses and rank != 1:
                first = " ".join(h.passage.key for h in out[0].hits[:3])
                missed.append((i, f"    miss {misses[i]} rank {rank}: got {first}"))
    rows = [f"{method}: union {figures(every).row()}"]
    rows += [f"    {p} ({len(x)}): {figures(x).row()}" for p, x in sorted(by_part.items())]
    rows += [line for _, line in sorted(missed)]
    return "\n".join(rows)


async def gathered(r: Ranker, store: Store, questions: Sequence[Question], names: NameIndex) -> list[Candidates]:
    """Each question's candidates (:meth:`bot.ranking.Ranker.candidates`) of the text ``/frage`` ranks for it
    (:func:`bot.answers.frage_search.frage_text`: the door's reading, since 2026-12-08; the raw text before), with
    its clause roles read even when ``r``'s ``clause`` weight is 0 (only that reading depends on it), so the weight
    can be chosen on them."""
    reading = r.variant(weights=replace(r.weights, clause=r.weights.clause or 1.0))
    return [await reading.candidates(store, await frage_text(store, reading, q.text), names) for q in questions]


async def main() -> None:
    """Build or open the store, gather the candidates once, print each method's rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    parser.add_argument("--methods", default="shipped,fit0.01,fit0.003,fit0.03,fit0.1,fit+ascent")
    parser.add_argument("--whole", default="", help="a method whose weights on all the parts' questions are printed")
    parser.add_argument("--without", default="", help="comma-separated features of bot.ranking.FEATURES left out")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a weight of bot.ranking.Weights changed before the candidates are gathered")
    parser.add_argument("--prior", default=HOW, help="the prior feature, cross-fitted: best, union or none (off)")
    parser.add_argument("--transl", default=SHIPPED,
                        help="the transl part, cross-fitted: none (off), on, or the table's keep=…,least=…,shrink=…, "
                             "em=1,null=… (several settings separated by ';', each run with every method; default "
                             "the shipped table's)")
    parser.add_argument("--train-on", default="",
                        help="comma-separated parts whose training questions make each fold's weights (default all)")
    parser.add_argument("--misses", default="", help="comma-separated parts whose out-of-fold misses are listed")
    parser.add_argument("--held-reading", default="", metavar="REV",
                        help="the prior and transl parts read the questions with REV's players' tables")
    args = parser.parse_args()
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
    left_out = set(filter(None, args.without.split(",")))
    changed = {n: float(v) for n, v in (s.split("=", 1) for s in args.set)}
    r = r.variant(weights=replace(r.weights, **changed), features=tuple(f for f in r.features if f not in left_out))
    cands = await gathered(r, store, questions, names)
    golds = [q.gold for q in questions]
    learner = held(r.analyser, args.held_reading) if args.held_reading else None  # bench/held_reading.py
    prior = cross_fit(r, cands, questions, args.prior, learner)
    train_on = frozenset(filter(None, args.train_on.split(","))) or None
    if train_on is not None and not train_on <= set(chosen):
        parser.error(f"--train-on names parts not in --parts: {', '.join(sorted(train_on - set(chosen)))}")
    listed = set(filter(None, args.misses.split(",")))
    misses = {i: f"{q.id} gold {' '.join(q.gold)} «{q.text}»" for i, q in enumerate(questions) if q.part in listed}
    for setting in args.transl.split(";"):
        fit = await transl_fit(r, store, prior, questions, setting, learner)
        if ";" in args.transl:
            print(f"--transl {setting}:", flush=True)
        for method in filter(None, args.methods.split(",")):
            print(run(method, r, fit, golds, [q.part for q in questions], args.k, train_on,
                      misses if listed else None), flush=True)
    if args.whole:
        cands, every = fit.fold(()), range(len(cands))
        w = hedged(args.whole, make(args.whole, r, cands, golds, every), r, cands, golds, every)
        print(f"{args.whole} on the whole parts ({', '.join(chosen)}): {w}")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
