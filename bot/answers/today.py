"""Today's status of rulings, mechanics sections and rule numbers: the one mechanism every answer uses.

The change register (``data/changes.toml``, ``data/terms.tsv``, stored by ``python -m bot build``) says per
entry whether it is still right today. :mod:`bot.answers.today_index` reads it once per store
(:func:`bot.answers.today_index.today_index`, with the facts answers import from there); this module is the
only place that turns it into German text:

* :func:`bot.answers.today_facts.entry_status` — the facts for one entry: its register rows as notices (strongest
  first), the old terms it uses, the later document rulings that say today's rule;
* :func:`status_text` — an entry's text as shown today, the same in every answer (a card's rulings, a
  section's rulings, search hits, the term pages of ``/regel``, ``/frage``): a **changed** entry shows
  today's statement first with its evidence, then its own text as dated history; an entry confirmed
  **unchanged** by a later source keeps its text first and gets the confirmation after it (``✅ **Heute:** Gilt
  heute unverändert …``); a **wording** entry keeps its text and gets one line on what is described differently
  today; old terms (spielen → wirken, …) are one ``ℹ️`` notice, said once per
  page through :class:`PageNotes` (each entry carries a short tie ``ℹ️¹``);
* :func:`bot.answers.today_index.number_label` — an old rule number (2005/2007) with today's: ``502.46 (heute
  702.51)``.

"Zu prüfen" (status ``review``, :data:`STYLES`): a register row whose evidence changed in Comprehensive Rules
newer than its basis (``build --cr``, :mod:`bot.importer.review`, :meth:`bot.store.Store.register_reviews`). Its
notice stands before the entry's text, keeps the German "Heute" statement, says in one line that it rests on the
rules of its basis date and was not reviewed since (:func:`bot.model.review_notice`), and quotes the new
official text of each changed rule (:func:`bot.answers.today_index.rule_now`); the register's old quote is never shown
as today's. A rule's text of today, wherever an answer quotes one the register cites, comes from that function.

Nothing here looks at the words of a ruling: what applies is what the register names.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.answers.today_facts import NO_STATUS, STYLES, Notice, Style, entry_status, row_notice
from bot.answers.today_index import (
    ChangeRow,
    DocEvidence,
    TermRow,
    TodayIndex,
    cited_evidence,
    evidence_text,
    number_review,
    quote_line,
)
from bot.answers.today_notes import explanation_words
from bot.model import review_notice
from bot.store import RuleReview

# --- the wording: one renderer --------------------------------------------------------------------


def notice_line(index: TodayIndex, notice: Notice, quotes: int = 0, tie: str = "") -> str:
    """``⚠️ **Heute:** <today> _(Beleg: <evidence>)_``, then up to ``quotes`` of today's rule texts it cites
    (``> **702.51a** Convoke is …``, :func:`quote_line`). ``tie``: the notice's number on its page (``¹``) when
    several entries of the page share it. A notice "zu prüfen" adds its review line (:func:`bot.model.review_notice`)
    and always quotes the new official text of each changed rule (not counted in ``quotes``)."""
    lines = statement_lines(index, notice, f"{STYLES[notice.status].mark}{tie} **Heute:** ")
    reviewed = {r.number for r in notice.reviews}
    lines += [quote_line(index, n) for n in notice.rules if n in index.cr and n not in reviewed][:quotes]
    return "\n".join(lines)


def row_notice_line(index: TodayIndex, row: ChangeRow, quotes: int = 1) -> str:
    """:func:`notice_line` of one register row (``/regel suche`` on an abolished word, bot/answers/abolished.py)."""
    return notice_line(index, row_notice(index, row), quotes)


def statement_lines(index: TodayIndex, notice: Notice, lead: str) -> list[str]:
    """The notice's statement ``<lead><today> _(Beleg: <evidence>)_`` (``lead``: ``⚠️ **Heute:** `` in
    :func:`notice_line`, ``• `` in a list of statements), then for a notice "zu prüfen" its :func:`review_lines`."""
    return [f"{lead}{notice.today} _(Beleg: {notice.evidence})_", *review_lines(index, notice)]


def review_lines(index: TodayIndex, notice: Notice) -> list[str]:
    """For a notice "zu prüfen": its review line (:func:`bot.model.review_notice`), then the new official text of
    each changed rule it rests on (:func:`quote_line`; none for a rule that is gone); ``[]`` otherwise."""
    return _review_block(index, notice.reviews)


def _review_block(index: TodayIndex, reviews: tuple[RuleReview, ...]) -> list[str]:
    """:func:`review_lines` of ``reviews`` (of a notice or of term rows); ``[]`` without reviews."""
    if not reviews:
        return []
    quotes = [quote_line(index, n) for n in dict.fromkeys(r.number for r in reviews if r.today_number)]
    return [review_notice(reviews), *quotes]


def history_label(style: Style | None, source: str) -> str:
    """How the document's text is introduced under a notice: ``**Früher** (Zwietracht …, 17.03.2006, heute
    überholt)``, ``**Im Dokument** (…)``; ``""`` when it stands unlabelled. ``source`` may be empty (the page
    names it above)."""
    if style is None or not style.label:
        return ""
    parts = [p for p in (source, style.state) if p]
    return f"**{style.label}**" + (f" ({', '.join(parts)})" if parts else "")


def status_text(index: TodayIndex, kind: str, entry_id: int, text: str, source: str = "",
                notes: PageNotes | None = None, quotes: int = 0) -> str:
    """Entry ``(kind, entry_id)`` as shown today, the same in every answer; ``text`` is its text or a snippet,
    ``source`` its document and date (``"Zwietracht – Häufig gestellte Fragen, 17.03.2006"``, or ``""`` when
    the page names it). Notices of a changed entry (or one „zu prüfen“) come first, its text after them as
    history; a confirmed (unchanged) or wording notice follows the text. Old terms: a tie ``ℹ️¹`` to the page's
    ``notes``, or without notes the whole term line. An entry the register does not name comes back as ``text``."""
    if (status := entry_status(index, kind, entry_id)) is NO_STATUS:
        return text  # nothing to say today: the text as it stands (what the lines below give for it)
    shared = [n for n in status.notices if notes is not None and n.key in notes.shared]
    own = [n for n in status.notices if n not in shared]
    before = [notice_line(index, n, quotes) for n in own if STYLES[n.status].first]
    after = [notice_line(index, n, quotes) for n in own if not STYLES[n.status].first]
    label = history_label(status.lead, source)
    body = f"{label}: {text}" if label else text
    ties = [notes.tie_notice(n) for n in shared] if notes is not None else []
    if status.terms and notes is not None:
        ties.append(notes.tie(status.terms))
    elif status.terms:
        after.append(terms_notice(index, status.terms))
    return "\n".join([*before, " ".join([body, *ties]), *after])


#: Superscript digits of the term ties (``ℹ️¹²``).
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


class PageNotes:
    """The notices several entries of one page share, each said once; every entry carries a short tie to it.

    ``entries``: the ``(kind, id)`` of the page's entries, so a register row naming two of them is known before
    the first is shown. Such a row stands once at the top of the page (:meth:`head`: ``ℹ️¹ **Heute:** …``)
    and its entries end with ``ℹ️¹``; the old terms stand once (:meth:`text`: ``ℹ️ **Heute andere
    Begriffe:** ² „wirken“ statt „spielen“ · …``) and their entries end with ``ℹ️²``: every numbered note in one
    place (:meth:`placed`: below the head when there is one, else at the end). Numbers count up per page.
    """

    def __init__(self, index: TodayIndex, entries: list[tuple[str, int]] | None = None) -> None:
        self.index = index
        self.numbers: dict[str, int] = {}
        self.rows: list[TermRow] = []
        counts: dict[str, int] = {}
        for kind, entry_id in entries or []:
            for key in index.by_entry.get((kind, entry_id), []):
                counts[key] = counts.get(key, 0) + 1
        self.shared = {key for key, n in counts.items() if n > 1 and key in index.changes}
        for key in (k for k in counts if k in self.shared):  # shared notices first: they head the page
            self._number(key)
        self.notices: dict[str, Notice] = {}

    def _number(self, key: str) -> str:
        self.numbers.setdefault(key, len(self.numbers) + 1)
        return str(self.numbers[key]).translate(_SUPERSCRIPT)

    def tie_notice(self, notice: Notice) -> str:
        """The tie of an entry to a register notice the page states once at its top (``⚠️¹``)."""
        self.notices.setdefault(notice.key, notice)
        return STYLES[notice.status].mark + self._number(notice.key)

    def tie(self, terms: tuple[TermRow, ...]) -> str:
        """The tie of an entry using ``terms`` (``ℹ️²³``), listed at the page's end."""
        for t in terms:
            if t.key not in self.numbers:
                self.rows.append(t)
        return "ℹ️" + "".join(self._number(t.key) for t in terms)

    def head(self, first: bool | None = None) -> str:
        """The register notices the page's entries share, once each with their number, or ``""``; ``first``: only
        those whose style stands before the entry's text (True: changed, "zu prüfen") or after it (False)."""
        return "\n".join(notice_line(self.index, n, tie=self._number(k)) for k, n in self.notices.items()
                         if first is None or STYLES[n.status].first == first)

    def placed(self, lead: str, entries: list[str], listing: bool = False) -> list[str]:
        """The page's parts: ``lead``, its numbered notes and ``entries`` (written before: they number the notes),
        non-empty ones only. A shared statement that the old texts are wrong today stands above whole texts
        (:meth:`head`: today's statement before the old texts), under a ``listing``'s one-line entries, which say
        „⚠️ heute überholt“ themselves (a term page: ``Fehde`` → „⚠️¹ **Heute:** Fehde ist heute Regel 701.30 …“ under
        the sections tied ⚠️¹); the other numbered notes — a shared wording or confirmation, the term notice
        (:meth:`text`) — stand below the entries, under those that carry their tie."""
        changed = self.head(first=True)
        parts = [lead, *([] if listing else [changed]), *entries, *([changed] if listing else []),
                 self.head(first=False), self.text()]
        return [p for p in parts if p]

    def text(self) -> str:
        """The page's one term notice, or ``""``."""
        if not self.rows:
            return ""
        listed = " · ".join(f"{self._number(t.key)} „{t.new}“ statt „{t.old}“" for t in self.rows)
        return f"ℹ️ **Heute andere Begriffe:** {listed} {_term_evidence(self.index, self.rows)}"


TERMS_HEAD = "ℹ️ Heute andere Begriffe"  #: the head of a term notice (:func:`terms_notice`), a card page's field


def terms_notice(index: TodayIndex, terms: tuple[TermRow, ...] | list[TermRow]) -> str:
    """``ℹ️ Heute andere Begriffe: „wirken“ statt „spielen“; … _(Beleg: …)_`` for one entry's terms."""
    return f"{TERMS_HEAD}: {terms_listing(index, terms)}"


def terms_listing(index: TodayIndex, terms: tuple[TermRow, ...] | list[TermRow]) -> str:
    """:func:`terms_notice` without its head: ``„wirken“ statt „spielen“; … _(Beleg: …)_``."""
    listed = "; ".join(f"„{t.new}“ statt „{t.old}“" for t in terms)
    return f"{listed} {_term_evidence(index, terms)}"


def _term_evidence(index: TodayIndex, terms: tuple[TermRow, ...] | list[TermRow]) -> str:
    """The terms' evidence: their rules, then a German document that writes the new term, named as such (no source
    of the entry the notice is under); for term rows "zu prüfen" their review line and new rule texts below. Made once
    per list of terms and kept with ``index`` (:attr:`TodayIndex.texts`): a rulings page is measured with each ruling
    added (:func:`bot.answers.layout.ruling_pages`) and states its terms' evidence each time."""
    key = tuple(t.key for t in terms)
    if (kept := index.texts.get(key)) is None:
        kept = index.texts[key] = _term_evidence_text(index, terms)
    return kept


def _term_evidence_text(index: TodayIndex, terms: tuple[TermRow, ...] | list[TermRow]) -> str:
    ids = tuple(dict.fromkeys(ev for t in terms for ev in t.evidence))
    rules = evidence_text(index, tuple(e for e in ids if e.startswith("CR ")))
    evidence = f"_(Beleg: {'; '.join(p for p in (rules, *_usage_evidence(index, terms)) if p)})_"
    reviews = tuple(dict.fromkeys(r for t in terms for r in index.reviews.get(("term", t.key), ())))
    return "\n".join([evidence, *_review_block(index, reviews)])


def _usage_evidence(index: TodayIndex, terms: tuple[TermRow, ...] | list[TermRow]) -> list[str]:
    """The documents that write the terms' new words: ``["so geschrieben in Dokument 002 (…)"]`` for one term;
    for several, each document with the new words it writes (``„wirken“, „ins Exil schicken“ so geschrieben in
    Dokument 002 (…)``), so that a term no document writes (``Schlachtfeld``: the 2017 rulings never say it) is
    not covered by another term's evidence. Terms without such evidence name none."""
    by_usage: dict[str, list[str]] = {}
    for t in terms:
        usage = evidence_text(index, tuple(e for e in t.evidence if not e.startswith("CR ")))
        if usage:
            by_usage.setdefault(usage, []).append(f"„{t.new}“")
    if len(terms) == 1:
        return [f"so geschrieben in {usage}" for usage in by_usage]
    return [f"{', '.join(news)} so geschrieben in {usage}" for usage, news in by_usage.items()]


# --- today's status in one word; the numbers and rules the documents print -------------------------------

#: A status as an answer names it in one line (an owner line, a candidate's field name): mark and word of its
#: :data:`STYLES` row (``⚠️ heute überholt``).
STATUS_LABELS = {status: f"{style.mark} {style.word}" for status, style in STYLES.items()}


def entry_state(index: TodayIndex, kind: str, entry_id: int) -> str:
    """Entry ``(kind, entry_id)``'s rule status as a key of :data:`STATUS_LABELS`: ``review`` when a row naming it is
    "zu prüfen", else its stored status (``changed`` | ``wording`` | ``unchanged``); ``wording`` only where a register
    row of that kind names it or its German twin (an English entry of 000): an entry stored as ``wording`` for its
    old terms alone was read in the review and holds today (``unchanged``; its terms are :func:`passage_terms`).
    ``""`` for an entry of a current document or one the register does not know."""
    if under_review(index, kind, entry_id):
        return "review"
    state = index.status.get((kind, entry_id), "")
    if state == "wording" and not _worded(index, (kind, entry_id)):
        return "unchanged"
    return state if state in STATUS_LABELS else ""


def _worded(index: TodayIndex, entry: tuple[str, int]) -> bool:
    """True when a register row of kind ``wording`` names ``entry`` or its German twin."""
    twin = index.twins.get(entry)
    return any(r.kind == "wording" for e in (entry, *([twin] if twin else [])) for r in index.rows(*e))


#: The term mark of a label (:class:`Standing`): the passage uses older words than today's rules and cards.
TERMS_MARK = "ℹ️ Begriffe"


@dataclass(frozen=True)
class Standing:
    """A passage's status today as one label, two facts: ``state`` the rule's status (a key of
    :data:`STATUS_LABELS`, ``""``: none to say, as for a current document) and ``terms`` today's words for the older
    ones its text uses (:func:`passage_terms`). ``label``: ``✅ gilt weiterhin · ℹ️ Begriffe (heute „wirken“,
    „Manawert“)``; ``mark`` and ``words`` the same split for a candidate's field name (mark first, words last)."""

    state: str = ""
    terms: tuple[str, ...] = ()
    where: str = "heute"  #: or, for 003's English words, „auf deutschen Karten“ (the words German cards print)

    @property
    def mark(self) -> str:
        """The status mark (``✅``), ``""`` without a status."""
        return STYLES[self.state].mark if self.state else ""

    @property
    def words(self) -> str:
        """The label after its mark: ``gilt weiterhin · ℹ️ Begriffe (heute „wirken“)``, ``""`` when nothing to say."""
        terms = f"{TERMS_MARK} ({self.where} {', '.join(f'„{t}“' for t in self.terms)})" if self.terms else ""
        return " · ".join(p for p in (STYLES[self.state].word if self.state else "", terms) if p)

    @property
    def label(self) -> str:
        """The whole label: mark and words (an owner line)."""
        return " ".join(p for p in (self.mark, self.words) if p)


def passage_terms(index: TodayIndex, kind: str, entry_id: int | None, text: str = "") -> tuple[str, ...]:
    """Today's words for the older ones a passage uses, in the order of their notice: an entry's terms of
    ``data/terms.tsv`` (``kind`` ``ruling`` | ``mechanic`` | ``card``; ``„wirken“ statt „spielen“`` gives ``wirken``,
    a long one its first part: ``auf dem Schlachtfeld``); for 003 (``kind`` ``explanation``, ``text`` its text) the
    words of :func:`explanation_notice` (``Bleibende Karte`` for „Permanent“, 110). ``()`` when none."""
    if kind == "explanation":
        return explanation_words(index, text)
    if entry_id is None:
        return ()
    terms = entry_status(index, kind, entry_id).terms
    return tuple(dict.fromkeys(t.new.split(" (")[0].split(" / ")[0] for t in terms))


def cited_state(index: TodayIndex, prefix: str, number: str) -> str:
    """The status of rule ``number`` as document ``prefix`` prints it (the register's ``[[number]]`` row): ``review``
    when that row is "zu prüfen", ``changed`` when today's rule says something else or none exists (relation
    ``changed`` | ``none``: 502.32a Einberufen), ``wording`` when the row notes what is said differently today
    (701.19c: „Manawert“), ``unchanged`` when only the number moved; ``""`` when the register does not map it."""
    cited = index.numbers.get((prefix, number))
    if cited is None:
        return ""
    if number_review(index, prefix, number) is not None:
        return "review"
    if cited.relation in ("changed", "none"):
        return "changed"
    return "wording" if cited.note else "unchanged"


def cited_notice(index: TodayIndex, prefix: str, number: str) -> str:
    """The register's note on rule ``number`` as document ``prefix`` prints it, as a notice (:func:`notice_line`):
    ``⚠️ **Heute:** So gedruckt (gemeint 502.46a). Damals zusätzliche Kosten … _(Beleg: 702.51a)_``; ``""`` when
    the row has no note."""
    cited = index.numbers.get((prefix, number))
    if cited is None or not cited.note:
        return ""
    return notice_line(index, Notice(cited_state(index, prefix, number), cited.note, cited_evidence(index, cited)))


def cited_text(index: TodayIndex, prefix: str, number: str, text: str, source: str = "", quote: bool = True) -> str:
    """A rule as document ``prefix`` prints it under ``number`` (``text``), as shown today — the counterpart of
    :func:`status_text` for the documents' rules: a changed (or "zu prüfen") rule gets its notice
    (:func:`cited_notice`) and today's rule text (:func:`quote_line`) first and its own text as history
    (``**Früher** (<source>, heute überholt): …``); a note on wording follows the text. ``text`` unchanged when
    the register does not map the number. ``quote=False``: without today's rule text (a list's entry, whose button
    opens the rule)."""
    state = cited_state(index, prefix, number)
    notice = cited_notice(index, prefix, number)
    if not notice:
        return text
    style = STYLES[state]
    if not style.first:
        return f"{text}\n{notice}"
    cited = index.numbers[(prefix, number)]
    today = quote_line(index, cited.today) if cited.today and quote else ""
    label = history_label(style, source)
    return "\n".join(part for part in (notice, today, f"{label}: {text}" if label else text) if part)


# --- the register's statements in the forms older callers use (all through the renderer above) ------------


def terms_line(index: TodayIndex, kind: str, entry_id: int) -> str:
    """The old-term notice of one entry (:func:`terms_notice`), or ``""`` when the term table names none."""
    terms = entry_status(index, kind, entry_id).terms
    return terms_notice(index, terms) if terms else ""


def ruling_display(index: TodayIndex, kind: str, entry_id: int, text: str, source: str) -> str:
    """:func:`status_text` with the whole term line (no page notes)."""
    return status_text(index, kind, entry_id, text, source)


def hit_notice(index: TodayIndex, kind: str, entry_id: int) -> str:
    """An entry's notices without its text (a hit shows its own snippet): each row's :func:`notice_line`, terms."""
    status = entry_status(index, kind, entry_id)
    lines = [notice_line(index, n) for n in status.notices]
    return "\n".join([*lines, terms_notice(index, status.terms)] if status.terms else lines)


def heute_block(index: TodayIndex, kind: str, entry_id: int, quotes: int = 2, changed_only: bool = False) -> str:
    """For a mechanics section: its changed and wording notices with today's rules quoted, or ``""``;
    ``changed_only``: only the notices of ``changed`` rows (also when "zu prüfen")."""
    status = entry_status(index, kind, entry_id)
    shown = [n for n in status.notices if n.status != "unchanged" and (not changed_only or n.kind == "changed")]
    return "\n\n".join(notice_line(index, n, quotes) for n in shown)


def under_review(index: TodayIndex, kind: str, entry_id: int) -> bool:
    """True when a register row "zu prüfen" names the entry (a rule it rests on changed in newer rules)."""
    return any(n.status == "review" for n in entry_status(index, kind, entry_id).notices)


def newer_rulings(index: TodayIndex, kind: str, entry_id: int) -> list[DocEvidence]:
    """The later document rulings a ``changed`` row cites as evidence for this entry (002:29 for the 2006
    "name both halves"), so a search can show today's wording beside the outdated hit."""
    return list(entry_status(index, kind, entry_id).newer)


__all__ = ["STATUS_LABELS", "TERMS_HEAD", "TERMS_MARK", "PageNotes", "Standing", "cited_notice", "cited_state",
           "cited_text", "entry_state", "entry_status", "heute_block", "hit_notice", "newer_rulings", "notice_line",
           "passage_terms", "review_lines", "row_notice_line", "ruling_display", "statement_lines", "status_text",
           "terms_line", "terms_listing", "terms_notice", "under_review"]
