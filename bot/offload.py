"""Heavy work off the event loop: a small pool of worker processes with a time budget.

``await run_bounded(func, *args, budget=2.0, **kwargs)`` runs ``func(*args, **kwargs)`` in a worker
process and returns its result. ``func`` must be a picklable module-level pure function (for example
``bot.rules.mana.convoke``); its arguments and result must be picklable. While it runs the event loop
stays free (autocomplete, other interactions, the defer watchdog, SIGTERM). A worker that exceeds the
budget is killed (SIGKILL) and replaced, so a runaway calculation cannot keep burning CPU, and the call
raises :class:`TooExpensive`, a :class:`~bot.errors.UserError` with a German message. A worker
that runs out of memory (each worker's address space is capped, ``WORKER_MEMORY_BYTES``) counts as too
expensive as well.

Exceptions raised by ``func`` are re-raised in the caller with their type and attributes (so
``except ManaError`` around the call works as before).

Kept rather than pebble's ``ProcessPool(timeout=…)``: it lacks the warm-up signal (:func:`ready`), the bounded wait
(:class:`Busy`) and a loop wake-up (pebble's threads poll timeouts every 0.1 s and SIGTERM, then join, a runaway).

Design (DESIGN.md "Heavy work off the loop"): one module-level pool, independent of any event loop (the
bot, the console and each test may run their own loop); workers are fresh interpreters
(``python -c``, no fork of a process with threads), started lazily or eagerly with :func:`start`, and
talk pickle over a socket pair. Settings:
``REGELBOT_CALC_BUDGET`` (default budget, seconds) and ``REGELBOT_WORKERS`` (pool size), read by
:mod:`bot.config` and applied with :func:`configure`.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from bot.errors import UserError
from bot.offload_wait import WALL_FACTOR as WALL_FACTOR  # re-exported: the budget's wall-time cap
from bot.offload_wait import cpu_seconds as cpu_seconds  # re-exported: a worker's CPU time
from bot.offload_wait import finished_in_budget, readable, reported_cpu

if TYPE_CHECKING:
    import multiprocessing.connection

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Budget when neither the caller nor :func:`configure` gives one (seconds). With the 2-s defer watchdog
#: (bot.core.in_time) the interaction is acknowledged in time; the refusal follows as the deferred reply.
DEFAULT_BUDGET = 2.0
#: Worker processes (each runs one calculation at a time).
DEFAULT_WORKERS = 2
#: Longest wait for a free worker before the call is refused as busy (seconds).
QUEUE_WAIT = 10.0
#: Longest wait for a new worker to start (import the engines) before the call is refused as busy.
STARTUP_WAIT = 20.0
#: Niceness added to a worker: on a busy machine the bot's event loop gets the CPU first.
WORKER_NICE = 10
#: Address-space cap of a worker (RLIMIT_AS): a calculation that needs more fails as too expensive.
WORKER_MEMORY_BYTES = 1 << 30
#: The folder holding the ``bot`` package (put on a worker's PYTHONPATH).
PACKAGE_ROOT = Path(__file__).resolve().parents[1]
#: Modules a worker imports at start, before the first call arrives.
PRELOAD = ("bot.rules.mana", "bot.rules.clash", "bot.rules.payment")


class TooExpensive(UserError):
    """The calculation exceeded its time budget (or a worker's memory cap) and was stopped.

    German message for the user; ``budget`` is the budget in seconds.
    """

    def __init__(self, budget: float, reason: str = "") -> None:
        super().__init__(
            "Diese Berechnung ist zu aufwendig",
            (reason or f"Sie wurde nach {budget:g} s abgebrochen.")
            + " Bitte mit kleineren Angaben versuchen (weniger Symbole, Marken, Kreaturen oder Karten).",
        )
        self.budget = budget


class Busy(UserError):
    """Every worker stayed busy for :data:`QUEUE_WAIT` seconds; German message for the user."""

    def __init__(self) -> None:
        super().__init__(
            "Der Bot rechnet gerade zu viel",
            "Alle Rechenplätze sind belegt. Bitte in ein paar Sekunden erneut versuchen.",
        )


def _exc_state(exc: BaseException) -> tuple[type[BaseException], tuple[Any, ...], dict[str, Any]]:
    """An exception as (type, args, attributes): rebuilt without calling ``__init__`` (see :func:`_rebuild`)."""
    return type(exc), exc.args, dict(vars(exc))


def _rebuild(state: tuple[type[BaseException], tuple[Any, ...], dict[str, Any]]) -> BaseException:
    cls, args, attrs = state
    exc = cls.__new__(cls)
    exc.args = args
    exc.__dict__.update(attrs)
    return exc


def _serve(conn: multiprocessing.connection.Connection) -> None:
    """A worker's loop: receive ``(func, args, kwargs)``, send ``("ok", result, cpu)`` or ``("err", state, cpu)``
    (``cpu``: the worker's CPU seconds so far, ``time.process_time()``, the start of its next call's budget)."""
    while True:
        try:
            func, args, kwargs = conn.recv()
        except (EOFError, OSError):
            return
        try:
            message: tuple[str, Any] = ("ok", func(*args, **kwargs))
        except MemoryError:
            message = ("memory", None)
        except BaseException as exc:
            message = ("err", _exc_state(exc))
        try:
            conn.send((*message, time.process_time()))
        except MemoryError:
            conn.send(("memory", None, time.process_time()))
        except Exception as exc:  # an unpicklable result or exception
            conn.send(("err", _exc_state(RuntimeError(f"Ergebnis nicht übertragbar: {exc!r}")), time.process_time()))


def worker_main(fd: int, parent: int) -> None:
    """Entry point of a worker process (``python -c``): serve calls on the socket ``fd`` until EOF.

    Ignores SIGINT (Ctrl+C in a terminal reaches the whole process group; the parent decides), dies with
    the parent (Linux ``PR_SET_PDEATHSIG``), runs at a lower priority (:data:`WORKER_NICE`) and caps its
    address space at :data:`WORKER_MEMORY_BYTES`.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent died before prctl took effect
            return
    with contextlib.suppress(AttributeError, OSError):
        os.nice(WORKER_NICE)  # calculations yield the CPU to the bot's event loop (autocomplete, defers)
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY_BYTES, WORKER_MEMORY_BYTES))
    for module in PRELOAD:
        with contextlib.suppress(ImportError):
            importlib.import_module(module)
    # the worker's own process: the mana package at its start, not the parent's
    from bot.rules import mana

    mana.load_all()  # the package imports its calculations at their first use; a worker needs them all
    import multiprocessing.connection

    conn = multiprocessing.connection.Connection(fd)
    conn.send(("ready", None, time.process_time()))
    _serve(conn)


class _Worker:
    """One worker process (``python -c …worker_main``) and the parent's end of its socket pair."""

    def __init__(self) -> None:
        import multiprocessing.connection  # here, not at the top: a one-shot command starts no worker (~2 ms)

        ours, theirs = socket.socketpair()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PACKAGE_ROOT), env.get("PYTHONPATH", "")) if p)
        code = f"from bot.offload import worker_main; worker_main({theirs.fileno()}, {os.getpid()})"
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", code], pass_fds=(theirs.fileno(),), env=env,
                stdin=subprocess.DEVNULL, close_fds=True,
            )
        finally:
            theirs.close()
        self.conn = multiprocessing.connection.Connection(ours.detach())
        self.ready = False
        #: The worker's CPU seconds as it last reported them ("ready", each answer): where the next call's budget
        #: starts (it uses none while it waits), without reading ``/proc``. None: unknown.
        self.cpu: float | None = None

    async def wait_ready(self) -> None:
        """Wait (without blocking the loop) for the worker's "ready" after its imports, once.

        Raises:
            Busy: the worker did not start within :data:`STARTUP_WAIT` seconds.
        """
        if self.ready:
            return
        if not await readable(self.conn, STARTUP_WAIT):
            raise Busy()
        try:
            self.cpu = reported_cpu(self.conn.recv())
        except (EOFError, OSError):
            raise Busy() from None
        self.ready = True

    def alive(self) -> bool:
        """True while the process runs."""
        return self.process.poll() is None

    def kill(self) -> None:
        """Stop the process at once (SIGKILL) and close the socket, without waiting: the pool reaps it later
        (:meth:`_Pool.reap`), so the event loop never blocks on a dying process."""
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()
        _POOL.dying.append(self.process)


#: Seconds a shutdown waits in all for its killed workers to exit (SIGKILL: they go within milliseconds).
SHUTDOWN_WAIT = 1.0


class _Pool:
    """Idle workers, the number alive, and callers waiting for a free one (loop-independent)."""

    def __init__(self) -> None:
        self.size = DEFAULT_WORKERS
        self.budget = DEFAULT_BUDGET
        self.idle: list[_Worker] = []
        self.alive = 0
        self.waiters: deque[asyncio.Future[_Worker]] = deque()
        self.killed = 0
        self.dying: list[subprocess.Popen[bytes]] = []

    def new_worker(self) -> _Worker:
        """Start a worker now (blocking for the fork/exec: only at start-up, see :func:`start`)."""
        self.alive += 1
        try:
            return _Worker()
        except BaseException:
            self.alive -= 1
            raise

    def reap(self) -> None:
        """Collect killed workers that have exited (non-blocking)."""
        self.dying = [p for p in self.dying if p.poll() is None]

    async def acquire(self) -> _Worker:
        self.reap()
        while self.idle:
            worker = self.idle.pop()
            if worker.alive():
                return worker
            self.alive -= 1
            worker.kill()
        if self.alive < self.size:
            self.replace()  # a new worker starts in a thread and is handed to the first waiter
        fut: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self.waiters.append(fut)
        if self.idle:  # one came back between the checks above
            self.release(self.idle.pop())
        try:
            return await asyncio.wait_for(fut, QUEUE_WAIT)
        except BaseException as exc:
            if fut.done() and not fut.cancelled():  # a worker arrived just as we gave up: pass it on
                self.release(fut.result())
            if isinstance(exc, TimeoutError):
                _metrics().refused("overload")
                raise Busy() from None
            raise
        finally:
            with contextlib.suppress(ValueError):
                self.waiters.remove(fut)

    def release(self, worker: _Worker) -> None:
        """Hand ``worker`` to the next waiter, or back to the idle list."""
        while self.waiters:
            fut = self.waiters.popleft()
            if fut.done() or fut.get_loop().is_closed():
                continue
            try:
                fut.set_result(worker)
            except RuntimeError:  # the waiter's loop is gone
                continue
            return
        self.idle.append(worker)

    def replace(self) -> None:
        """Start a fresh worker in a thread (fork/exec never blocks the loop; the thread does not depend on
        any event loop, so a worker is never lost with a closed loop) and hand it to the first waiter, or
        put it on the idle list where it warms up. On failure the slot stays free."""
        self.alive += 1

        def start_worker() -> None:
            try:
                worker = _Worker()
            except OSError as exc:
                log.warning("Rechenprozess konnte nicht gestartet werden: %s", exc)
                self.alive -= 1
                return
            self.deliver(worker)

        threading.Thread(target=start_worker, name="regelbot-rechner-start", daemon=True).start()

    def deliver(self, worker: _Worker) -> None:
        """From any thread: give ``worker`` to a waiter (on its loop's thread) or to the idle list."""
        for fut in list(self.waiters):
            loop = fut.get_loop()
            if fut.done() or loop.is_closed():
                continue
            try:
                loop.call_soon_threadsafe(self.release, worker)
            except RuntimeError:  # closed meanwhile
                continue
            return
        self.idle.append(worker)

    def shutdown(self, wait: float = SHUTDOWN_WAIT) -> None:
        """Kill the idle workers and wait up to ``wait`` seconds in all for every killed worker to exit, so none
        outlives its parent (reparented to PID 1, its CPU counted by no one); a busy one is killed when its call
        ends."""
        for worker in self.idle:
            worker.kill()
        self.alive -= len(self.idle)
        self.idle.clear()
        deadline = time.monotonic() + wait
        for process in self.dying:
            with contextlib.suppress(subprocess.TimeoutExpired, OSError):
                process.wait(max(0.0, deadline - time.monotonic()))
        self.reap()


_POOL = _Pool()


def configure(budget: float | None = None, workers: int | None = None) -> None:
    """Set the default budget (seconds, > 0) and the pool size (≥ 1); None keeps the current value."""
    if budget is not None:
        if not budget > 0:
            raise ValueError("budget must be > 0")
        _POOL.budget = float(budget)
    if workers is not None:
        _POOL.size = max(1, int(workers))


def default_budget() -> float:
    """The budget used when ``run_bounded`` gets none (seconds)."""
    return _POOL.budget


def start() -> None:
    """Start the workers now (the bot calls this at start-up so the first calculation needs no spawn)."""
    started = time.perf_counter()
    while _POOL.alive < _POOL.size:
        _POOL.idle.append(_POOL.new_worker())
    log.info("Rechenprozesse: %d (Budget %g s, gestartet in %.2f s)", _POOL.size, _POOL.budget,
             time.perf_counter() - started)


async def ready() -> int:
    """Wait (without blocking the loop) until the idle workers started by :func:`start` have finished their
    imports (:data:`PRELOAD`) and said "ready", so the first calculation starts at once. ``serve`` and the
    gateway bot await this before they take interactions: on a busy machine a niced worker needs seconds
    to start, which would otherwise push the first answer past the 2-s defer watchdog.

    Returns the number of ready idle workers. A worker that does not start within :data:`STARTUP_WAIT` s is
    left to :meth:`_Worker.wait_ready` of the first call (logged as a warning, never raised).
    """

    async def one(worker: _Worker) -> bool:
        try:
            await worker.wait_ready()  # at most STARTUP_WAIT seconds
        except Busy:
            return False
        return True

    started = time.perf_counter()
    results = await asyncio.gather(*(one(w) for w in list(_POOL.idle)))
    count = sum(results)
    if count < len(results):
        log.warning("Rechenprozesse: nur %d von %d nach %g s bereit", count, len(results), STARTUP_WAIT)
    else:
        log.info("Rechenprozesse bereit in %.2f s", time.perf_counter() - started)
    return count


def shutdown() -> None:
    """Stop the idle workers and wait (at most :data:`SHUTDOWN_WAIT` seconds) until they have exited; busy ones are
    killed when their call ends or times out."""
    _POOL.shutdown()


def stats() -> dict[str, int]:
    """``{"alive", "idle", "waiting", "killed"}``: the pool's state (for tests and benchmarks)."""
    return {"alive": _POOL.alive, "idle": len(_POOL.idle), "waiting": len(_POOL.waiters), "killed": _POOL.killed}


async def run_bounded(func: Callable[..., T], /, *args: Any, budget: float | None = None, on_loop: bool = False,
                      **kwargs: Any) -> T:
    """Run ``func(*args, **kwargs)`` in a worker process within ``budget`` seconds and return its result.

    Args:
        func: a module-level (picklable) pure function.
        budget: seconds of the worker's CPU time the calculation may take (at most :data:`WALL_FACTOR` times
            as much wall time: :func:`finished_in_budget`); default :func:`default_budget`
            (``REGELBOT_CALC_BUDGET``, 2 s).
        on_loop: the caller has shown the work bounded by its parsed input (a few hundred steps): ``func`` runs
            here, without the worker's trip (≈ 60–85 µs of this process's CPU against 3–10 µs for such work).

    Raises:
        TooExpensive: the budget ran out (the worker was killed and will be replaced) or the worker ran
            out of memory. German message.
        Busy: no worker became free within :data:`QUEUE_WAIT` seconds.
        Exception: whatever ``func`` raised, same type and attributes.
    """
    if on_loop:
        return func(*args, **kwargs)
    limit = _POOL.budget if budget is None else float(budget)
    worker = await _POOL.acquire()
    healthy = False
    try:
        await worker.wait_ready()  # a fresh worker's start-up does not count against the budget
        worker.conn.send((func, args, kwargs))
        if not await finished_in_budget(worker.conn, worker.process.pid, limit, worker.cpu):
            log.warning("Berechnung %s nach %g s abgebrochen (Prozess %s beendet)",
                        getattr(func, "__qualname__", func), limit, worker.process.pid)
            _metrics().budget_killed("time")
            raise TooExpensive(limit)
        try:
            message = worker.conn.recv()
            status, value = message[:2]
            worker.cpu = reported_cpu(message)
        except (EOFError, OSError):  # the worker died (e.g. killed by the OOM killer)
            _metrics().budget_killed("died")
            raise TooExpensive(limit, "Der Rechenprozess wurde beendet.") from None
        healthy = True
        if status == "ok":
            return value
        if status == "memory":
            _metrics().budget_killed("memory")
            raise TooExpensive(limit, "Sie braucht zu viel Speicher.")
        raise _rebuild(value)
    finally:
        if healthy:
            _POOL.release(worker)
        else:
            worker.kill()
            _POOL.alive -= 1
            _POOL.killed += 1
            _POOL.replace()
            _metrics().worker_restarted()


def _metrics() -> Any:
    """:mod:`bot.metrics`, imported on first use: the workers import this module and need no metrics."""
    from bot import metrics

    return metrics


def _busy_for(seconds: float) -> float:
    """Test helper: burn CPU for ``seconds`` and return it (a runaway calculation stand-in)."""
    end = time.perf_counter() + seconds
    x = 0.0
    while time.perf_counter() < end:
        x += 1.0
    return seconds


def _pid() -> int:
    """Test helper: the worker's process id."""
    return os.getpid()
