"""What keeps a gold passage out of ``/frage``'s first three hits, out of fold on the tuning parts (never the
held-out parts), and whether a diversity cut of the first three would help.

Each question is ranked with the weights a method (``--method``, a name of ``bench/weight_methods.py``; the shipped
one, ``refit.METHOD``, by default) makes on the other folds (K folds stratified by part, as the CV). Printed:

* how many golds stand at rank 1, 2, 3, 4–10 or not among the first 10;
* of those at 4–10: how many share their group (the card, else the mechanics section, else kind and document) with
  one of the first three hits, and how many first threes hold two passages of the same text;
* hit@1 / hit@3 / MRR with the first three hits cut to at most ``N`` passages of one group (``N`` = 1, 2; the
  passages cut move down behind them, in their order), beside no cut.

Run: ``.venv/bin/python bench/top3_cut.py [--k 5] [--db STORE] [--method ascent:mrr:wide]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from collections.abc import Hashable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS  # noqa: E402
from cv_misses import opened  # noqa: E402
from question_cv import DEPTH, folds  # noqa: E402
from refit import METHOD  # noqa: E402
from weight_methods import make  # noqa: E402

from bot.ranking import Hit  # noqa: E402

#: The cuts tried: at most this many passages of one group among the first three hits (0: no cut).
CUTS = (0, 1, 2)


def group(h: Hit) -> Hashable:
    """The group a hit belongs to: its card, else its mechanics section, else its kind and document."""
    p = h.passage
    if p.card_id is not None:
        return ("card", p.card_id)
    if p.mechanic_id is not None:
        return ("section", p.mechanic_id)
    return ("kind", p.kind, p.source)


def cut(hits: Sequence[Hit], most: int, top: int = 3) -> list[Hit]:
    """``hits`` (best first) with the first ``top`` holding at most ``most`` of one :func:`group`; the passages
    passed over follow them in their order. ``most`` 0: ``hits`` unchanged."""
    if not most:
        return list(hits)
    first: list[Hit] = []
    rest: list[Hit] = []
    seen: Counter[Hashable] = Counter()
    for h in hits:
        if len(first) < top and seen[group(h)] < most:
            first.append(h)
            seen[group(h)] += 1
        else:
            rest.append(h)
    return first + rest


def rank(hits: Sequence[Hit], gold: tuple[str, ...]) -> int | None:
    """Rank (1-based) of the first gold passage among the first :data:`question_cv.DEPTH` hits, or None."""
    return next((i for i, h in enumerate(hits[:DEPTH], 1) if h.passage.key in gold), None)


def row(ranks: Sequence[int | None]) -> str:
    """hit@1, hit@3 (percent) and MRR of ``ranks``."""
    n = max(len(ranks), 1)
    h1 = 100 * sum(r == 1 for r in ranks) / n
    h3 = 100 * sum(r is not None and r <= 3 for r in ranks) / n
    return f"{h1:.1f} % / {h3:.1f} % / {sum(1 / r for r in ranks if r) / n:.3f}"


async def main() -> None:
    """Build or open the store, rank out of fold, print the counts and the cuts' figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--parts", default=",".join(TUNING_PARTS))
    parser.add_argument("--method", default=METHOD)
    args = parser.parse_args()
    _, questions, store, names, r = await opened(parser, args.parts, args.db)
    cands = [await r.candidates(store, q.text, names) for q in questions]
    golds = [q.gold for q in questions]
    where: Counter[str] = Counter()
    ranks: dict[int, list[int | None]] = {c: [] for c in CUTS}
    for fold in folds(len(cands), args.k, strata=[q.part for q in questions]):
        train = [i for i in range(len(cands)) if i not in set(fold)]
        v = r.variant(weights=make(args.method, r, cands, golds, train))
        for i in fold:
            hits = v.rank(cands[i], limit=2 * DEPTH).hits
            for c in CUTS:
                ranks[c].append(rank(cut(hits, c), golds[i]))
            at = ranks[0][-1]
            where[str(at) if at is not None and at <= 3 else "4–10" if at else "none"] += 1
            if at is not None and at > 3:
                where["4–10, a sibling of a first three"] += group(hits[at - 1]) in {group(h) for h in hits[:3]}
                where["4–10, a text twice in the first three"] += len({h.passage.text for h in hits[:3]}) < 3
    print(f"{args.method}, {args.k} folds, {len(cands)} questions: " + ", ".join(f"{k} {n}" for k, n in where.items()))
    for c in CUTS:
        print(f"first three at most {c} of a group: {row(ranks[c])}" if c else f"no cut: {row(ranks[c])}")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
