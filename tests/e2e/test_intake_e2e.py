"""The intake of a real ``python -m bot serve`` (bot/serve_net.py) at a small open-file limit, so that it takes at
most 16 connections at once (the rest wait in the listen queue): a client's pool of kept-alive connections that
fills the share of connections without a whole request (half the cap) is not closed while nobody else waits,
however long it idles between its requests; a burst of new connections, three times the cap, is then all answered,
and only then are idle pool connections closed to make room (counted as "verdrängt"). Bounded (every wait has a
limit), no timing assertion: the pauses only make sure the pool is past its grace.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from urllib.parse import urlsplit

import aiohttp
import pytest
from fakediscord import FakeDiscord
from harness import PYTHON, bot_env, print_bot_log_on_failure
from nacl.signing import SigningKey
from rawburst import LimitedServe, parse
from scrape import endpoint, scrape, total

pytestmark = [pytest.mark.e2e]

#: Open files of the serve process (soft and hard): the ≈ 13 it has open at start (store, calculation workers,
#: logs), 32 outgoing connections and the margin of 64 leave less than 16, so the intake takes its minimum of 16
#: connections at once (bot/serve_sockets.py: connection_cap); read back from ``GET /health``.
FILES = 112
#: How long an idle kept-alive connection holds its place before it may be closed for a newcomer
#: (bot/serve_net.py: EVICT_AFTER_SECONDS 2 s); the pool idles longer than that.
PAST_GRACE = 3.0
#: The bound of every single wait for a response (a loaded machine is slow, never this slow).
WAIT = 60.0
_IDS = itertools.count(1_000_000_000_000_000_000)


def ping(url: str, key: SigningKey, keep_alive: bool) -> bytes:
    """A signed PING (interaction type 1, Discord's endpoint check) with a fresh id, as a whole HTTP/1.1 request."""
    parts = urlsplit(url)
    body = json.dumps({"type": 1, "id": str(next(_IDS)), "application_id": "1", "token": "t", "version": 1}).encode()
    stamp = str(int(time.time())).encode()
    signature = key.sign(stamp + body).signature.hex()
    head = (f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
            f"X-Signature-Ed25519: {signature}\r\nX-Signature-Timestamp: {stamp.decode()}\r\n"
            f"Content-Length: {len(body)}\r\n" + ("" if keep_alive else "Connection: close\r\n") + "\r\n")
    return head.encode() + body


async def ask(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes) -> tuple[int, bytes]:
    """Send ``request`` on a kept-alive connection and read one whole response: (status, body); (0, b"") when
    the server closed the connection instead."""
    writer.write(request)
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
        length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))  # type: ignore[union-attr]
        body = await asyncio.wait_for(reader.readexactly(length), WAIT)
    except (asyncio.IncompleteReadError, ConnectionError):
        return 0, b""
    return parse(head + body)


async def once(url: str, request: bytes) -> tuple[int, bytes]:
    """``request`` on a connection of its own, closed by the server after the response: (status, body)."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    try:
        writer.write(request)
        return parse(await asyncio.wait_for(reader.read(), WAIT))
    finally:
        writer.close()


async def intake_figures(side_url: str) -> dict:
    """``GET /health`` on the health port (its own thread and socket: not a newcomer at the intake)."""
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT)) as session, \
            session.get(side_url) as resp:
        assert resp.status == 200
        return await resp.json()


@pytest.mark.asyncio(loop_scope="function")
async def test_an_idle_pool_stays_until_a_burst_beyond_the_cap_waits(real_bot, store_db, tmp_path, request):
    key = SigningKey.generate()
    async with FakeDiscord() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state",
                      extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO"})
        serve = await LimitedServe([PYTHON, "-m", "bot", "serve", "--port", "0", "--health-port", "0"], env,
                                   tmp_path / "serve.log", FILES).start()
        pool: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        try:
            url = await serve.url()
            side_url = f"{await endpoint(serve.output)}/health"
            cap = (await intake_figures(side_url))["cap"]
            assert cap == 16, serve.tail()  # the burst below is three times as many
            host, port = urlsplit(url).hostname, urlsplit(url).port
            pool = [await asyncio.open_connection(host, port) for _ in range(cap // 2)]  # the unproven share
            for _round in range(2):  # each time the whole pool idles past its grace; nobody else comes
                answers = [await ask(r, w, ping(url, key, keep_alive=True)) for r, w in pool]
                assert answers == [(200, b'{"type":1}')] * len(pool)
                await asyncio.sleep(PAST_GRACE)
            figures = await intake_figures(side_url)
            assert (figures["connections"], figures["unproven"]) == (len(pool), len(pool))
            assert (figures["evicted"], figures["timed_out"]) == (0, 0)
            # a burst of 3 × the cap new connections at once: the pool's places are needed, and only now taken
            burst = await asyncio.gather(*(once(url, ping(url, key, keep_alive=False)) for _ in range(3 * cap)))
            assert burst == [(200, b'{"type":1}')] * (3 * cap)
            after = await intake_figures(side_url)
            closed = 0
            for reader, writer in pool:  # each pool connection answers again, or the server closed it for the burst
                status, body = await ask(reader, writer, ping(url, key, keep_alive=True))
                assert (status, body) in ((200, b'{"type":1}'), (0, b""))
                closed += status == 0
            # the burst could be taken only by closing pool connections (they held the whole unproven share):
            # made room for (evicted), or, on a machine so busy that the pool idled past IDLE_SECONDS meanwhile,
            # closed as silent (timed out); each one the server closed is counted so
            assert after["evicted"] + after["timed_out"] >= 1
            assert closed <= after["evicted"] + after["timed_out"]
            # the same counts as Prometheus counters on /metrics (read after /health: never fewer)
            page = await scrape(side_url.removesuffix("/health"))
            counted = {field: total(page, f"regelbot_connections_{field}_total")
                       for field in ("accepted", "timed_out", "evicted", "exhausted")}
            assert all(counted[field] >= after[field] for field in counted), (counted, after)
            assert counted["accepted"] >= len(pool) + 3 * cap
        finally:
            for _, writer in pool:
                writer.close()
            await serve.stop()
            print_bot_log_on_failure(request, serve, 0)
    assert "Traceback" not in serve.output()
