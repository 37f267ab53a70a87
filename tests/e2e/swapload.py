"""A store swapped under a steady stream of interactions, against the real processes (shared by
``tests/e2e/test_swap_e2e.py`` and ``bench/bench_swap.py``).

:class:`Swarm` runs ``python -m bot run`` against one fake Discord (gateway) and two ``python -m bot serve`` workers,
each reached through a fake Discord of its own (:meth:`fakediscord.FakeDiscord.use_http`; its webhooks take the
deferred answers), all on the same store path. :func:`stream` sends interactions at a fixed rate (open loop: the
n-th at ``n / rate`` seconds, whatever the answers take) round robin over the three doors, and runs the events
given (a new store renamed over the path, SIGHUP) at their times. :func:`replace_store` is the rename ``build``
and ``update`` do. The basis store and one built with the synthetic rules of 2026-08-01 (702.51a changed, 709.4a
moved, 106.4 gone: ``tests/importer/newer_rules.py``) are the two stores swapped.
"""

# A deadline parameter with a diagnostic message is this harness's job (as harness.py):
# ruff: noqa: ASYNC109
from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path

from cpuwait import CPU_WAIT
from fakediscord import FakeDiscord, FakeDiscordError, InteractionResult
from harness import PYTHON, ROOT, BotProcess, bot_env, running_bot
from nacl.signing import SigningKey

sys.path.insert(0, str(ROOT))
from tests.importer.newer_rules import write_newer_rules

#: The title of :data:`bot.core.INTERNAL_ERROR`: an answer that failed unexpectedly.
INTERNAL_ERROR_TITLE = "Da ist etwas schiefgelaufen"
#: What a page says when a register row is "zu prüfen" (only with the newer store).
REVIEWED = "seitdem nicht geprüft"
#: The one log line of a swap at INFO (bot/core.py; closing the old store is logged at DEBUG only).
SWITCHED = re.compile(r"Neue Datenbank in Betrieb \((SIGHUP|Datei ersetzt)\)")


def build_newer_store(db: Path, folder: Path) -> None:
    """Build the store with the synthetic newer rules file (``python -m bot build --db DB --cr FILE``)."""
    rules = write_newer_rules(folder, real=False)
    proc = subprocess.run([PYTHON, "-m", "bot", "build", "--db", str(db), "--cr", str(rules)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"build --cr failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")


def replace_store(source: Path, target: Path) -> None:
    """Copy ``source`` next to ``target`` and rename it over ``target`` (atomic, as ``build`` and ``update``)."""
    temp = target.with_name(target.name + ".neu")
    shutil.copyfile(source, temp)
    temp.replace(target)


def open_stores(pid: int, store: Path) -> list[str]:
    """The store files ``pid`` holds open (``/proc/PID/fd``): the path itself, or ``… (deleted)`` for a file that
    was renamed over and is still open."""
    out = []
    fd_dir = Path(f"/proc/{pid}/fd")
    for fd in fd_dir.iterdir() if fd_dir.is_dir() else []:
        try:
            target = str(fd.readlink())
        except OSError:
            continue
        if target.startswith(str(store)) and not target.endswith(("-journal", "-wal", "-shm")):
            out.append(target)
    return out


@dataclass
class Door:
    """One way in: a fake Discord and the process behind it (the gateway bot, or a serve worker)."""

    name: str
    fake: FakeDiscord
    proc: BotProcess


@dataclass
class Swarm:
    """The gateway bot and two serve workers on one store path (see the module doc)."""

    store: Path
    doors: list[Door] = field(default_factory=list)

    @property
    def pids(self) -> list[int]:
        """The process ids of the three processes."""
        return [d.proc.proc.pid for d in self.doors if d.proc.proc is not None]

    def hangup(self) -> None:
        """Send SIGHUP to every process (what ``systemctl reload`` does)."""
        for pid in self.pids:
            os.kill(pid, signal.SIGHUP)

    def counts(self, pattern: re.Pattern[str] | str) -> dict[str, int]:
        """Per process, how many lines of its log so far match ``pattern``."""
        rx = re.compile(re.escape(pattern)) if isinstance(pattern, str) else pattern
        return {d.name: len(rx.findall(d.proc.output())) for d in self.doors}

    async def wait_closed(self, timeout: float = 20.0) -> None:
        """Wait until no process holds a replaced store file open (:func:`open_stores`: ``… (deleted)``).

        Raises:
            FakeDiscordError: not within ``timeout`` seconds (and the time the processes waited for a CPU:
                :meth:`cpuwait.CpuWait.wait_for`), naming the files still held.
        """
        def held() -> list[str]:
            return [f for pid in self.pids for f in open_stores(pid, self.store) if f.endswith("(deleted)")]

        try:
            await CPU_WAIT.until(lambda: not held(), timeout)
        except TimeoutError:
            raise FakeDiscordError(f"replaced stores still open after {timeout:.0f} s: {held()}") from None

    async def wait_log(self, pattern: re.Pattern[str] | str, before: dict[str, int], more: int = 1,
                       timeout: float = 20.0) -> None:
        """Wait until each process's log has ``more`` lines matching ``pattern`` beyond its count ``before``
        (:meth:`counts`).

        Raises:
            FakeDiscordError: not within ``timeout`` seconds (and the time the processes waited for a CPU), with
                the log of the first late process.
        """
        def late() -> list[Door]:
            now = self.counts(pattern)
            return [d for d in self.doors if now[d.name] < before.get(d.name, 0) + more]

        try:
            await CPU_WAIT.until(lambda: not late(), timeout)
        except TimeoutError:
            first = late()[0]
            raise FakeDiscordError(f"{first.name}: {pattern!r} not logged {more}× more:\n{first.proc.tail()}") from None


async def start_swarm(stack: AsyncExitStack, store: Path, workdir: Path, watch: float,
                      level: str = "INFO") -> Swarm:
    """Start the three processes on ``store`` (``REGELBOT_STORE_WATCH=watch``), registered on ``stack``."""
    swarm = Swarm(store)
    gateway = await stack.enter_async_context(FakeDiscord())
    (workdir / "gateway").mkdir(exist_ok=True)
    env = {"REGELBOT_STORE_WATCH": str(watch), "LOG_LEVEL": level}
    bot = await stack.enter_async_context(running_bot(gateway, workdir / "gateway", db=store, extra_env=env))
    await gateway.wait_sync()
    swarm.doors.append(Door("run", gateway, bot))
    key = SigningKey.generate()
    for n in (1, 2):
        fake = await stack.enter_async_context(FakeDiscord())
        fake.synced = dict(gateway.synced)  # the commands the gateway bot synced (serve never syncs)
        folder = workdir / f"serve{n}"
        folder.mkdir(exist_ok=True)
        extra = {**env, "DISCORD_PUBLIC_KEY": key.verify_key.encode().hex()}
        proc = await BotProcess([PYTHON, "-m", "bot", "serve", "--port", "0"],
                                bot_env(fake, db=store, state_dir=folder, extra=extra), folder / "serve.log").start()
        stack.push_async_callback(proc.stop)
        url = await proc.wait_serving()
        fake.use_http(url, key)
        swarm.doors.append(Door(f"serve{n}", fake, proc))
    return swarm




#: What the stream sends, round robin: (label, send on a fake).
STEPS: list[tuple[str, Callable[[FakeDiscord], Awaitable[InteractionResult]]]] = [
    ("/karte", lambda f: f.command("karte", {"name": "Boros-Rekrut"}, timeout=20)),
    ("/mechanik", lambda f: f.command("mechanik", {"name": "Einberufen"}, timeout=20)),
    ("autocomplete", lambda f: f.autocomplete_result("karte", "name", "bor", timeout=20)),
    ("/regel", lambda f: f.command("regel", {"suche": "702.51a"}, timeout=20)),
]


@dataclass
class Sent:
    """One interaction of the stream: when it was sent (s after the start), through which door, what it was,
    how long until its first callback (s), what came back (None: no answer, with the problem) and when the test
    had all of it (``time.perf_counter()``; a deferred answer's edit included)."""

    at: float
    door: str
    label: str
    seconds: float = float("nan")
    result: InteractionResult | None = None
    problem: str = ""
    done: float = float("nan")

    @property
    def error(self) -> bool:
        """True when there was no answer, a refused (late) one, or the internal-error reply."""
        if self.result is None or self.result.refused:
            return True
        return any(e.get("title") == INTERNAL_ERROR_TITLE for e in self.result.embeds)

    @property
    def reviewed(self) -> bool:
        """True when the answer names a register row "zu prüfen" (it came from the newer store)."""
        return self.result is not None and any(REVIEWED in (e.get("description") or "") for e in self.result.embeds)


#: Seconds a stream goes on beyond its own at most, waiting for its events (see :func:`stream`).
EVENTS_SECONDS = 60.0


async def stream(swarm: Swarm, rate: float, seconds: float,
                 events: list[tuple[float, Callable[[], object]]] | None = None,
                 sent: list[Sent] | None = None) -> list[Sent]:
    """Send ``rate`` interactions per second for ``seconds`` round robin over the doors and :data:`STEPS`, and
    call each event at its time; returns every interaction (appended to ``sent`` as they go, if given) once all
    have been answered (or failed). An event that returns an awaitable (an ``async def``) runs beside the
    stream, so it can wait for what the processes do: the stream then goes on at its rate until every such
    event has finished (at most :data:`EVENTS_SECONDS` longer).

    Raises:
        FakeDiscordError: an event still running :data:`EVENTS_SECONDS` after the stream's time.
        BaseException: what an event raised.
    """
    sent = [] if sent is None else sent
    tasks: list[asyncio.Task[None]] = []
    waiting: list[asyncio.Future[object]] = []
    pending = sorted(events or [], key=lambda e: e[0])
    t0 = time.perf_counter()

    async def one(item: Sent, send: Callable[[FakeDiscord], Awaitable[InteractionResult]], fake: FakeDiscord) -> None:
        try:
            item.result = await send(fake)
            item.seconds = item.result.seconds
        except (FakeDiscordError, AssertionError) as exc:
            item.problem = str(exc)[:300]
        item.done = time.perf_counter()

    def call(event: Callable[[], object]) -> None:
        out = event()
        if isinstance(out, Awaitable):
            waiting.append(asyncio.ensure_future(out))

    total = int(rate * seconds)
    n = 0
    while n < total or any(not w.done() for w in waiting):
        due = t0 + n / rate
        if n >= total and due > t0 + seconds + EVENTS_SECONDS:
            raise FakeDiscordError(f"an event of the stream still running {EVENTS_SECONDS} s after its end")
        if any(w.done() and w.exception() for w in waiting):
            break
        while pending and t0 + pending[0][0] <= due:
            await asyncio.sleep(max(0.0, t0 + pending[0][0] - time.perf_counter()))
            call(pending.pop(0)[1])
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        door = swarm.doors[n % len(swarm.doors)]
        label, send = STEPS[(n // len(swarm.doors)) % len(STEPS)]
        item = Sent(time.perf_counter() - t0, door.name, label)
        sent.append(item)
        tasks.append(asyncio.create_task(one(item, send, door.fake)))
        n += 1
    for _at, event in pending:
        call(event)
    await asyncio.gather(*tasks)
    await asyncio.gather(*waiting)  # raises what an event raised
    return sent


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` by nearest rank; NaN for none."""
    data = sorted(v for v in values if v == v)
    if not data:
        return float("nan")
    return data[min(len(data) - 1, max(0, round(q * len(data)) - 1))]
