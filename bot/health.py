"""The health and metrics listener: ``GET /health`` and ``GET /metrics`` answered from a thread of their own.

A door's event loop (``serve``'s interactions, ``run``'s gateway) can be busy for seconds in a burst, or stalled
by a bug; a health check served by that loop then waits behind every request in its queue (``serve``: behind
up to thousands of connections in the kernel's listen queue), or hangs. So the health endpoint runs in its own
thread with its own event loop and listening socket (:class:`SideListener`, an aiohttp application), and reads
what the door's loop keeps:

* a :class:`Heartbeat`: a task of the door's loop stamps ``time.monotonic()`` every :data:`BEAT_SECONDS`; a
  stamp older than the listener's bound (:data:`STALL_SECONDS`) is a stalled loop: 503 with the German reason
  (``Ereignisschleife hängt seit 12.3 s``), answered at once, not a hang;
* the door's check (``(ready, German reason)``: store open, gateway shards READY, not shutting down) and its
  figures (interactions in flight, connections): plain values the loop sets (a bool, an int, ``len`` of a set),
  which a thread reads whole under the GIL. Checks only read; they never await or change anything.

Every answer is computed in the listener's thread; the door's loop does no work for it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

#: Seconds between two heartbeats of the door's loop.
BEAT_SECONDS = 0.5
#: Heartbeat age (seconds) beyond which the door's loop counts as stalled: well above the longest turn a busy
#: loop takes in a burst (``bench/bench_hostile.py`` prints the largest age seen), below Docker's 3 × 10 s.
STALL_SECONDS = 10.0
#: Seconds a client of the listener has for its request, and the listener's thread to start or stop.
CLIENT_SECONDS = 5.0
THREAD_SECONDS = 10.0

#: A door's readiness: ``(ready, German reason)``; called in the listener's thread (reads only).
Check = Callable[[], tuple[bool, str]]
#: A door's figures for the health page (JSON values); called in the listener's thread (reads only).
Figures = Callable[[], Mapping[str, Any]]


class PortError(OSError):
    """The listener's port cannot be bound: the ``errno`` of the cause (:func:`bot.exits.listen_error_text`
    names it in German), and :attr:`port`."""

    def __init__(self, port: int, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror)
        self.port = port


class Heartbeat:
    """The door loop's sign of life: :meth:`start` (in that loop) stamps :attr:`at` (``time.monotonic()``) every
    :data:`BEAT_SECONDS`; :meth:`age` is read from any thread."""

    def __init__(self) -> None:
        #: When the loop last beat (``time.monotonic()`` seconds; one float, replaced whole).
        self.at = time.monotonic()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start beating in the running event loop (idempotent)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        while True:
            self.at = time.monotonic()
            await asyncio.sleep(BEAT_SECONDS)

    def stop(self) -> None:
        """Stop beating (the loop is shutting down)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def age(self) -> float:
        """Seconds since the last beat (≥ 0)."""
        return max(0.0, time.monotonic() - self.at)


class SideListener:
    """``GET /health`` and ``GET /metrics`` on a socket and event loop of their own, in a daemon thread.

    ``check`` and ``figures`` describe the door (module docstring), ``heartbeat`` its loop; the loop counts as
    stalled when the heartbeat is older than ``stall_after`` seconds. ``/metrics`` is ``page()`` (the door's
    :func:`bot.metrics.exposition`; without it 404). Start with :meth:`start` (or ``await`` :meth:`open`), stop with
    :meth:`close` (or ``await`` :meth:`cleanup`); :attr:`addresses` are the bound ``(host, port, …)`` tuples.
    """

    def __init__(self, check: Check, heartbeat: Heartbeat, figures: Figures | None = None,
                 stall_after: float = STALL_SECONDS, page: Callable[[], web.Response] | None = None) -> None:
        self.check, self.heartbeat, self.figures, self.stall_after = check, heartbeat, figures, stall_after
        self.page = page
        self.addresses: list[Any] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def state(self) -> tuple[int, dict[str, Any]]:
        """``(HTTP status, JSON body)`` of ``GET /health`` now: 200 ``{"status": "ok", "grund", "pid",
        "heartbeat_age", …figures}`` when the loop beats and ``check`` says ready, else 503 with ``"status":
        "nicht bereit"`` and the German reason (a stalled loop, or the check's). Never raises."""
        age = self.heartbeat.age()
        try:
            ready, reason = (False, f"Ereignisschleife hängt seit {age:.1f} s") if age > self.stall_after \
                else self.check()
            figures = dict(self.figures()) if self.figures is not None else {}
        except Exception as exc:  # a value changed while it was read: report it, do not fail the check
            ready, reason, figures = False, f"Zustand nicht lesbar ({type(exc).__name__})", {}
        body = {"status": "ok" if ready else "nicht bereit", "grund": reason, "pid": os.getpid(),
                "heartbeat_age": round(age, 3), **figures}
        return (200 if ready else 503), body

    async def _health(self, request: web.Request) -> web.Response:
        status, body = self.state()
        return web.json_response(body, status=status)

    async def _metrics(self, request: web.Request) -> web.Response:
        return self.page() if self.page is not None else web.Response(status=404)

    async def _route(self, request: web.Request) -> web.Response:
        """``GET``/``HEAD`` ``/health`` and ``/metrics``; German JSON 404 for another path, 405 (with ``Allow``)
        for another method."""
        page = {"/health": self._health, "/metrics": self._metrics}.get(request.path)
        if page is None:
            return web.json_response({"error": "Nicht gefunden"}, status=404)
        if request.method not in ("GET", "HEAD"):
            return web.json_response({"error": "Methode nicht erlaubt"}, status=405, headers={"Allow": "GET,HEAD"})
        return await page(request)

    @staticmethod
    async def _expect(request: web.Request) -> None:
        """Any ``Expect`` header is passed over: no page reads a body (aiohttp's own handler answers an unknown
        one with a 500 when it holds bytes that are not UTF-8)."""
        return None

    async def _serve(self, host: str, port: int) -> web.AppRunner:
        app = web.Application()
        app.router.add_route("*", "/{path:.*}", self._route, expect_handler=self._expect)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, keepalive_timeout=CLIENT_SECONDS,
                               auto_decompress=False)  # a body is not read: none decompressed (no gzip errors)
        await runner.setup()
        try:
            await web.TCPSite(runner, host, port).start()
        except BaseException:
            await runner.cleanup()
            raise
        return runner

    def _run(self, host: str, port: int, bound: concurrent.futures.Future[list[Any]]) -> None:
        """The listener thread: bind, report the addresses (or the error) through ``bound``, serve until
        :meth:`close` stops the loop."""
        loop = self._loop = asyncio.new_event_loop()
        try:
            runner = loop.run_until_complete(self._serve(host, port))
        except BaseException as exc:
            bound.set_exception(exc)
            loop.close()
            return
        bound.set_result(list(runner.addresses))
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(runner.cleanup())
            loop.close()

    def start(self, host: str, port: int) -> list[Any]:
        """Bind ``host:port`` (0: a free port) in a new thread and serve there; the bound addresses.

        Raises:
            OSError: the address cannot be bound (in use, not this machine's, no permission).
        """
        bound: concurrent.futures.Future[list[Any]] = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._run, args=(host, port, bound), name="regelbot-health",
                                        daemon=True)
        self._thread.start()
        self.addresses = bound.result(timeout=THREAD_SECONDS)
        return self.addresses

    async def open(self, host: str, port: int) -> list[Any]:
        """:meth:`start` without blocking the running loop; the heartbeat starts beating in it.

        Raises:
            PortError: the address cannot be bound (its ``errno``: in use, not this machine's, no permission).
        """
        self.heartbeat.start()
        try:
            return await asyncio.to_thread(self.start, host, port)
        except OSError as exc:
            self.heartbeat.stop()
            raise PortError(port, exc) from exc
        except BaseException:
            self.heartbeat.stop()
            raise

    def close(self) -> None:
        """Stop serving and wait (≤ :data:`THREAD_SECONDS`) for the thread to end; idempotent."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(loop.stop)
            thread.join(THREAD_SECONDS)
        self._thread = None

    async def cleanup(self) -> None:
        """:meth:`close` without blocking the running loop, and stop the heartbeat."""
        self.heartbeat.stop()
        await asyncio.to_thread(self.close)
