"""Mana value and colours of a cost, explained. Pure Python, no I/O.

Sources: 202.3 (mana value; 202.3e X, 202.3f hybrid, 202.3g Phyrexian) of the Comprehensive Rules
(17.04.2026); 203.2e as quoted in the Ravnica FAQ (hybrid gives both colours); the Zwietracht FAQ
(2006, split card „5 und 2“) and the rulings on Getrieben // Verzweiflung (2017, one value, the sum).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.rules.mana.symbols import (
    COLOR_NAMES,
    HYBRID,
    MONO_HYBRID,
    PHYREXIAN,
    RULES_2006,
    RULES_TODAY,
    VARIABLE,
    ManaCost,
    ManaError,
    color_order,
)
from bot.rules.steps import COMPREHENSIVE_RULES as CR
from bot.rules.steps import DISSENSION_FAQ, RAVNICA_FAQ, SPLIT_RULINGS, Step

# --------------------------------------------------------------------------- mana value & colours


@dataclass
class ManaValueResult:
    """Mana value of a card's cost(s).

    Attributes:
        faces: the halves (one for a normal card).
        values: mana value of each half.
        value: today's single value (sum of halves, 002) — for a normal card its only value.
        rules: ``"heute"`` or ``"2006"`` (the Zwietracht FAQ's two values).
        steps: explanation.
    """

    faces: list[ManaCost]
    values: tuple[int, ...]
    value: int
    rules: str
    steps: list[Step]

    @property
    def shown(self) -> str:
        """``"7"`` (today) or ``"5 und 2"`` (2006 rules for a split card)."""
        if self.rules == RULES_2006 and len(self.values) > 1:
            return " und ".join(map(str, self.values))
        return str(self.value)


def explain_mana_value(
    faces: ManaCost | Sequence[ManaCost], rules: str = RULES_TODAY, x: int | None = None
) -> ManaValueResult:
    """Mana value with explanation. X counts ``x`` when given, else 0; ``{2/W}`` counts 2;
    Phyrexian counts 1; a split card's value is the sum today (002), two values under the
    rules of 2006 (Zwietracht FAQ).

    Raises:
        ValueError: ``rules`` is not ``"heute"`` or ``"2006"``, or ``x`` is negative.
    """
    if rules not in (RULES_TODAY, RULES_2006):
        raise ValueError(f"Unbekannter Regelstand {rules!r}")
    if x is not None and x < 0:
        raise ManaError("X kann nicht negativ sein.")
    halves = [faces] if isinstance(faces, ManaCost) else list(faces)
    xv = x or 0
    values = tuple(f.mana_value(xv) for f in halves)
    steps: list[Step] = []
    for number, (face, value) in enumerate(zip(halves, values, strict=True), 1):
        parts = [f"{s.text}={s.mana_value(xv)}" for s in face.symbols]
        label = f"Hälfte {number} " if len(halves) > 1 else ""
        if not face.symbols:
            steps.append(Step(f"{label}ohne Manakosten: Manawert 0.", None, None))
        else:
            steps.append(Step(f"{label}{face.text}: " + " + ".join(parts) + f" = {value}."))
    kinds = {s.kind for f in halves for s in f.symbols}
    if VARIABLE in kinds:
        if x is None:
            steps.append(
                Step("Ein X zählt als 0, solange kein Wert für X feststeht (außerhalb des Stapels).", "202.3e", CR)
            )
        else:
            steps.append(Step(f"Auf dem Stapel zählt X den gewählten Wert, hier {x} (Y und Z zählen 0).", "202.3e", CR))
    if MONO_HYBRID in kinds:
        steps.append(Step("Bei Hybrid-Symbolen zählt der größere Teil: {2/W} zählt 2, {G/W} zählt 1.", "202.3f", CR))
    elif HYBRID in kinds:
        steps.append(Step("Jedes Hybrid-Symbol zählt 1 (es steht für ein Mana einer von zwei Farben).", "202.3f", CR))
    if PHYREXIAN in kinds:
        steps.append(
            Step("Ein phyrexianisches Symbol zählt 1, auch wenn es mit Lebenspunkten bezahlt wird.", "202.3g", CR)
        )
    if len(halves) > 1:
        if rules == RULES_TODAY:
            steps.append(
                Step(
                    "Geteilte Karte: heute ist ihr Manawert die Summe der Hälften, "
                    f"{' + '.join(map(str, values))}"
                    f" = {sum(values)}. Das ist eine Änderung gegenüber den früheren Regeln.",
                    None,
                    SPLIT_RULINGS,
                )
            )
            steps.append(
                Step(
                    "Außerhalb des Stapels ergibt sich der Manawert einer geteilten Karte aus den kombinierten "
                    "Manakosten ihrer Hälften; auf dem Stapel zählt nur die gewirkte Hälfte.",
                    "202.3d",
                    CR,
                )
            )
        else:
            steps.append(
                Step(
                    "Geteilte Karte nach den Regeln von 2006: das Spiel sieht zwei Werte, "
                    f"„{' und '.join(map(str, values))}“"
                    + ("." if values == (5, 2) else " (die FAQ nennt für Bestimmt // Unbeirrt „5 und 2“)."),
                    None,
                    DISSENSION_FAQ,
                )
            )
    return ManaValueResult(halves, values, sum(values), rules, steps)


def color_names(colors: Iterable[str]) -> str:
    """German colour list: ``("G", "W")`` → ``"grün und weiß"``; empty → ``"farblos"``."""
    names = [COLOR_NAMES[c] for c in colors]
    if not names:
        return "farblos"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " und " + names[-1]


@dataclass
class ColorResult:
    """Colours of a cost (printed order) with explanation (rule 203.2e, Ravnica FAQ)."""

    colors: tuple[str, ...]
    steps: list[Step]

    @property
    def names(self) -> str:
        """German colour list (``"grün und weiß"``, ``"farblos"``)."""
        return color_names(self.colors)


def explain_colors(faces: ManaCost | Sequence[ManaCost]) -> ColorResult:
    """Colours from the cost(s): every coloured, hybrid (both colours, 203.2e), monocoloured
    hybrid and Phyrexian symbol adds its colour(s); generic, {C}, {S} and X add none."""
    halves = [faces] if isinstance(faces, ManaCost) else list(faces)
    found: set[str] = set()
    steps: list[Step] = []
    hybrid_seen = False
    for face in halves:
        for s in face.symbols:
            found.update(s.colors)
            hybrid_seen |= s.kind in (HYBRID, PHYREXIAN) and len(s.colors) == 2
    colors = color_order(found)
    if hybrid_seen:
        steps.append(
            Step(
                "Ein Objekt mit Hybrid-Symbolen in den Manakosten hat beide Farben jedes dieser Symbole, "
                "egal womit bezahlt wird.",
                "203.2e",
                RAVNICA_FAQ,
            )
        )
    if len(halves) > 1:
        steps.append(
            Step(
                "Eine geteilte Karte hat außerhalb des Stapels die Farben beider Hälften.",
                None,
                SPLIT_RULINGS,
            )
        )
    if not colors:
        steps.append(
            Step("Keine farbigen Symbole: die Kosten sind farblos ({C}, {S}, X und Zahlen haben keine Farbe).")
        )
    elif len(colors) > 1:
        steps.append(Step(f"Mehr als eine Farbe: mehrfarbig ({color_names(colors)})."))
    else:
        steps.append(Step(f"Genau eine Farbe: einfarbig {color_names(colors)}."))
    return ColorResult(colors, steps)
