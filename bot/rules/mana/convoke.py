"""Einberufen (convoke): what can remain to pay with mana after tapping creatures. Pure Python, no I/O.

Sources: today's rule 702.51a–b of the Comprehensive Rules (17.04.2026; with 601.2b and 601.2h): each
tapped creature pays for one mana of the total cost. Dated history: rule 502.46 as quoted in the
Ravnica FAQ (2005; printed there as „502.32a“): each creature *reduced* the cost, 502.46b not below
0; the ruling on Akkord des Rufes (X is announced first).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules.cite import Reason
from bot.rules.mana.colour_words import COLOR_WORDS, COLORLESS_WORDS, strip_inflection
from bot.rules.mana.pool import leading_count, split_entries
from bot.rules.mana.symbols import (
    COLORS,
    MAX_STATES,
    Best,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
    SymbolKind,
    TooManyWays,
    best_because,
    build_cost,
    color_order,
    generic,
    order_key,
    resolve_x,
)

# --------------------------------------------------------------------------- convoke


def parse_creatures(text: str) -> list[tuple[str, ...]]:
    """Parse the creatures tapped for Einberufen, separated by ``,`` ``;`` or ``und``.

    Each creature is ``Artefakt``/``farblos`` (no colour), a colour (``rot``), colours joined by
    ``-`` or ``/`` (``grün-weiß``) or colour letters (``GW``); a leading count repeats it
    (``2 rot``, ``2x rot``, ``zwei rote``).

    Returns:
        one tuple of colour letters (:func:`color_order`; empty = colourless) per creature.

    Raises:
        ManaError: an unknown colour word, naming it and the creature's 1-based position.
    """
    items = split_entries(text)
    if not items:
        raise ManaError("Keine Kreaturen angegeben.")
    out: list[tuple[str, ...]] = []
    for pos, item in enumerate(items, 1):
        counted, words = leading_count(item.lower().split())
        count = 1 if counted is None else counted
        words = [
            w for w in words if w not in ("kreatur", "kreaturen", "creature", "creatures", "eine", "ein", "x", "×")
        ]
        if not words or count < 1:
            raise ManaError(f"Kreatur {pos} („{item[:40]}“) ist unvollständig.", item[:40], pos)
        if count > MAX_CREATURES or len(out) + count > MAX_CREATURES:
            raise ManaError(f"Höchstens {MAX_CREATURES} Kreaturen.")
        colors: set[str] = set()
        for word in words:
            if word in COLORLESS_WORDS:
                continue
            for part in word.replace("/", "-").split("-"):
                part = strip_inflection(part)
                if part in COLORLESS_WORDS or part in ("artefakt", ""):
                    continue
                if part in COLOR_WORDS:
                    colors.add(COLOR_WORDS[part])
                elif part.upper() and all(ch in COLORS for ch in part.upper()):
                    colors.update(part.upper())
                else:
                    raise ManaError(
                        f"Unbekannte Farbe „{part[:40]}“ bei Kreatur {pos} („{item[:40]}“). "
                        "Erlaubt: Artefakt/farblos, weiß, blau, schwarz, rot, grün, "
                        "verbunden mit - (grün-weiß).",
                        part[:40],
                        pos,
                    )
        out += [color_order(colors)] * count
    return out


MAX_CREATURES = 100
#: a state of the search: (generic mana left, count left of each non-generic symbol type)
_State = tuple[int, tuple[int, ...]]


@dataclass(frozen=True)
class Tapped:
    """What creatures of one colour paid in a choice of Einberufen (702.51a).

    Attributes:
        colors: the creatures' colour letters (empty: colourless, e.g. an artifact creature).
        count: how many creatures of these colours did so.
        paid: the symbol each of them paid one mana of: ``{1}`` for generic mana, a coloured, hybrid or
            Phyrexian symbol of their colour, a ``{2/W}``; None when they paid nothing (stay untapped).
        generic_half: True when ``paid`` is a ``{2/W}`` announced as ``{2}`` and they paid one of its two.
    """

    colors: tuple[str, ...]
    count: int
    paid: Symbol | None
    generic_half: bool = False


@dataclass
class ConvokeResult:
    """Costs that can remain to pay with mana after tapping creatures for Einberufen.

    Attributes:
        remaining: the distinct remaining costs (canonical), sorted by mana value, fewer generic
            first; all of them, or the first ``limit``.
        untapped: the most creatures that, in some choice, find no mana left to pay and stay
            untapped (today's 702.51a; under 502.46/502.46b of 2005 they could be tapped for
            nothing). 0 when every creature always pays a mana.
        count: number of distinct remaining costs.
        best: the remaining cost easiest to pay: the least mana value, then the fewest mana that is not generic.
        best_tapped: a way to reach ``best``: per colour of creature what they paid (in the order given).
        why: why ``best`` is the best, compared with ``next_best``, the next remaining cost by the same order.
        total: the total cost the creatures pay towards (X announced as ``x``).
        creatures: the creatures given, as (colours, how many), most first.
        x: the value of X.
        reasons: the rules applied (702.51a–b, 601.2b, 202.3).
        history: 502.46b of the Ravnica FAQ (2005) where a creature could be tapped for nothing then.
    """

    remaining: list[ManaCost]
    untapped: int
    count: int = 0
    best: ManaCost = field(default_factory=lambda: ManaCost(()))
    best_tapped: tuple[Tapped, ...] = ()
    why: Best = Best.ONLY
    next_best: ManaCost | None = None
    total: ManaCost = field(default_factory=lambda: ManaCost(()))
    creatures: tuple[tuple[tuple[str, ...], int], ...] = ()
    x: int = 0
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()


#: what one creature does in a move of the search: (symbol type paid or -1 for generic mana or -2 for nothing,
#: True when a {2/W} is paid by its generic half)
_Move = tuple[int, bool]
_GENERIC, _NOTHING = -1, -2


def convoke(
    cost: ManaCost, creatures: Sequence[tuple[str, ...]], x: int = 0, limit: int | None = None
) -> ConvokeResult:
    """What can remain to pay with mana when ``creatures`` are tapped for Einberufen (702.51a–b,
    Comprehensive Rules 17.04.2026): once the total cost is determined (601.2f), each tapped
    creature pays for one mana of it instead of mana — one generic mana, or one coloured mana of
    one of its colours (a coloured symbol, or a hybrid/Phyrexian/``{C/W}``/``{2/W}`` symbol
    announced as that colour, 601.2b, 107.4e; a ``{2/W}`` announced as ``{2}`` is two generic
    mana). ``{S}`` and ``{C}`` are neither coloured nor generic: no creature pays them. A creature
    that can pay nothing more is not tapped (it stays untapped; counted in ``untapped``).

    Every order of choices is explored over a set of states, so the list of distinct remaining
    costs is complete. ``x`` is the value of X, announced before the cost is paid (601.2b; ruling
    on Akkord des Rufes, Ravnica FAQ). Vitu-Ghazi (Ravnica FAQ): ``{3}{G}{W}`` with Artefakt, rot,
    grün-weiß → ``{G}{W}``, ``{1}{W}``, ``{1}{G}``. The remainders are those of the 2005 model
    (502.46: each creature *reduces* the cost; 502.46b: not below 0); only there a creature with
    nothing to reduce could still be tapped — that difference is given as dated history.

    Raises:
        ManaError: more than :data:`MAX_CREATURES` creatures, ``x`` negative, more than
            :data:`MAX_STATES` distinct partial remaining costs, or past the work budget.
    """
    if len(creatures) > MAX_CREATURES:
        raise ManaError(f"Höchstens {MAX_CREATURES} Kreaturen.")
    if x < 0:
        raise ManaError("X kann nicht negativ sein.")
    budget = Budget("Einberufen")
    base = build_cost(resolve_x(cost, x))
    counts = Counter(s for s in base.symbols if s.kind is not SymbolKind.GENERIC)
    types = sorted(counts, key=Symbol.sort_key)
    start_generic = sum(s.amount for s in base.symbols if s.kind is SymbolKind.GENERIC)
    # state → most creatures left untapped; per creature: new state → (previous state, move)
    states: dict[_State, int] = {(start_generic, tuple(counts[t] for t in types)): 0}
    layers: list[dict[_State, tuple[_State, _Move]]] = []
    for colors in creatures:
        states, parents = _tap(states, colors, types, budget)
        layers.append(parents)
    order = _Order(types)
    ranked = [(order.best(st), st) for st in heapq.nsmallest(2, states, key=order.best)]
    (key, best), runner_up = ranked[0], (ranked[1][0] if len(ranked) > 1 else None)
    why = best_because((key[0], 0, key[1]), (runner_up[0], 0, runner_up[1]) if runner_up else None)
    groups = Counter(creatures)
    return ConvokeResult(
        _listed(states, types, order, limit), max(states.values()), len(states), _cost_of(best, types),
        _trace(best, layers, creatures, types), why, _cost_of(ranked[1][1], types) if runner_up else None, base,
        tuple(sorted(groups.items(), key=lambda kv: -kv[1])), x, *_reasons(cost, types, max(states.values())),
    )  # fmt: skip


def _tap(
    states: dict[_State, int], colors: tuple[str, ...], types: list[Symbol], budget: Budget
) -> tuple[dict[_State, int], dict[_State, tuple[_State, _Move]]]:
    """One more creature of ``colors`` tapped in every state: it pays one generic mana, one mana of a symbol of
    its colour, or one of the two generic mana of a ``{2/W}`` announced as ``{2}``; a creature that can pay
    nothing stays untapped (702.51a). Returns the new states (most untapped kept) and how each was reached."""
    targets = [
        j for j, t in enumerate(types)
        if t.kind not in (SymbolKind.SNOW, SymbolKind.COLORLESS) and set(t.colors) & set(colors)
    ]  # fmt: skip
    halves = [j for j, t in enumerate(types) if t.kind is SymbolKind.MONO_HYBRID]
    nxt: dict[_State, int] = {}
    parents: dict[_State, tuple[_State, _Move]] = {}
    budget.spend(len(states) * (1 + len(targets) + len(halves)))
    for (gen, left), idle in states.items():
        moves: list[tuple[_State, _Move]] = []
        if gen > 0:  # the creature pays one generic mana
            moves.append(((gen - 1, left), (_GENERIC, False)))
        for j in targets:  # … or one mana of its colour
            if left[j]:
                moves.append(((gen, (*left[:j], left[j] - 1, *left[j + 1 :])), (j, False)))
        for j in halves:  # {2/W} announced as {2}: the creature pays one of the two
            if left[j]:
                moves.append(((gen + types[j].amount - 1, (*left[:j], left[j] - 1, *left[j + 1 :])), (j, True)))
        if not moves:  # nothing it could pay: it is not tapped
            moves, idle = [((gen, left), (_NOTHING, False))], idle + 1
        for state, move in moves:
            if state not in nxt or idle > nxt[state]:
                nxt[state] = idle
                parents[state] = ((gen, left), move)
        if len(nxt) > MAX_STATES:
            raise TooManyWays(f"Zu viele mögliche Restkosten (über {MAX_STATES}); bitte weniger Kreaturen angeben.")
    return nxt, parents


def _cost_of(state: _State, types: list[Symbol]) -> ManaCost:
    gen, left = state
    return build_cost((t for t, n in zip(types, left, strict=True) for _ in range(n)), gen)


class _Order:
    """Sort keys of the states of one search (the symbol types' mana values and colours read once)."""

    def __init__(self, types: list[Symbol]) -> None:
        self.values = [t.mana_value() for t in types]
        self.colored_at = [
            [j for j, t in enumerate(types) if t.kind is SymbolKind.COLORED and t.colors[0] == c] for c in COLORS
        ]

    def listed(self, state: _State) -> tuple:
        """Canonical order without building costs: mana value, fewer generic, more W, U, B, R, G (as
        :func:`order_key`)."""
        gen, left = state
        value = gen + sum(n * v for n, v in zip(left, self.values, strict=True))
        return (value, gen, tuple(-sum(left[j] for j in js) for js in self.colored_at), left)

    def best(self, state: _State) -> tuple:
        """Easiest to pay first: the least mana value, then the fewest mana that is not generic (generic mana
        is paid by any mana), then the canonical order."""
        key = self.listed(state)
        return (key[0], sum(state[1]), *key[1:])


def _listed(states: dict[_State, int], types: list[Symbol], order: _Order, limit: int | None) -> list[ManaCost]:
    """The remaining costs in canonical order (:func:`order_key`), the first ``limit`` of them."""
    ordered = sorted(states, key=order.listed)
    shown = ordered if limit is None else ordered[: limit + 1]
    remaining = sorted((_cost_of(st, types) for st in shown), key=order_key)
    return remaining if limit is None else remaining[:limit]


def _trace(
    final: _State,
    layers: list[dict[_State, tuple[_State, _Move]]],
    creatures: Sequence[tuple[str, ...]],
    types: list[Symbol],
) -> tuple[Tapped, ...]:
    """The moves that reach ``final``, grouped by creature colour and what was paid, in the order given."""
    moves: list[_Move] = []
    state = final
    for parents in reversed(layers):
        state, move = parents[state]
        moves.append(move)
    moves.reverse()
    grouped: Counter[tuple[tuple[str, ...], _Move]] = Counter(zip(creatures, moves, strict=True))
    out = []
    for (colors, (j, half)), n in grouped.items():
        paid = generic(1) if j == _GENERIC else None if j == _NOTHING else types[j]
        out.append(Tapped(colors, n, paid, half))
    return tuple(out)


def _reasons(cost: ManaCost, types: list[Symbol], untapped: int) -> tuple[tuple[Reason, ...], tuple[Reason, ...]]:
    """Today's rules for this calculation (702.51a–b, 601.2b, 202.3) and, where a creature finds nothing to
    pay, the 2005 rule as history (502.46b: it could be tapped for nothing then)."""
    reasons = [Reason.CONVOKE, Reason.CONVOKE_TOTAL]
    if any(s.kind is SymbolKind.VARIABLE and s.var == "X" for s in cost.symbols):
        reasons.append(Reason.CONVOKE_X_FIRST)
    if any(s.kind.announced for s in types):
        reasons.append(Reason.CONVOKE_ANNOUNCED)
    if any(s.kind in (SymbolKind.SNOW, SymbolKind.COLORLESS) for s in types):
        reasons.append(Reason.CONVOKE_NOT_SNOW_OR_C)
    if untapped:
        reasons.append(Reason.CONVOKE_UNTAPPED)
    reasons.append(Reason.CONVOKE_MANA_VALUE)
    return tuple(reasons), ((Reason.CONVOKE_2005,) if untapped else ())
