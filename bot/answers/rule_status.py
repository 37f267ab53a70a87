"""Today's status as a list of the documents' rules and sections shows it, one place for every list (``/regel``'s
ranges and sections, ``/regel suche``'s hits, ``/mechanik``'s history, the term pages): an old rule number with
today's and, when the register says the rule changed or is worded differently today, that status in the words
``/frage``'s owner line uses (:data:`bot.answers.today.STATUS_LABELS`): ``**701.19c** (heute 701.30d; ℹ️ heute
anders formuliert)``. A rule whose number alone moved shows only today's number („(heute 701.30a)“ says it all).
"""

from __future__ import annotations

from bot.answers.today import STATUS_LABELS, cited_state, entry_state
from bot.answers.today_index import TodayIndex, number_label

#: The statuses a list names beside an entry: what it says is not what holds today, or is said otherwise today.
LISTED = frozenset({"changed", "wording"})


def rule_head(index: TodayIndex, prefix: str, number: str) -> str:
    """Rule ``number`` of document ``prefix`` (``"000"``) as a list names it: :func:`number_label` (``**701.19c**
    (heute 701.30d)``, bold) with its status of :data:`LISTED` (:func:`bot.answers.today.cited_state`) inside the
    brackets: ``**701.19c** (heute 701.30d; ℹ️ heute anders formuliert)``; a rule the register does not map, or
    whose number alone moved, as :func:`number_label` gives it."""
    head = number_label(index, prefix, number)
    state = cited_state(index, prefix, number)
    if state not in LISTED:
        return head
    said = STATUS_LABELS[state]
    return f"{head[:-1]}; {said})" if head.endswith(")") else f"{head} ({said})"


def entry_suffix(index: TodayIndex, kind: str, entry_id: int) -> str:
    """`` · ⚠️ heute überholt`` for a ruling or mechanics section (``kind`` ``"ruling"`` | ``"mechanic"``) whose
    status is of :data:`LISTED` (:func:`bot.answers.today.entry_state`), ``""`` otherwise: the mark a list's line
    about the entry ends in, as ``/mechanik`` opens the section with today's statement."""
    state = entry_state(index, kind, entry_id)
    return f" · {STATUS_LABELS[state]}" if state in LISTED else ""
