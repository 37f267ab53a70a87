"""Property tests: the engines against independent brute force on small inputs."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from hypothesis import example, given
from hypothesis import strategies as st

from bot.rules.clash import RevealedCard, clash, clash_odds
from bot.rules.mana import (
    ManaCost,
    ManaError,
    Symbol,
    SymbolKind,
    convoke,
    format_pool,
    hybrid_payments,
    parse_cost,
    parse_pool,
)
from bot.rules.payment import LIFE, pay
from tests.conftest import on_fuzz_setting

COLORS = "WUBRG"
PAIRS = ["WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU"]  # rule 104.3, printed order

# --------------------------------------------------------------------------- strategies

color = st.sampled_from(COLORS)
symbol = st.one_of(
    st.integers(0, 20).map(lambda n: Symbol(SymbolKind.GENERIC, amount=n)),
    color.map(lambda c: Symbol(SymbolKind.COLORED, (c,))),
    st.just(Symbol(SymbolKind.COLORLESS)),
    st.just(Symbol(SymbolKind.SNOW)),
    st.sampled_from("XYZ").map(lambda v: Symbol(SymbolKind.VARIABLE, var=v)),
    st.sampled_from(PAIRS).map(lambda p: Symbol(SymbolKind.HYBRID, tuple(p))),
    color.map(lambda c: Symbol(SymbolKind.MONO_HYBRID, (c,), amount=2)),
    color.map(lambda c: Symbol(SymbolKind.COLORLESS_HYBRID, (c,))),
    color.map(lambda c: Symbol(SymbolKind.PHYREXIAN, (c,))),
    st.sampled_from(PAIRS).map(lambda p: Symbol(SymbolKind.PHYREXIAN, tuple(p))),
)
costs = st.lists(symbol, min_size=1, max_size=12).map(lambda s: ManaCost(tuple(s)))


@given(costs)
def test_parse_format_round_trip(cost):
    assert parse_cost(cost.text) == cost


@given(costs)
def test_shorthand_round_trip(cost):
    # the same symbols without braces, separated by spaces, parse to the same cost
    shorthand = " ".join(s.text[1:-1].lower() for s in cost.symbols)
    assert parse_cost(shorthand) == cost


_INSIDE = ["+", "-", "−", "/", "⁄", ",", "½", "∞", " ", "LEVEL", "TK", "I", "V", "X", "A", "H", "W", "G", "P", "E", "0",
           "1", "3", "999999"]
_RULE_SYMBOL = st.tuples(st.sampled_from(["{", "[", "(", ""]), st.lists(st.sampled_from(_INSIDE), min_size=1,
                         max_size=3), st.sampled_from(["}", "]", ")", ""])).map(lambda t: t[0] + "".join(t[1]) + t[2])


@given(st.lists(_RULE_SYMBOL, min_size=1, max_size=4).map("".join))
@example("{∞}")
@example("{1⁄2}{½}")
@example("[-X]{LEVEL 3+}")
@example("{TK999999}{II}[+999999]")
def test_symbols_of_the_rules_and_their_neighbours_raise_only_mana_errors(typed):
    # loyalty, level, chapter and ticket symbols, halves, ∞ and the acorn (bot/rules/mana/rule_symbols.py) among
    # broken braces and brackets: a cost or the German ManaError, never another exception
    try:
        parse_cost(typed)
    except ManaError as exc:
        assert str(exc)


# --------------------------------------------------------------------------- payment vs brute force

KINDS = [(t, snow) for snow in (False, True) for t in "WUBRGC"]
ANY = set(KINDS)


def alternatives(s: Symbol, x: int) -> list[tuple[list[set], int]]:
    """Ways to pay one symbol, written out independently of the engine: (units, life)."""

    def col(c):
        return {(c, False), (c, True)}

    if s.kind == SymbolKind.GENERIC:
        return [([ANY] * s.amount, 0)]
    if s.kind == SymbolKind.VARIABLE:
        return [([ANY] * (x if s.var == "X" else 0), 0)]
    if s.kind == SymbolKind.COLORED:
        return [([col(s.colors[0])], 0)]
    if s.kind == SymbolKind.COLORLESS:
        return [([col("C")], 0)]
    if s.kind == SymbolKind.SNOW:
        return [([{k for k in KINDS if k[1]}], 0)]
    if s.kind == SymbolKind.HYBRID:
        return [([col(c)], 0) for c in s.colors]
    if s.kind == SymbolKind.MONO_HYBRID:
        return [([col(s.colors[0])], 0), ([ANY] * s.amount, 0)]
    if s.kind == SymbolKind.COLORLESS_HYBRID:
        return [([col("C")], 0), ([col(s.colors[0])], 0)]
    return [([col(c)], 0) for c in s.colors] + [([], 2)]  # Phyrexian


def brute_min_life(cost: ManaCost, pool: Counter, x: int, life: int | None) -> int | None:
    """Least life over all payments by exhaustive search; None if none exists."""
    best: list[int | None] = [None]

    def units(rest_units, left, spent, rest_symbols):
        if rest_units:
            allowed, more = rest_units[0], rest_units[1:]
            for kind in KINDS:
                if kind in allowed and left[kind] > 0:
                    left[kind] -= 1
                    units(more, left, spent, rest_symbols)
                    left[kind] += 1
            return
        symbols_(rest_symbols, left, spent)

    def symbols_(rest, left, spent):
        if life is not None and spent > life:
            return
        if not rest:
            if best[0] is None or spent < best[0]:
                best[0] = spent
            return
        for us, lf in alternatives(rest[0], x):
            units(us, left, spent + lf, rest[1:])

    symbols_(list(cost.symbols), Counter(pool), 0)
    return best[0]


small_symbol = st.one_of(
    st.integers(0, 2).map(lambda n: Symbol(SymbolKind.GENERIC, amount=n)),
    st.sampled_from("WUBRG").map(lambda c: Symbol(SymbolKind.COLORED, (c,))),
    st.just(Symbol(SymbolKind.COLORLESS)),
    st.just(Symbol(SymbolKind.SNOW)),
    st.just(Symbol(SymbolKind.VARIABLE, var="X")),
    st.sampled_from(PAIRS).map(lambda p: Symbol(SymbolKind.HYBRID, tuple(p))),
    st.sampled_from("WUBRG").map(lambda c: Symbol(SymbolKind.MONO_HYBRID, (c,), amount=2)),
    st.sampled_from("WUBRG").map(lambda c: Symbol(SymbolKind.COLORLESS_HYBRID, (c,))),
    st.sampled_from("WUBRG").map(lambda c: Symbol(SymbolKind.PHYREXIAN, (c,))),
    st.sampled_from(PAIRS).map(lambda p: Symbol(SymbolKind.PHYREXIAN, tuple(p))),
)
small_costs = st.lists(small_symbol, min_size=1, max_size=4).map(lambda s: ManaCost(tuple(s)))
pools = st.lists(st.sampled_from(KINDS), max_size=6).map(Counter)


@on_fuzz_setting(2000)
@given(small_costs, pools, st.integers(0, 2), st.one_of(st.none(), st.integers(0, 5)))
def test_payment_found_iff_brute_force_finds_one(cost, pool, x, life):
    result = pay(cost, pool, x=x, life=life)
    expected = brute_min_life(cost, pool, x, life)
    assert result.payable == (expected is not None)
    if not result.payable:
        return
    assert result.life_paid == expected  # as little life as possible
    # the payment shown is valid: every symbol paid by one of its own alternatives, pool respected
    used = Counter()
    for s, kinds, lf in result.payment:
        ok = False
        for us, alt_life in alternatives(s, x):
            # same life and some matching of the paid kinds to the alternative's units
            fits = any(all(map(set.__contains__, us, p)) for p in itertools.permutations(kinds))
            if alt_life == lf and len(us) == len(kinds) and fits:
                ok = True
        assert ok, (s, kinds, lf)
        used.update(kinds)
    assert all(used[k] <= pool[k] for k in used)
    assert used + result.remaining == pool


@on_fuzz_setting(1500)
@given(small_costs, pools, st.integers(0, 2), st.one_of(st.none(), st.integers(0, 5)))
def test_shortfall_names_every_single_mana_that_completes(cost, pool, x, life):
    # when one more mana would do, the ways name exactly the kinds that complete the payment
    # (checked by brute force, one added mana at a time); when none does, every way needs more than one
    result = pay(cost, pool, x=x, life=life)
    if result.payable:
        return
    assert result.missing_ways and result.missing == result.missing_ways[0]
    completes = {k for k in KINDS if brute_min_life(cost, pool + Counter([k]), x, life) is not None}
    sizes = {sum(n for _, n in way) for way in result.missing_ways}
    assert sizes == ({1} if completes else sizes - {1}) and sizes
    if not completes or any(s.kind == SymbolKind.SNOW for s in cost.symbols):
        return
    named = set().union(*(kinds for way in result.missing_ways for kinds, _ in way)) - {LIFE}
    assert named == completes, result.missing_ways


@given(pools)
def test_pool_format_round_trip(pool):
    if sum(pool.values()):
        assert parse_pool(format_pool(pool)) == pool


# --------------------------------------------------------------------------- hybrid count vs brute force


def options_plain(s: Symbol) -> list[tuple]:
    if s.kind == SymbolKind.HYBRID:
        return [(c,) for c in s.colors]
    if s.kind == SymbolKind.MONO_HYBRID:
        return [(s.colors[0],), ("2",)]
    if s.kind == SymbolKind.COLORLESS_HYBRID:
        return [(s.colors[0],), ("C",)]
    if s.kind == SymbolKind.PHYREXIAN:
        return [(c,) for c in s.colors] + [("life",)]
    return [()]


@on_fuzz_setting(200)
@given(st.lists(small_symbol, min_size=1, max_size=7).map(lambda s: ManaCost(tuple(s))))
def test_hybrid_count_matches_brute_force(cost):
    seqs = itertools.product(*(options_plain(s) for s in cost.symbols))
    distinct = {tuple(sorted(Counter(x for part in seq for x in part).items())) for seq in seqs}
    assert hybrid_payments(cost).count == len(distinct)


# --------------------------------------------------------------------------- convoke vs brute force

creature = st.lists(st.sampled_from(COLORS), max_size=2, unique=True).map(tuple)


@on_fuzz_setting(2000)
@given(
    st.lists(
        st.one_of(
            st.integers(0, 3).map(lambda n: Symbol(SymbolKind.GENERIC, amount=n)),
            st.just(Symbol(SymbolKind.VARIABLE, var="X")),
            st.sampled_from(COLORS).map(lambda c: Symbol(SymbolKind.COLORLESS_HYBRID, (c,))),
            st.sampled_from(COLORS).map(lambda c: Symbol(SymbolKind.COLORED, (c,))),
            st.sampled_from(PAIRS).map(lambda p: Symbol(SymbolKind.HYBRID, tuple(p))),
            st.sampled_from(COLORS).map(lambda c: Symbol(SymbolKind.MONO_HYBRID, (c,), amount=2)),
            st.sampled_from(COLORS).map(lambda c: Symbol(SymbolKind.PHYREXIAN, (c,))),
            st.just(Symbol(SymbolKind.SNOW)),
        ),
        min_size=1,
        max_size=4,
    ).map(lambda s: ManaCost(tuple(s))),
    st.lists(creature, max_size=4),
    st.integers(0, 2),
)
def test_convoke_matches_brute_force(cost, creatures, x):
    # brute force (702.51a): X is announced first (601.2b; Akkord des Rufes ruling) and adds x generic; then
    # every creature pays {1} (if generic left), one still-present symbol of its colour, or one generic mana
    # of a {2/W} announced as {2} ({S} cannot be paid, {C} of a {C/W} neither); one that can pay nothing
    # stays untapped
    generic = sum(s.amount for s in cost.symbols if s.kind == SymbolKind.GENERIC) + x * sum(
        1 for s in cost.symbols if s.kind == SymbolKind.VARIABLE
    )
    rest = [s for s in cost.symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)]
    results = set()
    most_idle = [0]

    def go(i, gen, left, idle):
        if i == len(creatures):
            results.add((gen, tuple(sorted(s.text for s in left))))
            most_idle[0] = max(most_idle[0], idle)
            return
        moved = False
        if gen:
            go(i + 1, gen - 1, left, idle)
            moved = True
        for j, s in enumerate(left):
            if s.kind != SymbolKind.SNOW and set(s.colors) & set(creatures[i]):
                go(i + 1, gen, left[:j] + left[j + 1 :], idle)
                moved = True
            if s.kind == SymbolKind.MONO_HYBRID:  # announced as {2}, the creature pays one of the two
                go(i + 1, gen + s.amount - 1, left[:j] + left[j + 1 :], idle)
                moved = True
        if not moved:
            go(i + 1, gen, left, idle + 1)

    go(0, generic, rest, 0)
    got = set()
    result = convoke(cost, creatures, x=x)
    for c in result.remaining:
        g = sum(s.amount for s in c.symbols if s.kind == SymbolKind.GENERIC)
        got.add((g, tuple(sorted(s.text for s in c.symbols if s.kind != SymbolKind.GENERIC))))
    assert got == results
    assert result.untapped == most_idle[0]


# --------------------------------------------------------------------------- odds vs enumeration

library = st.dictionaries(
    st.one_of(st.tuples(st.integers(0, 5)), st.tuples(st.integers(0, 5), st.integers(0, 5))),
    st.integers(1, 3),
    min_size=1,
    max_size=4,
)


@on_fuzz_setting(150)
@given(st.lists(library, min_size=2, max_size=3), st.sampled_from(["heute", "2007"]))
def test_odds_match_exhaustive_enumeration(libs, rules):
    result = clash_odds(libs, rules=rules)
    # every physical card of every library, every combination of top cards, decided by clash()
    decks = [[RevealedCard(str(k), k) for k, n in lib.items() for _ in range(n)] for lib in libs]
    total = 1
    for d in decks:
        total *= len(d)
    wins = [0] * len(libs)
    nobody = several = 0
    for combo in itertools.product(*decks):
        winners = clash(list(combo), rules=rules).winners
        for w in winners:
            wins[w] += 1
        nobody += not winners
        several += len(winners) > 1
    assert result.win == [Fraction(w, total) for w in wins]
    assert result.nobody == Fraction(nobody, total)
    assert result.several == Fraction(several, total)
    if rules == "heute":
        assert sum(result.win) + result.nobody == 1
    # exactly-k-winner outcomes always sum to 1
    exactly_one = 1 - result.nobody - result.several
    assert 0 <= exactly_one <= 1
