"""Benchmarks of the rules engines; prints figures (not a test).

Run: ``python bench/bench_rules.py``. Targets: odds for two 60-card libraries and
payment search for a 10-symbol hybrid cost, both well under 50 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.rules.clash import clash_odds, parse_library
from bot.rules.mana import (
    convoke,
    cumulative_upkeep,
    hybrid_payments,
    parse_cost,
    parse_creatures,
    parse_pool,
    parse_upkeep,
    total_cost,
)
from bot.rules.payment import pay

#: Collected (label, median ms, max ms) of the last run, for ``rows()``; QUIET[0] silences the printing.
RESULTS: list[tuple[str, float, float]] = []
QUIET = [False]


def timed(label: str, fn: Callable[[], object], repeat: int = 50) -> float:
    """Run ``fn`` ``repeat`` times; print median and max in milliseconds; return the median."""
    fn()  # warm up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    RESULTS.append((label, median, max(times)))
    if not QUIET[0]:
        print(f"{label:<62} median {median:8.3f} ms   max {max(times):8.3f} ms   (n={repeat})")
    return median


def rows(quick: bool) -> list[tuple[str, str, str, str]]:
    """The two figures of the clash and mana engines, for ``bench/run.py`` (target: well under 50 ms)."""
    RESULTS.clear()
    QUIET[0] = True
    try:
        main()
    finally:
        QUIET[0] = False
    wanted = ("Fehde-Chancen, 2 × 60 Karten, heute", "Bezahlen: 10 Hybrid-Symbole aus 10 Mana (nicht bezahlbar)")
    return [
        (f"rules: {label} (median / max)", f"{med:.2f} / {mx:.2f} ms", "≪ 50 ms", "python bench/bench_rules.py")
        for label, med, mx in RESULTS
        if label in wanted
    ]


def main() -> None:
    """Print the timings."""
    a = parse_library("0:24 1:4 2:8 3:10 4:8 5:4 6:2")  # 60 cards
    b = parse_library("0:20 1:6 2:10 3:12 4:6 5:4 7:2")  # 60 cards
    timed("Fehde-Chancen, 2 × 60 Karten, heute", lambda: clash_odds([a, b]))
    split_a = parse_library("0:24 1:4 2:8 3:10 4:8 1/3:2 2/5:2 5/1:2")
    timed("Fehde-Chancen, 2 × 60 Karten mit geteilten Karten, 2007", lambda: clash_odds([split_a, b], "2007"))
    four = [a, b, a, b]
    timed("Fehde-Chancen, 4 × 60 Karten, heute", lambda: clash_odds(four))

    ten = parse_cost("{W/U}{U/B}{B/R}{R/G}{G/W}{W/B}{U/R}{B/G}{R/W}{G/U}")
    pool_ok = parse_pool("WWUUBBRRGG")
    pool_bad = parse_pool("WWWWUUUUBG")
    timed("Bezahlen: 10 Hybrid-Symbole aus 10 Mana (bezahlbar)", lambda: pay(ten, pool_ok))
    timed("Bezahlen: 10 Hybrid-Symbole aus 10 Mana (nicht bezahlbar)", lambda: pay(ten, pool_bad))
    mixed = parse_cost("{2/W}{2/U}{W/P}{U/P}{W/U/P}{W/U}{W/U}{U/B}{S}{X}")
    pool_mixed = parse_pool("WWUUB*BRRGG")
    timed("Bezahlen: 10 Wahl-Symbole ({2/W}, phyrexianisch, X=2)", lambda: pay(mixed, pool_mixed, x=2))
    timed("Hybrid-Möglichkeiten zählen: 10 verschiedene Hybrid-Symbole", lambda: hybrid_payments(ten))
    creatures = parse_creatures("grün-weiß, grün-weiß, weiß-blau, rot, Artefakt, schwarz-grün, blau")
    convoke_cost = parse_cost("{5}{G}{W}{G/W}{W/U}")
    timed("Einberufen: {5}{G}{W}{G/W}{W/U}, 7 Kreaturen", lambda: convoke(convoke_cost, creatures))
    hybrids = parse_cost("{W/U}{U/B}{B/R}{R/G}{G/W}{W/U}{U/B}{B/R}{R/G}{G/W}{3}")
    few = parse_creatures("weiß-blau, schwarz, rot, grün, 2 Artefakt")
    timed("Einberufen: 10 Hybrid-Symbole, 6 Kreaturen (66 Restkosten)", lambda: convoke(hybrids, few))
    choices = parse_cost("{W/U/P}{2/B}{C/R}{G/W}" * 2)
    reductions = [parse_cost(c) for c in ("{2/W}", "{U/B}", "{C/G}")]
    timed("Gesamtkosten: 8 Wahl-Symbole, 3 Hybrid-Reduzierungen", lambda: total_cost(choices, [], reductions))
    upkeep = parse_upkeep("{W} oder {U} oder {B} oder {R}")
    timed("Kumulative Versorgung: 4 Möglichkeiten, 10 Altersmarken", lambda: cumulative_upkeep(upkeep, 10))


if __name__ == "__main__":
    main()
