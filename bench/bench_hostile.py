"""``python -m bot serve`` at 1 024 open files under a burst, and what it keeps afterwards (issue: hostile traffic).

One ``serve`` process with its open-file limit set to 1 024 (soft and hard, ``resource.setrlimit`` in the
child, as a service without ``LimitNOFILE`` gets it) and the fake Discord for the follow-up webhooks. Each round
sends ``--burst`` signed ``/card`` interactions at once, each on its own connection (``tests/e2e/rawburst.py``,
two sending processes; requests signed before the clock), while ``GET /health`` is asked every 0.1 s. Printed
per round: requests answered with 200 and their latency (p50 / p99 / max, from the burst's start to the HTTP
response), answers deferred and delivered through the webhook, ``/health`` latency during the burst (p50 / p99
/ max), and the process's RSS before the burst, at its peak and ``--settle`` seconds after the last answer.
Round 0 is a smaller burst first (``--warmup``): it loads the store's pages and the answers' caches, which
stay by design, so the rounds after it show what a burst itself leaves behind.
Also the ratio to a run with the file limit at 20 000 (``--files``), side by side in the same invocation.

    .venv/bin/python bench/bench_hostile.py [--burst 2000] [--rounds 3] [--files 1024 20000] [--warmup 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

import aiohttp
from fakediscord import APPLICATION_COMMAND, CB_DEFERRED_MESSAGE, FakeDiscord
from harness import PYTHON, bot_env, build_store
from nacl.signing import SigningKey
from rawburst import LimitedServe, fire, prepare

CARDS = ("Boros-Rekrut", "Feld der Unterdrückung", "Getrieben // Verzweiflung")


def rss_mb(pid: int) -> float:
    """Resident set size of ``pid`` in MB (``/proc/PID/status`` VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return math.nan


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank), NaN when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


async def poll_health(url: str, seconds: list[float]) -> None:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:
        while True:
            t = time.perf_counter()
            try:
                async with session.get(url) as resp:
                    await resp.read()
                seconds.append(time.perf_counter() - t)
            except (aiohttp.ClientError, TimeoutError):
                seconds.append(math.inf)
            await asyncio.sleep(0.1)


async def one_round(fake: FakeDiscord, key: SigningKey, serve: LimitedServe, url: str, burst: int,
                    settle: float) -> dict:
    """One burst against ``serve``; its figures."""
    payloads = [fake.payload(APPLICATION_COMMAND, {"id": fake.snowflake(), "name": "card", "type": 1, "options": [
        {"name": "name", "type": 3, "value": CARDS[i % 3]}]}) for i in range(burst)]
    results = [fake.expect(p, thinking=True) for p in payloads]
    pid = serve.proc.pid if serve.proc else 0
    before = rss_mb(pid)
    start_at = time.time() + 1.0
    requests = prepare(url, key, payloads, int(start_at))
    health: list[float] = []
    peak = [before]

    async def sample() -> None:
        while True:
            peak.append(rss_mb(pid))
            await asyncio.sleep(0.1)

    tasks = [asyncio.create_task(poll_health(url.replace("/interactions", "/health"), health)),
             asyncio.create_task(sample())]
    shots = await asyncio.to_thread(fire, url, requests, start_at, 2)
    bodies = [json.loads(b) if status == 200 else {} for _, status, b in shots]
    deferred = [r for r, b in zip(results, bodies, strict=True) if b.get("type") == CB_DEFERRED_MESSAGE]
    try:
        await fake.wait_webhooks(deferred, 120)
    finally:
        for task in tasks:
            task.cancel()
    await asyncio.sleep(settle)
    ok = [s for s, status, _ in shots if status == 200]
    return {"ok": len(ok), "burst": burst, "p50": pct(ok, 0.5), "p99": pct(ok, 0.99), "max": max(ok, default=math.nan),
            "deferred": len(deferred), "delivered": sum(1 for r in deferred if r.edits),
            "health_n": len(health), "health_p50": pct(health, 0.5), "health_p99": pct(health, 0.99),
            "health_max": max(health, default=math.nan), "rss_before": before, "rss_peak": max(peak),
            "rss_after": rss_mb(pid)}


async def run(files: int, burst: int, rounds: int, settle: float, db: Path, tmp: Path, warmup: int) -> list[dict]:
    key = SigningKey.generate()
    async with FakeDiscord() as fake:
        fake.callback_deadline = math.inf
        env = bot_env(fake, db=db, state_dir=tmp / "state",
                      extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO"})
        serve = await LimitedServe([PYTHON, "-m", "bot", "serve", "--port", "0"], env, tmp / f"serve-{files}.log",
                                   files).start()
        try:
            url = await serve.url()
            await asyncio.sleep(1.0)
            warm = [await one_round(fake, key, serve, url, warmup, settle)] if warmup else []
            return warm + [await one_round(fake, key, serve, url, burst, settle) for _ in range(rounds)]
        finally:
            await serve.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burst", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--settle", type=float, default=5.0, help="seconds after the last answer before RSS")
    parser.add_argument("--files", type=int, nargs="+", default=[1024, 20000])
    parser.add_argument("--warmup", type=int, default=200,
                        help="a first burst of this size (round 0): the store's pages and the answers' caches loaded")
    args = parser.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    tmp = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    db = tmp / "store.sqlite3"
    build_store(db)
    print(f"burst {args.burst}, {args.rounds} rounds; load average {Path('/proc/loadavg').read_text().split()[:3]}")
    head = ("files", "round", "200 of", "p50 s", "p99 s", "max s", "deferred/delivered", "health p50/p99/max ms",
            "RSS before/peak/after MB")
    print(" | ".join(head))
    medians: dict[int, float] = {}
    for files in args.files:
        rows = asyncio.run(run(files, args.burst, args.rounds, args.settle, db, tmp, args.warmup))
        for i, r in enumerate(rows, 0 if args.warmup else 1):
            print(f"{files} | {i} | {r['ok']}/{r['burst']} | {r['p50']:.2f} | {r['p99']:.2f} | {r['max']:.2f} | "
                  f"{r['deferred']}/{r['delivered']} | {r['health_p50'] * 1000:.0f}/{r['health_p99'] * 1000:.0f}/"
                  f"{r['health_max'] * 1000:.0f} ({r['health_n']}) | {r['rss_before']:.1f}/{r['rss_peak']:.1f}/"
                  f"{r['rss_after']:.1f}")
        medians[files] = statistics.median(r["p99"] for r in rows[1 if args.warmup else 0:])
    if len(medians) == 2:
        a, b = args.files
        print(f"p99 ratio {a} files / {b} files (median of rounds): {medians[a] / medians[b]:.2f}")


if __name__ == "__main__":
    main()
