"""Every calculator against an independent brute-force model written here, on 2 000 seeded random small
cases each (hybrid, monocoloured hybrid {2/W}, colourless hybrid {C/W}, Phyrexian, X, snow, reductions with
choices). The models follow the rules' wording (601.2b, 601.2f, 118.7a–g, 107.4, 702.24a, 502.46) and share
no code with the engines. The cases are on the fuzz setting (tests/conftest.fuzz_count): all 2 000 in CI's
second step, the first 100 of the same seeded sequence in the README's command, 20 000 with ``--slow``."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

import pytest

from bot.rules.mana import (
    ManaCost,
    Symbol,
    SymbolKind,
    UpkeepOption,
    cumulative_upkeep,
    hybrid_payments,
    parse_cost,
    total_cost,
)
from tests.conftest import fuzz_count

CASES = fuzz_count(2000)
pytestmark = pytest.mark.fuzz
COLORS = "WUBRG"
PAIRS = ["WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU"]
KEYS = ("g", "C", *COLORS, "S", "life")
K = SymbolKind


def random_symbol(rng: random.Random, reduction: bool = False) -> Symbol:
    kinds = ["generic", "colored", "colorless", "snow", "hybrid", "mono", "chybrid", "phyrexian", "hphyrexian"]
    if not reduction:
        kinds.append("x")
    kind = rng.choice(kinds)
    c = rng.choice(COLORS)
    if kind == "generic":
        return Symbol(SymbolKind.GENERIC, amount=rng.randint(0 if not reduction else 1, 3))
    if kind == "colored":
        return Symbol(SymbolKind.COLORED, (c,))
    if kind == "colorless":
        return Symbol(SymbolKind.COLORLESS)
    if kind == "snow":
        return Symbol(SymbolKind.SNOW)
    if kind == "hybrid":
        return Symbol(SymbolKind.HYBRID, tuple(rng.choice(PAIRS)))
    if kind == "mono":
        return Symbol(SymbolKind.MONO_HYBRID, (c,), amount=2)
    if kind == "chybrid":
        return Symbol(SymbolKind.COLORLESS_HYBRID, (c,))
    if kind == "phyrexian":
        return Symbol(SymbolKind.PHYREXIAN, (c,))
    if kind == "hphyrexian":
        return Symbol(SymbolKind.PHYREXIAN, tuple(rng.choice(PAIRS)))
    return Symbol(SymbolKind.VARIABLE, var=rng.choice("XXY"))


# --------------------------------------------------------------------------- the model of 601.2b / 601.2f / 118.7


def announcements(s: Symbol, x: int) -> list[dict[str, int]]:
    """601.2b / 107.4: what the player may announce for one symbol."""
    if s.kind == SymbolKind.GENERIC:
        return [{"g": s.amount}]
    if s.kind == SymbolKind.VARIABLE:
        return [{"g": x if s.var == "X" else 0}]
    if s.kind == SymbolKind.COLORED:
        return [{s.colors[0]: 1}]
    if s.kind == SymbolKind.COLORLESS:
        return [{"C": 1}]
    if s.kind == SymbolKind.SNOW:
        return [{"S": 1}]
    if s.kind == SymbolKind.HYBRID:
        return [{c: 1} for c in s.colors]
    if s.kind == SymbolKind.MONO_HYBRID:
        return [{s.colors[0]: 1}, {"g": s.amount}]
    if s.kind == SymbolKind.COLORLESS_HYBRID:
        return [{"C": 1}, {s.colors[0]: 1}]
    assert s.kind == SymbolKind.PHYREXIAN
    return [{c: 1} for c in s.colors] + [{"life": 1}]


def reduction_halves(s: Symbol) -> list[tuple[str, object]]:
    """118.7: what one reduction symbol reduces (a hybrid: the half chosen, 118.7e)."""
    if s.kind == SymbolKind.GENERIC:
        return [("generic", s.amount)]
    if s.kind == SymbolKind.SNOW:
        return [("generic", 1)]  # 118.7g
    if s.kind == SymbolKind.COLORLESS:
        return [("mana", "C")]
    if s.kind in (SymbolKind.COLORED, SymbolKind.HYBRID, SymbolKind.PHYREXIAN):
        return [("mana", c) for c in s.colors]  # 118.7f for Phyrexian
    if s.kind == SymbolKind.MONO_HYBRID:
        return [("mana", s.colors[0]), ("generic", s.amount)]
    assert s.kind == SymbolKind.COLORLESS_HYBRID
    return [("mana", "C"), ("mana", s.colors[0])]


def reduce_once(cost: dict[str, int], half: tuple[str, object]) -> dict[str, int]:
    """118.7a: generic only; 118.7b–d: a type the cost lacks lowers the generic part; never below 0 (601.2f)."""
    cost = dict(cost)
    what, value = half
    if what == "generic":
        cost["g"] = max(0, cost.get("g", 0) - value)
    elif cost.get(value, 0) > 0:
        cost[value] -= 1
    else:
        cost["g"] = max(0, cost.get("g", 0) - 1)
    return cost


def brute_totals(symbols: list[Symbol], reductions: list[Symbol], x: int, life: int | None) -> set[tuple[int, ...]]:
    out = set()
    for picks in itertools.product(*(announcements(s, x) for s in symbols)):
        announced: dict[str, int] = {}
        for p in picks:
            for k, v in p.items():
                announced[k] = announced.get(k, 0) + v
        if life is not None and 2 * announced.get("life", 0) > life:
            continue
        for halves in itertools.product(*(reduction_halves(r) for r in reductions)):
            for order in itertools.permutations(halves):  # 601.2f: in any order
                cost = announced
                for half in order:
                    cost = reduce_once(cost, half)
                out.add(tuple(cost.get(k, 0) for k in KEYS))
    return out


def as_key(cost: ManaCost, life: int) -> tuple[int, ...]:
    counts = Counter()
    for s in cost.symbols:
        if s.kind == SymbolKind.GENERIC:
            counts["g"] += s.amount
        elif s.kind == SymbolKind.COLORLESS:
            counts["C"] += 1
        elif s.kind == SymbolKind.SNOW:
            counts["S"] += 1
        else:
            assert s.kind == SymbolKind.COLORED, s
            counts[s.colors[0]] += 1
    counts["life"] = life // 2
    return tuple(counts[k] for k in KEYS)


def check_reduction_steps(result, reductions: list[Symbol], start: tuple[int, ...]) -> None:
    """The reduction facts of the best result: each reduction symbol in order, the symbol it removes or the
    generic amount it takes, and "not below 0" exactly when the generic part ran out; they replay to the total."""
    prev = start
    assert len(result.reductions) == len(reductions)
    for step, red in zip(result.reductions, reductions, strict=True):
        assert step.symbol == red
        new = as_key(step.after, 2 * prev[-1])
        if step.removed is not None:
            k = KEYS.index("C" if step.removed.kind == K.COLORLESS else step.removed.colors[0])
            assert prev[k] >= 1
            assert new == tuple(v - (i == k) for i, v in enumerate(prev)), step
        else:
            assert new == (prev[0] - step.cut, *prev[1:]), step
            half_two = step.half is not None and step.half.kind == K.GENERIC
            asked = red.amount if red.kind == K.GENERIC else 2 if half_two else 1
            assert step.floored == (step.cut < asked), step
            assert step.floored == (new[0] == 0 and step.cut < asked)
        prev = new
    assert prev == as_key(result.total, result.life)


def test_total_cost_matches_brute_force():
    rng = random.Random(11)
    for _ in range(CASES):
        symbols = [random_symbol(rng) for _ in range(rng.randint(1, 4))]
        reductions = [random_symbol(rng, reduction=True) for _ in range(rng.randint(0, 3))]
        x = rng.randint(0, 3)
        life = rng.choice([None, None, 0, 2, 3, 5])
        cost = ManaCost(tuple(symbols))
        result = total_cost(cost, [], [ManaCost((r,)) for r in reductions], x=x, life=life, limit=10**6)
        got = {as_key(o.cost, o.life) for o in result.options}
        expected = brute_totals(symbols, reductions, x, life)
        assert got == expected, (cost.text, [r.text for r in reductions], x, life)
        assert result.count == len(expected)
        # best first: least mana, then least life
        best = min(expected, key=lambda k: (sum(k[:-1]), k[-1]))
        assert (sum(as_key(result.total, result.life)[:-1]), result.life // 2) == (sum(best[:-1]), best[-1])
        assert result.mana_value == sum(
            s.amount if s.kind in (K.GENERIC, K.MONO_HYBRID) else (x if s.var == "X" else 0) if s.kind == K.VARIABLE
            else 1
            for s in symbols
        )
        # the reductions of the best result replay from its announced cost (one the model allows) to the total
        start = as_key(*result.announced)
        assert start in brute_totals(symbols, [], x, life)
        check_reduction_steps(result, reductions, start)


def test_hybrid_payments_match_brute_force():
    rng = random.Random(12)
    for _ in range(CASES):
        symbols = [random_symbol(rng) for _ in range(rng.randint(1, 6))]
        symbols = [s for s in symbols if s.kind != SymbolKind.VARIABLE] or [Symbol(SymbolKind.COLORED, ("W",))]
        cost = ManaCost(tuple(symbols))
        result = hybrid_payments(cost, limit=10**6)
        expected = brute_totals(symbols, [], 0, None)
        assert {as_key(c, life) for c, life in result.options} == expected, cost.text
        assert result.count == len(expected)


# --------------------------------------------------------------------------- cumulative upkeep (702.24a)


def test_cumulative_upkeep_matches_brute_force():
    rng = random.Random(13)
    for _ in range(CASES):
        k = rng.randint(1, 3)
        options = list(
            dict.fromkeys(
                UpkeepOption(ManaCost(tuple(random_symbol(rng) for _ in range(rng.randint(1, 2))))).mana.canonical()
                for _ in range(k)
            )
        )
        options = [o for o in options if not any(s.kind == K.VARIABLE for s in o.symbols)] or [parse_cost("{1}")]
        counters = rng.randint(0, 5)
        result = cumulative_upkeep(options, counters, limit=10**6)
        n = counters + 1  # the trigger adds one age counter first (702.24a)
        assert result.payments == n
        # brute force: every sequence of choices, one per age counter, order ignored
        totals = set()
        for seq in itertools.product(range(len(options)), repeat=n):
            symbols = [s for i in seq for s in options[i].symbols]
            generic = sum(s.amount for s in symbols if s.kind == SymbolKind.GENERIC)
            rest = tuple(sorted(s.text for s in symbols if s.kind != SymbolKind.GENERIC))
            totals.add((generic, rest))
        assert result.combinations == comb(n + len(options) - 1, len(options) - 1)
        assert result.count == len(totals), ([o.text for o in options], counters)
        assert len(result.totals) == result.count
        for total in result.totals:
            assert (total.generic, tuple(sorted(s.text for s, n in total.symbols for _ in range(n)))) in totals


# --------------------------------------------------------------------------- clash (701.30d today, article 2007)


def model_winners(tops: list[tuple[int, ...]], rules: str) -> list[int]:
    """Today: one value per card (a split card: the sum), the strictly highest wins (701.30d). 2007: each half
    counts; a player wins when one of their values beats one value of every other card (article's example)."""
    if rules == "heute":
        values = [sum(t) for t in tops]
        return [i for i, v in enumerate(values) if all(v > w for j, w in enumerate(values) if j != i)]
    return [i for i, t in enumerate(tops) if all(max(t) > min(u) for j, u in enumerate(tops) if j != i)]


def test_clash_odds_match_enumeration_model():
    from fractions import Fraction

    from bot.rules.clash import RevealedCard, clash, clash_odds

    rng = random.Random(14)
    for _ in range(CASES):
        players = rng.randint(2, 3)
        libs = []
        for _ in range(players):
            lib = {}
            for _ in range(rng.randint(1, 3)):
                kind = tuple(rng.randint(0, 5) for _ in range(rng.choice((1, 1, 2))))
                lib[kind] = lib.get(kind, 0) + rng.randint(1, 2)
            libs.append(lib)
        rules = rng.choice(["heute", "2007"])
        decks = [[k for k, n in lib.items() for _ in range(n)] for lib in libs]
        total = 1
        for d in decks:
            total *= len(d)
        wins = [0] * players
        nobody = several = 0
        for tops in itertools.product(*decks):
            winners = model_winners(list(tops), rules)
            assert clash([RevealedCard(str(t), t) for t in tops], rules).winners == winners
            for w in winners:
                wins[w] += 1
            nobody += not winners
            several += len(winners) > 1
        result = clash_odds(libs, rules)
        assert result.win == [Fraction(w, total) for w in wins]
        assert result.nobody == Fraction(nobody, total)
        assert result.several == Fraction(several, total)
