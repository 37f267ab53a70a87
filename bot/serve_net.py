"""The HTTP endpoint's intake: how many connections ``python -m bot serve`` takes, and for how long.

An operating system's default of 1 024 open files is far below a burst of Discord's interactions, and every
connection is a file. So the endpoint (:mod:`bot.serve`)

* raises its soft ``RLIMIT_NOFILE`` to the hard limit at start (:func:`raise_file_limit`);
* takes at most :func:`connection_cap` connections at once: the limit less the files already open (store,
  calculation workers, logs), the outgoing connections to Discord (:data:`OUTGOING_CONNECTIONS`) and a margin.
  At the cap it stops accepting; further connections wait in the kernel's listen queue (:data:`BACKLOG`),
  which costs no file of this process, and are taken as soon as one closes — none is refused or lost;
* gives every connection :data:`IDLE_SECONDS` to begin a request (after accepting it and after each response:
  keep-alive), :data:`HEADER_SECONDS` to finish its headers (the first request's from the handshake, a later
  one's from its first byte) and :data:`BODY_SECONDS` to send its body, then
  closes it (a silent or slow client); time this process itself takes (a busy event loop) is not counted;
* lets connections that have not sent a whole request yet hold at most :data:`UNPROVEN_SHARE` of the cap: when
  that share is full, one past its grace is closed to make room (a silent new one first), else accepting waits.
  A connection kept alive after an answer has :data:`EVICT_AFTER_SECONDS`. A connection that has sent part of
  its first request (headers without their end, or a body still coming) has the grace of a new connection,
  counted from its handshake too; a later request on a kept-alive connection from its first byte, its body
  from the end of its headers. A new connection that has sent nothing has its grace counted from the
  handshake in the kernel, not from ``accept``: a client that sends its request as soon as it is connected
  (as Discord and a proxy do) has its first bytes in the socket within one round trip, so a connection that
  waited in the listen queue longer than its grace without a byte has had its chance already. That grace is
  :data:`EVICT_AFTER_SECONDS` while the new connections send requests (a client that is itself busy, as in a
  burst from one machine, may take a while after connecting), and shrinks towards :func:`first_byte_grace`
  (twice the round-trip time, at least :data:`GRACE_SECONDS`) as the share of them that are closed before their
  first request was whole grows (:attr:`Intake.prompt`: a flood of idle connections, or of clients that drip
  their requests byte by byte). So accepting keeps pace with any rate of idle connections (each costs one
  ``accept`` and one ``close``), and 1 100 clients that trickle their headers cannot hold every handle. A
  connection whose headers have all arrived and whose handler has not started, or whose bytes wait unread in its
  socket, is never closed so: there the wait is this process's, not the client's. An error answer (≥ 400: no or
  a bad signature, a malformed request) closes its connection, so only a client that sent a good request is kept
  alive.

:class:`Intake` runs the accept loop on the listening sockets of :func:`listen` and hands each connection to
aiohttp's protocol factory (``AppRunner.server``); :meth:`Intake.middleware` marks what each connection is doing.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import math
import socket
import struct
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestPayloadError

from bot.serve_guard import german, unreadable
from bot.serve_sockets import IntakeStats, Tracked, closing, queued, unread, unread_bytes

log = logging.getLogger(__name__)

#: Seconds a client has for a request's first byte (after connecting, and after each response: keep-alive),
#: for the rest of its headers, and for its body.
IDLE_SECONDS = 5.0
HEADER_SECONDS = 5.0
BODY_SECONDS = 5.0
UNPROVEN_SHARE = 0.5
#: Seconds an unproven connection that has sent bytes (or was kept alive after an answer) has before it may be
#: closed to make room.
EVICT_AFTER_SECONDS = 2.0
#: The least a new connection that has sent nothing has before it may be closed to make room (seconds from its
#: handshake); the grace is twice the connection's round-trip time when that is longer (:func:`first_byte_grace`).
GRACE_SECONDS = 0.25
#: Seconds over which :attr:`Intake.prompt` counts new connections (their weight decays with this time constant).
PROMPT_SECONDS = 10.0
#: errno values of ``accept`` that mean "no file or memory for one more connection right now".
_EXHAUSTED = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


#: What a connection is doing: waiting for a request's first byte (IDLE), receiving its headers (PARTIAL),
#: its body being read (READING), its answer being made (WORKING); or gone (CLOSED).
IDLE, PARTIAL, READING, WORKING, CLOSED = "idle", "partial", "reading", "working", "closed"
#: The states of a client that has not sent a whole request yet, and how long each may last (seconds). The
#: clock of IDLE and PARTIAL runs on what the client sent (the event loop reads a socket's data before it
#: runs the timers of the same turn), so a busy process does not count as a slow client; READING starts when
#: the body is read, which returns at once when it has arrived.
SLOW_AFTER = {IDLE: IDLE_SECONDS, PARTIAL: HEADER_SECONDS, READING: BODY_SECONDS + 1.0}  # READING: see middleware


@dataclass
class _Conn:
    """One connection: its transport, what it is doing (one of the states above), since when, and the timer that
    closes it when that takes too long."""

    transport: asyncio.BaseTransport | None = None
    state: str = IDLE
    since: float = field(default_factory=time.monotonic)
    timer: asyncio.TimerHandle | None = None
    #: When the current state's time is up (``time.monotonic``; None: no clock runs). One timer per connection: one
    #: armed earlier stays and waits on when it rings (``Intake._ring``), so kept-alive requests arm none.
    due: float | None = None
    #: The headers of the current request have all arrived (their blank line was seen), and the last bytes
    #: seen before it, to find a blank line split between two reads.
    headers_done: bool = False
    tail: bytes = b""
    #: A new connection that has sent nothing yet: its :func:`first_byte_grace` (seconds; None once it sent
    #: bytes), and whether it was counted in :attr:`Intake.prompt` yet.
    grace: float | None = None
    counted: bool = False
    #: When it was accepted (``time.monotonic``).
    accepted: float = field(default_factory=time.monotonic)
    #: When its handshake was done (``time.monotonic``; :func:`connection_age`), and its first-byte grace
    #: (:func:`first_byte_grace`), kept for its first request: its headers are due from the handshake.
    born: float = field(default_factory=time.monotonic)
    rtt_grace: float = GRACE_SECONDS
    #: Its first request has not arrived whole yet (counted in :attr:`Intake.prompt` when it does).
    fresh: bool = True

    @property
    def unproven(self) -> bool:
        """Not yet sent a whole request (since it was accepted, or since its last response)."""
        return self.state in SLOW_AFTER


class Intake:
    """Accepts connections on ``sockets`` and hands each to aiohttp's protocol factory, at most ``cap`` at once,
    unproven ones at most ``cap`` × :data:`UNPROVEN_SHARE` (module docstring).

    Use: :meth:`middleware` in the aiohttp application, ``intake.start(runner.server)`` once the runner is set
    up (one accept task per socket), ``await intake.stop()`` (stops accepting, closes the sockets; the open
    connections are the runner's to close)."""

    def __init__(self, sockets: list[socket.socket], cap: int) -> None:
        self.factory: Callable[[], asyncio.Protocol] = asyncio.Protocol
        self.sockets = sockets
        self.cap = cap
        self.unproven_cap = max(1, int(cap * UNPROVEN_SHARE))
        self.conns: dict[int, _Conn] = {}  # id(conn) → conn
        #: New connections of about the last :data:`PROMPT_SECONDS` that sent a request, and those closed (to
        #: make room, or for their silence) without a byte, each weighed down with its age (:attr:`prompt`).
        self._sent, self._silent, self._counted_at = 0.0, 0.0, time.monotonic()
        self.stats = IntakeStats()
        self._changed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._by_transport: dict[int, _Conn] = {}
        #: A connection per listening socket (by its file number) that :meth:`_shed` accepted but may not close.
        self._waiting: dict[int, socket.socket] = {}

    @property
    def unproven(self) -> int:
        """How many of the open connections have not sent a whole request yet (:attr:`_Conn.unproven`); read
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
        for sock in [*self.sockets, *self._waiting.values()]:
            sock.close()
        self._waiting.clear()

    # --- accepting ---------------------------------------------------------------------------------

    def _has_room(self) -> bool:
        return len(self.conns) < self.cap and self.unproven < self.unproven_cap

    async def _room(self, sock: socket.socket) -> None:
        """Wait until one more connection may be taken: fewer than :attr:`cap` open, and fewer than
        :attr:`unproven_cap` unproven. While a connection waits in the listen queue of ``sock``, the oldest
        unproven one is closed when it has had its grace (in a flood of idle connections also those in the queue
        that are past their grace, without taking them: :meth:`_shed`). While none waits, none is closed: a pool
        of kept-alive connections idle between requests (a proxy's, Discord's) is not raced by a close that the
        client's next request on it would meet without an answer."""
        loop = asyncio.get_running_loop()
        while not self._has_room():
            waits = len(self.conns) < self.cap and (sock.fileno() in self._waiting or queued(sock))  # one _shed kept
            if waits and (self._evict_oldest() or self._shed(sock)):
                continue
            wait = self._next_grace_end() if waits else 0.1
            self._changed.clear()
            # asyncio.wait, not wait_for: Python 3.11's wait_for can swallow a cancel that meets the event
            changed = asyncio.ensure_future(self._changed.wait())
            watched = not waits and len(self.conns) < self.cap  # a newcomer in the queue ends the wait
            if watched:
                loop.add_reader(sock.fileno(), self._changed.set)
            try:
                await asyncio.wait({changed}, timeout=min(0.1, max(0.001, float(wait))))
            finally:
                changed.cancel()
                if watched:
                    loop.remove_reader(sock.fileno())

    def _evictable(self) -> _Conn | None:
        """The unproven connection to close first of those slow themselves: not one whose headers have all come
        while its handler has not started, nor one with bytes unread in its socket (the wait is this process's);
        one whose body is still coming (:data:`READING`) is. Past their grace, a new one that has sent nothing
        first (a begun request is not closed while a silent one could be), then by their grace's end; else the
        one whose grace ends first. None when there is none."""
        candidates = [c for c in self.conns.values() if c.unproven and c.transport is not None
                      and (c.state == READING or not c.headers_done)]
        now, ends = time.monotonic(), {id(c): self._grace_ends(c) for c in candidates}
        rank = {id(c): (2 if ends[id(c)] > now else 1 - (c.fresh and c.state == IDLE), ends[id(c)]) for c in candidates}
        for conn in sorted(candidates, key=lambda c: rank[id(c)]):
            if conn.transport is not None and not unread_bytes(conn.transport):
                return conn
        return None

    def _next_grace_end(self) -> float:
        """Seconds until :meth:`_evict_oldest` may close a connection (0.1 when none may be closed yet)."""
        conn = self._evictable()
        return 0.1 if conn is None else self._grace_ends(conn) - time.monotonic()

    def _evict_oldest(self) -> bool:
        """Close the unproven connection whose grace ended first (:meth:`_evictable`), if it has ended; it
        counts as gone at once (its file closes within the loop's next turn), so one eviction makes room for
        one connection. Only a client that is slow itself is closed."""
        oldest = self._evictable()
        if oldest is None or oldest.transport is None or self._grace_ends(oldest) > time.monotonic():
            return False
        self.stats.evicted += 1
        if oldest.fresh:
            self._count(oldest, prompt=False)
        oldest.transport.close()
        self.closed(oldest)
        return True

    def _grace_ends(self, conn: _Conn) -> float:
        """When (``time.monotonic``) ``conn`` may be closed to make room. A new connection that has sent
        nothing: its first-byte grace plus the rest of :data:`EVICT_AFTER_SECONDS` times :attr:`prompt` after its
        handshake, and those seconds times :attr:`prompt` after it was accepted (in normal traffic and in a
        burst, :attr:`prompt` 1: 2 s after ``accept``). A request begun and not whole (headers or body still
        coming): the same window, its first request counted from the handshake (as Discord and a proxy send
        the whole request at once, it arrives within a round trip), a later one on a kept-alive connection
        from its first byte (the body from the end of its headers); so in a flood of clients that drip their
        requests (:attr:`prompt` towards 0) each may be closed a round trip after it should have been whole.
        Otherwise (kept alive after an answer) :data:`EVICT_AFTER_SECONDS` after :attr:`_Conn.since`."""
        window = conn.rtt_grace + max(0.0, EVICT_AFTER_SECONDS - conn.rtt_grace) * self.prompt
        if conn.grace is not None:
            return max(conn.since + window, conn.accepted + EVICT_AFTER_SECONDS * self.prompt)
        if conn.state in (PARTIAL, READING) and conn.fresh:
            return max(conn.born + window, conn.accepted + EVICT_AFTER_SECONDS * self.prompt)
        if conn.state in (PARTIAL, READING):
            return conn.since + window
        return conn.since + EVICT_AFTER_SECONDS

    @property
    def prompt(self) -> float:
        """The share of the new connections of about the last :data:`PROMPT_SECONDS` whose first request
        arrived whole, against those closed before it did (without a byte, or with headers or a body that did
        not come in time): 1 in normal traffic and in a burst (also with no connection counted), towards 0 in a
        flood of idle connections or of clients dripping their requests. The grace of an unproven connection
        grows with it (:meth:`_grace_ends`). Counts fade with their age also while none comes: with less than one
        connection's weight left it is 1 again (three slow clients after ~11 s, 1 500 idle ones after ~73 s)."""
        total = (self._sent + self._silent) * math.exp(-(time.monotonic() - self._counted_at) / PROMPT_SECONDS)
        return 1.0 if total < 1.0 else self._sent / (self._sent + self._silent)

    def _count(self, conn: _Conn, prompt: bool) -> None:
        """Count the new connection ``conn`` in :attr:`prompt` (once): its first request came whole, or not."""
        if not conn.counted:
            conn.counted = True
            now = time.monotonic()
            decay = math.exp(-(now - self._counted_at) / PROMPT_SECONDS)
            self._sent, self._silent, self._counted_at = self._sent * decay, self._silent * decay, now
            if prompt:
                self._sent += 1.0
            else:
                self._silent += 1.0

    def _shed(self, sock: socket.socket) -> bool:
        """In a flood of idle connections (:attr:`prompt` below one half): accept the next connection waiting in
        the listen queue of ``sock`` and close it at once when it has sent nothing and is past its grace
        (counted from its handshake, :meth:`_grace_ends`): one ``accept`` and one ``close``, no protocol.
        True when one was closed so; a connection that may not be closed is kept to be taken first
        (:attr:`_waiting`), and False."""
        if self.prompt >= 0.5 or sock.fileno() in self._waiting:
            return False
        try:
            new, _ = sock.accept()
        except OSError:  # none waiting, or no file free: the accept loop deals with it
            return False
        age, grace = connection_age(new)
        probe = _Conn(since=time.monotonic() - age, grace=grace, born=time.monotonic() - age, rtt_grace=grace)
        if unread(new) or self._grace_ends(probe) > time.monotonic():
            self._waiting[sock.fileno()] = new
            return False
        new.close()
        self.stats.accepted += 1
        self.stats.evicted += 1
        self._count(probe, prompt=False)
        return True

    async def _accept_loop(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._room(sock)
            waiting = self._waiting.pop(sock.fileno(), None)
            if waiting is not None:  # accepted by _shed, not to be closed: taken first
                self._take(loop, waiting)
                continue
            try:
                conn, _ = await loop.sock_accept(sock)
            except OSError as exc:
                await self._exhausted(exc)
                continue
            self._take(loop, conn)
            while self._has_room():  # more may be waiting: take them without a loop turn each (as asyncio does)
                try:
                    conn, _ = sock.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError as exc:
                    await self._exhausted(exc)
                    break
                self._take(loop, conn)

    async def _exhausted(self, exc: OSError) -> None:
        """``accept`` failed: for want of files or memory, pause a moment (logged once per 100); else raise."""
        if exc.errno not in _EXHAUSTED:
            raise exc
        self.stats.exhausted += 1
        if self.stats.exhausted % 100 == 1:
            log.warning("Keine Datei für eine weitere Verbindung frei (%s, %d Verbindungen offen); warte kurz",
                        errno.errorcode.get(exc.errno or 0, exc.errno), len(self.conns))
        await asyncio.sleep(0.05)

    def _take(self, loop: asyncio.AbstractEventLoop, sock: socket.socket) -> None:
        """Count the accepted ``sock`` at once (so the cap holds) and start aiohttp's protocol on it."""
        sock.setblocking(False)
        age, grace = connection_age(sock)
        born = time.monotonic() - age
        conn = _Conn(since=born, grace=grace, born=born, rtt_grace=grace)
        self.conns[id(conn)] = conn
        self.stats.accepted += 1

        async def connect() -> None:
            try:
                await loop.connect_accepted_socket(lambda: Tracked(self.factory(), self, conn), sock=sock)
            except OSError:
                sock.close()
                self.closed(conn)

        task = loop.create_task(connect())
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    # --- what each connection is doing -------------------------------------------------------------

    def opened(self, conn: _Conn, transport: asyncio.BaseTransport) -> None:
        """The transport of ``conn`` is up: it has :data:`IDLE_SECONDS` for a request's first byte."""
        conn.transport = transport
        self._by_transport[id(transport)] = conn
        born, grace = conn.since, conn.grace
        self._set(conn, IDLE)
        conn.since, conn.grace = born, grace  # its grace counts from the handshake (:func:`connection_age`)

    def received(self, conn: _Conn, data: bytes) -> None:
        """Data arrived on ``conn``: a request has begun (:data:`PARTIAL`; until its handler starts, which the
        event loop schedules before the timers of its next turn)."""
        if conn.state == IDLE:
            self._set(conn, PARTIAL)
        if not conn.headers_done:
            seen = conn.tail + data
            conn.headers_done, conn.tail = b"\r\n\r\n" in seen, seen[-3:]

    def closed(self, conn: _Conn) -> None:
        """``conn`` is gone: its place is free."""
        if conn.timer is not None:
            conn.timer.cancel()
        conn.timer = conn.due = None
        self.conns.pop(id(conn), None)
        conn.state = CLOSED
        if conn.transport is not None:
            self._by_transport.pop(id(conn.transport), None)
        self._changed.set()

    def _set(self, conn: _Conn, state: str) -> None:
        if conn.state == CLOSED:
            return
        conn.grace = None  # past its first moments: a client that began a request, or was answered
        conn.state, conn.since, conn.due = state, time.monotonic(), None
        if state == IDLE:  # waiting for the next request (keep-alive): its headers are still to come
            conn.headers_done, conn.tail = False, b""
        if state == WORKING and conn.fresh:  # its first request arrived whole
            conn.fresh = False
            self._count(conn, prompt=True)
        if state in SLOW_AFTER and conn.transport is not None:
            delay = SLOW_AFTER[state]
            if state == PARTIAL and conn.fresh:  # the first request's headers are due from the handshake
                delay = max(conn.rtt_grace, conn.born + delay - conn.since)
            self._arm(conn, conn.since + delay)
        if (state != IDLE or conn.fresh) and len(self.conns) < self.cap:  # not after an answer, nor at the cap:
            self._changed.set()  # the accept loop (_room) then waits for a close, or for an idle one's time

    def _arm(self, conn: _Conn, due: float) -> None:
        """Let ``conn``'s clock ring at ``due`` (``time.monotonic``): a timer armed for later is moved."""
        conn.due = due
        if conn.timer is not None and conn.timer.when() > due:
            conn.timer.cancel()
            conn.timer = None
        if conn.timer is None:
            conn.timer = asyncio.get_running_loop().call_at(due, self._ring, conn)

    def _ring(self, conn: _Conn) -> None:
        """``conn``'s timer rang: nothing while no clock runs, again later while its time is not up, else too slow."""
        conn.timer = None
        if conn.due is not None:
            self._too_slow(conn) if conn.due - time.monotonic() <= 0.001 else self._arm(conn, conn.due)

    def _too_slow(self, conn: _Conn) -> None:
        if conn.transport is None or conn.transport.is_closing():
            return
        if conn.state == PARTIAL and conn.headers_done:  # whole: its handler is about to start
            return
        if conn.state in (IDLE, PARTIAL) and unread_bytes(conn.transport):  # this process is behind, not the client
            self._arm(conn, time.monotonic() + GRACE_SECONDS)
            return
        self.stats.timed_out += 1
        if conn.fresh:
            self._count(conn, prompt=False)
        conn.transport.close()

    def mark(self, request: web.BaseRequest, state: str) -> None:
        """Record that the connection of ``request`` is now in ``state`` (a connection this intake did not
        accept, e.g. in tests: nothing)."""
        conn = self._by_transport.get(id(request.transport))
        if conn is not None:
            self._set(conn, state)

    @web.middleware
    async def middleware(self, request: web.BaseRequest,
                         handler: Callable[[Any], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """aiohttp middleware: the body is read here within :data:`BODY_SECONDS` (408 after that), then the
        handler runs with the connection counted as working; afterwards it waits for the next request. A body
        that has wholly arrived with its headers (as Discord sends a few KB) is taken without the clock: no
        timer, no task. An error answer closes its connection (no keep-alive for a refused client), and
        aiohttp's own refusals (413 body too large, 404, 405 with ``Allow``) are German JSON like the others."""
        response: web.StreamResponse
        here = request.can_read_body and request.content.is_eof()
        if not here:
            self.mark(request, READING)
        try:
            if request.can_read_body:  # here: nothing to wait for, the bytes are in memory (no timer, no task)
                try:
                    await (request.read() if here else asyncio.wait_for(request.read(), BODY_SECONDS))
                except TimeoutError:
                    self.stats.timed_out += 1
                    return closing(web.json_response({"error": "Anfrage zu langsam"}, status=408))
                except ConnectionError:  # closed meanwhile (too slow, or the client went): nobody to answer
                    return closing(web.Response(status=400))
                except RequestPayloadError as exc:  # a body that is not HTTP (a broken chunk): 400, one INFO line
                    return unreadable(request, exc)
            self.mark(request, WORKING)
            response = await handler(request)
        except web.HTTPException as exc:  # aiohttp's own refusals (413, 404, 405) in German, as JSON
            if exc.status < 400:
                raise
            response = german(exc, request.client_max_size)
        finally:
            self.mark(request, IDLE)
        if response.status >= 400 and isinstance(response, web.Response):  # no keep-alive for refusals
            response.force_close()
        return response

    def health(self) -> dict[str, Any]:
        """Figures for ``GET /health``: connections open (of the cap), unproven, and the counts (read from the
        health thread too: each a whole int)."""
        return {"connections": len(self.conns), "cap": self.cap, "unproven": self.unproven, **vars(self.stats)}


#: ``struct tcp_info`` of Linux (``linux/tcp.h``): after 8 one-byte fields, ``tcpi_last_ack_recv`` (ms since
#: the last ACK came in: for a connection that has sent nothing, since its handshake) is the 13th and
#: ``tcpi_rtt``/``tcpi_rttvar`` (µs, smoothed) the 16th/17th 32-bit field.
_TCP_INFO = struct.Struct("56xI8xII")


def first_byte_grace(rtt: float, rttvar: float) -> float:
    """The grace of a new connection that has sent nothing (seconds): twice its round-trip time with
    variation (``rtt + 4 × rttvar``, seconds, as TCP's RFC 6298 bounds one round trip), at least
    :data:`GRACE_SECONDS`, at most :data:`EVICT_AFTER_SECONDS`. A request sent as soon as the connection
    is up arrives within one round trip after the handshake's last ACK."""
    return min(EVICT_AFTER_SECONDS, max(GRACE_SECONDS, 2 * (rtt + 4 * rttvar)))


def connection_age(sock: socket.socket) -> tuple[float, float]:
    """``(seconds since the handshake, grace)`` of the just accepted ``sock`` from the kernel's TCP_INFO
    (Linux): how long it waited in the listen queue, and :func:`first_byte_grace` of its round-trip time.
    ``(0.0, GRACE_SECONDS)`` where TCP_INFO cannot be read (not Linux, not TCP)."""
    try:
        raw = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _TCP_INFO.size)
        last_ack_ms, rtt_us, rttvar_us = _TCP_INFO.unpack_from(raw)
    except (AttributeError, OSError, struct.error):
        return 0.0, GRACE_SECONDS
    return last_ack_ms / 1000, first_byte_grace(rtt_us / 1e6, rttvar_us / 1e6)
