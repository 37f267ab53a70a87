"""Coordinate ascent on ``/frage``'s weights, cheap: every question's candidates are scored once per weight
(:class:`Table`), and each setting tried re-ranks them by sums of weight × part, exactly as
:meth:`bot.ranking.Ranker.rank` adds them (used by ``bench/question_cv.py``; the tuning parts only, never the
held-out parts).

The first stage of the ranking (:meth:`bot.ranking.Ranker.first_stage`) is linear in the weights of :data:`LINEAR`:
each part of a hit (:attr:`bot.ranking.Hit.parts`) is its weight times a value of the passage and the question
(``coverage``'s value also depends on :attr:`bot.ranking.Weights.typo`, so it is read once per typo value tried).
The table reads these values once, ranking every question with each weight at 1 (:func:`unit_weights`), and keeps
only the candidates that can reach the first :data:`question_cv.DEPTH` hits for some setting inside the bounds it
was made for. The later stages (:meth:`bot.ranking.Ranker.stages`) touch only the first few hits and add
``weight × value`` with values that depend on which passages are there (``sentence``: which of a card's or a
section's passages are among them); those values are read by the ranker's own stages with unit weights, once per
set of first hits met, and kept. A stage weight must not be negative (the stages then only reorder the first
hits). The ``rule_text`` stage (:mod:`bot.section_rule`, no weight) moves a section's rule third as the ranker
does (:func:`_ruled`) unless the ranker's features leave it out; the ``current`` stage (:mod:`bot.current_first`)
moves an outdated ruling after its newer one as the ranker does (:func:`bot.current_first.current_order`). Scores are
added in another order than the ranker's, so two hits a last bit apart may swap
(``tests/answers/test_question_ascent.py`` checks the ranks against the ranker's).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.about_matter import reader
from bot.answered import TOP, group_shares, reordered
from bot.asked_kinds import REACH as ASKS_REACH
from bot.asked_kinds import asks_groups
from bot.current_first import current_order
from bot.logic_words import logic_groups
from bot.prior import group_priors
from bot.ranking import Candidates, Hit, Ranker, Weights
from bot.section_rule import REACH, rule_place
from bot.store import PassageRecord

#: Ranks read (MRR and hit@k count a gold passage among the first this many hits).
DEPTH = 10
#: The weights the first stage is linear in, and the part (:attr:`bot.ranking.Hit.parts`) each one multiplies, in
#: the order the ranker adds them (``foreign`` is subtracted inside the ``kind`` part).
LINEAR: dict[str, str] = {
    "coverage": "coverage", "concept": "concepts", "card": "card", "property": "property", "section": "section",
    "unnamed": "unnamed", "rule": "rule", "definition": "definition", "foreign": "kind", "answer": "answer",
    "general": "general", "form": "form", "variant": "variant", "own": "own", "prior": "prior",
    "transl": "transl", "restated": "restated", "headword": "headword",
}
#: Most passes of :func:`ascend` over all weights (it stops earlier, at the first pass that changes nothing).
MAX_PASSES = 8
#: The parts the table reads per unit weight (``kind`` is the prior at its start, the rest of it ``foreign``'s).
_VARIED = frozenset(LINEAR.values()) - {"kind"}
#: The stage weights (:meth:`bot.ranking.Ranker.stages`), each its own part.
STAGED = ("sentence", "phrase", "action", "clause", "answered", "earlier", "logic", "asks", "current")
#: An objective: the ranks of the gold passages (``None``: not among the first :data:`DEPTH`) → a value to maximise.
Objective = Callable[[Sequence[int | None]], tuple[float, ...]]


def mrr(ranks: Sequence[int | None]) -> tuple[float, ...]:
    """The mean reciprocal rank (``0`` for a question whose gold is not among the first :data:`DEPTH`)."""
    return (sum(1 / r for r in ranks if r) / max(len(ranks), 1),)


def hit1_mrr(ranks: Sequence[int | None]) -> tuple[float, ...]:
    """hit@1 (questions whose gold is first), ties broken by :func:`mrr`."""
    return (float(sum(r == 1 for r in ranks)), *mrr(ranks))


OBJECTIVES: dict[str, Objective] = {"mrr": mrr, "hit1": hit1_mrr}


def unit_weights(w: Weights, typo: float) -> Weights:
    """``w`` with every weight of :data:`LINEAR` at 1 but ``foreign`` at 0, the stages off and ``typo``: each
    linear part of a hit is then its value (``kind`` the kind prior alone)."""
    units = {**dict.fromkeys(LINEAR, 1.0), "foreign": 0.0}
    return replace(w, **units, sentence=0.0, phrase=0.0, action=0.0, clause=0.0, answered=0.0, earlier=0.0,
                   logic=0.0, asks=0.0, current=0.0, typo=typo)


@dataclass
class _Question:
    """One question's surviving candidates: passage ids, gold flags, the fixed part (scaled bm25 + kind prior), the
    linear values per weight (``coverage`` per typo value), the unit-weight hits (for the stages) and the stage
    values met so far."""

    found: Candidates
    ids: list[int]
    gold: list[bool]
    fixed: list[float]
    values: dict[str, list[float]]
    coverage: dict[float, list[float]]
    hits: list[Hit]
    sentence: dict[frozenset[int], dict[int, float]] = field(default_factory=dict)
    later: dict[int, tuple[float, float, float]] = field(default_factory=dict)
    answered: dict[tuple[int, ...], list[tuple[list[int], list[float]]]] = field(default_factory=dict)
    earlier: dict[tuple[int, ...], list[tuple[list[int], list[float]]]] = field(default_factory=dict)
    logic: dict[tuple[int, ...], list[tuple[list[int], list[float]]]] = field(default_factory=dict)
    asks: dict[tuple[int, ...], list[tuple[list[int], list[float]]]] = field(default_factory=dict)
    #: The last first-stage result: (typo and linear weights, scores, order of the first hits) (:meth:`Table._first`).
    first: tuple[tuple[float, ...], list[float], list[int]] | None = None


def _bounds(w: Weights, grid: Mapping[str, Iterable[float]]) -> dict[str, tuple[float, float]]:
    """Per linear weight, the least and the most value a setting may give it: its grid values and ``w``'s."""
    out = {}
    for name in LINEAR:
        values = [*grid.get(name, ()), getattr(w, name)]
        out[name] = (min(values), max(values))
    return out


class Table:
    """Every question's candidates scored once per weight (see the module doc) with the non-linear settings of
    ``r.weights`` (bm25, kind priors, ``rule``…), for settings whose linear weights lie inside ``grid``'s values and
    ``r.weights``' own, and ``typo`` among them. Built in ~1 ranking per question and typo value tried.

    Raises:
        ValueError: a stage weight of ``r.weights`` or ``grid`` is negative.
    """

    def __init__(self, r: Ranker, cands: Sequence[Candidates], golds: Sequence[tuple[str, ...]],
                 grid: Mapping[str, Iterable[float]]) -> None:
        self.start = r.weights
        grid = {k: tuple(v) for k, v in grid.items()}
        if any(v < 0 for s in STAGED for v in (*grid.get(s, ()), getattr(self.start, s))):
            raise ValueError("a stage weight below 0 would move hits below the first ones")
        self.bounds = _bounds(self.start, grid)
        self.typos = tuple(dict.fromkeys((*grid.get("typo", ()), self.start.typo)))
        self.depth = max(DEPTH, int(self.start.siblings), int(self.start.phrases))
        self.unit = r.variant(weights=unit_weights(self.start, self.start.typo))
        self._sentence_unit = r.variant(weights=replace(self.unit.weights, sentence=1.0))
        self._later_unit = r.variant(weights=replace(self.unit.weights, phrase=1.0, action=1.0, clause=1.0))
        self.questions = [self._question(r, c, g) for c, g in zip(cands, golds, strict=True)]
        #: Per weight, the questions whose ranks it can change (absent: any question).
        self.touched: dict[str, frozenset[int]] = {
            n: frozenset(i for i, q in enumerate(self.questions) if n in q.values) for n in LINEAR if n != "coverage"}
        self.touched["typo"] = frozenset(i for i, q in enumerate(self.questions) if len(q.coverage) > 1)
        self.touched["action"] = frozenset(i for i, q in enumerate(self.questions) if q.found.action)
        self.touched["clause"] = frozenset(i for i, q in enumerate(self.questions) if q.found.roles.total)
        self.touched["answered"] = frozenset(i for i, q in enumerate(self.questions)
                                             if q.found.roles.total and q.found.cues)
        self.touched["earlier"] = frozenset(i for i, q in enumerate(self.questions) if q.found.prior)
        self.touched["logic"] = frozenset(i for i, q in enumerate(self.questions) if q.found.logic)
        self.touched["asks"] = frozenset(i for i, q in enumerate(self.questions) if q.found.asks)

    def _question(self, r: Ranker, found: Candidates, gold: tuple[str, ...]) -> _Question:
        w = self.start
        hits = self.unit.first_stage(found)
        kind0 = {h.passage.id: h.parts.get("kind", 0.0) for h in hits}
        # scaled bm25, the kind prior and any part whose weight the table does not vary, at the start's weights
        fixed = {h.passage.id: sum(v for k, v in h.parts.items() if k not in _VARIED) for h in hits}
        english = dict.fromkeys(kind0, 0.0)  # minus 1 for an English passage of the documents, a German question
        if not found.english:
            no_kind = replace(self.unit.weights, foreign=1.0, kind=tuple((k, 0.0) for k, _ in w.kind))
            v = r.variant(weights=no_kind, features=("kind",))
            english = {h.passage.id: h.parts.get("kind", 0.0) for h in v.first_stage(found)}
        coverage = {w.typo: {h.passage.id: h.parts.get("coverage", 0.0) for h in hits}}
        if found.analysis.repaired & set(found.analysis.terms):  # the typo weight changes coverage
            for t in self.typos:
                v = r.variant(weights=unit_weights(w, t), features=("coverage",))
                coverage[t] = {h.passage.id: h.parts.get("coverage", 0.0) for h in v.first_stage(found)}
        rows = []
        for h in hits:
            pid = h.passage.id
            vals = {n: (english[pid] if n == "foreign" else h.parts.get(part, 0.0)) for n, part in LINEAR.items()}
            covs = [c[pid] for c in coverage.values()]
            lo = hi = fixed[pid]
            for n, (a, b) in self.bounds.items():
                if n == "coverage":
                    x, y = min(covs), max(covs)  # the values are not negative
                    lo, hi = lo + min(a * x, b * x), hi + max(a * y, b * y)
                elif x := vals[n]:
                    lo, hi = lo + min(a * x, b * x), hi + max(a * x, b * x)
            rows.append((h, vals, lo, hi))
        floor = heapq.nlargest(self.depth, (lo for _, _, lo, _ in rows))
        cut = floor[-1] if len(floor) == self.depth else float("-inf")
        kept = [row for row in rows if row[3] >= cut - 1e-9]
        return _Question(
            found, [h.passage.id for h, *_ in kept], [h.passage.key in gold for h, *_ in kept],
            [fixed[h.passage.id] for h, *_ in kept],
            {n: col for n in LINEAR if n != "coverage" and any(col := [vals[n] for _, vals, *_ in kept])},
            {t: [c[h.passage.id] for h, *_ in kept] for t, c in coverage.items()}, [h for h, *_ in kept])

    def ranks(self, w: Weights, idx: Iterable[int] | None = None) -> list[int | None]:
        """The rank (1-based, among the first :data:`DEPTH`; else None) of the first gold passage of each question
        (of those ``idx`` when given) with the weights ``w`` (its non-linear settings those the table was made with).

        Raises:
            ValueError: a linear weight of ``w`` outside the table's bounds, its ``typo`` not one of the table's,
                or a stage weight below 0.
        """
        for name, (lo, hi) in self.bounds.items():
            if not lo - 1e-12 <= getattr(w, name) <= hi + 1e-12:
                raise ValueError(f"{name} {getattr(w, name)} outside the table's bounds {lo}–{hi}")
        if w.typo not in self.typos or any(getattr(w, s) < 0 for s in STAGED):
            raise ValueError(f"typo {w.typo} not among {self.typos}, or a stage weight below 0")
        factors = {n: getattr(w, n) for n in LINEAR}
        chosen = self.questions if idx is None else [self.questions[i] for i in idx]
        return [self._rank(q, w, factors) for q in chosen]

    def _first(self, q: _Question, w: Weights, factors: dict[str, float]) -> tuple[list[float], list[int]]:
        """The first stage's scores of ``q``'s candidates with ``w`` and the indices of its first hits, best first
        (new lists). The last result is kept per question: a setting that differs only in a stage weight (a third
        of the grid's steps) reuses it, the very same figures."""
        key = (w.typo, *factors.values())
        if q.first is not None and q.first[0] == key:
            return q.first[1][:], q.first[2][:]
        cov = q.coverage.get(w.typo) or q.coverage[self.start.typo]
        c = factors["coverage"]
        s = [x + c * y for x, y in zip(q.fixed, cov, strict=True)]
        for name, col in q.values.items():
            if f := factors[name]:
                s = [x + f * y for x, y in zip(s, col, strict=True)]
        ranked = zip([-x for x in s], q.ids, range(len(s)), strict=True)  # best first, ties by passage id
        order = [i for *_, i in heapq.nsmallest(self.depth, ranked)]
        q.first = (key, s[:], order[:])
        return s, order

    def _rank(self, q: _Question, w: Weights, factors: dict[str, float]) -> int | None:
        s, order = self._first(q, w, factors)
        ids = q.ids
        if w.sentence:
            top = order[: int(self.start.siblings)]
            units = self._sentence(q, top)
            for i in top:
                s[i] += w.sentence * units[i]
            order.sort(key=lambda i: (-s[i], ids[i]))
        stages = [(w.phrase, 0)] + ([(w.action, 1)] if q.found.action else [])
        stages += [(w.clause, 2)] if q.found.roles.total else []
        for weight, which in stages:
            if weight:
                for i in order[: int(self.start.phrases)]:
                    s[i] += weight * self._later(q, i)[which]
                order.sort(key=lambda i: (-s[i], ids[i]))
        if w.answered and q.found.roles.total and q.found.cues:  # siblings among the first TOP swap places only
            _swapped(order, s, ids, self._answered(q, order[:TOP]), w.answered)
        if w.earlier and q.found.prior:  # the same by the earlier questions (bot.prior.prior_stage)
            top = order[:TOP]
            key = tuple(top)
            if (groups := q.earlier.get(key)) is None:
                logic = reader(self.unit._logic, q.found.roles, self.unit.analyser)
                groups = q.earlier[key] = group_priors([q.hits[i] for i in top], q.found.prior, q.found.logic,
                                                       logic, self.unit.rules)
            _swapped(order, s, ids, groups, w.earlier)
        if w.logic and q.found.logic:  # the same by the logic asked (bot.logic_words.logic_stage)
            top = order[:TOP]
            key = tuple(top)
            if (groups := q.logic.get(key)) is None:
                groups = q.logic[key] = logic_groups([q.hits[i] for i in top], q.found.logic,
                                                     reader(self.unit._logic, q.found.roles, self.unit.analyser))
            _swapped(order, s, ids, groups, w.logic)
        if w.asks and q.found.asks:  # the same by what the question asks for (bot.asked_kinds.asks_stage)
            top = order[:ASKS_REACH]
            if (groups := q.asks.get(key := tuple(top))) is None:
                groups = q.asks[key] = asks_groups([q.hits[i] for i in top], q.found.asks, q.found.roles,
                                                   self.unit._sentence_words, self.unit._kinds)
            _swapped(order, s, ids, groups, w.asks)
        if w.current and self.unit.outdated:  # an outdated ruling after its newer one (bot.current_first)
            kept = current_order([q.hits[i].passage for i in order], [s[i] for i in order], self.unit.outdated,
                                 w.current)
            order[:] = [order[k] for k in kept]
        if "rule_text" in self.unit.features:  # a section's rule third (bot.section_rule.rule_stage)
            _ruled(order, s, [q.hits[i].passage for i in order[:REACH]])
        return next((k for k, i in enumerate(order[:DEPTH], 1) if q.gold[i]), None)

    def _answered(self, q: _Question, top: list[int]) -> list[tuple[list[int], list[float]]]:
        """:func:`bot.answered.group_shares` of ``top`` (indices of the first hits, in their order), kept per
        ``top`` (the groups depend on which passages are there)."""
        key = tuple(top)
        if (known := q.answered.get(key)) is None:
            known = q.answered[key] = group_shares([q.hits[i] for i in top], q.found.roles, q.found.cues,
                                                   self.unit._sentence_words)
        return known

    def _sentence(self, q: _Question, top: list[int]) -> dict[int, float]:
        """The sentence stage's value of each of ``top`` (indices of the first hits) with the others there, kept."""
        key = frozenset(top)
        if (known := q.sentence.get(key)) is None:
            hits = [_bare(q.hits[i]) for i in top]
            self._sentence_unit.stages(hits, q.found)
            by_id = {h.passage.id: h.parts.get("sentence", 0.0) for h in hits}
            known = q.sentence[key] = {i: by_id[q.ids[i]] for i in top}
        return known

    def _later(self, q: _Question, i: int) -> tuple[float, float, float]:
        """The phrase, action and clause stages' values of candidate ``i`` (they depend on the passage alone), kept."""
        if (known := q.later.get(i)) is None:
            hit = _bare(q.hits[i])
            self._later_unit.stages([hit], q.found)
            known = q.later[i] = (hit.parts.get("phrase", 0.0), hit.parts.get("action", 0.0),
                                  hit.parts.get("clause", 0.0))
        return known

    def score(self, w: Weights, objective: Objective = mrr, idx: Sequence[int] | None = None) -> tuple[float, ...]:
        """``objective`` of the ranks with ``w`` of the questions ``idx`` (all when None)."""
        return objective(self.ranks(w, idx))


def _better(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """``a`` beats ``b`` lexicographically by more than float noise."""
    for x, y in zip(a, b, strict=True):
        if abs(x - y) > 1e-9:
            return x > y
    return False


def ascend(table: Table, grid: Mapping[str, Iterable[float]], objective: Objective = mrr,
           idx: Sequence[int] | None = None, start: Weights | None = None, passes: int = MAX_PASSES) -> Weights:
    """Coordinate ascent on ``objective`` of the questions ``idx`` (all when None) from ``start`` (the table's own
    weights when None; a weight outside its grid's range first set to the nearest end, :func:`within`, so a grid's
    floor holds): each weight of ``grid`` in turn set to each of its values (and its current one), a value
    kept when it beats the best so far; passes over all weights until one changes nothing (then no single grid
    step of any weight improves the objective: :func:`improving_steps` is empty), at most ``passes``."""
    best = within(table.start if start is None else start, grid)
    idx = list(range(len(table.questions))) if idx is None else list(idx)
    ranks = dict(zip(idx, table.ranks(best, idx), strict=True))
    best_score = objective(list(ranks.values()))
    for _ in range(passes):
        moved = False
        for name, values in grid.items():
            for value in dict.fromkeys((*values, getattr(best, name))):
                trial = replace(best, **{name: value})
                new = _retried(table, trial, name, idx, ranks)
                score = objective(list(new.values()))
                if _better(score, best_score):
                    best, best_score, ranks, moved = trial, score, new, True
        if not moved:
            break
    return best


def within(w: Weights, grid: Mapping[str, Iterable[float]]) -> Weights:
    """``w`` with each weight of ``grid`` that lies outside the range of its grid values set to the nearest end (a
    grid's lowest value is a floor: WIDE's ``concept`` 0.4, ``foreign`` 2, ``form`` 2)."""
    moved = {}
    for name, values in grid.items():
        low, high = min(values), max(values)
        value = getattr(w, name)
        if not low <= value <= high:
            moved[name] = min(max(value, low), high)
    return replace(w, **moved) if moved else w


def improving_steps(table: Table, w: Weights, grid: Mapping[str, Iterable[float]], objective: Objective = mrr,
                    idx: Sequence[int] | None = None) -> list[tuple[str, float, tuple[float, ...]]]:
    """Every single grid step from ``w`` (one weight of ``grid`` set to one of its values) that improves
    ``objective`` on the questions ``idx`` (all when None): ``(weight, value, objective)``; empty at a local optimum
    such as :func:`ascend`'s result."""
    idx = list(range(len(table.questions))) if idx is None else list(idx)
    ranks = dict(zip(idx, table.ranks(w, idx), strict=True))
    here = objective(list(ranks.values()))
    out = []
    for name, values in grid.items():
        for value in values:
            score = objective(list(_retried(table, replace(w, **{name: value}), name, idx, ranks).values()))
            if _better(score, here):
                out.append((name, value, score))
    return out


def _retried(table: Table, trial: Weights, name: str, idx: list[int], ranks: dict[int, int | None]
             ) -> dict[int, int | None]:
    """``ranks`` with the questions whose ranks a change of weight ``name`` can move re-ranked with ``trial``."""
    touched = table.touched.get(name)
    redo = idx if touched is None else [i for i in idx if i in touched]
    return {**ranks, **dict(zip(redo, table.ranks(trial, redo), strict=True))}


def _swapped(order: list[int], s: list[float], ids: Sequence[int], groups: Sequence[tuple[list[int], list[float]]],
             weight: float) -> None:
    """``order`` (candidate indices, best first) and ``s`` (their scores) as :func:`bot.answered.swap_siblings` leaves
    the hits: each group's members (places among the first :data:`TOP`, and their values) in its places in the order
    of :func:`bot.answered.reordered`, each with the score of the place it takes; in place."""
    top = list(order)  # a group's places may lie beyond the first TOP (bot.asked_kinds.REACH)
    for places, shares in groups:
        members = [top[n] for n in places]
        scores = [s[i] for i in members]
        new = reordered(scores, [ids[i] for i in members], shares, weight)
        for place, score, n in zip(places, scores, new, strict=True):
            order[place] = members[n]
            s[members[n]] = score


def _ruled(order: list[int], s: list[float], first: Sequence[PassageRecord]) -> None:
    """``order`` (candidate indices, best first) and ``s`` (their scores) as :func:`bot.section_rule.rule_stage` leaves
    the hits, ``first`` the passages of ``order``'s first hits: the section's rule :func:`bot.section_rule.rule_place`
    finds takes the third place with that place's score, the hits it passes move down one; in place."""
    n = rule_place(first)
    if n is not None:
        third = TOP - 1
        rule = order.pop(n)
        s[rule] = s[order[third]]
        order.insert(third, rule)


def _bare(h: Hit) -> Hit:
    """A copy of ``h`` for a stage: score 0 and only the ``card`` mark the sentence stage reads."""
    return Hit(h.passage, 0.0, {"card": 1.0} if "card" in h.parts else {})
