"""The doors' one rule for "answer now or defer" (:func:`bot.core.answer_budget`), pinned for both doors: in a
burst (more than :data:`bot.core.DEEP_QUEUE` interactions in flight) an application command that is not late is
answered in one callback (the gateway's callback, the HTTP response) when its answer is ready within
:data:`bot.core.BURST_BUDGET_SECONDS`, and deferred only once the budget has passed; a late one (waited more than
:data:`bot.core.LATE_START_SECONDS`) is deferred before its work starts."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.core import BURST_BUDGET_SECONDS, DEEP_QUEUE, DEFER_AFTER_SECONDS, LATE_START_SECONDS, answer_budget
from bot.reply import Reply
from bot.serve_interactions import Interactions


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


def test_the_rule_in_figures():
    assert (BURST_BUDGET_SECONDS, DEFER_AFTER_SECONDS, LATE_START_SECONDS) == (0.75, 2.0, 0.5)
    assert answer_budget(0.25, burst=False) == 1.75  # quiet: 2 s from Discord's send
    assert answer_budget(0.25, burst=True) == 0.5  # a command in a burst: 0.75 s
    assert answer_budget(0.25, burst=True, command=False) == 0.0  # a button in a burst: deferred first
    assert answer_budget(0.6, burst=False) == answer_budget(0.6, burst=True) == 0.0  # late: deferred first


# ---------------------------------------------------------------- the HTTP door, the same rule


class _Webhook:
    """Stands in for :class:`bot.rest.RestClient`: records the follow-up webhook's requests."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, dict | None]] = []

    async def request(self, method: str, path: str, data: dict | None = None, deadline: float | None = None) -> None:
        self.sent.append((method, path, data))


#: /card Boros-Rekrut as Discord sends it over HTTP (data/sources: 001_d6ee154855c71d75.txt, the Ravnica FAQ).
_CARD = {"type": 2, "application_id": "1100000000000000001", "token": "itok", "version": 1,
         "data": {"id": "1", "name": "card", "type": 1,
                  "options": [{"name": "name", "type": 3, "value": "Boros-Rekrut"}]}}


async def _handle_in_a_burst(core, monkeypatch, seconds: float, age: float,
                             burst: bool = True) -> tuple[dict, _Webhook, float]:
    """The HTTP response to /card for an interaction created and signed ``age`` seconds ago whose answer takes
    ``seconds`` longer than it does, with more than DEEP_QUEUE other answers running in the worker (``burst``);
    its webhook requests once everything ran; the seconds until the response."""
    run = core.run

    async def slow(inv, command=None):
        await asyncio.sleep(seconds)
        return await run(inv, command)

    monkeypatch.setattr(core, "run", slow)
    webhook = _Webhook()
    http = Interactions(core, webhook)  # type: ignore[arg-type]  # only request() is used
    busy = {asyncio.get_running_loop().create_future() for _ in range(DEEP_QUEUE + 1 if burst else 0)}
    http.tasks.update(busy)
    started = time.monotonic()
    try:
        sent = float(int(time.time() - age))  # the signature's timestamp: whole seconds, as Discord signs
        body = await http.handle({**_CARD, "id": str(_made_ago(age, 1))}, sent_at=sent)
    finally:
        http.tasks.difference_update(busy)
    took = time.monotonic() - started
    await http.drain(30)
    return body, webhook, took


async def test_http_a_quick_answer_in_a_burst_is_the_response_itself(core, monkeypatch):
    body, webhook, _ = await _handle_in_a_burst(core, monkeypatch, 0.0, 0.0)
    assert body["type"] == 4 and body["data"]["embeds"][0]["title"] == "Boros-Rekrut"
    assert webhook.sent == []  # no defer, no follow-up: one response


async def test_http_a_slow_answer_in_a_burst_is_deferred_after_the_budget(core, monkeypatch):
    body, webhook, took = await _handle_in_a_burst(core, monkeypatch, BURST_BUDGET_SECONDS + 0.5, 0.0)
    assert body == {"type": 5} and took >= BURST_BUDGET_SECONDS - 0.01  # after the budget (timestamp: whole s)
    (method, path, data), = webhook.sent
    assert (method, path) == ("PATCH", "/webhooks/1100000000000000001/itok/messages/@original")
    assert data["embeds"][0]["title"] == "Boros-Rekrut"


@pytest.mark.parametrize("burst", [True, False])
async def test_http_a_late_command_is_deferred_before_its_work(core, monkeypatch, burst):
    body, webhook, took = await _handle_in_a_burst(core, monkeypatch, 2.0, 0.6, burst)  # older than LATE_START
    assert body == {"type": 5} and took < 0.5  # at once, not after the answer's 2 s (nor 1.4 s left of its 2 s)
    assert [data["embeds"][0]["title"] for _, _, data in webhook.sent] == ["Boros-Rekrut"]


async def test_http_a_quick_answer_outside_a_burst_has_its_two_seconds(core, monkeypatch):
    body, webhook, took = await _handle_in_a_burst(core, monkeypatch, 1.0, 0.0, burst=False)
    assert body["type"] == 4 and took >= 1.0 and webhook.sent == []  # 1 s is within 2 s: still the response
