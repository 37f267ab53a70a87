"""Today's status of rulings and mechanics sections (issue 9), read from the change register in the store.

The register (``data/changes.toml``, ``data/terms.tsv``, stored by ``python -m bot build``) says per
entry whether it is still right today. This module turns that into German text for the answers:

* a **changed** ruling shows today's statement first with its evidence (a rule of the Comprehensive
  Rules with its date, or a later document entry), then the document's text as history with its date;
* a **wording** entry keeps its text and gets one line on what is described differently today
  (``Einberufen bezahlt, statt zu reduzieren``, a rule's new number);
* an **unchanged** entry confirmed by a row gets the rule that still says it (``Gilt weiterhin``);
* old terms (spielen → wirken, …) are one ``ℹ️`` line, only on German entries the term table names.

Nothing here looks at the words of a ruling: what applies is what the register names.
"""

from __future__ import annotations

import asyncio
import re
import weakref
from dataclasses import dataclass, field

from bot.reply import format_date
from bot.store import ChangeRecord, Store, TermRecord
from bot.terms import Term

_REF = re.compile(r"^(\d{3}):(\d+)")
CR_NAME = "Comprehensive Rules"


#: A register row / a renamed term as the answers read them back from the store.
ChangeRow = ChangeRecord
TermRow = TermRecord


@dataclass(frozen=True)
class DocEvidence:
    """A document ruling cited as evidence: file prefix, its document's title, date, id, text and card."""

    prefix: str
    title: str
    date: str | None
    ruling_id: int = 0
    text: str = ""
    owner: str = ""


@dataclass
class TodayIndex:
    """Everything the answers need, in memory (loaded once per store by :func:`today_index`).

    Keys of the per-entry maps are ``("ruling", id)`` or ``("mechanic", id)``.
    """

    changes: dict[str, ChangeRow] = field(default_factory=dict)
    terms: dict[str, TermRow] = field(default_factory=dict)
    cr: dict[str, tuple[str, str]] = field(default_factory=dict)  # number → (text, effective ISO date)
    by_entry: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    entries_by_change: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    terms_by_entry: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    status: dict[tuple[str, int], str] = field(default_factory=dict)
    docs: dict[str, DocEvidence] = field(default_factory=dict)

    def rows(self, kind: str, entry_id: int) -> list[ChangeRow]:
        """The register rows naming this entry, changed first."""
        order = {"changed": 0, "wording": 1, "unchanged": 2}
        rows = [self.changes[k] for k in self.by_entry.get((kind, entry_id), []) if k in self.changes]
        return sorted(rows, key=lambda r: order.get(r.kind, 3))


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
    refs = {
        m.group(0)
        for row in [*index.changes.values(), *index.terms.values()]
        for ev in row.evidence
        if (m := _REF.match(ev))
    }
    for ref in refs:
        prefix, line = ref.split(":")
        found = await store.evidence_ruling(prefix, int(line))
        if found is not None:
            index.docs[ref] = DocEvidence(prefix, found.title, found.date, found.ruling_id, found.text, found.owner)
    return index


#: The load in progress per store: concurrent first uses (30 ``/karte`` at once after a restart) share one.
_LOADING: weakref.WeakKeyDictionary[Store, asyncio.Task[TodayIndex]] = weakref.WeakKeyDictionary()


async def today_index(store: Store) -> TodayIndex:
    """The register of ``store`` (read on first use, then from memory); callers arriving while it is
    being read wait for that one read. A failed read is tried again by the next caller."""

    async def load() -> TodayIndex:
        task = _LOADING.get(store)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = asyncio.ensure_future(_load(store))
            _LOADING[store] = task
        return await asyncio.shield(task)

    return await store.memo("today", load)


def evidence_text(index: TodayIndex, evidence: tuple[str, ...]) -> str:
    """``"CR 709.4a (Comprehensive Rules vom 17.04.2026); Dokument 002 (Rulings zu …, 18.04.2017)"``;
    evidence that renders the same (two rulings of one document and date) is named once."""
    numbers = [ev[3:] for ev in evidence if ev.startswith("CR ")]
    parts = []
    if numbers:
        dates = sorted({index.cr[n][1] for n in numbers if n in index.cr})
        when = f" vom {format_date(dates[-1])}" if dates else ""
        parts.append(f"{', '.join(numbers)} ({CR_NAME}{when})")
    for ev in evidence:
        m = _REF.match(ev)
        if m is None:
            continue
        doc = index.docs.get(m.group(0))
        if doc is None:
            parts.append(f"Dokument {m.group(1)}")
            continue
        date = format_date(doc.date)
        parts.append(f"Dokument {doc.prefix} ({doc.title}" + (f", Ruling vom {date})" if date else ")"))
    # Two rulings of one document (002:21 and 002:25, both "Rulings zu …, 18.04.2017") read the same: once.
    return "; ".join(dict.fromkeys(parts))


def _rule_quotes(index: TodayIndex, evidence: tuple[str, ...], limit: int = 2) -> list[str]:
    """Today's rule texts the evidence cites, as ``> **709.4a** …`` lines (at most ``limit``)."""
    out = []
    for ev in evidence:
        if ev.startswith("CR ") and ev[3:] in index.cr and len(out) < limit:
            out.append(f"> **{ev[3:]}** {index.cr[ev[3:]][0]}")
    return out


def terms_line(index: TodayIndex, kind: str, entry_id: int) -> str:
    """``ℹ️ Heute andere Begriffe: „wirken“ statt „spielen“; … _(Beleg: 601.2 (Comprehensive Rules vom
    17.04.2026); Dokument 002 (…))_`` or ``""`` when the term table names no term for the entry."""
    keys = index.terms_by_entry.get((kind, entry_id), [])
    terms = [index.terms[k] for k in keys if k in index.terms]
    if not terms:
        return ""
    listed = "; ".join(f"„{t.new}“ statt „{t.old}“" for t in terms)
    evidence = tuple(dict.fromkeys(ev for t in terms for ev in t.evidence))
    return f"ℹ️ Heute andere Begriffe: {listed} _(Beleg: {evidence_text(index, evidence)})_"


def ruling_display(index: TodayIndex, kind: str, entry_id: int, text: str, source: str) -> str:
    """A ruling's text as shown today. ``source`` is ``"Zwietracht – Häufig gestellte Fragen, 17.03.2006"``.

    changed → ``⚠️ Heute: …`` with evidence, then ``Früher (source): text``; wording → text and a
    ``ℹ️ Heute: …`` line; unchanged with evidence → ``✅ Heute gilt weiterhin …`` first, then the text;
    terms → one more ``ℹ️`` line. Entries the register does not name come back as ``text``.
    """
    rows = index.rows(kind, entry_id)
    lines: list[str] = []
    changed = [r for r in rows if r.kind == "changed"]
    if changed:
        for r in changed:
            lines.append(f"⚠️ **Heute:** {r.today}\n_Beleg: {evidence_text(index, r.evidence)}_")
        lines.append(f"**Früher** ({source}, heute überholt): {text}")
    else:
        for r in (r for r in rows if r.kind == "unchanged"):
            lines.append(f"✅ **Heute:** {r.today}\n_Beleg: {evidence_text(index, r.evidence)}_")
        if lines:
            lines.append(f"**Im Dokument** ({source}): {text}")
        else:
            lines.append(text)
        for r in (r for r in rows if r.kind == "wording"):
            lines.append(f"ℹ️ **Heute:** {r.today} _({evidence_text(index, r.evidence)})_")
    line = terms_line(index, kind, entry_id)
    if line:
        lines.append(line)
    return "\n".join(lines)


def is_changed(index: TodayIndex, kind: str, entry_id: int) -> bool:
    """True when a ``changed`` row names the entry (its statement is wrong today)."""
    return any(r.kind == "changed" for r in index.rows(kind, entry_id))


def newer_rulings(index: TodayIndex, kind: str, entry_id: int) -> list[DocEvidence]:
    """The later document rulings a ``changed`` row cites as evidence for this entry (002:29 for the 2006
    "name both halves"), so a search can show today's wording beside the outdated hit."""
    out: dict[int, DocEvidence] = {}
    for r in index.rows(kind, entry_id):
        if r.kind != "changed":
            continue
        for ev in r.evidence:
            m = _REF.match(ev)
            doc = index.docs.get(m.group(0)) if m else None
            if doc is not None:
                out.setdefault(doc.ruling_id, doc)
    return list(out.values())


def hit_notice(index: TodayIndex, kind: str, entry_id: int) -> str:
    """The short notice under a search hit: changed → ``⚠️ Überholt. Heute: …``; else rows and terms."""
    rows = index.rows(kind, entry_id)
    lines = []
    for r in rows:
        ev = evidence_text(index, r.evidence)
        if r.kind == "changed":
            lines.append(f"⚠️ **Überholt.** Heute: {r.today} _(Beleg: {ev})_")
        elif r.kind == "wording":
            lines.append(f"ℹ️ Heute: {r.today} _({ev})_")
        else:
            lines.append(f"✅ Gilt weiterhin _({ev})_")
    line = terms_line(index, kind, entry_id)
    if line:
        lines.append(line)
    return "\n".join(lines)


def heute_block(index: TodayIndex, kind: str, entry_id: int) -> str:
    """For a mechanics section: ``**Heute** …`` with today's statement and today's rules quoted, or ``""``.

    Shown first on the section's page; the document's text follows as history.
    """
    rows = [r for r in index.rows(kind, entry_id) if r.kind in ("changed", "wording")]
    if not rows:
        return ""
    parts = []
    for r in rows:
        mark = "⚠️" if r.kind == "changed" else "ℹ️"
        quotes = _rule_quotes(index, r.evidence)
        parts.append("\n".join([f"{mark} **Heute:** {r.today}", *quotes,
                                f"_Beleg: {evidence_text(index, r.evidence)}_"]))
    return "\n\n".join(parts)


def explanation_terms_note(text: str, terms: list[Term], rule_text: str = "") -> str:
    """For the third-party German explanation (document 003, CardX Academy), which writes "Permanent",
    "Token", "Vorrang" where German cards print other words: ``ℹ️ Auf deutschen Karten: „Bleibende Karte“
    statt „Permanent“ (110)`` for every capitalised older name of the term table (``data/terms_de_en.tsv``,
    column ``old``) the text uses as a word (also with an ending: "Permanents"); ``""`` when none.

    Only nouns are checked: verbs and phrases of that column ("spielen", "im Spiel") keep their
    other senses in that text (a land is played; "ins Spiel gebracht" can mean "into the game").
    One phrase is checked against the English rule it explains (``rule_text``): "außerhalb des Spiels"
    where the rule says "not on the battlefield" (110.5d) — in the rules that phrase means "in no zone"
    (400.11), so the note says what is meant.
    """
    found: dict[str, str] = {}
    for term in terms:
        for old in term.old:
            if old[:1].isupper() and old != term.german and re.search(
                r"(?<!\w)" + re.escape(old) + r"(?:s|n|en|e)?(?!\w)", text
            ):
                found.setdefault(old, f"„{term.german}“ statt „{old}“ ({term.rule})")
    if "außerhalb des Spiels" in text and "not on the battlefield" in rule_text:
        found["außerhalb des Spiels"] = ("„nicht auf dem Schlachtfeld“ (englisch „not on the battlefield“) statt "
                                         "„außerhalb des Spiels“, das in den Regeln „in keiner Zone“ heißt (400.11)")
    if not found:
        return ""
    return "ℹ️ Auf deutschen Karten: " + "; ".join(found.values()) + " _(Begriffstabelle, Regelnummer von heute)_"


def coverage(index: TodayIndex) -> dict[str, dict[str, int]]:
    """``{"ruling": {status: n}, "mechanic": {status: n}}`` over every entry of the store."""
    out: dict[str, dict[str, int]] = {"ruling": {}, "mechanic": {}}
    for (kind, _id), status in index.status.items():
        out.setdefault(kind, {})
        out[kind][status] = out[kind].get(status, 0) + 1
    return out


__all__ = [
    "ChangeRow",
    "TermRow",
    "TodayIndex",
    "coverage",
    "evidence_text",
    "explanation_terms_note",
    "heute_block",
    "hit_notice",
    "is_changed",
    "newer_rulings",
    "ruling_display",
    "terms_line",
    "today_index",
]
