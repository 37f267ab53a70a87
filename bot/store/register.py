"""The change register, as the build stored it from ``data/changes.toml`` and ``data/terms.tsv``:
tables ``changes``, ``change_terms``, ``change_entries``, ``entry_terms``, ``today_status``, ``today_cr`` and
``old_numbers`` of ``data/schema.sql``. A store without these tables (an older schema) reads as no register."""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field

from bot.model import ChangeRow, RuleReview, TermRow
from bot.store.base import StoreBase

#: The register's rows as the store returns them: the shared row types of :mod:`bot.model` (the importer reads
#: ``data/changes.toml`` into the same types; rows from the store carry no ``entries`` / ``marker``).
ChangeRecord = ChangeRow
TermRecord = TermRow


@dataclass(frozen=True)
class TodayRule:
    """Today's text of a rule number the register cites, with the effective ISO date of its CR."""

    number: str
    text: str
    effective: str


@dataclass(frozen=True)
class EntryLink:
    """A register row (``key``) naming an entry: ``kind`` ``"ruling"`` or ``"mechanic"`` and its id."""

    key: str
    kind: str
    entry_id: int


@dataclass(frozen=True)
class EntryNote:
    """Per entry: an old ``term`` it uses (``entry_terms``) or its today ``status`` (``today_status``:
    unchanged | changed | wording | current | unreviewed)."""

    kind: str
    entry_id: int
    value: str


@dataclass
class ChangeRegister:
    """The whole register in store order (``entries`` by rowid)."""

    changes: list[ChangeRow] = field(default_factory=list)
    terms: list[TermRow] = field(default_factory=list)
    today: list[TodayRule] = field(default_factory=list)
    entries: list[EntryLink] = field(default_factory=list)
    entry_terms: list[EntryNote] = field(default_factory=list)
    #: every entry's status except ``current`` (an entry of a current source: a card file's 200 000 rulings)
    status: list[EntryNote] = field(default_factory=list)
    #: per entry kind, how many entries have the status ``current`` (counted, not listed)
    current: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class EvidenceRuling:
    """A document ruling cited as evidence: its document's title, its date (own or the document's), id,
    text, and the card or section it belongs to (``""`` when none)."""

    title: str
    date: str | None
    ruling_id: int
    text: str
    owner: str
    kind: str = "ruling"  #: ``ruling``, or ``explanation`` (003's explanation of a rule; ``ruling_id`` its id)


@dataclass(frozen=True)
class CitedNumber:
    """A number as a document prints it, the document, and today's rule for it (``old_numbers``)."""

    document_prefix: str
    number: str
    today: str | None
    relation: str
    note: str
    title: str  # of the citing document (the first FAQ of 001 that quotes it)
    date: str | None
    text: str  # the quoted text (first quote), '' for a pure heading
    heading: str | None


#: Every cited number with the first quote of it in the citing document (title, date, text, heading); a number
#: cited only inside a rule's text (409.1b in 502.32a of the Ravnica FAQ) comes with that rule's quote.
_CITED_SQL = """
SELECT o.document, o.number, o.today, o.relation, o.note, d.title, d.date, q.text, q.title, q.number
FROM (
  -- per old number, the quoted rule that prints it, else the first whose text cites it (409.1b, "409.1f-h"):
  -- the smallest (not printed as this number) * 10^9 + id
  SELECT o.*, (
    SELECT min((q.number != o.number) * 1000000000 + q.id) FROM quoted_rules q JOIN documents d ON d.id = q.document_id
    WHERE substr(d.file, 1, 3) = o.document
      AND (q.number = o.number OR instr(q.text, o.number) > 0
           OR q.text GLOB '*' || rtrim(o.number, 'abcdefghijklmnopqrstuvwxyz') || '[a-z]-[a-z]*')
  ) % 1000000000 AS rule_id
  FROM old_numbers o
) o
LEFT JOIN quoted_rules q ON q.id = o.rule_id LEFT JOIN documents d ON d.id = q.document_id
ORDER BY o.document, o.number
"""


class RegisterQueries(StoreBase):
    """Queries about the change register."""

    async def change_register(self) -> ChangeRegister | None:
        """The register of this store; None for a store without the register tables."""
        reg = ChangeRegister()
        try:
            for key, kind, since, what, today, evidence in await self.fetchall(
                "SELECT key, kind, since, what, today, evidence FROM changes"
            ):
                reg.changes.append(ChangeRow(key, kind, since, what, today, tuple(json.loads(evidence))))
            for key, old, new, scope, since, evidence in await self.fetchall(
                "SELECT key, old, new, scope, since, evidence FROM change_terms"
            ):
                reg.terms.append(TermRow(key, old, new, scope, since, tuple(json.loads(evidence))))
            reg.today = await self._today_rules()
            rows = await self.fetchall("SELECT key, entry_kind, entry_id FROM change_entries ORDER BY rowid")
            reg.entries = [EntryLink(*r) for r in rows]
            rows = await self.fetchall("SELECT entry_kind, entry_id, term FROM entry_terms")
            reg.entry_terms = [EntryNote(*r) for r in rows]
            rows = await self.fetchall("SELECT entry_kind, entry_id, status FROM today_status "
                                       "WHERE status != 'current'")
            reg.status = [EntryNote(*r) for r in rows]
            rows = await self.fetchall("SELECT entry_kind, count(*) FROM today_status WHERE status = 'current' "
                                       "GROUP BY entry_kind")
            reg.current = {kind: int(n) for kind, n in rows}
        except sqlite3.OperationalError:  # a store without the register (older schema)
            return None
        return reg

    async def _today_rules(self) -> list[TodayRule]:
        return [TodayRule(*r) for r in await self.fetchall("SELECT number, text, effective FROM today_cr")]

    async def evidence_ruling(self, prefix: str, line: int) -> EvidenceRuling | None:
        """The ruling at ``line`` of the source file starting with ``prefix`` (``"002"``), else the explanation of
        today's rules there (``"003"``, kind ``explanation``, its owner ``Regel 106.4`` when aligned, else
        ``Regelerklärung``), or None."""
        row = await self.fetchone(
            "SELECT d.title, coalesce(r.date, d.date), r.id, r.text, coalesce(c.name, m.title, '')"
            " FROM rulings r JOIN documents d ON d.id = r.document_id LEFT JOIN cards c ON c.id = r.card_id"
            " LEFT JOIN mechanics m ON m.id = r.mechanic_id WHERE substr(d.file, 1, 3) = ? AND r.line = ? LIMIT 1",
            (prefix, line),
        )
        if row is not None:
            return EvidenceRuling(row[0], row[1], int(row[2]), row[3], row[4])
        row = await self.fetchone(  # the passage's number: aligned by the build (bot/importer/official.py)
            "SELECT source, date, ref_id, text, coalesce('Regel ' || number, 'Regelerklärung') FROM passages"
            " WHERE kind = 'explanation' AND key = ?", (f"{prefix}:{line}",),
        )
        return EvidenceRuling(row[0], row[1], int(row[2]), row[3], row[4], "explanation") if row else None

    async def cited_numbers(self) -> tuple[list[CitedNumber], list[TodayRule]] | None:
        """Every rule number a document cites with today's rule for it (by document prefix, then number),
        and today's texts of the numbers the register names; None for a store without the register."""
        try:
            rows = await self.fetchall(_CITED_SQL)
            today = await self._today_rules()
        except sqlite3.OperationalError:
            return None
        cited = [
            CitedNumber(doc, number, today_number, relation, note, title or "", date,
                        _citing_sentence(number, printed, text or ""), heading if printed == number else None)
            for doc, number, today_number, relation, note, title, date, text, heading, printed in rows
        ]
        return cited, today


    async def register_reviews(self) -> list[RuleReview]:
        """The register rows "zu prüfen": per row and cited rule that changed in the newest rules of the build
        (:class:`bot.model.RuleReview`, in register order; empty when nothing changed, when the build had no
        ``--cr`` file, or for a store without the table).

        How an answer shows a row under review: today's official text is ``review.today_text`` under
        ``review.today_number`` (never the register's old quote as today's), followed by ``review.notice()``,
        the one German line that the "Heute" statement rests on the rules of ``review.basis`` and was not
        reviewed since. :meth:`reviews_of` gives the reviews of one row.
        """

        async def load() -> list[RuleReview]:
            try:
                rows = await self.fetchall(
                    "SELECT row_kind, row_key, number, state, new_number, old_text, new_text, basis, checked"
                    " FROM register_review ORDER BY rowid")
            except sqlite3.OperationalError:  # a store of an older schema: nothing under review
                return []
            return [RuleReview(*row) for row in rows]

        return await self.memo("register_reviews", load)

    async def reviews_of(self, row_kind: str, row_key: str) -> list[RuleReview]:
        """The reviews of one register row: ``("change", "convoke")``, ``("term", "wirken")`` or
        ``("number", "001:502.46")``; empty when the row is not under review."""
        return [r for r in await self.register_reviews() if (r.row_kind, r.row_key) == (row_kind, row_key)]

    async def review_summary(self) -> ReviewSummary:
        """How many register rows are "zu prüfen" and against which rules the register was checked
        (``meta`` ``review_checked``; None when the build had no ``--cr`` file)."""
        reviews = await self.register_reviews()
        try:
            row = await self.fetchone("SELECT value FROM meta WHERE key = 'review_checked'")
        except sqlite3.OperationalError:
            row = None
        return ReviewSummary(len({(r.row_kind, r.row_key) for r in reviews}), len({r.number for r in reviews}),
                             row[0] if row else None)


@dataclass(frozen=True)
class ReviewSummary:
    """``rows`` register rows to review because ``rules`` cited rules changed in the rules of ``checked``
    (ISO date of the newest ``--cr`` file of the build; None when the build had none)."""

    rows: int
    rules: int
    checked: str | None

    def line(self) -> str | None:
        """``/info``'s line: ``"3 Registerzeilen zu prüfen: 2 zitierte Regeln sind in den Comprehensive Rules vom
        01.08.2026 anders"``, or that nothing is to review; None when the register was never checked."""
        if self.checked is None:
            return None
        when = ".".join(reversed(self.checked.split("-")))
        if not self.rows:
            return f"Gegen die Comprehensive Rules vom {when} geprüft: keine Registerzeile zu prüfen"
        rows = "1 Registerzeile" if self.rows == 1 else f"{self.rows} Registerzeilen"
        rules = "1 zitierte Regel ist" if self.rules == 1 else f"{self.rules} zitierte Regeln sind"
        return f"{rows} zu prüfen: {rules} in den Comprehensive Rules vom {when} anders"

def _citing_sentence(number: str, printed: str | None, text: str) -> str:
    """The quote shown for a cited number: the rule's text when the document prints the number, else the
    sentence of rule ``printed`` that cites it: ``409.1b`` → ``"502.32a: … in den Regeln 409.1b und 409.1f-h."``
    (Ravnica FAQ)."""
    if printed is None or printed == number:
        return text
    base = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    sentences = re.split(r"(?<=[.!?“])\s+(?=[A-ZÄÖÜ„])", text)
    hit = next((s for s in sentences if number in s), None) or next((s for s in sentences if base in s), text)
    return f"{printed}: … {hit}"
