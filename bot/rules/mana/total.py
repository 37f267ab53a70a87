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
from dataclasses import dataclass

from bot.rules.mana.hybrid import (
    COLORLESS_AT,
    GEN,
    LIFE_AT,
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
    CHOICE_KINDS,
    COLORED,
    COLORLESS,
    COLORLESS_HYBRID,
    GENERIC,
    HYBRID,
    MAX_GENERIC,
    MONO_HYBRID,
    PHYREXIAN,
    SNOW,
    VARIABLE,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
    build_cost,
    plural,
    resolve_x,
)
from bot.rules.steps import COMPREHENSIVE_RULES as CR
from bot.rules.steps import FAST_FORWARD_RULINGS, RAVNICA_FAQ, Step

#: a reduction option: ("gen", amount) lowers the generic part; ("type", position) removes one mana of
#: that type (position in the state vector: colourless or a colour)
Reduction = tuple[str, int]
MAX_REDUCTIONS = 60  # reduction symbols accepted in one calculation


def reduction_options(s: Symbol) -> list[tuple[str, Reduction]]:
    """What one reduction symbol may reduce, as ``(label, reduction)`` (118.7): generic ``{n}`` n
    generic (118.7a); ``{W}``/``{C}`` one mana of that type (118.7b–d fall back to generic when the
    cost has none); hybrid: the half the player chooses (118.7e: ``{2/W}`` → ``{W}`` or 2 generic,
    ``{C/W}`` → ``{C}`` or ``{W}``); Phyrexian: one mana of its colour (118.7f; a two-colour one:
    either); ``{S}``: one generic (118.7g).

    Raises:
        ManaError: ``{X}``, ``{Y}``, ``{Z}`` (a reduction has a fixed amount).
    """
    if s.kind == GENERIC:
        return [(s.text, ("gen", s.amount))]
    if s.kind == SNOW:
        return [("{S}", ("gen", 1))]
    if s.kind == COLORLESS:
        return [("{C}", ("type", COLORLESS_AT))]
    if s.kind in (COLORED, HYBRID, PHYREXIAN):
        return [("{" + c + "}", ("type", color_at(c))) for c in s.colors]
    if s.kind == MONO_HYBRID:
        half = "{" + str(s.amount) + "}"
        return [("{" + s.colors[0] + "}", ("type", color_at(s.colors[0]))), (half, ("gen", s.amount))]
    if s.kind == COLORLESS_HYBRID:
        return [("{C}", ("type", COLORLESS_AT)), ("{" + s.colors[0] + "}", ("type", color_at(s.colors[0])))]
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
class TotalOption:
    """One result of the player's choices.

    Attributes:
        cost: the total mana cost (canonical; ``{0}`` when nothing remains).
        life: life paid for Phyrexian symbols announced as life.
        choices: German summary of the choices that give it (``"{2/W} als {2}"``), ``""`` if none.
    """

    cost: ManaCost
    life: int
    choices: str

    @property
    def text(self) -> str:
        """``"{1}{W}"`` or ``"{0} + 2 Lebenspunkte"``."""
        return self.cost.text + (f" + {self.life} Lebenspunkte" if self.life else "")


@dataclass
class TotalCostResult:
    """Total cost of casting a spell (601.2b, 601.2f, 118.7; Schnellvorlauf rulings, 2026).

    Attributes:
        total: the best total cost (least mana, then least life; ``{0}`` when nothing remains).
        life: life paid in the best result.
        options: the distinct results of the player's choices, best first (at most ``limit``).
        count: number of distinct results.
        mana_value: mana value of the printed mana cost (X counts its value on the stack, 202.3e),
            unchanged by the total cost.
        steps: explanation of the best result.
    """

    total: ManaCost
    life: int
    options: list[TotalOption]
    count: int
    mana_value: int
    steps: list[Step]


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
    if x < 0:
        raise ManaError("X kann nicht negativ sein.")
    if life is not None and life < 0:
        raise ManaError("Lebenspunkte können nicht negativ sein.")
    if x > MAX_GENERIC:
        raise ManaError(f"X kann höchstens {MAX_GENERIC} sein.")
    start = alternative if alternative is not None else cost
    reds = [s for r in reductions for s in r.symbols]
    if len(reds) > MAX_REDUCTIONS:
        raise ManaError(f"Höchstens {MAX_REDUCTIONS} Reduzierungssymbole.")
    for s in reds:
        reduction_options(s)  # an X is refused before any work
    syms = _symbols_of([start, *increases], x)
    snow = [s for s in syms if s.kind == SNOW]
    announced_syms = [s for s in syms if s.kind != SNOW]
    budget = Budget("Gesamtkosten")
    states, layers = announce(announced_syms, budget)
    if life is not None:
        states = {st for st in states if 2 * st[LIFE_AT] <= life}
    for sym, m in group(reds):
        layer = dp_layer(states, m, [red for _, red in reduction_options(sym)], apply_reduction, budget)
        states = set(layer)
        layers.append((sym, m, layer))
    ordered = sorted(states, key=vector_key)
    options_out = [
        TotalOption(vector_cost(st, snow), 2 * st[LIFE_AT], _choice_text(trace(st, layers), reds))
        for st in ordered[:limit]
    ]
    best = ordered[0]
    mv = cost.mana_value(x)
    steps = _explain(start, alternative is not None, increases, x, snow, trace(best, layers), reds)
    if len(ordered) > 1:
        more = ", ".join(o.text for o in options_out[1:])
        rest = f" … (und {len(ordered) - len(options_out)} weitere)" if len(ordered) > len(options_out) else ""
        steps.append(
            Step(
                f"Andere Ansagen ergeben {plural(len(ordered) - 1, 'weiteres Ergebnis', 'weitere Ergebnisse')}: "
                f"{more}{rest}.",
                "601.2b",
                CR,
            )
        )
    if any(s.kind == VARIABLE and s.var == "X" for s in cost.symbols):
        steps.append(Step(f"Auf dem Stapel zählt X den gewählten Wert ({x}): Manawert {mv}.", "202.3e", CR))
    steps.append(
        Step(
            f"Der Manawert des Zauberspruchs bleibt {mv}, egal wie hoch die Gesamtkosten sind.",
            None,
            FAST_FORWARD_RULINGS,
        )
    )
    return TotalCostResult(vector_cost(best, snow), 2 * best[LIFE_AT], options_out, len(ordered), mv, steps)


def _expand(
    path: list[tuple[Symbol, tuple[int, ...]]], reds: list[Symbol]
) -> tuple[list[tuple[Symbol, str, tuple[int, ...]]], list[tuple[Symbol, str, Reduction]]]:
    """Per symbol the option chosen: announcements (symbol, label, vector) and reductions in the
    order typed (symbol, label, reduction)."""
    n_announce = len(path) - len(group(reds))
    announced: list[tuple[Symbol, str, tuple[int, ...]]] = []
    for sym, comp in path[:n_announce]:
        for (label, vec), n in zip(announce_options(sym), comp, strict=True):
            announced += [(sym, label, vec)] * n
    chosen: dict[Symbol, list[tuple[str, Reduction]]] = {}
    for sym, comp in path[n_announce:]:
        chosen[sym] = [opt for opt, n in zip(reduction_options(sym), comp, strict=True) for _ in range(n)]
    applied = [(s, *chosen[s].pop(0)) for s in reds]
    return announced, applied


def _choice_text(path: list[tuple[Symbol, tuple[int, ...]]], reds: list[Symbol]) -> str:
    announced, applied = _expand(path, reds)
    parts = [f"{s.text} als {label}" for s, label, _ in announced if s.kind in CHOICE_KINDS]
    parts += [f"Reduzierung {s.text} als {label}" for s, label, _ in applied if len(reduction_options(s)) > 1]
    return ", ".join(parts)


def _explain(
    start: ManaCost,
    is_alternative: bool,
    increases: Sequence[ManaCost],
    x: int,
    snow: list[Symbol],
    path: list[tuple[Symbol, tuple[int, ...]]],
    reds: list[Symbol],
) -> list[Step]:
    steps = [
        Step(
            "Gesamtkosten: beginne mit den Manakosten oder den alternativen Kosten, die du bezahlst, "
            "addiere alle Kostenerhöhungen und wende dann alle Kostenreduzierungen an.",
            None,
            FAST_FORWARD_RULINGS,
        ),
        Step(
            f"Start: {'alternative Kosten ' if is_alternative else 'Manakosten '}{start.text}"
            + (f" (X = {x})" if any(s.kind == VARIABLE for s in start.symbols) else "")
            + "."
        ),
    ]
    so_far = resolve_x(start, x)
    for inc in increases:
        so_far += resolve_x(inc, x)
        steps.append(Step(f"Erhöhung {inc.text} → {build_cost(so_far).text}."))
    announced, applied = _expand(path, reds)
    state = tuple(sum(vec[i] for _, _, vec in announced) for i in range(8))
    choices = [(s, label) for s, label, _ in announced if s.kind in CHOICE_KINDS]
    if choices:
        said = ", ".join(f"{s.text} als {label}" for s, label in choices)
        life = f" + {2 * state[LIFE_AT]} Lebenspunkte" if state[LIFE_AT] else ""
        steps.append(
            Step(
                f"Angesagt (vor den Reduzierungen): {said} → {vector_cost(state, snow).text}{life}.",
                "601.2b",
                CR,
            )
        )
        steps.append(
            Step(
                "Eine farbige Reduzierung wirkt, falls diese Farbe Teil der von dir bestimmten Kosten ist.",
                None,
                RAVNICA_FAQ,
            )
        )
    for sym, label, red in applied:
        before = state
        state = apply_reduction(state, red)
        after = vector_cost(state, snow).text
        half = f" (Hälfte {label} gewählt)" if len(reduction_options(sym)) > 1 and sym.kind != PHYREXIAN else ""
        rule = "118.7e" if half else "118.7f" if sym.kind == PHYREXIAN else None
        what = f"Reduzierung {sym.text}{half}"
        kind, value = red
        if kind == "type" and before[value] > 0:
            removed = "{C}" if value == COLORLESS_AT else label
            steps.append(Step(f"{what} entfernt {removed} → {after}.", rule, CR if rule else None))
            continue
        amount = value if kind == "gen" else 1
        cut = before[GEN] - state[GEN]
        floor = "" if cut == amount else f" (nur {cut}: nicht unter 0)"
        if kind == "type":
            what += f" (kein {label} in den Kosten: generisch)"
            rule = rule or "118.7b"
        elif sym.kind == SNOW:
            rule = "118.7g"
        rule = rule or "118.7a"
        steps.append(Step(f"{what}: generischer Anteil −{cut}{floor} → {after}.", rule, CR))
        if floor:
            steps.append(Step("Die Gesamtkosten können nicht unter {0} reduziert werden.", "601.2f", CR))
    life = f" + {2 * state[LIFE_AT]} Lebenspunkte" if state[LIFE_AT] else ""
    steps.append(Step(f"Gesamtkosten: {vector_cost(state, snow).text}{life}."))
    return steps
