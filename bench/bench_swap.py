"""A store swapped under a steady stream of interactions: ``python -m bot run`` (fake Discord) and two
``python -m bot serve`` workers on one store path, ``--rate`` interactions per second for ``--seconds`` (open
loop, round robin over the three processes: /karte, /mechanik, autocomplete, /regel; tests/e2e/swapload.py).
A third of the way in, a store built with newer rules is renamed over the path and SIGHUP sent; two thirds in,
the basis store is renamed back without a signal (the processes' file watch finds it).

Printed: interactions answered and with an error, p50 / p99 / max time to the first callback, interactions
answered from the newer store, and per process the RSS (VmRSS) after the warm-up, before each swap and after
each old store was closed. Target: ≥ 200 interactions/s for 10 s, every one answered, none with an
error, RSS back within 10 MB of its level once the old store is closed.

Loopback only. ``python bench/bench_swap.py [--rate 200] [--seconds 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import rss_mb
from harness import build_store
from swapload import CLOSED, Swarm, build_newer_store, percentile, replace_store, start_swarm, stream


async def _closed_all(swarm: Swarm, before: dict[str, int], more: int) -> float:
    """Wait until every process logged ``more`` closed stores beyond ``before``; seconds waited."""
    t0 = time.perf_counter()
    await swarm.wait_log(CLOSED, before, more, timeout=120)
    return time.perf_counter() - t0


async def measure(rate: float, seconds: float, warm: float) -> str:
    """Start the processes on a fresh basis store, warm up, stream with two swaps, and report."""
    with tempfile.TemporaryDirectory(prefix="bench_swap_") as tmp_s:
        tmp = Path(tmp_s)
        basis, newer = tmp / "basis.sqlite3", tmp / "newer.sqlite3"
        build_store(basis)
        build_newer_store(newer, tmp)
        path = tmp / "regelbot.sqlite3"
        shutil.copyfile(basis, path)
        async with AsyncExitStack() as stack:
            swarm = await start_swarm(stack, path, tmp, watch=1.0)
            await stream(swarm, rate=min(rate, 50), seconds=warm)  # imports, caches, SQLite page cache
            rss: dict[str, list[float]] = {d.name: [rss_mb(d.proc.proc.pid)] for d in swarm.doors if d.proc.proc}
            closed = swarm.counts(CLOSED)

            def to_newer() -> None:
                for d in swarm.doors:
                    rss[d.name].append(rss_mb(d.proc.proc.pid) if d.proc.proc else float("nan"))
                replace_store(newer, path)
                swarm.hangup()

            def to_basis() -> None:
                for d in swarm.doors:
                    rss[d.name].append(rss_mb(d.proc.proc.pid) if d.proc.proc else float("nan"))
                replace_store(basis, path)

            started = time.perf_counter()
            sent = await stream(swarm, rate, seconds, [(seconds / 3, to_newer), (2 * seconds / 3, to_basis)])
            wall = time.perf_counter() - started
            waited = await _closed_all(swarm, closed, 2)
            await asyncio.sleep(1.0)
            for d in swarm.doors:
                rss[d.name].append(rss_mb(d.proc.proc.pid) if d.proc.proc else float("nan"))
            problems = [f for d in swarm.doors for f in (*d.fake.errors, *d.fake.invalid)]
    return report(sent, wall, rate, seconds, rss, waited, problems)


def report(sent, wall: float, rate: float, seconds: float, rss: dict[str, list[float]], waited: float,
           problems: list[str]) -> str:
    """The figures as printed."""
    ms = [s.seconds * 1000 for s in sent if s.result is not None]
    errors = [s for s in sent if s.error]
    lines = [f"bench_swap — CPUs: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}",
             f"asked {rate:g}/s for {seconds:g} s: {len(sent)} interactions sent in {wall:.1f} s "
             f"({len(sent) / wall:.0f}/s offered over 3 processes), two swaps (SIGHUP at {seconds / 3:.1f} s, "
             f"file watch at {2 * seconds / 3:.1f} s)",
             f"answered: {len(sent) - len(errors)}/{len(sent)}, errors: {len(errors)}"
             + (f" (first: {errors[0].door} {errors[0].label} at {errors[0].at:.2f} s: {errors[0].problem[:120]})"
                if errors else "")
             + f"; fake Discord problems: {len(problems)}",
             f"time to first callback: p50 {percentile(ms, 0.5):.0f} ms, p99 {percentile(ms, 0.99):.0f} ms, "
             f"max {max(ms, default=float('nan')):.0f} ms",
             f"answers from the newer store: {sum(s.reviewed for s in sent if s.label == '/mechanik')} of "
             f"{sum(s.label == '/mechanik' for s in sent)} /mechanik; old stores closed {waited:.1f} s after the "
             "stream"]
    for name, values in rss.items():
        warm, before1, before2, after = values
        lines.append(f"RSS {name:<7} after warm-up {warm:.1f} MB, before swap 1 {before1:.1f}, before swap 2 "
                     f"{before2:.1f}, after both old stores closed {after:.1f} MB ({after - before1:+.1f} MB "
                     "against before the first swap; target within 10 MB)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200.0, help="interactions per second (all processes)")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the stream")
    parser.add_argument("--warm", type=float, default=3.0, help="seconds of warm-up stream at ≤ 50/s")
    args = parser.parse_args()
    print(asyncio.run(measure(args.rate, args.seconds, args.warm)))


if __name__ == "__main__":
    main()
