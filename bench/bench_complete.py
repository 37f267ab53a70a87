"""Autocomplete sources, per call: p50 and p99 of every completer of the command table over the query set of
``tests/choices.py`` (every prefix of sampled card names, terms, section titles and rule numbers, in the order
they are typed, plus blank input, typos, umlauts and 6 000 characters), on the store of the documents and on
the store with both Comprehensive Rules files.

Each pass runs in a process of its own (a fresh interpreter, as a bot process at start): it opens the store (name
index, the command table's warm-ups), settles the heap as both doors do before their first interaction
(:func:`bot.core.settle_heap`: the objects alive then frozen, young collections every 10 000 new objects, so no
full collection of the whole heap lands on one query), then sends every query once through
:func:`bot.answers.registry.run_completer` (input bounds and Discord's limits included, as every door calls it).
So every call counted is the first of its query in that process: no cache of the process (the stems of typed
words, a source's kept offers) makes a later pass cheaper than the first. Figures: per source, the p50 and p99 over
the queries of each query's best time in 3 such passes (so a call the machine's other load interrupted counts with
an uninterrupted one), and the median of the passes' own p99. Targets: p99 ≤ 100 µs on the documents, ≤ 200 µs
with both CR files. ``--slowest`` also prints the queries of each source's slowest 1 % with their best time (what
the p99 is made of). ``--same-process`` runs the passes one after another in this process instead (the figures
before 2026-12-03 afternoon: a later pass finds what an earlier one left in the process's caches).

    python bench/bench_complete.py [--quick] [--reference DIR] [--slowest] [--same-process]
    python bench/bench_complete.py --vs DIR

``--vs DIR`` (a checkout of other code, e.g. ``git archive main | tar -x -C DIR``): that checkout's ``bot`` package
and this one's, loaded side by side in one process, answer every source's queries (the query set of
:mod:`tests.choices`, on the documents' store and on the store with both CR files) through their own
``run_completer``, interleaved query by query (which one goes first alternates), each on its own core opened afresh
on the same store in each of 3 rounds (the heap settled once both are open), each round in a fresh process; CPU time
of the thread per call (a loaded machine's waiting for a CPU is not counted). Prints per source the p99 of both per
round, the ratio this/other (best and median of the rounds), and the p99 and p50 over each query's best of the
rounds. ``--vs`` with this checkout itself shows the noise (an A/A comparison). Both checkouts must read the same
store schema.

Without ``--reference`` (default ``../shared/reference``) or when its CR files are missing, only the documents'
store is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.answers import COMPLETERS, run_completer  # noqa: E402
from bot.commands import TABLE  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.core import Core, settle_heap  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from tests.choices import REFERENCE_CR, query_set  # noqa: E402

Row = tuple[str, str, str, str]


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


async def one_pass(db: Path, folder: Path) -> tuple[list[str], dict[str, list[float]]]:
    """Open ``db`` as at start, then every query once per source: the queries, and key → each query's wall time
    in µs."""
    core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=folder, log_level="WARNING"))
    await core.open(TABLE.warm)
    try:
        ctx = core.context
        queries = await query_set(ctx)
        settle_heap()  # as both doors do once the core is open and warm (bot.core): no full collection in a pass
        out = {}
        for key in sorted(COMPLETERS):
            fn = COMPLETERS[key]
            times = []
            for q in queries:
                started = time.perf_counter()
                await run_completer(ctx, fn, q)
                times.append((time.perf_counter() - started) * 1e6)
            out[key] = times
        return queries, out
    finally:
        await core.close()


def fresh_pass(db: Path, folder: Path) -> tuple[list[str], dict[str, list[float]]]:
    """:func:`one_pass` in a new interpreter (``--one-pass``): what it returns, read from its JSON output."""
    done = subprocess.run([sys.executable, __file__, "--one-pass", str(db), str(folder)], check=True,
                          capture_output=True, text=True)
    found = json.loads(done.stdout)
    return found["queries"], found["times"]


def measure(db: Path, label: str, passes: int, target: str, slowest: list[str] | None = None,
            same_process: bool = False) -> list[Row]:
    """Rows for the store ``db``: per source, over ``passes`` passes each in a fresh process (``same_process``:
    one after another in this one), the p50 and p99 of every query's best time (a call the machine's other load
    interrupted in one pass counts with its time of another pass; every call is the first of its query in its
    process), and the median p99 of the passes themselves (interruptions included). ``slowest``: gets a line per
    query of each source's slowest 1 % (by its best time), slowest first."""
    with tempfile.TemporaryDirectory() as folder:
        passed = [asyncio.run(one_pass(db, Path(folder))) if same_process else fresh_pass(db, Path(folder))
                  for _ in range(passes)]
    queries, runs = passed[0][0], [r for _q, r in passed]
    rows = []
    for key in sorted(runs[0]):  # the sources the passes found (this process imports no answer module)
        per_query = [min(times) for times in zip(*(r[key] for r in runs), strict=True)]
        best = sorted(per_query)
        if slowest is not None:
            order = sorted(range(len(queries)), key=lambda i: -per_query[i])[: max(1, len(queries) // 100)]
            slowest += [f"{key}, {label}: {per_query[i]:7.1f} µs {queries[i][:60]!r}" for i in order]
        raw = statistics.median(percentile(sorted(r[key]), 0.99) for r in runs)
        value = (f"p50 {percentile(best, 0.5):6.1f} µs, p99 {percentile(best, 0.99):6.1f} µs "
                 f"(per query best of {passes}; {len(best)} queries; p99 per pass, median {raw:.0f} µs)")
        rows.append((f"autocomplete {key}, {label}", value, target, "python bench/bench_complete.py"))
    return rows


def rows(quick: bool, reference: Path | None = None, slowest: list[str] | None = None,
         same_process: bool = False) -> list[Row]:
    """Figures for ``bench/run.py`` (``quick``: two passes instead of three; ``slowest``, ``same_process``: see
    :func:`measure`)."""
    passes = 2 if quick else 3
    reference = reference or ROOT.parent / "shared" / "reference"
    out: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        docs = Path(folder) / "documents.sqlite3"
        build(docs, DEFAULT_SOURCES)
        out += measure(docs, "documents", passes, "p99 ≤ 100 µs", slowest, same_process)
        crs = [reference / name for name in REFERENCE_CR]
        if all(p.is_file() for p in crs):
            full = Path(folder) / "cr.sqlite3"
            build(full, DEFAULT_SOURCES, cr_files=crs)
            out += measure(full, "with both CR files", passes, "p99 ≤ 200 µs", slowest, same_process)
    return out


def _is_project(name: str) -> bool:
    return name in ("bot", "tests") or name.startswith(("bot.", "tests."))


def _other_tree(other: Path) -> dict[str, object]:
    """The modules of the checkout ``other`` (its ``bot`` package, loaded beside this one's): imported with this
    checkout's modules put aside, then put aside themselves. Calls into them run with them alone in ``sys.modules``
    (:func:`_use`), so an import inside a function finds that checkout's module too."""
    ours = {k: v for k, v in sys.modules.items() if _is_project(k)}
    for name in ours:
        del sys.modules[name]
    sys.path.insert(0, str(other))
    try:
        for name in ("bot.answers", "bot.commands", "bot.config", "bot.core"):
            __import__(name)
        theirs = {k: v for k, v in sys.modules.items() if _is_project(k)}
        if not str(getattr(theirs["bot"], "__file__", "")).startswith(str(other)):
            raise SystemExit(f"no bot package in {other}")
    finally:
        sys.path.remove(str(other))
        for name in [k for k in sys.modules if _is_project(k)]:
            del sys.modules[name]
        sys.modules.update(ours)
    return theirs


def _use(modules: dict[str, object]) -> None:
    """Put one checkout's project ``modules`` in ``sys.modules``, the other's out: a module only the other side
    imported (an answer module its warm-up loaded) would else be found by this side's imports, and this side's
    registries (:data:`bot.answers.COMPLETERS`) would never be filled."""
    for name in [k for k in sys.modules if _is_project(k) and k not in modules]:
        del sys.modules[name]
    sys.modules.update(modules)


async def _open(modules: dict[str, object], db: Path, folder: Path) -> object:
    """A core of ``modules`` (a checkout's :mod:`bot.core` …) opened on ``db`` with its command table's warm-ups."""
    core_mod, config, commands = (modules[n] for n in ("bot.core", "bot.config", "bot.commands"))
    settings = config.Settings(token="", dev_guild_id=None, db_path=db, state_dir=folder,  # type: ignore[attr-defined]
                               log_level="WARNING")
    core = core_mod.Core(settings)  # type: ignore[attr-defined]
    await core.open(commands.TABLE.warm)  # type: ignore[attr-defined]
    return core


async def _versus_round(sides: list[dict[str, object]], db: Path, folder: Path, queries: list[str],
                        ) -> list[dict[str, list[float]]]:
    """One round: both checkouts' cores opened afresh on ``db``, then every query of every source through each
    one's ``run_completer``, alternating which goes first; per side, source → CPU µs per query."""
    cores = []
    for modules in sides:
        _use(modules)
        cores.append(await _open(modules, db, folder))
        modules.update({k: v for k, v in sys.modules.items() if _is_project(k)})  # what its warm-up imported
    out: list[dict[str, list[float]]] = [{}, {}]
    keys = sorted(set.intersection(*(set(side["bot.answers"].COMPLETERS) for side in sides)))  # type: ignore[attr-defined]
    settle_heap()  # as both doors do once the core is open and warm (bot.core); both cores' objects frozen alike
    try:
        for key in keys:  # the sources both checkouts have
            for i, q in enumerate(queries):
                for s in (0, 1) if i % 2 else (1, 0):
                    answers = sides[s]["bot.answers"]
                    _use(sides[s])
                    fn = answers.COMPLETERS[key]  # type: ignore[attr-defined]
                    ctx = cores[s].context  # type: ignore[attr-defined]
                    started = time.thread_time()
                    await answers.run_completer(ctx, fn, q)  # type: ignore[attr-defined]
                    out[s].setdefault(key, []).append((time.thread_time() - started) * 1e6)
    finally:
        for s, core in enumerate(cores):
            _use(sides[s])
            await core.close()  # type: ignore[attr-defined]
    return out


def versus(other: Path, rounds: int = 3, reference: Path | None = None) -> list[str]:
    """Lines comparing ``other``'s autocomplete sources with this one's (see the module docstring, ``--vs``): each
    round in a fresh process (:func:`versus_round`)."""
    import contextlib
    import io

    other = other.resolve()
    lines = []
    reference = reference or ROOT.parent / "shared" / "reference"
    crs = [reference / name for name in REFERENCE_CR]
    stores = [("documents", [])]
    if all(p.is_file() for p in crs):
        stores.append(("with both CR files", crs))
    with tempfile.TemporaryDirectory() as folder:
        for label, cr_files in stores:
            db = Path(folder) / "store.sqlite3"
            db.unlink(missing_ok=True)
            with contextlib.redirect_stdout(io.StringIO()):
                build(db, DEFAULT_SOURCES, cr_files=cr_files)
            command = [sys.executable, __file__, "--vs-round", str(other), str(db), folder]
            runs = [json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
                    for _ in range(rounds)]
            for key in sorted(runs[0][1]):  # the sources the rounds measured (this process imports no answer module)
                per_round = [(_p99(r[0][key]), _p99(r[1][key])) for r in runs]
                bests = [sorted(min(t) for t in zip(*(r[s][key] for r in runs), strict=True)) for s in (0, 1)]
                best = [percentile(b, 0.99) for b in bests]
                p50 = [percentile(b, 0.5) for b in bests]
                ratios = sorted(b / a for a, b in per_round)
                lines.append(
                    f"{key:<15} {label:<19} p99 other/this per round "
                    + ", ".join(f"{a:.0f}/{b:.0f}" for a, b in per_round)
                    + f" µs; ratio this/other best {ratios[0]:.2f}, median {statistics.median(ratios):.2f}; "
                    f"each query's best of {rounds}: p99 {best[0]:.0f}/{best[1]:.0f} µs, "
                    f"p50 {p50[0]:.0f}/{p50[1]:.0f} µs")
    return lines


def versus_round(other: Path, db: Path, folder: Path) -> list[dict[str, list[float]]]:
    """One round of :func:`versus` in this (fresh) process: ``other``'s ``bot`` package loaded beside this one's,
    the query set of ``db``, then :func:`_versus_round`; per side (other, this), source → CPU µs per query."""
    queries = asyncio.run(_queries(db, folder))  # this checkout's answer modules imported by its warm-up
    ours = {k: v for k, v in sys.modules.items() if _is_project(k)}
    theirs = _other_tree(other.resolve())
    _use(ours)
    return asyncio.run(_versus_round([theirs, ours], db, folder, queries))


async def _queries(db: Path, folder: Path) -> list[str]:
    """The query set of :mod:`tests.choices` for the store ``db``."""
    core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=folder, log_level="WARNING"))
    await core.open(TABLE.warm)
    try:
        return await query_set(core.context)
    finally:
        await core.close()


def _p99(values: list[float]) -> float:
    return percentile(sorted(values), 0.99)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two passes instead of three")
    parser.add_argument("--reference", type=Path, default=None, help="folder with both CR files")
    parser.add_argument("--vs", type=Path, default=None, help="checkout to compare the sources with")
    parser.add_argument("--slowest", action="store_true", help="also print each source's slowest 1 %% of queries")
    parser.add_argument("--same-process", action="store_true", help="all passes in this process, one after another")
    parser.add_argument("--one-pass", nargs=2, type=Path, metavar=("DB", "FOLDER"), help=argparse.SUPPRESS)
    parser.add_argument("--vs-round", nargs=3, type=Path, metavar=("DIR", "DB", "FOLDER"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    import contextlib
    import io

    if args.one_pass is not None or args.vs_round is not None:  # a pass or round for the parent: JSON on stdout
        with contextlib.redirect_stdout(io.StringIO()):
            if args.one_pass is not None:
                queries, times = asyncio.run(one_pass(*args.one_pass))
                found: object = {"queries": queries, "times": times}
            else:
                found = versus_round(*args.vs_round)
        print(json.dumps(found))
        return
    if args.vs is not None:
        print("\n".join(versus(args.vs, reference=args.reference)))
        return
    slowest: list[str] | None = [] if args.slowest else None
    with contextlib.redirect_stdout(io.StringIO()):  # the builds' reports
        found = rows(args.quick, args.reference, slowest, args.same_process)
    for figure, value, target, _cmd in found:
        print(f"{figure:<48} {value:<86} {target}")
    for line in slowest or ():
        print(line)


if __name__ == "__main__":
    main()
