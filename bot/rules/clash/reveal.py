"""Clash (Fehde) for revealed cards: who wins, under today's rules or those of 2007, with the steps and the
rules they follow (see :mod:`bot.rules.clash`); cards given by mana cost or mana value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.rules.mana import MAX_GENERIC, format_cost, parse_faces
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


def check_rules(rules: str) -> None:
    """Raises :class:`ClashError` (German) unless ``rules`` is one of :data:`RULES`."""
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


def rule_steps(rules: str) -> list[Step]:
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
    check_rules(rules)
    if len(cards) < 2:
        raise ClashError("Für eine Fehde braucht es mindestens zwei Spieler (701.30b: du und ein Gegner).")
    if len(cards) > MAX_PLAYERS:
        raise ClashError(f"Höchstens {MAX_PLAYERS} Spieler.")
    cards = list(cards)
    values = [c.value(rules) for c in cards]
    steps = rule_steps(rules)
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
