"""Clash (Fehde) for whole libraries: exact winning odds from the mana values in each library, and seeded
random reveals (see :mod:`bot.rules.clash`)."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bot.rules.cite import Reason
from bot.rules.clash.reveal import (
    MAX_PLAYERS,
    RULES_TODAY,
    ClashError,
    ClashResult,
    RevealedCard,
    check_halves,
    check_rules,
    clash,
    win_rule,
)
from bot.rules.mana import MAX_GENERIC
from bot.text import german_int

MAX_LIBRARY = 10_000
MAX_OUTCOMES = 200_000  # joint outcomes enumerated for the 2007 "nobody wins" figure

#: a library: card kind (mana value of each half) → number of copies
Library = dict[tuple[int, ...], int]

_ENTRY = re.compile(r"^([0-9]+(?:/[0-9]+)*)\s*[:=x×]\s*([0-9]+)$")


def parse_library(text: str, number: int = 1) -> Library:
    """Parse mana value counts: ``"0:17 1:4 2:8 3:6 4:3"`` (value:count, separated by spaces,
    commas or semicolons). A split card is written with its halves' values: ``1/3:2``.

    Raises:
        ClashError: a malformed entry (named with its 1-based position), a split card of more than two halves
            (CR 709.1), a mana value above
            :data:`bot.rules.mana.MAX_GENERIC`, an empty library, or more than 10 000 cards. ``number`` is the
            library's number used in messages.
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
        check_halves(key, entry[:40], f"Bibliothek {number}, Eintrag {pos}: ")
        if any(v > MAX_GENERIC for v in key):  # as /fehde aufdecken and every cost: no card has more
            raise ClashError(
                f"Bibliothek {number}, Eintrag {pos} („{entry[:40]}“): ein Manawert über {MAX_GENERIC} kommt nicht "
                "vor (wie bei Manakosten)."
            )
        lib[key] = lib.get(key, 0) + int(m.group(2))
    lib = {k: v for k, v in lib.items() if v > 0}
    size = sum(lib.values())
    if size == 0:
        raise ClashError(f"Bibliothek {number} enthält keine Karten.")
    if size > MAX_LIBRARY:
        raise ClashError(f"Bibliothek {number} hat {german_int(size)} Karten; höchstens {german_int(MAX_LIBRARY)}.")
    return lib


@dataclass
class OddsResult:
    """Exact probabilities for the top cards of the libraries.

    Attributes:
        rules: ``"heute"`` or ``"2007"``.
        sizes: number of cards per library.
        win: probability that player i wins (``Fraction``).
        nobody: probability that nobody wins.
        several: probability that more than one player wins (only possible in 2007).
        libraries: the libraries (mana value of each half → copies).
        reasons: the rules that decide it (701.30a, 701.30d, 202.3d; 2007: the article).
        history: the article's 701.19c beside today's rule.
    """

    rules: str
    sizes: list[int]
    win: list[Fraction]
    nobody: Fraction
    several: Fraction
    libraries: list[Library] = field(default_factory=list)
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()


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
    dists = [_distribution(lib, size, rules) for lib, size in zip(libraries, sizes, strict=True)]
    win = [_win_chance(i, dists) for i in range(len(dists))]
    split = any(len(k) > 1 for lib in libraries for k in lib)
    reasons = [Reason.CLASH_RANDOM_TOP, win_rule(rules)]
    if rules == RULES_TODAY:
        nobody, several = 1 - sum(win, Fraction(0)), Fraction(0)
        reasons += [Reason.MV_SPLIT_SUM] if split else []
        history: tuple[Reason, ...] = (Reason.CLASH_WIN_2007,)
    else:
        nobody, several = _joint_2007(dists)
        reasons += [Reason.CLASH_SPLIT_HALVES_2007, Reason.CLASH_SEVERAL_2007] if split else []
        history = ()
    return OddsResult(rules, sizes, win, nobody, several, [dict(lib) for lib in libraries], tuple(reasons), history)


def _distribution(lib: Library, size: int, rules: str) -> dict[tuple[int, int], Fraction]:
    """The chance of each (lowest, highest) compared value of the top card of ``lib`` (today one value, the
    sum of a split card's halves; in 2007 each half)."""
    d: dict[tuple[int, int], Fraction] = {}
    for kind, n in lib.items():
        vals = (sum(kind),) if rules == RULES_TODAY else kind
        key = (min(vals), max(vals))
        d[key] = d.get(key, Fraction(0)) + Fraction(n, size)
    return d


def _win_chance(i: int, dists: list[dict[tuple[int, int], Fraction]]) -> Fraction:
    """P(player i wins): Σ over i's highest value v of P(v) × Π over the others of P(their lowest < v)."""

    def p_min_below(j: int, v: int) -> Fraction:
        return sum((p for (lo, _), p in dists[j].items() if lo < v), Fraction(0))

    total = Fraction(0)
    for (_, hi), p in dists[i].items():
        prod = p
        for j in range(len(dists)):
            if j != i:
                prod *= p_min_below(j, hi)
        total += prod
    return total


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
                cards.append(RevealedCard("", kind))
                break
            pick -= count
    return RevealResult(seed, clash(cards, rules))
