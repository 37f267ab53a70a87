"""No answer blocks the event loop for more than 50 ms, checked with asyncio's own
slow-callback detector (debug mode, ``slow_callback_duration = 0.05``) on the worst inputs the issue found,
through the answer layer and the renderer, as the bot runs them."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot import offload
from bot.answers import run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.page_fit import fit_pages
from bot.render import payload

WORST = [
    ("mana_upkeep", {"cost": "{W} oder {U} oder {B} oder {R}", "counters": 100}),
    ("mana_upkeep", {"cost": "{2/W}{2/U} oder {W/P}{G/P}", "counters": 100}),
    ("mana_convoke", {"cost": "{W/U}{U/B}{B/R}{R/G}{G/W}" * 5 + "{20}",
                      "creatures": ", ".join(["weiß-blau", "schwarz-rot", "grün-weiß", "artefakt"] * 24 + ["rot"])}),
    ("mana_info", {"cost": "{2/W}{2/U}{2/B}{2/R}{2/G}" * 8}),
    ("mana_pay", {"cost": "{2/W}" * 13, "pool": "W" * 13}),
    ("clash_odds", {"library1": "0:100 1:200 2:300 3:400 4:500 5:600", "library2": "0:1000 7:2000 16:3000"}),
    # the largest inputs answered on the loop without the worker (LOOP_CHOICES, LOOP_HALVES, LOOP_KINDS):
    # nine halves of four three-way choice symbols each, four split cards (two halves each, CR 709.1: a typed card
    # of more is refused), 8 kinds of 16 halves
    ("mana_info", {"cost": " // ".join(["{W/U/P}{B/R/P}{G/W/P}{U/B/P}"] * 9)}),
    ("clash_reveal", {"card1": "1/2", "card2": "4/3", "card3": "2/2", "card4": "9/0", "rules": "2007"}),
    ("clash_odds", {"library1": "1/2:1 3/4:2 5/6:3 7/8:4 1:5 2:6 3:7 4:8", "library2": "0:1 1:2 2:3 3:4",
                    "rules": "2007"}),
]


@pytest.fixture
def slow_callbacks(monkeypatch):
    """Every event-loop step (callback or task step) that used more than 50 ms of the loop thread's CPU.

    asyncio's own debug detector measures wall time, which on a shared machine also counts the time the
    OS gives to other processes; the loop thread's CPU time (``time.thread_time``) is what a blocking
    calculation on the loop would use."""
    seen: list[str] = []
    run = asyncio.events.Handle._run

    def timed(handle: asyncio.events.Handle) -> None:
        t0 = time.thread_time()
        run(handle)
        used = time.thread_time() - t0
        if used > 0.05:
            seen.append(f"{handle!r} used {used * 1000:.0f} ms of CPU on the loop")

    monkeypatch.setattr(asyncio.events.Handle, "_run", timed)
    return seen


async def test_worst_inputs_never_block_the_loop(ctx, slow_callbacks):
    offload.configure(budget=0.5)
    try:
        await run_completer(ctx, card_names, "bor")  # warm: the first call imports and builds caches
        await run_answer(ctx, "mana_info", cost="{1}")
        slow_callbacks.clear()
        # No wall-clock limit here: on a loaded machine any answer may take seconds of real time. Bounded
        # time is the budget's job (tests/test_offload.py: past the budget the worker is killed and the user
        # gets "Diese Berechnung ist zu aufwendig"); this test proves the loop is never blocked meanwhile.
        for key, options in WORST:
            reply = await run_answer(ctx, key, **options)
            for i in range(len(fit_pages(reply.pages))):
                payload(reply, i)
            assert reply.pages[0].title != "Da ist etwas schiefgelaufen", key
    finally:
        offload.configure(budget=offload.DEFAULT_BUDGET)
    assert slow_callbacks == []


async def test_the_detector_sees_a_blocking_call(slow_callbacks):
    async def calculate_on_the_loop() -> None:
        end = time.thread_time() + 0.08
        while time.thread_time() < end:  # what a calculation on the loop would do
            pass

    await asyncio.get_running_loop().create_task(calculate_on_the_loop())
    assert len(slow_callbacks) == 1 and "ms of CPU on the loop" in slow_callbacks[0]
