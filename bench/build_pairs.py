"""``build --cards`` of one card file by two checkouts at the same time, pair by pair: CPU time, wall time and peak
RSS of each build (``os.wait4``) and the CPU and wall ratios this / baseline per pair. Running both sides at once
gives them the same machine load (the figures are CPU time, which the load disturbs far less than wall time).

    python bench/build_pairs.py --cards AllPrintings.json --baseline DIR [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ratio_text

ROOT = Path(__file__).resolve().parent.parent


def one_pair(cards: Path, sides: dict[str, Path], folder: Path) -> dict[str, tuple[float, float, int, float]]:
    """side → (CPU s, peak RSS MB, exit code, wall s) of ``python -m bot build --cards`` run in each checkout at
    once."""
    procs = {}
    started = time.monotonic()
    for name, root in sides.items():
        db = folder / f"pair-{name}.sqlite3"
        db.unlink(missing_ok=True)
        procs[name] = subprocess.Popen([sys.executable, "-m", "bot", "build", "--db", str(db), "--cards", str(cards)],
                                       cwd=root, stdout=subprocess.DEVNULL)
    got = {}
    names = {proc.pid: name for name, proc in procs.items()}
    while names:  # whichever ends first, so that each wall time ends with its own build
        pid, status, usage = os.wait4(-1, 0)
        if pid in names:
            got[names.pop(pid)] = (usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                                   os.waitstatus_to_exitcode(status), time.monotonic() - started)
    return got


def main() -> None:
    """Command line (module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=Path, required=True)
    parser.add_argument("--baseline", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ratios = []
    walls = []
    with tempfile.TemporaryDirectory(prefix="regelbot-pairs-") as tmp:
        for n in range(args.rounds):
            got = one_pair(args.cards.resolve(), {"baseline": args.baseline.resolve(), "this": ROOT}, Path(tmp))
            (b_cpu, b_rss, b_rc, b_wall), (t_cpu, t_rss, t_rc, t_wall) = got["baseline"], got["this"]
            if b_rc or t_rc:
                raise SystemExit(f"a build failed (baseline {b_rc}, this {t_rc})")
            ratios.append(t_cpu / b_cpu)
            walls.append(t_wall / b_wall)
            print(f"pair {n + 1}: baseline {b_cpu:.1f} s CPU, {b_wall:.1f} s wall, {b_rss:.0f} MB; this {t_cpu:.1f} s "
                  f"CPU, {t_wall:.1f} s wall, {t_rss:.0f} MB; CPU ratio {ratios[-1]:.3f}, wall ratio {walls[-1]:.3f}; "
                  f"load {os.getloadavg()[0]:.1f} at {time.strftime('%H:%M:%S')}", flush=True)
    print(f"CPU this / baseline: {ratio_text(ratios)}; wall: {ratio_text(walls)}")


if __name__ == "__main__":
    main()
