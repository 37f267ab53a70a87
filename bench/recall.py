"""Recall of ``/frage``'s candidate gathering on the tuning parts (never the held-out parts): is a question's gold
passage among the candidates :meth:`bot.ranking.Ranker.candidates` gathers at all, and how deep?

Per question, for its best-placed gold passage:

* **pool**: where the gold stands in the full-text pool, the passages the FTS5 query
  (:meth:`bot.ranking.Ranker._match`: analysed terms and typed words) finds ranked by ``-bm25`` with the shipped
  column weights: its rank there (the pool keeps the first :attr:`bot.weights.Weights.candidates`), or "no match"
  (no term of the query is in the gold's columns: only a named card or section can bring it in);
* **gathered**: whether it is among the candidates at all (the pool's first ``candidates``, a named card's rulings
  and text, the rulings of the section a named card is printed in);
* **final**: its rank after the whole ranking with the shipped weights (the ``prior`` and ``transl`` parts
  cross-fitted from the other questions: bench/transl_folds.py, :func:`transl_folds.cross_fitted`; out of fold with
  ``--cv``, never from the question's own pair).

Printed: a table of the pool depths (counts and shares) and, with ``--cv``, for the out-of-fold misses below the
third place of a weight method (the shipped method by default, as ``bench/weight_methods.py`` runs it), how many
were gathered and at which pool depth; ``--list`` adds one line per question whose gold is not gathered or stands
below ``--deep`` in the pool (id, pool rank, text, gold keys), for tuning parts only.

Run: ``.venv/bin/python bench/recall.py [--db STORE] [--parts tuning,tuning2,tuning3] [--cv] [--k 5]
[--method METHOD] [--list] [--deep 60] [--set candidates=200]``. Only the tuning parts are accepted (``--parts
heldout`` is a usage error).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import Question  # noqa: E402
from cv_misses import cv_arguments, opened  # noqa: E402
from question_cv import DEPTH  # noqa: E402
from refit import METHOD  # noqa: E402
from transl_folds import cross_fitted, out_of_fold  # noqa: E402
from weight_methods import gathered, hedged, make  # noqa: E402

from bot.ranking import Candidates, Ranker, Weights  # noqa: E402
from bot.store import Store  # noqa: E402

#: The method ``docs/ranking.md`` ships (``bench/refit.py``'s), run by ``--cv`` unless ``--method`` names another.
SHIPPED = METHOD
#: How deep the pool is read for the gold's rank (beyond the shipped ``candidates``).
POOL = 5000
#: The depth buckets of the table: upper bounds of the pool rank (inclusive).
BUCKETS = (1, 3, 10, 30, 60, 120, 300, 1000, POOL)
NO_MATCH = 10**9


@dataclass(frozen=True)
class Recall:
    """One question's recall: the gold's best pool rank (1-based; :data:`NO_MATCH` when the FTS query does not match
    it or it is below :data:`POOL`), whether it is gathered, and its final rank (None: below the ranked hits)."""

    question: Question
    pool: int
    gathered: bool
    final: int | None


async def pool_rank(r: Ranker, store: Store, found: Candidates, gold: Sequence[str]) -> int:
    """The best rank of a gold passage of ``gold`` (keys) among the passages the full-text query of ``found``'s
    analysis matches, ordered as :meth:`bot.store.Store.passage_candidates` orders them; :data:`NO_MATCH` if none."""
    match, w = r._match(found.analysis), r.weights  # the query the ranker runs
    if not match:
        return NO_MATCH
    rows = await store.passage_candidates(match, POOL, (w.names, w.terms, w.raw))
    ids = {p.id for k in gold if (p := await store.passage_by_key(k)) is not None}
    return next((i for i, (pid, _) in enumerate(rows, 1) if pid in ids), NO_MATCH)


def final_rank(r: Ranker, found: Candidates, gold: Sequence[str]) -> int | None:
    """The gold's rank in ``r``'s whole ranking of ``found`` (every candidate), or None when not gathered."""
    hits = r.rank(found, limit=len(found.records) or 1).hits
    return next((i for i, h in enumerate(hits, 1) if h.passage.key in gold), None)


def bucket(rank: int) -> str:
    """The label of the table row of a pool rank."""
    if rank == NO_MATCH:
        return "no match"
    low = 1
    for high in BUCKETS:
        if rank <= high:
            return f"{low}" if low == high else f"{low}–{high}"
        low = high + 1
    return "no match"


def table(rows: Sequence[Recall], title: str) -> str:
    """The depth table of ``rows``: per bucket the questions, their share, how many were gathered, and how many of
    them end in the first three."""
    labels = [bucket(b) for b in BUCKETS] + ["no match"]
    out = [title, f"{'pool rank':>12} {'questions':>9} {'share':>7} {'gathered':>8} {'final ≤3':>8}"]
    for label in dict.fromkeys(labels):
        got = [x for x in rows if bucket(x.pool) == label]
        if not got:
            continue
        top3 = sum(1 for x in got if x.final is not None and x.final <= 3)
        out.append(f"{label:>12} {len(got):>9} {100 * len(got) / len(rows):>6.1f}% "
                   f"{sum(x.gathered for x in got):>8} {top3:>8}")
    gathered_all = sum(x.gathered for x in rows)
    out.append(f"{'all':>12} {len(rows):>9} {100.0:>6.1f}% {gathered_all:>8} "
               f"{sum(1 for x in rows if x.final is not None and x.final <= 3):>8}")
    out.append(f"gathered: {gathered_all}/{len(rows)} ({100 * gathered_all / max(1, len(rows)):.1f} %)")
    return "\n".join(out)


async def main() -> None:
    """Open or build the store, gather every question's candidates once, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    parser.add_argument("--cv", action="store_true", help="also the out-of-fold misses below third place")
    parser.add_argument("--method", default=SHIPPED, help="the weight method of --cv (bench/weight_methods.py)")
    parser.add_argument("--list", action="store_true", help="one line per question not gathered or deep")
    parser.add_argument("--deep", type=int, default=60, help="--list: pool ranks below this are listed")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a weight of bot.ranking.Weights changed before the candidates are gathered "
                             "(candidates=200: a wider pool)")
    args = parser.parse_args()
    _, questions, store, names, r = await opened(parser, args.parts, args.db)
    fields = {f.name: f.type for f in dataclasses.fields(Weights)}
    changed = {n: (int(v) if fields.get(n) == "int" else float(v)) for n, v in (s.split("=", 1) for s in args.set)}
    r = r.variant(weights=dataclasses.replace(r.weights, **changed))
    start = time.perf_counter()
    cands = await gathered(r, store, questions, names)
    golds = [q.gold for q in questions]
    fit = await cross_fitted(r, store, cands, questions)
    whole = fit.fold(())
    rows = [Recall(q, await pool_rank(r, store, c, q.gold), any(p.key in q.gold for p in c.records.values()),
                   final_rank(r, w, q.gold)) for q, c, w in zip(questions, cands, whole, strict=True)]
    print(f"{len(questions)} questions of {args.parts}; pool of {r.weights.candidates} by bm25; "
          f"{time.perf_counter() - start:.1f} s")
    print(table(rows, "Gold's rank in the full-text pool (shipped weights, whole ranking):"))
    if args.list:
        for x in rows:
            if not x.gathered or x.pool > args.deep:
                pool = "none" if x.pool == NO_MATCH else x.pool
                print(f"  {x.question.id} pool {pool} gathered {x.gathered} final {x.final}: {x.question.text}"
                      f"  → {', '.join(x.question.gold)}")
    if args.cv:
        misses = []
        for fold, train, fc in out_of_fold(fit, args.k, [q.part for q in questions]):
            v = r.variant(weights=hedged(args.method, make(args.method, r, fc, golds, train), r, fc, golds, train))
            for i in fold:
                rank = final_rank(v, fc[i], golds[i])
                if rank is None or rank > 3:
                    misses.append(Recall(questions[i], rows[i].pool, rows[i].gathered, rank))
        print(table(misses, f"\nCV {args.k} folds, {args.method}: out-of-fold misses below third place "
                            f"(final: rank out of fold; {sum(1 for m in misses if m.final and m.final <= DEPTH)} "
                            f"within the first {DEPTH}):"))
        if args.list:
            for x in misses:
                pool = "none" if x.pool == NO_MATCH else x.pool
                print(f"  {x.question.id} pool {pool} gathered {x.gathered} final {x.final}: {x.question.text}"
                      f"  → {', '.join(x.question.gold)}")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
