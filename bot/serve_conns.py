"""The open connections of the HTTP endpoint and the loop that takes them: :class:`Connections` accepts on the
listening sockets, hands each connection to aiohttp's protocol factory (wrapped in
:class:`bot.serve_sockets.Tracked`, which reports here what it does) and keeps the table of open ones with their
state (:class:`Conn`). Who gets a place and for how long is the intake's policy (:class:`bot.serve_net.Intake`,
which fills in :meth:`Connections._room`, :meth:`Connections._admit`, :meth:`Connections._has_room` and
:meth:`Connections._set`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import errno
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.serve_lobby import Lobby
from bot.serve_sockets import IntakeStats, Tracked

log = logging.getLogger("bot.serve_net")  # the intake's log lines, under one name as before the split

#: The least a new silent connection has before it may be closed (seconds from its handshake;
#: :func:`bot.serve_net.first_byte_grace`).
GRACE_SECONDS = 0.25
#: errno values of ``accept`` that mean "no file or memory for one more connection right now".
_EXHAUSTED = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})

#: What a connection is doing: waiting for a request's first byte (IDLE), receiving its headers (PARTIAL),
#: its body being read (READING), its answer being made (WORKING); or gone (CLOSED).
IDLE, PARTIAL, READING, WORKING, CLOSED = "idle", "partial", "reading", "working", "closed"
#: The states of a client that has not sent a whole request yet (each with its time: :data:`bot.serve_net.SLOW_AFTER`).
UNPROVEN = frozenset({IDLE, PARTIAL, READING})


@dataclass
class Conn:
    """One connection: its transport, what it is doing (one of the states above), since when, and the timer that
    closes it when that takes too long."""

    transport: asyncio.BaseTransport | None = None
    state: str = IDLE
    since: float = field(default_factory=time.monotonic)
    timer: asyncio.TimerHandle | None = None
    #: When the current state's time is up (``time.monotonic``; None: no clock runs); a timer armed earlier
    #: waits on when it rings (``Intake._ring``), so kept-alive requests arm none.
    due: float | None = None
    #: The current request's headers have all arrived, and the last bytes seen (a blank line split in two reads).
    headers_done: bool = False
    tail: bytes = b""
    #: Sent nothing yet: its :func:`bot.serve_net.first_byte_grace` (seconds; None once it sent bytes); counted in
    #: :attr:`bot.serve_net.Intake.prompt` yet; when it was accepted and when its handshake was done
    #: (``time.monotonic``, :func:`bot.serve_net.connection_age`) with its first-byte grace, kept for its first
    #: request's headers.
    grace: float | None = None
    counted: bool = False
    accepted: float = field(default_factory=time.monotonic)
    born: float = field(default_factory=time.monotonic)
    rtt_grace: float = GRACE_SECONDS
    #: Its first request has not arrived whole yet (counted in :attr:`bot.serve_net.Intake.prompt` when it does).
    fresh: bool = True

    @property
    def unproven(self) -> bool:
        """Not yet sent a whole request (since it was accepted, or since its last response)."""
        return self.state in UNPROVEN


class Connections:
    """The connections taken on ``sockets`` (at most ``cap`` at once) and the accept tasks that take them.

    ``conns`` holds the open ones (``id(conn)`` → conn), ``_ready`` those accepted and to be given a place
    first, ``lobby`` new silent ones without a place (:class:`bot.serve_lobby.Lobby`, set by the subclass)."""

    lobby: Lobby

    def __init__(self, sockets: list[socket.socket], cap: int) -> None:
        self.factory: Callable[[], asyncio.Protocol] = asyncio.Protocol
        self.sockets = sockets
        self.cap = cap
        self.conns: dict[int, Conn] = {}  # id(conn) → conn
        self.stats = IntakeStats()
        self._changed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._by_transport: dict[int, Conn] = {}
        #: Accepted connections to be given a place first (their bytes came, or they may not be closed yet).
        self._ready: collections.deque[tuple[socket.socket, Conn]] = collections.deque()

    # --- the policy (bot.serve_net.Intake) ---------------------------------------------------------------

    def _has_room(self) -> bool:
        """Whether one more connection may be taken now."""
        raise NotImplementedError

    async def _room(self, sock: socket.socket) -> None:
        """Wait until one more connection may be taken (``sock``: the listening socket whose queue waits)."""
        raise NotImplementedError

    def _admit(self, loop: asyncio.AbstractEventLoop, sock: socket.socket) -> bool:
        """Place the accepted ``sock``; True when it took no place (lobby, or closed)."""
        raise NotImplementedError

    def _set(self, conn: Conn, state: str) -> None:
        """Record that ``conn`` is now in ``state`` (and start the clock of that state)."""
        raise NotImplementedError

    # --- the connections -----------------------------------------------------------------------------------

    @property
    def unproven(self) -> int:
        """How many of the open connections have not sent a whole request yet (:attr:`Conn.unproven`); read
        from the health thread too (the connections are copied in one step first)."""
        return sum(1 for conn in list(self.conns.values()) if conn.unproven)

    def start(self, factory: Callable[[], asyncio.Protocol]) -> None:
        """Start accepting on every socket; each connection gets the protocol ``factory()`` makes."""
        self.factory = factory
        self._tasks = [asyncio.ensure_future(self._accept_loop(sock)) for sock in self.sockets]

    async def stop(self) -> None:
        """Stop accepting and close the listening sockets."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for sock in [*self.sockets, *(sock for sock, _ in self._ready)]:
            sock.close()
        self._ready.clear()
        self.lobby.close()

    async def _accept_loop(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._room(sock)
            if self._ready:  # accepted before, not to be closed: taken first
                self._take(loop, *self._ready.popleft())
                continue
            try:
                conn, _ = await loop.sock_accept(sock)
            except OSError as exc:
                await self._exhausted(exc)
                continue
            self._admit(loop, conn)
            while self._has_room() and not self._ready:  # more may be waiting: take them without a loop turn each
                try:
                    conn, _ = sock.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError as exc:
                    await self._exhausted(exc)
                    break
                self._admit(loop, conn)

    async def _exhausted(self, exc: OSError) -> None:
        """``accept`` failed: for want of files or memory, pause a moment (logged once per 100); else raise."""
        if exc.errno not in _EXHAUSTED:
            raise exc
        self.stats.exhausted += 1
        if self.stats.exhausted % 100 == 1:
            log.warning("Keine Datei für eine weitere Verbindung frei (%s, %d Verbindungen offen); warte kurz",
                        errno.errorcode.get(exc.errno or 0, exc.errno), len(self.conns))
        await asyncio.sleep(0.05)

    def _take(self, loop: asyncio.AbstractEventLoop, sock: socket.socket, conn: Conn) -> None:
        """Count the accepted ``sock`` (``conn``) at once (so the cap holds) and start aiohttp's protocol on it."""
        self.conns[id(conn)] = conn

        async def connect() -> None:
            try:
                await loop.connect_accepted_socket(lambda: Tracked(self.factory(), self, conn), sock=sock)
            except OSError:
                sock.close()
                self.closed(conn)

        task = loop.create_task(connect())
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    def opened(self, conn: Conn, transport: asyncio.BaseTransport) -> None:
        """The transport of ``conn`` is up: it has :data:`bot.serve_net.IDLE_SECONDS` for a request's first byte."""
        conn.transport = transport
        self._by_transport[id(transport)] = conn
        born, grace = conn.since, conn.grace
        self._set(conn, IDLE)
        conn.since, conn.grace = born, grace  # its grace counts from the handshake (serve_net.connection_age)

    def received(self, conn: Conn, data: bytes) -> None:
        """Data arrived on ``conn``: a request has begun (:data:`PARTIAL`; until its handler starts, which the
        event loop schedules before the timers of its next turn)."""
        if conn.state == IDLE:
            self._set(conn, PARTIAL)
        if not conn.headers_done:
            seen = conn.tail + data
            conn.headers_done, conn.tail = b"\r\n\r\n" in seen, seen[-3:]

    def closed(self, conn: Conn) -> None:
        """``conn`` is gone: its place is free (for the first in :attr:`_ready`, if any)."""
        if conn.timer is not None:
            conn.timer.cancel()
        conn.timer = conn.due = None
        self.conns.pop(id(conn), None)
        conn.state = CLOSED
        if conn.transport is not None:
            self._by_transport.pop(id(conn.transport), None)
        if self._ready and self._has_room():  # the accept loop may be waiting on the listen queue meanwhile
            self._take(asyncio.get_running_loop(), *self._ready.popleft())
        self._changed.set()

    def mark(self, request: web.BaseRequest, state: str) -> None:
        """Record that the connection of ``request`` is now in ``state`` (a connection this intake did not
        accept, e.g. in tests: nothing)."""
        conn = self._by_transport.get(id(request.transport))
        if conn is not None:
            self._set(conn, state)

    def health(self) -> dict[str, Any]:
        """Figures for ``GET /health``: connections (of the cap), unproven, in the lobby, the counts (whole ints)."""
        return {"connections": len(self.conns), "cap": self.cap, "unproven": self.unproven, "lobby": len(self.lobby),
                **vars(self.stats)}
