"""Paying a mana cost from a mana pool: exact, never greedy. Pure Python, no I/O.

The question "can this cost be paid from this pool?" is a transportation problem: every symbol
needs one or more mana of certain kinds (rule 104.3f, Ravnica FAQ: a hybrid symbol either of
its two colours; Kälteeinbruch FAQ: ``{S}`` one mana from a snow source; generic any mana), and
each mana of the pool pays one symbol. It is solved by maximum flow with augmenting paths
(:func:`max_flow`), which re-routes mana already placed when that frees what another symbol
needs — so a hybrid choice that a greedy engine would get wrong is found.

Choices that are not unit-for-unit are handled around the flow: Phyrexian symbols may take
"2 life" as an extra source of limited capacity (the least life is found by binary search),
and each monocoloured hybrid ``{2/W}`` is paid either by ``{W}`` or by two generic mana (the
number of each kind paid generically is enumerated).
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules.mana.hybrid import MONO_HYBRID_STEP, PHYREXIAN_STEP
from bot.rules.mana.pool import ALL_KINDS, POOL_TYPES, PoolKind, format_pool, pool_kind_text
from bot.rules.mana.symbols import (
    COLORED,
    COLORLESS,
    COLORLESS_HYBRID,
    GENERIC,
    HYBRID,
    MONO_HYBRID,
    PHYREXIAN,
    SNOW,
    VARIABLE,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
)
from bot.rules.steps import COLDSNAP_FAQ, RAVNICA_FAQ, Step
from bot.rules.steps import COMPREHENSIVE_RULES as CR

#: pseudo kind of the flow: one unit = 2 life paid for a Phyrexian symbol
LIFE: PoolKind = ("Leben", False)
_FLOW_KINDS: tuple[PoolKind, ...] = (*ALL_KINDS, LIFE)
_ANY = frozenset(ALL_KINDS)
#: most combinations of {2/W}-choices tried (protects the bot's 3-second answer limit)
MAX_CHOICE_COMBINATIONS = 4096
#: most maximum-flow runs of one payment question (each a few hundred microseconds at 60 symbols)
MAX_FLOWS = 60
#: most ways to complete an unpayable cost that are listed (one per choice of the {2/W} symbols)
MAX_WAYS = 8

_MANA_ADJ = {"W": "weißes", "U": "blaues", "B": "schwarzes", "R": "rotes", "G": "grünes", "C": "farbloses"}


def _colors(*colors: str) -> frozenset[PoolKind]:
    return frozenset((c, snow) for c in colors for snow in (False, True))


def allowed_kinds(s: Symbol, paid_by_color: bool = True) -> frozenset[PoolKind]:
    """The pool kinds (and :data:`LIFE`) that can pay one unit of ``s``.

    ``paid_by_color=False`` for a monocoloured hybrid means its generic half.
    """
    if s.kind == COLORED:
        return _colors(s.colors[0])
    if s.kind == HYBRID:
        return _colors(*s.colors)
    if s.kind == COLORLESS_HYBRID:
        return _colors("C", s.colors[0])
    if s.kind == PHYREXIAN:
        return _colors(*s.colors) | {LIFE}
    if s.kind == MONO_HYBRID and paid_by_color:
        return _colors(s.colors[0])
    if s.kind == COLORLESS:
        return _colors("C")
    if s.kind == SNOW:
        return frozenset(k for k in ALL_KINDS if k[1])
    return _ANY  # generic, X, generic half of {2/W}


def _label(allowed: frozenset[PoolKind]) -> str:
    """German name of what a group of units needs (``"grünes Mana"``)."""
    mana = allowed - {LIFE}
    if mana == _ANY:
        text = "beliebiges Mana"
    elif all(k[1] for k in mana) and len(mana) == len(POOL_TYPES):
        text = "Mana aus einer verschneiten Quelle"
    else:
        types = sorted({k[0] for k in mana}, key=POOL_TYPES.index)
        text = " oder ".join(f"{_MANA_ADJ[t]} Mana" for t in types)
    return text + (" (oder 2 Lebenspunkte)" if LIFE in allowed else "")


def max_flow(
    demands: Sequence[int], allowed: Sequence[frozenset[PoolKind]], supply: Counter[PoolKind]
) -> tuple[int, list[Counter[PoolKind]]]:
    """Maximum flow from demand groups to supplied kinds.

    Args:
        demands: units needed per group.
        allowed: kinds each group may take.
        supply: units available per kind.

    Returns:
        (total units placed, per group the kinds it took). The total equals ``sum(demands)``
        exactly when everything can be paid.

    Augmenting paths group → kind → group holding that kind → …, found breadth first and
    pushed by their bottleneck, per source group until none is left (as Kuhn's algorithm for
    matchings, so a group that finds no path never finds one later). Kinds are tried in the
    fixed order of :data:`ALL_KINDS`, so the same input gives the same payment every run.
    """
    n = len(demands)
    assign: list[Counter[PoolKind]] = [Counter() for _ in range(n)]
    left = Counter(supply)
    flow = 0
    for source in range(n):
        need = demands[source]
        while need > 0:
            path = _augmenting_path(source, allowed, assign, left)
            if path is None:
                break
            # path: (group, kind it takes, kind it gives up or None), from the free kind back to source
            amount = min(need, left[path[0][1]])
            for group, _take, give in path:
                if give is not None:
                    amount = min(amount, assign[group][give])
            left[path[0][1]] -= amount
            for group, take, give in path:
                assign[group][take] += amount
                if give is not None:
                    assign[group][give] -= amount
            need -= amount
            flow += amount
    return flow, [+a for a in assign]


def _augmenting_path(
    source: int,
    allowed: Sequence[frozenset[PoolKind]],
    assign: list[Counter[PoolKind]],
    left: Counter[PoolKind],
) -> list[tuple[int, PoolKind, PoolKind | None]] | None:
    reached_by: dict[int, PoolKind | None] = {source: None}  # group → kind it would give up
    kind_from: dict[PoolKind, int] = {}  # kind → group that would take it
    queue = deque([source])
    while queue:
        group = queue.popleft()
        for kind in _FLOW_KINDS:
            if kind not in allowed[group] or kind in kind_from:
                continue
            kind_from[kind] = group
            if left[kind] > 0:
                path = []
                take: PoolKind | None = kind
                while take is not None:
                    g = kind_from[take]
                    give = reached_by[g]
                    path.append((g, take, give))
                    take = give
                return path
            for other, used in enumerate(assign):
                if other not in reached_by and used[kind] > 0:
                    reached_by[other] = kind
                    queue.append(other)
    return None


@dataclass
class PaymentResult:
    """Whether a cost can be paid from a pool.

    Attributes:
        payable: True when an exact payment exists.
        payment: for each symbol of the cost (in the order written) ``(symbol, kinds, life)``:
            the pool kinds that pay it and the life paid for it (2 for a Phyrexian symbol
            paid with life, else 0). Empty when not payable.
        life_paid: life paid in total — the least possible.
        remaining: the pool left after the payment shown (the whole pool when not payable).
        missing: when not payable, ``(what, count)`` still missing in the first of ``missing_ways``.
        steps: explanation.
        missing_ways: when not payable, every minimal way to complete the payment (at most
            :data:`MAX_WAYS`): each a list of ``(what, count)`` — German, e.g. for ``{2/B}`` from ``{W}``
            ``[[("schwarzes Mana", 1)], [("beliebiges Mana", 1)]]`` (107.4e: ``{B}`` or two generic mana).
    """

    payable: bool
    payment: list[tuple[Symbol, list[PoolKind], int]]
    life_paid: int
    remaining: Counter[PoolKind]
    missing: list[tuple[str, int]]
    steps: list[Step]
    missing_ways: list[list[tuple[str, int]]] = field(default_factory=list)


@dataclass
class _Plan:
    """Units of one choice of the {2/W} symbols: per group its kinds and (symbol, units) list."""

    keys: list[frozenset[PoolKind]]
    demands: list[int]
    owners: list[list[tuple[int, int]]]


def _plan(symbols: list[Symbol], generic_halves: set[int], x: int) -> _Plan:
    groups: dict[frozenset[PoolKind], list[tuple[int, int]]] = {}
    for i, s in enumerate(symbols):
        if s.kind == GENERIC:
            units = s.amount
        elif s.kind == VARIABLE:
            units = x if s.var == "X" else 0
        elif s.kind == MONO_HYBRID and i in generic_halves:
            units = s.amount
        else:
            units = 1
        if units:
            groups.setdefault(allowed_kinds(s, i not in generic_halves), []).append((i, units))
    keys = sorted(groups, key=lambda k: (len(k), sorted(k)))  # most restrictive first: short paths
    return _Plan(keys, [sum(u for _, u in groups[k]) for k in keys], [groups[k] for k in keys])


def pay(cost: ManaCost, pool: Counter[PoolKind], x: int = 0, life: int | None = None) -> PaymentResult:
    """Decide exactly whether ``cost`` can be paid from ``pool`` and show one payment with the
    least life paid.

    Args:
        cost: the cost (symbols as written).
        pool: mana per kind, e.g. from :func:`bot.rules.mana.pool.parse_pool`.
        x: value of X (each {X} needs ``x`` generic mana); Y and Z count 0.
        life: the player's life total; 2 life per Phyrexian symbol may be paid only while the
            total is at least the payment (119.4). ``None``: not given — the payment shown then
            names the life total it needs.

    Raises:
        ManaError: ``x`` or ``life`` negative, or more than
            :data:`MAX_CHOICE_COMBINATIONS` ways to choose the ``{2/W}`` symbols, or more than
            :data:`MAX_FLOWS` flow runs before an answer is certain.
    """
    if x < 0 or (life is not None and life < 0):
        raise ManaError("X und Lebenspunkte können nicht negativ sein.")
    symbols = list(cost.symbols)
    mono: dict[Symbol, list[int]] = {}
    for i, s in enumerate(symbols):
        if s.kind == MONO_HYBRID:
            mono.setdefault(s, []).append(i)
    types = list(mono)
    combos = 1
    for t in types:
        combos *= len(mono[t]) + 1
    if combos > MAX_CHOICE_COMBINATIONS:
        raise ManaError(f"Zu viele Wahlmöglichkeiten bei Symbolen wie {{2/W}} ({combos}); bitte weniger angeben.")
    budget = Budget("Bezahlen", MAX_FLOWS)
    phyrexian = sum(1 for s in symbols if s.kind == PHYREXIAN)
    life_cap = phyrexian if life is None else min(phyrexian, life // 2)

    best: tuple[int, _Plan, list[Counter[PoolKind]], set[int]] | None = None  # (life units, …)
    tried: list[tuple[int, _Plan, list[Counter[PoolKind]]]] = []  # (shortfall, …) of the unpayable choices
    all_colour = _plan(symbols, set(), x)
    supply = sum(pool.values()) + life_cap
    if supply < sum(all_colour.demands):
        # fewer mana (and life) than the fewest units any choice needs: not payable, no search for a payment;
        # only the choices that may be as close as the best one are looked at (their lower bound)
        shortfalls: list[tuple[int, _Plan, list[Counter[PoolKind]]]] = []
        for combo in _combos(types, mono):
            plan = _plan(symbols, {i for t, n in zip(types, combo, strict=True) for i in mono[t][:n]}, x)
            if shortfalls and sum(plan.demands) - supply > shortfalls[0][0]:
                break  # every later choice needs at least as many units (sorted by halves paid generically)
            budget.spend()
            flow, assign = max_flow(plan.demands, plan.keys, pool + Counter({LIFE: life_cap}) if life_cap else pool)
            shortfalls.append((sum(plan.demands) - flow, plan, assign))
            shortfalls.sort(key=lambda sp: sp[0])
        return _not_payable(symbols, pool, shortfalls, combos, life)
    # fewest {2/W} paid generically first; a later choice must save life to replace it
    for combo in _combos(types, mono):
        halves = {i for t, n in zip(types, combo, strict=True) for i in mono[t][:n]}
        plan = _plan(symbols, halves, x)
        total = sum(plan.demands)
        cap = life_cap if best is None else best[0] - 1
        if cap < 0:
            break
        budget.spend()
        flow, assign = max_flow(plan.demands, plan.keys, pool + Counter({LIFE: cap}) if cap else pool)
        if flow < total:
            tried.append((total - flow, plan, assign))
            continue
        lo, hi = 0, cap  # feasible with hi life units; find the least
        while lo < hi:
            mid = (lo + hi) // 2
            budget.spend()
            f, a = max_flow(plan.demands, plan.keys, pool + Counter({LIFE: mid}) if mid else pool)
            if f == total:
                hi, assign = mid, a
            else:
                lo = mid + 1
        if hi != cap:
            assign = max_flow(plan.demands, plan.keys, pool + Counter({LIFE: hi}) if hi else pool)[1]
        best = (hi, plan, assign, halves)
        if hi == 0:
            break
    if best is not None:
        return _payable(life, symbols, pool, x, *best)
    return _not_payable(symbols, pool, sorted(tried, key=lambda sp: sp[0]), combos, life)


def _combos(types: list[Symbol], mono: dict[Symbol, list[int]]) -> list[tuple[int, ...]]:
    """Choices of the {2/W} symbols: per type how many are paid generically, fewest first."""
    return sorted(itertools.product(*(range(len(mono[t]) + 1) for t in types)), key=sum)


def _reach(start: int, keys: list[frozenset[PoolKind]], assign: list[Counter[PoolKind]]) -> frozenset[PoolKind]:
    """The kinds one more unit of which lets group ``start`` take one more unit: those it may take, and
    those of any group that could give up a kind ``start`` reaches (the residual graph of the flow)."""
    groups, kinds, queue = {start}, set(), deque([start])
    while queue:
        for kind in keys[queue.popleft()]:
            if kind in kinds:
                continue
            kinds.add(kind)
            for other, used in enumerate(assign):
                if other not in groups and used[kind] > 0:
                    groups.add(other)
                    queue.append(other)
    return frozenset(kinds)


def _ways(shortfalls: list[tuple[int, _Plan, list[Counter[PoolKind]]]]) -> list[list[tuple[str, int]]]:
    """Every minimal way to complete the payment: for each choice of the {2/W} symbols whose shortfall is the
    least, what is missing (one mana short: every kind that completes it, exactly; more: the groups the flow
    left short). Distinct, in the order of the choices (fewest {2/W} paid generically first)."""
    least = shortfalls[0][0] if shortfalls else 0
    ways: list[list[tuple[str, int]]] = []
    for short_by, plan, assign in shortfalls:
        if short_by != least:
            break
        short = [
            (g, demand - sum(taken.values()))
            for g, (demand, taken) in enumerate(zip(plan.demands, assign, strict=True))
            if demand > sum(taken.values())
        ]
        if short_by == 1:
            g = short[0][0]
            reach = _reach(g, plan.keys, assign) - {LIFE}
            way = [(_label(reach | (plan.keys[g] & {LIFE})), 1)]
        else:
            way = [(_label(plan.keys[g]), n) for g, n in short]
        if way not in ways:
            ways.append(way)
        if len(ways) == MAX_WAYS:
            break
    return ways


def ways_text(ways: list[list[tuple[str, int]]]) -> str:
    """German text of the ways to complete a payment: ``"1× schwarzes Mana oder 1× beliebiges Mana"``;
    the parts of one way joined by ``", "`` (one way) or ``" + "`` (several)."""
    joint = ", " if len(ways) == 1 else " + "
    return " oder ".join(joint.join(f"{n}× {label}" for label, n in way) for way in ways)


def _rule_steps(symbols: list[Symbol]) -> list[Step]:
    kinds = {s.kind for s in symbols}
    steps: list[Step] = []
    if HYBRID in kinds or any(s.kind == PHYREXIAN and len(s.colors) == 2 for s in symbols):
        steps.append(Step("Hybrid-Symbole können mit einer ihrer beiden Farben bezahlt werden.", "104.3f", RAVNICA_FAQ))
    if SNOW in kinds:
        steps.append(
            Step(
                "{S} wird mit einem Mana bezahlt, das eine verschneite bleibende Karte erzeugt hat "
                "(beliebige Farbe oder farblos).",
                None,
                COLDSNAP_FAQ,
            )
        )
    if PHYREXIAN in kinds:
        steps.append(PHYREXIAN_STEP)
    if MONO_HYBRID in kinds or COLORLESS_HYBRID in kinds:
        steps.append(MONO_HYBRID_STEP)
    if VARIABLE in kinds:
        steps.append(Step("Für X wird der angegebene Wert bezahlt (sonst 0); Y und Z zählen 0."))
    return steps


def _payable(
    life_total: int | None,
    symbols: list[Symbol],
    pool: Counter[PoolKind],
    x: int,
    life_units: int,
    plan: _Plan,
    assign: list[Counter[PoolKind]],
    halves: set[int],
) -> PaymentResult:
    paid: dict[int, list[PoolKind]] = {i: [] for i in range(len(symbols))}
    for owners, taken in zip(plan.owners, assign, strict=True):
        kinds = iter([kind for kind in _FLOW_KINDS for _ in range(taken[kind])])
        for index, units in owners:
            paid[index] += [next(kinds) for _ in range(units)]
    remaining = Counter(pool)
    payment: list[tuple[Symbol, list[PoolKind], int]] = []
    lines = []
    for i, s in enumerate(symbols):
        kinds = [k for k in paid[i] if k != LIFE]
        life = 2 * (len(paid[i]) - len(kinds))
        remaining.subtract(kinds)
        payment.append((s, kinds, life))
        if life:
            lines.append(f"{s.text} ← 2 Lebenspunkte")
        elif kinds:
            note = " (generische Hälfte)" if i in halves else ""
            lines.append(f"{s.text} ← " + "".join(pool_kind_text(k) for k in kinds) + note)
        else:
            lines.append(f"{s.text} ← nichts (0)")
    steps = _rule_steps(symbols)
    if any(s.kind == VARIABLE for s in symbols):
        steps.append(Step(f"X = {x}."))
    steps.append(Step("Bezahlung: " + ", ".join(lines) + "."))
    if life_units:
        steps.append(Step(f"Dabei werden {2 * life_units} Lebenspunkte bezahlt, so wenige wie möglich."))
        steps.append(
            Step(
                f"Lebenspunkte zahlen darf nur, wer mindestens so viele hat: hier mindestens {2 * life_units}"
                + (
                    f" (angegeben: {life_total})."
                    if life_total is not None
                    else " (gib deine Lebenspunkte an, um das zu prüfen)."
                ),
                "119.4",
                CR,
            )
        )
    remaining = +remaining
    steps.append(Step(f"Übrig im Vorrat: {format_pool(remaining)}."))
    steps.append(Step("Exakt gesucht (maximaler Fluss), nicht gierig: jede andere Wahl wurde mitgeprüft."))
    return PaymentResult(True, payment, 2 * life_units, remaining, [], steps)


def _not_payable(
    symbols: list[Symbol],
    pool: Counter[PoolKind],
    shortfalls: list[tuple[int, _Plan, list[Counter[PoolKind]]]],
    combos: int,
    life: int | None,
) -> PaymentResult:
    steps = _rule_steps(symbols)
    ways = _ways(shortfalls)
    if ways:
        if len(ways) == 1:
            steps.append(Step(f"Auch bei der besten Wahl fehlt: {ways_text(ways)}."))
        else:
            steps.append(
                Step(
                    f"Es gibt {len(ways)} gleich kurze Wege, die Bezahlung zu vervollständigen (je nach Wahl bei "
                    f"den Symbolen wie {{2/W}}): es fehlt {ways_text(ways)}.",
                    "107.4e",
                    CR,
                )
            )
    if life is not None and any(s.kind == PHYREXIAN for s in symbols):
        points = "stand 1 Lebenspunkt" if life == 1 else f"standen {life} Lebenspunkte"
        steps.append(Step(f"Für phyrexianische Symbole {points} zur Verfügung (119.4).", "119.4", CR))
    checked = f"alle {combos} Wahlmöglichkeiten der {{2/W}}-Symbole, " if combos > 1 else ""
    steps.append(Step(f"Geprüft: {checked}Hybrid-Symbole und Lebenspunkte exakt (maximaler Fluss), nicht gierig."))
    return PaymentResult(False, [], 0, Counter(pool), ways[0] if ways else [], steps, ways)
