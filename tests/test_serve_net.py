"""The HTTP endpoint's intake (bot/serve_net.py) on real sockets in this process: the connection cap from the
open-file limit, silent and slow clients closed, slow clients held to their share while other requests get
through, a busy process not mistaken for a slow client. Timeouts are shortened for the tests."""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import socket
import subprocess
import sys
import time
import types

import aiohttp
import pytest
from aiohttp import web

from bot import serve_conns, serve_net, serve_sockets
from bot.serve_net import Intake
from bot.serve_sockets import connection_cap, listen


def test_the_cap_leaves_room_for_open_files_outgoing_connections_and_a_margin():
    assert connection_cap(1024, 40) == serve_sockets.MAX_CONNECTIONS  # 1024 - 40 - 32 - 64 = 888, capped
    assert connection_cap(256, 40) == 256 - 40 - serve_sockets.OUTGOING_CONNECTIONS - serve_sockets.MARGIN  # 120
    assert connection_cap(100, 40) == 16  # never below 16
    assert connection_cap(0, 40) == serve_sockets.MAX_CONNECTIONS  # no limit known


def test_the_soft_file_limit_is_raised_to_the_hard_limit():
    code = ("import resource; resource.setrlimit(resource.RLIMIT_NOFILE, (256, 1024)); "
            "from bot.serve_sockets import raise_file_limit; print(raise_file_limit())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "(1024, 1024)"


@pytest.fixture
def quick(monkeypatch):
    """Timeouts of a few tenths of a second."""
    monkeypatch.setattr(serve_net, "SLOW_AFTER", {serve_net.IDLE: 0.4, serve_net.PARTIAL: 0.4,
                                                  serve_net.READING: 1.4})
    monkeypatch.setattr(serve_net, "BODY_SECONDS", 0.4)
    monkeypatch.setattr(serve_net, "EVICT_AFTER_SECONDS", 0.2)


async def _serving(cap: int, handler=None):
    intake = Intake(listen("127.0.0.1", 0, defer=0), cap)  # the lobby's rules: no kernel deferral

    async def ok(request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    app = web.Application(middlewares=[intake.middleware])
    app.router.add_get("/health", ok)
    app.router.add_post("/interactions", handler or ok)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    assert runner.server is not None
    intake.start(runner.server)
    return intake, runner, intake.sockets[0].getsockname()[1]


async def _closed_within(reader: asyncio.StreamReader, seconds: float) -> bytes:
    return await asyncio.wait_for(reader.read(), seconds)


async def test_a_silent_client_is_closed_and_a_slow_body_gets_408(quick):
    intake, runner, port = await _serving(16)
    try:
        silent = await asyncio.open_connection("127.0.0.1", port)
        assert await _closed_within(silent[0], 3) == b""  # nothing sent: closed after its 0.4 s
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789")
        answer = await _closed_within(reader, 3)
        assert answer.startswith(b"HTTP/1.1 408")  # the body did not come within 0.4 s
        assert intake.stats.timed_out >= 2  # (the 408 client may count twice: it is closed once more when idle)
    finally:
        await intake.stop()
        await runner.cleanup()


async def test_slow_clients_hold_no_more_than_their_share_and_requests_get_through(quick, monkeypatch):
    # headers may take 30 s here: only closing the oldest slow client (after 0.2 s) makes room for others
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.PARTIAL, 30.0)
    intake, runner, port = await _serving(16)  # at most 8 unproven
    slow = []
    most = 0
    try:
        for _ in range(30):  # each sends half a request line, then nothing
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"POST /interactions HTTP/1.1\r\nHost: x\r\n")
            slow.append(writer)
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
            for _ in range(10):
                most = max(most, intake.unproven)
                async with session.get(f"http://127.0.0.1:{port}/health") as resp:
                    assert resp.status == 200
        assert most <= intake.unproven_cap == 8
        assert intake.stats.evicted >= 20  # the slow ones made room
    finally:
        for writer in slow:
            writer.close()
        await intake.stop()
        await runner.cleanup()


async def test_a_busy_process_is_no_slow_client(quick):
    # the whole request arrives while this process's event loop is blocked for longer than the client's
    # 0.4 s: the loop reads the data before it runs the timers, so the request is answered, not closed
    intake, runner, port = await _serving(16)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.sleep(0.05)
        writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        time.sleep(1.0)  # noqa: ASYNC251  (on purpose: the event loop, and the server in it, stands still)
        answer = await _closed_within(reader, 5)
        assert answer.startswith(b"HTTP/1.1 200") and intake.stats.timed_out == 0
    finally:
        await intake.stop()
        await runner.cleanup()


async def test_at_the_cap_new_connections_wait_in_the_listen_queue_not_refused(quick):
    release = asyncio.Event()

    async def slow_answer(request: web.Request) -> web.Response:
        await release.wait()
        return web.json_response({"type": 1})

    intake, runner, port = await _serving(16, slow_answer)
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=20)) as session:
            posts = [asyncio.ensure_future(session.post(f"http://127.0.0.1:{port}/interactions", data=b"{}"))
                     for _ in range(40)]
            await asyncio.sleep(0.5)
            assert len(intake.conns) == 16  # the cap; 24 wait in the kernel's queue, costing no file here
            release.set()
            for resp in await asyncio.gather(*posts):
                assert resp.status == 200
                resp.release()
        assert intake.stats.accepted == 40 and intake.stats.exhausted == 0
    finally:
        release.set()
        await intake.stop()
        await runner.cleanup()


def test_listen_names_what_is_wrong_with_the_address():
    with pytest.raises(socket.gaierror):
        listen("999.1.1.1", 0)
    taken = listen("127.0.0.1", 0)
    try:
        with pytest.raises(OSError):
            listen("127.0.0.1", taken[0].getsockname()[1])
    finally:
        taken[0].close()


def test_the_soft_limit_of_this_process_is_untouched_by_importing():
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    import importlib

    importlib.reload(serve_net)
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == soft


class _SocketTransport(asyncio.BaseTransport):
    """A transport over ``sock`` that this process has not read from (as when the event loop is busy)."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock

    def get_extra_info(self, name, default=None):
        return self.sock if name == "socket" else default

    def close(self) -> None:
        self.sock.close()


async def test_only_a_client_slow_itself_is_evicted(monkeypatch):
    monkeypatch.setattr(serve_net, "EVICT_AFTER_SECONDS", 0.0)
    intake = Intake([], 4)
    here, there = socket.socketpair()
    whole_here, whole_there = socket.socketpair()
    try:
        waiting = serve_conns.Conn(transport=_SocketTransport(here))
        whole = serve_conns.Conn(transport=_SocketTransport(whole_here))
        intake.conns = {id(waiting): waiting, id(whole): whole}
        there.sendall(b"POST /interactions HTTP/1.1\r\n")  # arrived, not read yet by this process
        intake.received(whole, b"POST /interactions HTTP/1.1\r\nHost: x\r\n\r")
        intake.received(whole, b"\n{}")  # the headers' blank line split between two reads
        assert serve_net.unread_bytes(waiting.transport) == 29
        assert not intake._evict_oldest() and intake.stats.evicted == 0
        here.recv(100)  # read: now it is the client that sends nothing more
        assert intake._evict_oldest() and intake.stats.evicted == 1 and id(waiting) not in intake.conns
        assert id(whole) in intake.conns
    finally:
        for sock in (here, there, whole_here, whole_there):
            sock.close()


def test_the_share_of_prompt_clients_forgets_an_old_flood_without_new_connections(monkeypatch):
    # the share is of the new connections of about the last 10 s: read after a quiet time it is 1 again, so the
    # next burst's connections that write a moment after connecting keep their 2 s (before, the share was weighed
    # down only when the next connection was counted: three slow clients held it at 0 until then, however long ago)
    clock = [1000.0]
    monkeypatch.setattr(serve_net, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    intake = Intake([], 16)
    for _ in range(3):  # three clients closed before their request was whole (the slow-client checks)
        intake._count(serve_conns.Conn(), prompt=False)
    assert intake.prompt == 0.0
    clock[0] += 5.0
    assert intake.prompt == 0.0  # 3 × e^-0.5 = 1.8 connections' weight: still a flood of slow clients
    clock[0] += 10.0
    assert intake.prompt == 1.0  # 3 × e^-1.5 = 0.67: less than one connection left
    silent = serve_conns.Conn(since=clock[0], accepted=clock[0], born=clock[0], grace=0.25, rtt_grace=0.25)
    assert intake._grace_ends(silent) == clock[0] + serve_net.EVICT_AFTER_SECONDS
    for _ in range(1500):  # a flood of idle connections, each closed unanswered
        intake._count(serve_conns.Conn(), prompt=False)
    clock[0] += 60.0
    assert intake.prompt == 0.0  # 1 500 × e^-6 = 3.7 left
    clock[0] += 15.0
    assert intake.prompt == 1.0  # 1 500 × e^-7.5 = 0.8


async def test_a_silent_new_connection_is_evicted_before_one_that_began_its_request(monkeypatch):
    monkeypatch.setattr(serve_net, "EVICT_AFTER_SECONDS", 0.0)
    intake = Intake([], 4)
    pairs = [socket.socketpair() for _ in range(2)]
    try:
        old = time.monotonic() - 10.0
        begun = serve_conns.Conn(transport=_SocketTransport(pairs[0][0]), since=old, accepted=old, born=old)
        silent = serve_conns.Conn(transport=_SocketTransport(pairs[1][0]), since=old + 5, accepted=old + 5,
                                 born=old + 5, grace=0.25)
        intake.conns = {id(begun): begun, id(silent): silent}
        intake.received(begun, b"POST /interactions HTTP/1.1\r\nHost: x")  # read; the rest never comes
        begun.since = old  # its first request is due from its handshake anyway (:meth:`Intake._grace_ends`)
        assert intake._grace_ends(begun) < intake._grace_ends(silent) < time.monotonic()  # both past their grace
        assert intake._evict_oldest() and list(intake.conns.values()) == [begun]  # the silent one, though younger
        assert intake._evict_oldest() and not intake.conns and intake.stats.evicted == 2
    finally:
        for pair in pairs:
            for sock in pair:
                sock.close()


async def test_a_request_is_answered_while_idle_connections_keep_arriving(monkeypatch):
    # 150 connections that send nothing wait in the listen queue before the request, and more keep coming;
    # the idle ones may stay 10 s. Closing each to make room only 2 s after accepting it would take
    # 150 / 8 × 2 s: they would all reach their 10 s first. The request is answered before any did.
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.IDLE, 10.0)
    intake, runner, port = await _serving(16)  # at most 8 unproven
    idle: list[asyncio.StreamWriter] = []
    stop = asyncio.Event()

    async def trickle() -> None:  # about 100 more per second while the request waits
        while not stop.is_set():
            idle.append((await asyncio.open_connection("127.0.0.1", port))[1])
            await asyncio.sleep(0.01)

    try:
        for _ in range(150):
            idle.append((await asyncio.open_connection("127.0.0.1", port))[1])
        more = asyncio.ensure_future(trickle())
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        answer = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        stop.set()
        await more
        assert answer.startswith(b"HTTP/1.1 200")
        assert intake.stats.timed_out == 0  # answered before any idle connection reached its 10 s
        assert intake.stats.evicted >= 140 and len(idle) > 150  # room was made by closing idle ones
        assert intake.unproven <= intake.unproven_cap
        writer.close()
    finally:
        stop.set()
        for w in idle:
            w.close()
        await intake.stop()
        await runner.cleanup()


def test_a_connection_s_age_counts_from_its_handshake_and_its_grace_from_its_round_trip():
    taken = listen("127.0.0.1", 0, defer=0)
    client = socket.create_connection(taken[0].getsockname())
    try:
        time.sleep(0.3)  # waits in the listen queue, as under a flood
        taken[0].setblocking(True)
        sock, _ = taken[0].accept()
        age, grace = serve_net.connection_age(sock)
        sock.close()
    finally:
        client.close()
        taken[0].close()
    assert 0.29 <= age < 5 and grace == serve_net.GRACE_SECONDS  # loopback: a round trip of microseconds
    assert serve_net.first_byte_grace(0.3, 0.05) == pytest.approx(1.0)  # 2 × (0.3 + 4 × 0.05)
    assert serve_net.first_byte_grace(5.0, 0.0) == serve_net.EVICT_AFTER_SECONDS


async def test_a_refused_request_does_not_keep_its_connection(quick):
    async def refuse(request: web.Request) -> web.Response:
        return web.json_response({"error": "Signatur falsch"}, status=401)

    intake, runner, port = await _serving(16, refuse)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        answer = await _closed_within(reader, 0.3)  # closed at once, not after the 0.4 s idle timeout
        assert answer.startswith(b"HTTP/1.1 401") and b"Connection: close" in answer
        assert intake.stats.timed_out == 0
    finally:
        await intake.stop()
        await runner.cleanup()


async def test_requests_that_are_not_http_get_german_json_and_one_short_log_line(capsys, tmp_path, monkeypatch):
    from bot.config import Settings
    from bot.logs import setup_logging

    monkeypatch.setenv("LOG_FORMAT", "text")
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    setup_logging(Settings(token="", dev_guild_id=None, db_path=tmp_path / "x", state_dir=tmp_path,
                           log_level="INFO"))
    intake, runner, port = await _serving(16)
    answers = []
    try:
        for head in [b"Content-Length: -5\r\n"] * 20 + [b"".join(b"X-%d: 1\r\n" % i for i in range(200))]:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"POST /interactions HTTP/1.1\r\nHost: x\r\n" + head + b"\r\n")
            answers.append(await _closed_within(reader, 5))
            writer.close()
        async with aiohttp.ClientSession() as session:  # a body over aiohttp's 1 MB
            async with session.post(f"http://127.0.0.1:{port}/interactions", data=b"x" * 1_100_000) as resp:
                too_big = resp.status, await resp.json()
            async with session.get(f"http://127.0.0.1:{port}/nirgends") as resp:
                unknown = resp.status, await resp.json()
    finally:
        await intake.stop()
        await runner.cleanup()
        root.handlers[:], level = saved
        root.setLevel(level)
    for answer in answers:
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.split()[1] == b"400" and b"Content-Type: application/json" in head
        assert json.loads(body) == {"error": "Ungültige HTTP-Anfrage"}
    assert too_big == (413, {"error": "Anfrage zu groß (höchstens 1 048 576 Bytes)"})
    assert unknown == (404, {"error": "Nicht gefunden"})
    err = capsys.readouterr().err
    assert "Traceback" not in err and "ERROR" not in err
    assert err.count("Ungültige HTTP-Anfrage von 127.0.0.1 verworfen (400: ") == 1  # 21 requests, one line


async def _slow_writers_answered(port: int) -> list[bytes]:
    """Two connections that fill the unproven share (of a cap of 4) and write a request 1 s after connecting, and
    one that writes at once behind them in the listen queue; the status of each answer (``b""``: closed)."""
    request = b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    slow = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]
    await asyncio.sleep(0.1)
    prompt = await asyncio.open_connection("127.0.0.1", port)  # waits in the queue: the share is full
    prompt[1].write(request)
    await asyncio.sleep(1.0)  # four times the first-byte grace of a loopback connection
    for _, writer in slow:
        writer.write(request)
    answers = [await _closed_within(reader, 5) for reader, _ in [*slow, prompt]]
    return [a.split(b" ", 2)[1] if a else b"" for a in answers]


async def test_clients_slow_to_write_are_not_closed_while_new_connections_send_requests():
    # a sender busy itself (a burst from one machine) writes its requests a while after connecting: while the
    # new connections send requests, a silent one keeps 2 s after accept, however full the unproven share
    intake, runner, port = await _serving(4)  # at most 2 unproven
    try:
        assert await _slow_writers_answered(port) == [b"200"] * 3 and intake.stats.evicted == 0
        assert intake.prompt == 1.0
    finally:
        await intake.stop()
        await runner.cleanup()


async def test_slow_writers_keep_their_grace_when_the_last_silent_client_is_long_gone(monkeypatch):
    # a client closed for its silence, then a quiet time of many PROMPT_SECONDS (10 s each, 0.1 s here): the
    # next connections that write a while after connecting keep their 2 s as in a burst (before, the closed one
    # held the share of prompt clients at 0 until the next connection was counted, and they were closed unanswered
    # a round trip after their handshake)
    monkeypatch.setattr(serve_net, "PROMPT_SECONDS", 0.1)
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.IDLE, 0.3)
    intake, runner, port = await _serving(4)  # at most 2 unproven
    try:
        silent, _ = await asyncio.open_connection("127.0.0.1", port)
        assert await _closed_within(silent, 5) == b"" and intake.stats.timed_out == 1
        monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.IDLE, 5.0)
        await asyncio.sleep(0.6)  # e^-6 of its weight left
        assert await _slow_writers_answered(port) == [b"200"] * 3 and intake.stats.evicted == 0
    finally:
        await intake.stop()
        await runner.cleanup()


@pytest.mark.parametrize("part", ["headers", "body"])
async def test_clients_dripping_their_requests_hold_a_place_only_a_round_trip_once_they_are_many(monkeypatch, part):
    # 60 clients begin a request and never finish it (headers without their blank line, or whole headers and a
    # body that never comes), with 30 s allowed for either: only closing them makes room. Each may keep its place
    # 2 s after accept while the new connections send whole requests; once one was closed unfinished, a dripping
    # client has a round trip after its handshake, so the request behind all 60 is answered in a few seconds
    # (with a fixed 2 s each it would wait 60 / 8 × 2 s = 15 s).
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.PARTIAL, 30.0)
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.READING, 31.0)
    monkeypatch.setattr(serve_net, "BODY_SECONDS", 30.0)
    intake, runner, port = await _serving(16)  # at most 8 unproven
    begun = (b"POST /interactions HTTP/1.1\r\nHost: x\r\nX-Pad: aaaa" if part == "headers"
             else b"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
    dripping = []
    try:
        for _ in range(60):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(begun)
            dripping.append(writer)
        await asyncio.sleep(0.2)
        started = time.monotonic()
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        answer = await asyncio.wait_for(reader.read(), 10)
        waited = time.monotonic() - started
        assert answer.startswith(b"HTTP/1.1 200")
        assert waited < 5.0, waited
        assert intake.stats.evicted >= 50 and intake.stats.timed_out == 0
        assert intake.prompt < 0.5  # most new connections were closed before their request was whole
        writer.close()
    finally:
        for w in dripping:
            w.close()
        await intake.stop()
        await runner.cleanup()


async def test_the_first_request_s_headers_are_due_from_the_handshake_not_from_its_first_byte(monkeypatch):
    # 2 s for the first byte and 2 s for the headers: a client that sends one byte just before its first 2 s are
    # over and then nothing is closed about 2 s after connecting (a round trip later at most), not 2 s after
    # that byte; the time a slow client holds a place without a whole request is bounded from its handshake
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.IDLE, 2.0)
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.PARTIAL, 2.0)
    intake, runner, port = await _serving(16)
    try:
        started = time.monotonic()
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.sleep(1.7)
        writer.write(b"P")
        assert await _closed_within(reader, 10) == b""
        closed_after = time.monotonic() - started
        assert 1.9 <= closed_after < 3.0, closed_after  # from its first byte: 3.7 s
        assert intake.stats.timed_out == 1
    finally:
        await intake.stop()
        await runner.cleanup()


async def test_a_kept_alive_connection_arms_no_timer_per_request_and_is_still_closed_when_idle(quick, monkeypatch):
    intake, runner, port = await _serving(16)
    loop = asyncio.get_running_loop()
    armed: list[str] = []
    call_at = loop.call_at  # call_later arms through it too

    def counted(when, callback, *args, **kwargs):
        if getattr(callback, "__self__", None) is intake:
            armed.append(callback.__name__)
        return call_at(when, callback, *args, **kwargs)

    monkeypatch.setattr(loop, "call_at", counted)
    try:
        async with aiohttp.ClientSession() as session:  # one kept-alive connection, 60 requests one after another
            for _ in range(60):
                async with session.post(f"http://127.0.0.1:{port}/interactions", data=b"{}") as resp:
                    assert resp.status == 200
            assert len(intake.conns) == 1
            # the connection's clock: armed at its start and again when a state's time came up in between (every
            # 0.4 s here), not twice per request (its headers due, then the next request) as 120 timers
            assert 1 <= len(armed) < 12, armed
            await asyncio.sleep(2.0)  # idle after the last answer: closed at 0.4 s
            assert not intake.conns and intake.stats.timed_out == 1
    finally:
        await intake.stop()
        await runner.cleanup()


async def test_kept_alive_connections_are_closed_to_make_room_only_for_a_newcomer(quick, monkeypatch):
    # a client's pool of 8 kept-alive connections fills the unproven share (8 of 16) between its requests;
    # closing one while nobody waits would race the client's next request on it (the request then fails
    # without an answer). They stay past their eviction grace (0.2 s) until a ninth connection comes.
    monkeypatch.setitem(serve_net.SLOW_AFTER, serve_net.IDLE, 10.0)
    intake, runner, port = await _serving(16)
    pool = [await asyncio.open_connection("127.0.0.1", port) for _ in range(8)]
    request = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    try:
        for _round in range(2):
            for reader, writer in pool:
                writer.write(request)
                assert (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)).startswith(b"HTTP/1.1 200")
                await reader.readexactly(len(json.dumps({"status": "ok"})))  # the body
            assert intake.unproven == intake.unproven_cap == 8
            await asyncio.sleep(0.8)  # four times the grace: nobody waits, nobody is closed
            assert intake.stats.evicted == 0 and len(intake.conns) == 8
        reader, writer = await asyncio.open_connection("127.0.0.1", port)  # a newcomer: one idle one makes room
        writer.write(request)
        assert (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)).startswith(b"HTTP/1.1 200")
        assert intake.stats.evicted == 1
        writer.close()
    finally:
        for _, w in pool:
            w.close()
        await intake.stop()
        await runner.cleanup()
