"""Mana value and colours of a cost, explained. Pure Python, no I/O.

Sources: 202.3 (mana value; 202.3a no cost, 202.3d split card, 202.3e X, 202.3f hybrid, 202.3g Phyrexian)
and 202.2d (a hybrid or Phyrexian symbol gives its colours) of the Comprehensive Rules (17.04.2026), 203.2e as
quoted in the Ravnica FAQ (2005) as its history; the Zwietracht FAQ (2006, a split card with two values) and
the rulings on Getrieben // Verzweiflung (2017, one value, the sum).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.rules.cite import Reason, distinct
from bot.rules.mana.symbols import RULES_2006, RULES_TODAY, ManaCost, ManaError, SymbolKind, color_order

#: German colour names (the vocabulary of the colour words that :mod:`bot.rules.mana.pool` reads)
COLOR_NAMES = {"W": "weiß", "U": "blau", "B": "schwarz", "R": "rot", "G": "grün"}


@dataclass
class ManaValueResult:
    """Mana value of a card's cost(s) (202.3).

    Attributes:
        faces: the halves (one for a normal card).
        values: mana value of each half.
        value: today's single value (the sum of the halves, 202.3d) — for a normal card its only value.
        rules: ``"heute"`` or ``"2006"`` (the Zwietracht FAQ's two values for a split card).
        parts: per half, what each of its symbols contributes (``{2/W}`` 2, X its value or 0).
        x: the value of X on the stack, None off the stack (X counts 0, 202.3e).
        reasons: the rules that decide the value (202.3a, 202.3d–g; 2006: the Zwietracht FAQ).
        history: the dated rule shown beside today's (a split card's two values of 2006).
    """

    faces: list[ManaCost]
    values: tuple[int, ...]
    value: int
    rules: str
    parts: tuple[tuple[int, ...], ...] = ()
    x: int | None = None
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()

    @property
    def shown(self) -> str:
        """``"7"`` (today) or ``"5 und 2"`` (2006 rules for a split card)."""
        if self.rules == RULES_2006 and len(self.values) > 1:
            return " und ".join(map(str, self.values))
        return str(self.value)


def explain_mana_value(
    faces: ManaCost | Sequence[ManaCost], rules: str = RULES_TODAY, x: int | None = None
) -> ManaValueResult:
    """Mana value with the rules that decide it. X counts ``x`` when given (on the stack), else 0 (202.3e);
    ``{2/W}`` counts 2 (202.3f); Phyrexian counts 1 (202.3g); no mana cost counts 0 (202.3a); a split card's
    value is the sum of its halves today (202.3d; rulings of 2017), two values under the rules of 2006
    (Zwietracht FAQ).

    Raises:
        ValueError: ``rules`` is not ``"heute"`` or ``"2006"``.
        ManaError: ``x`` is negative.
    """
    if rules not in (RULES_TODAY, RULES_2006):
        raise ValueError(f"Unbekannter Regelstand {rules!r}")
    if x is not None and x < 0:
        raise ManaError("X kann nicht negativ sein.")
    halves = [faces] if isinstance(faces, ManaCost) else list(faces)
    parts = tuple(tuple(s.mana_value(x or 0) for s in face.symbols) for face in halves)
    values = tuple(map(sum, parts))
    kinds = {s.kind for f in halves for s in f.symbols}
    reasons: list[Reason] = []
    if any(s.kind is SymbolKind.VARIABLE and s.var == "X" for f in halves for s in f.symbols):  # 202.3e: X only
        reasons.append(Reason.MV_X_OFF_STACK if x is None else Reason.MV_X_ON_STACK)
    if SymbolKind.MONO_HYBRID in kinds:
        reasons.append(Reason.MV_HYBRID_LARGEST)
    elif kinds & {SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID}:
        reasons.append(Reason.MV_HYBRID)
    if SymbolKind.PHYREXIAN in kinds:
        reasons.append(Reason.MV_PHYREXIAN)
    if any(not f.symbols for f in halves):
        reasons.append(Reason.MV_NO_COST)
    history: list[Reason] = []
    if len(halves) > 1:
        reasons.append(Reason.MV_SPLIT_SUM if rules == RULES_TODAY else Reason.MV_SPLIT_2006)
        if rules == RULES_TODAY:
            history.append(Reason.MV_SPLIT_2006)
    return ManaValueResult(halves, values, sum(values), rules, parts, x, distinct(reasons), tuple(history))


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
    """Colours of a cost in printed order, with the rules that give them.

    Attributes:
        colors: colour letters in printed order (:func:`color_order`); empty for a colourless cost.
        reasons: 202.2d (hybrid and Phyrexian symbols give their colours), 709.4b (split card: both halves).
        history: 203.2e as quoted in the Ravnica FAQ (2005), where hybrid symbols are present.
    """

    colors: tuple[str, ...]
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()

    @property
    def names(self) -> str:
        """German colour list (``"grün und weiß"``, ``"farblos"``)."""
        return color_names(self.colors)


def explain_colors(faces: ManaCost | Sequence[ManaCost]) -> ColorResult:
    """Colours from the cost(s): every coloured, hybrid (all its colours, 202.2d), monocoloured hybrid and
    Phyrexian symbol adds its colour(s); generic, {C}, {S} and X add none; a split card has the colours of
    both halves (709.4b)."""
    halves = [faces] if isinstance(faces, ManaCost) else list(faces)
    symbols = [s for face in halves for s in face.symbols]
    colors = color_order(c for s in symbols for c in s.colors)
    reasons: list[Reason] = []
    history: list[Reason] = []
    if any(s.kind.announced for s in symbols):
        reasons.append(Reason.COLOR_HYBRID)
        history.append(Reason.COLOR_HYBRID_2005)
    if len(halves) > 1:
        reasons.append(Reason.COLOR_SPLIT)
    return ColorResult(colors, tuple(reasons), tuple(history))
