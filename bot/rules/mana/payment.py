"""Paying a mana cost from a mana pool: exact, never greedy. Pure Python, no I/O.

The question "can this cost be paid from this pool?" is a transportation problem: every symbol
needs one or more mana of certain kinds (107.4e: a hybrid symbol either of its two colours, as 104.3f of
the Ravnica FAQ said; 107.4h: ``{S}`` one mana from a snow source; generic any mana), and
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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from bot.rules.cite import Reason, distinct
from bot.rules.mana.hybrid import symbol_reasons
from bot.rules.mana.pool import ALL_KINDS, PoolKind
from bot.rules.mana.symbols import Budget, ManaCost, ManaError, Symbol, SymbolKind

#: pseudo kind of the flow: one unit = 2 life paid for a Phyrexian symbol
LIFE: PoolKind = ("Leben", False)
_FLOW_KINDS: tuple[PoolKind, ...] = (*ALL_KINDS, LIFE)
#: every kind of mana (what generic mana needs), and mana from a snow source (what {S} needs, 107.4h)
ANY_KIND = frozenset(ALL_KINDS)
SNOW_KINDS = frozenset(k for k in ALL_KINDS if k[1])
#: most combinations of {2/W}-choices tried (protects the bot's 3-second answer limit)
MAX_CHOICE_COMBINATIONS = 4096
#: most maximum-flow runs of one payment question (each a few hundred microseconds at 60 symbols)
MAX_FLOWS = 60
#: most ways to complete an unpayable cost that are listed (one per choice of the {2/W} symbols)
MAX_WAYS = 8


def _colors(*colors: str) -> frozenset[PoolKind]:
    return frozenset((c, snow) for c in colors for snow in (False, True))


def allowed_kinds(s: Symbol, paid_by_color: bool = True) -> frozenset[PoolKind]:
    """The pool kinds (and :data:`LIFE`) that can pay one unit of ``s`` (107.4a–h).

    ``paid_by_color=False`` for a monocoloured hybrid means its generic half.
    """
    kind = s.kind
    if kind in (SymbolKind.COLORED, SymbolKind.HYBRID) or (kind is SymbolKind.MONO_HYBRID and paid_by_color):
        return _colors(*s.colors)
    if kind is SymbolKind.COLORLESS_HYBRID:
        return _colors("C", s.colors[0])
    if kind is SymbolKind.PHYREXIAN:
        return _colors(*s.colors) | {LIFE}
    if kind is SymbolKind.COLORLESS:
        return _colors("C")
    if kind is SymbolKind.SNOW:
        return SNOW_KINDS
    return ANY_KIND  # generic, X, generic half of {2/W}


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


#: a way to complete a payment: per group of missing mana, the kinds that would pay it (and :data:`LIFE` where
#: a Phyrexian symbol takes 2 life instead) and how many are missing
Need = tuple[frozenset[PoolKind], int]


@dataclass
class PaymentResult:
    """Whether a cost can be paid from a pool, as facts.

    Attributes:
        payable: True when an exact payment exists.
        payment: for each symbol of the cost (in the order written) ``(symbol, kinds, life)``:
            the pool kinds that pay it and the life paid for it (2 for a Phyrexian symbol
            paid with life, else 0). Empty when not payable.
        life_paid: life paid in total — the least possible.
        remaining: the pool left after the payment shown (the whole pool when not payable).
        missing: when not payable, what is missing in the first of ``missing_ways``.
        missing_ways: when not payable, every minimal way to complete the payment (at most
            :data:`MAX_WAYS`), each a list of :data:`Need`: for ``{2/B}`` from ``{W}`` one black mana, or one
            mana of any type (107.4e: ``{B}`` or two generic mana).
        generic_halves: positions (0-based) of the ``{2/W}`` symbols paid with their generic half.
        x: the value of X paid.
        life: the player's life total as given, None when not given.
        combinations: how many choices of the ``{2/W}`` symbols were checked.
        reasons: the rules that decide it (107.4e–h, 601.2b for X, 119.4 life, 704.5a losing at 0 life).
        history: the documents' dated rules for the same (104.3f, Ravnica FAQ; Kälteeinbruch FAQ).
    """

    payable: bool
    payment: list[tuple[Symbol, list[PoolKind], int]]
    life_paid: int
    remaining: Counter[PoolKind]
    missing: list[Need] = field(default_factory=list)
    missing_ways: list[list[Need]] = field(default_factory=list)
    generic_halves: frozenset[int] = frozenset()
    x: int = 0
    life: int | None = None
    combinations: int = 1
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()


@dataclass
class _Plan:
    """Units of one choice of the {2/W} symbols: per group its kinds and (symbol, units) list."""

    keys: list[frozenset[PoolKind]]
    demands: list[int]
    owners: list[list[tuple[int, int]]]


#: one checked choice of the {2/W} symbols: (units short, its plan, the flow's assignment)
_Shortfall = tuple[int, _Plan, list[Counter[PoolKind]]]


def _units(s: Symbol, generic_half: bool, x: int) -> int:
    """Units of mana one symbol needs: generic its number, X the given ``x`` (Y, Z 0), a {2/W} paid with its
    generic half its number, every other symbol one."""
    if s.kind is SymbolKind.GENERIC or (s.kind is SymbolKind.MONO_HYBRID and generic_half):
        return s.amount
    if s.kind is SymbolKind.VARIABLE:
        return x if s.var == "X" else 0
    return 1


def _plan(symbols: list[Symbol], generic_halves: set[int], x: int) -> _Plan:
    groups: dict[frozenset[PoolKind], list[tuple[int, int]]] = {}
    for i, s in enumerate(symbols):
        units = _units(s, i in generic_halves, x)
        if units:
            groups.setdefault(allowed_kinds(s, i not in generic_halves), []).append((i, units))
    keys = sorted(groups, key=lambda k: (len(k), sorted(k)))  # most restrictive first: short paths
    return _Plan(keys, [sum(u for _, u in groups[k]) for k in keys], [groups[k] for k in keys])


def _with_life(pool: Counter[PoolKind], units: int) -> Counter[PoolKind]:
    """``pool`` plus ``units`` units of 2 life for the Phyrexian symbols."""
    return pool + Counter({LIFE: units}) if units else pool


class _Choices:
    """The choices of the ``{2/W}`` symbols of a cost: per distinct symbol how many are paid generically,
    fewest first (each choice a set of positions paid with the generic half).

    Raises:
        ManaError: more than :data:`MAX_CHOICE_COMBINATIONS` choices.
    """

    def __init__(self, symbols: list[Symbol]) -> None:
        self.mono: dict[Symbol, list[int]] = {}
        for i, s in enumerate(symbols):
            if s.kind is SymbolKind.MONO_HYBRID:
                self.mono.setdefault(s, []).append(i)
        self.count = 1
        for positions in self.mono.values():
            self.count *= len(positions) + 1
        if self.count > MAX_CHOICE_COMBINATIONS:
            raise ManaError(
                f"Zu viele Wahlmöglichkeiten bei Symbolen wie {{2/W}} ({self.count}); bitte weniger angeben."
            )

    def __iter__(self) -> Iterator[set[int]]:
        types = list(self.mono)
        combos = sorted(itertools.product(*(range(len(self.mono[t]) + 1) for t in types)), key=sum)
        for combo in combos:
            yield {i for t, n in zip(types, combo, strict=True) for i in self.mono[t][:n]}


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
    choices = _Choices(symbols)
    budget = Budget("Bezahlen", MAX_FLOWS)
    phyrexian = sum(1 for s in symbols if s.kind is SymbolKind.PHYREXIAN)
    life_cap = phyrexian if life is None else min(phyrexian, life // 2)
    facts = _Facts(symbols, pool, x, life, choices.count)
    supply = sum(pool.values()) + life_cap
    if supply < sum(_plan(symbols, set(), x).demands):
        # fewer mana (and life) than the fewest units any choice needs: not payable, no search for a payment;
        # only the choices that may be as close as the best one are looked at (their lower bound)
        return facts.not_payable(_shortfalls(symbols, choices, pool, life_cap, x, budget))
    best: tuple[int, _Plan, list[Counter[PoolKind]], set[int]] | None = None  # (life units, …)
    tried: list[_Shortfall] = []  # the unpayable choices
    for halves in choices:  # fewest {2/W} paid generically first; a later choice must save life to replace it
        plan = _plan(symbols, halves, x)
        cap = life_cap if best is None else best[0] - 1
        if cap < 0:
            break
        budget.spend()
        flow, assign = max_flow(plan.demands, plan.keys, _with_life(pool, cap))
        if flow < sum(plan.demands):
            tried.append((sum(plan.demands) - flow, plan, assign))
            continue
        units, assign = _least_life(plan, pool, cap, assign, budget)
        best = (units, plan, assign, halves)
        if units == 0:
            break
    if best is not None:
        return facts.payable(*best)
    return facts.not_payable(sorted(tried, key=lambda sp: sp[0]))


def _shortfalls(
    symbols: list[Symbol], choices: _Choices, pool: Counter[PoolKind], life_cap: int, x: int, budget: Budget
) -> list[_Shortfall]:
    """The choices of the {2/W} symbols that may be as close to a payment as the best one, checked, least
    shortfall first (for a pool with fewer units than any choice needs)."""
    supply = sum(pool.values()) + life_cap
    shortfalls: list[_Shortfall] = []
    for halves in choices:
        plan = _plan(symbols, halves, x)
        if shortfalls and sum(plan.demands) - supply > shortfalls[0][0]:
            break  # every later choice needs at least as many units (sorted by halves paid generically)
        budget.spend()
        flow, assign = max_flow(plan.demands, plan.keys, _with_life(pool, life_cap))
        shortfalls.append((sum(plan.demands) - flow, plan, assign))
        shortfalls.sort(key=lambda sp: sp[0])
    return shortfalls


def _least_life(
    plan: _Plan, pool: Counter[PoolKind], cap: int, assign: list[Counter[PoolKind]], budget: Budget
) -> tuple[int, list[Counter[PoolKind]]]:
    """The fewest units of 2 life with which ``plan`` is paid in full (it is with ``cap``: ``assign``), found
    by binary search, and the flow's assignment with them."""
    total = sum(plan.demands)
    lo, hi = 0, cap
    while lo < hi:
        mid = (lo + hi) // 2
        budget.spend()
        flow, found = max_flow(plan.demands, plan.keys, _with_life(pool, mid))
        if flow == total:
            hi, assign = mid, found
        else:
            lo = mid + 1
    if hi != cap:
        assign = max_flow(plan.demands, plan.keys, _with_life(pool, hi))[1]
    return hi, assign


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


def _ways(shortfalls: list[_Shortfall]) -> list[list[Need]]:
    """Every minimal way to complete the payment: for each choice of the {2/W} symbols whose shortfall is the
    least, what is missing (one mana short: every kind that completes it, exactly; more: the groups the flow
    left short). Distinct, in the order of the choices (fewest {2/W} paid generically first)."""
    least = shortfalls[0][0] if shortfalls else 0
    ways: list[list[Need]] = []
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
            way = [((_reach(g, plan.keys, assign) - {LIFE}) | (plan.keys[g] & {LIFE}), 1)]
        else:
            way = [(plan.keys[g], n) for g, n in short]
        if way not in ways:
            ways.append(way)
        if len(ways) == MAX_WAYS:
            break
    return ways


class _Facts:
    """Builds the :class:`PaymentResult` of one question: the rules for its symbols, the payment or the
    ways to complete it."""

    def __init__(
        self, symbols: list[Symbol], pool: Counter[PoolKind], x: int, life: int | None, combinations: int
    ) -> None:
        self.symbols, self.pool, self.x, self.life, self.combinations = symbols, pool, x, life, combinations
        reasons, self.history = symbol_reasons(symbols)
        if any(s.kind is SymbolKind.VARIABLE for s in symbols):
            reasons.append(Reason.X_ANNOUNCED)
        self.reasons = reasons

    def payable(
        self, life_units: int, plan: _Plan, assign: list[Counter[PoolKind]], halves: set[int]
    ) -> PaymentResult:
        """The payment found: each symbol with the kinds that pay it; 119.4 and 704.5a where life is paid."""
        paid: dict[int, list[PoolKind]] = {i: [] for i in range(len(self.symbols))}
        for owners, taken in zip(plan.owners, assign, strict=True):
            kinds = iter([kind for kind in _FLOW_KINDS for _ in range(taken[kind])])
            for index, units in owners:
                paid[index] += [next(kinds) for _ in range(units)]
        remaining = Counter(self.pool)
        payment: list[tuple[Symbol, list[PoolKind], int]] = []
        for i, s in enumerate(self.symbols):
            kinds = [k for k in paid[i] if k != LIFE]
            remaining.subtract(kinds)
            payment.append((s, kinds, 2 * (len(paid[i]) - len(kinds))))
        reasons = list(self.reasons)
        if life_units:
            reasons.append(Reason.LIFE_LIMIT)
            if self.life is None:
                reasons.append(Reason.LOSES_AT_ZERO)
            elif self.life <= 2 * life_units:
                reasons.append(Reason.LOSES_GAME)
        return PaymentResult(
            True, payment, 2 * life_units, +remaining, generic_halves=frozenset(halves), x=self.x, life=self.life,
            combinations=self.combinations, reasons=distinct(reasons), history=distinct(self.history),
        )  # fmt: skip

    def not_payable(self, shortfalls: list[_Shortfall]) -> PaymentResult:
        """No payment: every minimal way to complete it; 119.4 where the life total limited the Phyrexian symbols."""
        ways = _ways(shortfalls)
        reasons = list(self.reasons)
        if self.life is not None and any(s.kind is SymbolKind.PHYREXIAN for s in self.symbols):
            reasons.append(Reason.LIFE_LIMIT)
        return PaymentResult(
            False, [], 0, Counter(self.pool), ways[0] if ways else [], ways, x=self.x, life=self.life,
            combinations=self.combinations, reasons=distinct(reasons), history=distinct(self.history),
        )  # fmt: skip
