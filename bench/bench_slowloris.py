"""``python -m bot serve`` at 1 024 open files while clients hold connections with requests they never finish.

One ``serve`` process with its open-file limit set to 1 024 (soft and hard, as a service without
``LimitNOFILE`` gets it; :class:`rawburst.LimitedServe`) and the fake Discord. ``--conns`` connections (300)
each begin a request whose headers never end (a request line, a ``Content-Length`` and an endless header,
one byte every ``--drip`` seconds, 0.3: the slowloris kind of client); with ``--reconnect`` each one the server
closes is opened again at once (a persistent attacker), else it stays closed. Meanwhile a signed PING (type 1)
is sent on a new connection every second for ``--seconds`` (20), as Discord would, and its latency measured
from connecting to the whole response (Discord allows 3 s). With ``--body`` the dripping clients send whole
headers and then drip a body of ``Content-Length: 100000`` instead.

Printed per run: the PINGs answered (200) of those sent, their latency (first, median, max, in seconds), how
many dripping connections the server closed, and the intake's counts from ``GET /health`` (``evicted``,
``timed_out``). ``--runs`` repeats it with a fresh process each time.

    .venv/bin/python bench/bench_slowloris.py [--conns 300] [--drip 0.3] [--seconds 20] [--reconnect] [--body]
                                              [--runs 1] [--files 1024]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import math
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from harness import build_store
from nacl.signing import SigningKey
from rawburst import health, parse, prepare, signed_serve

_IDS = itertools.count(int(time.time() * 1000) % 10**9)


def slow_request(host: str, body: bool) -> tuple[bytes, bytes]:
    """What a dripping client sends: ``(at once, then byte by byte)`` — nothing and headers that never end, or
    whole headers and a long body."""
    head = (f"POST /interactions HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: 100000\r\n")
    if body:
        return (head + "\r\n").encode(), b"{" + b" " * 99_999
    return b"", (head + "X-Pad: ").encode() + b"a" * 100_000


class Dripper:
    """``n`` connections to ``host:port``, each sending ``first`` at once and then the next byte of ``data`` every
    ``drip`` seconds."""

    def __init__(self, host: str, port: int, n: int, first_and_data: tuple[bytes, bytes], drip: float,
                 reconnect: bool) -> None:
        self.address, self.n, self.drip, self.reconnect = (host, port), n, drip, reconnect
        self.first, self.data = first_and_data
        self.socks: list[list] = []  # [socket or None, bytes sent]
        self.closed = 0

    def _open(self) -> list:
        sock = socket.create_connection(self.address)
        if self.first:
            sock.sendall(self.first)
        sock.setblocking(False)
        return [sock, 0]

    async def run(self, until: float) -> None:
        self.socks = [self._open() for _ in range(self.n)]
        while time.monotonic() < until:
            for entry in self.socks:
                sock, sent = entry
                if sock is None:
                    continue
                try:
                    if sock.recv(1, socket.MSG_PEEK) == b"":  # closed by the server (or an answer, then closed)
                        raise ConnectionResetError
                except BlockingIOError:
                    pass
                except OSError:
                    sock.close()
                    self.closed += 1
                    entry[:] = self._open() if self.reconnect else [None, 0]
                    continue
                try:
                    sock.send(self.data[sent:sent + 1])
                    entry[1] += 1
                except BlockingIOError:
                    pass
                except OSError:
                    sock.close()
                    self.closed += 1
                    entry[:] = self._open() if self.reconnect else [None, 0]
            await asyncio.sleep(self.drip)
        for sock, _ in self.socks:
            if sock is not None:
                sock.close()


def ping(key: SigningKey, url: str) -> bytes:
    """A signed PING as Discord sends it, one whole HTTP/1.1 request."""
    i = next(_IDS)
    payload = {"id": str(10**17 + i), "application_id": "123456789012345678", "type": 1, "version": 1,
               "token": f"fake_{i}"}
    return prepare(url, key, [payload], int(time.time()))[0]


async def one_ping(host: str, port: int, request: bytes) -> tuple[int, float]:
    """(status, seconds from connecting to the whole response); status 0 after 30 s without one."""
    t0 = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 30)
        writer.write(request)
        raw = await asyncio.wait_for(reader.read(), 30)
        writer.close()
    except (TimeoutError, OSError):
        return 0, time.perf_counter() - t0
    return parse(raw)[0], time.perf_counter() - t0


async def one_run(db: Path, tmp: Path, args: argparse.Namespace) -> dict:
    async with signed_serve(db, tmp, args.files) as (key, url, host, port):
        quiet = await one_ping(host, port, ping(key, url))
        until = time.monotonic() + args.seconds
        dripper = Dripper(host, port, args.conns, slow_request(f"{host}:{port}", args.body), args.drip, args.reconnect)
        dripping = asyncio.ensure_future(dripper.run(until + 1.0))
        pings = []
        while time.monotonic() < until:
            pings.append(asyncio.ensure_future(one_ping(host, port, ping(key, url))))
            await asyncio.sleep(1.0)
        results = await asyncio.gather(*pings)
        await dripping
        stats = await health(host, port)
        return {"quiet": quiet, "pings": results, "closed": dripper.closed,
                "evicted": stats.get("evicted"), "timed_out": stats.get("timed_out")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conns", type=int, default=300)
    parser.add_argument("--drip", type=float, default=0.3)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--reconnect", action="store_true")
    parser.add_argument("--body", action="store_true")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--files", type=int, default=1024)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        db = tmp / "regelbot.sqlite3"
        build_store(db)
        print(f"{args.conns} dripping connections ({'body' if args.body else 'headers'}, one byte every "
              f"{args.drip} s{', reconnecting' if args.reconnect else ''}), a signed PING per second for "
              f"{args.seconds:.0f} s, open files {args.files}")
        for run in range(args.runs):
            (tmp / "state").mkdir(exist_ok=True)
            out = asyncio.run(one_run(db, tmp, args))
            ok = [s for status, s in out["pings"] if status == 200]
            first = out["pings"][0][1] if out["pings"] else math.nan
            print(f"run {run + 1}: quiet PING {out['quiet'][1]:.3f} s; PINGs answered {len(ok)}/{len(out['pings'])}, "
                  f"latency first {first:.2f} s, median {statistics.median(ok) if ok else math.nan:.2f} s, "
                  f"max {max(ok, default=math.nan):.2f} s, over 3 s: {sum(1 for s in ok if s > 3)}; "
                  f"dripping connections closed by the server {out['closed']}; "
                  f"evicted {out['evicted']}, timed out {out['timed_out']}")


if __name__ == "__main__":
    main()
