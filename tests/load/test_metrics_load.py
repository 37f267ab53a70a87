"""Load with metrics: ``GET /metrics`` of ``run``'s ``METRICS_PORT``, scraped while 400 mixed interactions run and
after them, counts exactly the interactions sent — per kind and per command — and each latency histogram's count
equals them too (every interaction observed once, whether answered directly, deferred, or too late)."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
from harness import print_bot_log_on_failure
from scrape import endpoint, scrape, settled, total
from workload import build_plan, run_step

BOT_ENV = {"LOG_LEVEL": "INFO", "METRICS_PORT": "0"}
REAL_BOT_ONLY = True
pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

CONCURRENT = 400


def label(step) -> str:
    """The ``command`` label of a step: the invoked names as Discord sends them (``mana pay``)."""
    return " ".join(p for p in (step.leaf.command, step.leaf.group, step.leaf.subcommand) if p)


async def test_metrics_scraped_during_a_load_count_every_interaction_sent(fake, bot, request):
    since = len(bot.output())
    try:
        base = await endpoint(bot.output)
        plan = await build_plan(fake)
        before = await settled(base)
        jobs = [plan[i % len(plan)] for i in range(CONCURRENT)]
        load = asyncio.gather(*(run_step(fake, step, timeout=120.0) for step in jobs), return_exceptions=True)
        during = []
        while not load.done():  # Prometheus scraping meanwhile
            during.append(await scrape(base))
            await asyncio.sleep(0.1)
        results = await load
        failures = [f"{step}: {r!r}" for step, r in zip(jobs, results, strict=True) if isinstance(r, BaseException)]
        assert failures == [], failures[:5]
        after = await settled(base)

        def added(samples, name: str, **labels: str) -> float:
            return total(samples, name, **labels) - total(before, name, **labels)

        sent = Counter(step.kind for step in jobs)
        assert set(sent) == {"command", "autocomplete"}
        for kind, count in sent.items():
            assert added(after, "regelbot_interactions_total", kind=kind) == count, kind
            assert added(after, "regelbot_first_callback_seconds_count", kind=kind) == count, kind
            assert added(after, "regelbot_answer_seconds_count", kind=kind) == count, kind
        for (kind, command), count in Counter((step.kind, label(step)) for step in jobs).items():
            assert added(after, "regelbot_interactions_total", kind=kind, command=command) == count, (kind, command)
        assert added(after, "regelbot_interactions_total") == CONCURRENT
        assert during, "not scraped during the load"
        assert any(added(s, "regelbot_interactions_total") > 0 for s in during)
        assert all(added(s, "regelbot_answer_seconds_count") <= added(s, "regelbot_interactions_total") <= CONCURRENT
                   for s in during)
        deferred = added(after, "regelbot_deferrals_total")
        print(f"\n{CONCURRENT} interactions, {len(during)} scrapes during the load, {deferred:.0f} deferred, "
              f"first callback mean {added(after, 'regelbot_first_callback_seconds_sum') / CONCURRENT * 1000:.0f} ms")
        assert fake.errors == [] and fake.invalid == []
        assert bot.returncode is None
    finally:
        print_bot_log_on_failure(request, bot, since)
