"""CPU per search answer: ``/frage``, ``/regel suche`` and ``/ruling suche`` over every question of the tuning part and
the dev questions, answered by the application core (:meth:`bot.core.Core.run`) and rendered as Discord's payload
(:func:`bot.render.message_payload`), as in a burst: no door, no Discord.

    .venv/bin/python bench/bench_searches.py [--vs DIR] [--repeat 3] [--passes 2] [--db PATH] [--cr]

Each tree is measured in a process of its own (its ``bot`` package imported first, working directory the tree):
the core opened with the command table's warm-ups, one pass over the questions per command to warm the per-store
caches (what a bot that has run a while has), then ``--passes`` timed passes; the figure is the best pass's CPU
seconds (``time.process_time``: every thread, aiosqlite's too) per answer. The first, cold pass is printed too.

``--vs DIR``: this checkout against the source tree ``DIR`` (``git worktree add --detach /tmp/x main``) on one store
(built by this checkout, or ``--db``), taking turns (this, other; then other, this; …) for ``--repeat`` rounds; per
command the ratio this / other of each round, best and median. ``--cr``: the store holds both rules files of
``../shared/reference`` too (``/regel suche`` then also searches the official rules). The held-out question files
are never read.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

from common import ratio_text  # noqa: E402
from rank_dump import build_store, questions  # noqa: E402

#: command → (answer key, option name), as the slash commands call them.
COMMANDS = {"/frage": ("question", "question"), "/regel suche": ("rule", "search"),
            "/ruling suche": ("ruling", "search")}


async def cpu_per_answer(db: Path, state: Path, texts: list[str], passes: int) -> dict[str, list[float]]:
    """Per command, ``[cold, best warm]`` CPU seconds per answer of ``texts`` in the ``bot`` package this process
    imports (module doc)."""
    from bot.commands import TABLE
    from bot.config import Settings
    from bot.core import Core
    from bot.custom_id import Invocation
    from bot.render import message_payload

    core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=state, log_level="WARNING"))
    await core.open(TABLE.warm)
    out: dict[str, list[float]] = {}
    try:
        for command, (key, option) in COMMANDS.items():
            invocations = [Invocation.answer(key, **{option: text}) for text in texts]
            figures = []
            for _ in range(passes + 1):
                c0 = time.process_time()
                for inv in invocations:
                    message_payload(await core.run(inv), 0, inv)
                figures.append((time.process_time() - c0) / len(invocations))
            out[command] = [figures[0], min(figures[1:])]
    finally:
        await core.close()
    return out


def measure(tree: Path | None, db: Path, passes: int) -> dict[str, list[float]]:
    """:func:`cpu_per_answer` in a new process over this checkout (``tree`` None) or the source tree ``tree``.

    Raises:
        RuntimeError: the measuring process failed (its output in the message).
    """
    src = str(tree or ROOT)
    with tempfile.TemporaryDirectory(prefix="bench_searches_") as state:
        code = (f"import asyncio, json, os, sys; sys.path.insert(0, {src!r}); sys.path.insert(1, {str(BENCH)!r}); "
                f"os.chdir({src!r}); import bench_searches as b; from pathlib import Path; "
                f"print(json.dumps(asyncio.run(b.cpu_per_answer(Path({str(db)!r}), Path({state!r}), "
                f"[t for _, t in b.questions()], {passes}))))")
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise RuntimeError(f"measurement failed ({proc.returncode}):\n{(proc.stdout + proc.stderr)[-2000:]}") from None


def report(command: str, rounds: list[dict[Path | None, dict[str, list[float]]]], other: Path | None) -> str:
    """The lines of one command: ms per answer of each round (first pass / best warm pass), and with ``other`` the
    ratios this / other of the warm and of the first passes."""
    this = [r[None][command] for r in rounds]
    each = "; ".join(f"{cold * 1000:.2f} / {warm * 1000:.2f}" for cold, warm in this)
    line = f"{command}: ms per answer (first pass / best warm pass), this checkout {each}"
    if other is not None:
        them = [r[other][command] for r in rounds]
        line += f"; {other} " + "; ".join(f"{cold * 1000:.2f} / {warm * 1000:.2f}" for cold, warm in them)
        for label, i in (("warm", 1), ("first pass", 0)):
            line += f"\n  {label}, this / other: {ratio_text([a[i] / b[i] for a, b in zip(this, them, strict=True)])}"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vs", type=Path, default=None, metavar="DIR", help="compare with the source tree DIR")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (with --vs: pairs taking turns)")
    parser.add_argument("--passes", type=int, default=2, help="timed passes per round after the warm-up pass")
    parser.add_argument("--db", type=Path, default=None, help="the store (default: built by this checkout)")
    parser.add_argument("--cr", action="store_true", help="a store with both rules files")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench_searches_db_") as tmp:
        db = args.db or Path(tmp) / "regelbot.sqlite3"
        if not db.exists():
            build_store(db, args.cr)
        n = len(questions())
        print(f"bench_searches — {n} questions per command, CPUs: {os.cpu_count()}, "
              f"load average {os.getloadavg()[0]:.1f} at the start")
        sides = [None, args.vs.resolve()] if args.vs else [None]
        rounds: list[dict[Path | None, dict[str, list[float]]]] = []
        for i in range(max(1, args.repeat)):
            order = sides if i % 2 == 0 else sides[::-1]
            rounds.append({side: measure(side, db, args.passes) for side in order})
        for command in COMMANDS:
            print(report(command, rounds, args.vs.resolve() if args.vs else None))
        print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
