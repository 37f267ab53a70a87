"""German wording of the facts of the mana engines (:mod:`bot.rules.mana`): what a payment misses, how a pool
was read, what creatures paid for Einberufen, each reduction of a total cost, and the totals of Kumulative
Versorgung. Costs become text only through :func:`bot.answers.calc_words.mana`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.answers.calc_words import generic_text, mana, plural, pool_kind, symbol_text
from bot.rules.mana import (
    ALL_KINDS,
    COLOR_NAMES,
    MAX_GENERIC,
    POOL_TYPES,
    Announced,
    Best,
    Countable,
    Counted,
    NumberReading,
    PoolKind,
    Reduced,
    Symbol,
    SymbolKind,
    Tapped,
    TotalCostResult,
    TotalOption,
    UpkeepOption,
    UpkeepResult,
    UpkeepTotal,
    countable,
    upkeep_sum,
)
from bot.rules.payment import LIFE
from bot.text import german_int

_MANA_ADJ = {"W": "weißes", "U": "blaues", "B": "schwarzes", "R": "rotes", "G": "grünes", "C": "farbloses"}


# --------------------------------------------------------------------------- paying


def life_text(count: int, life_left: int | None) -> str:
    """The life that pays ``count`` missing Phyrexian symbols instead of mana (107.4f: 2 life each): ``" (oder 2
    Lebenspunkte)"`` without a known life total; with ``life_left`` (the life left after the rest of the payment)
    the life still lacking, as 119.4 allows paying life only up to one's total: 3 life with {W/P}{W/P} and no mana
    pays one symbol and leaves 1, so the other lacks ``" (oder 1 Lebenspunkt mehr)"``."""
    needed = 2 * count
    if life_left is None:
        return f" (oder {german_int(needed)} Lebenspunkte)"
    more = needed - max(life_left, 0)
    return f" (oder {german_int(more)} {'Lebenspunkt' if more == 1 else 'Lebenspunkte'} mehr)"


def need_text(kinds: frozenset[PoolKind], count: int = 1, life_left: int | None = None) -> str:
    """What a group of ``count`` missing mana needs: ``"grünes Mana"``, ``"beliebiges Mana"``, ``"Mana aus einer
    verschneiten Quelle"``, ``"weißes Mana (oder 2 Lebenspunkte)"`` (the life: :func:`life_text`)."""
    needed = kinds - {LIFE}
    if needed == frozenset(ALL_KINDS):
        text = "beliebiges Mana"
    elif all(k[1] for k in needed) and len(needed) == len(POOL_TYPES):
        text = "Mana aus einer verschneiten Quelle"
    else:
        types = sorted({k[0] for k in needed}, key=POOL_TYPES.index)
        text = " oder ".join(f"{_MANA_ADJ[t]} Mana" for t in types)
    if LIFE not in kinds:
        return text
    return text + (life_text(count, life_left) if life_left is not None else " (oder 2 Lebenspunkte)")


def ways_text(ways: list[list[tuple[frozenset[PoolKind], int]]], life_left: int | None = None) -> str:
    """Every way to complete a payment: ``"1× schwarzes Mana oder 1× beliebiges Mana"``; the parts of one way
    joined by ``", "`` (one way) or ``" + "`` (several). ``life_left``: the life left after the rest of the payment
    (None: not given); a way with one group that life may pay says the life still lacking (:func:`life_text`), one
    with several the 2 life each of its symbols."""
    joint = ", " if len(ways) == 1 else " + "
    return " oder ".join(joint.join(
        f"{n}× {need_text(kinds, n, life_left if sum(LIFE in k for k, _ in way) == 1 else None)}" for kinds, n in way)
        for way in ways)


def generic_half_text(symbols: Sequence[Symbol], ways: list[list[tuple[frozenset[PoolKind], int]]]) -> str:
    """For an unpayable cost: what else pays the missing mana of a colour that a ``{2/W}`` of the cost needs
    (107.4e: ``{W}`` or two generic mana), as the ``{G/W}`` case names both colours: ``" – für jedes {2/W} auch
    2 beliebige Mana statt des weißen (Regel 107.4e)"``; "" when the one way to complete it (``ways``,
    :attr:`bot.rules.mana.PaymentResult.missing_ways`) misses no such colour or there are several ways (the
    ways then name their kinds themselves)."""
    if len(ways) != 1:
        return ""
    short = {k[0] for kinds, _n in ways[0] if len({k[0] for k in kinds - {LIFE}}) == 1 for k in kinds - {LIFE}}
    halves = list({s.colors[0]: s for s in symbols
                   if s.kind is SymbolKind.MONO_HYBRID and s.colors[0] in short}.values())
    return "".join(f" – für jedes {mana(s)} auch {s.amount} beliebige Mana statt des {_MANA_ADJ[s.colors[0]][:-1]}n"
                   for s in halves) + (" (Regel 107.4e)" if halves else "")


def reading_text(reading: NumberReading) -> str:
    """How a number in a pool was read: ``„2“ gelesen als 2 farbloses Mana ({C}×2): …``."""
    hint = ""
    if reading.next_color:
        word = COLOR_NAMES[reading.next_color]
        hint = f" Für {reading.amount}× {symbol_text(reading.next_color)} schreibe „{reading.amount} {word}“."
    return (
        f"„{reading.typed}“ gelesen als {reading.amount} farbloses Mana "
        f"({pool_kind(('C', reading.snow))}×{reading.amount}): eine Zahl im Vorrat ist farbloses Mana.{hint}"
    )


def payment_lines(payment: list[tuple[Symbol, list[PoolKind], int]], halves: frozenset[int]) -> list[str]:
    """Each symbol with what pays it: ``{3} ← {R}{R}{R}``, ``{W/P} ← 2 Lebenspunkte``, ``{2/W} ← {R}{R}
    (generische Hälfte)``."""
    lines = []
    for i, (symbol, kinds, life) in enumerate(payment):
        if life:
            paid = f"{life} Lebenspunkte"
        elif kinds:
            paid = "".join(pool_kind(k) for k in kinds) + (" (generische Hälfte)" if i in halves else "")
        else:
            paid = "nichts (0)"
        lines.append(f"{mana(symbol)} ← {paid}")
    return lines


# --------------------------------------------------------------------------- choices


def creature_text(colors: tuple[str, ...]) -> str:
    """A creature's colours: ``"grün-weiß"``, ``"farblos"``."""
    return "-".join(COLOR_NAMES[c] for c in colors) if colors else "farblos"


def tapped_text(tapped: Tapped) -> str:
    """What creatures of one colour paid: ``"2× rot → {1}"``, ``"weiß → {2/W} (als {2}: eines der zwei)"``,
    ``"2× rot: bleiben ungetappt"``."""
    who = (f"{tapped.count}× " if tapped.count > 1 else "") + creature_text(tapped.colors)
    if tapped.paid is None:
        return f"{who}: {'bleiben' if tapped.count > 1 else 'bleibt'} ungetappt"
    if tapped.generic_half:
        return f"{who} → {mana(tapped.paid)} (als {symbol_text(str(tapped.paid.amount))} angesagt: je 1 davon)"
    return f"{who} → {mana(tapped.paid)}"


def why_text(best: Best, runner_up: str) -> str:
    """Why the first result is the best, compared with the next one (``runner_up``, as shown); ``""`` when
    it is the only one."""
    return {
        Best.LESS_MANA: f"Am besten: weniger Mana als die nächstbeste Möglichkeit, {runner_up}.",
        Best.LESS_LIFE: f"Am besten: gleich viel Mana wie {runner_up}, aber weniger Lebenspunkte.",
        Best.MORE_GENERIC: f"Am besten: gleich viel Mana wie {runner_up}, aber mehr davon generisch "
                          "(den generischen Teil zahlst du mit Mana jeder Farbe).",
        Best.TIE: f"Ebenso gut: {runner_up} (gleich viel Mana, ebenso viel davon farbig).",
    }.get(best, "")


def option_text(option: TotalOption) -> str:
    """A total cost: ``"{1}{W}"`` or ``"{0} + 2 Lebenspunkte"``."""
    return mana(option.cost) + (f" + {option.life} Lebenspunkte" if option.life else "")


def announced_text(announced: tuple[Announced, ...]) -> str:
    """What was announced (601.2b): ``"{2/W} als {2}, {W/P} als 2 Lebenspunkte"``."""
    return ", ".join(f"{mana(a.symbol)} als {mana(a.paid) if a.paid else '2 Lebenspunkte'}" for a in announced)


def choices_text(option: TotalOption) -> str:
    """The choices that give a total cost: ``"{2/W} als {2}, Reduzierung {2/W} als {W}"``; ``""`` if none."""
    parts = [announced_text(option.announced)] if option.announced else []
    parts += [f"Reduzierung {mana(symbol)} als {mana(half)}" for symbol, half in option.halves]
    return ", ".join(parts)


def reduction_text(step: Reduced) -> str:
    """One reduction applied: ``Reduzierung {2/W} (Hälfte {W} gewählt) entfernt {W} → {1}`` or ``Reduzierung
    {3}: generischer Anteil −1 (nur 1: nicht unter 0) → {R}``."""
    what = f"Reduzierung {mana(step.symbol)}"
    if step.half is not None and step.symbol.kind is not SymbolKind.PHYREXIAN:
        what += f" (Hälfte {mana(step.half)} gewählt)"
    if step.removed is not None:
        return f"{what} entfernt {mana(step.removed)} → {mana(step.after)}"
    if step.wanted is not None:
        what += f" (kein {mana(step.wanted)} in den Kosten: generisch)"
    floor = f" (nur {step.cut}: nicht unter 0)" if step.floored else ""
    return f"{what}: generischer Anteil −{step.cut}{floor} → {mana(step.after)}"


def total_lines(result: TotalCostResult) -> list[str]:
    """The calculation of the best total cost: the start, each increase, the announcements, each reduction."""
    start = "alternative Kosten" if result.alternative else "Manakosten"
    has_x = any(s.kind is SymbolKind.VARIABLE for s in result.start.symbols)
    lines = [f"Start: {start} {mana(result.start)}" + (f" (X = {result.x})" if has_x else "")]
    lines += [f"+ Erhöhung {mana(inc)} → {mana(after)}" for inc, after in result.increases]
    best = result.options[0]
    if best.announced:
        cost, life = result.announced
        paid = mana(cost) + (f" + {plural(life, 'Lebenspunkt', 'Lebenspunkte')}" if life else "")
        lines.append(f"Angesagt (vor den Reduzierungen): {announced_text(best.announced)} → {paid}")
    lines += [f"− {reduction_text(r)}" for r in result.reductions]
    return lines


# --------------------------------------------------------------------------- Kumulative Versorgung


def _mana_sum(generic: int, symbols: list[tuple[Symbol, int]], force_generic: bool) -> str:
    """Generic mana summed (:func:`bot.answers.calc_words.generic_text`: in words above the symbols' bound), then
    each symbol repeated up to 12 times, else ``n×{W}``. Once a part is counted or worded, the parts are joined
    with `` + `` as a pool's are (``1.000.001 generisches Mana + 1.000.001×{G}``): ``1.000.001×{X}{2/G}`` would
    read as a million of both."""
    runs = [generic_text(generic)] if generic or force_generic else []
    runs += [mana(s) * n if n <= 12 else f"{german_int(n)}×{mana(s)}" for s, n in symbols]
    counted = generic > MAX_GENERIC or any(n > 12 for _s, n in symbols)
    return (" + " if counted else "").join(runs)


def _scaled(counted: Counted, n: int) -> str:
    """A countable cost of the Kälteeinbruch cards paid ``n`` (> 1) times, summed (702.24a: each choice made
    separately per age counter — different creatures, lands, graveyards, opponents)."""
    kind, shown = counted.kind, german_int(n)
    if kind is Countable.ADD_MANA and counted.mana is not None:
        total = upkeep_sum(Counter({UpkeepOption(counted.mana): n}))
        return "Erhöhe deinen Manavorrat um " + _mana_sum(total.generic, list(total.symbols), not total.symbols)
    if kind is Countable.OPPONENT_GAINS_LIFE:
        return (
            f"Gegner erhalten insgesamt {plural(n * counted.amount, 'Lebenspunkt', 'Lebenspunkte')} dazu "
            f"(je {german_int(counted.amount)} an einen Gegner deiner Wahl, auch mehrmals an denselben)"
        )
    return {
        Countable.SACRIFICE_CREATURE: f"Opfere {shown} verschiedene Kreaturen",
        Countable.FLIP_COIN: f"Wirf {shown} Münzen (bei jedem Wurf neu ansagen)",
        Countable.DISCARD: f"Wirf {shown} Karten aus deiner Hand ab",
        Countable.GAIN_CONTROL_LAND: f"Übernimm die Kontrolle über {shown} verschiedene Länder, die du nicht "
                                     "kontrollierst",
        Countable.GRAVEYARD_TWO: (
            f"Lege {german_int(2 * n)} Karten unter die Bibliothek ihres Besitzers, je zwei aus genau einem Friedhof "
            "(für jede Altersmarke neu bestimmt)"
        ),
        Countable.COUNTER_OPPONENT: (
            f"Lege {shown} +1/+1-Marken auf Kreaturen, die Gegner kontrollieren (jede auf eine Kreatur deiner Wahl)"
        ),
    }[kind]


def counted_text(named: str, n: int) -> str | None:
    """A named non-mana cost of the Kälteeinbruch cards paid ``n`` times, summed in German
    (``"Opfere eine Kreatur"``, 3 → ``"Opfere 3 verschiedene Kreaturen"``; once: the text as given, without
    a final dot); None for any other text."""
    counted = countable(named)
    if counted is None:
        return None
    return counted.text if n == 1 else _scaled(counted, n)


def total_text(total: UpkeepTotal) -> str:
    """An upkeep total: generic mana summed, a symbol repeated up to 12 times and else ``n×{W}``, life summed,
    the countable costs of the Kälteeinbruch cards summed, other named costs as ``n× …``; nothing: ``{0}``."""
    parts = [_mana_sum(total.generic, list(total.symbols), not (total.symbols or total.life or total.named))]
    parts = [p for p in parts if p]
    if total.life:
        parts.append(plural(total.life, "Lebenspunkt", "Lebenspunkte"))
    parts += [counted_text(o, n) or (o if n == 1 else f"{german_int(n)}× {o}") for o, n in total.named]
    return " + ".join(parts)


def upkeep_option_text(option: UpkeepOption) -> str:
    """One alternative of an upkeep cost: ``"{W}"``, ``"1 Lebenspunkt"``, ``"{1} + Opfere eine Kreatur"``."""
    return total_text(upkeep_sum(Counter({option: 1})))


def formula_text(result: UpkeepResult) -> str:
    """The totals in closed form: the one total for one alternative (``{4}``), else the count per alternative
    (``"a× {W} + b× {U} mit a + b = 4"``)."""
    if len(result.options) == 1:
        return total_text(upkeep_sum(Counter({result.options[0]: result.payments})))
    letters = "abcdefghijklmnopqrst"
    terms = " + ".join(f"{letters[i]}× {upkeep_option_text(o)}" for i, o in enumerate(result.options))
    return f"{terms} mit {' + '.join(letters[: len(result.options)])} = {german_int(result.payments)}"
