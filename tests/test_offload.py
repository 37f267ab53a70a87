"""bot.offload: heavy work in worker processes with a time budget."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from bot import offload
from bot.errors import UserError
from bot.offload import TooExpensive, run_bounded
from bot.rules.mana import ManaError, parse_cost


def running(pid: int) -> bool:
    """True while process ``pid`` exists and is not a zombie (Linux /proc)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


async def test_result_comes_back_from_another_process():
    assert await run_bounded(offload._pid) != os.getpid()
    assert (await run_bounded(parse_cost, "{2}{G/W}")).text == "{2}{G/W}"


async def test_work_shown_small_runs_here_without_a_worker(monkeypatch):
    # on_loop: the caller bounded the work by its input (the calculators' LOOP_* limits): no worker is asked
    async def no_worker() -> None:
        raise AssertionError("a worker was asked")

    monkeypatch.setattr(offload._POOL, "acquire", no_worker)
    assert await run_bounded(offload._pid, on_loop=True) == os.getpid()
    assert (await run_bounded(parse_cost, "{2}{G/W}", on_loop=True)).text == "{2}{G/W}"
    with pytest.raises(AssertionError, match="a worker was asked"):
        await run_bounded(offload._pid)


async def test_engine_error_keeps_type_and_attributes():
    with pytest.raises(ManaError) as info:
        await run_bounded(parse_cost, "{Q}")
    assert info.value.symbol == "{Q}" and info.value.position == 1
    assert "„{Q}“ an Position 1 (Zeichen 1) ist kein bezahlbares Manasymbol: das Enttappsymbol" in str(info.value)


async def test_runaway_is_killed_replaced_and_refused_in_german():
    pid = await run_bounded(offload._pid)
    started = time.perf_counter()
    with pytest.raises(TooExpensive) as info:
        await run_bounded(offload._busy_for, 30, budget=0.5)
    elapsed = time.perf_counter() - started
    assert 0.5 <= elapsed < 30, elapsed  # stopped by the budget, long before the 30-s runaway ends (no
    # tighter wall-clock bound: on a loaded machine that is a timing matter; bench/ measures it)
    assert isinstance(info.value, UserError)
    assert info.value.title == "Diese Berechnung ist zu aufwendig"
    assert "nach 0.5 s abgebrochen" in info.value.body
    # the worker that ran the runaway is gone (not burning CPU); a fresh one answers
    pids = {await run_bounded(offload._pid) for _ in range(4)}
    if pid not in pids:  # the killed worker stops running (a zombie until reaped is not running); a loaded
        for _ in range(2000):  # machine may take a while to schedule its exit: up to 20 s
            if not running(pid):
                break
            await asyncio.sleep(0.01)
        assert not running(pid)
    assert await run_bounded(parse_cost, "{R}") is not None
    assert offload.stats()["alive"] <= offload._POOL.size


async def test_the_loop_stays_free_while_a_calculation_runs():
    ran: list[float] = []  # CPU seconds the loop's thread ran between two ticks

    async def ticker() -> None:
        while True:
            t = time.thread_time()
            await asyncio.sleep(0.005)
            ran.append(time.thread_time() - t)

    tick = asyncio.create_task(ticker())
    try:
        assert await run_bounded(offload._busy_for, 0.8) == 0.8
    finally:
        tick.cancel()
    # A calculation run on the loop would burn its CPU between two ticks of the loop's thread (0.8 s on an idle
    # machine, its share of 0.8 s on a loaded one: 0.08 s at a tenth); in a worker the loop runs microseconds per
    # tick. The thread's CPU time, not the wall clock: the time a loaded machine keeps this thread waiting for a
    # CPU is not counted.
    assert len(ran) > 3
    assert max(ran) < 0.01, max(ran)


async def test_more_calls_than_workers_queue_and_all_finish():
    results = await asyncio.gather(*(run_bounded(offload._busy_for, 0.05) for _ in range(3 * offload._POOL.size)))
    assert results == [0.05] * (3 * offload._POOL.size)
    assert offload.stats()["waiting"] == 0


async def test_ready_waits_until_the_started_workers_have_imported_the_engines():
    """``serve`` and the gateway bot call start() and await ready() before taking interactions, so the first
    /mana answer needs neither a process start nor the engines' imports (a niced worker on a busy machine
    took 2–5 s for those, past the 2-s defer watchdog)."""
    offload.shutdown()
    offload.start()
    fresh = list(offload._POOL.idle)
    assert fresh and not any(w.ready for w in fresh)  # started, not yet said "ready"
    assert await offload.ready() == len(fresh) == offload.stats()["idle"]
    assert all(w.ready for w in fresh)
    assert await run_bounded(offload._pid) in {w.process.pid for w in fresh}  # no new worker needed


async def test_the_budget_counts_the_workers_cpu_time_not_a_busy_machines_wall_time():
    """A worker that waits (``time.sleep``: no CPU, as a worker starved by a busy machine) past its budget still
    answers; the wall time is capped at WALL_FACTOR × the budget; the worker's CPU time is read from /proc."""
    assert await run_bounded(time.sleep, 0.6, budget=0.3) is None  # 0.6 s of wall time, ~0 s of CPU time
    started = time.perf_counter()
    with pytest.raises(TooExpensive):
        await run_bounded(time.sleep, 30, budget=0.2)  # past 5 × 0.2 s of wall time
    assert time.perf_counter() - started < 30
    before = offload.cpu_seconds(os.getpid())
    end = time.process_time() + 0.2  # 0.2 s of this process's CPU time, however long that takes
    while time.process_time() < end:
        pass
    after = offload.cpu_seconds(os.getpid())
    if before is not None and after is not None:  # Linux
        assert after - before > 0.05


async def test_a_quick_answer_reads_no_proc_and_a_runaway_is_still_stopped_by_cpu_time(monkeypatch):
    """The budget starts at the CPU time the worker reported with its last message ("ready" or an answer), so a
    calculation that answers within its first wait reads no ``/proc``; one that runs on is read and stopped by
    its CPU time, well before the wall-time cap of WALL_FACTOR × the budget."""
    from bot import offload_wait

    reads: list[int] = []
    real = offload_wait.cpu_seconds

    def counted(pid: int) -> float | None:
        reads.append(pid)
        return real(pid)

    monkeypatch.setattr(offload_wait, "cpu_seconds", counted)
    await run_bounded(offload._pid)  # a worker that has answered once: its CPU time is known
    reads.clear()
    assert (await run_bounded(parse_cost, "{1}{U}")).text == "{1}{U}"
    assert reads == []
    started = time.perf_counter()
    with pytest.raises(TooExpensive):
        await run_bounded(offload._busy_for, 30, budget=0.3)
    assert reads  # read once the first wait (the budget) was over
    assert time.perf_counter() - started < offload.WALL_FACTOR * 0.3 + 5  # not the 30 s of the runaway


async def test_a_shutdown_waits_for_its_killed_workers_to_exit():
    """``run`` and ``serve`` stop their workers at exit: each has exited and been waited for when shutdown returns
    (else it outlives the bot, reparented to PID 1, and its CPU is counted by no one)."""
    offload.shutdown()
    offload.start()
    assert await offload.ready() >= 1
    processes = [w.process for w in offload._POOL.idle]
    offload.shutdown()
    assert processes and all(p.returncode is not None for p in processes)
    assert not any(running(p.pid) for p in processes)
    assert offload._POOL.dying == []
    offload.start()  # the next test finds the pool as it was
    await offload.ready()
