"""The HTTP endpoint's lobby: new connections that have sent nothing yet, held as bare sockets.

A connection that gets aiohttp's protocol holds one of the intake's few places (:mod:`bot.serve_net`); one that
has sent nothing may be an idle attacker or a client that is about to write (a burst from one busy process writes
a while after its handshakes). The intake keeps such a connection here instead: it costs one file and one watch
of the event loop, no protocol and no place. The moment bytes (or the client's close) arrive it is handed back
(``ready``); when its time is up it is handed to ``expired``. So a client that writes within its time is answered
however many silent ones came before it; a newcomer that finds the lobby full is the intake's to place.
"""

from __future__ import annotations

import asyncio
import math
import socket
import time
from collections.abc import Callable
from typing import Any

from bot.serve_sockets import unread

#: Seconds over which :attr:`Lobby.prompt` counts the sockets let go (its decay's time constant): the lobby time of
#: a silent connection in a flood (``bot.serve_net.EVICT_AFTER_SECONDS``).
LOBBY_SECONDS = 2.0


class FadingShare:
    """Two counts (yes, no) whose weight fades with their age (time constant ``seconds`` of ``clock``, by default
    ``time.monotonic``): what share of the events of about the last ``seconds`` were yes."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds, self.clock = seconds, clock
        self.yes, self.no, self.at = 0.0, 0.0, clock()

    def add(self, yes: bool) -> None:
        """Count one event: yes or no."""
        now = self.clock()
        decay = math.exp(-(now - self.at) / self.seconds)
        self.yes, self.no, self.at = self.yes * decay, self.no * decay, now
        if yes:
            self.yes += 1.0
        else:
            self.no += 1.0

    def share(self, empty: float) -> float:
        """The share of yes (0 to 1); ``empty`` while under one event's weight is left."""
        total = (self.yes + self.no) * math.exp(-(self.clock() - self.at) / self.seconds)
        return empty if total < 1.0 else self.yes / (self.yes + self.no)


class Lobby:
    """At most ``capacity`` sockets that have sent nothing, each watched for its first bytes (``loop.add_reader``)
    until a time (``time.monotonic``).

    ``ready(sock, tag)`` is called (and the socket let go: no watch, no timer) when ``sock`` becomes readable:
    its first bytes, or its client's close; ``expired(sock, tag)`` when its time is up. Either then owns the
    socket. ``capacity`` 0: no lobby (:attr:`full` always)."""

    def __init__(self, capacity: int, ready: Callable[[socket.socket, Any], None],
                 expired: Callable[[socket.socket, Any], None]) -> None:
        self.capacity = max(0, capacity)
        self._ready, self._expired = ready, expired
        #: file number → (socket, tag, timer).
        self._held: dict[int, tuple[socket.socket, Any, asyncio.TimerHandle]] = {}
        #: The sockets let go lately: by their first bytes, or silent (:attr:`prompt`).
        self.exits = FadingShare(LOBBY_SECONDS)

    def __len__(self) -> int:
        return len(self._held)

    @property
    def full(self) -> bool:
        """No room for one more socket."""
        return len(self._held) >= self.capacity

    @property
    def prompt(self) -> float:
        """The share of the sockets let go in about the last :data:`LOBBY_SECONDS` that sent bytes, against those
        that left silent (time up, or their client gone); 0 without such evidence. What the connections of this
        moment do: a burst slow to write just after an idle flood leaves by bytes, the flood's own connections
        silent (read by ``bot.serve_net.Intake._grace_ends``)."""
        return self.exits.share(empty=0.0)

    def hold(self, sock: socket.socket, tag: Any, until: float) -> None:
        """Keep the non-blocking ``sock`` (with ``tag``, the caller's record of it) until ``until``
        (``time.monotonic``) or its first bytes.

        Raises:
            OverflowError: the lobby is :attr:`full`."""
        if self.full:
            raise OverflowError("lobby full")
        loop = asyncio.get_running_loop()
        fd = sock.fileno()
        timer = loop.call_at(until, self._end, fd, self._expired)
        self._held[fd] = (sock, tag, timer)
        loop.add_reader(fd, self._end, fd, self._ready)

    def release(self, sock: socket.socket) -> None:
        """Let ``sock`` go without a call (the caller now owns it): no watch, no timer."""
        entry = self._held.pop(sock.fileno(), None)
        if entry is not None:
            entry[2].cancel()
            asyncio.get_running_loop().remove_reader(sock.fileno())

    def close(self) -> None:
        """Close every socket held (stopping)."""
        for sock, _, _ in list(self._held.values()):
            self.release(sock)
            sock.close()

    def _end(self, fd: int, then: Callable[[socket.socket, Any], None]) -> None:
        entry = self._held.get(fd)
        if entry is not None:
            self.release(entry[0])
            self.exits.add(then is self._ready and unread(entry[0]) > 0)
            then(entry[0], entry[1])
