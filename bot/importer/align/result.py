"""The result of mapping one old rule number: :class:`RuleMatch`, and the thresholds of the text passes."""

from __future__ import annotations

from dataclasses import dataclass

CERTAIN_SCORE = 85.0  # rapidfuzz ratio 0..100 needed for a certain text match
CERTAIN_MARGIN = 10.0  # … and this much ahead of the runner-up
MIN_SCORE = 55.0  # below this no match at all


@dataclass
class RuleMatch:
    """Where an old rule number went in a newer CR.

    ``new`` is None when nothing matched. ``score`` is 0..100 (100 for title matches),
    ``method`` one of ``section-title``, ``section-content`` (renamed section, never certain),
    ``rule-title``, ``text-identical`` (same folded text, found anywhere),
    ``text-loose`` (word overlap, never certain), ``text``, ``text-section`` (found outside its matched
    parent), ``none``,
    and for FAQ keyword numbers ``keyword-table`` / ``keyword-table-parent``.
    ``runner_up`` is the second-best candidate's number, if any.
    """

    old: str
    new: str | None
    score: float
    method: str
    certain: bool
    runner_up: str | None = None

