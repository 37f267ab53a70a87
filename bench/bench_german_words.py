"""What reading the German dictionary (pyspellchecker's ``de.json.gz``, :mod:`bot.german_words`) costs a start.

Each round is a fresh process that opens the store as the bot opens at start (the command table's warm-ups,
:meth:`bot.commands.Table.warm`: "Karten erklären"'s and ``/frage``'s warm-ups read the dictionary,
:func:`bot.commands.questions.read_ranker`), with the dictionary's one read (:func:`bot.german_words._load`) timed
inside it: its wall and CPU time (the process's; the read runs alone in a worker thread while the warm-up awaits
it), the resident memory it added (``VmRSS`` of ``/proc/self/status`` after it less before) and the peak it reached
(``VmHWM`` after it less ``VmRSS`` before, the peak reset before it through ``/proc/self/clear_refs``: the file's
bytes and their copies, the sort's transient lists); then the whole open's time, the process's RSS after it and its
peak (``ru_maxrss``, which the reset leaves). Two cases, in turn: **cached** (the sorted words kept in the user's
cache folder by an earlier process, :func:`bot.german_words.cache_file`: every start but a version's first) and
**cold** (an empty ``XDG_CACHE_HOME``: a new version's or a new machine's first start, the resource read, folded
and sorted). Prints the best and the median over ``--rounds`` processes per case.

    python bench/bench_german_words.py [--db data/regelbot.sqlite3] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import bot.german_words as german_words  # noqa: E402
from bot.commands import TABLE  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.core import Core  # noqa: E402


def _status_mb(field: str) -> float:
    """``field`` of ``/proc/self/status`` (``VmRSS``, ``VmHWM``) in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise KeyError(field)


def _cpu() -> float:
    """The process's CPU time so far (user + system, all threads), s."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def one_round(db: Path) -> dict[str, float]:
    """Open ``db`` as at start with the dictionary's read timed (see the module doc): its wall s, CPU s, RSS added
    (MB) and peak above the RSS before it (MB); the open's wall s; the process's RSS and peak after it (MB)."""
    timed: dict[str, float] = {}
    load = german_words._load

    def measured() -> german_words.GermanDictionary:
        Path("/proc/self/clear_refs").write_text("5")  # VmHWM from here on: the read's own peak
        rss, cpu, started = _status_mb("VmRSS"), _cpu(), time.perf_counter()
        found = load()
        timed.update(dict_s=time.perf_counter() - started, dict_cpu_s=_cpu() - cpu,
                     dict_rss_mb=_status_mb("VmRSS") - rss, dict_peak_mb=_status_mb("VmHWM") - rss)
        return found

    german_words._load = measured
    with tempfile.TemporaryDirectory() as folder:
        core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=Path(folder), log_level="WARNING"))
        started = time.perf_counter()
        await core.open(TABLE.warm)
        timed.update(open_s=time.perf_counter() - started, rss_mb=_status_mb("VmRSS"),
                     peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                     words=len(german_words.german_dictionary()))
        await core.close()
    return timed


def main() -> None:
    """Run ``--rounds`` fresh processes per case, in turn, and print the figures (see the module doc)."""
    parser = argparse.ArgumentParser(description="What reading the German dictionary costs a start.")
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_round:
        print(json.dumps(asyncio.run(one_round(args.db))))
        return
    command = [sys.executable, __file__, "--one-round", "--db", str(args.db)]
    subprocess.run(command, check=True, capture_output=True)  # the user's cache file written, bytecode compiled
    runs: dict[str, list[dict[str, float]]] = {"cached": [], "cold": []}
    for _ in range(args.rounds):
        for case in runs:
            with tempfile.TemporaryDirectory() as empty:
                env = {**os.environ, **({"XDG_CACHE_HOME": empty} if case == "cold" else {})}
                out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
            runs[case].append(json.loads(out))
    print(f"{'case':8} {'figure':34} {'best':>9} {'median':>9}")
    labels = {"dict_s": "dictionary read, wall s", "dict_cpu_s": "dictionary read, CPU s",
              "dict_rss_mb": "dictionary read, RSS added MB", "dict_peak_mb": "dictionary read, peak above MB",
              "open_s": "whole open with warm-ups, wall s", "rss_mb": "RSS after the open MB",
              "peak_mb": "peak RSS of the open MB"}
    for case, rounds in runs.items():
        for key, label in labels.items():
            values = [r[key] for r in rounds]
            print(f"{case:8} {label:34} {min(values):9.3f} {statistics.median(values):9.3f}")
    print(f"words: {int(runs['cached'][0]['words'])}; rounds per case: {args.rounds}")


if __name__ == "__main__":
    main()
