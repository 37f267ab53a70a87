"""Kumulative Versorgung (cumulative upkeep). Pure Python, no I/O.

Sources: today's 702.24a–b of the Comprehensive Rules (17.04.2026); as history rule 502.13a–b and the rulings
of the Kälteeinbruch FAQ (2006; „Kumulative Versorgung {1}“ with three age counters: one more is added, then
{4} is paid).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from math import comb

from bot.rules.cite import Reason
from bot.rules.mana.parse import is_number, parse_cost
from bot.rules.mana.pool import COUNT_WORDS
from bot.rules.mana.symbols import ManaCost, ManaError, Symbol, SymbolKind, build_cost
from bot.text import german_int

#: most age counters accepted (the totals are computed in closed form, so this only bounds the text)
MAX_COUNTERS = 10**6
MAX_OPTIONS = 20  # alternatives in one upkeep cost
ENUMERATE_LIMIT = 500  # combinations written out one by one; beyond, counts per option
MAX_TEXT = 80  # characters of a named non-mana cost kept
#: most life one payment of an upkeep cost may name (a larger number is refused, never multiplied out)
MAX_LIFE = 10**6
#: a life payment: digits or a German number word (:data:`bot.rules.mana.pool.COUNT_WORDS`: „Zahle zwei
#: Lebenspunkte“, „einen Lebenspunkt“), with or without the verb; the amount is checked by :func:`_life`
_LIFE = re.compile(
    r"^(?:bezahle|zahle|pay)?\s*([-+−]?[0-9]+(?:[.,][0-9]+)?|[^\W\d_]+(?:\s+[^\W\d_]+)?)\s*"
    r"(?:lebenspunkte?|leben|life)\s*(?:bezahlen|zahlen)?\.?$",
    re.IGNORECASE,
)
#: the German words that multiply a count before „Lebenspunkte“ („eine Million“, „zwei Tausend“)
_MULTIPLIERS = {"hundert": 100, "tausend": 1000, "million": 10**6, "millionen": 10**6, "milliarde": 10**9,
                "milliarden": 10**9}
#: the words between the alternatives of an upkeep cost, in any case („oder“, „ODER“, „or“), with white space or a
#: mana symbol's brace on each side (``{1}oder{R}``, ``{1} oder{R}``; a zero-width space there is already dropped,
#: :func:`bot.text.clean`) or at an end of the text (a dangling „oder“, refused), and a single „|“
_CHOICE = re.compile(r"(?:^|\s|(?<=\}))(?:oder|or)(?=$|\s|\{)|\|", re.IGNORECASE)
_COUNTER = re.compile(r"[+-][0-9]+/[+-][0-9]+")


def _protect(match: re.Match[str]) -> str:
    return match.group(0).replace("+", "\0")


#: The keyword as the German cards print it (case kept): what :func:`card_upkeep` reads a cost after, and what a
#: search of the cards for it looks for (:func:`bot.answers.upkeep.upkeep_cards`).
UPKEEP_KEYWORD = "Kumulative Versorgung"
#: "Kumulative Versorgung {1}" / "Kumulative Versorgung — Opfere eine Kreatur." on a card (reminder text cut off)
_CARD_UPKEEP = re.compile("^" + UPKEEP_KEYWORD + r"(?:\s*(?:—|--|–)\s*|\s+(?=\{))([^(\n]+?)\.?\s*(?:\(|$)",
                          re.MULTILINE)
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


def card_upkeep(card_text: str) -> str | None:
    """The cost of the first „Kumulative Versorgung …“ on a card's rules text, reminder text and final dot
    cut off: ``"Erhöhe deinen Manavorrat um {R}"`` (Tressen aus Feuer), ``"{S}"``; None when the card has
    no cumulative upkeep (Kälteeinbruch FAQ, card texts)."""
    match = _CARD_UPKEEP.search(card_text or "")
    return match.group(1).strip() if match else None


class Countable(Enum):
    """The countable non-mana upkeep costs printed on the cards of the Kälteeinbruch FAQ (2006). 702.24a: each
    choice is made separately for each age counter — hence different creatures (the rule's example), lands
    one does not control (Leshracs Herold ruling), one graveyard and one opponent per counter (the FAQ's
    rulings on Jötun-Geiferer and Scherbenmauer)."""

    ADD_MANA = "add_mana"  # Erhöhe deinen Manavorrat um {R} (Tressen aus Feuer)
    SACRIFICE_CREATURE = "sacrifice_creature"  # Opfere eine Kreatur
    FLIP_COIN = "flip_coin"  # Wirf eine Münze
    DISCARD = "discard"  # Wirf eine Karte aus deiner Hand ab
    GAIN_CONTROL_LAND = "gain_control_land"  # Übernimm die Kontrolle über ein Land, …
    GRAVEYARD_TWO = "graveyard_two"  # Lege zwei Karten aus genau einem Friedhof unter …
    COUNTER_OPPONENT = "counter_opponent"  # Lege eine +1/+1-Marke auf eine Kreatur, die ein Gegner kontrolliert
    OPPONENT_GAINS_LIFE = "opponent_gains_life"  # Ein Gegner erhält 1 Lebenspunkt dazu


@dataclass(frozen=True)
class Counted:
    """A named upkeep cost recognised as :class:`Countable`: ``mana`` the mana added (``ADD_MANA``), ``amount``
    the life an opponent gains (``OPPONENT_GAINS_LIFE``); ``text`` the cost as printed, without a final dot."""

    kind: Countable
    text: str
    amount: int = 0
    mana: ManaCost | None = None


_COUNTED: list[tuple[re.Pattern[str], Countable]] = [
    (re.compile(r"^erhöhe deinen manavorrat um ((?:\{[^{}]+\})+)$"), Countable.ADD_MANA),
    (re.compile(r"^opfere eine kreatur$"), Countable.SACRIFICE_CREATURE),
    (re.compile(r"^wirf eine münze$"), Countable.FLIP_COIN),
    (re.compile(r"^wirf eine karte aus deiner hand ab$"), Countable.DISCARD),
    (re.compile(r"^übernimm die kontrolle über ein land, das du nicht kontrollierst$"), Countable.GAIN_CONTROL_LAND),
    (
        re.compile(r"^lege zwei karten aus genau einem friedhof unter die bibliothek ihres besitzers$"),
        Countable.GRAVEYARD_TWO,
    ),
    (
        re.compile(r"^lege eine \+1/\+1-marke auf eine kreatur, die ein gegner kontrolliert$"),
        Countable.COUNTER_OPPONENT,
    ),
    (re.compile(r"^ein gegner erhält ([0-9]{1,6}) lebenspunkte? dazu$"), Countable.OPPONENT_GAINS_LIFE),
]


def countable(named: str) -> Counted | None:
    """``named`` as one of the countable upkeep costs of the Kälteeinbruch cards (``"Opfere eine Kreatur."`` →
    ``SACRIFICE_CREATURE``), None for any other text."""
    cleaned = " ".join(named.split()).rstrip(".")
    for pattern, kind in _COUNTED:
        match = pattern.match(cleaned.lower())
        if match is None:
            continue
        if kind is Countable.ADD_MANA:
            return Counted(kind, cleaned, mana=parse_cost(match.group(1)))
        if kind is Countable.OPPONENT_GAINS_LIFE:
            return Counted(kind, cleaned, amount=int(match.group(1)))
        return Counted(kind, cleaned)
    return None


#: The first words of a non-mana cost as the cards print one: German imperatives („Opfere einen Wald“, „Wirf eine
#: Karte aus deiner Hand ab“, „Lege … unter …“), a cost an opponent is given („Ein Gegner erhält 1 Lebenspunkt
#: dazu“), and the English verbs of the Oracle texts („Sacrifice a Forest“).
_COST_START = re.compile(
    r"^(?:opfere|wirf|lege|zahle|bezahle|übernimm|erhöhe|entferne|tappe|enttappe|schicke|ziehe|verliere|bringe|"
    r"exiliere|mische|gib|zeige|nimm|drehe|ein gegner|jeder gegner|sacrifice|discard|pay|put|remove|tap|untap|"
    r"exile|return|gain|lose|draw|add|flip|reveal|an opponent|each opponent)(?![^\W\d_])",
    re.IGNORECASE,
)


def reads_as_cost(named: str) -> bool:
    """True when the named part ``named`` of an upkeep cost reads as a cost: one of the countable costs
    (:func:`countable`) or a text that starts as the cards' non-mana costs do (an imperative such as „Opfere“,
    „Wirf“, „Lege“, or the English „Sacrifice“, „Discard“, …; 702.24a: any cost may be cumulative). False for
    other text (a misspelt card name, „blablub“), which the answer refuses instead of counting it."""
    return countable(named) is not None or _COST_START.match(" ".join(named.split())) is not None


def parse_upkeep(text: str) -> list[UpkeepOption]:
    """Parse an upkeep cost with optional alternatives: ``"{W} oder {U}"`` (also ``"{W}oder{U}"``), ``"{1}"``,
    ``"W | U"``, ``"1 Lebenspunkt"``, ``"Opfere einen Wald"``; parts of one alternative joined by
    ``+``. Identical alternatives count once.

    Raises:
        ManaError: a malformed mana alternative (its number is named), more than
            :data:`MAX_OPTIONS` alternatives, an empty input, or an „oder“ (or „|“) with no alternative before
            or after it („{1} oder“, „{1} oder oder {R}“; the separator beside the gap is named).
    """
    parts = [p.strip() for p in _CHOICE.split(text)]
    if not any(parts):
        raise ManaError("Keine Versorgungskosten angegeben.")
    if not all(parts):  # „{1} oder“, „{1} oder oder {R}“, „oder {R}“: an alternative left out
        missing = parts.index("")  # the separator beside it is named: before the first part, else after the one
        words = [m.group().strip() for m in _CHOICE.finditer(text)]  # one per gap between the parts
        where = f"Vor „{words[0]}“" if missing == 0 else f"Nach „{words[missing - 1]}“"
        raise ManaError(f"{where} fehlt eine Möglichkeit, z. B. „{{W}} oder {{U}}“.")
    if len(parts) > MAX_OPTIONS:
        raise ManaError(f"Höchstens {MAX_OPTIONS} Möglichkeiten.")
    out: list[UpkeepOption] = []
    for number, part in enumerate(parts, 1):
        option = _option(part, f"Möglichkeit {number}: " if len(parts) > 1 else "")
        if option not in out:
            out.append(option)
    return out


def _life(piece: str, prefix: str) -> int | None:
    """The life ``piece`` pays (``"Zahle 2 Lebenspunkte"`` → 2, ``"einen Lebenspunkt"`` → 1, ``"eine Million
    Lebenspunkte"`` → 1 000 000: a number word of :data:`COUNT_WORDS` times one of :data:`_MULTIPLIERS`), None when it
    names no life payment (a word before „Lebenspunkte“ that is no number word: „Zahle alle Lebenspunkte“).

    Life is paid in whole points of at least 1 (119.4: paying life is losing that much life; 118.3: a cost is paid
    only as it is given). A negative or fractional amount is no cost and is refused. 0 life is refused too: 119.4
    lets a player always pay 0 life, so a cumulative upkeep of 0 life costs 0 for any number of age counters and
    there is nothing to count (before, it was shown as the mana cost {0}).

    Raises:
        ManaError: a negative, fractional or zero amount, or more than :data:`MAX_LIFE` life in one payment
            (``prefix`` names the alternative).
    """
    match = _LIFE.match(piece)
    if match is None:
        return None
    amount = match.group(1)
    shown = f"{amount[:20]}{'…' if len(amount) > 20 else ''}"
    if amount[0] in "-+−" or "," in amount or "." in amount:
        raise ManaError(f"{prefix}„{shown} Lebenspunkte“ ist keine Zahlung: Lebenspunkte werden in ganzen Zahlen ab 1 "
                        "gezahlt, ohne Vorzeichen und ohne Komma (Regel 119.4), z. B. „Zahle 2 Lebenspunkte“.")
    if is_number(amount):  # the digits counted before any int conversion: a 400-digit number costs nothing
        paid: int | None = MAX_LIFE + 1 if len(amount) > len(str(MAX_LIFE)) else int(amount)
    else:
        paid = _life_words(amount.lower().split())
    if paid is not None and paid > MAX_LIFE:
        raise ManaError(f"{prefix}„{shown} Lebenspunkte“ ist zu viel: "
                        f"höchstens {german_int(MAX_LIFE)} Lebenspunkte je Zahlung.")
    if paid == 0:
        raise ManaError(f"{prefix}„0 Lebenspunkte“ kostet nichts: 0 Lebenspunkte kann man immer zahlen (Regel 119.4), "
                        "bei jeder Zahl von Altersmarken. Bitte eine Anzahl ab 1, z. B. „1 Lebenspunkt“.")
    return paid


def _life_words(words: list[str]) -> int | None:
    """The number one or two German words name (``["zwei"]`` → 2, ``["eine", "million"]`` → 1 000 000,
    ``["tausend"]`` → 1000): a number word (:data:`COUNT_WORDS`), a multiplier (:data:`_MULTIPLIERS`) or a number
    word and a multiplier; None for any other words (``["alle"]``)."""
    if len(words) == 1:
        return COUNT_WORDS.get(words[0], _MULTIPLIERS.get(words[0]))
    count, multiplier = COUNT_WORDS.get(words[0]), _MULTIPLIERS.get(words[1])
    return count * multiplier if count is not None and multiplier is not None else None


def _option(part: str, prefix: str) -> UpkeepOption:
    """One alternative: its mana, life and named parts (``+`` joins parts; the ``+1/+1`` of a counter, as on
    Schützender Baumältester, is no separator).

    Raises:
        ManaError: a part that reads as a malformed cost (``prefix`` names the alternative).
    """
    mana: list[Symbol] = []
    life = 0
    other: list[str] = []
    for piece in (p.replace("\0", "+").strip() for p in _COUNTER.sub(_protect, part).split("+")):
        if not piece:
            continue
        paid = _life(piece, prefix)
        if paid is not None:
            life += paid
            continue
        try:
            mana += parse_cost(piece).symbols
        except ManaError as exc:
            if _COST_CHARS.match(piece) or not re.search(r"[^\W\d_]{3,}", piece):
                raise ManaError(prefix + str(exc), exc.symbol, exc.position, exc.column) from exc
            other.append(" ".join(piece.split())[:MAX_TEXT])
    return UpkeepOption(build_cost(mana) if mana else ManaCost(()), life, tuple(other))


@dataclass(frozen=True)
class UpkeepTotal:
    """A sum of upkeep options, each taken as often as counted.

    Attributes:
        generic: generic mana in total.
        symbols: every other mana symbol with how often it is paid, in canonical order.
        life: life in total.
        named: every named cost with how often it is paid, in the order first given.
    """

    generic: int = 0
    symbols: tuple[tuple[Symbol, int], ...] = ()
    life: int = 0
    named: tuple[tuple[str, int], ...] = ()

    @property
    def mana_value(self) -> int:
        """The mana value of the mana paid (202.3)."""
        return self.generic + sum(n * s.mana_value() for s, n in self.symbols)


def upkeep_sum(picks: Counter[UpkeepOption]) -> UpkeepTotal:
    """The sum of the options, each taken as often as counted (702.24a: the cost paid once per age counter)."""
    generic = 0
    symbols: Counter[Symbol] = Counter()
    life = 0
    named: Counter[str] = Counter()
    for option, n in picks.items():
        for s in option.mana.symbols:
            if s.kind is SymbolKind.GENERIC:
                generic += n * s.amount
            else:
                symbols[s] += n
        life += n * option.life
        for o in option.other:
            named[o] += n
    ordered = build_cost(list(symbols)).symbols
    return UpkeepTotal(generic, tuple((s, symbols[s]) for s in ordered), life, tuple(named.items()))


@dataclass
class UpkeepResult:
    """Kumulative Versorgung when the ability triggers on a permanent with ``counters`` age counters.

    Attributes:
        payments: how often the cost is paid: ``counters + 1`` (one age counter is added first).
        combinations: number of ways to choose an alternative per age counter, order ignored
            (multisets: ``C(payments + k - 1, k - 1)`` for ``k`` alternatives).
        totals: distinct totals (at most ``limit``; empty when there are more combinations than
            :data:`ENUMERATE_LIMIT`: then ``count`` per alternative adds up to ``payments``).
        count: number of distinct totals when they were enumerated, else ``None``.
        options: the alternatives, each paid a chosen number of times per total.
        counters: the age counters on the permanent when the ability triggers.
        unknown: named costs that are neither mana, life nor a countable cost of the Kälteeinbruch cards.
        reasons: the rules applied (702.24a).
        history: 502.13a of the Kälteeinbruch FAQ (2006), with its example ``{1}`` and three counters → ``{4}``.
    """

    payments: int
    combinations: int
    totals: list[UpkeepTotal]
    count: int | None
    options: tuple[UpkeepOption, ...] = ()
    counters: int = 0
    unknown: tuple[str, ...] = ()
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()


def _compositions(n: int, k: int) -> list[tuple[int, ...]]:
    if k == 1:
        return [(n,)]
    return [(first, *rest) for first in range(n, -1, -1) for rest in _compositions(n - first, k - 1)]


def cumulative_upkeep(options: Sequence[UpkeepOption | ManaCost], counters: int, limit: int = 24) -> UpkeepResult:
    """Total Kumulative Versorgung when the ability triggers on a permanent that has ``counters``
    age counters: one more is put on it, then the cost is paid once per age counter, choosing afresh
    per counter among ``options``; the whole total is paid or nothing (702.24a; 502.13a, Kälteeinbruch
    FAQ). The FAQ's examples: ``{1}`` with three counters → ``{4}``; ``{W}`` oder ``{U}``
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
    k, n = len(opts), counters + 1
    combos = comb(n + k - 1, k - 1)
    totals: list[UpkeepTotal] = []
    count: int | None = None
    if combos <= ENUMERATE_LIMIT:
        seen: dict[UpkeepTotal, tuple[int, int, int]] = {}
        for comp in _compositions(n, k):
            total = upkeep_sum(Counter({o: c for o, c in zip(opts, comp, strict=True) if c}))
            seen.setdefault(total, (total.mana_value, total.life, len(seen)))
        ordered = sorted(seen, key=lambda t: seen[t])
        count, totals = len(ordered), ordered[:limit]
    unknown = tuple(t for o in opts for t in o.other if countable(t) is None)
    history = (Reason.UPKEEP_2006,)
    return UpkeepResult(n, combos, totals, count, tuple(opts), counters, unknown, _reasons(opts, n), history)


def _reasons(opts: list[UpkeepOption], n: int) -> tuple[Reason, ...]:
    """702.24a as it applies: a choice per age counter, non-mana costs paid per counter, different creatures."""
    reasons = [Reason.UPKEEP]
    if len(opts) > 1:
        reasons.append(Reason.UPKEEP_CHOICES)
    if any(o.life or o.other for o in opts):
        reasons.append(Reason.UPKEEP_NON_MANA)
    counted = [c for o in opts for c in map(countable, o.other) if c is not None]
    if n > 1 and any(c.kind is Countable.SACRIFICE_CREATURE for c in counted):
        reasons.append(Reason.UPKEEP_DIFFERENT_CREATURES)
    return tuple(reasons)
