"""The HTTP endpoint's sockets: the open-file limit, the listening sockets, what waits unread in a socket, the
intake's counts (:class:`IntakeStats`), the German answers to requests aiohttp refuses itself, and the protocol
wrapper that tells the intake what each connection does (:class:`Tracked`). Used by :mod:`bot.serve_net` (the
intake, which re-exports these names) and :mod:`bot.serve`.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import math
import select
import socket
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

#: Connections kept open to Discord's REST API for follow-ups (one shared session, :mod:`bot.serve`).
OUTGOING_CONNECTIONS = 32
#: Files kept free besides those open at start and the outgoing connections (a worker restarting, a log
#: file rotating, SQLite's journal).
MARGIN = 64
#: Upper bound of the cap whatever the file limit. More connections at once make a burst no faster (the
#: answers are CPU-bound; the rest wait in the listen queue at no cost), but every request in flight costs
#: memory that Python keeps after the burst (its arenas stay mapped while a few objects live in them):
#: measured with ``bench/bench_hostile.py``, RSS after a burst of 2 000 grew 9 MB with 128, 12 MB with 256 and
#: 20 MB with 917 connections at once, at the same latency.
MAX_CONNECTIONS = 128
#: Connections the kernel queues for this socket while the cap is reached (Linux caps it at somaxconn).
BACKLOG = 4096
#: Seconds the kernel holds back a new connection that has sent nothing (:func:`listen`): at least the time for a
#: request's first byte (``bot.serve_net.IDLE_SECONDS``), so one it hands over silent has had that time.
DEFER_SECONDS = 5.0


def raise_file_limit() -> tuple[int, int]:
    """Raise the soft limit of open files (``RLIMIT_NOFILE``) to the hard limit; returns (soft, hard) in force
    afterwards. Where there are no such limits (Windows) returns (0, 0)."""
    try:
        import resource
    except ImportError:
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else _kernel_file_max()
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def _kernel_file_max() -> int:
    """The most open files a Linux process may have (``fs.nr_open``, 1 048 576 by default)."""
    try:
        return int(Path("/proc/sys/fs/nr_open").read_text())
    except (OSError, ValueError):
        return 1 << 20


def open_files() -> int:
    """How many files this process has open now (``/proc/self/fd``; 64 where that cannot be read)."""
    try:
        return sum(1 for _ in Path("/proc/self/fd").iterdir())
    except OSError:
        return 64


def connection_cap(soft_limit: int, already_open: int) -> int:
    """The connections to take at once under the open-file limit ``soft_limit`` with ``already_open`` files
    open: what is left after those, :data:`OUTGOING_CONNECTIONS` and :data:`MARGIN`; at least 16, at most
    :data:`MAX_CONNECTIONS` (also when there is no limit, ``soft_limit`` ≤ 0)."""
    if soft_limit <= 0:
        return MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, soft_limit - already_open - OUTGOING_CONNECTIONS - MARGIN))


def lobby_size(soft_limit: int, already_open: int) -> int:
    """How many new connections that have sent nothing the intake may hold as bare sockets in a flood
    (:mod:`bot.serve_lobby`) under the open-file limit ``soft_limit`` with ``already_open`` files open: the files
    left after :func:`connection_cap`'s connections, :data:`OUTGOING_CONNECTIONS` and :data:`MARGIN`; at most
    :data:`BACKLOG` (also with no limit, ``soft_limit`` ≤ 0), at least 0."""
    if soft_limit <= 0:
        return BACKLOG
    spare = soft_limit - already_open - OUTGOING_CONNECTIONS - MARGIN - connection_cap(soft_limit, already_open)
    return max(0, min(BACKLOG, spare))


def listen(host: str, port: int, reuse_port: bool = False, defer: float = DEFER_SECONDS) -> list[socket.socket]:
    """Non-blocking listening sockets on every address of ``host`` (as ``loop.create_server`` binds them), with
    ``SO_REUSEADDR``, ``SO_REUSEPORT`` when ``reuse_port`` (several processes on one port) and :data:`BACKLOG`.
    ``defer`` > 0 (seconds, :data:`DEFER_SECONDS` unless told; 0: none): the kernel hands a new connection to
    ``accept`` only once its first bytes (or its client's close) arrived, or after about ``defer`` seconds without
    (Linux ``TCP_DEFER_ACCEPT``, rounded up to its SYN-ACK retransmission schedule: 5 → 7 s; :func:`deferral`). A
    connection that sends nothing then takes no file, no ``accept`` and no place meanwhile, and one that sends its
    request is handed over at once, ahead of every silent one: in a flood of idle connections it does not wait
    behind them in the listen queue, and a client slow to write after its handshake is not closed for them. One
    handed over silent is closed at once (``bot.serve_net.Intake._admit``, :func:`held`); one that a SYN cookie lets
    in at once (more than :data:`BACKLOG` handshakes pending), and every one where the option does not exist (not
    Linux), gets the lobby's rules (:mod:`bot.serve_lobby`).

    Raises:
        OSError: the address is unknown (``socket.gaierror``), in use or not this machine's.
    """
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _, address in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                                  flags=socket.AI_PASSIVE):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if reuse_port:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            if defer > 0 and hasattr(socket, "TCP_DEFER_ACCEPT"):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, math.ceil(defer))
            sock.bind(address)
            sock.listen(BACKLOG)
            sock.setblocking(False)
            if port == 0:  # one port for every address, as create_server does not guarantee either
                break
    except OSError:
        for sock in sockets:
            sock.close()
        raise
    return sockets


def deferral(sock: socket.socket) -> int:
    """Seconds the kernel keeps a new connection of the listening ``sock`` that has sent nothing from ``accept``
    (``TCP_DEFER_ACCEPT`` as Linux reads it back, rounded up to its SYN-ACK retransmission schedule: 1, 3, 7, 15 …
    seconds); 0 where it is not set or not there (not Linux), or the socket is closed."""
    try:
        return int(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT))
    except (AttributeError, OSError):
        return 0


def unread_bytes(transport: asyncio.BaseTransport) -> int:
    """How many bytes wait in the socket of ``transport`` unread by this process (``FIONREAD``); 0 where that
    cannot be asked (no socket, not Linux or BSD)."""
    sock = transport.get_extra_info("socket")
    return 0 if sock is None else unread(sock)


def queued(sock: socket.socket) -> bool:
    """A connection waits in the listen queue of the listening ``sock`` (it is readable; one ``select`` that
    does not wait; False once it is closed)."""
    try:
        return bool(select.select([sock], [], [], 0)[0])
    except (OSError, ValueError):  # closed meanwhile (stopping)
        return False


def unread(sock: Any) -> int:
    """Bytes waiting unread in ``sock`` (``FIONREAD``; 0 where that cannot be asked)."""
    waiting = array.array("i", [0])
    try:
        import fcntl
        import termios

        fcntl.ioctl(sock.fileno(), termios.FIONREAD, waiting)
    except (ImportError, OSError, ValueError):  # not there (Windows), or the socket closed meanwhile
        return 0
    return waiting[0]


#: ``struct tcp_info`` of Linux (``linux/tcp.h``): after 8 one-byte fields, ``tcpi_last_ack_recv`` (ms since
#: the last ACK came in: for a connection that has sent nothing, since its handshake) is the 13th and
#: ``tcpi_rtt``/``tcpi_rttvar`` (µs, smoothed) the 16th/17th 32-bit field.
_TCP_INFO = struct.Struct("56xI8xII")
#: ``tcpi_total_retrans`` of ``struct tcp_info``: the 26th 32-bit field, after the same 8 one-byte fields.
_TOTAL_RETRANS = struct.Struct("100xI")


def tcp_times(sock: socket.socket) -> tuple[float, float, float] | None:
    """``(seconds since the last ACK came in, round-trip time, its variation)`` of ``sock`` from the kernel's
    TCP_INFO (Linux, seconds; for a connection that has sent nothing the first is the time since its
    handshake); None where TCP_INFO cannot be read (not Linux, not TCP)."""
    try:
        raw = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _TCP_INFO.size)
        last_ack_ms, rtt_us, rttvar_us = _TCP_INFO.unpack_from(raw)
    except (AttributeError, OSError, struct.error):
        return None
    return last_ack_ms / 1000, rtt_us / 1e6, rttvar_us / 1e6


def held(sock: socket.socket) -> bool:
    """The just accepted ``sock`` came from a listening socket with ``TCP_DEFER_ACCEPT`` (:func:`listen`) after its
    deferral ran out: the kernel sent its SYN-ACK again (``tcpi_total_retrans`` ≥ 1 in TCP_INFO, Linux), which it
    does under ``TCP_DEFER_ACCEPT`` only once the deferral is over (a bare ACK before is dropped,
    ``net/ipv4/tcp_minisocks.c: tcp_check_req``; ``inet_connection_sock.c: syn_ack_recalc``). Together with no
    bytes unread: its client sent nothing for the whole deferral. False where TCP_INFO cannot be read, and for a
    connection that a SYN cookie let in at once (no SYN-ACK sent again: the kernel's queue of 4 096 was full)."""
    try:
        raw = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _TOTAL_RETRANS.size)
        return _TOTAL_RETRANS.unpack_from(raw)[0] > 0
    except (AttributeError, OSError, struct.error):
        return False


@dataclass
class IntakeStats:
    """Counts since start: connections accepted, closed for being slow (no request, headers or body in time),
    closed to make room for new ones (the oldest unproven), and ``accept`` refusals for want of files."""

    accepted: int = 0
    timed_out: int = 0
    evicted: int = 0
    exhausted: int = 0


#: The German ``error`` of aiohttp's refusals, by HTTP status (:func:`http_error_text`).
HTTP_ERRORS = {400: "Ungültige HTTP-Anfrage", 404: "Nicht gefunden", 405: "Methode nicht erlaubt",
               413: "Anfrage zu groß (höchstens {size} Bytes)", 431: "Kopfzeilen zu groß"}


def http_error_text(status: int, max_size: int = 0) -> str:
    """The German text of an HTTP error ``status`` that aiohttp itself answers (``max_size``: the largest body
    taken, bytes, named for 413); ``Ungültige Anfrage`` for any other status."""
    return HTTP_ERRORS.get(status, "Ungültige Anfrage").format(size=f"{max_size:_}".replace("_", " "))


class GermanErrors(RequestHandler):
    """aiohttp's connection handler with its answer to a request that is not valid HTTP (a negative
    Content-Length, too many headers: aiohttp's parser refuses it before any handler or middleware) as German
    JSON ``{"error": "Ungültige HTTP-Anfrage"}`` instead of English text; the connection is closed as
    aiohttp does. The log line is aiohttp's (:class:`bot.logs.BadRequestFilter` makes it one short line)."""

    __slots__ = ()

    def handle_error(self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        """aiohttp's error answer (logged by it), in German JSON for a client's error (4xx)."""
        response = super().handle_error(request, status, exc, message)
        if not 400 <= status < 500:
            return response
        return closing(web.json_response({"error": http_error_text(status)}, status=status))


def closing(response: web.Response) -> web.Response:
    """``response``, after which the connection is closed (a client too slow for another request)."""
    response.force_close()
    return response


class Tracked(asyncio.Protocol):
    """aiohttp's protocol ``inner`` for one connection, passed through, with the intake
    (:class:`bot.serve_net.Intake`) told when the connection ``conn`` opens, when data arrives and when it closes;
    aiohttp's request handler answers requests that are not valid HTTP in German (:class:`GermanErrors`)."""

    def __init__(self, inner: asyncio.Protocol, intake: Any, conn: Any) -> None:
        self.inner, self.intake, self.conn = inner, intake, conn

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """The connection is up: tell the intake, then aiohttp."""
        if type(self.inner) is RequestHandler:  # German JSON for requests that are not valid HTTP
            self.inner.__class__ = GermanErrors
        self.intake.opened(self.conn, transport)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        """Bytes arrived: tell the intake (a request begun, its headers whole), then aiohttp."""
        self.intake.received(self.conn, data)
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        """The client closed its side: aiohttp decides."""
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        """The send buffer is full: aiohttp waits."""
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        """The send buffer has room again."""
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: aiohttp first, then the intake frees its place."""
        try:
            self.inner.connection_lost(exc)
        finally:
            self.intake.closed(self.conn)


__all__ = ["BACKLOG", "DEFER_SECONDS", "HTTP_ERRORS", "MARGIN", "MAX_CONNECTIONS", "OUTGOING_CONNECTIONS",
           "GermanErrors", "IntakeStats", "Tracked", "closing", "connection_cap", "deferral", "held",
           "http_error_text", "listen", "lobby_size", "open_files", "raise_file_limit", "tcp_times", "unread",
           "unread_bytes"]
