"""What the tests of the stages that only swap siblings among the first three hits share (tests/answers/
test_logic_words.py, test_asked_kinds.py): a hit to build by hand and the check that a stage decides a tuning
question."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace

from bot.answers import AnswerContext
from bot.ranking import ranker
from bot.store import PassageRecord
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from prior_folds import without_file


@dataclass
class StageHit:
    """A hit as a stage reads it (:class:`bot.ranking.Hit`'s fields)."""

    passage: PassageRecord
    score: float
    parts: dict[str, float] = field(default_factory=dict)


async def assert_stage_decides(ctx: AnswerContext, question: str, gold: str, sibling: str, weight: str) -> None:
    """``question`` ranked as the benches rank a tuning question (no file of earlier questions): with the stage's
    ``weight`` (a field of :class:`bot.weights.Weights`) as shipped ``gold`` leads with the stage's part and
    ``sibling`` among the first three; with it at 0 ``sibling`` leads, the first three being the same passages."""
    r = without_file(await ranker(ctx.store))
    assert getattr(r.weights, weight) > 0
    found = await r.candidates(ctx.store, question, ctx.names)
    on = r.rank(found, limit=3).hits
    assert on[0].passage.key == gold and weight in on[0].parts
    assert sibling in [h.passage.key for h in on]
    off = r.variant(weights=replace(r.weights, **{weight: 0.0})).rank(found, limit=3).hits
    assert off[0].passage.key == sibling
    assert {h.passage.key for h in off} == {h.passage.key for h in on}  # the first three are the same passages
