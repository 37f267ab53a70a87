"""CPU and wall time of the same pytest command in this checkout and another one, side by side.

    .venv/bin/python bench/suite_pairs.py --vs /work/base-NAME [--rounds 3] -- -n0 -p no:randomly tests/e2e/...

Each round runs ``DIR/.venv/bin/python -m pytest -q ARGS`` (cwd = that checkout) in the other checkout first,
then in this one, one after the other, and takes the CPU of the whole process tree (user + system of pytest and
every process it waited for, from ``os.wait4``) and its wall time. Prints each round and, per checkout, best and
median, and the ratios this / other (best, median of the per-round ratios). On a shared machine CPU varies with the
load (~1.1–1.3× between load 2 and 15): only figures of one run, alternating, compare.

Exit status 1 when any run failed (its output's last lines are printed).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def measure(checkout: Path, args: list[str]) -> tuple[float, float, bool, str]:
    """(CPU seconds, user + system of pytest and every process it waited for, from this process's
    ``RUSAGE_CHILDREN`` before and after; wall seconds; passed; the output's last lines) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    proc = subprocess.run([str(checkout / ".venv" / "bin" / "python"), "-m", "pytest", "-q", *args], cwd=checkout,
                          capture_output=True, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, proc.returncode == 0, "\n".join((proc.stdout + proc.stderr).splitlines()[-5:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vs", type=Path, required=True, help="the other checkout (with its own .venv)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("args", nargs=argparse.REMAINDER, help="pytest arguments (after --)")
    opts = parser.parse_args(argv)
    args = opts.args[1:] if opts.args[:1] == ["--"] else opts.args
    figures: dict[str, list[tuple[float, float]]] = {"other": [], "this": []}
    failed = False
    print(f"pytest -q {' '.join(args)}; other = {opts.vs}, this = {HERE}", flush=True)
    for round_ in range(1, opts.rounds + 1):
        for name, checkout in (("other", opts.vs.resolve()), ("this", HERE)):
            cpu, wall, passed, tail = measure(checkout, args)
            figures[name].append((cpu, wall))
            load = os.getloadavg()[0]
            print(f"round {round_} {name:5}: CPU {cpu:7.1f} s  wall {wall:7.1f} s  load {load:5.1f}"
                  f"{'' if passed else '  FAILED'}", flush=True)
            if not passed:
                failed = True
                print(tail)
    for name, rows in figures.items():
        cpus, walls = [c for c, _ in rows], [w for _, w in rows]
        print(f"{name:5}: CPU best {min(cpus):.1f} s, median {statistics.median(cpus):.1f} s; "
              f"wall best {min(walls):.1f} s, median {statistics.median(walls):.1f} s")
    ratios = [t[0] / o[0] for t, o in zip(figures["this"], figures["other"], strict=True)]
    walls = [t[1] / o[1] for t, o in zip(figures["this"], figures["other"], strict=True)]
    print(f"this / other: CPU best {min(ratios):.2f}, median {statistics.median(ratios):.2f}; "
          f"wall best {min(walls):.2f}, median {statistics.median(walls):.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
