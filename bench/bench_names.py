"""Autocomplete quality and speed on typo queries: ours (``NameIndex.search``) side by side with rapidfuzz's
full ``process.extract(..., scorer=WRatio)`` scan over the same names and queries (the quality reference).

Queries: a mix of what users type (prefixes, whole words, full names) with a quarter typos — one edit
(insert, delete, substitute; separators included, so a hyphen typed as a letter or two words run
together count) anywhere in a full name. Figures: p50/p99 per query, top-1 on the typo queries (the
first hit is the name the typo came from) and the number of typo queries without any result.

Run: ``python bench/bench_names.py [--quick]``; ``bench/run.py`` imports :func:`rows`.
"""

from __future__ import annotations

import asyncio
import os
import random
import string
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rapidfuzz import fuzz, process, utils  # noqa: E402

from bench.run import _real_names, percentiles, synthetic_names, time_calls  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import NameEntry  # noqa: E402

Row = tuple[str, str, str, str]
_LETTERS = string.ascii_lowercase + "äöüß"


def one_edit(name: str, rng: random.Random) -> str:
    """``name`` with one random edit: a letter inserted, deleted or replaced (separators included)."""
    i = rng.randrange(len(name))
    op = rng.choice(("insert", "delete", "replace"))
    if op == "insert":
        return name[:i] + rng.choice(_LETTERS) + name[i:]
    if op == "delete" and len(name) > 3:
        return name[:i] + name[i + 1 :]
    other = rng.choice([c for c in _LETTERS if c != name[i].lower()])
    return name[:i] + other + name[i + 1 :]


def typo_queries(names: list[str], count: int, seed: int = 3) -> list[tuple[str, str]]:
    """``count`` (typo query, intended name) pairs; a typo that spells another name exactly is skipped."""
    rng = random.Random(seed)
    known = {n.casefold() for n in names}
    out: list[tuple[str, str]] = []
    while len(out) < count:
        name = rng.choice(names)
        q = one_edit(name, rng)
        if q.casefold() not in known and q.strip():
            out.append((q, name))
    return out


def query_mix(names: list[str], count: int, seed: int = 5) -> tuple[list[str], list[tuple[str, str]]]:
    """``count`` queries: three quarters typed prefixes / words / full names, one quarter one-edit typos."""
    rng = random.Random(seed)
    typos = typo_queries(names, count // 4, seed)
    plain = []
    for _ in range(count - len(typos)):
        name = rng.choice(names)
        r = rng.random()
        plain.append(name[: rng.randint(2, min(10, len(name)))] if r < 0.5 else
                     rng.choice(name.split()) if r < 0.8 else name)
    mix = plain + [q for q, _ in typos]
    rng.shuffle(mix)
    return mix, typos


def quality(search: Callable[[str], str | None], typos: list[tuple[str, str]]) -> tuple[float, int]:
    """(share of typo queries whose first hit is the intended name, count of empty results)."""
    right = empty = 0
    for q, name in typos:
        first = search(q)
        if first is None:
            empty += 1
        elif first == name:
            right += 1
    return right / len(typos), empty


def measure(names: list[str], queries: int, reference_queries: int) -> dict[str, float]:
    """Ours and the WRatio scan on ``names``: latency on the mix, typo top-1 and empties."""
    index = NameIndex.from_entries(NameEntry(i, n, n, "name") for i, n in enumerate(names))
    mix, typos = query_mix(names, queries)
    ours_ms = time_calls(lambda q: index.search(q, limit=25), mix)
    cpu_ms = []
    for q in mix:  # CPU time of this thread: the steadier figure on a shared machine
        t0 = time.thread_time()
        index.search(q, limit=25)
        cpu_ms.append((time.thread_time() - t0) * 1000)

    def ours_first(q: str) -> str | None:
        hits = index.search(q, limit=25)
        return hits[0].card_name if hits else None

    def wratio(q: str) -> list:
        return process.extract(q, names, scorer=fuzz.WRatio, processor=utils.default_process, limit=25)

    def wratio_first(q: str) -> str | None:
        hits = wratio(q)
        return hits[0][0] if hits else None

    ref_mix = mix[:reference_queries]
    ref_ms = time_calls(wratio, ref_mix)
    o_top1, o_empty = quality(ours_first, typos)
    r_top1, r_empty = quality(wratio_first, typos[:reference_queries])
    o50, o99 = percentiles(ours_ms)
    c50, c99 = percentiles(cpu_ms)
    r50, r99 = percentiles(ref_ms)
    return {
        "c50": c50, "c99": c99, "o50": o50, "o99": o99, "r50": r50, "r99": r99,
        "o_top1": o_top1, "o_empty": o_empty, "r_top1": r_top1, "r_empty": r_empty,
        "typos": len(typos), "ref_typos": len(typos[:reference_queries]),
        "queries": len(mix), "ref_queries": len(ref_mix),
    }


def rows(quick: bool) -> list[Row]:
    """Figures at the real names and at 100 000 names (see the module doc)."""
    db_env = os.environ.get("REGELBOT_BENCH_DB")
    if db_env:
        db = Path(db_env)
    else:
        db = Path(tempfile.mkdtemp(prefix="regelbot-names-")) / "names.sqlite3"
        build(db, DEFAULT_SOURCES)
    real = asyncio.run(_real_names(db))
    cmd = "python bench/bench_names.py" + (" --quick" if quick else "")
    out: list[Row] = []
    for label, names, n, n_ref in (
        ("real", real, 400 if quick else 2000, 400 if quick else 2000),
        ("100k", synthetic_names(real, 100_000), 800 if quick else 4000, 60 if quick else 200),
    ):
        m = measure(names, n, n_ref)
        target = "≤ 5 ms p99" if label == "100k" else ""
        out += [
            (f"autocomplete {label} ({len(names)} names), mix with ¼ typos, p50/p99 ({m['queries']:.0f} queries)",
             f"{m['o50']:.2f} / {m['o99']:.2f} ms", target, cmd),
            (f"  same, CPU time of the searching thread ({label}) p50/p99", f"{m['c50']:.2f} / {m['c99']:.2f} ms",
             "", cmd),
            (f"  rapidfuzz WRatio full scan ({label}), p50/p99 ({m['ref_queries']:.0f} queries)",
             f"{m['r50']:.2f} / {m['r99']:.2f} ms", "", cmd),
            (f"  ratio WRatio/ours at p99 ({label})", f"{m['r99'] / m['o99']:.0f}×", "", cmd),
            (f"  typo top-1 ours / WRatio ({label}; {m['typos']:.0f} / {m['ref_typos']:.0f} typos)",
             f"{m['o_top1']:.1%} / {m['r_top1']:.1%}", "≥ 97 %", cmd),
            (f"  typo queries without result ours / WRatio ({label})", f"{m['o_empty']:.0f} / {m['r_empty']:.0f}",
             "0", cmd),
        ]
    return out


if __name__ == "__main__":
    for figure, value, target, _cmd in rows("--quick" in sys.argv):
        print(f"{figure}: {value}  {target}")
