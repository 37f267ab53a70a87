"""``python -m bot serve`` at 1 024 open files under a burst, and what it keeps afterwards (issue: hostile traffic).

One ``serve`` process with its open-file limit set to 1 024 (soft and hard, ``resource.setrlimit`` in the
child, as a service without ``LimitNOFILE`` gets it), its health port (``--health-port 0``) and the fake Discord
for the follow-up webhooks. Each round sends ``--burst`` signed ``/card`` interactions at once, each on its own
connection (``tests/e2e/rawburst.py``, two sending processes; requests signed before the clock), while ``GET
/health`` is asked every 0.1 s on the health port (its own thread, :mod:`bot.health`) and on the interactions
port (behind the burst), side by side. Printed per round: requests answered with 200 and their latency (p50 /
p99 / max, from the burst's start to the HTTP response), answers deferred and delivered through the webhook,
``/health`` latency during the burst on each port (p50 / p99 / max ms, and the largest heartbeat age the
health port reported: how long the event loop went without a turn), and the process's RSS before the burst, at
its peak and ``--settle`` seconds after the last answer. Round 0 is a smaller burst first (``--warmup``): it
loads the store's pages and the answers' caches, which stay by design, so the rounds after it show what a
burst itself leaves behind. ``--runs`` repeats it all with a fresh process each time and sums up what the
first burst after the warm-up left. Also the ratio to a run with the file limit at 20 000 (``--files``), side
by side in the same invocation.

    .venv/bin/python bench/bench_hostile.py [--burst 2000] [--rounds 3] [--files 1024 20000] [--warmup 200]
                                            [--runs 1]
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
from scrape import endpoint

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


async def poll_health(url: str, seconds: list[float], ages: list[float] | None = None) -> None:
    """``GET url`` every 0.1 s: each answer's seconds (inf: none within 30 s) and, with ``ages``, the
    heartbeat age it reported."""
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:
        while True:
            t = time.perf_counter()
            try:
                async with session.get(url) as resp:
                    body = await resp.json()
                seconds.append(time.perf_counter() - t)
                if ages is not None:
                    ages.append(float(body.get("heartbeat_age", math.nan)))
            except (aiohttp.ClientError, TimeoutError, ValueError):
                seconds.append(math.inf)
            await asyncio.sleep(0.1)


async def one_round(fake: FakeDiscord, key: SigningKey, serve: LimitedServe, url: str, side: str, burst: int,
                    settle: float) -> dict:
    """One burst against ``serve`` (interactions at ``url``, health port at ``side``); its figures."""
    payloads = [fake.payload(APPLICATION_COMMAND, {"id": fake.snowflake(), "name": "card", "type": 1, "options": [
        {"name": "name", "type": 3, "value": CARDS[i % 3]}]}) for i in range(burst)]
    results = [fake.expect(p, thinking=True) for p in payloads]
    pid = serve.proc.pid if serve.proc else 0
    before = rss_mb(pid)
    start_at = time.time() + 1.0
    requests = prepare(url, key, payloads, int(start_at))
    health: list[float] = []
    side_health: list[float] = []
    ages: list[float] = []
    peak = [before]

    async def sample() -> None:
        while True:
            peak.append(rss_mb(pid))
            await asyncio.sleep(0.1)

    tasks = [asyncio.create_task(poll_health(url.replace("/interactions", "/health"), health)),
             asyncio.create_task(poll_health(f"{side}/health", side_health, ages)), asyncio.create_task(sample())]
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
            "health": health, "side": side_health, "age_max": max(ages, default=math.nan),
            "rss_before": before, "rss_peak": max(peak), "rss_after": rss_mb(pid)}


async def run(files: int, burst: int, rounds: int, settle: float, db: Path, tmp: Path, warmup: int) -> list[dict]:
    key = SigningKey.generate()
    async with FakeDiscord() as fake:
        fake.callback_deadline = math.inf
        env = bot_env(fake, db=db, state_dir=tmp / "state",
                      extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO"})
        serve = await LimitedServe([PYTHON, "-m", "bot", "serve", "--port", "0", "--health-port", "0"], env,
                                   tmp / f"serve-{files}.log", files).start()
        try:
            url = await serve.url()
            side = await endpoint(serve.output)
            await asyncio.sleep(1.0)
            warm = [await one_round(fake, key, serve, url, side, warmup, settle)] if warmup else []
            return warm + [await one_round(fake, key, serve, url, side, burst, settle) for _ in range(rounds)]
        finally:
            await serve.stop()


def latency(seconds: list[float]) -> str:
    """p50/p99/max of ``seconds`` in ms, and how many."""
    most = max(seconds, default=math.nan)
    return f"{pct(seconds, 0.5) * 1000:.0f}/{pct(seconds, 0.99) * 1000:.0f}/{most * 1000:.0f} ({len(seconds)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burst", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--settle", type=float, default=5.0, help="seconds after the last answer before RSS")
    parser.add_argument("--files", type=int, nargs="+", default=[1024, 20000])
    parser.add_argument("--warmup", type=int, default=200,
                        help="a first burst of this size (round 0): the store's pages and the answers' caches loaded")
    parser.add_argument("--runs", type=int, default=1, help="fresh processes per file limit, one after another")
    args = parser.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    tmp = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    db = tmp / "store.sqlite3"
    build_store(db)
    print(f"burst {args.burst}, {args.rounds} rounds, {args.runs} runs; load average "
          f"{Path('/proc/loadavg').read_text().split()[:3]}")
    head = ("files", "run", "round", "200 of", "p50 s", "p99 s", "max s", "deferred/delivered",
            "health port p50/p99/max ms (n)", "interactions port /health ms (n)", "heartbeat age max s",
            "RSS before/peak/after MB")
    print(" | ".join(head))
    medians: dict[int, float] = {}
    first: dict[int, list[float]] = {}
    for files in args.files:
        p99s: list[float] = []
        for run_no in range(1, args.runs + 1):
            rows = asyncio.run(run(files, args.burst, args.rounds, args.settle, db, tmp, args.warmup))
            for i, r in enumerate(rows, 0 if args.warmup else 1):
                print(f"{files} | {run_no} | {i} | {r['ok']}/{r['burst']} | {r['p50']:.2f} | {r['p99']:.2f} | "
                      f"{r['max']:.2f} | {r['deferred']}/{r['delivered']} | {latency(r['side'])} | "
                      f"{latency(r['health'])} | {r['age_max']:.2f} | {r['rss_before']:.1f}/{r['rss_peak']:.1f}/"
                      f"{r['rss_after']:.1f}", flush=True)
            bursts = rows[1 if args.warmup else 0:]
            p99s += [r["p99"] for r in bursts]
            if bursts:
                first.setdefault(files, []).append(bursts[0]["rss_after"] - bursts[0]["rss_before"])
        medians[files] = statistics.median(p99s) if p99s else math.nan
    for files, grown in first.items():
        print(f"{files} files: RSS left by the first burst after the warm-up, per run: "
              f"{', '.join(f'{g:.1f}' for g in grown)} MB")
    if len(medians) == 2:
        a, b = args.files
        print(f"p99 ratio {a} files / {b} files (median of rounds): {medians[a] / medians[b]:.2f}")


if __name__ == "__main__":
    main()
