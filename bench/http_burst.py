"""A load generator for HTTP interaction endpoints, separate from the fake Discord (a burst of 5 000).

The old burst in ``bench_scale`` built, signed and sent every request inside the fake Discord's own event
loop, while the clock ran: its figures mixed the endpoint's speed with the generator's. Here

* every request is built and signed (Ed25519, PyNaCl) **before** the clock starts, with the burst's start
  second as ``X-Signature-Timestamp`` (what Discord would send);
* ``clients`` generator processes (``multiprocessing``, fork) each send their share over keep-alive
  connections (``connections`` in all, aiohttp), all starting at the same wall-clock instant;
* each request's time counts from that instant to its HTTP response (Discord's 3 s: the response is the
  interaction's first callback), and each process reports its own CPU time.

:func:`pong_worker` is the ceiling to compare with: a trivial aiohttp app on the same port scheme
(SO_REUSEPORT) that answers every POST with PONG, optionally after checking the signature like
``python -m bot serve`` does. ``python bench/http_burst.py --pong-worker PORT [--verify HEX]`` runs one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from typing import Any

DEADLINE = 3.0


@dataclass
class Signed:
    """One pre-built request: the body bytes and the headers (signature and timestamp)."""

    body: bytes
    headers: dict[str, str]


def presign(signing_key: Any, payloads: list[dict[str, Any]], timestamp: int) -> list[Signed]:
    """Sign every payload as Discord does: ``X-Signature-Ed25519`` = hex signature of ``timestamp + body``."""
    ts = str(timestamp)
    out = []
    for payload in payloads:
        body = json.dumps(payload).encode()
        sig = signing_key.sign(ts.encode() + body).signature.hex()
        out.append(Signed(body, {"X-Signature-Ed25519": sig, "X-Signature-Timestamp": ts,
                                 "Content-Type": "application/json"}))
    return out


@dataclass
class Shot:
    """The outcome of one request: seconds from the burst's start to the response, HTTP status, and the
    callback type of the response body (0 when none could be read)."""

    seconds: float
    status: int
    ctype: int = 0


@dataclass
class BurstFigures:
    """All shots of one burst, the wall time, and the CPU seconds of the generator processes."""

    shots: list[Shot] = field(default_factory=list)
    wall: float = 0.0
    client_cpu: float = 0.0

    @property
    def total(self) -> int:
        """Requests sent."""
        return len(self.shots)

    @property
    def within(self) -> int:
        """Requests answered with 200 within :data:`DEADLINE` seconds."""
        return sum(1 for s in self.shots if s.status == 200 and s.seconds <= DEADLINE)

    @property
    def failed(self) -> int:
        """Requests without a 200 answer (connection errors count as status 0)."""
        return sum(1 for s in self.shots if s.status != 200)


async def _send_share(url: str, share: list[Signed], start_at: float, connections: int) -> list[Shot]:
    import aiohttp

    connector = aiohttp.TCPConnector(limit=connections, force_close=False, keepalive_timeout=60)
    timeout = aiohttp.ClientTimeout(total=120)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        # open the keep-alive connections before the clock (a load balancer keeps them open too)
        warm = [session.get(url.rsplit("/", 1)[0] + "/health") for _ in range(connections)]
        for resp in await asyncio.gather(*warm, return_exceptions=True):
            if not isinstance(resp, BaseException):
                resp.release()
        await asyncio.sleep(max(0.0, start_at - time.time()))
        t0 = time.perf_counter() - max(0.0, time.time() - start_at)

        async def one(req: Signed) -> Shot:
            try:
                async with session.post(url, data=req.body, headers=req.headers) as resp:
                    raw = await resp.read()
                    status = resp.status
            except (aiohttp.ClientError, TimeoutError):
                return Shot(time.perf_counter() - t0, 0)
            try:
                ctype = int(json.loads(raw).get("type", 0)) if status == 200 else 0
            except (ValueError, AttributeError):
                ctype = 0
            return Shot(time.perf_counter() - t0, status, ctype)

        return await asyncio.gather(*(one(r) for r in share))


def _client_main(url: str, share: list[Signed], start_at: float, connections: int, out: Any) -> None:
    c0 = time.process_time()
    shots = asyncio.run(_send_share(url, share, start_at, connections))
    out.send(([(s.seconds, s.status, s.ctype) for s in shots], time.process_time() - c0))
    out.close()


def fire(url: str, requests: list[Signed], start_at: float, *, clients: int = 2,
         connections: int = 256) -> BurstFigures:
    """Send ``requests`` from ``clients`` processes (round robin shares), all starting at ``start_at``
    (a ``time.time()`` value a little ahead, so every process is ready), over ``connections`` keep-alive
    connections in all. Blocks until every response arrived.

    Raises:
        RuntimeError: a generator process died without reporting.
    """
    ctx = multiprocessing.get_context("fork")
    procs, pipes = [], []
    for i in range(clients):
        mine, theirs = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_client_main, args=(url, requests[i::clients], start_at,
                                                      max(1, connections // clients), theirs), daemon=True)
        proc.start()
        procs.append(proc)
        pipes.append(mine)
    figures = BurstFigures()
    for proc, pipe in zip(procs, pipes, strict=True):
        try:
            shots, cpu = pipe.recv()
        except EOFError:
            raise RuntimeError("a generator process died") from None
        figures.shots += [Shot(*s) for s in shots]
        figures.client_cpu += cpu
        proc.join()
    figures.wall = max((s.seconds for s in figures.shots), default=0.0)
    return figures


def pong_worker(port: int, verify_hex: str | None) -> None:
    """Serve ``POST /interactions`` with PONG (``{"type": 1}``) and ``GET /health`` on 127.0.0.1:``port``
    (SO_REUSEPORT), checking the Ed25519 signature first when ``verify_hex`` (a public key) is given."""
    from aiohttp import web

    key = None
    if verify_hex:
        from nacl.signing import VerifyKey

        key = VerifyKey(bytes.fromhex(verify_hex))
    pong = json.dumps({"type": 1}).encode()

    async def interaction(request: web.Request) -> web.Response:
        body = await request.read()
        if key is not None:
            ts = request.headers.get("X-Signature-Timestamp", "")
            try:
                key.verify(ts.encode() + body, bytes.fromhex(request.headers.get("X-Signature-Ed25519", "")))
            except Exception:
                return web.Response(status=401)
        return web.Response(body=pong, content_type="application/json")

    async def health(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_post("/interactions", interaction)
    app.router.add_get("/health", health)
    print(f"PONG-Endpunkt bereit: {port} (pid {os.getpid()})", flush=True)
    web.run_app(app, host="127.0.0.1", port=port, reuse_port=True, access_log=None, print=None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pong-worker", type=int, required=True, metavar="PORT")
    parser.add_argument("--verify", default=None, metavar="HEX", help="check signatures with this public key")
    args = parser.parse_args()
    pong_worker(args.pong_worker, args.verify)


if __name__ == "__main__":
    main()
