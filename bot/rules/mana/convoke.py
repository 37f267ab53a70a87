"""Einberufen (convoke): what can remain to pay with mana after tapping creatures. Pure Python, no I/O.

Sources: today's rule 702.51a–b of the Comprehensive Rules (17.04.2026; with 601.2b and 601.2h): each
tapped creature pays for one mana of the total cost. Dated history: rule 502.46 as quoted in the
Ravnica FAQ (2005; printed there as „502.32a“): each creature *reduced* the cost, 502.46b not below
0; the ruling on Akkord des Rufes (X is announced first).
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
    """Costs that can remain to pay with mana after tapping creatures for Einberufen.

    Attributes:
        remaining: the distinct remaining costs (canonical), sorted by mana value, fewer generic
            first; all of them, or the first ``limit``.
        untapped: the most creatures that, in some choice, find no mana left to pay and stay
            untapped (today's 702.51a; under 502.46/502.46b of 2005 they could be tapped for
            nothing). 0 when every creature always pays a mana.
        steps: explanation.
        count: number of distinct remaining costs.
    """

    remaining: list[ManaCost]
    untapped: int
    steps: list[Step]
    count: int = 0


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
    nothing to reduce could still be tapped — that difference is shown as dated history.

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
    # state: (generic left, count left of each non-generic symbol type) → most creatures left untapped
    states: dict[tuple[int, tuple[int, ...]], int] = {(start_generic, tuple(counts[t] for t in types)): 0}
    generic_halves = [j for j, t in enumerate(types) if t.kind == MONO_HYBRID]
    for colors in creatures:
        targets = [j for j, t in enumerate(types) if t.kind not in (SNOW, COLORLESS) and set(t.colors) & set(colors)]
        nxt: dict[tuple[int, tuple[int, ...]], int] = {}
        budget.spend(len(states) * (1 + len(targets) + len(generic_halves)))
        for (gen, left), idle in states.items():
            paid: list[tuple[int, tuple[int, ...]]] = []
            if gen > 0:  # the creature pays one generic mana
                paid.append((gen - 1, left))
            for j in targets:  # … or one mana of its colour
                if left[j]:
                    paid.append((gen, (*left[:j], left[j] - 1, *left[j + 1 :])))
            for j in generic_halves:  # {2/W} announced as {2}: the creature pays one of the two
                if left[j]:
                    paid.append((gen + types[j].amount - 1, (*left[:j], left[j] - 1, *left[j + 1 :])))
            if not paid:  # nothing it could pay: it is not tapped
                paid, idle = [(gen, left)], idle + 1
            for state in paid:
                nxt[state] = max(idle, nxt.get(state, 0))
            if len(nxt) > MAX_STATES:
                raise ManaError(f"Zu viele mögliche Restkosten (über {MAX_STATES}); bitte weniger Kreaturen angeben.")
        states = nxt
    untapped = max(states.values())
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
    steps = _steps(cost, base, types, creatures, x, untapped)
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
    return ConvokeResult(remaining, untapped, steps, count)


def _steps(
    cost: ManaCost,
    base: ManaCost,
    types: list[Symbol],
    creatures: Sequence[tuple[str, ...]],
    x: int,
    untapped: int,
) -> list[Step]:
    """The explanation: today's rule (702.51a–b) first, the 2005 model only where it differs."""
    steps = [
        Step(
            "Einberufen: Stehen die Gesamtkosten fest, darfst du für jedes Mana davon eine ungetappte Kreatur "
            "tappen, die du kontrollierst, statt es zu bezahlen – für farbiges Mana eine Kreatur dieser Farbe, "
            "für generisches Mana eine beliebige Kreatur. Jede getappte Kreatur bezahlt genau ein Mana.",
            "702.51a",
            CR,
        ),
        Step(
            "Einberufen ist weder zusätzliche noch alternative Kosten und wirkt erst beim Bezahlen der "
            "Gesamtkosten (601.2h), nach allen Erhöhungen und Reduzierungen.",
            "702.51b",
            CR,
        ),
    ]
    if any(s.kind == VARIABLE and s.var == "X" for s in cost.symbols):
        steps.append(
            Step(
                f"Erst kündigst du an, welche Zahl X ist (hier {x}); danach werden die Kosten bezahlt und "
                "Kreaturen dafür getappt (so auch das Ruling zu Akkord des Rufes).",
                "601.2b",
                CR,
            )
        )
    groups = Counter(creatures)
    described = ", ".join(
        (f"{n}× " if n > 1 else "") + _creature_text(c) for c, n in sorted(groups.items(), key=lambda kv: -kv[1])
    )
    steps.append(Step(f"Gesamtkosten: {base.text}; {plural(len(creatures), 'Kreatur', 'Kreaturen')}: {described}."))
    for colors, n in groups.items():
        who = f"{n} Kreaturen" if n > 1 else "Kreatur"
        verb = "bezahlen je" if n > 1 else "bezahlt"
        if colors:
            opts = ["{1}"] + ["{" + c + "}" for c in colors]
            steps.append(Step(f"{who} ({_creature_text(colors)}): {verb} " + " oder ".join(opts) + "."))
        else:
            steps.append(Step(f"{who} (farblos, z. B. Artefaktkreatur): {verb} nur generisches Mana ({{1}})."))
    if any(s.kind in (HYBRID, PHYREXIAN, MONO_HYBRID, COLORLESS_HYBRID) for s in types):
        steps.append(
            Step(
                "Wie du Hybrid- und phyrexianische Symbole bezahlst, kündigst du beim Wirken an; eine Kreatur "
                "bezahlt ein solches Symbol, wenn sie die angekündigte Farbe hat, ein als {2} angekündigtes "
                "{2/W} sind zwei generische Mana.",
                "601.2b",
                CR,
            )
        )
    if any(s.kind in (SNOW, COLORLESS) for s in types):
        steps.append(
            Step("{S} und {C} sind weder farbiges noch generisches Mana: keine Kreatur bezahlt sie.", "702.51a", CR)
        )
    if untapped:
        if untapped == len(creatures):
            text = "Keine der Kreaturen kann ein Mana dieser Kosten bezahlen: du tappst keine davon"
        else:
            verb, can = ("findet", "kann") if untapped == 1 else ("finden", "können")
            text = (
                f"Bis zu {plural(untapped, 'Kreatur', 'Kreaturen')} {verb} kein Mana mehr, das sie bezahlen "
                f"{can}: sie bleiben ungetappt"
            )
        steps.append(Step(text + " – eine Kreatur, die nichts bezahlt, musst du nie tappen.", "702.51a", CR))
        steps.append(
            Step(
                "Damals war Einberufen zusätzliche Kosten, die die Kosten reduzierten (502.46, im Dokument als "
                "„502.32a“ abgedruckt): du durftest auch solche Kreaturen tappen; sie reduzierten nichts, denn "
                "Einberufen konnte die Kosten nicht unter 0 reduzieren. Die Restkosten sind dieselben.",
                "502.46b",
                RAVNICA_FAQ,
            )
        )
    return steps
