"""Total cost of a spell: announce the hybrid choices, add increases, apply reductions.
Pure Python, no I/O.

Sources: the rulings on Schnellvorlauf (2026: total cost = mana or alternative cost + increases, then
reductions; mana value unchanged); the Ravnica FAQ's hybrid ruling (the colours are chosen when X
would be, and a coloured reduction applies if that colour is part of the chosen cost); rules 601.2b
(hybrid and Phyrexian announced), 601.2f (total cost, reductions in any order, not below {0}), 118.7a–g
(cost reductions) and 202.3e (X on the stack) of the Comprehensive Rules (17.04.2026).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules.cite import Reason, distinct
from bot.rules.mana.hybrid import (
    COLORLESS_AT,
    GEN,
    LIFE_AT,
    STATE_SIZE,
    announce,
    announce_options,
    color_at,
    dp_layer,
    group,
    trace,
    vector_cost,
    vector_key,
)
from bot.rules.mana.symbols import (
    MAX_GENERIC,
    Best,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
    SymbolKind,
    best_because,
    build_cost,
    colored,
    generic,
    resolve_x,
)

#: a reduction option: ("gen", amount) lowers the generic part; ("type", position) removes one mana of
#: that type (position in the state vector: colourless or a colour)
Reduction = tuple[str, int]
MAX_REDUCTIONS = 60  # reduction symbols accepted in one calculation


def reduction_options(s: Symbol) -> list[tuple[Symbol, Reduction]]:
    """What one reduction symbol may reduce, as ``(half, reduction)`` (118.7): generic ``{n}`` n
    generic (118.7a); ``{W}``/``{C}`` one mana of that type (118.7b–d fall back to generic when the
    cost has none); hybrid: the half the player chooses (118.7e: ``{2/W}`` → ``{W}`` or 2 generic,
    ``{C/W}`` → ``{C}`` or ``{W}``); Phyrexian: one mana of its colour (118.7f; a two-colour one:
    either); ``{S}``: one generic (118.7g).

    Raises:
        ManaError: ``{X}``, ``{Y}``, ``{Z}`` (a reduction has a fixed amount).
    """
    kind = s.kind
    if kind is SymbolKind.GENERIC:
        return [(s, ("gen", s.amount))]
    if kind is SymbolKind.SNOW:
        return [(s, ("gen", 1))]
    if kind is SymbolKind.COLORLESS:
        return [(s, ("type", COLORLESS_AT))]
    if kind in (SymbolKind.COLORED, SymbolKind.HYBRID, SymbolKind.PHYREXIAN):
        return [(colored(c), ("type", color_at(c))) for c in s.colors]
    if kind is SymbolKind.MONO_HYBRID:
        return [(colored(s.colors[0]), ("type", color_at(s.colors[0]))), (generic(s.amount), ("gen", s.amount))]
    if kind is SymbolKind.COLORLESS_HYBRID:
        colorless = Symbol(SymbolKind.COLORLESS)
        return [(colorless, ("type", COLORLESS_AT)), (colored(s.colors[0]), ("type", color_at(s.colors[0])))]
    raise ManaError(f"{s.text} kann keine Kostenreduzierung sein (eine Reduzierung hat einen festen Betrag).", s.text)


def apply_reduction(state: tuple[int, ...], red: Reduction, n: int = 1) -> tuple[int, ...]:
    """``state`` after ``n`` reductions ``red`` (118.7a–d, 601.2f): a type reduction removes that
    type while there is some, the rest lowers the generic part; the generic part never goes below 0."""
    new = list(state)
    what, value = red
    if what == "gen":
        new[GEN] = max(0, new[GEN] - n * value)
    else:
        removed = min(new[value], n)
        new[value] -= removed
        new[GEN] = max(0, new[GEN] - (n - removed))
    return tuple(new)


@dataclass(frozen=True)
class Announced:
    """One symbol the player announced before the reductions (601.2b): ``symbol`` paid as ``paid`` (a
    nonhybrid symbol), or by 2 life (``paid`` None)."""

    symbol: Symbol
    paid: Symbol | None


@dataclass(frozen=True)
class Reduced:
    """One reduction applied to the total cost (601.2f, 118.7), in the order given.

    Attributes:
        symbol: the reduction as given (``{2/W}``).
        half: the half chosen for a reduction with a choice (118.7e; Phyrexian 118.7f), else None.
        wanted: the mana symbol a reduction by coloured or colourless mana takes out (``{W}``), None for a
            reduction by generic mana.
        removed: ``wanted`` when the cost had it, else None (the generic part was lowered instead, 118.7b).
        cut: generic mana it took off (0 when it removed a symbol).
        asked: generic mana it would take off with enough generic mana in the cost.
        rule: the rule that says what it reduces (118.7a, b, e, f or g).
        after: the total cost after it (mana; life stays as announced).
    """

    symbol: Symbol
    half: Symbol | None
    wanted: Symbol | None
    removed: Symbol | None
    cut: int
    asked: int
    rule: Reason
    after: ManaCost

    @property
    def floored(self) -> bool:
        """True when the generic part ran out before the reduction did (601.2f: not below {0})."""
        return self.removed is None and self.cut < self.asked


@dataclass(frozen=True)
class TotalOption:
    """One result of the player's choices.

    Attributes:
        cost: the total mana cost (canonical; ``{0}`` when nothing remains).
        life: life paid for Phyrexian symbols announced as life.
        announced: the choice symbols with what was announced for each (601.2b), in the order of the cost.
        halves: the reductions with a choice, with the half chosen (118.7e), in the order given.
    """

    cost: ManaCost
    life: int
    announced: tuple[Announced, ...] = ()
    halves: tuple[tuple[Symbol, Symbol], ...] = ()


@dataclass
class TotalCostResult:
    """Total cost of casting a spell (601.2b, 601.2f, 118.7; Schnellvorlauf rulings, 2026), as facts.

    Attributes:
        total: the best total cost (least mana, then least life; ``{0}`` when nothing remains).
        life: life paid in the best result.
        options: the distinct results of the player's choices, best first (at most ``limit``).
        count: number of distinct results.
        mana_value: mana value of the printed mana cost (X counts its value on the stack, 202.3e),
            unchanged by the total cost.
        why: why the best result is the best, compared with the next.
        start: the mana cost or the alternative cost the total starts from; ``alternative`` says which.
        increases: each increase with the cost after it.
        announced: the cost after the announcements of the best result, before the reductions (mana, life).
        reductions: each reduction of the best result as applied, in the order given.
        x: the value of X.
        reasons: the rules that decide it (601.2b, 601.2f, 118.7a–g, 202.3e, 119.4, 704.5a; Schnellvorlauf).
        history: the Ravnica FAQ's hybrid ruling (a coloured reduction applies to the announced colour).
    """

    total: ManaCost
    life: int
    options: list[TotalOption]
    count: int
    mana_value: int
    why: Best = Best.ONLY
    start: ManaCost = field(default_factory=lambda: ManaCost(()))
    alternative: bool = False
    increases: tuple[tuple[ManaCost, ManaCost], ...] = ()
    announced: tuple[ManaCost, int] = (ManaCost(()), 0)
    reductions: tuple[Reduced, ...] = ()
    x: int = 0
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()


#: one symbol as announced: (symbol, announced as — None for 2 life, its state vector)
_Said = tuple[Symbol, Symbol | None, tuple[int, ...]]


def _symbols_of(costs: Sequence[ManaCost], x: int) -> list[Symbol]:
    return [s for c in costs for s in resolve_x(c, x)]


def total_cost(
    cost: ManaCost,
    increases: Sequence[ManaCost] = (),
    reductions: Sequence[ManaCost] = (),
    alternative: ManaCost | None = None,
    x: int = 0,
    life: int | None = None,
    limit: int = 24,
) -> TotalCostResult:
    """Every total cost the player can reach, best first.

    601.2b: first the player announces X and, for each hybrid symbol, the nonhybrid equivalent
    (``{G/W}`` → ``{G}`` or ``{W}``; ``{2/W}`` → ``{W}`` or ``{2}``; ``{C/W}`` → ``{C}`` or ``{W}``)
    and, for each Phyrexian symbol, its colour or 2 life. 601.2f: the total cost is that cost (or
    the alternative cost) plus increases, minus reductions, in any order, never below {0}; each
    reduction as :func:`reduction_options`, a hybrid reduction's half chosen when applied (118.7e).
    The Ravnica FAQ's hybrid ruling says the same: a coloured reduction applies when that colour is
    part of the chosen cost. ``life`` is the player's life total: announcing 2 life per symbol is
    only allowed while the total covers it (119.4).

    All choices are explored by a set-DP over the resulting costs (identical symbols together), so
    the list of distinct results is complete and exact.

    Raises:
        ManaError: ``x`` or ``life`` negative, an X in a reduction, more than
            :data:`MAX_REDUCTIONS` reduction symbols, or too many distinct results / too much work.
    """
    _check(x, life)
    start = alternative if alternative is not None else cost
    reds = [s for r in reductions for s in r.symbols]
    if len(reds) > MAX_REDUCTIONS:
        raise ManaError(f"Höchstens {MAX_REDUCTIONS} Reduzierungssymbole.")
    for s in reds:
        reduction_options(s)  # an X is refused before any work
    syms = _symbols_of([start, *increases], x)
    snow = [s for s in syms if s.kind is SymbolKind.SNOW]
    budget = Budget("Gesamtkosten")
    states, layers = announce([s for s in syms if s.kind is not SymbolKind.SNOW], budget)
    if life is not None:
        states = {st for st in states if 2 * st[LIFE_AT] <= life}
    for sym, m in group(reds):
        layer = dp_layer(states, m, [red for _, red in reduction_options(sym)], apply_reduction, budget)
        states = set(layer)
        layers.append((sym, m, layer))
    ordered = sorted(states, key=vector_key)
    options = [_option(trace(st, layers), reds, st, snow) for st in ordered[:limit]]
    best = ordered[0]
    announced, applied = _expand(trace(best, layers), reds)
    begin = tuple(sum(vec[i] for _, _, vec in announced) for i in range(STATE_SIZE))
    reduced = _reductions(begin, applied, snow)
    return TotalCostResult(
        vector_cost(best, snow), 2 * best[LIFE_AT], options, len(ordered), cost.mana_value(x),
        _why(ordered), start, alternative is not None, _increased(start, increases, x),
        (vector_cost(begin, snow), 2 * begin[LIFE_AT]), reduced, x,
        *_reasons(cost, announced, reduced, 2 * best[LIFE_AT], life),
    )  # fmt: skip


def _check(x: int, life: int | None) -> None:
    """Raises ManaError (German) for a negative X or life total, or X above :data:`MAX_GENERIC`."""
    if x < 0:
        raise ManaError("X kann nicht negativ sein.")
    if life is not None and life < 0:
        raise ManaError("Lebenspunkte können nicht negativ sein.")
    if x > MAX_GENERIC:
        raise ManaError(f"X kann höchstens {MAX_GENERIC} sein.")


def _why(ordered: list[tuple[int, ...]]) -> Best:
    """Why the first of the results (sorted by :func:`vector_key`) is the best, compared with the second."""

    def key(st: tuple[int, ...]) -> tuple[int, int, int]:
        mana = sum(st[:LIFE_AT])
        return (mana, st[LIFE_AT], mana - st[GEN])

    return best_because(key(ordered[0]), key(ordered[1]) if len(ordered) > 1 else None)


def _increased(start: ManaCost, increases: Sequence[ManaCost], x: int) -> tuple[tuple[ManaCost, ManaCost], ...]:
    """Each increase with the cost (X announced) after it was added."""
    so_far = resolve_x(start, x)
    out = []
    for inc in increases:
        so_far += resolve_x(inc, x)
        out.append((inc, build_cost(so_far)))
    return tuple(out)


def _expand(
    path: list[tuple[Symbol, tuple[int, ...]]], reds: list[Symbol]
) -> tuple[list[_Said], list[tuple[Symbol, Symbol, Reduction]]]:
    """Per symbol the option chosen: announcements (symbol, announced as, vector) and reductions in the
    order typed (symbol, half, reduction)."""
    n_announce = len(path) - len(group(reds))
    announced: list[_Said] = []
    for sym, comp in path[:n_announce]:
        for (paid, vec), n in zip(announce_options(sym), comp, strict=True):
            announced += [(sym, paid, vec)] * n
    chosen: dict[Symbol, list[tuple[Symbol, Reduction]]] = {}
    for sym, comp in path[n_announce:]:
        chosen[sym] = [opt for opt, n in zip(reduction_options(sym), comp, strict=True) for _ in range(n)]
    applied = [(s, *chosen[s].pop(0)) for s in reds]
    return announced, applied


def _option(
    path: list[tuple[Symbol, tuple[int, ...]]], reds: list[Symbol], state: tuple[int, ...], snow: list[Symbol]
) -> TotalOption:
    announced, applied = _expand(path, reds)
    return TotalOption(
        vector_cost(state, snow),
        2 * state[LIFE_AT],
        tuple(Announced(s, paid) for s, paid, _ in announced if s.kind.announced),
        tuple((s, half) for s, half, _ in applied if len(reduction_options(s)) > 1),
    )


def _reductions(
    state: tuple[int, ...], applied: list[tuple[Symbol, Symbol, Reduction]], snow: list[Symbol]
) -> tuple[Reduced, ...]:
    """The reductions of one result applied in order to the announced ``state``: what each removed or cut."""
    out = []
    for sym, half, red in applied:
        before, state = state, apply_reduction(state, red)
        choice = half if len(reduction_options(sym)) > 1 else None
        kind, value = red
        wanted = None if kind == "gen" else Symbol(SymbolKind.COLORLESS) if value == COLORLESS_AT else half
        removed = wanted if kind == "type" and before[value] > 0 else None
        out.append(
            Reduced(sym, choice, wanted, removed, before[GEN] - state[GEN], value if kind == "gen" else 1,
                    _reduction_rule(sym, choice, kind, removed), vector_cost(state, snow))
        )  # fmt: skip
    return tuple(out)


def _reduction_rule(sym: Symbol, choice: Symbol | None, kind: str, removed: Symbol | None) -> Reason:
    """The rule of 118.7 that says what ``sym`` reduces."""
    if sym.kind is SymbolKind.PHYREXIAN:
        return Reason.REDUCE_PHYREXIAN
    if choice is not None:
        return Reason.REDUCE_HYBRID_HALF
    if kind == "type" and removed is None:
        return Reason.REDUCE_TYPE_MISSING
    if sym.kind is SymbolKind.SNOW:
        return Reason.REDUCE_SNOW
    return Reason.REDUCE_GENERIC if kind == "gen" else Reason.REDUCE_TYPE


def _reasons(
    cost: ManaCost, announced: list[_Said], reduced: tuple[Reduced, ...], life_paid: int, life: int | None
) -> tuple[tuple[Reason, ...], tuple[Reason, ...]]:
    """Today's rules for the best result, and the Ravnica FAQ's hybrid ruling as history."""
    reasons = [Reason.TOTAL_COST]
    choices = any(s.kind.announced for s, _, _ in announced)
    if choices:
        reasons.append(Reason.ANNOUNCE)
    reasons += [r.rule for r in reduced]
    if any(r.floored for r in reduced):
        reasons.append(Reason.REDUCE_FLOOR)
    if any(s.kind is SymbolKind.VARIABLE and s.var == "X" for s in cost.symbols):
        reasons.append(Reason.MV_X_ON_STACK)
    if life_paid:
        reasons.append(Reason.LIFE_LIMIT)
        if life is not None and life <= life_paid:
            reasons.append(Reason.LOSES_GAME)
    reasons.append(Reason.TOTAL_MANA_VALUE)
    history = (Reason.REDUCE_ANNOUNCED_2005,) if choices and reduced else ()
    return distinct(reasons), history
