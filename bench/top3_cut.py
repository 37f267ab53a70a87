"""What keeps a gold passage out of ``/frage``'s first three hits, out of fold on the tuning parts (never the
held-out parts), and what a rule for the third place would do about it.

Each question is ranked as ``bench/weight_methods.py`` ranks it: with the weights (and hedge) a method (``--method``,
a name of ``bench/weight_methods.py``; the shipped one, ``refit.METHOD``, by default) makes on the other folds (K
folds stratified by part), the earlier questions' feature cross-fitted (``bench/prior_folds.py``), so the "as
ranked" row is the CV's row of the method. Printed:

* how many golds stand at rank 1, 2, 3, 4–10 or not among the first 10;
* of those at 4–10: how many share their group (the card, else the mechanics section, else kind and document) with
  one of the first three hits, and how many first threes hold two passages of the same text;
* hit@1 / hit@3 / MRR as ranked, without the ``rule_text`` stage (:mod:`bot.section_rule`) and the questions it
  turns into hits of hit@3 or out of them; with the first three cut to at most ``N`` passages of one group (``N`` = 1,
  2; the passages cut move down behind them, in their order); and with a diversity rule for the third place
  (:func:`third`: when the first three are all of one group, or of one kind, the best of another group or kind among
  the first 5 or 10 takes the third place), each with the questions it turns and loses.

Run: ``.venv/bin/python bench/top3_cut.py [--k 5] [--db STORE] [--parts tuning,tuning2,…,tuning6]
[--method NAME]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from cv_misses import cv_arguments, opened  # noqa: E402
from question_cv import DEPTH  # noqa: E402
from refit import METHOD  # noqa: E402
from transl_folds import cross_fitted, out_of_fold  # noqa: E402
from weight_methods import gathered, hedged, make  # noqa: E402

from bot.ranking import Hit  # noqa: E402

#: The cuts tried: at most this many passages of one group among the first three hits (0: no cut).
CUTS = (0, 1, 2)
#: The stage measured against its absence (bot/section_rule.py).
STAGE = "rule_text"


def group(h: Hit) -> Hashable:
    """The group a hit belongs to: its card, else its mechanics section, else its kind and document."""
    p = h.passage
    if p.card_id is not None:
        return ("card", p.card_id)
    if p.mechanic_id is not None:
        return ("section", p.mechanic_id)
    return ("kind", p.kind, p.source)


def kind(h: Hit) -> Hashable:
    """The kind of a hit's passage (ruling, quoted_rule, explanation …)."""
    return h.passage.kind


#: The diversity rules for the third place tried: (name, what the first three must share, how deep to look).
THIRDS: tuple[tuple[str, Callable[[Hit], Hashable], int], ...] = (
    ("one group → another group, from the first 5", group, 5),
    ("one group → another group, from the first 10", group, 10),
    ("one kind → another kind, from the first 5", kind, 5),
    ("one kind → another kind, from the first 10", kind, 10),
)


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


def third(hits: Sequence[Hit], key: Callable[[Hit], Hashable], depth: int) -> list[Hit]:
    """``hits`` (best first) with the best of the first ``depth`` whose ``key`` differs from the first three's in the
    third place when the first three share one ``key`` (MMR-like: a second kind of answer among the first three);
    the hits it passes move down one. Unchanged otherwise."""
    out = list(hits)
    if len(out) < 4 or len({key(h) for h in out[:3]}) != 1:
        return out
    shared = key(out[0])
    n = next((n for n in range(3, min(depth, len(out))) if key(out[n]) != shared), None)
    if n is not None:
        out.insert(2, out.pop(n))
    return out


def rank(hits: Sequence[Hit], gold: tuple[str, ...]) -> int | None:
    """Rank (1-based) of the first gold passage among the first :data:`question_cv.DEPTH` hits, or None."""
    return next((i for i, h in enumerate(hits[:DEPTH], 1) if h.passage.key in gold), None)


def row(ranks: Sequence[int | None]) -> str:
    """hit@1, hit@3 (percent) and MRR of ``ranks``."""
    n = max(len(ranks), 1)
    h1 = 100 * sum(r == 1 for r in ranks) / n
    h3 = 100 * sum(r is not None and r <= 3 for r in ranks) / n
    return f"{h1:.1f} % / {h3:.1f} % / {sum(1 / r for r in ranks if r) / n:.3f}"


def moved(before: Sequence[int | None], after: Sequence[int | None], ids: Sequence[str]) -> str:
    """The questions (``ids``) whose gold ``after`` brings into the first three, and those it takes out of them."""
    def top(r: int | None) -> bool:
        return r is not None and r <= 3
    won = [i for i, a, b in zip(ids, after, before, strict=True) if top(a) and not top(b)]
    lost = [i for i, a, b in zip(ids, after, before, strict=True) if top(b) and not top(a)]
    return f"{len(won)} into the first three ({' '.join(won) or '–'}), {len(lost)} out ({' '.join(lost) or '–'})"


async def main() -> None:
    """Build or open the store, rank out of fold, print the counts and the rules' figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    parser.add_argument("--method", default=METHOD)
    args = parser.parse_args()
    _, questions, store, names, r = await opened(parser, args.parts, args.db)
    cands = await gathered(r, store, questions, names)
    golds = [q.gold for q in questions]
    fit = await cross_fitted(r, store, cands, questions)  # the prior and transl parts (bench/transl_folds.py)
    where: Counter[str] = Counter()
    ranks: dict[str, list[int | None]] = {}
    ids: list[str] = []
    for fold, train, cf in out_of_fold(fit, args.k, [q.part for q in questions]):
        v = r.variant(weights=hedged(args.method, make(args.method, r, cf, golds, train), r, cf, golds, train))
        bare = v.variant(features=tuple(f for f in v.features if f != STAGE))
        for i in fold:
            ids.append(questions[i].id)
            hits = v.rank(cf[i], limit=2 * DEPTH).hits
            plain = bare.rank(cf[i], limit=2 * DEPTH).hits
            ranks.setdefault("as ranked", []).append(rank(hits, golds[i]))
            ranks.setdefault(f"without {STAGE}", []).append(rank(plain, golds[i]))
            for c in CUTS[1:]:
                ranks.setdefault(f"first three at most {c} of a group", []).append(rank(cut(hits, c), golds[i]))
            for name, key, depth in THIRDS:
                ranks.setdefault(f"third place: {name}", []).append(rank(third(plain, key, depth), golds[i]))
            at = ranks["as ranked"][-1]
            where[str(at) if at is not None and at <= 3 else "4–10" if at else "none"] += 1
            if at is not None and at > 3:
                where["4–10, a sibling of a first three"] += group(hits[at - 1]) in {group(h) for h in hits[:3]}
                where["4–10, a text twice in the first three"] += len({h.passage.text for h in hits[:3]}) < 3
    print(f"{args.method}, {args.k} folds, {len(cands)} questions: " + ", ".join(f"{k} {n}" for k, n in where.items()))
    plain = ranks[f"without {STAGE}"]
    for name, values in ranks.items():
        print(f"{name}: {row(values)}")
        if values is not plain:
            base = plain if name == "as ranked" or name.startswith("third") else ranks["as ranked"]
            print(f"    against {'the ranking without ' + STAGE if base is plain else 'as ranked'}: "
                  f"{moved(base, values, ids)}")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
