"""A burst of signed HTTP interactions, each on its own connection, all at once (``python -m bot serve`` at its
open-file limit).

Unlike ``bench/http_burst.py`` (keep-alive connections opened before the clock), every request here is a new
connection that sends its whole request at once, as a burst of Discord's requests arrives at an endpoint: the
endpoint must take 2 000 connections with 1 024 files. The requests are built and signed before the clock
(:func:`prepare`) and sent by ``clients`` forked processes (:func:`fire`), so the sender's own work does not
delay what it sends; each process reports (seconds from the start, HTTP status, response body) per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import multiprocessing
import re
import resource
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fakediscord import FakeDiscord
from harness import PYTHON, BotProcess, _die_with_parent, bot_env
from nacl.signing import SigningKey

Shot = tuple[float, int, bytes]


def _limit_files(files: int) -> None:
    _die_with_parent()
    resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))


class LimitedServe(BotProcess):
    """``python -m bot serve --port 0`` (``argv``) with at most ``files`` open files, soft and hard limit
    (``resource.setrlimit`` in the child, as a service without ``LimitNOFILE`` gets it)."""

    def __init__(self, argv: list[str], env: dict[str, str], log_path: Any, files: int = 1024) -> None:
        super().__init__(argv, env, log_path)
        self.files = files

    async def start(self) -> LimitedServe:
        self._log = self.log_path.open("wb")
        self.started = time.monotonic()
        self.proc = await asyncio.create_subprocess_exec(
            *self.argv, env=self.env, stdout=self._log, stderr=-2, stdin=-3,
            preexec_fn=functools.partial(_limit_files, self.files), cwd=str(self.log_path.parent))
        return self

    async def url(self) -> str:
        """The endpoint's URL from its "HTTP-Endpunkt bereit" line.

        Raises:
            RuntimeError: the process ended or did not get ready within 60 s (with its log's tail).
        """
        deadline = time.monotonic() + 60.0
        while (m := re.search(r"HTTP-Endpunkt bereit: (http://\S+)", self.output())) is None:
            if self.returncode is not None or time.monotonic() > deadline:
                raise RuntimeError(self.tail())
            await asyncio.sleep(0.05)
        return m.group(1)


def prepare(url: str, key: SigningKey, payloads: list[dict[str, Any]], timestamp: int) -> list[bytes]:
    """Every payload as the whole HTTP/1.1 request Discord would send (signed ``timestamp + body``), closing the
    connection after the response."""
    parts = urlsplit(url)
    out = []
    for payload in payloads:
        body = json.dumps(payload).encode()
        signature = key.sign(str(timestamp).encode() + body).signature.hex()
        head = (f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
                f"X-Signature-Ed25519: {signature}\r\nX-Signature-Timestamp: {timestamp}\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        out.append(head.encode() + body)
    return out


def parse(raw: bytes) -> tuple[int, bytes]:
    """(status, body) of a whole HTTP/1.1 response (0 and b"" for none)."""
    head, _, body = raw.partition(b"\r\n\r\n")
    try:
        return int(head.split(b" ", 2)[1]), body
    except (IndexError, ValueError):
        return 0, b""


async def _send(host: str, port: int, requests: list[bytes], start_at: float) -> list[Shot]:
    await asyncio.sleep(max(0.0, start_at - time.time()))
    t0 = time.perf_counter() - max(0.0, time.time() - start_at)

    async def one(request: bytes) -> Shot:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(request)
            raw = await asyncio.wait_for(reader.read(), 300)
            writer.close()
        except (OSError, TimeoutError):
            return time.perf_counter() - t0, 0, b""
        status, body = parse(raw)
        return time.perf_counter() - t0, status, body

    return await asyncio.gather(*(one(r) for r in requests))


def _client(host: str, port: int, requests: list[bytes], start_at: float, out: Any) -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # one file per request of its share
    out.send(asyncio.run(_send(host, port, requests, start_at)))
    out.close()


def fire(url: str, requests: list[bytes], start_at: float, clients: int = 2) -> list[Shot]:
    """Send ``requests`` to ``url`` from ``clients`` forked processes (round robin), all starting at
    ``start_at`` (``time.time()``); blocks until every response arrived. Returns the shots in request order.

    Raises:
        RuntimeError: a sending process died without reporting.
    """
    parts = urlsplit(url)
    ctx = multiprocessing.get_context("fork")
    procs, pipes = [], []
    for i in range(clients):
        mine, theirs = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_client, args=(parts.hostname, parts.port, requests[i::clients], start_at, theirs),
                           daemon=True)
        proc.start()
        procs.append(proc)
        pipes.append(mine)
    shares = []
    for proc, pipe in zip(procs, pipes, strict=True):
        try:
            shares.append(pipe.recv())
        except EOFError:
            raise RuntimeError("a sending process died") from None
        proc.join()
    shots: list[Shot] = [(0.0, 0, b"")] * len(requests)
    for i, share in enumerate(shares):
        shots[i::clients] = share
    return shots


@contextlib.asynccontextmanager
async def signed_serve(db: Path, tmp: Path, files: int) -> AsyncIterator[tuple[SigningKey, str, str, int]]:
    """``python -m bot serve --port 0`` on the store ``db`` with at most ``files`` open files (:class:`LimitedServe`),
    a fresh Ed25519 key as its public key and a fake Discord on loopback, its log in ``tmp / "serve.log"``; yields
    ``(key, url, host, port)`` a second after it listens, and stops it after. For the benches of the intake
    (bench/bench_slowloris.py, bench/bench_idleflood.py)."""
    key = SigningKey.generate()
    async with FakeDiscord() as fake:
        env = bot_env(fake, db=db, state_dir=tmp / "state",
                      extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO"})
        serve = await LimitedServe([PYTHON, "-m", "bot", "serve", "--port", "0"], env, tmp / "serve.log",
                                   files).start()
        try:
            url = await serve.url()
            parts = urlsplit(url)
            await asyncio.sleep(1.0)
            yield key, url, parts.hostname or "127.0.0.1", parts.port or 80
        finally:
            await serve.stop()


async def health(host: str, port: int) -> dict[str, Any]:
    """The JSON of ``serve``'s ``GET /health`` on ``host:port`` (its intake's counters: ``evicted``, ``timed_out``
    …); ``{}`` when the answer is no JSON."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET /health HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
    raw = await asyncio.wait_for(reader.read(), 30)
    writer.close()
    try:
        return json.loads(parse(raw)[1])
    except ValueError:
        return {}
