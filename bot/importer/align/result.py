"""The result of mapping one old rule number: :class:`RuleMatch`, and the thresholds of the text passes."""

from __future__ import annotations

from bot.model import RuleMatch

__all__ = ["CERTAIN_MARGIN", "CERTAIN_SCORE", "MIN_SCORE", "RuleMatch"]

CERTAIN_SCORE = 85.0  # rapidfuzz ratio 0..100 needed for a certain text match
CERTAIN_MARGIN = 10.0  # … and this much ahead of the runner-up
MIN_SCORE = 55.0  # below this no match at all

