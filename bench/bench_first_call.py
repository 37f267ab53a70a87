"""What the first user of a process waits for: the first and the second call of each answer kind and of each
command's autocomplete, in a fresh process opened as the bot opens at start (the store, the name index, the command
table's warm-ups, :meth:`bot.commands.Table.warm`; the calculation workers started, :meth:`bot.core.Core.start_workers`;
the heap settled, :func:`bot.core.settle_heap`: as ``serve`` and the gateway do before their first interaction).

Each kind is called twice with two different inputs (so no answer a process keeps for a repeated input makes the
second cheap), each kind in a fresh process of its own (so no other kind's first call read it first): what the
first call pays above the second is what the process reads lazily at its first use and the warm-up does not (or work
that depends on the input: the passages a question's ranking reads first). Every kind goes through the console's
door (:class:`bot.console.CommandLine`: the typed command parsed and checked, the answer run under its time bound,
:meth:`bot.core.Core.run`; a completion through :meth:`bot.core.Core.complete`). Prints per kind the first and the
second call in ms, best and median over ``--rounds`` processes, and the open's time and memory after it (median over
all processes: the peak RSS, and with ``--trace`` what the open allocated and still holds, by tracemalloc, which slows
the open itself).

    python bench/bench_first_call.py [--db data/regelbot.sqlite3] [--rounds 3] [--trace] [--kinds '/frage,/mana info']
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.commands import TABLE  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.console import CommandLine  # noqa: E402
from bot.core import Core, settle_heap  # noqa: E402

#: (kind, first input, second input): a command line, or ``"complete <target> | <typed>"`` for autocomplete.
KINDS = [
    ("/frage", "/frage frage: Wer gewinnt die Fehde bei gleichen Manawerten?",
     "/frage frage: Darf ich Boros-Rekrut mit Hybridmana bezahlen?"),
    ("/regel suche", "/regel suche: Fehde", "/regel suche: Bibliothek mischen"),
    ("/regel nummer", "/regel suche: 701.19", "/regel suche: 702.24a"),
    ("/ruling suche", "/ruling suche: Bibliothek mischen", "/ruling suche: Manawert geteilte Karte"),
    ("/ruling karte", "/ruling karte: Boros-Rekrut", "/ruling karte: Bestimmt // Unbeirrt"),
    ("/karte", "/karte name: Boros-Rekrut", "/karte name: Bestimmt // Unbeirrt"),
    ("/mechanik", "/mechanik name: Einberufen", "/mechanik name: Fehde"),
    ("/mana info", "/mana info kosten: {G/W}{G/W}", "/mana info kosten: {2}{R/W}"),
    ("/mana bezahlen", "/mana bezahlen kosten: 2WU vorrat: 2 weiß, 1 blau, 2 grün",
     "/mana bezahlen kosten: {H} vorrat: WW"),
    ("/fehde aufdecken", "/fehde aufdecken karte1: Bestimmt // Unbeirrt karte2: {3}{R}",
     "/fehde aufdecken karte1: Boros-Rekrut karte2: 2"),
    ("/fehde chancen", "/fehde chancen bibliothek1: 0:24 2:36 bibliothek2: 0:20 3:40",
     "/fehde chancen bibliothek1: 0:17 1:4 2:8 bibliothek2: 0:20 3:40"),
    ("complete /karte name", "complete /karte name | bor", "complete /karte name | bes"),
    ("complete /regel suche", "complete /regel suche | fe", "complete /regel suche | tra"),
    ("complete /ruling karte", "complete /ruling karte | bor", "complete /ruling karte | bes"),
    ("complete /ruling suche", "complete /ruling suche | bib", "complete /ruling suche | man"),
    ("complete /mechanik name", "complete /mechanik name | ein", "complete /mechanik name | fe"),
    ("complete /mana info kosten", "complete /mana info kosten | bor", "complete /mana info kosten | bes"),
    ("complete /mana versorgung kosten", "complete /mana versorgung kosten | a",
     "complete /mana versorgung kosten | b"),
    ("complete /fehde aufdecken karte1", "complete /fehde aufdecken karte1 | bor",
     "complete /fehde aufdecken karte1 | bes"),
]


async def _one(cli: CommandLine, line: str) -> float:
    """The wall time of ``line`` in ms (its reply or choices are made and dropped)."""
    started = time.perf_counter()
    if line.startswith("complete "):
        target, _, typed = line.removeprefix("complete ").partition(" | ")
        await cli.complete(target, typed)
    else:
        await cli.call(line)
    return (time.perf_counter() - started) * 1000


async def one_round(db: Path, kind: str, trace: bool) -> dict[str, object]:
    """Open ``db`` as at start, then ``kind``'s two inputs: [first ms, second ms], the open's time (s), the peak RSS
    after it (MB) and, with ``trace``, what the open allocated and still holds (MB, tracemalloc)."""
    with tempfile.TemporaryDirectory() as folder:
        core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=Path(folder), log_level="WARNING"))
        if trace:
            tracemalloc.start()
        started = time.perf_counter()
        await core.open(TABLE.warm)
        await core.start_workers()
        opened = time.perf_counter() - started
        held = tracemalloc.get_traced_memory()[0] / 2**20 if trace else 0.0
        tracemalloc.stop()
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        try:
            settle_heap()
            cli = CommandLine(core)
            first, second = next((f, s) for k, f, s in KINDS if k == kind)
            times = [await _one(cli, first), await _one(cli, second)]
        finally:
            await core.close()
    return {"times": times, "open_s": opened, "rss_mb": rss, "held_mb": held}


def main() -> None:
    """Run ``--rounds`` fresh processes and print the figures (see the module doc)."""
    parser = argparse.ArgumentParser(description="The first and the second call of each answer kind per process.")
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--kinds", default="", help="comma-separated kinds (default: every kind)")
    parser.add_argument("--one-round", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_round:
        print(json.dumps(asyncio.run(one_round(args.db, args.one_round, args.trace))))
        return
    kinds = [k for k, _f, _s in KINDS if not args.kinds or k in args.kinds.split(",")]
    runs: list[dict[str, Any]] = []
    print(f"{'kind':34} {'first ms best/median':>22} {'second ms best/median':>23}")
    for kind in kinds:
        command = [sys.executable, __file__, "--one-round", kind, "--db", str(args.db),
                   *(["--trace"] if args.trace else [])]
        rounds = [json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
                  for _ in range(args.rounds)]
        runs += rounds
        firsts, seconds = ([r["times"][i] for r in rounds] for i in (0, 1))
        print(f"{kind:34} {min(firsts):10.1f} {statistics.median(firsts):10.1f} "
              f"{min(seconds):11.1f} {statistics.median(seconds):10.1f}", flush=True)
    print(f"open with warm-up and workers: {statistics.median(r['open_s'] for r in runs):.2f} s; peak RSS after it "
          f"{statistics.median(r['rss_mb'] for r in runs):.0f} MB"
          + (f"; held by it (tracemalloc) {statistics.median(r['held_mb'] for r in runs):.1f} MB" if args.trace
             else "") + " (medians)")


if __name__ == "__main__":
    main()
