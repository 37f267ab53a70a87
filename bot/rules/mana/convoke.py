"""Einberufen (convoke): what can remain to pay after tapping creatures. Pure Python, no I/O.

Sources: rule 502.46 as quoted in the Ravnica FAQ (2005; printed there as „502.32a“; 502.46b not below
0), the ruling on Akkord des Rufes (X is announced first), and today's rule 702.51a–b of the
Comprehensive Rules (17.04.2026).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bot.rules.mana.parse import is_number
from bot.rules.mana.pool import COLOR_WORDS, COLORLESS_WORDS, strip_inflection
from bot.rules.mana.symbols import (
    COLOR_NAMES,
    COLORED,
    COLORLESS,
    COLORLESS_HYBRID,
    COLORS,
    GENERIC,
    HYBRID,
    MAX_STATES,
    MONO_HYBRID,
    PHYREXIAN,
    SNOW,
    VARIABLE,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
    build_cost,
    color_order,
    order_key,
    plural,
    resolve_x,
)
from bot.rules.steps import COMPREHENSIVE_RULES as CR
from bot.rules.steps import RAVNICA_FAQ, Step

# --------------------------------------------------------------------------- convoke


def parse_creatures(text: str) -> list[tuple[str, ...]]:
    """Parse the creatures tapped for Einberufen, separated by ``,`` ``;`` or ``und``.

    Each creature is ``Artefakt``/``farblos`` (no colour), a colour (``rot``), colours joined by
    ``-`` or ``/`` (``grün-weiß``) or colour letters (``GW``); a leading count repeats it
    (``2 rot``, ``2x rot``).

    Returns:
        one tuple of colour letters (:func:`color_order`; empty = colourless) per creature.

    Raises:
        ManaError: an unknown colour word, naming it and the creature's 1-based position.
    """
    items = [p.strip() for chunk in text.replace(";", ",").split(",") for p in chunk.split(" und ")]
    items = [p for p in items if p]
    if not items:
        raise ManaError("Keine Kreaturen angegeben.")
    out: list[tuple[str, ...]] = []
    for pos, item in enumerate(items, 1):
        words = item.lower().split()
        count = 1
        if words and is_number(words[0].rstrip("x×")) and len(words[0]) <= 6:
            count = int(words[0].rstrip("x×"))
            words = words[1:]
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
LIST_LIMIT = 24  # remaining costs written out in the explanation (the count is exact)


def _creature_text(colors: tuple[str, ...]) -> str:
    return "-".join(COLOR_NAMES[c] for c in colors) if colors else "farblos"


@dataclass
class ConvokeResult:
    """Costs that can remain after Einberufen.

    Attributes:
        remaining: the distinct remaining costs (canonical), sorted by mana value, fewer generic
            first; all of them, or the first ``limit``.
        wasted: True when in some choice a creature had nothing left to reduce (502.46b).
        steps: explanation.
        count: number of distinct remaining costs.
    """

    remaining: list[ManaCost]
    wasted: bool
    steps: list[Step]
    count: int = 0


def convoke(
    cost: ManaCost, creatures: Sequence[tuple[str, ...]], x: int = 0, limit: int | None = None
) -> ConvokeResult:
    """What can remain to pay when tapping ``creatures`` for Einberufen (502.46 as quoted in
    the Ravnica FAQ): each creature reduces the cost by {1} or by one mana of one of its colours
    (a coloured symbol, or a hybrid/Phyrexian/{2/W} symbol containing that colour, whose colour
    the caster chooses — Ravnica FAQ on hybrid; a {2/W} paid as {2} can also lose {1});
    never below 0 (502.46b).

    Every order of choices is explored over a set of states, so the list of distinct remaining
    costs is complete. ``x`` is the value of X, announced before the creatures are tapped (ruling
    on Akkord des Rufes, Ravnica FAQ). Vitu-Ghazi: ``{3}{G}{W}`` with Artefakt, rot, grün-weiß → ``{G}{W}``,
    ``{1}{W}``, ``{1}{G}``.

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
    start_generic = sum(s.amount for s in base.symbols if s.kind == GENERIC)
    counts = Counter(s for s in base.symbols if s.kind != GENERIC)
    types = sorted(counts, key=Symbol.sort_key)
    # state: (generic left, count left of each non-generic symbol type)
    states: set[tuple[int, tuple[int, ...]]] = {(start_generic, tuple(counts[t] for t in types))}
    wasted = False
    generic_halves = [j for j, t in enumerate(types) if t.kind == MONO_HYBRID]
    for colors in creatures:
        targets = [j for j, t in enumerate(types) if t.kind not in (SNOW, COLORLESS) and set(t.colors) & set(colors)]
        nxt: set[tuple[int, tuple[int, ...]]] = set()
        budget.spend(len(states) * (1 + len(targets) + len(generic_halves)))
        for gen, left in states:
            moved = False
            if gen > 0:
                nxt.add((gen - 1, left))
                moved = True
            for j in targets:
                if left[j]:
                    nxt.add((gen, (*left[:j], left[j] - 1, *left[j + 1 :])))
                    moved = True
            for j in generic_halves:  # {2/W} chosen as {2}, then reduced by {1}
                if left[j]:
                    nxt.add((gen + types[j].amount - 1, (*left[:j], left[j] - 1, *left[j + 1 :])))
                    moved = True
            if not moved:
                wasted = True
                nxt.add((gen, left))
            if len(nxt) > MAX_STATES:
                raise ManaError(f"Zu viele mögliche Restkosten (über {MAX_STATES}); bitte weniger Kreaturen angeben.")
        states = nxt
    values = [t.mana_value() for t in types]
    colored_at = [[j for j, t in enumerate(types) if t.kind == COLORED and t.colors[0] == c] for c in COLORS]

    def quick_key(state: tuple[int, tuple[int, ...]]) -> tuple:
        gen, left = state
        mv = gen + sum(n * v for n, v in zip(left, values, strict=True))
        return (mv, gen, tuple(-sum(left[j] for j in js) for js in colored_at), left)

    ordered = sorted(states, key=quick_key)
    shown_states = ordered if limit is None else ordered[: limit + 1]
    remaining = sorted(
        (
            build_cost((t for t, n in zip(types, left, strict=True) for _ in range(n)), gen)
            for gen, left in shown_states
        ),
        key=order_key,
    )
    if limit is not None:
        remaining = remaining[:limit]
    count = len(states)

    steps = [
        Step(
            "Jede Kreatur, die du für Einberufen tappst, reduziert die Kosten um {1} oder um ein Mana einer "
            "der Farben dieser Kreatur (im Dokument als „502.32a“ abgedruckt).",
            "502.46",
            RAVNICA_FAQ,
        ),
    ]
    if any(s.kind == VARIABLE and s.var == "X" for s in cost.symbols):
        steps.append(
            Step(
                f"Erst kündigst du an, welche Zahl X ist (hier {x}), dann, welche Kreaturen du tappst.",
                None,
                RAVNICA_FAQ,
            )
        )
    groups = Counter(creatures)
    described = ", ".join(
        (f"{n}× " if n > 1 else "") + _creature_text(c) for c, n in sorted(groups.items(), key=lambda kv: -kv[1])
    )
    steps.append(Step(f"Ausgangskosten: {base.text}; {plural(len(creatures), 'Kreatur', 'Kreaturen')}: {described}."))
    for colors, n in groups.items():
        who = f"{n} Kreaturen" if n > 1 else "Kreatur"
        verb = "reduzieren je" if n > 1 else "reduziert"
        if colors:
            opts = ["{1}"] + ["{" + c + "}" for c in colors]
            steps.append(Step(f"{who} ({_creature_text(colors)}): {verb} " + " oder ".join(opts) + "."))
        else:
            steps.append(Step(f"{who} (farblos, z. B. Artefaktkreatur): {verb} nur {{1}}."))
    if any(s.kind in (HYBRID, PHYREXIAN, MONO_HYBRID, COLORLESS_HYBRID) for s in types):
        steps.append(
            Step(
                "Für ein Hybrid-Symbol bestimmst du beim Wirken die Farbe; eine farbige Reduzierung wirkt, "
                "wenn diese Farbe Teil der bestimmten Kosten ist.",
                None,
                RAVNICA_FAQ,
            )
        )
    if wasted:
        steps.append(
            Step(
                "Mindestens eine Kreatur findet nichts mehr zu reduzieren: Einberufen kann die Kosten "
                "nicht unter 0 reduzieren.",
                "502.46b",
                RAVNICA_FAQ,
            )
        )
    steps.append(
        Step(
            "Heute wirkt Einberufen erst auf die Gesamtkosten (nach Erhöhungen und Reduzierungen): jede "
            "Kreatur bezahlt ein Mana ihrer Farbe oder ein generisches Mana.",
            "702.51a–b",
            CR,
        )
    )
    shown = ", ".join(c.text for c in remaining[:LIST_LIMIT]) + (
        f" … (und {count - LIST_LIMIT} weitere)" if count > LIST_LIMIT else ""
    )
    if count == 1:
        steps.append(Step(f"Es bleibt genau eine Möglichkeit: {shown}."))
    else:
        steps.append(Step(f"Es bleiben {count} verschiedene Restkosten: {shown}."))
    steps.append(
        Step(
            "Einberufen ändert nichts an den Manakosten oder dem Manawert des Zauberspruchs.",
            None,
            RAVNICA_FAQ,
        )
    )
    return ConvokeResult(remaining, wasted, steps, count)
