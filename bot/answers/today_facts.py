"""The facts of one entry today, as the change register states them (:mod:`bot.answers.today_index` reads it):
its register rows as :class:`Notice` objects, strongest first, the old terms it uses and the later document
rulings that say today's rule (:func:`entry_status`), and how each status is shown (:data:`STYLES`). The German
text made of these facts is :mod:`bot.answers.today`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.answers.today_index import EVIDENCE_REF, ChangeRow, DocEvidence, TermRow, TodayIndex, evidence_text
from bot.store import RuleReview


@dataclass(frozen=True)
class Style:
    """How a status is shown: its mark, whether today's statement stands before the document's text, how that text
    is labelled then (``Früher`` … ``heute überholt``; empty: the text stands unlabelled), and the status in words
    (``word``: ``zu prüfen``, :data:`bot.answers.today.STATUS_LABELS`)."""

    mark: str
    first: bool
    label: str = ""
    state: str = ""
    word: str = ""


#: Every status the register gives, strongest first. A new status is one more row (and one more case in
#: :func:`entry_status`). ``review``: the row's evidence changed in newer rules ("zu prüfen"), whatever its kind.
STYLES: dict[str, Style] = {
    "review": Style("🔎", True, "Im Dokument", word="zu prüfen"),
    "changed": Style("⚠️", True, "Früher", "heute überholt", word="heute überholt"),
    # a confirmed entry is read first: its text leads, the confirmation follows it (as a wording notice)
    "unchanged": Style("✅", False, word="gilt weiterhin"),
    "wording": Style("ℹ️", False, word="heute anders formuliert"),
}
_ORDER = {status: n for n, status in enumerate(STYLES)}


@dataclass(frozen=True)
class Notice:
    """One statement of the register about an entry: its ``status`` (a key of :data:`STYLES`: the row's kind,
    or ``review`` when rules it rests on changed since), what holds ``today``, the rendered ``evidence``, the
    rule numbers it cites (today's text can be quoted), the row's own ``kind`` (changed | unchanged | wording)
    and its ``reviews`` (:class:`bot.model.RuleReview`, empty unless "zu prüfen")."""

    status: str
    today: str
    evidence: str
    rules: tuple[str, ...] = ()
    key: str = ""
    kind: str = ""
    reviews: tuple[RuleReview, ...] = ()


@dataclass(frozen=True)
class EntryStatus:
    """Today's status of one ruling or section (:func:`entry_status`)."""

    notices: tuple[Notice, ...] = ()
    terms: tuple[TermRow, ...] = ()
    newer: tuple[DocEvidence, ...] = ()

    @property
    def outdated(self) -> bool:
        """True when a ``changed`` row names the entry (its statement is wrong today; also when that row is
        "zu prüfen")."""
        return any((n.kind or n.status) == "changed" for n in self.notices)

    @property
    def lead(self) -> Style | None:
        """The style of the strongest notice that stands before the text (changed before unchanged), or None."""
        return next((STYLES[n.status] for n in self.notices if STYLES[n.status].first), None)


NO_STATUS = EntryStatus()  #: the status of an entry the register does not name


def entry_status(index: TodayIndex, kind: str, entry_id: int) -> EntryStatus:
    """What the register says about entry ``(kind, entry_id)`` (``"ruling"`` or ``"mechanic"``, store id); a row
    "zu prüfen" gives a notice of status ``review`` (strongest first). Made once per entry the register names and
    kept with ``index`` (:attr:`TodayIndex.statuses`: at most one per register entry; the index is the store's);
    an entry it does not name has no status (:data:`NO_STATUS`, nothing kept)."""
    key = (kind, entry_id)
    if key not in index.by_entry and key not in index.terms_by_entry:
        return NO_STATUS
    if (kept := index.statuses.get(key)) is None:
        kept = index.statuses[key] = _entry_status(index, kind, entry_id)
    return kept


def _entry_status(index: TodayIndex, kind: str, entry_id: int) -> EntryStatus:
    rows = [r for r in index.rows(kind, entry_id) if r.kind in STYLES]
    notices = tuple(sorted((row_notice(index, r) for r in rows), key=lambda n: _ORDER[n.status]))
    terms = tuple(index.terms[k] for k in index.terms_by_entry.get((kind, entry_id), []) if k in index.terms)
    newer: dict[str, DocEvidence] = {}
    for r in (r for r in rows if r.kind == "changed"):
        for m in (EVIDENCE_REF.match(ev) for ev in r.evidence):
            doc = index.docs.get(m.group(0)) if m else None
            if doc is not None:
                newer.setdefault(doc.key, doc)
    return EntryStatus(notices, terms, tuple(newer.values()))


def row_notice(index: TodayIndex, row: ChangeRow) -> Notice:
    """The notice of one register row: status ``review`` when rules it rests on changed since its basis."""
    reviews = index.reviews.get(("change", row.key), ())
    rules = tuple(ev[3:] for ev in row.evidence if ev.startswith("CR "))
    return Notice("review" if reviews else row.kind, row.today, evidence_text(index, row.evidence), rules, row.key,
                  row.kind, reviews)
