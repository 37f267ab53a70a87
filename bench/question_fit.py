"""Pairwise logistic fit of ``/frage``'s feature weights (used by ``bench/question_cv.py`` inside each CV fold and
by ``bench/bench_questions.py --fit``; never on the held-out parts; the bot does not need it at runtime).

For each training question the candidates are ranked with the current weights (:meth:`bot.ranking.Ranker.rank`);
the best-ranked gold passage is paired with each non-gold passage among the first :data:`FIT_FROM` hits, and the
difference of their score parts (:attr:`bot.ranking.Hit.parts`: ``base`` and each feature, in score points) is
one example that gold should win. A coefficient per part is fitted by logistic regression on these differences
(Newton's method, plain Python; L2 pulling each coefficient towards 1, i.e. towards the current weights; every
question weighs 1 however many pairs it gives). The coefficients are divided by the ``base`` one, so bm25 keeps
its :attr:`bot.ranking.Weights.scale` and the hedge's margins keep their units, and multiply the weights each part
is made of (:data:`WEIGHTS_OF`). The sentence stage scores only the first hits, so the fit is repeated
:data:`FIT_ROUNDS` times from the weights it gave. It always starts from the hand-set weights (:data:`START`), so
the weights it gives do not depend on the weights shipped (which are its result on the whole tuning part).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from bot.ranking import Candidates, Hit, Ranker, Weights

#: Non-gold passages among this many first hits are paired with the gold passage (the candidate depth).
FIT_FROM = 20
#: L2 strength pulling each coefficient towards 1 (the hand-set start), per question. Chosen by 5-fold CV on both
#: tuning parts (``bench/weight_methods.py``: 0.003 / 0.01 / 0.03 / 0.1 / 0.3 / 1 give hit@1 77.7 / 78.0 / 78.7 /
#: 79.1 / 79.1 / – % before the ``unnamed`` part; with it 0.01 / 0.03 / 0.1 / 0.3 / 1: 78.1 / 78.8 / 78.9 / 79.2 /
#: 79.2 %, MRR .855 / .859 / .860 / .862 / .862): the weaker fit overfits the first part's phrasings.
FIT_L2 = 0.3
FIT_ROUNDS = 2
#: Score parts fitted, and the :class:`bot.ranking.Weights` fields each one is the product of.
WEIGHTS_OF: dict[str, tuple[str, ...]] = {
    "base": ("scale",),
    "coverage": ("coverage",),
    "concepts": ("concept",),
    "card": ("card",),
    "property": ("property",),
    "section": ("section",),
    "rule": ("rule",),
    "definition": ("definition",),
    "kind": ("kind", "foreign"),
    "answer": ("answer",),
    "sentence": ("sentence",),
    "phrase": ("phrase",),
    "action": ("action",),
    "clause": ("clause",),
    "answered": ("answered",),
    "unnamed": ("unnamed",),
    "variant": ("variant",),
    "form": ("form",),
    "general": ("general",),
    "own": ("own",),
    "prior": ("prior",),
    "transl": ("transl",),
}
PARTS = tuple(WEIGHTS_OF)
#: The fitted fields as they were hand-set before the fit (the start, and what the L2 term pulls towards). The
#: answered stage, the ``general`` part and the earlier questions' stage start off (``bench/refit.py`` chooses each
#: alone after the ascent), so the fit leaves them off: ``fit0.3>only:general`` measures the part on the fit.
START: dict[str, object] = {
    "concept": 0.25, "coverage": 3.0, "card": 6.0, "property": 13.0, "section": 6.0, "rule": 8.0, "definition": 4.0,
    "answer": 1.0, "sentence": 3.0, "foreign": 4.0, "phrase": 1.0, "action": 4.0, "unnamed": -1.0,
    "variant": -2.0, "form": 1.0, "answered": 0.0, "general": 0.0, "own": -1.0, "prior": 0.0, "earlier": 0.0,
    "transl": 0.0, "logic": 0.0, "asks": 0.0, "restated": 0.0, "headword": 0.0,
    "kind": (("ruling", 0.6), ("quoted_rule", 0.4), ("explanation", 0.4), ("mechanic", 0.3), ("cr_rule", 0.2),
             ("glossary", 0.0), ("term", -11.0), ("card", -8.0)),
}


def _vector(hit: Hit) -> list[float]:
    return [hit.parts.get(p, 0.0) for p in PARTS]


def pairs(r: Ranker, cands: Sequence[Candidates], golds: Sequence[tuple[str, ...]], idx: Sequence[int],
          depth: int = FIT_FROM) -> list[tuple[list[float], float]]:
    """Examples ``(gold parts − other parts, weight)`` of the questions ``idx`` ranked by ``r``: the best-ranked
    gold passage (anywhere among the candidates) against each non-gold passage of the first ``depth`` hits; each
    question's pairs weigh 1 in all. Pairs whose parts are all equal (passages no part tells apart: the same text
    in two documents) are left out; kept, they changed no CV figure. Questions whose gold passage is no candidate
    give none."""
    out: list[tuple[list[float], float]] = []
    for i in idx:
        hits = r.rank(cands[i], limit=len(cands[i].records)).hits
        gold = next((h for h in hits if h.passage.key in golds[i]), None)
        if gold is None:
            continue
        g = _vector(gold)
        diffs = [[a - b for a, b in zip(g, _vector(h), strict=True)] for h in hits[:depth]
                 if h.passage.key not in golds[i]]
        diffs = [d for d in diffs if any(abs(x) > 1e-12 for x in d)]
        out += [(d, 1.0 / len(diffs)) for d in diffs]
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` positive definite here)."""
    n = len(b)
    m = [[*row, v] for row, v in zip(a, b, strict=True)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    x = [0.0] * n
    for c in reversed(range(n)):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def logistic(examples: Sequence[tuple[list[float], float]], l2: float = FIT_L2, steps: int = 30) -> list[float]:
    """Coefficients ``c`` (one per part of :data:`PARTS`; ``base`` held at 1, the unit of the score) minimising
    ``Σ w·log(1 + exp(−c·d)) + l2·n/2·Σ (c − 1)²`` over the weighted examples ``(d, w)`` (``n``: the examples'
    total weight, the number of questions), by Newton's method. Holding ``base`` keeps the fit from trading the
    score's unit for its sharpness (a ``base`` coefficient near 0 would blow the other weights up)."""
    dim = len(PARTS) - 1
    c = [1.0] * dim
    lam = l2 * max(sum(w for _, w in examples), 1.0)
    for _ in range(steps):
        grad = [lam * (x - 1.0) for x in c]
        hess = [[lam * (j == k) for k in range(dim)] for j in range(dim)]
        for full, w in examples:
            d = full[1:]
            z = full[0] + sum(x * y for x, y in zip(c, d, strict=True))
            s = 1.0 / (1.0 + math.exp(min(z, 700.0)))  # σ(−z): the probability the pair is ranked wrong
            h = w * s * (1.0 - s)
            for j in range(dim):
                if d[j]:
                    grad[j] -= w * s * d[j]
                    row = hess[j]
                    for k in range(dim):
                        row[k] += h * d[j] * d[k]
        step = _solve(hess, grad)
        c = [x - y for x, y in zip(c, step, strict=True)]
        if max(abs(y) for y in step) < 1e-7:
            break
    return [1.0, *c]


def scaled(weights: Weights, coefficients: Sequence[float]) -> Weights:
    """``weights`` with each part's fields (:data:`WEIGHTS_OF`) multiplied by its coefficient divided by the
    ``base`` coefficient (bm25's scale unchanged); ``kind`` scales every kind's prior. Raises ValueError for a
    ``base`` coefficient that is not positive."""
    base = coefficients[0]
    if base <= 0:
        raise ValueError(f"base coefficient {base} is not positive")
    changes: dict[str, object] = {}
    for part, c in zip(PARTS, coefficients, strict=True):
        if part == "base":
            continue
        for name in WEIGHTS_OF[part]:
            value = getattr(weights, name)
            if name == "kind":
                changes[name] = tuple((k, round(v * c / base, 3)) for k, v in value)
            else:
                changes[name] = round(value * c / base, 3)
    return replace(weights, **changes)  # pyright: ignore[reportArgumentType]


def fit(r: Ranker, cands: Sequence[Candidates], golds: Sequence[tuple[str, ...]], idx: Sequence[int],
        depth: int = FIT_FROM, l2: float = FIT_L2, rounds: int = FIT_ROUNDS) -> Weights:
    """Weights fitted on the questions ``idx`` only (:data:`FIT_ROUNDS` rounds of :func:`pairs` and
    :func:`logistic`, each from the weights the last gave), starting from ``r``'s weights with the fitted fields
    at :data:`START`."""
    weights = replace(r.weights, **START)  # pyright: ignore[reportArgumentType]
    for _ in range(rounds):
        examples = pairs(r.variant(weights=weights), cands, golds, idx, depth)
        if not examples:
            break
        weights = scaled(weights, logistic(examples, l2))
    return weights


__all__ = ["FIT_FROM", "FIT_L2", "FIT_ROUNDS", "PARTS", "START", "WEIGHTS_OF", "fit", "logistic", "pairs",
           "scaled"]
