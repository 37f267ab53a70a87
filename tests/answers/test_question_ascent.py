"""How ``/frage``'s weights are made (bench/question_ascent.py, bench/refit.py): coordinate ascent over the grid of
``bench/question_cv.py`` from the hand-set weights, on the table of candidates scored once per weight. The shipped
weights are its result on the whole tuning parts: no single grid step of any weight improves the objective there,
and every weight outside the grid is still at its hand-set start."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from bot.prior import HOW
from bot.ranking import Weights, ranker
from tests.conftest import ROOT
from tests.questions import WEIGHTS_MADE_ON, load

sys.path.insert(0, str(ROOT / "bench"))
import question_ascent
import refit
from bench_questions import Question
from prior_folds import cross_fit, without_file
from question_cv import DEPTH, WIDE_ANSWERED, rank_of
from question_fit import START
from refit import GRID
from transl_folds import transl_fit
from weight_methods import gathered, make, mean_weights


def bench_question(q) -> Question:
    """A question of the set as the benches hold it."""
    return Question(q.id, q.text, tuple(q.gold), q.part)

REFIT = ("after a change to the ranking's features or vocabulary: `.venv/bin/python bench/refit.py` prints the new "
         "weights to copy into bot/weights.py")


async def test_the_shipped_weights_are_the_ascent_on_both_tuning_parts(ctx):
    """No single grid step of any weight of ``GRID`` (each set to any of its values) raises the shipped objective
    (:data:`refit.OBJECTIVE`) on the three whole tuning parts (836 questions) with the answered stage off, no value
    of the stage's weight raises it with the others as shipped, and the fields the ascent does not set are those it
    starts from: bench/refit.py gives the shipped weights (a local optimum is where its ascent stops; then the
    stage's weight alone is chosen, docs/ranking.md ²⁹)."""
    r = without_file(await ranker(ctx.store))
    shipped = Weights()
    for name, value in START.items():
        if name not in GRID and name not in refit.THEN_GRID:
            assert getattr(shipped, name) == value, f"{name} is not at its hand-set start; {REFIT}"
    questions = [bench_question(q) for part in WEIGHTS_MADE_ON for q in load(part)]
    # as bench/refit.py: each question's prior feature from the other questions only (bench/prior_folds.py)
    prior = cross_fit(r, [await r.candidates(ctx.store, q.text, ctx.names) for q in questions], questions, HOW)
    cands = (await transl_fit(r, ctx.store, prior, questions, refit.TRANSL)).fold(())  # and its transl part
    objective = question_ascent.OBJECTIVES[refit.OBJECTIVE]
    table = question_ascent.Table(r, cands, [tuple(q.gold) for q in questions], {**GRID, **refit.THEN_GRID})
    # the ascent runs with the answered stage off (its start), then the stage's weight alone is chosen
    steps = question_ascent.improving_steps(table, replace(shipped, **refit.THEN_START), GRID, objective)
    assert steps == [], f"grid steps that improve the shipped weights: {steps}; {REFIT}"
    steps = question_ascent.improving_steps(table, shipped, refit.THEN_GRID, objective)
    assert steps == [], f"the answered stage's steps that improve the shipped weights: {steps}; {REFIT}"


async def test_the_table_ranks_as_the_ranker(ctx):
    """The table's ranks of the gold passages (sums of weight × part, the stages' parts kept per set of first hits)
    are the ranker's own, with the shipped weights and with every grid weight at one end of its grid (40 questions
    of each tuning part); a weight outside the table's bounds is refused."""
    r = await ranker(ctx.store)
    questions = [q for part in WEIGHTS_MADE_ON for q in load(part)[:40]]
    cands = [await r.candidates(ctx.store, q.text, ctx.names) for q in questions]
    golds = [tuple(q.gold) for q in questions]
    table = question_ascent.Table(r, cands, golds, GRID)
    low = replace(r.weights, **{n: min(v) for n, v in GRID.items()})
    high = replace(r.weights, **{n: max(v) for n, v in GRID.items()})
    for w in (r.weights, low, high):
        v = r.variant(weights=w)
        expected = [rank_of(v.rank(c, limit=DEPTH), g) for c, g in zip(cands, golds, strict=True)]
        assert table.ranks(w) == expected
    assert len(set(map(tuple, [table.ranks(w) for w in (r.weights, low, high)]))) == 3  # the settings rank apart
    with pytest.raises(ValueError, match="card"):
        table.ranks(replace(r.weights, card=max(GRID["card"]) + 1))


async def test_only_clause_chooses_the_stage_weight_alone(ctx):
    """``only:clause`` (bench/weight_methods.py; docs/ranking.md ²²) keeps every weight and the hedge as shipped and
    sets the clause stage's weight to the value of ``WIDE_CLAUSE`` with the best MRR: on the first 60 questions of
    each tuning part 4 (MRR 0.891, 147 first hits, since 003's entry whose headword the question names is raised and
    ``restated`` is -3, docs/ranking.md ¹⁵⁷; MRR 0.8989, 150 first hits, since a card's ruling whose words a rule holds
    is lowered, docs/ranking.md ¹⁴⁸; MRR 0.8986, 150 first hits, since the current stage reads the ``unchanged`` rows'
    newer rulings
    too: t3-021's gold 002:25, today's ruling on a split card's half on the stack, before 001:2057 which it confirms,
    docs/ranking.md ¹¹⁶; MRR 0.8958, 149 first hits, since an English question's function words are no terms: q030
    „how do you win a clash“, its gold 000:37, rule 701.19c, seventh → sixth, docs/ranking.md ⁷⁸; MRR 0.8957, 149
    first hits, since a form a synonym group lists names no card by its stem,
    „kriegen“ no longer Kosten des Krieges, docs/ranking.md ⁶⁷; MRR 0.8948, 149 first hits, since the section's rule
    third, docs/ranking.md ⁵⁸: t2-008's gold,
    Fehde's rule 701.19c, fourth → third below three rulings of Fehde, and „ausgelöst“ and the zu-infinitives read as
    their verb, ⁵⁵; each alone MRR 0.892, 148 and MRR 0.8943, 149; MRR 0.8915, 148 first hits, with the weights refit
    after the merge of docs/ranking.md ³¹–³⁴;
    MRR 0.8858, 146 first hits, with the weights refit after the verbs in ``-ieren`` and the
    owner of „wem gehört“, docs/ranking.md ³¹; MRR 0.8836 after the players' words of ³⁰; 6 with the weights refit
    on the three tuning parts, ²⁸: MRR 0.883, 146 first hits; on the first two parts with the weights before, 4:
    MRR 0.8764, 96 first hits). Measured with the answered stage off, as
    the clause stage was measured (with it at its shipped 6 these questions choose clause 0, ²⁹), and the logic stage
    off, which came after it (with it at its shipped 2 they choose clause 0 too: MRR 0.9017, 151 first hits, ⁷⁷)."""
    r = without_file(await ranker(ctx.store))  # the prior feature off: these figures were measured without it
    r = r.variant(weights=replace(r.weights, answered=0.0, logic=0.0))
    questions = [q for part in WEIGHTS_MADE_ON for q in load(part)[:60]]
    cands = await gathered(r, ctx.store, questions, ctx.names)
    golds = [tuple(q.gold) for q in questions]
    w = make("only:clause", r, cands, golds, range(len(questions)))
    assert w == replace(r.weights, clause=4.0)
    ranks = [rank_of(r.variant(weights=w).rank(c, limit=DEPTH), g) for c, g in zip(cands, golds, strict=True)]
    assert (round(question_ascent.OBJECTIVES["mrr"](ranks)[0], 4), ranks.count(1)) == (0.891, 147)
    with pytest.raises(ValueError, match="rule"):
        make("only:rule", r, cands, golds, range(len(questions)))


def test_foldavg_averages_its_ascents_field_by_field():
    """``foldavg`` (bench/weight_methods.py, a method bench/nested_cv.py compares) is the field-wise mean of its
    ascents, rounded to 0.001: each kind's prior averaged, the depths kept; no weights to average is an error."""
    a = replace(Weights(), card=4.0, typo=0.5, kind=(("ruling", 0.6), ("term", -11.0)))
    b = replace(Weights(), card=6.0, typo=1.0, kind=(("ruling", 0.2), ("term", -9.0)))
    mean = mean_weights([a, b, b])
    assert (mean.card, mean.typo, mean.kind) == (5.333, 0.833, (("ruling", 0.333), ("term", -9.667)))
    assert (mean.siblings, mean.phrases) == (Weights().siblings, Weights().phrases)
    with pytest.raises(ValueError, match="no weights"):
        mean_weights([])


async def test_the_table_ranks_as_the_ranker_with_the_answered_stage(ctx):
    """With the answered stage on (bot/answered.py; its value depends on which siblings are among the first three,
    kept per first three), the table's ranks are the ranker's at every value of its grid on 40 questions of each
    tuning part, and some value moves a gold passage (the stage is read, not skipped). Without the shipped file of
    earlier questions: it holds these very questions, and the ``earlier`` stage would order their siblings by it."""
    r = without_file(await ranker(ctx.store))
    questions = [q for part in WEIGHTS_MADE_ON for q in load(part)[:40]]
    cands = await gathered(r, ctx.store, questions, ctx.names)
    golds = [tuple(q.gold) for q in questions]
    grid = {"answered": WIDE_ANSWERED["answered"]}
    table = question_ascent.Table(r, cands, golds, grid)
    seen = set()
    for value in grid["answered"]:
        w = replace(r.weights, answered=value)
        v = r.variant(weights=w)
        expected = [rank_of(v.rank(c, limit=DEPTH), g) for c, g in zip(cands, golds, strict=True)]
        assert table.ranks(w) == expected
        seen.add(tuple(expected))
    assert len(seen) > 1


def test_refit_prints_the_shipped_value_beside_each_field_it_made_otherwise():
    """``bench/refit.py``'s lines to copy: a field made otherwise than ``bot/weights.py`` ships carries the shipped
    value beside it (the hedge's ``near`` read 1.0 there while 0.5 shipped, without a word); a field made as
    shipped is the bare line."""
    shipped = Weights()
    made = replace(shipped, near=shipped.near + 0.5, card=shipped.card + 1.0)
    printed = refit.lines(made)
    assert f"near: float = {shipped.near + 0.5!r}  # shipped: {shipped.near!r}" in printed
    assert f"card: float = {shipped.card + 1.0!r}  # shipped: {shipped.card!r}" in printed
    assert f"margin: float = {shipped.margin!r}" in printed and f"covered: float = {shipped.covered!r}" in printed
    assert sum("# shipped" in line for line in printed) == 2
    assert not any("# shipped" in line for line in refit.lines(shipped))


def test_refit_says_the_current_margin_is_set_by_hand():
    """The ``current`` stage's margin (bot/current_first.py) is no weight the refit makes: the tuning parts hardly hold
    the case (two golds move between the margins 1.75 and 2.30), so it was set by hand (docs/ranking.md ¹⁰³, ¹²⁰).
    ``bench/refit.py`` prints it with that reason, and the value it records is the one ``bot/weights.py`` ships."""
    assert "current" not in GRID and "current" not in refit.THEN_GRID and "current" not in START
    value, why = refit.HAND_SET["current"]
    assert value == Weights().current == 2.0
    assert refit.hand_set_lines() == [f"current: float = 2.0  # {why}"] and "set by hand" in why
    assert refit.hand_set_lines(replace(Weights(), current=1.0)) == [f"current: float = 2.0  # {why}  # shipped: 1.0"]
