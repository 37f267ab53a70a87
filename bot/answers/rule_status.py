"""Today's status as a list of the documents' rules and sections shows it, one place for every list (``/regel``'s
ranges and sections, ``/regel suche``'s hits, ``/mechanik``'s history, the term pages): an old rule number with
today's and, when the register says the rule changed or is worded differently today, that status in the words
``/frage``'s owner line uses (:data:`bot.answers.today.STATUS_LABELS`): ``**701.19c** (heute 701.30d; ℹ️ heute
anders formuliert)``. A rule whose number alone moved shows only today's number („(heute 701.30a)“ says it all).
"""

from __future__ import annotations

from bot.answers.today import STATUS_LABELS, PageNotes, cited_state, cited_text, entry_state, notice_line
from bot.answers.today_facts import entry_status
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


def listed_entry(index: TodayIndex, kind: str, entry_id: int, line: str, notes: PageNotes | None = None) -> str:
    """A list's ``line`` about a ruling or section (``kind`` ``"ruling"`` | ``"mechanic"``) with today's status, as
    ``/mechanik`` and ``/frage`` state it: the mark of :func:`entry_suffix`, then for a marked entry the register's
    statements of today, each :func:`bot.answers.today.notice_line` (``⚠️ **Heute:** Einberufen ist heute Regel
    702.51: … _(Beleg: 702.51a, 702.51b (…))_``) on its own line, or the tie (``⚠️¹``) to the page's shared notice
    when ``notes`` states it once (:class:`bot.answers.today.PageNotes`: Fehde and Clash, one row). A confirmation
    (``unchanged``) is not repeated: the mark says it all. ``line`` unchanged for an entry without a listed status."""
    suffix = entry_suffix(index, kind, entry_id)
    if not suffix:
        return line
    shown = [n for n in entry_status(index, kind, entry_id).notices if n.status != "unchanged"]
    ties = [notes.tie_notice(n) for n in shown if notes is not None and n.key in notes.shared]
    own = [notice_line(index, n) for n in shown if notes is None or n.key not in notes.shared]
    return "\n".join([" ".join([line + suffix, *ties]), *own])


def listed_rule(index: TodayIndex, prefix: str, number: str, head: str, text: str) -> str:
    """A listed rule of document ``prefix`` as a list shows it: its ``head`` (:func:`rule_head` and the source),
    then its ``text`` as shown today (:func:`bot.answers.today.cited_text` without today's quoted rule, which its
    button opens): a changed rule's statement of today first, its printed text after it as history
    (``**Früher** (heute überholt): …``); a note on its wording after the text. 502.46b: ``⚠️ **Heute:** Kein
    Gegenstück: Einberufen reduziert heute keine Kosten (702.51a-b), …``."""
    shown = cited_text(index, prefix, number, text, quote=False)
    return f"{head}\n{shown}"
