"""A burst of 2 000 interactions at once: every one is acknowledged (answered, or deferred
and then answered) with the same answer it gets alone — nothing lost, mixed up or answered twice. Timing is
not asserted here (the machine is shared); ``bench/bench_ops.py`` prints how many were acknowledged within
Discord's 3 s."""

from __future__ import annotations

import asyncio
import math

import pytest
from harness import print_bot_log_on_failure
from workload import build_plan, run_step, visible

BOT_ENV = {"LOG_LEVEL": "INFO"}  # DEBUG lines for 2 000 interactions would only slow the bot down
pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

BURST = 2000






async def test_burst_of_2000_every_interaction_answered_once(fake, bot, request):
    since = len(bot.output())
    try:
        plan = await build_plan(fake)
        reference = {i: visible(await run_step(fake, step)) for i, step in enumerate(plan)}
        fake.callback_deadline = math.inf  # correctness only: late callbacks are accepted here
        results = await asyncio.gather(*(run_step(fake, plan[i % len(plan)], timeout=300) for i in range(BURST)),
                                       return_exceptions=True)
        lost = [f"{plan[i % len(plan)]}: {r!r}" for i, r in enumerate(results) if isinstance(r, BaseException)]
        assert lost == [], lost[:5]
        wrong = [str(plan[i % len(plan)]) for i, r in enumerate(results)
                 if {k: v for k, v in visible(r).items() if k != "callback"}
                 != {k: v for k, v in reference[i % len(plan)].items() if k != "callback"}]
        assert wrong == [], wrong[:5]
        assert fake.errors == [] and fake.invalid == []  # no second callback, no invalid payload
        assert bot.returncode is None
    finally:
        fake.callback_deadline = 3.0
        print_bot_log_on_failure(request, bot, since)
