"""The HTTP endpoint's intake: how many connections ``python -m bot serve`` takes, and for how long.

Every connection is a file, and 1 024 open files is far below a burst of Discord's interactions: the endpoint
raises its soft ``RLIMIT_NOFILE`` to the hard limit and takes at most :func:`connection_cap` connections at once;
further ones wait in the listen queue (:data:`BACKLOG`), which costs no file, and none is refused. A connection has
:data:`IDLE_SECONDS` to begin a request (after ``accept`` and after each response), :data:`HEADER_SECONDS` for its
headers (the first request's from the TCP handshake) and :data:`BODY_SECONDS` for its body, then it is closed;
time this process itself takes (a busy event loop, bytes unread in the socket) is not counted.

On Linux the kernel holds a new connection back until its first bytes for :data:`IDLE_SECONDS` (:func:`listen`);
one it hands over silent then is closed at once. Elsewhere (or past a full SYN queue) a new connection that has sent
nothing takes no place: it waits as a bare socket in the lobby
(:mod:`bot.serve_lobby`, as many as the files allow, :func:`lobby_size`) and gets its place the moment its bytes
arrive, so a request is not kept waiting by the silent connections before it. Connections that have not sent a
whole request hold at most :data:`UNPROVEN_SHARE` of the places; when that share (or the lobby) is full and a
newcomer waits, one past its grace is closed (a silent one first). The grace is :data:`EVICT_AFTER_SECONDS`
while the new connections send requests (:attr:`Intake.prompt`: a burst from one busy machine writes a while
after its handshakes), shrinking towards :func:`first_byte_grace` after the handshake (twice the round trip, at
least :data:`GRACE_SECONDS`) as the share closed before their request was whole grows (a flood of idle or
dripping clients); in such a flood a silent one has :data:`EVICT_AFTER_SECONDS` in the lobby, not
:data:`IDLE_SECONDS`. The shrinking stops while the connections let out of the lobby lately sent bytes
(:attr:`bot.serve_lobby.Lobby.prompt`): a burst slow to write just after a flood, whose silent
connections beyond the lobby would otherwise be closed in turn after a round trip in the places. So accepting
keeps pace with any rate of idle connections, a burst slow to write is not closed for the silent ones before it,
and clients that trickle their headers cannot hold every handle. An error answer (≥ 400) closes its connection:
only a client that sent a good request is kept alive.

:class:`Intake` is this policy over the accept loop and the table of open connections of
:class:`bot.serve_conns.Connections` (on the listening sockets of :func:`bot.serve_sockets.listen`, each connection
handed to aiohttp's protocol factory, ``AppRunner.server``); :meth:`Intake.middleware` marks what each connection is
doing.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestPayloadError

from bot.serve_conns import CLOSED, GRACE_SECONDS, IDLE, PARTIAL, READING, WORKING, Conn, Connections
from bot.serve_guard import german, unreadable
from bot.serve_lobby import FadingShare, Lobby
from bot.serve_sockets import closing, deferral, held, queued, tcp_times, unread, unread_bytes

log = logging.getLogger(__name__)

#: Seconds a client has for a request's first byte (after connecting, and after each response: keep-alive),
#: for the rest of its headers, and for its body.
IDLE_SECONDS = 5.0
HEADER_SECONDS = 5.0
BODY_SECONDS = 5.0
UNPROVEN_SHARE = 0.5
#: Seconds an unproven connection has before it may be closed to make room (also a new one's time in the lobby).
EVICT_AFTER_SECONDS = 2.0
#: Seconds over which :attr:`Intake.prompt` counts new connections (their weight decays with this time constant).
PROMPT_SECONDS = 10.0
#: How long each state of a client that has not sent a whole request yet (:data:`bot.serve_conns.UNPROVEN`,
#: what a connection is doing: :data:`bot.serve_conns.IDLE` …) may last (seconds). The
#: clock of IDLE and PARTIAL runs on what the client sent (the event loop reads a socket's data before it
#: runs the timers of the same turn), so a busy process does not count as a slow client; READING starts when
#: the body is read, which returns at once when it has arrived.
SLOW_AFTER = {IDLE: IDLE_SECONDS, PARTIAL: HEADER_SECONDS, READING: BODY_SECONDS + 1.0}  # READING: see middleware


class Intake(Connections):
    """Accepts connections on ``sockets`` and hands each to aiohttp's protocol factory, at most ``cap`` at once,
    unproven ones at most ``cap`` × :data:`UNPROVEN_SHARE` (module docstring).

    Use: :meth:`middleware` in the aiohttp application, ``intake.start(runner.server)`` once the runner is set
    up (one accept task per socket), ``await intake.stop()`` (stops accepting, closes the sockets; the open
    connections are the runner's to close)."""

    def __init__(self, sockets: list[socket.socket], cap: int, lobby: int = 0) -> None:
        super().__init__(sockets, cap)
        self.unproven_cap = max(1, int(cap * UNPROVEN_SHARE))
        #: New connections that sent a request, and those closed without one, weighed by age (:attr:`prompt`).
        self._sent = FadingShare(PROMPT_SECONDS, lambda: time.monotonic())  # this module's clock (tests set it)
        #: In a flood, new connections that sent nothing wait here without a place (:meth:`_admit`).
        self.lobby = Lobby(lobby, self._arrived, self._expired)
        #: Seconds the kernel holds back a new connection until its first bytes (``listen``'s ``defer``; 0: not).
        self.deferred = max((deferral(sock) for sock in sockets), default=0)

    def _has_room(self) -> bool:
        """Fewer than :attr:`cap` connections open, of them fewer than :attr:`unproven_cap` unproven."""
        return len(self.conns) < self.cap and self.unproven < self.unproven_cap

    async def _room(self, sock: socket.socket) -> None:
        """Wait until one more connection may be taken (fewer than :attr:`cap` open, :attr:`unproven_cap`
        unproven). While one waits (in the listen queue of ``sock``, or :attr:`_ready`), the oldest unproven one is
        closed when past its grace (in a flood the queue is also emptied into the lobby: :meth:`_shed`); while none
        waits none is closed, so a pool of kept-alive connections (a proxy's) is not raced by a close."""
        loop = asyncio.get_running_loop()
        while not self._has_room():
            waits = len(self.conns) < self.cap and (bool(self._ready) or queued(sock))
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

    def _evictable(self) -> Conn | None:
        """The unproven connection to close first of those slow themselves (not one whose headers have all come,
        nor one with bytes unread: the wait is this process's): past their grace a new silent one first, then by
        their grace's end; else the one whose grace ends first. None when there is none."""
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
        """Close the unproven connection whose grace ended first (:meth:`_evictable`), if it has ended; it counts
        as gone at once, so one eviction makes room for one connection. Only a client slow itself is closed."""
        oldest = self._evictable()
        if oldest is None or oldest.transport is None or self._grace_ends(oldest) > time.monotonic():
            return False
        self.stats.evicted += 1
        if oldest.fresh:
            self._count(oldest, prompt=False)
        oldest.transport.close()
        self.closed(oldest)
        return True

    def _grace_ends(self, conn: Conn) -> float:
        """When (``time.monotonic``) ``conn`` may be closed to make room. A new connection that has sent
        nothing: its first-byte grace plus the rest of :data:`EVICT_AFTER_SECONDS` times :attr:`prompt` after its
        handshake, and those seconds times :attr:`prompt` after ``accept`` (:attr:`prompt` 1: 2 s after
        ``accept``). A request begun and not whole: the same window, its first request from the handshake, a
        later one from its first byte (the body from the end of its headers). Otherwise (kept alive after an
        answer) :data:`EVICT_AFTER_SECONDS` after :attr:`Conn.since`. :attr:`prompt` here is the larger of it and
        the lobby's (:attr:`bot.serve_lobby.Lobby.prompt`): while the connections let out of the lobby lately sent
        bytes, a silent one in a place is not closed after a round trip for the next silent newcomer."""
        prompt = max(self.prompt, self.lobby.prompt)
        window = conn.rtt_grace + max(0.0, EVICT_AFTER_SECONDS - conn.rtt_grace) * prompt
        if conn.grace is not None:
            return max(conn.since + window, conn.accepted + EVICT_AFTER_SECONDS * prompt)
        if conn.state in (PARTIAL, READING) and conn.fresh:
            return max(conn.born + window, conn.accepted + EVICT_AFTER_SECONDS * prompt)
        if conn.state in (PARTIAL, READING):
            return conn.since + window
        return conn.since + EVICT_AFTER_SECONDS

    @property
    def prompt(self) -> float:
        """The share of the new connections of about the last :data:`PROMPT_SECONDS` whose first request
        arrived whole, against those closed before it did: 1 in normal traffic and in a burst (also with none
        counted), towards 0 in a flood of idle or dripping clients. Counts fade with their age also while none
        comes: under one connection's weight left it is 1 again (1 500 idle ones after ~73 s)."""
        return self._sent.share(empty=1.0)

    def _count(self, conn: Conn, prompt: bool) -> None:
        """Count the new connection ``conn`` in :attr:`prompt` (once): its first request came whole, or not."""
        if not conn.counted:
            conn.counted = True
            self._sent.add(prompt)

    def _shed(self, sock: socket.socket) -> bool:
        """With a lobby, or in a flood (:attr:`prompt` below one half): accept the next connection in the listen
        queue of ``sock`` and :meth:`_admit` it. True when it took no place (lobby, or closed); False when none was
        accepted or it is to be taken first (:attr:`_ready`)."""
        if (self.prompt >= 0.5 and not self.lobby.capacity) or self._ready:
            return False
        try:
            new, _ = sock.accept()
        except OSError:  # none waiting, or no file free: the accept loop deals with it
            return False
        return self._admit(asyncio.get_running_loop(), new)

    def _admit(self, loop: asyncio.AbstractEventLoop, sock: socket.socket) -> bool:
        """Place the accepted ``sock``. One the kernel held back its whole deferral (at least :data:`IDLE_SECONDS`)
        without a byte is closed at once (timed out). One that has sent nothing waits in the :attr:`lobby` for its
        first bytes until :data:`IDLE_SECONDS` after its handshake, in a flood of idle connections (:attr:`prompt`
        below one half) :data:`EVICT_AFTER_SECONDS` (so a burst whose sender writes a moment after connecting is not
        closed for the silent ones before it, which a burst's sender wrote first); in a flood one that finds the
        lobby full is closed when past its own grace (:meth:`_grace_ends`). Else it gets a place (:meth:`_take`), or
        waits first in line (:attr:`_ready`). True when it took no place (lobby, or closed)."""
        sock.setblocking(False)
        self.stats.accepted += 1
        if self.deferred >= IDLE_SECONDS and not unread(sock) and held(sock):  # silent its whole deferral: time up
            sock.close()
            self.stats.timed_out += 1
            self._sent.add(False)
            return True
        age, grace = connection_age(sock)
        now, flood = time.monotonic(), self.prompt < 0.5
        conn = Conn(since=now - age, grace=grace, born=now - age, rtt_grace=grace)
        if (flood or self.lobby.capacity) and not unread(sock):
            conn.due = conn.born + (EVICT_AFTER_SECONDS if flood else SLOW_AFTER[IDLE])
            if not self.lobby.full and conn.due > now:
                self.lobby.hold(sock, conn, conn.due)
                return True
            if flood and self._grace_ends(conn) <= now:
                self._expired(sock, conn)
                return True
        if self._has_room():
            self._take(loop, sock, conn)
        else:
            self._ready.append((sock, conn))
        return False

    def _arrived(self, sock: socket.socket, conn: Conn) -> None:
        """Bytes came on ``sock`` in the lobby: its place now, or first in line; closed when its client went."""
        if not unread(sock):  # readable without bytes: the client closed it
            sock.close()
            self._count(conn, prompt=False)
        elif self._has_room():
            self._take(asyncio.get_running_loop(), sock, conn)
        else:
            self._ready.append((sock, conn))
            self._changed.set()

    def _expired(self, sock: socket.socket, conn: Conn) -> None:
        """Close ``sock``, silent past its grace: timed out when it had :data:`IDLE_SECONDS` in the lobby, else
        evicted; counted as a new connection closed without a byte."""
        sock.close()
        if conn.due is not None and conn.due - conn.born >= SLOW_AFTER[IDLE] and conn.due <= time.monotonic():
            self.stats.timed_out += 1
        else:
            self.stats.evicted += 1
        self._count(conn, prompt=False)

    def _set(self, conn: Conn, state: str) -> None:
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

    def _arm(self, conn: Conn, due: float) -> None:
        """Let ``conn``'s clock ring at ``due`` (``time.monotonic``): a timer armed for later is moved."""
        conn.due = due
        if conn.timer is not None and conn.timer.when() > due:
            conn.timer.cancel()
            conn.timer = None
        if conn.timer is None:
            conn.timer = asyncio.get_running_loop().call_at(due, self._ring, conn)

    def _ring(self, conn: Conn) -> None:
        """``conn``'s timer rang: nothing while no clock runs, again later while its time is not up, else too slow."""
        conn.timer = None
        if conn.due is not None:
            self._too_slow(conn) if conn.due - time.monotonic() <= 0.001 else self._arm(conn, conn.due)

    def _too_slow(self, conn: Conn) -> None:
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

    @web.middleware
    async def middleware(self, request: web.BaseRequest,
                         handler: Callable[[Any], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """aiohttp middleware: the body is read within :data:`BODY_SECONDS` (408 after that; one that came with
        its headers without timer or task), then the handler runs with the connection counted as working. An error
        answer closes its connection; aiohttp's own refusals (413, 404, 405 with ``Allow``) are German JSON."""
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

def first_byte_grace(rtt: float, rttvar: float) -> float:
    """The grace of a new connection that has sent nothing (seconds): twice its round-trip time with
    variation (``rtt + 4 × rttvar``, seconds, as TCP's RFC 6298 bounds one round trip), at least
    :data:`GRACE_SECONDS`, at most :data:`EVICT_AFTER_SECONDS`. A request sent as soon as the connection
    is up arrives within one round trip after the handshake's last ACK."""
    return min(EVICT_AFTER_SECONDS, max(GRACE_SECONDS, 2 * (rtt + 4 * rttvar)))


def connection_age(sock: socket.socket) -> tuple[float, float]:
    """``(seconds since the handshake, grace)`` of the just accepted ``sock`` (:func:`tcp_times`): how long it
    waited in the listen queue, and :func:`first_byte_grace` of its round-trip time; ``(0.0, GRACE_SECONDS)``
    where TCP_INFO cannot be read (not Linux, not TCP)."""
    times = tcp_times(sock)
    return (0.0, GRACE_SECONDS) if times is None else (times[0], first_byte_grace(times[1], times[2]))
