"""Explanation steps shared by the rules engines, and the documents they cite.

Every engine in :mod:`bot.rules` returns a result object with a ``steps`` list of :class:`Step`.
A step names the rule number as printed in its document (old FAQs use the numbering of their
time, e.g. 502.46 for Einberufen; never renumbered) and a short label of that document, so a
reader can tell whether a rule of 2006 or of today applied.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

# Short labels of the documents in data/sources/ (file prefix in brackets), used in steps.
CLASH_ARTICLE = "Fehde-Artikel, 2007"  # 000: rules 701.19a–c and rulings
RAVNICA_FAQ = "Ravnica-FAQ, 2005"  # 001: hybrid 104.3f, 203.2e, Einberufen 502.46
DISSENSION_FAQ = "Zwietracht-FAQ, 2006"  # 001: split cards with two values
COLDSNAP_FAQ = "Kälteeinbruch-FAQ, 2006"  # 001: snow mana {S}, Kumulative Versorgung 502.13a
SPLIT_RULINGS = "Rulings zu Getrieben // Verzweiflung, 2017"  # 002: split mana value = sum
FAST_FORWARD_RULINGS = "Rulings zu Schnellvorlauf, 2026"  # 004: total cost
#: today's official rules (English; in ../shared/reference, imported by ``build --cr``), for the rules
#: the five documents leave open: cost reductions 118.7, mana value 202.3, clash 701.30. The engines cite
#: them undated; the answers add the effective date of the store's build (:func:`dated_steps`).
COMPREHENSIVE_RULES = "Comprehensive Rules"
#: the official rules of 2010 (still with 701.19 clash and two mana values per split card, 708.6a)
COMPREHENSIVE_RULES_2010 = "Comprehensive Rules, 01.10.2010"


@dataclass(frozen=True)
class Step:
    """One explained step of a calculation.

    Attributes:
        text: German explanation of what was done and why.
        rule: rule number as printed in the source (e.g. ``"701.19c"``), or ``None`` for plain
            arithmetic and for rulings without a number.
        source: document label (one of the constants of this module), or ``None``.
    """

    text: str
    rule: str | None = None
    source: str | None = None

    @property
    def citation(self) -> str:
        """``"701.19c (Fehde-Artikel, 2007)"``, ``"(Ravnica-FAQ, 2005)"`` or ``""``."""
        if self.rule and self.source:
            return f"{self.rule} ({self.source})"
        if self.rule:
            return self.rule
        if self.source:
            return f"({self.source})"
        return ""

    def __str__(self) -> str:
        cite = self.citation
        return f"{cite}: {self.text}" if cite else self.text


def sources_of(steps: list[Step]) -> list[str]:
    """The distinct document labels cited by ``steps``, in order of first appearance."""
    seen: list[str] = []
    for step in steps:
        if step.source and step.source not in seen:
            seen.append(step.source)
    return seen


def dated_steps(steps: list[Step], dated: str) -> list[Step]:
    """``steps`` with every citation of today's rules (source :data:`COMPREHENSIVE_RULES`) given the label
    ``dated`` (``"Comprehensive Rules, 17.04.2026"``, the effective date of the store's build); other steps
    unchanged, order kept."""
    return [replace(s, source=dated) if s.source == COMPREHENSIVE_RULES else s for s in steps]
