"""The official sources: Comprehensive Rules versions, rules and glossary, the map of old
numbers (``cr_rule_map``), the German↔English keyword table
(``keywords``) of ``data/schema.sql``."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.model import KeywordRow
from bot.store.base import StoreBase


@dataclass(frozen=True)
class CRVersionRecord:
    """One imported Comprehensive Rules file: ``effective`` ISO date, ``file`` name, newest = current."""

    id: int
    effective: str
    file: str
    is_current: bool


@dataclass(frozen=True)
class CRRuleRecord:
    """A chapter, section, rule or subrule of one CR version (official English text).

    ``kind``: chapter | section | rule | subrule; ``parent`` the number one level up (None for a
    chapter); ``title`` for chapters, sections and heading-only rules; ``examples`` the ``Example:``
    texts without the label.
    """

    id: int
    number: str
    kind: str
    parent: str | None
    title: str | None
    text: str
    examples: tuple[str, ...]
    version: CRVersionRecord


@dataclass(frozen=True)
class GlossaryRecord:
    """A glossary term of one CR version; ``rules`` are the numbers it cites (``Mana Value`` → 202.3)."""

    id: int
    term: str
    text: str
    rules: tuple[str, ...]
    version: CRVersionRecord


@dataclass(frozen=True)
class RuleMapRecord:
    """Where ``old_number`` of an old CR version went in the current one (:class:`bot.model.RuleMatch`).

    ``new_number`` None = no counterpart; ``certain`` False = answers say "vermutlich" and name
    ``runner_up``; ``method``: section-title | section-content | rule-title | text | text-section | none.
    """

    old_number: str
    old_version: CRVersionRecord
    new_number: str | None
    new_version: CRVersionRecord
    score: float
    method: str
    certain: bool
    runner_up: str | None


class CRSearchHit:
    """A full-text hit in the current CR: ``kind`` "rule" (``number`` set) or "term" (``title`` = term).

    ``ref`` is the rule's or glossary entry's id; ``rank`` is SQLite FTS5 bm25 (smaller = better).
    """

    kind: str
    ref: int
    number: str
    title: str
    rank: float


class OfficialQueries(StoreBase):
    """Queries about the Comprehensive Rules and the keyword table."""

    @staticmethod
    def _version(row: Sequence[Any]) -> CRVersionRecord:
        return CRVersionRecord(row[0], row[1], row[2], bool(row[3]))

    async def cr_versions(self) -> list[CRVersionRecord]:
        """Every imported CR version, newest first; [] when the store was built without ``--cr``. Read once per store
        (:meth:`memo`): ``/regel`` asks on every answer."""
        rows = await self.memo("cr_versions", lambda: self.fetchall(
            "SELECT id, effective, file, is_current FROM cr_versions ORDER BY effective DESC"))
        return [self._version(r) for r in rows]

    def _rule(self, row: Sequence[Any]) -> CRRuleRecord:
        rid, number, kind, parent, title, text, examples = row[4:11]
        return CRRuleRecord(rid, number, kind, parent, title, text, tuple(self.json_list(examples)),
                            self._version(row))

    async def cr_rule(self, number: str) -> list[CRRuleRecord]:
        """The rule ``number`` (``"701.30c"``, no trailing dot) in every version, newest version first."""
        rows = await self.fetchall("SELECT * FROM cr_rule_rows WHERE number = ? ORDER BY effective DESC", (number,))
        return [self._rule(r) for r in rows]

    async def cr_children(self, number: str, version_id: int) -> list[CRRuleRecord]:
        """Direct subentries of ``number`` in ``version_id`` in document order (rules of a section,
        subrules of a rule, sections of a chapter)."""
        rows = await self.fetchall(
            "SELECT * FROM cr_rule_rows WHERE version_id = ? AND parent = ? ORDER BY position", (version_id, number)
        )
        return [self._rule(r) for r in rows]

    async def glossary_term(self, term_key: str) -> list[GlossaryRecord]:
        """The glossary entry whose folded term (``normalise_for_search``) is ``term_key``, newest version first."""
        rows = await self.fetchall(
            "SELECT * FROM cr_glossary_rows WHERE term_key = ? ORDER BY effective DESC",
            (term_key,),
        )
        return [GlossaryRecord(r[4], r[5], r[6], tuple(self.json_list(r[7])), self._version(r)) for r in rows]

    async def rule_map(self, old_number: str) -> list[RuleMapRecord]:
        """Where ``old_number`` of each older CR version went in the current one, newest old version first."""
        rows = await self.fetchall(
            "SELECT o.id, o.effective, o.file, o.is_current, m.old_number, m.new_number, m.score, m.method,"
            " m.certain, m.runner_up, n.id, n.effective, n.file, n.is_current FROM cr_rule_map m"
            " JOIN cr_versions o ON o.id = m.old_version_id JOIN cr_versions n ON n.id = m.new_version_id"
            " WHERE m.old_number = ? ORDER BY o.effective DESC",
            (old_number,),
        )
        return [
            RuleMapRecord(r[4], self._version(r[0:4]), r[5], self._version(r[10:14]), r[6], r[7], bool(r[8]), r[9])
            for r in rows
        ]

    async def cr_effective(self) -> str | None:
        """The effective ISO date of the Comprehensive Rules this store was built with (``"2026-04-17"``): the
        current imported version's, else the newest date of today's rule texts of the change register
        (``today_cr``); None when the store has neither. Read once per store."""

        async def load() -> str | None:
            row = await self.fetchone(
                "SELECT effective FROM cr_versions ORDER BY is_current DESC, effective DESC LIMIT 1"
            )
            if row is not None:
                return str(row[0])
            try:
                row = await self.fetchone("SELECT max(effective) FROM today_cr")
            except sqlite3.OperationalError:  # a store without the register
                return None
            return str(row[0]) if row and row[0] else None

        return await self.memo("cr_effective", load)

    async def current_cr_numbers(self) -> frozenset[str]:
        """Every rule number of the current CR; empty when the store was built without ``--cr``."""
        rows = await self.fetchall(
            "SELECT r.number FROM cr_rules r JOIN cr_versions v ON v.id = r.version_id WHERE v.is_current = 1"
        )
        return frozenset(number for (number,) in rows)

    async def keywords(self) -> list[KeywordRow]:
        """Every row of the keyword table (data/keywords_de_en.tsv), in file order."""
        rows = await self.fetchall(
            "SELECT german, english, kind, old_number, source, cr_number, note FROM keywords ORDER BY rowid"
        )
        return [KeywordRow(*r) for r in rows]

    async def keyword(self, key: str) -> list[KeywordRow]:
        """Keyword rows whose folded German or English term is ``key``, or whose old number is ``key``."""
        rows = await self.fetchall(
            "SELECT german, english, kind, old_number, source, cr_number, note FROM keywords"
            " WHERE german_key = ? OR english_key = ? OR old_number = ? ORDER BY rowid",
            (key, key, key),
        )
        return [KeywordRow(*r) for r in rows]

    async def cr_catalogue(self) -> tuple[list[tuple[str, str]], list[str]]:
        """For autocomplete: ``([(number, title or first words)], [glossary terms])`` of the current CR."""
        rules = await self.fetchall(
            "SELECT r.number, coalesce(r.title, substr(r.text, 1, 80)) FROM cr_rules r"
            " JOIN cr_versions v ON v.id = r.version_id WHERE v.is_current = 1 ORDER BY r.position"
        )
        terms = await self.fetchall(
            "SELECT g.term FROM cr_glossary g JOIN cr_versions v ON v.id = g.version_id"
            " WHERE v.is_current = 1 ORDER BY g.term"
        )
        return [(n, t) for n, t in rules], [t for (t,) in terms]
