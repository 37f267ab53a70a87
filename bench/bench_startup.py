"""Start-up side by side, as ratios: what a process costs before it can answer.

* **READY**: ``python -m bot run`` against the fake Discord (``tests/e2e/fakediscord.py``) on a store built with
  ``--printings`` generated printings (``bench/gen_allprintings.py``, AllPrintings-shaped) and on the store of the
  documents, in turn (big, documents, big, …); the time from the process start to the fake's READY, and the
  ratio big/documents per pair. Target: ≤ 1.5.
* **call**: ``python -m bot call '/karte name: Boros-Rekrut'`` on the documents store beside
  ``python -c 'import discord'``, in turn; wall time per pair and its ratio. Target: ≤ 1.0 (an offline answer
  costs no more than importing discord.py). ``complete``, ``call '/frage …'`` and ``call '/regel …'`` are measured
  the same way (no target: a question reads the ranker's vocabulary, a rule the catalogue).

* **build** (with ``--baseline DIR``, a checkout of the code to compare with, e.g. ``git archive main | tar -x -C
  DIR``): ``python -m bot build --cards`` of the generated file by that checkout and by this one, in turn; wall
  time, CPU time and peak RSS (``ru_maxrss`` of the build process, ``os.wait4``) per side and the ratios per pair.
  Targets: CPU time ≤ 1.0× the baseline's, peak RSS ≤ 350 MB (≤ 1.2× that, 420 MB, with ``--non-latin1``: the
  file with Japanese, Chinese, Korean and Russian foreign data). This checkout's build prepares the name index,
  the name stems and the ranker's counts the start-up above no longer computes.

Every figure is the best and the median over ``--rounds`` pairs (3 by default). Both sides run with the same
environment; compiled bytecode is kept in ``--pycache`` (``PYTHONPYCACHEPREFIX``) as an installed package keeps
it (the first, uncounted run of each side writes it).

    python bench/bench_startup.py [--quick] [--printings 100000] [--dir /tmp/regelbot-startup] [--baseline DIR]
        [--build-only] [--non-latin1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from fakediscord import FakeDiscord  # noqa: E402
from harness import REAL_BOT, BotProcess, bot_env  # noqa: E402

Row = tuple[str, str, str, str]
CALL = [sys.executable, "-m", "bot", "call", "/karte name: Boros-Rekrut"]
COMPLETE = [sys.executable, "-m", "bot", "complete", "/karte name", "boros"]
IMPORT_DISCORD = [sys.executable, "-c", "import discord"]
CALL_ASK = [sys.executable, "-m", "bot", "call", "/frage frage: Wer gewinnt die Fehde bei gleichen Manawerten?"]
CALL_RULE = [sys.executable, "-m", "bot", "call", "/regel suche: 702.19"]


def build(db: Path, cards: Path | None) -> None:
    """Build the store ``db`` (with the generated card file ``cards``) unless it exists."""
    if db.exists():
        return
    args = [sys.executable, "-m", "bot", "build", "--db", str(db)] + (["--cards", str(cards)] if cards else [])
    subprocess.run(args, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def generated(folder: Path, printings: int, non_latin1: bool = False) -> Path:
    """The AllPrintings-shaped file of ``printings`` printings in ``folder`` (generated once); with ``non_latin1``
    the one with Japanese, Chinese, Korean and Russian foreign data (``gen_allprintings.py --non-latin1``)."""
    path = folder / f"AllPrintings-{'nl-' if non_latin1 else ''}{printings}.json"
    if not path.exists():
        subprocess.run([sys.executable, str(HERE / "gen_allprintings.py"), "--printings", str(printings),
                        "--out", str(path), *(["--non-latin1"] if non_latin1 else [])], check=True,
                       stdout=subprocess.DEVNULL)
    return path


async def to_ready(db: Path, state: Path, env: dict[str, str]) -> float:
    """Seconds from the start of ``python -m bot run`` on ``db`` to its READY on a fresh fake Discord."""
    async with FakeDiscord() as fake:
        bot = await BotProcess(REAL_BOT, {**bot_env(fake, db=db, state_dir=state), **env, "LOG_LEVEL": "WARNING"},
                               state / "bot.log").start()
        try:
            return await bot.wait_connected(fake, 120.0)
        finally:
            await bot.stop()


def wall(argv: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one run of ``argv`` (cwd = repository root, output discarded)."""
    started = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def pairs(first: list[float], second: list[float]) -> str:
    """``best x.xx, median y.yy`` of the ratios first/second taken pair by pair."""
    ratios = [a / b for a, b in zip(first, second, strict=True)]
    return f"best {min(ratios):.2f}, median {statistics.median(ratios):.2f}"


def seconds(values: list[float]) -> str:
    return f"best {min(values):.2f} s, median {statistics.median(values):.2f} s"


def measure(folder: Path, printings: int, rounds: int) -> list[Row]:
    """The rows of the module docstring, measured in turn ``rounds`` times after one uncounted run of each."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(folder / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    docs, big = folder / "documents.sqlite3", folder / f"printings-{printings}.sqlite3"
    build(docs, None)
    build(big, generated(folder, printings))
    (folder / "state-docs").mkdir(exist_ok=True)
    (folder / "state-big").mkdir(exist_ok=True)
    times: dict[str, list[float]] = {"big": [], "docs": [], "call": [], "complete": [], "discord": [], "ask": [],
                                     "rule": []}
    offline = {**env, "REGELBOT_DB": str(docs), "DISCORD_TOKEN": ""}
    for counted in [False] + [True] * rounds:
        got = {
            "big": asyncio.run(to_ready(big, folder / "state-big", env)),
            "docs": asyncio.run(to_ready(docs, folder / "state-docs", env)),
            "call": wall(CALL, offline),
            "discord": wall(IMPORT_DISCORD, env),
            "complete": wall(COMPLETE, offline),
            "ask": wall(CALL_ASK, offline),
            "rule": wall(CALL_RULE, offline),
        }
        if counted:
            for key, value in got.items():
                times[key].append(value)
    cmd = f"python bench/bench_startup.py --printings {printings}"
    return [
        (f"start-up to READY, store with {printings} printings", seconds(times["big"]), "", cmd),
        ("start-up to READY, store of the documents", seconds(times["docs"]), "", cmd),
        (f"  ratio {printings} printings / documents (pair by pair)", pairs(times["big"], times["docs"]), "≤ 1.5",
         cmd),
        ("`call '/karte name: Boros-Rekrut'` wall", seconds(times["call"]), "", cmd),
        ("`python -c 'import discord'` wall", seconds(times["discord"]), "", cmd),
        ("  ratio call / import discord (pair by pair)", pairs(times["call"], times["discord"]), "≤ 1.0", cmd),
        ("  ratio complete / import discord (pair by pair)", pairs(times["complete"], times["discord"]), "", cmd),
        ("  ratio call '/frage …' / import discord (pair by pair)", pairs(times["ask"], times["discord"]), "", cmd),
        ("  ratio call '/regel suche: 702.19' / import discord (pair by pair)", pairs(times["rule"], times["discord"]),
         "", cmd),
    ]


def timed_build(root: Path, cards: Path, db: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MB) of ``python -m bot build --db db --cards cards`` run in checkout ``root``."""
    db.unlink(missing_ok=True)
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "bot", "build", "--db", str(db), "--cards", str(cards)], cwd=root,
                            stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"build in {root} failed")
    db.unlink(missing_ok=True)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure_build(folder: Path, printings: int, rounds: int, baseline: Path, non_latin1: bool = False) -> list[Row]:
    """The build rows of the module docstring: the ``baseline`` checkout and this one in turn, ``rounds`` pairs
    (``non_latin1``: of the file with non-Latin-1 foreign data)."""
    cards = generated(folder, printings, non_latin1)
    got: dict[str, list[tuple[float, float, float]]] = {"base": [], "this": []}
    for _ in range(rounds):
        got["base"].append(timed_build(baseline, cards, folder / "build-base.sqlite3"))
        got["this"].append(timed_build(ROOT, cards, folder / "build-this.sqlite3"))
    cmd = f"python bench/bench_startup.py --printings {printings} --baseline DIR{' --non-latin1' if non_latin1 else ''}"
    printings_label = f"{printings}{' non-Latin-1' if non_latin1 else ''}"
    out: list[Row] = []
    for n, what in ((0, "wall"), (1, "CPU time")):
        base, this = [r[n] for r in got["base"]], [r[n] for r in got["this"]]
        out += [(f"build --cards {printings_label} printings, {what}, baseline / this",
                 f"{seconds(base)} / {seconds(this)}", "", cmd),
                (f"  ratio this / baseline, {what} (pair by pair)", pairs(this, base), "≤ 1.0" if n else "", cmd)]
    base_rss, this_rss = [r[2] for r in got["base"]], [r[2] for r in got["this"]]
    out.append((f"build --cards {printings_label} printings, peak RSS, baseline / this",
                f"{max(base_rss):.0f} MB / {max(this_rss):.0f} MB (highest)", "≤ 420 MB" if non_latin1 else "≤ 350 MB",
                cmd))
    return out


def rows(quick: bool) -> list[Row]:
    """Figures for ``bench/run.py`` (``--quick``: 20 000 printings, the rest as without)."""
    with tempfile.TemporaryDirectory(prefix="regelbot-startup-") as folder:
        return measure(Path(folder), 20_000 if quick else 100_000, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 000 printings instead of 100 000")
    parser.add_argument("--printings", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None, help="keep stores and files here between runs")
    parser.add_argument("--baseline", type=Path, default=None, help="also compare `build --cards` with this checkout")
    parser.add_argument("--build-only", action="store_true", help="only the build comparison (needs --baseline)")
    parser.add_argument("--non-latin1", action="store_true",
                        help="the build comparison with Japanese, Chinese, Korean and Russian foreign data")
    args = parser.parse_args()
    printings = args.printings or (20_000 if args.quick else 100_000)
    with tempfile.TemporaryDirectory(prefix="regelbot-startup-") as tmp:
        folder = args.dir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        found = [] if args.build_only else measure(folder, printings, args.rounds)
        if args.baseline is not None:
            found += measure_build(folder, printings, args.rounds, args.baseline.resolve(), args.non_latin1)
        for figure, value, target, _cmd in found:
            print(f"{figure:<62} {value:<32} {target}", flush=True)


if __name__ == "__main__":
    main()
