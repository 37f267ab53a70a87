"""Read-only access to the SQLite store built by ``python -m bot build``: the only place that runs SQL.

One :class:`Store` wraps one long-lived aiosqlite connection and a plain ``sqlite3`` connection for short look-ups
on the event loop within a step budget (:mod:`bot.store.base`; both read-only, opened by the bot before the
cogs load, closed when the bot closes) and a per-store cache of catalogues (:meth:`Store.memo`, emptied
by :meth:`Store.close`). Parameterised SQL only. Every query is a method named for what it answers and
returns typed rows (frozen dataclasses); the queries are grouped by concern:

* :mod:`bot.store.base` — opening, checks, corruption, the cache, :class:`DocumentRecord`;
* :mod:`bot.store.cards` — card names, cards, documents, import counts;
* :mod:`bot.store.rulings` — rulings;
* :mod:`bot.store.mechanics` — mechanics sections of the FAQs and their cards;
* :mod:`bot.store.rules` — rules the documents quote, the German rules explanation (003);
* :mod:`bot.store.official` — the Comprehensive Rules, their old numbers, glossary and keyword table;
* :mod:`bot.store.register` — the change register: today's status, cited numbers, rows to review;
* :mod:`bot.store.passages` — the passages of the question search and the analyser's vocabulary;
* :mod:`bot.store.split` — beside the official rules, the documents' own index and the official passages' counts.
"""

from __future__ import annotations

from bot.errors import StoreClosed
from bot.model import ChangeRow, RuleReview, TermRow
from bot.store.base import (
    CORRUPT_BODY,
    CORRUPT_CODES,
    CORRUPT_TITLE,
    SCHEMA_VERSION,
    DocumentRecord,
    SearchIndexMissing,
    StoreCorrupt,
    StoreError,
    StoreUnreadable,
    is_corruption,
)
from bot.store.cards import CardQueries, CardRecord, FaceRecord, ImportCount, NameEntry
from bot.store.check import QUICK_CHECK_BUDGET
from bot.store.mechanics import CardName, MechanicQueries, MechanicRecord
from bot.store.official import (
    CRRuleRecord,
    CRVersionRecord,
    GlossaryRecord,
    OfficialQueries,
    RuleMapRecord,
)
from bot.store.passages import PassageQueries, PassageRecord, TermUse
from bot.store.register import (
    ChangeRecord,
    ChangeRegister,
    CitedNumber,
    EntryLink,
    EvidenceRuling,
    RegisterQueries,
    ReviewSummary,
    TermRecord,
    TodayRule,
)
from bot.store.rules import ExplanationRecord, QuotedRuleRecord, RuleQueries
from bot.store.rulings import RulingQueries, RulingRecord
from bot.store.split import OfficialCounts, SplitQueries


class Store(CardQueries, RulingQueries, MechanicQueries, RuleQueries, OfficialQueries, RegisterQueries,
            PassageQueries, SplitQueries):
    """The store over its aiosqlite connection and its loop reader. Create with :meth:`open` (see the module doc)."""


__all__ = [
    "CORRUPT_BODY",
    "CORRUPT_CODES",
    "CORRUPT_TITLE",
    "QUICK_CHECK_BUDGET",
    "SCHEMA_VERSION",
    "CRRuleRecord",
    "CRVersionRecord",
    "CardName",
    "CardRecord",
    "ChangeRecord",
    "ChangeRegister",
    "ChangeRow",
    "CitedNumber",
    "DocumentRecord",
    "EntryLink",
    "EvidenceRuling",
    "ExplanationRecord",
    "FaceRecord",
    "GlossaryRecord",
    "ImportCount",
    "MechanicRecord",
    "NameEntry",
    "OfficialCounts",
    "PassageRecord",
    "QuotedRuleRecord",
    "ReviewSummary",
    "RuleMapRecord",
    "RuleReview",
    "RulingRecord",
    "SearchIndexMissing",
    "Store",
    "StoreClosed",
    "StoreCorrupt",
    "StoreError",
    "StoreUnreadable",
    "TermRecord",
    "TermRow",
    "TermUse",
    "TodayRule",
    "is_corruption",
]
