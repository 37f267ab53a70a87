"""What the answers read of the change register, in memory: :class:`TodayIndex` (loaded once per store by
:func:`today_index`), and today's text of every rule the register cites (:func:`rule_now`), which is the newest
official text when the rule changed since the register's basis ("zu prüfen", :mod:`bot.importer.review`).

The German wording of the register's statements is :mod:`bot.answers.today`'s; this module holds its facts.
"""

from __future__ import annotations

import asyncio
import re
import weakref
from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache

from bot.answers.sources import CR_NAME, REGISTER_SOURCE, TABLE_SOURCE, cr_source
from bot.model import review_notice
from bot.reply import Reply, format_date
from bot.store import ChangeRecord, CitedNumber, RuleReview, Store, TermRecord
from bot.text import canonical, tokens

#: A register row's evidence that names a passage of a document: its file prefix and first line (``001:78``).
EVIDENCE_REF = re.compile(r"^(\d{3}):(\d+)")

#: A register row / a renamed term as the answers read them back from the store.
ChangeRow = ChangeRecord
TermRow = TermRecord
#: Term lists whose evidence text :attr:`TodayIndex.texts` keeps (a few hundred bytes each).
TEXTS_KEPT = 1024


@dataclass(frozen=True)
class DocEvidence:
    """A document ruling cited as evidence: file prefix, its document's title, date, id, text and card; or an
    explanation of today's rules (003: ``kind`` ``explanation``, ``ruling_id`` its id, ``owner`` ``Regel 106.4`` or
    ``Regelerklärung``).
    ``key`` is the passage key of either (``"002:29"``, ``"003:202"``)."""

    prefix: str
    title: str
    date: str | None
    ruling_id: int = 0
    text: str = ""
    owner: str = ""
    kind: str = "ruling"
    key: str = ""


@dataclass
class TodayIndex:
    """Everything the answers need, in memory (loaded once per store by :func:`today_index`).

    Keys of the per-entry maps are ``("ruling", id)`` or ``("mechanic", id)``; ``numbers`` maps a number as a
    document prints it, ``(file prefix, number)``, to the register's reading of it (``[[number]]`` rows).
    """

    changes: dict[str, ChangeRow] = field(default_factory=dict)
    terms: dict[str, TermRow] = field(default_factory=dict)
    cr: dict[str, tuple[str, str]] = field(default_factory=dict)  # number → (text, effective ISO date)
    by_entry: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    entries_by_change: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    terms_by_entry: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    status: dict[tuple[str, int], str] = field(default_factory=dict)
    docs: dict[str, DocEvidence] = field(default_factory=dict)
    cited: list[CitedNumber] = field(default_factory=list)
    numbers: dict[tuple[str, str], CitedNumber] = field(default_factory=dict)
    #: "zu prüfen": the reviews of a register row, ``(row_kind, row_key)`` → one per changed rule it rests on
    reviews: dict[tuple[str, str], tuple[RuleReview, ...]] = field(default_factory=dict)
    #: the same reviews per rule as the register cites it (``"702.51a"``)
    rule_reviews: dict[str, RuleReview] = field(default_factory=dict)
    #: an English entry of a bilingual document (000: the clash article, German then English) → its German twin
    twins: dict[tuple[str, int], tuple[str, int]] = field(default_factory=dict)
    #: the mechanics sections a ``changed`` row names, id → the pattern of their keyword at a line's start
    #: (:func:`keyword_pattern`): compiled once per store for the card pages' outdated keywords
    keywords: dict[int, re.Pattern[str]] = field(default_factory=dict)
    #: the words (folded, one spelling: :func:`bot.text.canonical`) of the register's texts the answers show beside
    #: the documents' passages: each row's „what“ and today's statement, each term row's today's word and scope
    #: („Summe“ of „einen Manawert (die Summe)“), for the notes on words „in keinem Dokument“
    #: (:func:`bot.answers.unknown_notes.near_misses`)
    words: frozenset[str] = field(default_factory=frozenset)
    #: per entry kind, how many entries are of a current source (status ``current``, not in ``status``: a card
    #: file gives hundreds of thousands, and their status says nothing an answer shows)
    current: dict[str, int] = field(default_factory=dict)
    #: :func:`bot.answers.today.entry_status` of the entries the register names, made on first use (the index is
    #: loaded once per store and not changed after; at most one per entry of ``by_entry`` and ``terms_by_entry``).
    #: Not an argument: an index made from another (``dataclasses.replace``) starts with none of its kept texts.
    statuses: dict[tuple[str, int], Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    #: the evidence of a list of term rows by their keys (:func:`bot.answers.today.terms_listing`, a page's term
    #: notice), made on first use; at most :data:`TEXTS_KEPT` lists (a page's terms are any few of the table's)
    texts: LRUCache[tuple[str, ...], str] = field(default_factory=lambda: LRUCache(TEXTS_KEPT), init=False,
                                                   compare=False, repr=False)

    def rows(self, kind: str, entry_id: int) -> list[ChangeRow]:
        """The register rows naming this entry, in store order (:func:`bot.answers.today.entry_status` orders
        its notices strongest first)."""
        return [self.changes[k] for k in self.by_entry.get((kind, entry_id), []) if k in self.changes]


async def _load(store: Store) -> TodayIndex:
    index = TodayIndex()
    register = await store.change_register()
    if register is None:  # a store without the register (older schema): no notices
        return index
    index.changes = {c.key: c for c in register.changes}
    index.terms = {t.key: t for t in register.terms}
    index.cr = {r.number: (r.text, r.effective) for r in register.today}
    for link in register.entries:
        index.by_entry.setdefault((link.kind, link.entry_id), []).append(link.key)
        index.entries_by_change.setdefault(link.key, []).append((link.kind, link.entry_id))
    for note in register.entry_terms:
        index.terms_by_entry.setdefault((note.kind, note.entry_id), []).append(note.value)
    for note in register.status:
        index.status[(note.kind, note.entry_id)] = note.value
    index.current = dict(register.current)
    refs = {m.group(0) for row in [*index.changes.values(), *index.terms.values()] for ev in row.evidence
            if (m := EVIDENCE_REF.match(ev))}
    for ref in refs:
        prefix, line = ref.split(":")
        found = await store.evidence_ruling(prefix, int(line))
        if found is not None:
            index.docs[ref] = DocEvidence(prefix, found.title, found.date, found.ruling_id, found.text, found.owner,
                                          found.kind, ref)
    cited = await store.cited_numbers()
    if cited is not None:
        index.cited = cited[0]
        index.numbers = {(c.document_prefix, c.number): c for c in cited[0]}
    reviews: dict[tuple[str, str], list[RuleReview]] = {}
    for review in await store.register_reviews():
        reviews.setdefault((review.row_kind, review.row_key), []).append(review)
        index.rule_reviews.setdefault(review.number, review)
    index.reviews = {key: tuple(rows) for key, rows in reviews.items()}
    index.twins = await _twins(store)
    index.keywords = {m.id: keyword_pattern(m.title) for m in await store.mechanic_sections()
                      if any(r.kind == "changed" for r in index.rows("mechanic", m.id))}
    _share_terms(index)
    index.words = frozenset(canonical(w) for text in [
        *(t for c in index.changes.values() for t in (c.what, c.today)),
        *(t for row in index.terms.values() for t in (row.new, row.scope))] for w in tokens(text))
    return index


def keyword_pattern(title: str) -> re.Pattern[str]:
    """A mechanics section's keyword as a card text prints it at the start of a line, with its reminder text or its
    number (``Einberufen (Jede Kreatur, …)``, ``Pfropfen 4 (…)``): ``title`` not followed by a letter, digit or
    hyphen (``Einberufen`` is no keyword of ``Einberufene``). Use with ``match`` on a stripped line."""
    return re.compile(re.escape(title) + r"(?![\w-])")


async def _twins(store: Store) -> dict[tuple[str, int], tuple[str, int]]:
    """The English entries of a bilingual document (language ``de+en``: the clash article 000 prints its German
    half, then the same text in English) paired with their German twins: the English section with the German
    one, the n-th English ruling with the n-th German ruling; halves of different lengths are not paired."""
    by_doc: dict[int, list[int]] = {}
    for m in await store.mechanic_sections():
        if m.document.language == "de+en":
            by_doc.setdefault(m.document.id, []).append(m.id)
    twins: dict[tuple[str, int], tuple[str, int]] = {}
    for sections in by_doc.values():
        halves: dict[str, tuple[list[int], list[int]]] = {"de": ([], []), "en": ([], [])}
        for mid in sections:
            rulings = await store.rulings_for_mechanic(mid)
            language = "en" if rulings and all(r.language == "en" for r in rulings) else "de"
            halves[language][0].append(mid)
            halves[language][1].extend(r.id for r in rulings)
        for kind, n in (("mechanic", 0), ("ruling", 1)):
            german, english = halves["de"][n], halves["en"][n]
            if len(german) == len(english):
                twins.update({(kind, e): (kind, g) for e, g in zip(english, german, strict=True)})
    return twins


def _share_terms(index: TodayIndex) -> None:
    """An English entry gets the old terms its German twin uses (the term table names German entries only: the
    English text says "converted mana cost" where its twin says "umgewandelte Manakosten"), and the twin's
    ``wording`` status where it was only "read in the review" (``unchanged``)."""
    for english, german in index.twins.items():
        if english not in index.terms_by_entry and german in index.terms_by_entry:
            index.terms_by_entry[english] = list(index.terms_by_entry[german])
        if index.status.get(english) == "unchanged" and index.status.get(german) == "wording":
            index.status[english] = "wording"


#: The load in progress per store: concurrent first uses (30 ``/karte`` at once after a restart) share one.
_LOADING: weakref.WeakKeyDictionary[Store, asyncio.Task[TodayIndex]] = weakref.WeakKeyDictionary()


async def today_index(store: Store) -> TodayIndex:
    """The register of ``store`` (read on first use, then from memory); callers arriving while it is
    being read wait for that one read. A failed read is tried again by the next caller."""

    async def load() -> TodayIndex:
        task = _LOADING.get(store)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = asyncio.ensure_future(_load(store))
            # the read outlives a caller cancelled meanwhile (shielded); its error (the store closed under it:
            # StoreClosed) is retrieved here, not logged by asyncio with a traceback when nobody awaited it
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            _LOADING[store] = task
        return await asyncio.shield(task)

    return await store.memo("today", load)


# --- today's text of a cited rule ------------------------------------------------------------------


@dataclass(frozen=True)
class RuleNow:
    """A rule the register cites (``number``, as it cites it) as the newest rules of the store say it: its number
    ``today`` (None when it is gone), its ``text`` (``""`` when gone), the ISO date of the rules that text is
    from, and the review when it changed since the register's basis (None: the register's quote holds)."""

    number: str
    today: str | None
    text: str
    effective: str
    review: RuleReview | None = None


def evidence_text(index: TodayIndex, evidence: tuple[str, ...]) -> str:
    """``"709.4a (Comprehensive Rules vom 17.04.2026); Dokument 002 (Rulings zu …, Ruling vom 18.04.2017)"``;
    evidence that renders the same (two rulings of one document and date) is named once."""
    numbers = [ev[3:] for ev in evidence if ev.startswith("CR ")]
    parts = []
    if numbers:
        dates = sorted({index.cr[n][1] for n in numbers if n in index.cr})
        when = f" vom {format_date(dates[-1])}" if dates else ""
        parts.append(f"{', '.join(numbers)} ({CR_NAME}{when})")
    for m in (EVIDENCE_REF.match(ev) for ev in evidence):
        if m is None:
            continue
        doc = index.docs.get(m.group(0))
        if doc is None:
            parts.append(f"Dokument {m.group(1)}")
            continue
        date = format_date(doc.date)
        what = f", Erklärung zu {doc.owner}" if doc.kind == "explanation" and doc.owner.startswith("Regel ") else ""
        parts.append(f"Dokument {doc.prefix} ({doc.title}{what}" + (f", Ruling vom {date})" if date else ")"))
    return "; ".join(dict.fromkeys(parts))


#: A rule number of today's rules inside a register note: ``702.55b``, ``702.51a-b``.
_NOTE_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?(?:-[a-z])?(?![\w.])")


def cited_evidence(index: TodayIndex, cited: CitedNumber) -> str:
    """The evidence of a register row on an old number (``[[number]]`` of ``data/changes.toml``): today's
    number, else for a rule without counterpart the rules its note names (``702.55b (Comprehensive Rules vom
    17.04.2026)``; a range ``702.51a-b`` as its rules, :func:`evidence_text`), else ``–``."""
    if cited.today:
        return cited.today
    numbers = []
    for n in _NOTE_NUMBER.findall(cited.note):
        first, _, last = n.partition("-")  # 702.51a-b: 702.51a, 702.51b
        if not last or not first[-1].isalpha():
            numbers.append(first)
        else:
            numbers += [first[:-1] + chr(c) for c in range(ord(first[-1]), ord(last) + 1)]
    named = tuple(dict.fromkeys(f"CR {n}" for n in numbers))
    return evidence_text(index, named) if named else "–"


def rule_now(index: TodayIndex, number: str) -> RuleNow | None:
    """Today's text of a rule the register cites: the register's quote (``today_cr``, rules of its basis date)
    when the newest rules still say it, else the new official text under its new number (a review of
    :mod:`bot.importer.review`); None when the register does not cite ``number``."""
    review = index.rule_reviews.get(number)
    if review is not None:
        return RuleNow(number, review.today_number, review.today_text, review.checked, review)
    if number not in index.cr:
        return None
    text, effective = index.cr[number]
    return RuleNow(number, number, text, effective)


def quote_line(index: TodayIndex, number: str) -> str:
    """``> **702.51a** Convoke is …`` (:func:`rule_now`); a changed rule with its date (``> **702.51a**
    _(Comprehensive Rules vom 01.08.2026)_ …``), a moved one under its new number (``> **709.4f** _(bisher
    709.4a; …)_ …``); ``""`` for a rule that is gone or not cited by the register."""
    now = rule_now(index, number)
    if now is None or now.today is None:
        return ""
    if now.review is None:
        return f"> **{number}** {now.text}"
    before = f"bisher {number}; " if now.today != number else ""
    return f"> **{now.today}** _({before}{cr_source(now.effective)})_ {now.text}"


def review_note(index: TodayIndex, number: str) -> str:
    """For an answer about rule ``number`` (``/regel``): the review line of the register's rules under that
    number, its subrules (``702.51a`` for ``702.51``) or moved there (``709.4a`` for ``709.4f``), naming what
    rests on them; ``""`` when nothing is under review there."""
    found = [r for r in index.rule_reviews.values() if _under(r.number, number) or _under(r.today_number, number)]
    if not found:
        return ""
    numbers = {r.number for r in found}
    keys = [key for key, rows in index.reviews.items()  # a quote no row cites ("rule": a calculator's) names none
            if key[0] != "rule" and any(r.number in numbers for r in rows)]
    rows = "; ".join(dict.fromkeys(_row_name(index, kind, key) for kind, key in keys))
    return f"{review_notice(found)} _(Betrifft: {rows})_" if rows else review_notice(found)


#: The end of every review line (:func:`bot.model.review_notice`): a page that has it says it once.
REVIEWED = "wurde seitdem nicht geprüft"


def with_review(index: TodayIndex, reply: Reply, number: str) -> Reply:
    """``reply`` with the review line of rule ``number`` (:func:`review_note`) at the end of its first page when
    the register's rule under that number (or moved to it) is "zu prüfen" and the page does not say so yet."""
    note = review_note(index, number)
    if note and reply.pages and REVIEWED not in reply.pages[0].body:
        reply.pages[0].body = f"{reply.pages[0].body}\n\n{note}".strip()
    return reply


def _under(rule: str | None, number: str) -> bool:
    """True when ``rule`` is ``number`` or one of its subrules (``702.51a`` under ``702.51``)."""
    if rule is None or not rule.startswith(number):
        return False
    rest = rule[len(number):]
    return rest == "" or rest.isalpha()


def _row_name(index: TodayIndex, kind: str, key: str) -> str:
    """A register row as a reader knows it: a change by what it says, a term by its words, a number as cited."""
    if kind == "change" and key in index.changes:
        return index.changes[key].what
    if kind == "term" and key in index.terms:
        return f"„{index.terms[key].new}“ statt „{index.terms[key].old}“"
    prefix, _, number = key.partition(":")
    return f"{number} in Dokument {prefix}" if kind == "number" else key


def number_review(index: TodayIndex, prefix: str, number: str) -> RuleReview | None:
    """The review of the register's ``[[number]]`` row for ``number`` as document ``prefix`` prints it, when
    today's rule it names changed in newer rules ("zu prüfen"); else None."""
    return next(iter(index.reviews.get(("number", f"{prefix}:{number}"), ())), None)


def rule_today_lines(index: TodayIndex, number: str) -> list[str]:
    """Today's text of a rule the register cites, as a rule page shows it (:func:`rule_now`): ``**709.4b** …
    _(Comprehensive Rules vom 17.04.2026, wie im Register zitiert)_``; changed since: the new text with its date,
    then the review line; moved: ``**709.4a** heißt in den Comprehensive Rules vom 01.08.2026 **709.4f**: …``;
    gone: that it is gone. Empty when the register does not cite ``number``."""
    now = rule_now(index, number)
    if now is None:
        return []
    when = cr_source(now.effective)
    if now.review is None:
        return [f"**{number}** {now.text} _({when}, wie im Register zitiert)_"]
    if now.today is None:
        head = f"**{number}** gibt es in den {when} nicht mehr."
    elif now.today != number:
        head = f"**{number}** heißt in den {when} **{now.today}**: {now.text}"
    else:
        head = f"**{number}** {now.text} _({when}, neuer Wortlaut)_"
    return [head, review_note(index, number)]


def rule_today_source(index: TodayIndex, numbers: list[str], table: bool = False) -> str:
    """The sources a page of today's rules names: ``Comprehensive Rules vom 17.04.2026, wie im Änderungsregister
    zitiert`` (the rules file of the first of ``numbers`` the register cites, :func:`rule_now`), then, when ``table``
    is true (the page names terms of the term table), :data:`bot.answers.sources.TABLE_SOURCE`; the register alone
    (:data:`bot.answers.sources.REGISTER_SOURCE`) when neither."""
    now = next((found for n in numbers if (found := rule_now(index, n)) is not None), None)
    cited = f"{cr_source(now.effective)}, wie im Änderungsregister zitiert" if now else ""
    return "; ".join(s for s in (cited, TABLE_SOURCE if table else "") if s) or REGISTER_SOURCE


def today_number(index: TodayIndex, prefix: str, number: str) -> str | None:
    """Today's number of a rule document ``prefix`` (``"001"``) prints as ``number`` (the register's
    ``[[number]]`` rows): ``"702.51"`` for 502.46, ``"ohne Gegenstück"`` when none; None when the register does
    not map it or the number is the same today. A row "zu prüfen" gives the rule's number in the newest rules."""
    cited = index.numbers.get((prefix, number))
    if cited is None:
        return None
    review = number_review(index, prefix, number)
    today = (review.today_number if review is not None else cited.today) or ""
    if today == number:
        return None
    return today or "ohne Gegenstück"


def number_label(index: TodayIndex, prefix: str, number: str) -> str:
    """``"**502.46** (heute 702.51)"``: an old number as a list shows it, in bold, with today's
    (:func:`today_number`; ``, zu prüfen`` when its row is under review); the bold number alone when today's
    is the same or unknown."""
    today = today_number(index, prefix, number)
    check = ", zu prüfen" if number_review(index, prefix, number) is not None else ""
    if today:
        return f"**{number}** (heute {today}{check})"
    return f"**{number}** (zu prüfen)" if check else f"**{number}**"
