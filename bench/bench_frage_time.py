"""Time of ``/frage``'s ranking per question in process, and nothing else: the store opened and the ranker made and
warmed as the bot's start-up does (untimed), then every question of the tuning parts named ranked ``--rounds`` times
(each ranking timed with ``time.perf_counter`` and ``time.process_time``). Prints p50, p90 and p99 in ms and the
ranking's total in s, then the same of the process's CPU time (steadier than the wall clock on a shared machine). No
leave-out (the bot ranks a question with every earlier question in the file), no scores: for the time a user waits
and for a side-by-side whole-process comparison of two checkouts (each with its own store).

Run: ``python bench/bench_frage_time.py [--db data/regelbot.sqlite3] [--parts tuning] [--rounds 3] [--profile N]``
(the tuning parts only; ``--profile N`` prints cProfile's N most expensive functions by cumulative time instead).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import DEPTH, TUNING_PARTS, load_part, pct  # noqa: E402
from ranked_ids import opened_ranker  # noqa: E402


async def main(db: Path, parts: list[str], rounds: int, profile: int) -> None:
    """Rank the questions and print the times (see the module doc).

    Raises:
        SystemExit: a part that is not a tuning part.
    """
    if not set(parts) <= set(TUNING_PARTS):
        raise SystemExit(f"only the tuning parts {TUNING_PARTS}, not {parts}")
    async with opened_ranker(db) as (store, r, names):
        questions = [q.text for part in parts for q in load_part(part)]
        times: list[float] = []
        cpu: list[float] = []
        prof = cProfile.Profile() if profile else None
        start = time.perf_counter()
        for _ in range(rounds):
            for text in questions:
                t0, c0 = time.perf_counter(), time.process_time()
                if prof is not None:
                    prof.enable()
                await r.search(store, text, names, limit=DEPTH)
                if prof is not None:
                    prof.disable()
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
        total = time.perf_counter() - start
    if prof is not None:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(profile)
    print(f"/frage ranking, {len(questions)} questions x {rounds}: p50 {pct(times, 50):.2f} ms, "
          f"p90 {pct(times, 90):.2f} ms, p99 {pct(times, 99):.2f} ms, total {total:.2f} s; CPU time: "
          f"p50 {pct(cpu, 50):.2f} ms, p99 {pct(cpu, 99):.2f} ms, total {sum(cpu) / 1000:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--parts", default="tuning")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(main(args.db, args.parts.split(","), args.rounds, args.profile))
