"""``serve`` against the signature-checking PONG worker, by kind of interaction and tree by tree, in one run.

Builds the load test's workload as ``bench_ops.py`` does (the real gateway bot asked over the fake Discord), keeps
only its autocompletes or only its commands (``--kind``; default: the whole workload), then measures, for each
source tree given (``.``: this checkout; another: a ``git archive`` unpacked), one ``serve`` worker of that tree and
the PONG worker side by side (``bench_ops.py: http_cpu``: bursts of ``--burst`` pre-signed interactions, A B B A),
the trees taking turns for ``--repeat`` rounds on one store. Prints per round the CPU ms per interaction of both
workers and their ratio; at the end per tree the ratio's best and median, and each further tree's ``serve`` CPU over
the first's, round by round.

    .venv/bin/python bench/bench_serve_kinds.py [--kind command|autocomplete] [--burst 2000] [--repeat 3] [--distinct]
        [TREE ...]

``--distinct``: every ``serve`` worker keeps no command answer (``bot.answer_bodies.KEPT_ANSWER_BYTES`` set to 0
before it starts, in a tree that has them): each command of the burst is made as if never asked before, as on a
workload of all-distinct commands (the misses' own look-ups included).

Which part of ``serve``'s ratio the commands carry (their answers and, deferred in a burst, their webhook edits)
and which the autocompletes do, and whether a change moves a ratio beyond the run-to-run noise.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_ops
from bench_ops import http_cpu, pinned_store, warmed_plan
from common import ratio_text
from fakediscord import FakeDiscord
from harness import PYTHON, running_bot

#: This checkout (its ``bot`` package is what ``python -m bot serve`` runs without a source tree).
HERE = Path(__file__).resolve().parents[1]


async def measure(trees: list[Path], kind: str | None, burst: int,
                  repeat: int) -> dict[Path, list[tuple[float, float]]]:
    """Per tree, per round: (``serve`` CPU seconds per interaction, the PONG worker's), the workload cut to ``kind``
    (None: all of it), trees taking turns (reversed every other round)."""
    got: dict[Path, list[tuple[float, float]]] = {tree: [] for tree in trees}
    with pinned_store("bench_serve_kinds_") as (tmp, db, pin):
        async with FakeDiscord() as fake:
            async with running_bot(fake, tmp, db=db, extra_env={"LOG_LEVEL": "INFO"}) as bot:
                plan = await warmed_plan(fake, bot.proc.pid, pin)
            plan = [step for step in plan if kind is None or step.kind == kind]
            print(f"{len(plan)} steps of the workload ({kind or 'all'})", flush=True)
            for i in range(repeat):
                for tree in trees if i % 2 == 0 else trees[::-1]:
                    work = Path(tempfile.mkdtemp(dir=tmp))
                    (work / "serve").mkdir()
                    src = None if tree == HERE else tree
                    serve, pong = await http_cpu(fake, plan, burst, work, db, pin, src, pong_first=i % 2 == 1)
                    got[tree].append((serve, pong))
                    print(f"round {i + 1} {tree}: serve {serve * 1000:.3f} ms, PONG worker {pong * 1000:.3f} ms, "
                          f"{serve / pong:.2f}×", flush=True)
    return got


def forgetting_argv(door: str, src: Path | None = None) -> list[str]:
    """:func:`bench_ops.bot_argv` of this checkout or of the source tree ``src``, with
    ``bot.answer_bodies.KEPT_ANSWER_BYTES`` 0 (no command answer kept) where the tree has that module."""
    root = str(src or HERE)
    code = (f"import importlib.util, os, runpy, sys; sys.path.insert(0, {root!r}); os.chdir({root!r}); "
            "kept = importlib.util.find_spec('bot.answer_bodies') is not None; "
            "kept and setattr(__import__('bot.answer_bodies').answer_bodies, 'KEPT_ANSWER_BYTES', 0); "
            "runpy.run_module('bot', run_name='__main__', alter_sys=True)")
    return [PYTHON, "-c", code, door]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", type=Path, default=[HERE], help="source trees (.: this checkout)")
    parser.add_argument("--kind", choices=("command", "autocomplete"), default=None)
    parser.add_argument("--burst", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--distinct", action="store_true", help="serve keeps no command answer (all new)")
    args = parser.parse_args()
    if args.distinct:
        bench_ops.bot_argv = forgetting_argv  # what http_cpu's workers are started with
    trees = [tree.resolve() for tree in args.trees]
    got = asyncio.run(measure(trees, args.kind, args.burst, args.repeat))
    print(f"bench_serve_kinds — {args.kind or 'whole workload'}{', no command answer kept' * args.distinct}, "
          f"bursts of {args.burst}, CPUs {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    for tree, pairs in got.items():
        print(f"{tree}: serve / PONG worker {ratio_text([s / p for s, p in pairs])}; serve "
              f"{statistics.median(s for s, _ in pairs) * 1000:.3f} ms median")
    first = trees[0]
    for tree in trees[1:]:
        pairs = zip(got[tree], got[first], strict=True)
        print(f"serve {tree} / {first}: {ratio_text([a[0] / b[0] for a, b in pairs])}")


if __name__ == "__main__":
    main()
