"""Clash (Fehde): who wins a clash, exact winning odds from library contents, seeded reveals.

Pure Python, no I/O. Implements rules 701.19a–c and the rulings of the clash article
(document 000, Lorwyn, 2007):

* 701.19c: a player wins if the revealed card has a higher mana value than all other revealed
  cards; if nobody's is higher (a tie), nobody wins; there are no draws or losses;
* an X in the mana cost counts 0; a card without mana cost (a land) counts 0;
* split cards, rules of 2007: each half's value is considered individually, so several players
  can win (A reveals 1 and 3, B reveals 2 → both win: 3 > 2 and 2 > 1);
* today (rulings on Getrieben // Verzweiflung, 2017) a split card has one mana value, the sum.

Semantics of 2007 implemented here, exactly as the article's example reads: a card "has a higher
mana value than" another card when one of its values is greater than one of the other card's
values (the Zwietracht FAQ: an effect asking about a split card sees both values; rule 708.6a of
the Comprehensive Rules of 2010: a relative comparison is "yes" if either half would say "yes").
So player P wins when, for every other revealed card Q, ``max(P) > min(Q)``.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.rules.mana import MAX_GENERIC, format_cost, parse_faces, plural
from bot.rules.steps import (
    CLASH_ARTICLE,
    COMPREHENSIVE_RULES,
    COMPREHENSIVE_RULES_2010,
    DISSENSION_FAQ,
    SPLIT_RULINGS,
    Step,
)

RULES_TODAY = "heute"
RULES_2007 = "2007"
RULES = (RULES_TODAY, RULES_2007)
MAX_PLAYERS = 8
MAX_LIBRARY = 10_000
MAX_OUTCOMES = 200_000  # joint outcomes enumerated for the 2007 "nobody wins" figure


class ClashError(ValueError):
    """Bad clash input; ``str(err)`` is a German message for the user."""


@dataclass(frozen=True)
class RevealedCard:
    """A revealed card.

    Attributes:
        label: how the card is shown (a name, a cost like ``{3}{R}``, or a number).
        faces: mana value of each half (one entry for a normal card; lands: ``(0,)``).
        face_labels: names or costs of the halves, for explanations (same length as ``faces``).
    """

    label: str
    faces: tuple[int, ...]
    face_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.faces:
            raise ClashError(f"Karte „{self.label}“ hat keinen Manawert.")
        if any(v < 0 for v in self.faces):
            raise ClashError(f"Karte „{self.label}“: ein Manawert kann nicht negativ sein.")

    def half(self, i: int) -> str:
        """Label of half ``i`` (``"Bestimmt"``, else ``"Hälfte 1"``)."""
        if i < len(self.face_labels) and self.face_labels[i]:
            return self.face_labels[i]
        return f"Hälfte {i + 1}"

    def value(self, rules: str) -> tuple[int, ...]:
        """The values compared: today one value (sum of halves, 002); 2007 each half (000)."""
        return (sum(self.faces),) if rules == RULES_TODAY else self.faces


def _check_rules(rules: str) -> None:
    if rules not in RULES:
        raise ClashError(f"Unbekannter Regelstand „{rules}“; erlaubt sind „heute“ und „2007“.")


@dataclass
class ClashResult:
    """Outcome of one clash.

    Attributes:
        cards: the revealed cards, one per player (player i = ``cards[i]``, 0-based).
        rules: ``"heute"`` or ``"2007"``.
        values: the compared values per player (one each today, per half in 2007).
        winners: 0-based indices of the winning players (empty: nobody wins).
        verdicts: per player a German sentence why they win or not (per half in 2007).
        steps: explanation.
    """

    cards: list[RevealedCard]
    rules: str
    values: list[tuple[int, ...]]
    winners: list[int]
    verdicts: list[str]
    steps: list[Step]


def _beats(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, int] | None:
    """Indices (i, j) with a[i] > b[j] and a[i] maximal, b[j] minimal; None if no value of a
    beats a value of b."""
    i = max(range(len(a)), key=lambda k: a[k])
    j = min(range(len(b)), key=lambda k: b[k])
    return (i, j) if a[i] > b[j] else None


def win_rule(rules: str) -> tuple[str, str]:
    """The rule that decides who wins, with its source: today 701.30d of the Comprehensive Rules
    (17.04.2026); under the rules of 2007 701.19c as printed in the clash article."""
    return ("701.30d", COMPREHENSIVE_RULES) if rules == RULES_TODAY else ("701.19c", CLASH_ARTICLE)


def _rule_steps(rules: str) -> list[Step]:
    """The rules a clash follows, cited from the source of that rules state (issue 9: today's result
    cites today's rule; the article only for 2007)."""
    rule, source = win_rule(rules)
    if rules == RULES_TODAY:
        return [
            Step(
                "Jeder Spieler, der eine Fehde austrägt, deckt gleichzeitig die oberste Karte seiner Bibliothek auf.",
                "701.30a, 701.30c",
                COMPREHENSIVE_RULES,
            ),
            Step(
                "Ein Spieler gewinnt eine Fehde, wenn er eine Karte mit höherem Manawert aufdeckt als alle anderen "
                "in dieser Fehde aufgedeckten Karten.",
                rule,
                source,
            ),
            Step(
                "Ein X in den Manakosten zählt 0, solange die Karte nicht auf dem Stapel ist; eine Karte ohne "
                "Manakosten (z. B. ein Land) hat Manawert 0.",
                "202.3e, 202.3a",
                COMPREHENSIVE_RULES,
            ),
        ]
    return [
        Step("Jeder Spieler deckt die oberste Karte seiner Bibliothek auf.", "701.19a", CLASH_ARTICLE),
        Step(
            "Ein Spieler gewinnt eine Fehde, wenn er eine Karte mit höheren Manakosten aufdeckt als alle anderen "
            "in dieser Fehde aufgedeckten Karten.",
            rule,
            source,
        ),
        Step(
            "Ein X in den Manakosten zählt 0; eine Karte ohne Manakosten (z. B. ein Land) hat 0.", None, CLASH_ARTICLE
        ),
        Step(
            "Heute steht die Regel unter 701.30d (Manawert statt Manakosten).",
            "701.30d",
            COMPREHENSIVE_RULES,
        ),
    ]


def clash(cards: Sequence[RevealedCard], rules: str = RULES_TODAY) -> ClashResult:
    """Decide a clash between ``len(cards)`` players (701.19c, clash article 2007).

    Raises:
        ClashError: fewer than two players, more than :data:`MAX_PLAYERS`, or unknown ``rules``.
    """
    _check_rules(rules)
    if len(cards) < 2:
        raise ClashError("Für eine Fehde braucht es mindestens zwei Spieler (701.30b: du und ein Gegner).")
    if len(cards) > MAX_PLAYERS:
        raise ClashError(f"Höchstens {MAX_PLAYERS} Spieler.")
    cards = list(cards)
    values = [c.value(rules) for c in cards]
    steps = _rule_steps(rules)
    split = any(len(c.faces) > 1 for c in cards)
    for n, c in enumerate(cards, 1):
        if len(c.faces) > 1:
            halves = " und ".join(f"{c.half(i)} ({v})" for i, v in enumerate(c.faces))
            shown = f"{sum(c.faces)} (Summe: {halves})" if rules == RULES_TODAY else halves
            steps.append(Step(f"Spieler {n}: {c.label} – geteilte Karte, Manawert {shown}."))
        else:
            steps.append(Step(f"Spieler {n}: {c.label} – Manawert {c.faces[0] if c.faces else 0}."))
    if split and rules == RULES_TODAY:
        steps.append(
            Step(
                "Regelstand heute: eine geteilte Karte hat außerhalb des Stapels einen Manawert, die Summe "
                "ihrer Hälften.",
                None,
                SPLIT_RULINGS,
            )
        )
    elif split:
        steps.append(
            Step(
                "Regelstand 2007: bei einer geteilten Karte werden die Manakosten beider Hälften unabhängig "
                "voneinander betrachtet; so können mehrere Spieler eine Fehde gewinnen.",
                None,
                CLASH_ARTICLE,
            )
        )
        steps.append(
            Step(
                "Eine Karte hat höhere Manakosten als eine andere, wenn einer ihrer Werte größer ist "
                "als einer der anderen (wie im Beispiel des Artikels: 3 > 2 und 2 > 1, beide gewinnen).",
                None,
                CLASH_ARTICLE,
            )
        )
        steps.append(
            Step(
                "So sah das Spiel damals jede geteilte Karte: mit zwei Werten, z. B. „5 und 2“ für "
                "Bestimmt // Unbeirrt.",
                None,
                DISSENSION_FAQ,
            )
        )
        steps.append(
            Step(
                "Ein Vergleich mit einer geteilten Karte ergibt „ja“, wenn eine ihrer Hälften einzeln verglichen "
                "„ja“ ergäbe; so wird „höher als alle anderen“ hier für jede andere Karte geprüft.",
                "708.6a",
                COMPREHENSIVE_RULES_2010,
            )
        )
    winners: list[int] = []
    verdicts: list[str] = []
    for p, card in enumerate(cards):
        reasons: list[str] = []
        lost_to: str | None = None
        for q, other in enumerate(cards):
            if q == p:
                continue
            hit = _beats(values[p], values[q])
            mine = card.half(hit[0]) if hit and rules == RULES_2007 and len(card.faces) > 1 else card.label
            theirs = other.half(hit[1]) if hit and rules == RULES_2007 and len(other.faces) > 1 else other.label
            if hit is None:
                best = max(values[p])
                low = min(values[q])
                lost_to = (
                    f"{best} ist nicht höher als {low} ({other.label}, Spieler {q + 1})"
                    if best == low
                    else f"{best} ist kleiner als {low} ({other.label}, Spieler {q + 1})"
                )
                break
            reasons.append(f"{mine} ({values[p][hit[0]]}) > {theirs} ({values[q][hit[1]]}) von Spieler {q + 1}")
        if lost_to is None:
            winners.append(p)
            verdicts.append(f"Spieler {p + 1} gewinnt: " + "; ".join(reasons) + ".")
        else:
            verdicts.append(f"Spieler {p + 1} gewinnt nicht: {lost_to}.")
        steps.append(Step(verdicts[-1], *win_rule(rules)))
    if not winners and rules == RULES_TODAY:
        steps.append(
            Step(
                "Keine aufgedeckte Karte hat einen höheren Manawert als alle anderen: niemand gewinnt die Fehde.",
                "701.30d",
                COMPREHENSIVE_RULES,
            )
        )
    elif not winners:
        steps.append(
            Step(
                "Keine aufgedeckte Karte hat höhere Manakosten als alle anderen: niemand gewinnt die Fehde. "
                "Es gibt in einer Fehde weder Remis noch Niederlage.",
                None,
                CLASH_ARTICLE,
            )
        )
    elif len(winners) > 1:
        steps.append(Step(f"Mehrere Gewinner: Spieler {', '.join(str(w + 1) for w in winners)}.", None, CLASH_ARTICLE))
    return ClashResult(cards, rules, values, winners, verdicts, steps)


# --------------------------------------------------------------------------- libraries & odds

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
    _check_rules(rules)
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
    steps = _rule_steps(rules)[:2]
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


def card_from_cost(text: str, label: str | None = None, names: Sequence[str] = ()) -> RevealedCard:
    """A card given by its mana cost (``"{3}{R}"``, a split card ``"{3}{B}{G} // {G}{U}"``; an
    empty half = no mana cost = 0). X counts 0 (clash article).

    Raises:
        ManaError: a malformed cost (German message naming the symbol).
    """
    faces = parse_faces(text)
    return RevealedCard(
        label or format_cost(faces),
        tuple(f.mana_value(0) for f in faces),
        tuple(names) if names else tuple(f.text if f.symbols else "ohne Manakosten" for f in faces),
    )


def card_from_number(text: str) -> RevealedCard:
    """A card given by its mana value(s): ``"4"`` or a split card ``"1/3"``.

    Raises:
        ClashError: not a number, or a value above :data:`bot.rules.mana.MAX_GENERIC` (as for costs).
    """
    parts = text.strip().split("/")
    if not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise ClashError(f"„{text}“ ist keine Zahl.")
    values = tuple(int(p) for p in parts)
    if any(v > MAX_GENERIC for v in values):
        raise ClashError(f"Ein Manawert über {MAX_GENERIC} kommt nicht vor (wie bei Manakosten).")
    return RevealedCard(text.strip(), values)


__all__ = [
    "RULES",
    "RULES_2007",
    "RULES_TODAY",
    "ClashError",
    "ClashResult",
    "Library",
    "OddsResult",
    "RevealResult",
    "RevealedCard",
    "card_from_cost",
    "card_from_number",
    "clash",
    "clash_odds",
    "format_library",
    "parse_library",
    "percent",
    "random_reveal",
    "values_text",
    "win_rule",
]
