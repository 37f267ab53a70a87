"""The HTTP door's own CPU per request, without the core: one ``serve`` worker against the signature-checking PONG
worker on the same signed PINGs (Discord's endpoint check), and optionally against another tree's ``serve``.

    .venv/bin/python bench/bench_door.py [--requests 3000] [--repeat 3] [--vs DIR]

A PING (interaction type 1) goes through everything a door does for a request — the intake's connection
bookkeeping (``bot/serve_net.py``), the Ed25519 check, the JSON read, the metrics, the callback body — and through
no answer, no store and no completer, so the application core's CPU (and its noise on a busy machine) is not in the
figure. ``--requests`` signed PINGs are sent at once by ``bench/http_burst.py``'s generator (2 processes, 64
kept-alive connections) to one worker at a time, the workers taking turns round by round (pinned to CPU 0 on a
machine with 2 or more CPUs, as in ``bench_ops.py``). Printed per round: the CPU ms per request of each worker, and
the ratios ``serve`` / PONG worker (and, with ``--vs DIR``, this tree's ``serve`` / DIR's), best and median.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_e2e import pin_threads
from bench_ops import PONG_WORKER, bot_argv, pinned_store
from bench_scale import _free_port, _start_workers, cpu_seconds
from common import ratio_text
from http_burst import fire, presign
from nacl.signing import SigningKey

APP_ID = "1100000000000000001"


def pings(n: int) -> list[dict]:
    """``n`` PING interactions with fresh snowflake ids (as Discord's endpoint check sends them)."""
    base = ((int(time.time() * 1000) - 1420070400000) << 22)
    return [{"type": 1, "id": str(base + i), "application_id": APP_ID, "token": f"ping{i}", "version": 1}
            for i in range(n)]


async def cpu_per_request(name: str, argv: list[str], env: dict[str, str], ready: str, key: SigningKey, n: int,
                          tmp: Path, pin: bool) -> float:
    """CPU seconds per request of the worker ``argv`` (its ``--port`` appended) taking ``n`` signed PINGs at once;
    requests without a 200 answer are one printed line naming the side ``name``."""
    port = _free_port()
    procs = await _start_workers([[*argv, str(port)]], [env], tmp, ready)
    try:
        pid = procs[0].proc.pid  # type: ignore[union-attr]
        if pin:
            pin_threads(pid, 0)
        url = f"http://127.0.0.1:{port}/interactions"
        start_at = time.time() + 2.0
        requests = presign(key, pings(n), int(start_at))
        cpu0 = cpu_seconds(pid)
        figures = await asyncio.to_thread(fire, url, requests, start_at, clients=2, connections=64)
        if figures.failed:
            statuses = sorted({shot.status for shot in figures.shots if shot.status != 200})
            print(f"  ({figures.failed} of {n} without a 200 answer, status {statuses}: {name})", flush=True)
        return (cpu_seconds(pid) - cpu0) / n
    finally:
        for proc in procs:
            await proc.stop()


async def main(n: int, repeat: int, vs: Path | None) -> None:
    key = SigningKey.generate()
    public = key.verify_key.encode().hex()
    with pinned_store("bench_door_") as (tmp, db, pin):
        env = {**os.environ, "DISCORD_PUBLIC_KEY": public, "REGELBOT_DB": str(db), "LOG_LEVEL": "INFO",
               "REGELBOT_STATE_DIR": str(tmp / "state")}
        sides = {"serve": ([*bot_argv("serve"), "--port"], env, "HTTP-Endpunkt bereit"),
                 "PONG": ([*PONG_WORKER[:-1], "--verify", public, "--pong-worker"], dict(os.environ),
                          "PONG-Endpunkt bereit")}
        if vs is not None:
            sides["vs"] = ([*bot_argv("serve", vs), "--port"], env, "HTTP-Endpunkt bereit")
        got: dict[str, list[float]] = {name: [] for name in sides}
        for i in range(repeat):
            for name in list(sides)[:: 1 if i % 2 == 0 else -1]:
                argv, side_env, ready = sides[name]
                got[name].append(await cpu_per_request(name, argv, side_env, ready, key, n, tmp, pin))
    print(f"bench_door — {n} signed PINGs at once per round, CPUs {os.cpu_count()}, load average "
          f"{os.getloadavg()[0]:.1f}")
    for name, values in got.items():
        print(f"  {name:5s} CPU per request: " + ", ".join(f"{v * 1e6:.0f} µs" for v in values))
    pairs = [("serve / PONG worker", "serve", "PONG")] + ([(f"serve / {vs}'s serve", "serve", "vs")] if vs else [])
    for label, a, b in pairs:
        print(f"  {label}: {ratio_text([x / y for x, y in zip(got[a], got[b], strict=True)])}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--vs", type=Path, default=None, metavar="DIR", help="also the serve worker of tree DIR")
    args = parser.parse_args()
    asyncio.run(main(args.requests, args.repeat, args.vs.resolve() if args.vs else None))
