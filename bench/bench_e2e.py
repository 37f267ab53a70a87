"""Interaction round trip through discord.py and the fake Discord: p50/p99 and interactions per second.

Starts the real bot (``python -m bot run``, or the stand-in with ``--standin``) against the fake Discord of
tests/e2e, builds the mixed workload from the synced command payload (every command, every autocomplete
option) and measures:

* round trip: one interaction at a time, dispatch of INTERACTION_CREATE → the bot's first callback
  (and, for deferred answers, → its follow-up), per kind (command / autocomplete);
* throughput: ``--total`` interactions with ``--concurrency`` in flight, interactions per second;
* start-up: process start → gateway session (IDENTIFY answered), and the bot's peak RSS (VmHWM).

With ``--pin`` (default when there are ≥ 2 CPUs) the bot runs on one core (CPU 0) and this process
(the fake Discord) on another, so the figure is "one core" for the bot.

    /work/main/.venv/bin/python bench/bench_e2e.py [--quick] [--standin]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from fakediscord import FakeDiscord
from harness import REAL_BOT, STANDIN, build_store, real_bot_present, running_bot
from workload import build_plan, percentile, run_step


def peak_rss_mb(pid: int) -> float:
    """Peak resident set size (VmHWM) of a Linux process in MB; NaN when unreadable."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a Linux process so far, in seconds (NaN when unreadable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pin_threads(pid: int, cpu: int) -> None:
    """Pin every thread of process ``pid`` to CPU ``cpu`` (Linux)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        os.sched_setaffinity(int(task.name), {cpu})


def row(label: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"{label:<40} n={len(ms):>5}  p50 {percentile(ms, 0.5):7.2f} ms  "
            f"p99 {percentile(ms, 0.99):7.2f} ms  max {max(ms):7.2f} ms")


async def bench(args: argparse.Namespace) -> None:
    argv = STANDIN if args.standin else REAL_BOT
    if argv is REAL_BOT and not real_bot_present():
        sys.exit("bot/__main__.py fehlt – mit --standin den Platzhalter-Bot messen.")
    cpus = os.cpu_count() or 1
    pin = args.pin and cpus >= 2 and hasattr(os, "sched_setaffinity")
    with tempfile.TemporaryDirectory(prefix="bench_e2e_") as tmp_s:
        tmp = Path(tmp_s)
        db = None
        if argv is REAL_BOT:
            db = tmp / "regelbot.sqlite3"
            t0 = time.perf_counter()
            build_store(db)
            print(f"store built in {time.perf_counter() - t0:.2f} s "
                  "(python -m bot build, incl. interpreter start)")
        if pin:
            os.sched_setaffinity(0, {1})
        env = {"LOG_LEVEL": args.log_level}
        async with FakeDiscord() as fake, running_bot(fake, tmp, argv=argv, db=db, extra_env=env) as bot:
            startup = time.monotonic() - bot.started
            if pin:
                pin_threads(bot.proc.pid, 0)
            await fake.wait_sync()
            plan = await build_plan(fake)
            commands = [s for s in plan if s.kind == "command"]
            completes = [s for s in plan if s.kind == "autocomplete"]
            for step in plan * 3:  # warm-up: imports, caches, first queries
                await run_step(fake, step)

            first = {"command": [], "autocomplete": []}
            whole = {"command": [], "autocomplete": []}
            for i in range(args.rounds):
                step = plan[i % len(plan)]
                t0 = time.perf_counter()
                res = await run_step(fake, step, locale=("de", "en-US")[i % 2])
                whole[step.kind].append(time.perf_counter() - t0)
                first[step.kind].append(res.seconds)

            sem = asyncio.Semaphore(args.concurrency)

            async def one(i: int) -> None:
                async with sem:
                    await run_step(fake, plan[i % len(plan)], timeout=30.0)

            cpu0, t0 = cpu_seconds(bot.proc.pid), time.perf_counter()
            await asyncio.gather(*(one(i) for i in range(args.total)))
            wall = time.perf_counter() - t0
            busy = (cpu_seconds(bot.proc.pid) - cpu0) / wall
            rss = peak_rss_mb(bot.proc.pid)
            assert not fake.errors, fake.errors[:3]

        print(f"\nbench_e2e — {'stand-in' if args.standin else 'python -m bot run'}; CPUs: {cpus}; "
              f"bot pinned to one core: {'yes' if pin else 'no'}")
        print(f"workload: {len(commands)} command steps, {len(completes)} autocomplete steps "
              f"(from the synced payload), locales de/en-US alternating")
        for kind in ("command", "autocomplete"):
            if first[kind]:
                print(row(f"{kind}: dispatch → first callback", first[kind]))
                print(row(f"{kind}: dispatch → complete answer", whole[kind]))
        print(f"{'throughput':<40} {args.total} interactions, {args.concurrency} in flight: "
              f"{args.total / wall:8.0f} interactions/s (bot process busy {busy:.0%} of one core)")
        print(f"{'start-up → gateway session':<40} {startup:.2f} s (process start, incl. imports and sync)")
        print(f"{'bot peak RSS (VmHWM)':<40} {rss:.1f} MB")
        print(f"bot exit code after SIGINT: {bot.returncode}; bot LOG_LEVEL={args.log_level}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (about 10 s)")
    parser.add_argument("--standin", action="store_true", help="measure tests/e2e/standin_bot.py")
    parser.add_argument("--rounds", type=int, default=2000, help="sequential round trips")
    parser.add_argument("--total", type=int, default=5000, help="interactions for the throughput figure")
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--log-level", default="INFO", help="the bot's LOG_LEVEL (the e2e tests use DEBUG)")
    parser.add_argument("--no-pin", dest="pin", action="store_false", help="do not pin the bot to one CPU")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.total = min(args.rounds, 400), min(args.total, 1000)
    asyncio.run(bench(args))


if __name__ == "__main__":
    main()
