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

``bench/run.py`` can call :func:`measure` and print :func:`report` (or pick figures from
:class:`E2EFigures`).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from dataclasses import dataclass
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


@dataclass
class E2EFigures:
    """What :func:`measure` found; times in seconds. ``first``/``whole`` map a step kind
    ("command", "autocomplete") to per-interaction times: dispatch → first callback / complete answer."""

    bot: str
    cpus: int
    pinned: bool
    log_level: str
    commands: int
    autocompletes: int
    first: dict[str, list[float]]
    whole: dict[str, list[float]]
    total: int
    concurrency: int
    wall: float
    busy: float
    startup: float
    rss_mb: float
    build_s: float | None
    exit_code: int | None

    @property
    def per_second(self) -> float:
        return self.total / self.wall

    @property
    def bot_cpu_ms(self) -> float:
        """The bot's CPU time per interaction during the throughput run, in ms."""
        return self.busy * self.wall / self.total * 1000


async def measure(*, standin: bool = False, rounds: int = 2000, total: int = 5000, concurrency: int = 32,
                  pin: bool = True, log_level: str = "INFO") -> E2EFigures:
    """Start the bot against the fake Discord, run the workload, stop it (SIGINT); return the figures.

    Raises:
        SystemExit: the real bot is requested but ``bot/__main__.py`` is missing.
        AssertionError: the fake saw a bad request.
    """
    argv = STANDIN if standin else REAL_BOT
    if argv is REAL_BOT and not real_bot_present():
        sys.exit("bot/__main__.py fehlt – mit --standin den Platzhalter-Bot messen.")
    cpus = os.cpu_count() or 1
    pin = pin and cpus >= 2 and hasattr(os, "sched_setaffinity")
    build_s = None
    with tempfile.TemporaryDirectory(prefix="bench_e2e_") as tmp_s:
        tmp = Path(tmp_s)
        db = None
        if argv is REAL_BOT:
            db = tmp / "regelbot.sqlite3"
            t0 = time.perf_counter()
            build_store(db)
            build_s = time.perf_counter() - t0
        own_cpus = os.sched_getaffinity(0) if pin else set()
        if pin:
            os.sched_setaffinity(0, {1})
        env = {"LOG_LEVEL": log_level}
        try:
            async with FakeDiscord() as fake, running_bot(fake, tmp, argv=argv, db=db, extra_env=env) as bot:
                startup = time.monotonic() - bot.started
                if pin:
                    pin_threads(bot.proc.pid, 0)
                await fake.wait_sync()
                plan = await build_plan(fake)
                for step in plan * 3:  # warm-up: imports, caches, first queries
                    await run_step(fake, step)

                first: dict[str, list[float]] = {"command": [], "autocomplete": []}
                whole: dict[str, list[float]] = {"command": [], "autocomplete": []}
                for i in range(rounds):
                    step = plan[i % len(plan)]
                    t0 = time.perf_counter()
                    res = await run_step(fake, step, locale=("de", "en-US")[i % 2])
                    whole[step.kind].append(time.perf_counter() - t0)
                    first[step.kind].append(res.seconds)

                sem = asyncio.Semaphore(concurrency)

                async def one(i: int) -> None:
                    async with sem:
                        await run_step(fake, plan[i % len(plan)], timeout=30.0)

                cpu0, t0 = cpu_seconds(bot.proc.pid), time.perf_counter()
                await asyncio.gather(*(one(i) for i in range(total)))
                wall = time.perf_counter() - t0
                busy = (cpu_seconds(bot.proc.pid) - cpu0) / wall
                rss = peak_rss_mb(bot.proc.pid)
                assert not fake.errors, fake.errors[:3]
        finally:
            if pin:
                os.sched_setaffinity(0, own_cpus)
    return E2EFigures(
        bot="stand-in" if standin else "python -m bot run", cpus=cpus, pinned=pin, log_level=log_level,
        commands=sum(s.kind == "command" for s in plan), autocompletes=sum(s.kind == "autocomplete" for s in plan),
        first=first, whole=whole, total=total, concurrency=concurrency, wall=wall, busy=busy,
        startup=startup, rss_mb=rss, build_s=build_s, exit_code=bot.returncode)


def report(f: E2EFigures) -> str:
    """The figures as the table this script prints."""
    lines = [f"bench_e2e — {f.bot}; CPUs: {f.cpus}; bot pinned to one core: {'yes' if f.pinned else 'no'}; "
             f"bot LOG_LEVEL={f.log_level}",
             f"workload: {f.commands} command steps, {f.autocompletes} autocomplete steps "
             "(from the synced payload), locales de/en-US alternating"]
    for kind in ("command", "autocomplete"):
        if f.first[kind]:
            lines.append(row(f"{kind}: dispatch → first callback", f.first[kind]))
            lines.append(row(f"{kind}: dispatch → complete answer", f.whole[kind]))
    lines.append(f"{'throughput':<40} {f.total} interactions, {f.concurrency} in flight: "
                 f"{f.per_second:8.0f} interactions/s (bot process busy {f.busy:.0%} of one core)")
    lines.append(f"{'bot CPU per interaction':<40} {f.bot_cpu_ms:.2f} ms → at most "
                 f"{1000 / f.bot_cpu_ms:.0f} interactions/s on one core (when the fake is not the limit)")
    lines.append(f"{'start-up → gateway session':<40} {f.startup:.2f} s (process start, incl. imports and sync)")
    lines.append(f"{'bot peak RSS (VmHWM)':<40} {f.rss_mb:.1f} MB")
    if f.build_s is not None:
        lines.append(f"{'store build (python -m bot build)':<40} {f.build_s:.2f} s (incl. interpreter start)")
    lines.append(f"bot exit code after SIGINT: {f.exit_code}")
    return "\n".join(lines)


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
    figures = asyncio.run(measure(standin=args.standin, rounds=args.rounds, total=args.total,
                                  concurrency=args.concurrency, pin=args.pin, log_level=args.log_level))
    print(report(figures))


if __name__ == "__main__":
    main()


def rows(quick: bool) -> list[tuple[str, str, str, str]]:
    """Figures for ``bench/run.py``: round trip p50/p99 per kind, throughput, start-up, the bot's peak RSS."""
    rounds, total = (400, 1000) if quick else (2000, 5000)
    f = asyncio.run(measure(rounds=rounds, total=total))
    cmd = "python bench/bench_e2e.py" + (" --quick" if quick else "")
    out = []
    for kind in ("command", "autocomplete"):
        ms = sorted(v * 1000 for v in f.first[kind])
        if ms:
            out.append((f"interaction round trip, {kind} p50/p99 (bot on one core)",
                        f"{percentile(ms, 0.5):.2f} / {percentile(ms, 0.99):.2f} ms", "p99 ≤ 5 ms", cmd))
    out.append(("sustained interactions per second (fake Discord, 32 in flight)", f"{f.per_second:.0f} /s", "", cmd))
    cpu = f"{f.bot_cpu_ms:.2f} ms (→ {1000 / f.bot_cpu_ms:.0f}/s)"
    out.append(("  bot CPU per interaction (→ max on one core)", cpu, "", cmd))
    out.append(("bot start-up to gateway session (READY)", f"{f.startup:.2f} s", "", cmd))
    out.append(("bot peak RSS (VmHWM)", f"{f.rss_mb:.0f} MB", "≤ 120 MB", cmd))
    return out
