"""Bursts of signed PINGs to ``python -m bot serve`` right after a flood of idle connections.

One ``serve`` process (open files ``--files``, soft and hard: :class:`rawburst.LimitedServe`) and the fake
Discord. First ``--idle`` connections (1 500) open at once from one process and send nothing (each waits up to
40 s for the server to close it: an idle flood); as soon as the server has closed them all, ``--bursts`` (4)
bursts of ``--burst`` (1 500) signed PINGs follow one after another, each request sent on its own new connection
as soon as that connection is open, all from one process (:func:`_burst_client`: the sender's
own event loop makes the later connections wait a while between the handshake and their request, as a busy
machine's would; each connection is awaited under a timeout, as client libraries do). Discord needs every PING's
PONG, so every PING not answered with 200 is a loss. ``--flood-each``: an idle flood before every burst.

Printed per burst: seconds after the flood ended, PINGs answered of those sent, seconds from the burst's start to
the answer (p50 / max), and the change of the intake's ``evicted`` and ``timed_out`` counts (``GET /health``;
with the idle flood before it). ``--burst-after S``: each burst S seconds after its flood began, while the idle
connections are still open (they wait for the server to close them), instead of after the flood ended.

``--pings T``: instead of bursts, T tries of one signed PING on a new connection ``--ping-after`` seconds (1.0)
after an idle flood began, each try after a burst of ``--warm`` (300) signed PINGs answered a moment before (good
traffic: the flood is not suspected yet); printed per try: the PING's status and seconds to its answer, and the
intake's counts. One ``serve`` process for all tries, as an operator's.

    .venv/bin/python bench/bench_idleflood.py [--idle 1500] [--burst 1500] [--bursts 4] [--files 20000] [--runs 1]
                                             [--flood-each] [--write-after 0.0] [--burst-after S]
                                             [--pings T] [--ping-after 1.0] [--warm 300]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import multiprocessing
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from harness import build_store
from rawburst import health, parse, prepare, signed_serve


def _idle_client(host: str, port: int, n: int, out: object) -> None:
    """``n`` connections opened at once that send nothing; sends back how each ended."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    async def idle() -> str:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            await asyncio.wait_for(reader.read(), 40)
            writer.close()
            return "closed"
        except (OSError, TimeoutError) as exc:
            return type(exc).__name__

    async def flood() -> collections.Counter[str]:
        return collections.Counter(await asyncio.gather(*(idle() for _ in range(n))))

    out.send(asyncio.run(flood()))  # type: ignore[attr-defined]


async def _one(host: str, port: int, request: bytes, t0: float, write_after: float = 0.0) -> tuple[int, float]:
    """``request`` on a new connection (written ``write_after`` seconds after it is open): (status, 0 when none;
    seconds from ``t0``, ``time.monotonic``, to the whole answer)."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 30)
        if write_after > 0:
            await asyncio.sleep(write_after)
        writer.write(request)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), 60)
        writer.close()
    except (OSError, TimeoutError):
        return 0, time.monotonic() - t0
    return parse(raw)[0], time.monotonic() - t0


def _burst_client(host: str, port: int, requests: list[bytes], write_after: float, out: object) -> None:
    """Each of ``requests`` on a new connection, all at once, each sent as soon as its connection is open (the
    connection awaited under a timeout, as a client library does: one more task per connection); sends back
    (status, seconds from the start to the whole response) per request. ``write_after``: seconds each request is
    written after its connection is open (a sender busier than this one)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    async def burst() -> list[tuple[int, float]]:
        t0 = time.monotonic()
        return await asyncio.gather(*(_one(host, port, r, t0, write_after) for r in requests))

    out.send(asyncio.run(burst()))  # type: ignore[attr-defined]


def forked(target: object, *args: object) -> object:
    """Run ``target(*args, pipe)`` in a forked process and return what it sent through the pipe."""
    ctx = multiprocessing.get_context("fork")
    mine, theirs = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=target, args=(*args, theirs), daemon=True)
    proc.start()
    result = mine.recv()
    proc.join()
    return result


def idle_flood(host: str, port: int, n: int) -> collections.Counter[str]:
    """Run the idle flood in a forked process; returns how its connections ended (``closed``: by the server)."""
    return forked(_idle_client, host, port, n)  # type: ignore[return-value]


async def ping_tries(key: object, url: str, host: str, port: int, args: argparse.Namespace) -> None:
    """``--pings`` tries: a warm burst, an idle flood, one PING ``--ping-after`` s after the flood began."""
    seconds = []
    for attempt in range(args.pings):
        before = await health(host, port)
        stamp = int(time.time())
        if args.warm:
            warm = [{"id": str(10**17 + attempt * 10**6 + i), "application_id": "123456789012345678", "type": 1,
                     "version": 1, "token": f"warm_{attempt}_{i}"} for i in range(args.warm)]
            shots = await asyncio.to_thread(forked, _burst_client, host, port, prepare(url, key, warm, stamp), 0.0)
            warm_ok = sum(1 for status, _ in shots if status == 200)
        ping = prepare(url, key, [{"id": str(2 * 10**17 + attempt), "application_id": "123456789012345678",
                                   "type": 1, "version": 1, "token": f"ping_{attempt}"}], stamp)[0]
        flood = asyncio.ensure_future(asyncio.to_thread(idle_flood, host, port, args.idle))
        await asyncio.sleep(args.ping_after)
        status, took = await _one(host, port, ping, time.monotonic())
        seconds.append(took)
        ended = await flood
        after = await health(host, port)
        print(f"try {attempt + 1}: " + (f"warm {warm_ok}/{args.warm} answered, " if args.warm else "")
              + f"idle flood of {args.idle}: {dict(ended)}; PING {args.ping_after:.1f} s after it began: "
              f"status {status} in {took:.2f} s; evicted +{after.get('evicted', 0) - before.get('evicted', 0)}, "
              f"timed out +{after.get('timed_out', 0) - before.get('timed_out', 0)}", flush=True)
    ordered = sorted(seconds)
    print(f"PING after the flood, {len(ordered)} tries: median {ordered[len(ordered) // 2]:.2f} s, "
          f"max {ordered[-1]:.2f} s, over 3 s: {sum(1 for s in ordered if s > 3.0)}", flush=True)


async def one_run(db: Path, tmp: Path, args: argparse.Namespace) -> None:
    async with signed_serve(db, tmp, args.files) as (key, url, host, port):
        if args.pings:
            await ping_tries(key, url, host, port, args)
            return
        before = await health(host, port)
        for burst in range(args.bursts):
            payloads = [{"id": str(10**17 + burst * 10**6 + i), "application_id": "123456789012345678",
                         "type": 1, "version": 1, "token": f"fake_{burst}_{i}"} for i in range(args.burst)]
            requests = prepare(url, key, payloads, int(time.time()))
            flooding = None
            if burst == 0 or args.flood_each:
                t0 = time.monotonic()
                flooding = asyncio.ensure_future(asyncio.to_thread(idle_flood, host, port, args.idle))
                if args.burst_after is None:
                    ended = await flooding
                    flood_end = time.monotonic()
                    print(f"idle flood of {args.idle}: {dict(ended)} in {flood_end - t0:.1f} s", flush=True)
                    flooding = None
                else:
                    await asyncio.sleep(args.burst_after)
                    flood_end = t0  # "at" counts from the flood's start
            at = time.monotonic() - flood_end
            shots = await asyncio.to_thread(forked, _burst_client, host, port, requests, args.write_after)
            if flooding is not None:
                ended = await flooding
                print(f"idle flood of {args.idle} (began {at:.1f} s before the burst): {dict(ended)} "
                      f"in {time.monotonic() - t0:.1f} s", flush=True)
            after = await health(host, port)
            ok = sorted(s for status, s in shots if status == 200)
            p50, top = (ok[len(ok) // 2], ok[-1]) if ok else (float("nan"), float("nan"))
            print(f"burst {burst + 1} at +{at:.0f} s: answered {len(ok)}/{len(shots)}, "
                  f"lost {len(shots) - len(ok)}; p50 {p50:.2f} s, max {top:.2f} s; "
                  f"evicted +{after.get('evicted', 0) - before.get('evicted', 0)} (flood included), "
                  f"timed out +{after.get('timed_out', 0) - before.get('timed_out', 0)}", flush=True)
            before = after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=1500)
    parser.add_argument("--burst", type=int, default=1500)
    parser.add_argument("--bursts", type=int, default=4)
    parser.add_argument("--flood-each", action="store_true", help="an idle flood before every burst")
    parser.add_argument("--write-after", type=float, default=0.0,
                        help="seconds each burst request is written after its connection is open (a busier sender)")
    parser.add_argument("--burst-after", type=float, default=None,
                        help="each burst this many seconds after its idle flood began (the flood still open)")
    parser.add_argument("--pings", type=int, default=0, help="tries of one PING behind an idle flood, no bursts")
    parser.add_argument("--ping-after", type=float, default=1.0, help="seconds after the flood began (--pings)")
    parser.add_argument("--warm", type=int, default=300, help="PINGs answered before each flood (--pings)")
    parser.add_argument("--files", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        db = tmp / "regelbot.sqlite3"
        build_store(db)
        for run in range(args.runs):
            print(f"run {run + 1}: open files {args.files}", flush=True)
            (tmp / "state").mkdir(exist_ok=True)
            asyncio.run(one_run(db, tmp, args))


if __name__ == "__main__":
    main()
