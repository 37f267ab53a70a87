"""Read-only access to the SQLite store built by ``python -m bot build``.

One :class:`Store` wraps one long-lived aiosqlite connection (opened read-only in the bot's
``setup_hook`` before the cogs load, closed in ``close()``). Parameterised SQL only.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.errors import UserError
from bot.importer.model import KeywordRow

log = logging.getLogger(__name__)

#: Must equal ``PRAGMA user_version`` in data/schema.sql.
SCHEMA_VERSION = 3


class StoreError(Exception):
    """The store cannot be used; the message is German and says what to do."""


#: SQLite's primary result codes for a damaged file: SQLITE_CORRUPT (11) and SQLITE_NOTADB (26)
#: (https://sqlite.org/rescode.html); extended codes (e.g. SQLITE_CORRUPT_VTAB of FTS5) share the low byte.
CORRUPT_CODES = frozenset({11, 26})
#: Longest time ``PRAGMA quick_check`` may take at start-up (seconds); a larger store is checked partly.
QUICK_CHECK_BUDGET = 3.0
CORRUPT_TITLE = "Datenbank beschädigt"
CORRUPT_BODY = ("Die Datenbank des Bots ist beschädigt. Der Betreiber muss sie mit `python -m bot build` "
                "neu bauen; bis dahin kann diese Frage nicht beantwortet werden.")


class StoreCorrupt(UserError):
    """A query hit a damaged page (SQLITE_CORRUPT / SQLITE_NOTADB). Shown to the user as the German
    "Datenbank beschädigt … `python -m bot build`" (a :class:`~bot.errors.UserError`), logged as an error."""

    def __init__(self) -> None:
        super().__init__(CORRUPT_TITLE, CORRUPT_BODY)


def is_corruption(exc: BaseException) -> bool:
    """True when ``exc`` is an ``sqlite3.DatabaseError`` meaning a damaged file (not a lock or a syntax error)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in CORRUPT_CODES
    text = str(exc)
    return "malformed" in text or "not a database" in text or "corrupt" in text


@dataclass(frozen=True)
class DocumentRecord:
    """A source document (one FAQ of file 001 is one document)."""

    id: int
    file: str
    part: int
    kind: str
    title: str
    set_name: str | None
    language: str
    date: str | None


@dataclass(frozen=True)
class FaceRecord:
    """One face of a card; a split card has two."""

    name: str
    mana_cost: str | None
    type_line: str | None
    power_toughness: str | None
    text: str


@dataclass(frozen=True)
class CardRecord:
    """A card with its faces, first document and ruling count."""

    id: int
    name: str
    mana_cost: str | None
    type_line: str | None
    power_toughness: str | None
    text: str
    is_split: bool
    origin: str
    document: DocumentRecord
    faces: tuple[FaceRecord, ...]
    ruling_count: int
    english_name: str | None = None
    english_text: str | None = None
    mechanic_id: int | None = None


@dataclass(frozen=True)
class RulingRecord:
    """A ruling with its document; ``date`` is the ruling's own date or, if none, the document's."""

    id: int
    text: str
    date: str | None
    own_date: bool
    position: int
    language: str
    document: DocumentRecord
    card_id: int | None
    mechanic_id: int | None
    see_mechanic: str | None = None


@dataclass(frozen=True)
class NameEntry:
    """A name a card can be found by: its own name, a face name, or an alias (e.g. English)."""

    card_id: int
    card_name: str
    name: str
    kind: str  # "name" | "face" | "english" | ...


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
    """Where ``old_number`` of an old CR version went in the current one (bot.importer.align.RuleMatch).

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


@dataclass(frozen=True)
class ExplanationRecord:
    """An entry of the German rules explanation (document 003) with its alignment to the current CR.

    ``status``: aligned | uncertain | unaligned, or None when the store was built without ``--cr``.
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


@dataclass(frozen=True)
class CRSearchHit:
    """A full-text hit in the current CR: ``kind`` "rule" (``number`` set) or "term" (``title`` = term).

    ``rank`` is SQLite FTS5 bm25 (smaller = better); ``german`` True when the hit came through the
    aligned German explanation only.
    """

    kind: str
    ref: int
    number: str
    title: str
    rank: float


async def _quick_check(conn: aiosqlite.Connection, path: Path) -> None:
    """``PRAGMA quick_check`` within :data:`QUICK_CHECK_BUDGET` seconds (a progress handler stops it
    after that, logged as a partial check).

    Raises:
        sqlite3.DatabaseError: the check found damage (its first finding is the message).
    """
    deadline = time.monotonic() + QUICK_CHECK_BUDGET
    stopped = False

    def over_budget() -> int:
        nonlocal stopped
        stopped = time.monotonic() > deadline
        return 1 if stopped else 0

    await conn.set_progress_handler(over_budget, 10_000)
    started = time.monotonic()
    try:
        async with conn.execute("PRAGMA quick_check(5)") as cur:
            rows = [r[0] for r in await cur.fetchall()]
    except sqlite3.OperationalError:
        if not stopped:
            raise
        log.warning("Integritätsprüfung nach %.1f s abgebrochen (große Datenbank %s); nur teilweise geprüft",
                    QUICK_CHECK_BUDGET, path)
        return
    finally:
        await conn.set_progress_handler(over_budget, 0)  # N < 1 turns the handler off (sqlite3_progress_handler)
    if rows != ["ok"]:
        raise sqlite3.DatabaseError("; ".join(rows[:3]))
    log.info("Integritätsprüfung ok (%.3f s)", time.monotonic() - started)


def _document(row: Sequence[Any]) -> DocumentRecord:
    """The first eight columns of a view row (card_rows, ruling_rows, document_rows)."""
    return DocumentRecord(*row[:8])


class Store:
    """The store over one aiosqlite connection. Create with :meth:`open`."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path

    @classmethod
    async def open(cls, path: Path) -> Store:
        """Open ``path`` read-only and check its schema version.

        Raises:
            StoreError: the file is missing, from another schema version, or not a valid store
                (German message naming ``python -m bot build``).
        """
        if not path.is_file():  # noqa: ASYNC240  (one stat at start-up)
            raise StoreError(f"Datenbank fehlt ({path}): `python -m bot build` ausführen.")
        uri = path.resolve().as_uri() + "?mode=ro"  # noqa: ASYNC240
        conn = await aiosqlite.connect(uri, uri=True)
        try:
            async with conn.execute("PRAGMA user_version") as cur:
                row = await cur.fetchone()
            version = row[0] if row else 0
            if version == 0:
                raise StoreError(f"Keine Regelbot-Datenbank ({path}): `python -m bot build` ausführen.")
            if version != SCHEMA_VERSION:
                raise StoreError(
                    f"Datenbank veraltet (Schema {version}, erwartet {SCHEMA_VERSION}): "
                    "`python -m bot build` ausführen."
                )
            async with conn.execute("SELECT count(*) FROM cards") as cur:
                await cur.fetchone()
            await _quick_check(conn, path)
        except sqlite3.DatabaseError as exc:
            await conn.close()
            raise StoreError(
                f"Datenbank beschädigt oder keine Regelbot-Datenbank ({path}): `python -m bot build` ausführen. ({exc})"
            ) from None
        except StoreError:
            await conn.close()
            raise
        log.info("Store geöffnet: %s", path)
        return cls(conn, path)

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        await self._conn.close()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """Run one parameterised query and return all rows (tuples).

        Raises:
            StoreCorrupt: the query read a damaged page (German message for the user).
            sqlite3.DatabaseError: any other SQLite error (locks, syntax), unchanged.
        """
        try:
            async with self._conn.execute(sql, tuple(params)) as cur:
                return list(await cur.fetchall())
        except sqlite3.DatabaseError as exc:
            raise self._corrupt(exc) from exc

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any:
        """Run one parameterised query and return its first row or None (errors as :meth:`fetchall`)."""
        try:
            async with self._conn.execute(sql, tuple(params)) as cur:
                return await cur.fetchone()
        except sqlite3.DatabaseError as exc:
            raise self._corrupt(exc) from exc

    def _corrupt(self, exc: sqlite3.DatabaseError) -> BaseException:
        if not is_corruption(exc):
            return exc
        log.error("Datenbank beschädigt (%s): %s – `python -m bot build` ausführen", self.path, exc)
        return StoreCorrupt()

    # --- names -------------------------------------------------------------------------

    async def name_entries(self) -> list[NameEntry]:
        """Every name a card is found by: card names, face names of split cards, aliases."""
        rows = await self.fetchall(
            "SELECT id, name, name, 'name' FROM cards "
            "UNION ALL SELECT f.card_id, c.name, f.name, 'face' FROM card_faces f "
            "JOIN cards c ON c.id = f.card_id WHERE c.is_split = 1 "
            "UNION ALL SELECT a.card_id, c.name, a.alias, a.kind FROM card_aliases a "
            "JOIN cards c ON c.id = a.card_id WHERE a.kind != 'face'"
        )
        return [NameEntry(*r) for r in rows]

    # --- cards ---------------------------------------------------------------------------

    async def card(self, card_id: int) -> CardRecord | None:
        """The card with ``card_id`` and its faces, or None."""
        row = await self.fetchone("SELECT * FROM card_rows WHERE id = ?", (card_id,))
        if row is None:
            return None
        faces = await self.fetchall(
            "SELECT name, mana_cost, type_line, power_toughness, text FROM card_faces WHERE card_id = ? ORDER BY face",
            (card_id,),
        )
        (cid, name, cost, type_line, pt, text, is_split, origin, en_name, en_text, mech, count) = row[8:20]
        return CardRecord(
            id=cid,
            name=name,
            mana_cost=cost,
            type_line=type_line,
            power_toughness=pt,
            text=text,
            is_split=bool(is_split),
            origin=origin,
            english_name=en_name,
            english_text=en_text,
            mechanic_id=mech,
            ruling_count=count,
            document=_document(row),
            faces=tuple(FaceRecord(*f) for f in faces),
        )

    # --- rulings -------------------------------------------------------------------------

    @staticmethod
    def ruling_from_row(row: Sequence[Any]) -> RulingRecord:
        """A :class:`RulingRecord` from a ``ruling_rows`` view row (its first 17 columns)."""
        rid, text, date, own, position, language, card_id, mechanic_id, see = row[8:17]
        return RulingRecord(
            id=rid,
            text=text,
            date=date,
            own_date=bool(own),
            position=position,
            language=language,
            card_id=card_id,
            mechanic_id=mechanic_id,
            see_mechanic=see,
            document=_document(row),
        )

    async def rulings_for_card(self, card_id: int) -> list[RulingRecord]:
        """All rulings of a card in document order (document id, then position)."""
        rows = await self.fetchall("SELECT * FROM ruling_rows WHERE card_id = ? ORDER BY d_id, position", (card_id,))
        return [self.ruling_from_row(r) for r in rows]

    async def rulings_for_mechanic(self, mechanic_id: int) -> list[RulingRecord]:
        """All rulings of a mechanics section in document order."""
        rows = await self.fetchall("SELECT * FROM ruling_rows WHERE mechanic_id = ? ORDER BY position", (mechanic_id,))
        return [self.ruling_from_row(r) for r in rows]

    # --- overview ------------------------------------------------------------------------

    async def documents(self) -> list[DocumentRecord]:
        """All documents in store order."""
        rows = await self.fetchall("SELECT * FROM document_rows ORDER BY d_id")
        return [_document(r) for r in rows]

    # --- official sources (issue 6) ------------------------------------------------------

    @staticmethod
    def _version(row: Sequence[Any]) -> CRVersionRecord:
        return CRVersionRecord(row[0], row[1], row[2], bool(row[3]))

    async def cr_versions(self) -> list[CRVersionRecord]:
        """Every imported CR version, newest first; [] when the store was built without ``--cr``."""
        rows = await self.fetchall("SELECT id, effective, file, is_current FROM cr_versions ORDER BY effective DESC")
        return [self._version(r) for r in rows]

    def _rule(self, row: Sequence[Any]) -> CRRuleRecord:
        rid, number, kind, parent, title, text, examples = row[4:11]
        return CRRuleRecord(rid, number, kind, parent, title, text, tuple(self.json_list(examples)),
                            self._version(row))

    async def cr_rule(self, number: str) -> list[CRRuleRecord]:
        """The rule ``number`` (``"701.30c"``, no trailing dot) in every version, newest version first."""
        rows = await self.fetchall("SELECT * FROM cr_rule_rows WHERE number = ? ORDER BY effective DESC", (number,))
        return [self._rule(r) for r in rows]

    async def cr_rules_by_ids(self, ids: Sequence[int]) -> list[CRRuleRecord]:
        """The CR rules with these ids, in the order given (unknown ids are left out)."""
        rows = await self.fetchall(
            "SELECT * FROM cr_rule_rows WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(list(ids)),)
        )
        by_id = {r[4]: self._rule(r) for r in rows}
        return [by_id[i] for i in ids if i in by_id]

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

    async def glossary_by_ids(self, ids: Sequence[int]) -> list[GlossaryRecord]:
        """The glossary entries with these ids, in the order given."""
        rows = await self.fetchall(
            "SELECT * FROM cr_glossary_rows WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(list(ids)),),
        )
        by_id = {r[4]: GlossaryRecord(r[4], r[5], r[6], tuple(self.json_list(r[7])), self._version(r)) for r in rows}
        return [by_id[i] for i in ids if i in by_id]

    async def search_cr(self, match: str, limit: int = 50) -> list[CRSearchHit]:
        """Full-text search over the current CR's rules and glossary (table ``cr_fts``).

        ``match`` is an FTS5 query built by the caller from quoted tokens only (see
        :func:`bot.answers.official.fts_query`). Ranked by bm25 with the term/title column weighted
        highest, then the English text, then the aligned German explanation. Returns ≤ ``limit`` hits.
        """
        rows = await self.fetchall(
            "SELECT kind, ref, number, title, bm25(cr_fts, 0, 0, 5.0, 8.0, 1.0, 0.7) AS rank FROM cr_fts "
            "WHERE cr_fts MATCH ? ORDER BY rank LIMIT ?",
            (match, limit),
        )
        return [CRSearchHit(k, int(ref), number, title, rank) for k, ref, number, title, rank in rows]

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

    def _explanation(self, row: Sequence[Any]) -> ExplanationRecord:
        eid, pos, text, ex, see, terms, number, status, evidence = row[8:17]
        return ExplanationRecord(eid, pos, text, tuple(self.json_list(ex)), tuple(self.json_list(see)),
                                 tuple(self.json_list(terms)), number, status, evidence, _document(row))

    async def explanation_for(self, number: str) -> ExplanationRecord | None:
        """The German explanation aligned to CR ``number`` (status ``aligned`` only — an uncertain
        alignment is never returned as fact), or None."""
        row = await self.fetchone(
            "SELECT d.*, e.id, e.position, e.text, e.examples, e.see_also, e.terms, e.number, e.number_status,"
            " e.number_evidence FROM rule_explanations e JOIN document_rows d ON d.d_id = e.document_id"
            " WHERE e.number = ? AND e.number_status = 'aligned' ORDER BY e.position LIMIT 1",
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
        return [_document(r) for r in rows]

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

    @staticmethod
    def json_list(value: str | None) -> list[str]:
        """Decode a JSON list column (examples, see_also, terms); '' or NULL → []."""
        return list(json.loads(value)) if value else []
