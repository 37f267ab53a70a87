"""The hedge decided with what the question itself decides (bot/answers/hedge_signals.py: ``hedges`` with the
measured ``Confidence``): a lead by the card the question names or the term it asks to define is clear however close
the second; a first holding little of the question's words is hedged however far it leads. ``/frage`` leaves it off
(docs/ranking.md ⁷⁶): its answers hedge as before."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.hedge_signals import CONFIDENCE, decided, hedges
from bot.answers.questions import HEDGE_LINE
from bot.ranking import ranker


@pytest.mark.parametrize(("question", "key"), [
    # the named card's ruling leads another card's by the ``card`` part: Korrumpierender Waldwraith's own ruling
    ("Korrumpierender Waldwraith - wie lange bleibt der Wald eine 4/4?", "001:664"),
    # 003's definition of the term asked: „Permanent“ (CR 110.1)
    ("was ist ein permanent", "003:341"),
])
async def test_a_lead_the_question_decides_is_not_hedged(ctx, question, key):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    assert found.hits[0].passage.key == key
    assert decided(found) and hedges(found, r, False, None)  # hedged before: the second was close
    assert not hedges(found, r, False, CONFIDENCE)
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert f"_Schlüssel: {key}_" in page.body and HEDGE_LINE in page.body  # /frage: left off


async def test_a_thin_lead_is_hedged(ctx):
    question = "wie oft kann ich bergung benutzen"
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    first = found.hits[0]
    assert first.passage.key == "001:2860"
    assert first.parts["coverage"] / r.weights.coverage < CONFIDENCE.thin  # far ahead, on a third of the words
    assert found.clear and not hedges(found, r, False, None) and hedges(found, r, False, CONFIDENCE)
    assert HEDGE_LINE not in (await run_answer(ctx, "question", question=question)).pages[0].body  # left off
