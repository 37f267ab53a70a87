"""The pairwise logistic fit of ``/frage``'s weights (bench/question_fit.py), one of the ways of making them that
``bench/weight_methods.py`` compares by CV (the shipped weights are coordinate ascent's: test_question_ascent.py):
its pairs are the gold passage's score parts minus each other candidate's, and its Newton steps end where the loss
is flat."""

from __future__ import annotations

import math
import sys
from dataclasses import fields, replace

import pytest

from bot.ranking import Weights, ranker
from tests.conftest import ROOT
from tests.questions import TUNED, load

sys.path.insert(0, str(ROOT / "bench"))
import question_fit


def by_id(part: str, qid: str):
    return next(q for q in load(part) if q.id == qid)


async def test_pairs_are_the_gold_parts_minus_each_other_candidates(ctx):
    """q010 („geteilte karte bei der fehde aufgedeckt – können dann beide spieler gewinnen?“): its gold 000:25 is
    first; each pair is 000:25's parts minus another of the first 20 hits' parts, the question's pairs weigh 1 in
    all, and against 000:22 (the same section) the sentence stage favours the gold passage (by at most its
    weight: 000:22 holds some of the question's words too)."""
    r = await ranker(ctx.store)
    r = r.variant(weights=replace(r.weights, **question_fit.START))  # the fit's first pairs: from its start
    q = by_id("tuning", "q010")
    found = await r.candidates(ctx.store, q.text, ctx.names)
    hits = r.rank(found, limit=20).hits
    assert [h.passage.key for h in hits[:2]] == ["000:25", "000:22"]
    examples = question_fit.pairs(r, [found], [tuple(q.gold)], [0], depth=20)
    others = [h for h in hits if h.passage.key not in q.gold]
    assert len(examples) == len(others) == 19
    assert math.isclose(sum(w for _, w in examples), 1.0)
    gold = [hits[0].parts.get(p, 0.0) for p in question_fit.PARTS]
    for (diff, _), other in zip(examples, others, strict=True):
        assert diff == [g - other.parts.get(p, 0.0) for g, p in zip(gold, question_fit.PARTS, strict=True)]
    sentence = question_fit.PARTS.index("sentence")
    assert 0 < examples[0][0][sentence] <= r.weights.sentence
    assert len(question_fit.pairs(r, [found], [tuple(q.gold)], [0], depth=3)) == 2


def test_logistic_ends_where_the_loss_is_flat():
    """One part (coverage) favours gold by 1 in three pairs of four and the other passage by 1 in one; bm25 is level.
    The coefficient c solves ¼·(3·σ(−c) − σ(c)) = λ(c − 1) (λ = 0.01): just under ln 3, where σ(c) = ¾ (the
    unpulled optimum), pulled a little towards 1; every other part stays at 1. With the signs flipped, above −ln 3
    (further from the pull's 1, so pulled more)."""
    cov = question_fit.PARTS.index("coverage")

    def diff(x: float) -> list[float]:
        return [x if i == cov else 0.0 for i in range(len(question_fit.PARTS))]

    examples = [(diff(1.0), 0.25)] * 3 + [(diff(-1.0), 0.25)]
    c = question_fit.logistic(examples, l2=0.01)
    sig = 1 / (1 + math.exp(-c[cov]))
    assert 0.25 * (3 * (1 - sig) - sig) == pytest.approx(0.01 * (c[cov] - 1), abs=1e-9)
    assert 1.09 < c[cov] < math.log(3)
    assert [x for i, x in enumerate(c) if i != cov] == [1.0] * (len(c) - 1)
    flipped = question_fit.logistic([(diff(-x[cov]), w) for x, w in examples], l2=0.01)
    sig = 1 / (1 + math.exp(-flipped[cov]))
    assert 0.25 * ((1 - sig) - 3 * sig) == pytest.approx(0.01 * (flipped[cov] - 1), abs=1e-9)
    assert -math.log(3) < flipped[cov] < -0.95


def test_scaled_multiplies_each_parts_fields_by_its_coefficient_over_bm25s():
    w = Weights()
    coefficients = [1.0] * len(question_fit.PARTS)
    coefficients[question_fit.PARTS.index("card")] = 2.0
    doubled = question_fit.scaled(w, coefficients)
    assert doubled.card == round(2 * w.card, 3)
    # the card text's property bonus is a part of its own, fitted apart from the card's rulings
    assert [f.name for f in fields(Weights) if getattr(doubled, f.name) != getattr(w, f.name)] == ["card"]
    prop = [1.0] * len(question_fit.PARTS)
    prop[question_fit.PARTS.index("property")] = 0.5
    assert question_fit.scaled(w, prop).property == round(w.property / 2, 3)
    halved = question_fit.scaled(w, [2.0] * len(question_fit.PARTS))
    assert halved.scale == w.scale  # bm25 keeps its unit
    assert dict(halved.kind)["term"] == round(dict(w.kind)["term"], 3)
    kinds = [1.0] * len(question_fit.PARTS)
    kinds[question_fit.PARTS.index("kind")] = 0.5
    assert dict(question_fit.scaled(w, kinds).kind)["card"] == round(dict(w.kind)["card"] / 2, 3)
    assert question_fit.scaled(w, kinds).foreign == round(w.foreign / 2, 3)
    with pytest.raises(ValueError, match="base"):
        question_fit.scaled(replace(w), [0.0, *kinds[1:]])


def test_a_fit_scores_the_tuning_parts_unless_other_parts_are_named():
    """``bench/bench_questions.py --cv 5 --fit`` (also without ``--fit-only``) loads and scores both tuning parts
    only; the held-out parts only when ``--parts`` names them; without ``--fit`` every part."""
    import bench_questions

    tuned = ["tuning", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6"]
    assert bench_questions.chosen_parts(None, fit=True) == tuned
    every = ["tuning", "heldout", "heldout2", *tuned[1:], "validation", "dev"]
    assert bench_questions.chosen_parts(None, fit=False) == every
    assert bench_questions.chosen_parts("tuning,dev", fit=True) == ["tuning", "dev"]
    assert bench_questions.chosen_parts("heldout2", fit=True) == ["heldout2"]
    assert bench_questions.TUNING_PARTS == TUNED


def test_cv_folds_mix_both_tuning_parts():
    """With the part of each question as its stratum, each of the 5 folds holds a fifth (±1) of tuning's 367, of
    tuning2's 355, of tuning3's 195, of tuning4's 179, of tuning5's 130 and of tuning6's 172 questions; every question
    is in exactly one fold; one stratum gives the folds of none."""
    from question_cv import folds

    parts = [q.part for name in TUNED for q in load(name)]
    dealt = folds(len(parts), 5, strata=parts)
    assert sorted(i for fold in dealt for i in fold) == list(range(len(parts)))
    assert [sum(parts[i] == "tuning" for i in fold) for fold in dealt] == [74, 74, 73, 73, 73]
    assert [sum(parts[i] == "tuning2" for i in fold) for fold in dealt] == [71, 71, 71, 71, 71]
    assert [sum(parts[i] == "tuning3" for i in fold) for fold in dealt] == [39, 39, 39, 39, 39]
    assert [sum(parts[i] == "tuning4" for i in fold) for fold in dealt] == [36, 35, 36, 36, 36]
    assert [sum(parts[i] == "tuning5" for i in fold) for fold in dealt] == [26, 26, 26, 26, 26]
    assert [sum(parts[i] == "tuning6" for i in fold) for fold in dealt] == [34, 35, 35, 34, 34]
    assert folds(len(parts), 5, strata=["tuning"] * len(parts)) == folds(len(parts), 5)
    with pytest.raises(ValueError, match="strata"):
        folds(3, 2, strata=["a"])
