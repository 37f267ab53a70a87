"""Every distinct way to pay the choice symbols of a cost (hybrid, monocoloured hybrid, Phyrexian).
Pure Python, no I/O.

Sources: 107.4e–f and 601.2b of the Comprehensive Rules (17.04.2026) for hybrid, ``{2/W}``, ``{C/W}`` and
Phyrexian symbols; as their history 104.3f as quoted in the Ravnica FAQ (``{G/W}{G/W}`` → ``{G}{G}``,
``{G}{W}``, ``{W}{W}``) and its ruling on announcing the colours.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

from bot.rules.cite import Reason, distinct
from bot.rules.mana.symbols import (
    COLORS,
    MAX_STATES,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
    SymbolKind,
    TooManyWays,
    build_cost,
    colored,
)
from bot.rules.mana.symbols import generic as generic_of

# --------------------------------------------------------------------------- announcements

T = TypeVar("T")

#: positions in a state vector: generic, colourless, W U B R G, units of 2 life
GEN, COLORLESS_AT, LIFE_AT = 0, 1, 7
STATE_SIZE = 8
ZERO: tuple[int, ...] = (0,) * STATE_SIZE


def color_at(c: str) -> int:
    """Position of colour letter ``c`` (``W U B R G``) in a state vector."""
    return 2 + COLORS.index(c)


def unit(at: int, amount: int = 1) -> tuple[int, ...]:
    """A state vector with ``amount`` at position ``at`` and 0 elsewhere."""
    return tuple(amount if i == at else 0 for i in range(STATE_SIZE))


def announce_options(s: Symbol) -> list[tuple[Symbol | None, tuple[int, ...]]]:
    """The nonhybrid equivalents a player may announce for one symbol (601.2b; 107.4e–f), as
    ``(symbol announced, vector)``, the symbol None for 2 life; one entry for a symbol without choice.
    ``{X}``/``{S}`` are handled by callers.

    ``{G/W}`` → ``{G}`` or ``{W}``; ``{2/W}`` → ``{W}`` or ``{2}``; ``{C/W}`` → ``{C}`` or ``{W}``;
    ``{W/P}`` → ``{W}`` or 2 life; generic ``{n}`` → n generic; ``{C}`` colourless.

    Raises:
        ManaError: a symbol no cost can announce (``{X}``, ``{S}``).
    """
    kind = s.kind
    if kind is SymbolKind.GENERIC:
        return [(s, unit(GEN, s.amount))]
    if kind is SymbolKind.COLORLESS:
        return [(s, unit(COLORLESS_AT))]
    if kind in (SymbolKind.COLORED, SymbolKind.HYBRID):
        return [(colored(c), unit(color_at(c))) for c in s.colors]
    if kind is SymbolKind.MONO_HYBRID:
        return [(colored(s.colors[0]), unit(color_at(s.colors[0]))), (generic_of(s.amount), unit(GEN, s.amount))]
    if kind is SymbolKind.COLORLESS_HYBRID:
        return [(Symbol(SymbolKind.COLORLESS), unit(COLORLESS_AT)), (colored(s.colors[0]), unit(color_at(s.colors[0])))]
    if kind is SymbolKind.PHYREXIAN:
        return [*((colored(c), unit(color_at(c))) for c in s.colors), (None, unit(LIFE_AT))]
    raise ManaError(f"{s.text} ist hier nicht möglich.", s.text)


#: one layer of a set-DP: new state → (previous state, counts chosen per option of the symbol)
Layer = dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]]


def compositions(m: int, k: int) -> list[tuple[int, ...]]:
    """Every way to split ``m`` identical choices among ``k`` options, as counts per option
    (``C(m+k-1, k-1)`` of them)."""
    if k == 1:
        return [(m,)]
    out = []
    for first in range(m, -1, -1):
        out += [(first, *rest) for rest in compositions(m - first, k - 1)]
    return out


def group(symbols: list[Symbol]) -> list[tuple[Symbol, int]]:
    """Identical symbols counted, in order of first appearance: ``[(symbol, multiplicity)]``."""
    counts = Counter(symbols)
    return list(counts.items())


def add_vector(state: tuple[int, ...], vec: tuple[int, ...], n: int) -> tuple[int, ...]:
    """``state`` plus ``n`` times ``vec``."""
    return tuple(a + n * b for a, b in zip(state, vec, strict=True))


def dp_layer(
    states: set[tuple[int, ...]],
    m: int,
    options: Sequence[T],
    move: Callable[[tuple[int, ...], T, int], tuple[int, ...]],
    budget: Budget,
) -> Layer:
    """One step of a set-DP: ``m`` identical symbols, each taking one of ``options``; ``move(state,
    option, n)`` applies an option ``n`` times. Returns every new state with the (state, counts)
    that first reached it.

    Raises:
        ManaError: more than :data:`MAX_STATES` new states, or past ``budget``.
    """
    comps = compositions(m, len(options))
    # an additive move costs one tuple per transition; any other move one call per option
    budget.spend(len(states) * len(comps) * (1 if move is add_vector else 2 * len(options)))
    layer: Layer = {}
    if move is add_vector:  # additive moves: one precomputed delta per composition, one tuple per state
        vectors = cast("Sequence[tuple[int, ...]]", options)  # add_vector's options are state vectors
        deltas = [
            (comp, tuple(sum(n * vec[i] for n, vec in zip(comp, vectors, strict=True)) for i in range(STATE_SIZE)))
            for comp in comps
        ]
        for st in states:
            for comp, delta in deltas:
                new = tuple(map(operator.add, st, delta))
                if new not in layer:
                    layer[new] = (st, comp)
            if len(layer) > MAX_STATES:
                raise TooManyWays(f"Zu viele verschiedene Möglichkeiten (über {MAX_STATES}), um sie exakt zu zählen.")
        return layer
    for st in states:
        for comp in comps:
            new = st
            for n, option in zip(comp, options, strict=True):
                if n:
                    new = move(new, option, n)
            if new not in layer:
                layer[new] = (st, comp)
        if len(layer) > MAX_STATES:
            raise TooManyWays(f"Zu viele verschiedene Möglichkeiten (über {MAX_STATES}), um sie exakt zu zählen.")
    return layer


def announce(
    symbols: list[Symbol], budget: Budget, start: tuple[int, ...] = ZERO
) -> tuple[set[tuple[int, ...]], list[tuple[Symbol, int, Layer]]]:
    """Set-DP over what a player may announce for ``symbols`` (601.2b): the distinct resulting
    vectors (generic, colourless, W U B R G, life units) and the layers to trace a result back.

    Identical symbols are taken together (counts per option), so the work is
    Σ states × compositions, not the product of all choices.

    Raises:
        ManaError: more than :data:`MAX_STATES` distinct results, or past ``budget``.
    """
    states: set[tuple[int, ...]] = {start}
    layers: list[tuple[Symbol, int, Layer]] = []
    for sym, m in group(symbols):
        layer = dp_layer(states, m, [vec for _, vec in announce_options(sym)], add_vector, budget)
        states = set(layer)
        layers.append((sym, m, layer))
    return states, layers


def trace(final: tuple[int, ...], layers: list[tuple[Symbol, int, Layer]]) -> list[tuple[Symbol, tuple[int, ...]]]:
    """The choices that led to ``final``: per layer ``(symbol, counts per option)``, first layer first."""
    out = []
    st = final
    for sym, _m, layer in reversed(layers):
        prev, comp = layer[st]
        out.append((sym, comp))
        st = prev
    out.reverse()
    return out


def vector_cost(vec: tuple[int, ...], fixed: Sequence[Symbol] = ()) -> ManaCost:
    """The canonical cost of a state vector plus ``fixed`` symbols (e.g. {S}); life is not mana."""
    syms = list(fixed)
    syms += [Symbol(SymbolKind.COLORLESS)] * vec[COLORLESS_AT]
    syms += [colored(c) for c in COLORS for _ in range(vec[color_at(c)])]
    return build_cost(syms, vec[GEN])


def vector_key(vec: tuple[int, ...]) -> tuple[int, ...]:
    """Best first: least mana, then least life, then fewest coloured/colourless mana (generic is
    easiest to pay), then more of W U B R G in that order for a stable order."""
    mana = sum(vec[:LIFE_AT])
    return (mana, vec[LIFE_AT], mana - vec[GEN], *(-v for v in vec[2:7]), -vec[COLORLESS_AT])


@dataclass
class HybridResult:
    """The distinct ways to pay the choice symbols of a cost (hybrid, {2/W}, {C/W}, Phyrexian).

    Attributes:
        count: number of distinct resulting payments (multisets, order does not matter).
        options: the distinct payments as ``(cost, life)`` — ``cost`` the mana to spend in
            canonical order (non-choice symbols included), ``life`` the life paid — sorted
            best first; all of them when ``count <= limit``, else the first ``limit``.
        choices: how many symbols of the cost leave the player a choice.
        reasons: the rules for the kinds present (107.4e, 107.4f, 601.2b).
        history: the Ravnica FAQ's 104.3f and its ruling on announcing, where hybrid symbols are present.
    """

    count: int
    options: list[tuple[ManaCost, int]]
    choices: int = 0
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()

    @property
    def listed_all(self) -> bool:
        """True when every option is in :attr:`options`."""
        return len(self.options) == self.count


def symbol_reasons(symbols: list[Symbol]) -> tuple[list[Reason], list[Reason]]:
    """The rules for paying the kinds of ``symbols`` (107.4e for hybrid and {2/W}/{C/W}, 107.4f Phyrexian,
    107.4h snow), and as history the documents that said it first (104.3f, Ravnica FAQ; Kälteeinbruch FAQ)."""
    kinds = {s.kind for s in symbols}
    reasons: list[Reason] = []
    history: list[Reason] = []
    if SymbolKind.HYBRID in kinds or any(s.kind is SymbolKind.PHYREXIAN and len(s.colors) == 2 for s in symbols):
        reasons.append(Reason.PAY_HYBRID)
        history.append(Reason.PAY_HYBRID_2005)
    if kinds & {SymbolKind.MONO_HYBRID, SymbolKind.COLORLESS_HYBRID}:
        reasons.append(Reason.PAY_MONO_HYBRID)
    if SymbolKind.PHYREXIAN in kinds:
        reasons.append(Reason.PAY_PHYREXIAN)
    if SymbolKind.SNOW in kinds:
        reasons.append(Reason.PAY_SNOW)
        history.append(Reason.PAY_SNOW_2006)
    return reasons, history


def hybrid_payments(cost: ManaCost, limit: int = 24) -> HybridResult:
    """Every distinct way to pay the choice symbols of ``cost`` (107.4e: ``{G/W}{G/W}`` → ``{G}{G}``,
    ``{G}{W}``, ``{W}{W}``, the example of 104.3f in the Ravnica FAQ; 107.4e–f for {2/W}, {C/W}, Phyrexian).
    Counted exactly by a set-DP over resulting multisets, identical symbols taken together.

    Raises:
        ManaError: more than :data:`MAX_STATES` distinct partial results, or more work than
            :data:`bot.rules.mana.symbols.MAX_WORK` (huge costs).
    """
    fixed = [s for s in cost.symbols if not s.kind.announced]
    choices = [s for s in cost.symbols if s.kind.announced]
    states, _ = announce(choices, Budget("Bezahlmöglichkeiten"))
    wheel = [color_at(c) for c in cost.colors()]
    ordered = sorted(states, key=lambda st: (st[LIFE_AT], st[GEN], st[COLORLESS_AT], [-st[i] for i in wheel]))
    options = [(vector_cost(st, fixed), 2 * st[LIFE_AT]) for st in ordered[:limit]]
    reasons, history = symbol_reasons(choices)
    if choices:
        reasons.append(Reason.ANNOUNCE)
        if Reason.PAY_HYBRID in reasons:
            history.append(Reason.ANNOUNCE_2005)
    return HybridResult(len(states), options, len(choices), distinct(reasons), distinct(history))
