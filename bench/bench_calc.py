"""Worst-case search for the calculators (every answer within 1 s for any input Discord accepts).

Run: ``python bench/bench_calc.py [--quick]``. For each calculator (``/mana info``, ``bezahlen``, ``einberufen``,
``gesamtkosten``, ``versorgung``, ``/fehde chancen``) it samples input *shapes* — how many symbols, which kinds
(hybrid, {2/W}, {C/W}, Phyrexian, X, snow), how many reductions / creatures / counters / library kinds, string
lengths up to Discord's 6 000 characters — plus hand-made extremes, runs the real answer on the real store and
prints the slowest input found and its time. A refusal ("zu viele Möglichkeiten") counts as an answer: it is
what the user gets within the bound.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.answers import run_answer
from bot.answers.registry import AnswerContext
from bot.importer import DEFAULT_SOURCES, build
from bot.search import NameIndex
from bot.store import Store

PAIRS = ["W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U"]
COLORS = "WUBRG"
LIMIT_MS = 1000.0
Shape = Callable[[random.Random], dict]


def symbol(rng: random.Random, kinds: str) -> str:
    """One random symbol of the kinds named by letters: h hybrid, m {2/W}, c {C/W}, p Phyrexian, x X, s snow,
    g generic, o coloured."""
    kind = rng.choice(kinds)
    c = rng.choice(COLORS)
    return {
        "h": "{" + rng.choice(PAIRS) + "}",
        "m": "{2/" + c + "}",
        "c": "{C/" + c + "}",
        "p": "{" + rng.choice([c, rng.choice(PAIRS)]) + "/P}",
        "x": "{X}",
        "s": "{S}",
        "g": "{" + str(rng.randint(0, 1000)) + "}",
        "o": "{" + c + "}",
    }[kind]


def cost(rng: random.Random, n: int | None = None) -> str:
    kinds = rng.choice(["h", "hm", "hmcp", "hmcpxsgo", "p", "c", "m", "hp"])
    return "".join(symbol(rng, kinds) for _ in range(n or rng.randint(1, 60)))[:300]


SHAPES: dict[str, tuple[str, list[Shape]]] = {
    "/mana info": (
        "mana_info",
        [lambda r: {"cost": cost(r)}, lambda r: {"cost": cost(r, 60), "x": r.randint(0, 1000)}],
    ),
    "/mana bezahlen": (
        "mana_pay",
        [
            lambda r: {"cost": cost(r), "pool": "".join(r.choice("WUBRGC") for _ in range(r.randint(1, 300)))},
            lambda r: {"cost": cost(r, 60), "pool": " ".join(str(r.randint(0, 1000)) for _ in range(60)), "x": 1000},
            lambda r: {"cost": "{2/W}{W/P}{W/U/P}" * 20, "pool": "WUBRG" * 60, "life": r.randint(0, 10**6)},
            # unpayable with {2/W} choices and a small pool: every minimal way to complete is searched
            lambda r: {
                "cost": "".join(symbol(r, "mmho") for _ in range(r.randint(1, 60))),
                "pool": "".join(r.choice("WUBRGC") for _ in range(r.randint(0, 12))),
            },
        ],
    ),
    "/mana einberufen": (
        "mana_convoke",
        [
            lambda r: {
                "cost": cost(r),
                "creatures": ", ".join(
                    "-".join(r.sample(["weiß", "blau", "schwarz", "rot", "grün"], r.randint(0, 5))) or "Artefakt"
                    for _ in range(r.randint(1, 100))
                ),
                "x": r.randint(0, 1000),
            },
        ],
    ),
    "/mana gesamtkosten": (
        "mana_total",
        [
            lambda r: {
                "cost": cost(r),
                "reduction": ", ".join(symbol(r, "hmcpsgo") for _ in range(r.randint(0, 60))) or None,
                "increase": ", ".join(symbol(r, "hmcgo") for _ in range(r.randint(0, 10))) or None,
                "x": r.randint(0, 1000),
                "life": r.choice([None, r.randint(0, 100)]),
            },
        ],
    ),
    "/mana versorgung": (
        "mana_upkeep",
        [
            lambda r: {
                "cost": " oder ".join(cost(r, r.randint(1, 5)) for _ in range(r.randint(1, 20))),
                "counters": r.randint(0, 10**6),
            },
            lambda r: {"cost": "{W} oder {U} oder {B} oder {R} oder {G}", "counters": r.randint(0, 200)},
            # a card name (its Kumulative Versorgung from the store) or a countable cost of the Kälteeinbruch cards
            lambda r: {
                "cost": r.choice(["Tressen aus Feuer", "Scherbenmauer", "Jötun-Geiferer", "2 Lebenspunkte zahlen",
                                  "Opfere eine Kreatur + {1}", "Boros-Rekrut"]),
                "counters": r.randint(0, 10**6),
            },
        ],
    ),
    "/fehde chancen": (
        "clash_odds",
        [
            lambda r: {
                "library1": " ".join(f"{r.randint(0, 16)}/{r.randint(0, 16)}:{r.randint(1, 9)}" for _ in range(300))[
                    :2000
                ],
                "library2": " ".join(f"{r.randint(0, 16)}:{r.randint(1, 40)}" for _ in range(r.randint(1, 300)))[:2000],
                "rules": r.choice(["heute", "2007"]),
                "seed": 1,
            },
        ],
    ),
}  # fmt: skip


async def search(ctx: AnswerContext, samples: int, seed: int = 5) -> list[tuple[str, float, str, bool]]:
    """Per calculator: (name, worst ms, the input that took longest, whether it was a refusal)."""
    rng = random.Random(seed)
    out = []
    for name, (key, shapes) in SHAPES.items():
        worst = (0.0, "", False)
        for i in range(samples):
            options = shapes[i % len(shapes)](rng)
            options = {k: v for k, v in options.items() if v is not None}
            start = time.perf_counter()
            reply = await run_answer(ctx, key, **options)
            ms = (time.perf_counter() - start) * 1000
            if ms > worst[0]:
                shown = ", ".join(f"{k}={str(v)[:40]}{'…' if len(str(v)) > 40 else ''}" for k, v in options.items())
                worst = (ms, shown, reply.error)
        out.append((name, *worst))
    return out


async def _context() -> tuple[AnswerContext, Store]:
    db = os.environ.get("REGELBOT_BENCH_DB")
    if not db:
        db = str(Path(tempfile.mkdtemp(prefix="regelbot-calc-")) / "bench.sqlite3")
        build(Path(db), DEFAULT_SOURCES)
    store = await Store.open(Path(db))
    return AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries())), store


async def _run(samples: int) -> list[tuple[str, float, str, bool]]:
    ctx, store = await _context()
    try:
        return await search(ctx, samples)
    finally:
        await store.close()


def rows(quick: bool) -> list[tuple[str, str, str, str]]:
    """The worst case per calculator, for ``bench/run.py``."""
    samples = 40 if quick else 200
    return [
        (
            f"calc worst case {name} ({'Ablehnung' if refused else 'Antwort'})",
            f"{ms:.1f} ms",
            "≤ 1000 ms",
            "python bench/bench_calc.py" + (" --quick" if quick else ""),
        )
        for name, ms, _shown, refused in asyncio.run(_run(samples))
    ]


def main() -> None:
    """Print the worst case found per calculator with its input."""
    quick = "--quick" in sys.argv
    samples = 40 if quick else 200
    print(f"worst case of {samples} sampled input shapes per calculator (target ≤ {LIMIT_MS:.0f} ms)")
    for name, ms, shown, refused in asyncio.run(_run(samples)):
        verdict = "ok" if ms <= LIMIT_MS else "OVER"
        print(f"{name:<20} {ms:9.1f} ms  {verdict:<4} {'refusal' if refused else 'answer ':<7}  {shown}")


if __name__ == "__main__":
    main()
