"""How the calculation pool (:mod:`bot.offload`) waits for a worker's answer within its budget: the worker's CPU
time (``/proc/<pid>/stat``, or as the worker reports it with each answer) and a wait on its socket that keeps the
event loop free. Linux reads the CPU time; elsewhere the budget is wall time."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only in annotations: a one-shot command that starts no worker does without it
    import multiprocessing.connection


def reported_cpu(message: Any) -> float | None:
    """The CPU seconds a worker's ``message`` (``(status, value, cpu)``) reports, or None when it names none."""
    cpu = message[2] if isinstance(message, tuple) and len(message) > 2 else None
    return float(cpu) if isinstance(cpu, int | float) else None


async def readable(conn: multiprocessing.connection.Connection, seconds: float) -> bool:
    """Wait until ``conn`` has data (True) or ``seconds`` pass (False), without blocking the loop (one reader and
    one timer on the loop: every calculation waits here, so no ``wait_for`` task machinery)."""
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[bool] = loop.create_future()
    fd = conn.fileno()

    def settle(ready: bool) -> None:
        if not fut.done():
            fut.set_result(ready)

    try:
        loop.add_reader(fd, settle, True)
    except NotImplementedError:  # e.g. the Windows proactor loop: poll in a thread
        return await asyncio.to_thread(conn.poll, seconds)
    timer = loop.call_later(seconds, settle, False)
    try:
        return await fut
    finally:
        timer.cancel()
        loop.remove_reader(fd)


#: However little CPU a busy machine leaves a worker, a calculation gets at most this many times its budget in
#: wall time (the budget itself counts the worker's CPU time: :func:`finished_in_budget`).
WALL_FACTOR = 5.0
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system, seconds) process ``pid`` has used, from ``/proc/<pid>/stat`` (Linux; clock ticks,
    usually 10 ms); None where that cannot be read (another OS, the process gone)."""
    try:
        # after the command name, which may hold spaces
        fields = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime: fields 14 and 15 of proc(5)
    except (OSError, IndexError, ValueError):
        return None


async def finished_in_budget(conn: multiprocessing.connection.Connection, pid: int, budget: float,
                              start: float | None = None) -> bool:
    """Wait until ``conn`` has the worker's answer (True) or the calculation has used up ``budget`` seconds of the
    worker's CPU time, or :data:`WALL_FACTOR` × ``budget`` of wall time (False). A calculation is too expensive by
    what it costs, not by how busy the machine is (the workers run niced, :data:`bot.offload.WORKER_NICE`);
    where the worker's CPU time cannot be read, the budget is wall time. ``start``: the worker's CPU seconds at
    the start, as it reported them (:attr:`bot.offload._Worker.cpu`; from ``/proc`` when None): a quick answer
    reads no ``/proc``."""
    start = cpu_seconds(pid) if start is None else start
    deadline = time.monotonic() + WALL_FACTOR * budget
    wait = budget
    while not await readable(conn, wait):
        now = cpu_seconds(pid)
        left = deadline - time.monotonic()
        if start is None or now is None or now - start >= budget or left <= 0:
            return False
        # the rest of the budget cannot be spent in less wall time than it is long
        wait = max(0.01, min(budget - (now - start), left))
    return True
