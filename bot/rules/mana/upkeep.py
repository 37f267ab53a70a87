"""Kumulative Versorgung (cumulative upkeep). Pure Python, no I/O.

Sources: rule 502.13a–b and the rulings of the Kälteeinbruch FAQ (2006; „Kumulative Versorgung {1}“
with three age counters: one more is added, then {4} is paid), today's 702.24a–b of the Comprehensive
Rules (17.04.2026).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
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
_LIFE = re.compile(
    r"^(?:bezahle|zahle|pay)?\s*([0-9]{1,6})\s*(?:lebenspunkte?|leben|life)\s*(?:bezahlen|zahlen)?\.?$", re.IGNORECASE
)
_COUNTER = re.compile(r"[+-][0-9]+/[+-][0-9]+")


def _protect(match: re.Match[str]) -> str:
    return match.group(0).replace("+", "\0")


#: "Kumulative Versorgung {1}" / "Kumulative Versorgung — Opfere eine Kreatur." on a card (reminder text cut off)
_CARD_UPKEEP = re.compile(r"^Kumulative Versorgung(?:\s*(?:—|--|–)\s*|\s+(?=\{))([^(\n]+?)\.?\s*(?:\(|$)", re.MULTILINE)
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


def card_upkeep(card_text: str) -> str | None:
    """The cost of the first „Kumulative Versorgung …“ on a card's rules text, reminder text and final dot
    cut off: ``"Erhöhe deinen Manavorrat um {R}"`` (Tressen aus Feuer), ``"{S}"``; None when the card has
    no cumulative upkeep (Kälteeinbruch FAQ, card texts)."""
    match = _CARD_UPKEEP.search(card_text or "")
    return match.group(1).strip() if match else None


#: the countable non-mana upkeep costs on the cards of the Kälteeinbruch FAQ (2006): the cost as printed
#: (lower case, final dot dropped) → its text when paid ``n`` (> 1) times. 702.24a: each choice is made
#: separately for each age counter — hence „verschiedene Kreaturen“ (the rule's example), lands one does
#: not control (Leshracs Herold ruling) and one graveyard / opponent per counter (the FAQ's rulings on
#: Jötun-Geiferer and Scherbenmauer)
_COUNTED: list[tuple[re.Pattern[str], Callable[[re.Match[str], int], str]]] = [
    (
        re.compile(r"^erhöhe deinen manavorrat um ((?:\{[^{}]+\})+)$"),
        lambda m, n: "Erhöhe deinen Manavorrat um " + _scaled_mana(parse_cost(m.group(1)), n),
    ),
    (re.compile(r"^opfere eine kreatur$"), lambda m, n: f"Opfere {n} verschiedene Kreaturen"),
    (re.compile(r"^wirf eine münze$"), lambda m, n: f"Wirf {n} Münzen (bei jedem Wurf neu ansagen)"),
    (re.compile(r"^wirf eine karte aus deiner hand ab$"), lambda m, n: f"Wirf {n} Karten aus deiner Hand ab"),
    (
        re.compile(r"^übernimm die kontrolle über ein land, das du nicht kontrollierst$"),
        lambda m, n: f"Übernimm die Kontrolle über {n} verschiedene Länder, die du nicht kontrollierst",
    ),
    (
        re.compile(r"^lege zwei karten aus genau einem friedhof unter die bibliothek ihres besitzers$"),
        lambda m, n: (
            f"Lege {2 * n} Karten unter die Bibliothek ihres Besitzers, je zwei aus genau einem Friedhof "
            "(für jede Altersmarke neu bestimmt)"
        ),
    ),
    (
        re.compile(r"^lege eine \+1/\+1-marke auf eine kreatur, die ein gegner kontrolliert$"),
        lambda m, n: (
            f"Lege {n} +1/+1-Marken auf Kreaturen, die Gegner kontrollieren (jede auf eine Kreatur deiner Wahl)"
        ),
    ),
    (
        re.compile(r"^ein gegner erhält ([0-9]{1,6}) lebenspunkte? dazu$"),
        lambda m, n: (
            f"Gegner erhalten insgesamt {plural(n * int(m.group(1)), 'Lebenspunkt', 'Lebenspunkte')} "
            f"dazu (je {m.group(1)} an einen Gegner deiner Wahl, auch mehrmals an denselben)"
        ),
    ),
]


def counted_text(named: str, n: int) -> str | None:
    """A named non-mana cost of the Kälteeinbruch cards paid ``n`` times, summed in German
    (``"Opfere eine Kreatur"``, 3 → ``"Opfere 3 verschiedene Kreaturen"``; once: the text as given, without
    a final dot); None for any other text."""
    cleaned = " ".join(named.split()).rstrip(".")
    for pattern, scaled in _COUNTED:
        match = pattern.match(cleaned.lower())
        if match:
            return cleaned if n == 1 else scaled(match, n)
    return None


def _counted(option: UpkeepOption) -> list[str]:
    """The named parts of ``option`` that :func:`counted_text` sums, as printed."""
    return [text for text in map(counted_text, option.other, [1] * len(option.other)) if text]


def _scaled_mana(cost: ManaCost, n: int) -> str:
    """``cost`` taken ``n`` times: generic summed, a symbol repeated up to 12 times, else ``n×{R}``."""
    generic = n * sum(s.amount for s in cost.symbols if s.kind == GENERIC)
    symbols = Counter({s: n * c for s, c in Counter(s for s in cost.symbols if s.kind != GENERIC).items()})
    return _mana_text(generic, symbols, force_generic=not symbols)


def _mana_text(generic: int, symbols: Counter[Symbol], force_generic: bool) -> str:
    ordered = build_cost(list(symbols)).symbols
    mana = "{" + str(generic) + "}" if generic or force_generic else ""
    return mana + "".join(s.text * symbols[s] if symbols[s] <= 12 else f"{symbols[s]}×{s.text}" for s in ordered)


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
        # "+" joins parts; the "+1/+1" of a counter (Schützender Baumältester) is no separator
        for piece in (p.replace("\0", "+").strip() for p in _COUNTER.sub(_protect, part).split("+")):
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
    summed, a symbol repeated up to 12 times and else ``n×{W}``, life summed, the countable costs of
    the Kälteeinbruch cards summed (:func:`counted_text`: ``Opfere 3 verschiedene Kreaturen``), other
    named costs as ``n× …``. An empty sum is ``{0}``."""
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
    mana = _mana_text(generic, symbols, force_generic=not (symbols or life or other))
    parts = [mana] if mana else []
    if life:
        parts.append(plural(life, "Lebenspunkt", "Lebenspunkte"))
    parts += [counted_text(o, n) or (o if n == 1 else f"{n}× {o}") for o, n in other.items()]
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
                "Auch Kosten, die kein Mana sind (Lebenspunkte, Opfern), werden für jede Altersmarke einmal bezahlt"
                + (" und zusammengezählt." if any(o.life or _counted(o) for o in opts) else "."),
                "702.24a",
                CR,
            )
        )
    unknown = [t for o in opts for t in o.other if counted_text(t, 1) is None]
    if unknown:
        steps.append(
            Step(
                f"„{unknown[0]}“ ist weder Mana noch Lebenspunkte noch die Versorgungskosten einer "
                "Kälteeinbruch-Karte: der Rechner zählt nur, wie oft sie zu bezahlen sind. Für eine Karte mit "
                "Kumulativer Versorgung gib ihren Namen ein (z. B. Tressen aus Feuer)."
            )
        )
    if n > 1 and any("Opfere eine Kreatur" in _counted(o) for o in opts):
        steps.append(
            Step(
                "„Opfere eine Kreatur“ für mehrere Altersmarken: dieselbe Kreatur kann nicht zweimal geopfert "
                "werden; es müssen verschiedene Kreaturen sein, sonst wird die bleibende Karte geopfert.",
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
