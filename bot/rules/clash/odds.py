"""Clash (Fehde) for whole libraries: exact winning odds from the mana values in each library, and seeded
random reveals (see :mod:`bot.rules.clash`)."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.rules.clash.reveal import (
    MAX_PLAYERS,
    RULES_TODAY,
    ClashError,
    ClashResult,
    RevealedCard,
    check_rules,
    clash,
    rule_steps,
)
from bot.rules.mana import plural
from bot.rules.steps import CLASH_ARTICLE, SPLIT_RULINGS, Step

MAX_LIBRARY = 10_000
MAX_OUTCOMES = 200_000  # joint outcomes enumerated for the 2007 "nobody wins" figure

#: a library: card kind (mana value of each half) → number of copies
Library = dict[tuple[int, ...], int]

_ENTRY = re.compile(r"^([0-9]+(?:/[0-9]+)*)\s*[:=x×]\s*([0-9]+)$")


def parse_library(text: str, number: int = 1) -> Library:
    """Parse mana value counts: ``"0:17 1:4 2:8 3:6 4:3"`` (value:count, separated by spaces,
    commas or semicolons). A split card is written with its halves' values: ``1/3:2``.

    Raises:
        ClashError: a malformed entry (named with its 1-based position), an empty library, or more
            than 10 000 cards. ``number`` is the library's number used in messages.
    """
    entries = [e for e in re.split(r"[\s,;]+", text.replace(" :", ":").replace(": ", ":").strip()) if e]
    if not entries:
        raise ClashError(f"Bibliothek {number} ist leer.")
    lib: Library = {}
    for pos, entry in enumerate(entries, 1):
        m = _ENTRY.match(entry)
        if not m:
            raise ClashError(
                f"Bibliothek {number}, Eintrag {pos} („{entry}“) ist ungültig; "
                "erwartet wird Manawert:Anzahl, z. B. 0:17 2:8 (geteilte Karte: 1/3:2)."
            )
        key = tuple(int(v) for v in m.group(1).split("/"))
        lib[key] = lib.get(key, 0) + int(m.group(2))
    lib = {k: v for k, v in lib.items() if v > 0}
    size = sum(lib.values())
    if size == 0:
        raise ClashError(f"Bibliothek {number} enthält keine Karten.")
    if size > MAX_LIBRARY:
        raise ClashError(f"Bibliothek {number} hat {size} Karten; höchstens {MAX_LIBRARY}.")
    return lib


def format_library(lib: Library) -> str:
    """``{(0,): 17, (2,): 8, (1, 3): 2}`` → ``"0:17 2:8 (1 und 3):2"`` (sorted by value)."""
    return " ".join(f"{_kind_text(k)}:{n}" for k, n in sorted(lib.items()))


def _kind_text(kind: tuple[int, ...]) -> str:
    """``(4,)`` → ``"4"``; a split card's values ``(2, 5)`` → ``"(2 und 5)"`` (not „2/5“, which reads
    like a fraction)."""
    return str(kind[0]) if len(kind) == 1 else "(" + " und ".join(map(str, kind)) + ")"


def values_text(values: tuple[int, ...]) -> str:
    """The compared values of one card: ``"4"`` or, for the halves of a split card, ``"2 und 5"``."""
    return " und ".join(map(str, values))


@dataclass
class OddsResult:
    """Exact probabilities for the top cards of the libraries.

    Attributes:
        rules: ``"heute"`` or ``"2007"``.
        sizes: number of cards per library.
        win: probability that player i wins (``Fraction``).
        nobody: probability that nobody wins.
        several: probability that more than one player wins (only possible in 2007).
        steps: explanation.
    """

    rules: str
    sizes: list[int]
    win: list[Fraction]
    nobody: Fraction
    several: Fraction
    steps: list[Step]


def percent(p: Fraction, digits: int = 2) -> str:
    """German percentage: ``Fraction(1, 3)`` → ``"33,33 %"``."""
    return f"{float(p) * 100:.{digits}f} %".replace(".", ",")


def clash_odds(libraries: Sequence[Library], rules: str = RULES_TODAY) -> OddsResult:
    """Exact odds for a clash between players whose top cards are uniformly random cards of
    ``libraries`` (each library shuffled independently).

    Today a card has one value (split: the sum) and at most one player wins, so
    ``P(i wins) = Σ_v P_i(v) · Π_{j≠i} P_j(< v)``. Under the rules of 2007 player i wins with card
    c when every other top card q has ``min(q) < max(c)``; the chance that nobody / several win
    is counted over the joint outcomes of distinct card kinds. All with ``fractions.Fraction``.

    Raises:
        ClashError: fewer than two libraries, too many, or an empty library.
    """
    check_rules(rules)
    if len(libraries) < 2:
        raise ClashError("Für eine Fehde braucht es mindestens zwei Bibliotheken.")
    if len(libraries) > MAX_PLAYERS:
        raise ClashError(f"Höchstens {MAX_PLAYERS} Spieler.")
    sizes = [sum(lib.values()) for lib in libraries]
    if any(s <= 0 for s in sizes):
        raise ClashError("Jede Bibliothek braucht mindestens eine Karte.")
    # per player: distribution over (min, max) of the compared values
    dists: list[dict[tuple[int, int], Fraction]] = []
    for lib, size in zip(libraries, sizes, strict=True):
        d: dict[tuple[int, int], Fraction] = {}
        for kind, n in lib.items():
            vals = (sum(kind),) if rules == RULES_TODAY else kind
            key = (min(vals), max(vals))
            d[key] = d.get(key, Fraction(0)) + Fraction(n, size)
        dists.append(d)

    def p_min_below(j: int, v: int) -> Fraction:
        return sum((p for (lo, _), p in dists[j].items() if lo < v), Fraction(0))

    win: list[Fraction] = []
    for i, d in enumerate(dists):
        total = Fraction(0)
        for (_, hi), p in d.items():
            prod = p
            for j in range(len(dists)):
                if j != i:
                    prod *= p_min_below(j, hi)
            total += prod
        win.append(total)
    steps = rule_steps(rules)[:2]
    steps.append(Step("Jede Karte ist mit gleicher Wahrscheinlichkeit oben (gemischte Bibliotheken)."))
    for n, (lib, size) in enumerate(zip(libraries, sizes, strict=True), 1):
        steps.append(Step(f"Bibliothek {n}: {plural(size, 'Karte', 'Karten')} ({format_library(lib)})."))
    if rules == RULES_TODAY:
        nobody = 1 - sum(win, Fraction(0))
        several = Fraction(0)
        steps.append(
            Step(
                "Gewinnchance von Spieler i = Summe über jeden Manawert v seiner obersten Karte: "
                "P(v) × Produkt der Wahrscheinlichkeiten, dass jeder andere Spieler einen kleineren "
                "Wert aufdeckt. "
                "Gleichstand: niemand gewinnt."
            )
        )
        if any(len(k) > 1 for lib in libraries for k in lib):
            steps.append(Step("Geteilte Karten zählen mit der Summe ihrer Hälften.", None, SPLIT_RULINGS))
    else:
        nobody, several = _joint_2007(dists)
        steps.append(
            Step(
                "Regelstand 2007: die Hälften einer geteilten Karte zählen einzeln; Spieler i gewinnt, wenn "
                "sein höchster Wert über dem niedrigsten Wert jeder anderen Karte liegt. Mehrere Gewinner "
                "sind möglich.",
                None,
                CLASH_ARTICLE,
            )
        )
    for n, p in enumerate(win, 1):
        steps.append(Step(f"Spieler {n} gewinnt mit {p} ≈ {percent(p)}."))
    steps.append(Step(f"Niemand gewinnt mit {nobody} ≈ {percent(nobody)}."))
    if several:
        steps.append(Step(f"Mehrere gewinnen mit {several} ≈ {percent(several)}."))
    steps.append(Step("Exakt berechnet (Brüche), nicht durch Stichproben."))
    return OddsResult(rules, sizes, win, nobody, several, steps)


def _joint_2007(dists: list[dict[tuple[int, int], Fraction]]) -> tuple[Fraction, Fraction]:
    """P(nobody wins), P(several win) under the 2007 rules, by enumerating the joint outcomes of
    distinct (min, max) kinds. Raises ClashError when that product exceeds MAX_OUTCOMES."""
    size = 1
    for d in dists:
        size *= len(d)
    if size > MAX_OUTCOMES:
        raise ClashError("Zu viele verschiedene Kartenarten für eine exakte Rechnung nach Regelstand 2007.")
    nobody = Fraction(0)
    several = Fraction(0)
    items = [list(d.items()) for d in dists]
    for combo in itertools.product(*items):
        prob = Fraction(1)
        for _, p in combo:
            prob *= p
        count = 0
        for i, ((_, hi), _) in enumerate(combo):
            if all(combo[j][0][0] < hi for j in range(len(combo)) if j != i):
                count += 1
        if count == 0:
            nobody += prob
        elif count > 1:
            several += prob
    return nobody, several


@dataclass
class RevealResult:
    """A random reveal: the seed used and the clash it produced."""

    seed: int
    clash: ClashResult


def random_reveal(libraries: Sequence[Library], seed: int, rules: str = RULES_TODAY) -> RevealResult:
    """Reveal a uniformly random top card of each library with ``random.Random(seed)`` (same seed,
    same cards) and decide the clash.

    Raises:
        ClashError: as :func:`clash` and :func:`clash_odds`.
    """
    rng = random.Random(seed)
    cards = []
    for n, lib in enumerate(libraries, 1):
        size = sum(lib.values())
        if size <= 0:
            raise ClashError(f"Bibliothek {n} ist leer.")
        pick = rng.randrange(size)
        for kind, count in sorted(lib.items()):
            if pick < count:
                label = f"Karte mit Manawert {kind[0]}" if len(kind) == 1 else f"geteilte Karte ({values_text(kind)})"
                cards.append(RevealedCard(label, kind))
                break
            pick -= count
    result = clash(cards, rules)
    result.steps.insert(0, Step(f"Zufällig aufgedeckt mit Startwert {seed}."))
    return RevealResult(seed, result)
