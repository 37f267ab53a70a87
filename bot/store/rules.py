"""Rules as the documents print them: rules quoted with their number (``quoted_rules``), the German rules
explanation of document 003 (``rule_explanations``); their search runs over the passages
(:mod:`bot.store.passages`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.base import DocumentRecord, StoreBase, document_from_row

#: One rule number a document's text cites, or a range of its letters („409.1f-h“: 409.1f, 409.1g and 409.1h).
_CITED = r"\d{3}(?:\.\d+(?:[a-z](?:-[a-z])?)?)?"
#: A reference to rules in a quoted rule's text: „Siehe auch Regel 104.3“ (203.2e), „in den Regeln 409.1b und
#: 409.1f-h“ (502.32a, 502.52a of the Ravnica FAQ): „Regel“ or „Regeln“ and a list of numbers joined by „und“ or
#: commas.
_SEE_RULE = re.compile(rf"\bRegeln? ({_CITED}(?:(?:,\s*|\s+und\s+){_CITED})*)")
_RANGE = re.compile(r"(.*\.\d+)([a-z])-([a-z])")


@dataclass(frozen=True)
class QuotedRuleRecord:
    """A rule quoted with its number in a document (``quoted_rules`` row with its document and section)."""

    id: int
    number: str
    title: str | None
    text: str
    examples: tuple[str, ...]
    language: str
    position: int
    mechanic_id: int | None
    mechanic: str | None
    document: DocumentRecord

    @property
    def see_also(self) -> list[str]:
        """Rule numbers the text refers to, in order, each once: „Siehe auch Regel 104.3“ (203.2e → 104.3), „in den
        Regeln 409.1b und 409.1f-h“ (502.32a → 409.1b, 409.1f, 409.1g, 409.1h: a range of letters read as each)."""
        numbers = [n for m in _SEE_RULE.finditer(self.text) for n in re.split(r",\s*|\s+und\s+", m.group(1))]
        return list(dict.fromkeys(x for n in numbers for x in _each(n)))


def _each(number: str) -> list[str]:
    """The numbers a cited ``number`` stands for: itself, or each of a range of letters („409.1f-h“)."""
    if (m := _RANGE.fullmatch(number)) is None:
        return [number]
    return [m.group(1) + chr(c) for c in range(ord(m.group(2)), ord(m.group(3)) + 1)]


@dataclass(frozen=True)
class ExplanationRecord:
    """An entry of the German rules explanation (document 003) with its alignment to the current CR.

    ``status``: aligned | uncertain | unaligned, or None when the store was built without ``--cr``;
    ``guess`` the number an uncertain alignment points to (never shown as fact).
    """

    id: int
    position: int
    text: str
    examples: tuple[str, ...]
    see_also: tuple[str, ...]
    terms: tuple[str, ...]
    number: str | None
    status: str | None
    evidence: str | None
    document: DocumentRecord
    guess: str | None = None


_QUOTED_SQL = """
SELECT q.id, q.number, q.title, q.text, q.examples, q.language, q.position, q.mechanic_id, m.title,
       d.id, d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date
FROM quoted_rules q JOIN documents d ON d.id = q.document_id LEFT JOIN mechanics m ON m.id = q.mechanic_id
ORDER BY d.id, q.position
"""
_EXPLANATIONS_SQL = """
SELECT d.*, e.id, e.position, e.text, e.examples, e.see_also, e.terms, e.number, e.number_status, e.number_evidence,
       e.number_guess
FROM rule_explanations e JOIN document_rows d ON d.d_id = e.document_id
"""
class RuleQueries(StoreBase):
    """Queries about the rules the documents print."""

    def _explanation(self, row: Sequence[Any]) -> ExplanationRecord:
        """From a row of :data:`_EXPLANATIONS_SQL`: ``document_rows`` columns, then the entry's."""
        eid, pos, text, ex, see, terms, number, status, evidence, guess = row[8:18]
        return ExplanationRecord(eid, pos, text, tuple(self.json_list(ex)), tuple(self.json_list(see)),
                                 tuple(self.json_list(terms)), number, status, evidence, document_from_row(row),
                                 guess)

    async def quoted_rules(self) -> list[QuotedRuleRecord]:
        """Every rule the documents quote with its number, in document order (document id, then position)."""
        return [
            QuotedRuleRecord(r[0], r[1], r[2], r[3], tuple(self.json_list(r[4])), r[5], r[6], r[7], r[8],
                             DocumentRecord(*r[9:17]))
            for r in await self.fetchall(_QUOTED_SQL)
        ]

    async def rule_explanations(self) -> list[ExplanationRecord]:
        """Every entry of the rules explanation (003) in document order, with its stored alignment."""
        rows = await self.fetchall(
            _EXPLANATIONS_SQL + " ORDER BY d.d_id, e.position"
        )
        return [self._explanation(r) for r in rows]

    async def explanation_for(self, number: str) -> ExplanationRecord | None:
        """The German explanation aligned to CR ``number`` (status ``aligned`` only — an uncertain
        alignment is never returned as fact), or None."""
        row = await self.fetchone(
            _EXPLANATIONS_SQL + " WHERE e.number = ? AND e.number_status = 'aligned' ORDER BY e.position LIMIT 1",
            (number,),
        )
        return self._explanation(row) if row else None

    async def documents_quoting(self, number: str) -> list[DocumentRecord]:
        """Documents that quote rule ``number`` as printed (old numbering), in document order."""
        rows = await self.fetchall(
            "SELECT * FROM document_rows WHERE d_id IN (SELECT document_id FROM quoted_rules WHERE number = ?)"
            " ORDER BY d_id",
            (number,),
        )
        return [document_from_row(r) for r in rows]
