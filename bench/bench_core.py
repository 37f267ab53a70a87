"""The application core's CPU per interaction, step by step of the burst workload (``bench/bench_ops.py``'s, the load
test's): for each command and each autocompleted option of the workload, the µs of CPU the core spends on one
interaction (read as both doors read it, answered or completed, rendered; no door, no Discord), and the mean over the
whole workload (the figure ``bench_ops.py`` prints as "the core alone").

    .venv/bin/python bench/bench_core.py [--rounds 5] [--vs DIR] [--profile FILE]

The workload is built once by asking the real bot over the fake Discord (as ``bench_ops.py`` does), then each tree's
core runs it in a process of its own (:func:`bench_ops.core_cpu_in`'s way: ``--vs DIR`` imports DIR's ``bot``
package first), the two taking turns; per step the best of ``--rounds`` rounds after a warm-up round.
``--profile FILE``: instead, one process of this checkout runs the workload 20 times under cProfile and writes the
statistics to FILE (read them with ``python -m pstats FILE``), printing the top 40 by own time.
``--trips``: instead, per step the round trips one interaction makes after a warm-up round (the store's catalogues
loaded, as in a running worker): to aiosqlite's thread (calls of ``aiosqlite.Connection._execute``, each one queue
hop there and one future back), queries run on the event loop (``StoreBase.loop_reads``) and to the calculation
workers (``offload._POOL.acquire``). Counted here by wrapping those functions, not by the product.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ops import in_tree, opened_core, pinned_store, warmed_plan
from bench_scale import payload_for
from fakediscord import FakeDiscord
from harness import running_bot


def step_label(payload: dict) -> str:
    """``/regel nummer`` for a command, ``/regel nummer nummer=…`` for an autocomplete of option ``nummer``."""
    data = payload["data"]
    parts, opts = [data["name"]], data.get("options") or []
    while opts and opts[0].get("type") in (1, 2):
        parts.append(opts[0]["name"])
        opts = opts[0].get("options") or []
    focused = next((o["name"] for o in opts if o.get("focused")), None)
    return "/" + " ".join(parts) + (f" {focused}=…" if focused else "")


async def per_step(payloads: list[dict], db: Path, state_dir: Path, rounds: int) -> list[float]:
    """Per payload, the best CPU seconds of ``rounds`` rounds (after one warm-up round) the core of the ``bot``
    package this process imports spends on it (:func:`bench_ops.opened_core`, as :func:`bench_ops.core_cpu_of`)."""
    best = [float("inf")] * len(payloads)
    async with opened_core(db, state_dir) as step:
        for i in range(rounds + 1):
            for j, payload in enumerate(payloads):
                c0 = time.process_time()
                await step(payload)
                if i:
                    best[j] = min(best[j], time.process_time() - c0)
    return best


async def profile(payloads: list[dict], db: Path, state_dir: Path, out: Path, rounds: int = 20) -> None:
    """:func:`per_step`'s work ``rounds`` times under cProfile (after a warm-up round), statistics to ``out``."""
    import cProfile
    import pstats

    async with opened_core(db, state_dir) as step:
        for payload in payloads:
            await step(payload)
        prof = cProfile.Profile(time.process_time)  # CPU, not the waits for the calculation workers
        prof.enable()
        for _ in range(rounds):
            for payload in payloads:
                await step(payload)
        prof.disable()
    prof.dump_stats(out)
    pstats.Stats(prof).sort_stats("tottime").print_stats(40)


async def trips(payloads: list[dict], db: Path, state_dir: Path) -> list[tuple[int, int, int]]:
    """Per payload (after one warm-up round over all of them): (aiosqlite thread trips, event-loop queries,
    calculation-worker trips) of one interaction in this checkout's core (:func:`bench_ops.opened_core`)."""
    import aiosqlite

    from bot import offload
    from bot.store.base import StoreBase

    counts = {"thread": 0, "worker": 0}
    execute, acquire = aiosqlite.Connection._execute, offload._POOL.acquire

    async def counted_execute(self: aiosqlite.Connection, fn: object, *args: object, **kwargs: object) -> object:
        counts["thread"] += 1
        return await execute(self, fn, *args, **kwargs)

    async def counted_acquire() -> object:
        counts["worker"] += 1
        return await acquire()

    init = StoreBase.__init__  # the stores the core opens are remembered to read their loop_reads counters
    stores: list[StoreBase] = []

    def remembered(self: StoreBase, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        stores.append(self)

    StoreBase.__init__ = remembered  # type: ignore[method-assign]
    aiosqlite.Connection._execute = counted_execute  # type: ignore[method-assign]
    offload._POOL.acquire = counted_acquire  # type: ignore[method-assign]
    out = []
    async with opened_core(db, state_dir) as step:
        for payload in payloads:
            await step(payload)
        for payload in payloads:
            before = (counts["thread"], sum(s.loop_reads for s in stores), counts["worker"])
            await step(payload)
            after = (counts["thread"], sum(s.loop_reads for s in stores), counts["worker"])
            out.append((after[0] - before[0], after[1] - before[1], after[2] - before[2]))
    return out


def trips_table(payloads: list[dict], counts: list[tuple[int, int, int]]) -> list[str]:
    """Per command step label (autocompletes left out: their bodies are kept by ``serve``), the round trips of
    :func:`trips` per interaction (the mean over the workload's occurrences of that step)."""
    labels = [label for label in dict.fromkeys(step_label(p) for p in payloads) if "=…" not in label]
    width = max(len(label) for label in labels)
    lines = [f"{'command':<{width}}  n  aiosqlite-thread  event-loop-queries  calc-worker"]
    for label in labels:
        idx = [i for i, p in enumerate(payloads) if step_label(p) == label]
        mean = [sum(counts[i][k] for i in idx) / len(idx) for k in range(3)]
        lines.append(f"{label:<{width}} {len(idx):>2}  {mean[0]:>16.1f}  {mean[1]:>18.1f}  {mean[2]:>11.1f}")
    return lines


async def workload_payloads() -> tuple[list[dict], Path, Path]:
    """The workload's payloads (asked of the real bot over the fake Discord), a store of the documents and a
    folder that outlives the call (removed by the caller)."""
    tmp = Path(tempfile.mkdtemp(prefix="bench_core_"))
    with pinned_store("bench_core_store_") as (store_dir, db, _pin):
        kept = tmp / "regelbot.sqlite3"
        async with FakeDiscord() as fake:
            async with running_bot(fake, store_dir, db=db, extra_env={"LOG_LEVEL": "INFO"}) as bot:
                plan = await warmed_plan(fake, bot.proc.pid, False)
            payloads = [payload_for(fake, step) for step in plan]
        db.replace(kept)
    return payloads, kept, tmp


async def measure_in(src: Path | None, work: Path, db: Path, rounds: int) -> list[float]:
    """:func:`per_step` in a process of its own (:func:`bench_ops.in_tree`), over ``work``/payloads.json; ``src``:
    another tree's ``bot``.

    Raises:
        RuntimeError: the measuring process failed (its output in the message).
    """
    call = (f"bench_core.per_step(json.loads(Path({str(work / 'payloads.json')!r}).read_text()), Path({str(db)!r}), "
            f"Path({str(work)!r}), {rounds})")
    return json.loads(await in_tree(src, "bench_core", call))


def table(payloads: list[dict], columns: dict[str, list[list[float]]]) -> list[str]:
    """Per step label the µs per interaction (the best over the runs of each tree's best-of-rounds: other processes'
    load only ever adds), then the mean over the workload per run and of the per-step bests; columns: tree name →
    runs → per-payload seconds."""
    labels = list(dict.fromkeys(step_label(p) for p in payloads))
    width = max(len(label) for label in labels)
    lines = [f"{'step':<{width}}  n  " + "  ".join(f"{name:>12}" for name in columns)]
    for label in labels:
        idx = [i for i, p in enumerate(payloads) if step_label(p) == label]
        cells = [min(sum(run[i] for i in idx) / len(idx) for run in runs) * 1e6 for runs in columns.values()]
        lines.append(f"{label:<{width}} {len(idx):>2}  " + "  ".join(f"{c:>10.0f}µs" for c in cells))
    means = ["  ".join(f"{statistics.mean(run) * 1e6:.0f}" for run in runs) for runs in columns.values()]
    lines.append(f"{'mean per interaction (each run)':<{width}}     " + "  |  ".join(means))
    for name, runs in columns.items():
        each = [statistics.mean(run) * 1e6 for run in runs]
        floor = statistics.mean(min(run[i] for run in runs) for i in range(len(payloads))) * 1e6
        lines.append(f"  {name}: best {min(each):.0f} µs, median {statistics.median(each):.0f} µs per interaction; "
                     f"per-step bests {floor:.0f} µs")
    return lines


def run(args: argparse.Namespace, payloads: list[dict], db: Path, tmp: Path) -> None:
    """What :func:`main` measures (``args``: its options) over ``payloads`` on the store ``db``, in the folder
    ``tmp``."""
    if args.only is not None:
        payloads = [p for p in payloads if step_label(p) == args.only]
    (tmp / "payloads.json").write_text(json.dumps(payloads), encoding="utf-8")
    if args.profile is not None:
        asyncio.run(profile(payloads, db, tmp, args.profile.resolve()))
        return
    if args.trips:
        print("\n".join(trips_table(payloads, asyncio.run(trips(payloads, db, tmp)))))
        return
    trees: dict[str, Path | None] = {"this": None}
    if args.vs is not None:
        trees[str(args.vs)] = args.vs.resolve()
    columns: dict[str, list[list[float]]] = {name: [] for name in trees}
    for i in range(args.repeat):
        order = list(trees.items()) if i % 2 == 0 else list(trees.items())[::-1]
        for name, src in order:
            columns[name].append(asyncio.run(measure_in(src, tmp, db, args.rounds)))
    print(f"bench_core — {len(payloads)} interactions, CPUs {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    print("\n".join(table(payloads, columns)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds per measuring process (best of them)")
    parser.add_argument("--repeat", type=int, default=3, help="measuring processes per tree, taking turns")
    parser.add_argument("--vs", type=Path, default=None, metavar="DIR", help="also the core of the source tree DIR")
    parser.add_argument("--profile", type=Path, default=None, metavar="FILE", help="cProfile this checkout's core")
    parser.add_argument("--trips", action="store_true", help="count each command's round trips instead")
    parser.add_argument("--only", default=None, metavar="LABEL", help="only the steps whose label is LABEL")
    args = parser.parse_args()
    payloads, db, tmp = asyncio.run(workload_payloads())
    try:
        run(args, payloads, db, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
