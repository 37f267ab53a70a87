"""How long the test process and the processes it started (the bots under test) waited for a CPU: the part of a
wall-clock time that a crowded machine took, not the code.

Linux counts, per thread, the nanoseconds it was runnable but not running (``/proc/<pid>/schedstat``, second
field: time spent on the run queue). The fake Discord compares an interaction's time from dispatch to callback
with Discord's 3 s after taking off the largest such wait that one of these processes' main threads (an event
loop: the fake's, the bot's) accrued meanwhile. On a quiet machine the wait is about 0 and the limit is exactly
3 s; at a load of 10 on 2 cores a bot's loop may sit seconds in the run queue, which no code can answer for. A bot
that misses the 3 s by itself (no defer, a blocked loop) waits for a response or a calculation, not for a CPU:
its time is not taken off.

Where ``/proc`` cannot be read (not Linux, a process that ended) the wait is 0: the plain wall clock.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: Seconds a list of child processes is reused before it is read again (a burst reads the clock per callback).
CHILDREN_SECONDS = 0.2
#: Seconds a mark is handed out again (a burst of 2 000 interactions marks each one; a read costs ~0.1–0.5 ms).
MARK_SECONDS = 0.01

Mark = dict[int, float]


def run_queue_seconds(pid: int) -> float:
    """Seconds the main thread of process ``pid`` has waited on the run queue since it started; 0.0 when it cannot
    be read (``/proc/<pid>/schedstat``: ``cpu_ns wait_ns slices``)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text(encoding="ascii").split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


class CpuWait:
    """The run-queue waits of this process and its child processes (see the module docstring)."""

    def __init__(self) -> None:
        self._children: list[int] = []
        self._read_at = -CHILDREN_SECONDS
        self._mark: Mark = {}
        self._marked_at = -MARK_SECONDS

    def _pids(self) -> list[int]:
        now = time.monotonic()
        if now - self._read_at >= CHILDREN_SECONDS:
            self._read_at = now
            children: list[int] = []
            try:
                for task in Path("/proc/self/task").iterdir():
                    children.extend(int(p) for p in (task / "children").read_text(encoding="ascii").split())
            except (OSError, ValueError):
                pass
            self._children = children
        return [os.getpid(), *self._children]

    def mark(self) -> Mark:
        """The waits now (at most :data:`MARK_SECONDS` ago), by process id (seconds), to compare with
        :meth:`since` later."""
        now = time.monotonic()
        if now - self._marked_at >= MARK_SECONDS:
            self._marked_at = now
            self._mark = {pid: run_queue_seconds(pid) for pid in self._pids()}
        return self._mark

    def since(self, mark: Mark) -> float:
        """The largest run-queue wait (seconds) one of the processes accrued since ``mark`` (a process started
        since: all of its wait); 0.0 when none can be read."""
        grown = (run_queue_seconds(pid) - mark.get(pid, 0.0) for pid in self._pids())
        return max(0.0, *grown)


    async def wait_for(self, awaitable: Awaitable[T], seconds: float, ceiling: float = 4.0) -> T:
        """Await ``awaitable`` for ``seconds`` of the wall clock plus the run-queue wait one of these processes
        accrued meanwhile (:meth:`since`: a crowded machine's time, not the code's), at most ``ceiling`` ×
        ``seconds`` in all; on a quiet machine exactly ``seconds``.

        Raises:
            TimeoutError: not done by then (``awaitable`` is cancelled)."""
        task = asyncio.ensure_future(awaitable)
        mark, started = self.mark(), time.monotonic()
        try:
            while True:
                left = min(seconds + self.since(mark), ceiling * seconds) - (time.monotonic() - started)
                if left <= 0:
                    raise TimeoutError
                done, _ = await asyncio.wait({task}, timeout=min(left, 0.5))
                if done:
                    return task.result()
        finally:
            task.cancel()

    async def until(self, done: Callable[[], bool], seconds: float, every: float = 0.05) -> None:
        """Ask ``done()`` every ``every`` seconds until it is true, within the deadline of :meth:`wait_for`.

        Raises:
            TimeoutError: still not true by then."""

        async def poll() -> None:
            while not done():  # noqa: ASYNC110 (a log or /proc is read: there is no event to wait on)
                await asyncio.sleep(every)

        await self.wait_for(poll(), seconds)


#: The clock of this process (the fake Discord uses it).
CPU_WAIT = CpuWait()
