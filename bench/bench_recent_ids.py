"""Memory and CPU of the interaction ids a door remembers (bot/delivery.py: RecentIds): ``N`` Discord-sized ids
(19 digits) arriving 1 ms apart into a window of 300 s (serve's) at most ``N`` large, then each pressed again.

    .venv/bin/python bench/bench_recent_ids.py [--vs DIR] [--ids 100000] [--repeat 3]

Each tree is measured in a process of its own (its ``bot`` package imported first); with ``--vs DIR`` (a source
tree: ``git worktree add --detach /tmp/x main``) the two take turns for ``--repeat`` rounds and the ratios this /
other are printed, best and median.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

from common import ratio_text  # noqa: E402

_CODE = """
import json, sys, time, tracemalloc
sys.path.insert(0, {src!r})
from bot.delivery import RecentIds
now = [0.0]
ids = [1_200_000_000_000_000_000 + i for i in range({n})]
recent = RecentIds(300, {n}, clock=lambda: now[0])
c0 = time.process_time()
for key in ids:
    recent.first(key)
    now[0] += 0.001
first = time.process_time() - c0
c0 = time.process_time()
repeats = sum(not recent.first(key) for key in ids)
again = time.process_time() - c0
del recent
now[0] = 0.0
tracemalloc.start()
recent = RecentIds(300, {n}, clock=lambda: now[0])
before = tracemalloc.get_traced_memory()[0]
for key in ids:
    recent.first(key)
    now[0] += 0.001
held = tracemalloc.get_traced_memory()[0] - before
tracemalloc.stop()
print(json.dumps({{"bytes": held / {n}, "first_us": first / {n} * 1e6, "again_us": again / {n} * 1e6,
                  "repeats": repeats}}))
"""


def measure(tree: Path, n: int) -> dict[str, float]:
    """Bytes per id (tracemalloc, the ids themselves not counted) and CPU µs per new / repeated id (a run without
    tracemalloc) in ``tree``."""
    proc = subprocess.run([sys.executable, "-c", _CODE.format(src=str(tree), n=n)], capture_output=True, text=True,
                          check=True, cwd=tree)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vs", type=Path, default=None, metavar="DIR")
    parser.add_argument("--ids", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"bench_recent_ids — {args.ids} ids, load average {os.getloadavg()[0]:.1f} at the start")
    sides = [ROOT, args.vs.resolve()] if args.vs else [ROOT]
    rounds = []
    for i in range(max(1, args.repeat)):
        order = sides if i % 2 == 0 else sides[::-1]
        rounds.append({side: measure(side, args.ids) for side in order})
    for side in sides:
        each = "; ".join(f"{r[side]['bytes']:.0f} B, {r[side]['first_us']:.2f} / {r[side]['again_us']:.2f} µs"
                         for r in rounds)
        print(f"{'this checkout' if side == ROOT else side}: per id (memory, new / repeated) {each}")
    if args.vs:
        other = sides[1]
        for key, label in (("bytes", "memory"), ("first_us", "CPU per new id"), ("again_us", "CPU per repeat")):
            print(f"{label}, this / other: {ratio_text([r[ROOT][key] / r[other][key] for r in rounds])}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
