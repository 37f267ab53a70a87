"""Every distinct way to pay the choice symbols of a cost (hybrid, monocoloured hybrid, Phyrexian).
Pure Python, no I/O.

Sources: 104.3f as quoted in the Ravnica FAQ (``{G/W}{G/W}`` → ``{G}{G}``, ``{G}{W}``, ``{W}{W}``);
107.4e–f of the Comprehensive Rules (17.04.2026) for ``{2/W}``, ``{C/W}`` and Phyrexian symbols.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

from bot.rules.mana.symbols import (
    CHOICE_KINDS,
    COLORED,
    COLORLESS,
    COLORLESS_HYBRID,
    COLORS,
    GENERIC,
    HYBRID,
    MAX_STATES,
    MONO_HYBRID,
    PHYREXIAN,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
    build_cost,
    colored,
    plural,
)
from bot.rules.steps import COMPREHENSIVE_RULES as CR
from bot.rules.steps import RAVNICA_FAQ, Step

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


def announce_options(s: Symbol) -> list[tuple[str, tuple[int, ...]]]:
    """The nonhybrid equivalents a player may announce for one symbol (601.2b; 107.4e–f), as
    ``(label, vector)``; one entry for a symbol without choice. ``{X}``/``{S}`` are handled by callers.

    ``{G/W}`` → ``{G}`` or ``{W}``; ``{2/W}`` → ``{W}`` or ``{2}``; ``{C/W}`` → ``{C}`` or ``{W}``;
    ``{W/P}`` → ``{W}`` or 2 life; generic ``{n}`` → n generic; ``{C}`` colourless.
    """
    if s.kind == GENERIC:
        return [(s.text, unit(GEN, s.amount))]
    if s.kind == COLORLESS:
        return [("{C}", unit(COLORLESS_AT))]
    if s.kind == COLORED:
        return [(s.text, unit(color_at(s.colors[0])))]
    if s.kind == HYBRID:
        return [("{" + c + "}", unit(color_at(c))) for c in s.colors]
    if s.kind == MONO_HYBRID:
        half = "{" + str(s.amount) + "}"
        return [("{" + s.colors[0] + "}", unit(color_at(s.colors[0]))), (half, unit(GEN, s.amount))]
    if s.kind == COLORLESS_HYBRID:
        return [("{C}", unit(COLORLESS_AT)), ("{" + s.colors[0] + "}", unit(color_at(s.colors[0])))]
    if s.kind == PHYREXIAN:
        return [("{" + c + "}", unit(color_at(c))) for c in s.colors] + [("2 Lebenspunkte", unit(LIFE_AT))]
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
                raise ManaError(f"Zu viele verschiedene Möglichkeiten (über {MAX_STATES}), um sie exakt zu zählen.")
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
            raise ManaError(f"Zu viele verschiedene Möglichkeiten (über {MAX_STATES}), um sie exakt zu zählen.")
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
    syms += [Symbol(COLORLESS)] * vec[COLORLESS_AT]
    syms += [colored(c) for c in COLORS for _ in range(vec[color_at(c)])]
    return build_cost(syms, vec[GEN])


def vector_key(vec: tuple[int, ...]) -> tuple[int, ...]:
    """Best first: least mana, then least life, then fewest coloured/colourless mana (generic is
    easiest to pay), then more of W U B R G in that order for a stable order."""
    mana = sum(vec[:LIFE_AT])
    return (mana, vec[LIFE_AT], mana - vec[GEN], *(-v for v in vec[2:7]), -vec[COLORLESS_AT])


#: explanation steps shared with :mod:`bot.rules.mana.payment`
MONO_HYBRID_STEP = Step(
    "Ein Symbol wie {2/W} wird mit {W} oder mit zwei beliebigen Mana bezahlt, {C/W} mit {C} oder {W}.",
    "107.4e",
    CR,
)
PHYREXIAN_STEP = Step(
    "Ein phyrexianisches Symbol wird mit Mana seiner Farbe oder mit 2 Lebenspunkten bezahlt.", "107.4f", CR
)


@dataclass
class HybridResult:
    """The distinct ways to pay the choice symbols of a cost (hybrid, {2/W}, {C/W}, Phyrexian).

    Attributes:
        count: number of distinct resulting payments (multisets, order does not matter).
        options: the distinct payments as ``(cost, life)`` — ``cost`` the mana to spend in
            canonical order (non-choice symbols included), ``life`` the life paid — sorted
            best first; all of them when ``count <= limit``, else the first ``limit``.
        steps: explanation.
    """

    count: int
    options: list[tuple[ManaCost, int]]
    steps: list[Step]

    @property
    def listed_all(self) -> bool:
        """True when every option is in :attr:`options`."""
        return len(self.options) == self.count


def hybrid_steps(choices: list[Symbol]) -> list[Step]:
    """The rule steps for the kinds of choice symbols present (104.3f, Ravnica FAQ; 107.4e–f)."""
    steps: list[Step] = []
    if any(s.kind == HYBRID or (s.kind == PHYREXIAN and len(s.colors) == 2) for s in choices):
        steps.append(
            Step(
                "Jedes Hybrid-Symbol kann mit einer seiner beiden Farben bezahlt werden; "
                "z. B. kann {G/W}{G/W} mit {G}{G}, {G}{W} oder {W}{W} bezahlt werden.",
                "104.3f",
                RAVNICA_FAQ,
            )
        )
        steps.append(
            Step(
                "Welche Farbe du für jedes Hybrid-Symbol zahlst, bestimmst du beim Wirken "
                "(dort, wo du Modi oder X bestimmen würdest).",
                None,
                RAVNICA_FAQ,
            )
        )
    if any(s.kind in (MONO_HYBRID, COLORLESS_HYBRID) for s in choices):
        steps.append(MONO_HYBRID_STEP)
    if any(s.kind == PHYREXIAN for s in choices):
        steps.append(PHYREXIAN_STEP)
    return steps


def hybrid_payments(cost: ManaCost, limit: int = 24) -> HybridResult:
    """Every distinct way to pay the choice symbols of ``cost`` (rule 104.3f, Ravnica FAQ:
    ``{G/W}{G/W}`` → ``{G}{G}``, ``{G}{W}``, ``{W}{W}``; 107.4e–f for {2/W}, {C/W}, Phyrexian).
    Counted exactly by a set-DP over resulting multisets, identical symbols taken together.

    Raises:
        ManaError: more than :data:`MAX_STATES` distinct partial results, or more work than
            :data:`bot.rules.mana.symbols.MAX_WORK` (huge costs).
    """
    fixed = [s for s in cost.symbols if s.kind not in CHOICE_KINDS]
    choices = [s for s in cost.symbols if s.kind in CHOICE_KINDS]
    states, _ = announce(choices, Budget("Bezahlmöglichkeiten"))
    wheel = [color_at(c) for c in cost.colors()]
    ordered = sorted(states, key=lambda st: (st[LIFE_AT], st[GEN], st[COLORLESS_AT], [-st[i] for i in wheel]))
    options = [(vector_cost(st, fixed), 2 * st[LIFE_AT]) for st in ordered[:limit]]
    steps = hybrid_steps(choices)
    if not choices:
        steps.append(Step("Die Kosten enthalten keine Hybrid- oder phyrexianischen Symbole: nur eine Möglichkeit."))
    else:
        verb = "ergibt" if len(choices) == 1 else "ergeben"
        steps.append(
            Step(
                f"{plural(len(choices), 'Wahl-Symbol', 'Wahl-Symbole')} {verb} "
                f"{plural(len(states), 'Bezahlmöglichkeit', 'verschiedene Bezahlmöglichkeiten')} (Reihenfolge egal)."
            )
        )
    return HybridResult(len(states), options, steps)
