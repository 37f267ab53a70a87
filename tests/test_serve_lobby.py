"""The intake's lobby (bot/serve_lobby.py, bot/serve_net.py): after a flood of idle connections, a burst whose
sender writes each request a moment after connecting is answered whole, on real sockets in this process. The lobby's
tests listen without ``TCP_DEFER_ACCEPT`` (as ``serve`` where the kernel has none, or past a full SYN queue); those
of ``serve``'s own sockets (``listen``'s default: the kernel holds silent connections back) are marked Linux."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time

import pytest
from aiohttp import web

from bot import serve_conns, serve_net
from bot.serve_lobby import LOBBY_SECONDS, Lobby
from bot.serve_net import IDLE_SECONDS, Intake
from bot.serve_sockets import deferral, held, listen, lobby_size

REQUEST = b"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"


@contextlib.asynccontextmanager
async def _serving(cap: int, lobby: int, counted: int, prompt: bool, idle: int,
                   sockets: list[socket.socket] | None = None):
    """An intake of ``cap`` places and a lobby of ``lobby`` on a port of this machine (``sockets``; by default
    listening without ``TCP_DEFER_ACCEPT``), ``counted`` new connections counted in its share of prompt clients
    (``prompt``: answered; else closed silent), and ``idle`` connections opened that send nothing; yields (intake,
    port, the idle connections), closes everything afterwards."""
    intake = Intake(sockets or listen("127.0.0.1", 0, defer=0), cap, lobby)
    for _ in range(counted):
        intake._count(serve_conns.Conn(), prompt=prompt)

    async def ok(request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    app = web.Application(middlewares=[intake.middleware])
    app.router.add_post("/interactions", ok)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    assert runner.server is not None
    intake.start(runner.server)
    port = intake.sockets[0].getsockname()[1]
    opened = []
    try:
        opened = [await asyncio.open_connection("127.0.0.1", port) for _ in range(idle)]
        yield intake, port, opened
    finally:
        for _, writer in opened:
            writer.close()
        await intake.stop()
        await runner.cleanup()


async def _late_writer(port: int, delay: float) -> bytes:
    """Connect, write the request ``delay`` s later (a busy sender), return the status line ("" when closed)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.sleep(delay)
    try:
        writer.write(REQUEST)
        answer = await asyncio.wait_for(reader.read(), 10)
    except (ConnectionError, OSError):
        answer = b""
    writer.close()
    return answer.split(b"\r\n", 1)[0]


async def test_a_burst_slow_to_write_after_an_idle_flood_is_answered_whole():
    # a cap of 20 (10 unproven), an idle flood just closed (1 500 connections counted silent: the grace of a new
    # silent connection is a round trip), 30 idle connections still open; then 20 clients that connect at once
    # and write 0.6 s later. Before the lobby each of them, silent 0.25 s after its handshake, was closed to make
    # room (its place, or its turn in the listen queue): a burst from a busy sender lost its connections
    async with _serving(20, 64, 1500, False, 30) as (intake, port, idle):
        assert intake.prompt == 0.0
        answers = await asyncio.gather(*(_late_writer(port, 0.6) for _ in range(20)))
        assert answers == [b"HTTP/1.1 200 OK"] * 20
        assert intake.stats.evicted == 0 and intake.stats.timed_out == 0
        assert [await asyncio.wait_for(reader.read(), 5) for reader, _ in idle] == [b""] * 30  # closed unanswered
        assert intake.stats.evicted == 30 and len(intake.lobby) == 0  # each after its 2 s in the lobby
        assert 0.0 < intake.prompt < 0.5  # 20 answered against 1 530 closed silent: still a flood


async def test_past_a_full_lobby_silent_newcomers_are_closed_and_a_request_behind_the_flood_is_answered():
    # a lobby of 8 and 40 idle connections at once in a flood: the lobby keeps the first 8 (a burst's sender writes
    # its first connections first), a silent newcomer that finds it full is closed once it has had its round trip,
    # so the request sent behind them all waits a few tenths of a second, not 2 s per 8
    async with _serving(20, 8, 1500, False, 40) as (intake, port, _):
        await asyncio.sleep(0.3)
        started = time.monotonic()
        assert await _late_writer(port, 0.0) == b"HTTP/1.1 200 OK"
        assert time.monotonic() - started < 1.5
        assert len(intake.lobby) <= 8 and intake.stats.evicted >= 20


async def test_past_a_full_lobby_a_burst_slow_to_write_keeps_its_places_once_the_lobby_sees_its_bytes():
    # a lobby of 8 and a cap of 20 (10 unproven) just after an idle flood (1 500 counted silent): 4 clients that
    # write 0.2 s after connecting and 4 idle ones fill the lobby; once the 4 wrote, 40 more connect at once, each
    # writing 0.8 s later (a busy sender). The lobby is full, so they take the places and wait in line. Before, a
    # place's silent client had a round trip (0.25 s) in the flood and was closed for the next in line: 26 of 40 lost,
    # however soon they wrote. Now the lobby's clients were seen writing (Lobby.prompt): the places keep the
    # grace of prompt traffic (2 s), and the ones in line are taken, their requests there, as the places free up
    async with _serving(20, 8, 1500, False, 4) as (intake, port, _):
        first = [asyncio.ensure_future(_late_writer(port, 0.2)) for _ in range(4)]
        for _ in range(500):  # until the lobby has let the 4 go by their bytes (about 0.2 s)
            if intake.lobby.prompt > 0:
                break
            await asyncio.sleep(0.01)
        assert intake.lobby.prompt == 1.0 and intake.prompt < 0.5  # the lobby's own evidence, the flood remembered
        burst = await asyncio.gather(*(_late_writer(port, 0.8) for _ in range(40)))
        assert burst == [b"HTTP/1.1 200 OK"] * 40
        assert await asyncio.gather(*first) == [b"HTTP/1.1 200 OK"] * 4
        assert intake.stats.evicted <= 4  # at most the 4 idle ones, after their 2 s in the lobby


def test_the_lobbys_evidence_is_its_sockets_leaving_by_bytes_or_silent_and_fades():
    lobby = Lobby(8, lambda *_: None, lambda *_: None)
    now = [0.0]  # the share's own clock, frozen: the four exits at one instant, whatever the machine's load
    lobby.exits.clock, lobby.exits.at = (lambda: now[0]), 0.0
    assert lobby.prompt == 0.0  # no evidence: the flood's rule (Intake.prompt) alone
    for wrote in (True, True, True, False):
        lobby.exits.add(wrote)
    assert lobby.prompt == 0.75
    now[0] += 6 * LOBBY_SECONDS  # six time constants later: under one connection's weight left
    assert lobby.prompt == 0.0


async def test_a_request_behind_idle_connections_after_good_traffic_is_answered_at_once():
    # good traffic just before (100 requests answered: no flood is suspected, silent ones keep 2 s of grace), then
    # 40 idle connections at once, four times the unproven share of a cap of 20, and a request behind them. Before
    # the lobby the idle ones took the places 10 at a time, each closed only 2 s after accept to make room: the
    # request waited its turn in the listen queue 4 × 2 s (the tester's PING behind 1 500: 21.7 s)
    async with _serving(20, 64, 100, True, 40) as (intake, port, _):
        await asyncio.sleep(0.1)
        started = time.monotonic()
        assert await _late_writer(port, 0.0) == b"HTTP/1.1 200 OK"
        assert time.monotonic() - started < 1.0
        assert len(intake.lobby) == 40 and intake.stats.evicted == 0  # the idle ones wait without a place
        assert intake.prompt == 1.0


async def test_the_lobby_hands_a_socket_back_on_its_first_bytes_or_when_its_time_is_up():
    seen: list[tuple[str, str]] = []
    lobby = Lobby(2, lambda s, tag: seen.append(("ready", tag)), lambda s, tag: seen.append(("expired", tag)))
    pairs = [socket.socketpair() for _ in range(3)]
    try:
        for here, _ in pairs:
            here.setblocking(False)
        loop_now = asyncio.get_running_loop().time()
        lobby.hold(pairs[0][0], "a", loop_now + 0.2)
        lobby.hold(pairs[1][0], "b", loop_now + 10.0)
        assert lobby.full and len(lobby) == 2
        try:
            lobby.hold(pairs[2][0], "c", loop_now + 10.0)
            raise AssertionError("a full lobby took one more")
        except OverflowError:
            pass
        pairs[1][1].send(b"P")
        await asyncio.sleep(0.05)
        assert seen == [("ready", "b")] and len(lobby) == 1
        await asyncio.sleep(0.3)
        assert seen == [("ready", "b"), ("expired", "a")] and len(lobby) == 0
    finally:
        lobby.close()
        for pair in pairs:
            for sock in pair:
                sock.close()


def test_the_lobby_takes_the_files_left_after_the_connections_at_most_the_listen_queue():
    assert lobby_size(1024, 60) == 1024 - 60 - 32 - 64 - 128  # 740
    assert lobby_size(20000, 60) == 4096  # the listen queue's length
    assert lobby_size(200, 60) == 0  # no file to spare: no lobby, the intake closes as before
    assert lobby_size(0, 60) == 4096  # no limit known


#: serve's own listening sockets hold silent connections back in the kernel (Linux only).
deferring = pytest.mark.skipif(not hasattr(socket, "TCP_DEFER_ACCEPT"), reason="TCP_DEFER_ACCEPT is Linux's")


@deferring
async def test_a_request_behind_an_idle_flood_past_the_lobby_and_the_places_is_answered_at_once():
    # serve's sockets, good traffic just before (100 answered: no flood suspected), then 60 idle connections at once:
    # more than the lobby (8) and the unproven places (10 of a cap of 20) hold. Before, the request waited in the
    # listen queue behind them: the idle ones in the places kept their 2 s, those in the lobby their 5 s, and only
    # then was the queue emptied (the tester's PING at 1 024 files: 5.43 and 6.82 s). Now the kernel hands over only
    # connections whose bytes came: the request is taken at once, the idle ones take no file, no place, no lobby
    async with _serving(20, 8, 100, True, 60, sockets=listen("127.0.0.1", 0)) as (intake, port, _):
        await asyncio.sleep(0.2)
        started = time.monotonic()
        assert await _late_writer(port, 0.0) == b"HTTP/1.1 200 OK"
        assert time.monotonic() - started < 1.0
        assert len(intake.lobby) == 0 and intake.stats.accepted == 1 and intake.stats.evicted == 0


def test_serve_s_sockets_hold_a_silent_connection_back_at_least_its_time_for_a_first_byte():
    sockets = listen("127.0.0.1", 0)  # as serve listens
    try:
        held = deferral(sockets[0])
        assert held >= IDLE_SECONDS if hasattr(socket, "TCP_DEFER_ACCEPT") else held == 0
    finally:
        for sock in sockets:
            sock.close()


@deferring
async def test_a_connection_the_kernel_held_back_silent_its_whole_deferral_is_closed_at_once(monkeypatch):
    # a deferral of 1 s (the kernel's shortest; serve's is 7 s) and 1 s for a first byte: the idle connection is
    # handed over after about 1 s without a byte and closed at once, timed out, counted silent; it never held a place
    # or a lobby seat. A request meanwhile is answered at once, and one sent after 0.5 s by a slow writer too
    monkeypatch.setattr(serve_net, "IDLE_SECONDS", 1.0)
    async with _serving(20, 8, 0, True, 1, sockets=listen("127.0.0.1", 0, defer=1)) as (intake, port, idle):
        assert intake.deferred == 1
        started = time.monotonic()
        assert await _late_writer(port, 0.5) == b"HTTP/1.1 200 OK"
        assert await asyncio.wait_for(idle[0][0].read(), 5) == b""  # closed by the server, unanswered
        assert 0.8 < time.monotonic() - started < 3.0
        assert intake.stats.timed_out == 1 and intake.stats.evicted == 0 and intake.stats.accepted == 2
        assert len(intake.lobby) == 0 and 0.4 < intake.prompt < 0.5  # one answered, then one closed silent


def test_only_a_connection_let_through_after_the_deferral_counts_as_held_back():
    sockets = listen("127.0.0.1", 0, defer=1)
    plain = listen("127.0.0.1", 0, defer=0)
    try:
        for listening in (*sockets, *plain):
            listening.setblocking(True)
        writer = socket.create_connection(sockets[0].getsockname())
        writer.sendall(b"P")
        silent = socket.create_connection(sockets[0].getsockname())
        bare = socket.create_connection(plain[0].getsockname())
        taken = [sockets[0].accept()[0], sockets[0].accept()[0], plain[0].accept()[0]]  # the writer's first
        assert [held(sock) for sock in taken] == [False, hasattr(socket, "TCP_DEFER_ACCEPT"), False]
        for sock in (*taken, writer, silent, bare):
            sock.close()
    finally:
        for sock in (*sockets, *plain):
            sock.close()
