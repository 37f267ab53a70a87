"""The gateway's burst budget (:data:`bot.core.BURST_BUDGET_SECONDS`): in a burst (more than
:data:`bot.core.DEEP_QUEUE` interactions in flight) an application command that is not late is answered in one
callback when its answer is ready within the budget, and deferred only once the budget has passed; a late one
(waited more than :data:`bot.gateway.gate.LATE_START_SECONDS`) is deferred before its work starts, as before."""

from __future__ import annotations

import asyncio
import time

from bot.core import BURST_BUDGET_SECONDS, DEEP_QUEUE
from bot.reply import Reply


def _made_ago(seconds: float, n: int) -> int:
    """A Discord id (snowflake) of an interaction created ``seconds`` ago."""
    return (int((time.time() - seconds) * 1000) - 1420070400000) << 22 | n


class _Transport:
    """A :class:`bot.delivery.Transport` that records the callbacks sent through it (the defers)."""

    def __init__(self) -> None:
        self.responded = False
        self.sent: list[dict] = []

    async def respond(self, body: dict) -> None:
        self.sent.append(body)
        self.responded = True


async def _guard_in_a_burst(bot, seconds: float, age: float) -> tuple[_Transport, Reply]:
    """``bot.guard`` over work taking ``seconds`` for an interaction created ``age`` seconds ago, with more than
    DEEP_QUEUE other interactions in flight."""
    busy = {asyncio.get_running_loop().create_future() for _ in range(DEEP_QUEUE + 1)}
    bot.in_flight.update(busy)
    try:
        async def work() -> Reply:
            await asyncio.sleep(seconds)
            return Reply.fail("fertig", "")

        transport = _Transport()
        reply = await bot.guard(work(), _made_ago(age, 1), transport)
        return transport, reply
    finally:
        bot.in_flight.difference_update(busy)


async def test_a_quick_answer_in_a_burst_is_the_callback_itself(offline_bot):
    transport, reply = await _guard_in_a_burst(offline_bot, 0.0, 0.0)
    assert reply.pages[0].title == "fertig" and transport.sent == []  # no defer: the answer is the one callback


async def test_a_slow_answer_in_a_burst_is_deferred_after_the_budget(offline_bot):
    started = time.monotonic()
    transport, reply = await _guard_in_a_burst(offline_bot, BURST_BUDGET_SECONDS + 0.5, 0.0)
    assert transport.sent == [{"type": 5}] and reply.pages[0].title == "fertig"
    assert time.monotonic() - started >= BURST_BUDGET_SECONDS  # after the budget, not at once
    assert BURST_BUDGET_SECONDS == 0.75


async def test_a_late_command_in_a_burst_is_deferred_before_its_work(offline_bot):
    transport, _ = await _guard_in_a_burst(offline_bot, 0.0, 0.6)  # older than LATE_START_SECONDS (0.5 s)
    assert transport.sent == [{"type": 5}]
