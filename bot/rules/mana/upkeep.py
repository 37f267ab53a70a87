"""Kumulative Versorgung (cumulative upkeep). Pure Python, no I/O.

Sources: rule 502.13a–b and the rulings of the Kälteeinbruch FAQ (2006; „Kumulative Versorgung {1}“
with three age counters: one more is added, then {4} is paid), today's 702.24a–b of the Comprehensive
Rules (17.04.2026).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb

from bot.rules.mana.parse import parse_cost
from bot.rules.mana.symbols import GENERIC, ManaCost, ManaError, Symbol, build_cost, german_int, plural
from bot.rules.steps import COLDSNAP_FAQ, Step
from bot.rules.steps import COMPREHENSIVE_RULES as CR

#: most age counters accepted (the totals are computed in closed form, so this only bounds the text)
MAX_COUNTERS = 10**6
MAX_OPTIONS = 20  # alternatives in one upkeep cost
ENUMERATE_LIMIT = 500  # combinations written out one by one; beyond, counts per option
MAX_TEXT = 80  # characters of a named non-mana cost kept
_LIFE = re.compile(r"^(?:bezahle|zahle|pay)?\s*([0-9]{1,6})\s*(?:lebenspunkte?|leben|life)$", re.IGNORECASE)
_COST_CHARS = re.compile(r"^[\s0-9{}()/wubrgcsxyzpWUBRGCSXYZP]+$")


@dataclass(frozen=True)
class UpkeepOption:
    """One alternative of an upkeep cost: mana, life or a named non-mana cost (or a mix joined by
    ``+``).

    Attributes:
        mana: the mana part (empty cost when none).
        life: life to pay.
        other: named non-mana parts as typed (``("Opfere eine Kreatur",)``).
    """

    mana: ManaCost = field(default_factory=lambda: ManaCost(()))
    life: int = 0
    other: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """``"{W}"``, ``"1 Lebenspunkt"``, ``"{1} + Opfere eine Kreatur"``."""
        return scaled_text(Counter({self: 1}))


def parse_upkeep(text: str) -> list[UpkeepOption]:
    """Parse an upkeep cost with optional alternatives: ``"{W} oder {U}"``, ``"{1}"``,
    ``"W | U"``, ``"1 Lebenspunkt"``, ``"Opfere einen Wald"``; parts of one alternative joined by
    ``+``. Identical alternatives count once.

    Raises:
        ManaError: a malformed mana alternative (its number is named), more than
            :data:`MAX_OPTIONS` alternatives, or an empty input.
    """
    normalized = text
    for sep in (" oder ", " or ", "|"):
        normalized = normalized.replace(sep, "\n")
    parts = [p.strip() for p in normalized.split("\n") if p.strip()]
    if not parts:
        raise ManaError("Keine Versorgungskosten angegeben.")
    if len(parts) > MAX_OPTIONS:
        raise ManaError(f"Höchstens {MAX_OPTIONS} Möglichkeiten.")
    out: list[UpkeepOption] = []
    for number, part in enumerate(parts, 1):
        prefix = f"Möglichkeit {number}: " if len(parts) > 1 else ""
        mana: list[Symbol] = []
        life = 0
        other: list[str] = []
        for piece in (p.strip() for p in part.split("+")):
            if not piece:
                continue
            life_match = _LIFE.match(piece)
            if life_match:
                life += int(life_match.group(1))
                continue
            try:
                mana += parse_cost(piece).symbols
            except ManaError as exc:
                if _COST_CHARS.match(piece) or not re.search(r"[^\W\d_]{3,}", piece):
                    raise ManaError(prefix + str(exc), exc.symbol, exc.position, exc.column) from exc
                other.append(" ".join(piece.split())[:MAX_TEXT])
        option = UpkeepOption(build_cost(mana) if mana else ManaCost(()), life, tuple(other))
        if option not in out:
            out.append(option)
    return out


def scaled_text(picks: Counter[UpkeepOption]) -> str:
    """The sum of the options, each taken as often as counted, written compactly: generic mana
    summed, a symbol repeated up to 12 times and else ``n×{W}``, life summed, named costs as
    ``n× …``. An empty sum is ``{0}``."""
    generic = 0
    symbols: Counter[Symbol] = Counter()
    life = 0
    other: Counter[str] = Counter()
    for option, n in picks.items():
        for s in option.mana.symbols:
            if s.kind == GENERIC:
                generic += n * s.amount
            else:
                symbols[s] += n
        life += n * option.life
        for o in option.other:
            other[o] += n
    ordered = build_cost(list(symbols)).symbols
    mana = "{" + str(generic) + "}" if generic or not (symbols or life or other) else ""
    mana += "".join(s.text * symbols[s] if symbols[s] <= 12 else f"{symbols[s]}×{s.text}" for s in ordered)
    parts = [mana] if mana else []
    if life:
        parts.append(plural(life, "Lebenspunkt", "Lebenspunkte"))
    parts += [o if n == 1 else f"{n}× {o}" for o, n in other.items()]
    return " + ".join(parts)


@dataclass
class UpkeepResult:
    """Kumulative Versorgung when the ability triggers on a permanent with ``counters`` age counters.

    Attributes:
        payments: how often the cost is paid: ``counters + 1`` (one age counter is added first).
        combinations: number of ways to choose an alternative per age counter, order ignored
            (multisets: ``C(payments + k - 1, k - 1)`` for ``k`` alternatives).
        totals: distinct total costs written out (at most ``limit``; empty when there are more
            combinations than :data:`ENUMERATE_LIMIT`, see ``formula``).
        count: number of distinct totals when they were enumerated, else ``None``.
        formula: the totals in closed form, counts per alternative (``"a×{W} + b×{U} mit a + b = 4"``).
        steps: explanation.
    """

    payments: int
    combinations: int
    totals: list[str]
    count: int | None
    formula: str
    steps: list[Step]


def _compositions(n: int, k: int) -> list[tuple[int, ...]]:
    if k == 1:
        return [(n,)]
    return [(first, *rest) for first in range(n, -1, -1) for rest in _compositions(n - first, k - 1)]


def cumulative_upkeep(options: Sequence[UpkeepOption | ManaCost], counters: int, limit: int = 24) -> UpkeepResult:
    """Total Kumulative Versorgung when the ability triggers on a permanent that has ``counters``
    age counters: one more is put on it, then the cost is paid once per age counter, choosing afresh
    per counter among ``options``; the whole total is paid or nothing (502.13a, Kälteeinbruch FAQ;
    today 702.24a). The FAQ's examples: ``{1}`` with three counters → ``{4}``; ``{W}`` oder ``{U}``
    with two counters → ``{W}{W}{W}``, ``{W}{W}{U}``, ``{W}{U}{U}``, ``{U}{U}{U}``.

    Computed in closed form: ``C(n + k - 1, k - 1)`` combinations for ``n`` payments and ``k``
    alternatives; the distinct totals are written out only up to :data:`ENUMERATE_LIMIT`
    combinations.

    Raises:
        ManaError: ``counters`` below 0 or above :data:`MAX_COUNTERS`, or no alternative.
    """
    if counters < 0 or counters > MAX_COUNTERS:
        raise ManaError(f"Die Anzahl der Altersmarken muss zwischen 0 und {german_int(MAX_COUNTERS)} liegen.")
    opts = [o if isinstance(o, UpkeepOption) else UpkeepOption(o.canonical()) for o in options]
    opts = list(dict.fromkeys(opts))
    if not opts:
        raise ManaError("Keine Versorgungskosten angegeben.")
    k = len(opts)
    n = counters + 1
    combos = comb(n + k - 1, k - 1)
    letters = "abcdefghijklmnopqrst"
    if k == 1:
        formula = scaled_text(Counter({opts[0]: n}))
    else:
        terms = " + ".join(f"{letters[i]}× {o.text}" for i, o in enumerate(opts))
        formula = f"{terms} mit {' + '.join(letters[:k])} = {n}"
    totals: list[str] = []
    count: int | None = None
    if combos <= ENUMERATE_LIMIT:
        seen: dict[str, tuple] = {}
        for comp in _compositions(n, k):
            picks = Counter({o: c for o, c in zip(opts, comp, strict=True) if c})
            text = scaled_text(picks)
            if text not in seen:
                value = sum(c * o.mana.mana_value() for o, c in picks.items())
                seen[text] = (value, sum(c * o.life for o, c in picks.items()), len(seen))
        ordered = sorted(seen, key=lambda t: seen[t])
        count = len(ordered)
        totals = ordered[:limit]
    steps = [
        Step(
            "Kumulative Versorgung: zu Beginn deines Versorgungssegments kommt eine Altersmarke dazu; dann "
            "bezahlst du die Kosten einmal für jede Altersmarke oder opferst die bleibende Karte.",
            "502.13a",
            COLDSNAP_FAQ,
        ),
        Step(
            "Beispiel der FAQ: „Kumulative Versorgung {1}“ mit drei Altersmarken beim Auslösen: sie erhält "
            "eine weitere Altersmarke, dann wird {4} bezahlt oder die bleibende Karte geopfert.",
            None,
            COLDSNAP_FAQ,
        ),
        Step(
            f"Beim Auslösen {'liegt' if counters == 1 else 'liegen'} "
            f"{plural(counters, 'Altersmarke', 'Altersmarken')} darauf, eine kommt dazu: "
            f"{'einmal' if n == 1 else f'{n}-mal'} bezahlen."
        ),
    ]
    if k > 1:
        steps.append(
            Step(
                "Bei Auswahlmöglichkeiten bestimmst du bei jeder Altersmarke neu; dann werden entweder die "
                "gesamten Kosten bezahlt oder gar nicht.",
                "502.13a",
                COLDSNAP_FAQ,
            )
        )
        steps.append(
            Step(
                f"Für {n} Zahlungen und {k} Möglichkeiten gibt es C({n} + {k} − 1, {k} − 1) = {german_int(combos)} "
                f"Kombinationen (die Reihenfolge zählt nicht): {formula}.",
            )
        )
    if any(o.life or o.other for o in opts):
        steps.append(
            Step(
                "Auch Kosten, die kein Mana sind (Lebenspunkte, Opfern), werden für jede Altersmarke einmal bezahlt.",
                "702.24a",
                CR,
            )
        )
    if count is None:
        steps.append(Step("Zu viele Kombinationen, um jede einzeln aufzuschreiben: Anzahl je Möglichkeit oben."))
    elif count == 1:
        steps.append(Step(f"Gesamtkosten: {totals[0]}."))
    else:
        shown = ", ".join(totals) + (" …" if count > len(totals) else "")
        steps.append(Step(f"{count} verschiedene Gesamtkosten: {shown}."))
    steps.append(Step("Heute steht dieselbe Regel unter 702.24a.", "702.24a", CR))
    return UpkeepResult(n, combos, totals, count, formula, steps)
