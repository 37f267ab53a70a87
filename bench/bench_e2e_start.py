"""CPU of one e2e bot start, warm (as in production) and cold (``REGELBOT_E2E_COLD``, tests/e2e/site), side by side.

    .venv/bin/python bench/bench_e2e_start.py [--rounds 3] [--db STORE]

Each round starts ``python -m bot run`` against the fake Discord (tests/e2e/harness.running_bot) once warm and
once cold, waits for its commands to be synced, stops it with SIGINT and takes its CPU (user + system of the bot
and the calculation workers it waited for, from this process's ``RUSAGE_CHILDREN``) and the wall time from the
start to the sync. Prints each start, best and median per kind and the ratio cold / warm (best, median of the
rounds). Without ``--db`` the store is built from data/sources into a temp folder first.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from fakediscord import FakeDiscord  # noqa: E402
from harness import running_bot  # noqa: E402


def children_cpu() -> float:
    """CPU seconds (user + system) of the children this process has waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def one_start(db: Path, cold: bool) -> tuple[float, float]:
    """(CPU seconds, wall seconds to the sync) of one bot started, synced and stopped."""
    before = children_cpu()
    async with FakeDiscord() as fake:
        with tempfile.TemporaryDirectory() as folder:
            started = time.monotonic()
            async with running_bot(fake, Path(folder), db=db, cold=cold):
                await fake.wait_sync()
                up = time.monotonic() - started
    return children_cpu() - before, up


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--db", type=Path, default=None, help="a built store (default: built now)")
    opts = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db = opts.db
        if db is None:
            from bot.importer import DEFAULT_SOURCES, build

            db = Path(folder) / "regelbot.sqlite3"
            build(db, DEFAULT_SOURCES)
        figures: dict[str, list[tuple[float, float]]] = {"warm": [], "cold": []}
        for round_ in range(1, opts.rounds + 1):
            for kind in ("warm", "cold"):
                cpu, up = asyncio.run(one_start(db, kind == "cold"))
                figures[kind].append((cpu, up))
                print(f"round {round_} {kind}: CPU {cpu:.2f} s, synced after {up:.2f} s", flush=True)
    for kind, rows in figures.items():
        cpus = [c for c, _ in rows]
        print(f"{kind}: CPU best {min(cpus):.2f} s, median {statistics.median(cpus):.2f} s")
    ratios = [c[0] / w[0] for c, w in zip(figures["cold"], figures["warm"], strict=True)]
    print(f"cold / warm CPU: best {min(ratios):.2f}, median {statistics.median(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
