"""Time of one answer to a search as long as Discord lets a user type it (6 000 characters, the limit every text
option is cut to: :data:`bot.answers.registry.MAX_TEXT`), for ``/ruling suche``, ``/regel suche`` and ``/frage``.

The texts, each cut to 6 000 characters and made from the store itself (seeded, the same for the same store):
card names one after another, distinct words of the rulings, the store's words with one letter changed, words of
random letters, and one question repeated. Per command and text the answer is run through the application core
(:meth:`bot.core.Core.run`, rendered as Discord's payload) once to warm the per-store caches, then ``--repeat``
times: the best wall and CPU seconds are printed, and per text which store calls took the wall time of the best
run (the full-text candidates, their bm25 scores). The cost of the full-text query grows with the passages each
searched term matches: measure on a large store, one built with a card file of many printings
(``bench/gen_allprintings.py --printings 100000``, ``python -m bot build --cards …``).

    .venv/bin/python bench/bench_long_search.py [--db STORE] [--repeat 3] [--commands ruling,rule,question]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import given_or_built  # noqa: E402

#: Characters of each text (the option limit).
LENGTH = 6000
#: The store calls whose time is reported (the candidate step of :meth:`bot.ranking.Ranker.candidates`).
TIMED = ("passage_candidates", "passage_scores", "passages")
#: command → (answer key, option name).
COMMANDS = {"ruling": ("ruling", "search"), "rule": ("rule", "search"), "question": ("question", "question")}


def _filled(pick: Callable[[], str], sep: str = " ") -> str:
    out = ""
    while len(out) < LENGTH:
        out += pick() + sep
    return out[:LENGTH]


def texts(db: Path) -> dict[str, str]:
    """The long texts of the module doc, by label, made from the store ``db``."""
    con = sqlite3.connect(db)
    try:
        rulings = sorted({w for (t,) in con.execute("SELECT text FROM passages WHERE kind = 'ruling'")
                          for w in t.split() if w.isalpha() and len(w) > 3})
        names = sorted(n for (n,) in con.execute("SELECT name FROM cards"))
    finally:
        con.close()
    rnd = random.Random(1)

    def slipped() -> str:
        w = rnd.choice(rulings)
        i = rnd.randrange(len(w))
        return w[:i] + rnd.choice("aeiourstn") + w[i + 1:]

    return {
        "card names": _filled(lambda: rnd.choice(names)),
        "distinct ruling words": _filled(lambda: rnd.choice(rulings)),
        "ruling words with a slip": _filled(slipped),
        "random letters": _filled(lambda: "".join(rnd.choice("abcdefghijklmnopqrstuvwxyzäöü")
                                                  for _ in range(rnd.randint(4, 10)))),
        "one question repeated": _filled(lambda: "Was passiert wenn zwei legendäre Permanente gleichen Namens im "
                                                 "Spiel sind"),
    }


def _timing(times: dict[str, float]) -> None:
    """Wrap the :data:`TIMED` methods of :class:`bot.store.Store` to add their wall seconds to ``times``."""
    from bot.store import Store

    for name in TIMED:
        method = getattr(Store, name)

        def wrap(fn: Callable[..., Awaitable[Any]], label: str) -> Callable[..., Awaitable[Any]]:
            @functools.wraps(fn)
            async def timed(*args: Any, **kwargs: Any) -> Any:
                t0 = time.perf_counter()
                try:
                    return await fn(*args, **kwargs)
                finally:
                    times[label] = times.get(label, 0.0) + time.perf_counter() - t0
            return timed

        setattr(Store, name, wrap(method, name))


async def measure(db: Path, state: Path, commands: list[str], repeat: int) -> list[str]:
    """The printed lines: per command and text the best wall / CPU seconds and the store calls' wall seconds."""
    from bot.commands import TABLE
    from bot.config import Settings
    from bot.core import Core
    from bot.custom_id import Invocation
    from bot.render import message_payload

    times: dict[str, float] = {}
    _timing(times)
    core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=state, log_level="WARNING"))
    await core.open(TABLE.warm)
    lines = []
    try:
        for command in commands:
            key, option = COMMANDS[command]
            for label, text in texts(db).items():
                inv = Invocation.answer(key, **{option: text})
                message_payload(await core.run(inv), 0, inv)  # warms the per-store caches
                best: tuple[float, float, dict[str, float]] | None = None
                for _ in range(repeat):
                    times.clear()
                    w0, c0 = time.perf_counter(), time.process_time()
                    message_payload(await core.run(inv), 0, inv)
                    run = (time.perf_counter() - w0, time.process_time() - c0, dict(times))
                    best = run if best is None or run[0] < best[0] else best
                assert best is not None
                calls = ", ".join(f"{k} {v:.3f}" for k, v in best[2].items())
                lines.append(f"{command:8} {label:26} wall {best[0]:.3f} s, CPU {best[1]:.3f} s ({calls})")
    finally:
        await core.close()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None, help="the store (default: built from data/sources)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per text (the best is printed)")
    parser.add_argument("--commands", default="ruling,rule,question", help="of: " + ",".join(COMMANDS))
    args = parser.parse_args()

    def build(path: Path) -> None:
        from bot.importer import DEFAULT_SOURCES
        from bot.importer import build as build_store

        build_store(path, DEFAULT_SOURCES)

    with given_or_built(args.db, "bench_long_search_", build) as db, \
            tempfile.TemporaryDirectory(prefix="bench_long_search_state_") as state:
        print(f"bench_long_search — {db}, {LENGTH} characters per text, CPUs: {os.cpu_count()}, "
              f"load average {os.getloadavg()[0]:.1f} at the start")
        for line in asyncio.run(measure(db, Path(state), args.commands.split(","), max(1, args.repeat))):
            print(line)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
