"""Passages of the question search (``passages``, ``passages_fts`` and ``vocabulary`` of ``data/schema.sql``,
written by ``bot/importer/passages.py``)."""

from __future__ import annotations

import contextlib
import json
import re
import sys
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from cachetools import LRUCache

from bot.store.base import StoreBase
from bot.store.split import DOCUMENTS_INDEX, PASSAGES_INDEX

#: ``meta`` key of the words only the documents' English text prints (JSON list, written by the build:
#: :func:`bot.importer.passages.vocabulary`).
ENGLISH_WORDS_META = "english_words"
_COLUMNS = ("id, key, kind, ref_id, document_id, card_id, mechanic_id, number, title, text, date, source, status,"
            " concepts")


@dataclass(frozen=True)
class PassageRecord:
    """One passage, whole: its key (``"001:1246"``, ``"cr:702.51a"``, ``"term:Trampelschaden"``), kind
    (ruling | mechanic | quoted_rule | explanation | card | term | cr_rule | glossary), the id in its own table,
    the card or section it belongs to, the rule number, title, text, date, source document, today's status and
    its concept ids; ``terms`` the analysed terms of its text and ``names`` those of its title (card or section name;
    both filled by :meth:`PassageQueries.passages`)."""

    id: int
    key: str
    kind: str
    ref_id: int | None
    document_id: int | None
    card_id: int | None
    mechanic_id: int | None
    number: str | None
    title: str
    text: str
    date: str | None
    source: str
    status: str
    concepts: tuple[str, ...]
    terms: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()


#: An analysed term as the index holds it (lower-case letters and digits): what :meth:`PassageQueries.term_uses` looks
#: up (anything else would be FTS5 syntax).
TERM = re.compile(r"[a-z0-9äöüß]+")

#: :meth:`PassageQueries.term_uses`'s query, before its conditions on the passages (placeholders only).
#: Most passages :meth:`PassageQueries.printed` reads for a word's printed spelling (the index folds accents: a
#: passage may hold the word only so).
PRINTED_READ = 5
_USES = ("SELECT p.id, p.key, p.kind, p.mechanic_id, f.names, f.terms FROM passages_fts f JOIN passages p"
         " ON p.id = f.rowid WHERE passages_fts MATCH ?")


@dataclass(frozen=True)
class TermUse:
    """One passage that uses a term (:meth:`PassageQueries.term_uses`): its id, key (``"001:2929"``), kind, the
    mechanics section it belongs to (None: none), and whether its title (``names``) and whether its text
    (``terms``) holds the term."""

    id: int
    key: str
    kind: str
    mechanic_id: int | None
    in_title: bool
    in_text: bool


def _index(name: str) -> str:
    """``name`` when it is one of the store's full-text indexes (what :meth:`PassageQueries.passage_candidates`
    writes into its SQL).

    Raises:
        ValueError: any other name.
    """
    if name not in (PASSAGES_INDEX, DOCUMENTS_INDEX):
        raise ValueError(f"no full-text index {name!r}")
    return name


def _document_order(p: PassageRecord) -> tuple[str, int]:
    """Sort key of a document's passage: its file prefix and line (``"001:122"`` → ``("001", 122)``); a key without
    a line number sorts after the document's lines."""
    prefix, _, line = p.key.partition(":")
    return prefix, int(line) if line.isdigit() else sys.maxsize


def _words(column: str | None) -> frozenset[str]:
    """The words of a space-separated column, each interned: the passages a store keeps (:class:`RecordCache`) share
    one string per analysed term instead of one per passage."""
    return frozenset(map(sys.intern, column.split())) if column else frozenset()


def _record(row: Sequence[Any]) -> PassageRecord:
    terms = _words(row[14]) if len(row) > 14 else frozenset()
    names = _words(row[15]) if len(row) > 15 else frozenset()
    (pid, key, kind, ref_id, document_id, card_id, mechanic_id, number, title, text, date, source, status,
     concepts) = row[:14]
    return PassageRecord(pid, key, kind, ref_id, document_id, card_id, mechanic_id, number, title, text, date, source,
                         status, tuple(map(sys.intern, concepts.split())), terms, names)


#: Passages' records a store keeps in memory (:class:`RecordCache`). The store of the documents has 1 641 passages,
#: so after the first questions every candidate comes from memory (hit rate 98.9 % over the first pass of the tuning
#: and dev questions, then 100 %); a store with both rules files has 5 665, of which those searched recently stay
#: (hit rate 93 %). ≈ 3.7 KiB each (text, analysed terms, the terms' strings shared): ≈ 7.4 MiB when full.
RECORD_CACHE = 2048
_CACHE_KEY = "passage records"


class _Keyed(Protocol):
    @property
    def id(self) -> int: ...


R = TypeVar("R", bound=_Keyed)


class RecordCache(Generic[R]):
    """Row id → its whole frozen record (here :class:`PassageRecord` with ``terms`` and ``names`` as
    :meth:`PassageQueries.passages` read it; :meth:`bot.store.cards.CardQueries.card` keeps cards so), at most
    ``size`` kept, the least recently used dropped first (:class:`cachetools.LRUCache`). One per store
    (:meth:`PassageQueries.record_cache`, kept in the store's memo): a swapped store is a new store, so its records
    are read again; :meth:`bot.store.base.StoreBase.close` empties it.
    The records are frozen: answers share them. Counts ``hits`` and ``misses`` for tests and benchmarks.

    Raises:
        ValueError: ``size`` is negative.
    """

    def __init__(self, size: int = RECORD_CACHE) -> None:
        self.hits = 0
        self.misses = 0
        self._records: LRUCache[int, R] = LRUCache(maxsize=size)

    @property
    def size(self) -> int:
        """How many records are kept at most."""
        return int(self._records.maxsize)

    def __len__(self) -> int:
        return len(self._records)

    def __contains__(self, pid: object) -> bool:
        return pid in self._records

    def get(self, pid: int) -> R | None:
        """The record of ``pid`` (now the most recently used), or None when it is not kept."""
        record = self._records.get(pid)
        if record is None:
            self.misses += 1
            return None
        self.hits += 1
        return record

    def take(self, pids: Iterable[int]) -> tuple[dict[int, R], list[int]]:
        """:meth:`get` of each of ``pids`` in one pass (each kept one now the most recently used, in ``pids``'
        order): the kept records by id, and the ids not kept, in order. Reads the LRU's item directly (one
        Python frame per id, not four: a search reads ≈ 40–110 records, :meth:`PassageQueries.passages`)."""
        found: dict[int, R] = {}
        missing: list[int] = []
        records = self._records
        for pid in pids:
            try:
                found[pid] = records[pid]
            except KeyError:
                missing.append(pid)
        self.hits += len(found)
        self.misses += len(missing)
        return found, missing

    def put(self, record: R) -> None:
        """Keep ``record`` as the most recently used; drop the least recently used beyond :attr:`size`."""
        self._records[record.id] = record


#: The full-text candidate lists (:meth:`PassageQueries.passage_candidates`) read so far in the answer running in
#: this context (:func:`one_answer`), by store, FTS5 expression, limit and weights; None outside an answer.
_ANSWER_SEARCHES: ContextVar[dict[tuple[Any, ...], list[tuple[int, float]]] | None] = ContextVar(
    "answer_searches", default=None)


@contextlib.contextmanager
def one_answer() -> Iterator[None]:
    """The block of one answer (:meth:`bot.core.Core.run`): a full-text query the answer runs again with the same
    expression, limit and weights on the same store is answered from the first (``/regel suche: Aktivieren`` ranks
    the same candidates for the term's rulings and for the rules, ``/ruling`` for the card's and all rulings: one
    FTS5 query and one trip through aiosqlite's thread each instead of two). Nothing outlives the block: the next
    answer queries the store again. Blocks nest (the inner one starts empty)."""
    token = _ANSWER_SEARCHES.set({})
    try:
        yield
    finally:
        _ANSWER_SEARCHES.reset(token)


class PassageQueries(StoreBase):
    """Queries of the question search."""

    def record_cache(self) -> RecordCache[PassageRecord]:
        """This store's :class:`RecordCache` of passages (made at the first call; emptied when the store is
        closed)."""
        cache = self._memo.get(_CACHE_KEY)
        if cache is None:
            cache = self._memo[_CACHE_KEY] = RecordCache[PassageRecord](RECORD_CACHE)  # the bound as it is now
        return cache

    async def passage_candidates(
        self, match: str, limit: int, weights: tuple[float, float, float] = (1.0, 3.0, 2.0), index: str = PASSAGES_INDEX
    ) -> list[tuple[int, float]]:
        """``(passage id, score)`` of the passages matching the FTS5 expression ``match`` (built by
        :func:`bot.textsearch.fts_match` from analysed terms and typed words), best first, ≤ ``limit``. The score
        is ``-bm25`` with ``weights`` for the columns (names, terms, raw): larger is better. ``index``: the whole
        store's index or the documents' own (:data:`bot.store.split.DOCUMENTS_INDEX`: its passages, its statistics).

        Within one answer (:func:`one_answer`) the same query on this store is run once.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
        """
        seen = _ANSWER_SEARCHES.get()
        key = (self, match, limit, weights, index)
        if seen is not None and key in seen:
            return list(seen[key])
        table = _index(index)
        rows = await self.fetch_search(
            f"SELECT rowid, -bm25({table}, ?, ?, ?) AS s FROM {table} WHERE {table} MATCH ?"  # noqa: S608
            " ORDER BY s DESC, rowid LIMIT ?",
            (*weights, match, limit),
        )
        found = [(int(r[0]), float(r[1])) for r in rows]
        if seen is not None:
            seen[key] = found
        return list(found)

    async def passage_scores(
        self, match: str, ids: Sequence[int], weights: tuple[float, float, float] = (1.0, 3.0, 2.0),
        index: str = PASSAGES_INDEX,
    ) -> dict[int, float]:
        """``-bm25`` (as :meth:`passage_candidates`, in ``index``) of the passages ``ids`` that match ``match``; ids
        that do not match are left out. At most 200 ids.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
        """
        wanted = list(dict.fromkeys(ids))[:200]
        if not wanted or not match:
            return {}
        marks, table = ",".join("?" * len(wanted)), _index(index)
        rows = await self.fetch_search(
            f"SELECT rowid, -bm25({table}, ?, ?, ?) FROM {table} WHERE {table} MATCH ?"  # noqa: S608
            f" AND rowid IN ({marks})",
            (*weights, match, *wanted),
        )
        return {int(r[0]): float(r[1]) for r in rows}

    async def passages(self, ids: Iterable[int]) -> dict[int, PassageRecord]:
        """The passages with these ids (id → record with its analysed ``terms`` and ``names``), in the order of their
        ids; unknown ids are left out; at most the first 1 000 distinct ids. Records read before come from the
        store's :class:`RecordCache`, the others are read in one query (on the loop) and kept there.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
        """
        wanted = list(dict.fromkeys(ids))[:1000]
        cache = self.record_cache()
        found, missing = cache.take(wanted)
        if missing:
            marks = ",".join("?" * len(missing))
            rows = await self.fetch_search(
                f"SELECT {_COLUMNS}, terms, names FROM passages WHERE id IN ({marks})",  # noqa: S608
                missing, by_key=True,
            )
            for row in rows:
                record = found[row[0]] = _record(row)
                cache.put(record)
        return {pid: found[pid] for pid in sorted(found)}

    async def passage_by_key(self, key: str) -> PassageRecord | None:
        """The passage with this key, or None."""
        row = await self.fetchone(f"SELECT {_COLUMNS} FROM passages WHERE key = ?", (key,))  # noqa: S608
        return _record(row) if row else None

    async def section_passages(self, mechanic_id: int) -> list[PassageRecord]:
        """Every passage of one mechanics section (its paragraphs, the rules the document prints in it, its rulings;
        at most 500) in the document's order: by the line of their key (``001:122`` before ``001:124``)."""
        rows = await self.fetchall(
            f"SELECT {_COLUMNS} FROM passages WHERE mechanic_id = ? LIMIT 500", (mechanic_id,)  # noqa: S608
        )
        return sorted((_record(r) for r in rows), key=_document_order)

    async def passages_of_card(self, card_id: int) -> list[PassageRecord]:
        """The passages (card text, rulings) of one card, in passage order."""
        rows = await self.fetchall(f"SELECT {_COLUMNS} FROM passages WHERE card_id = ? ORDER BY id", (card_id,))  # noqa: S608
        return [_record(r) for r in rows]

    async def card_sections(self, card_ids: Sequence[int]) -> dict[int, int]:
        """Card id → the mechanics section the card is printed in as an example (001's ``ALLGEMEINES`` sections:
        Liebkosung der Dryaden in „Verbesserte“ Zaubersprüche); cards of no section are left out."""
        wanted = list(dict.fromkeys(card_ids))[:50]
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        rows = await self.fetchall(
            f"SELECT id, mechanic_id FROM cards WHERE id IN ({marks}) AND mechanic_id IS NOT NULL", wanted  # noqa: S608
        )
        return {int(c): int(m) for c, m in rows}

    async def split_cards(self, card_ids: Sequence[int]) -> frozenset[int]:
        """The split cards (CR 709: two halves on one card, Krims // Krams) among ``card_ids`` (at most 50 read)."""
        wanted = list(dict.fromkeys(card_ids))[:50]
        if not wanted:
            return frozenset()
        marks = ",".join("?" * len(wanted))
        rows = await self.fetchall(f"SELECT id FROM cards WHERE id IN ({marks}) AND is_split = 1", wanted)  # noqa: S608
        return frozenset(int(r[0]) for r in rows)

    async def section_rulings(self, mechanic_id: int) -> list[int]:
        """Ids of the ruling passages of one mechanics section (not of a card), in passage order."""
        rows = await self.fetchall(
            "SELECT id FROM passages WHERE mechanic_id = ? AND kind = 'ruling' AND card_id IS NULL ORDER BY id",
            (mechanic_id,),
        )
        return [int(r[0]) for r in rows]

    async def passage_vocabulary(self) -> tuple[dict[str, int], dict[str, str]]:
        """The analyser's vocabulary: word → count, and word → lemma where the lemma differs."""
        rows = await self.fetchall("SELECT word, count, lemma FROM vocabulary")
        return {w: int(n) for w, n, _ in rows}, {w: lemma for w, _, lemma in rows if lemma}

    async def english_words(self) -> frozenset[str]:
        """The words only the documents' English text prints (000's „wins“, „draws“; :data:`ENGLISH_WORDS_META`),
        known to the typo repair but no words of :meth:`passage_vocabulary`; empty for a store built without them."""
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (ENGLISH_WORDS_META,))
        return frozenset(json.loads(row[0])) if row else frozenset()

    async def term_counts(self) -> dict[str, int]:
        """How many passages carry each analysed term (document frequency, for weighting; counted by the build,
        table ``passage_counts``); {} for an empty store.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
        """
        rows = await self.fetch_search("SELECT name, passages FROM passage_counts WHERE kind = 'term'")
        return {name: int(n) for name, n in rows}

    async def concept_counts(self) -> dict[str, int]:
        """How many passages carry each concept id (for weighting concept hits; counted by the build, table
        ``passage_counts``); {} for an empty store."""
        rows = await self.fetchall("SELECT name, passages FROM passage_counts WHERE kind = 'concept'")
        return {name: int(n) for name, n in rows}

    async def term_uses(self, term: str, *, title: bool = True, text: bool = True, kinds: Collection[str] = (),
                        besides: Collection[str] = (), documents: bool = False, limit: int = 50) -> list[TermUse]:
        """Where the passages use ``term`` (an analysed term, ``zuschiess``, or a concept id, ``zzkcascade``): the
        passages whose title (a card's or section's name, a rule's heading: column ``names``; ``title``) or text
        (its analysed terms and concepts: column ``terms``; ``text``) holds it as one of its words, each with
        whether its title and whether its text does (:class:`TermUse`; False for a column not asked), in passage
        order (the index's row ids), at most ``limit``. Only passages of ``kinds`` (none: every kind), of no kind
        of ``besides`` (``("term",)``: beyond the term table), with ``documents`` only those of the bot's
        documents (keys ``001:26``, not ``term:…``, ``cr:…`` or a card file's). The index matches a word with its
        accents removed as well (``fur`` finds „für“); a passage that holds the word so and not as given is no use
        of it and is left out before ``limit`` is counted. One indexed look-up.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
            ValueError: ``term`` holds anything but lower-case letters and digits (FTS5 syntax else), or neither
                ``title`` nor ``text`` is asked for.
        """
        if not TERM.fullmatch(term) or not (title or text):
            raise ValueError(f"no term to look up: {term!r}")
        columns = " ".join(c for c, asked in (("names", title), ("terms", text)) if asked)
        where, params = "", [f"{{{columns}}} : {term}"]
        for column, wanted, negate in (("p.kind", list(kinds), ""), ("p.kind", list(besides), "NOT ")):
            if wanted:
                where += f" AND {column} {negate}IN ({','.join('?' * len(wanted))})"
                params += wanted
        if documents:
            where += " AND p.key GLOB '[0-9][0-9][0-9]:*'"
        # the index also matches the word accent-folded: only a column holding it as given counts, tested before the
        # limit so a passage that holds it only folded takes no place of one that holds it
        asked = [c for c, on in (("f.names", title), ("f.terms", text)) if on]
        where += " AND (" + " OR ".join(f"instr(' ' || coalesce({c}, '') || ' ', ?) > 0" for c in asked) + ")"
        params += [f" {term} "] * len(asked)
        rows = await self.fetch_search(_USES + where + " LIMIT ?", (*params, limit))
        uses = [TermUse(int(pid), key, kind, mid, title and term in (names or "").split(),
                        text and term in (terms or "").split()) for pid, key, kind, mid, names, terms in rows]
        return [u for u in uses if u.in_title or u.in_text]

    async def printed(self, word: str) -> str | None:
        """``word`` (letters, lower case) as the first passage that holds it prints it, in the index's order, its case
        as printed: ``"llanovarelfen"`` → ``"Llanovarelfen"`` (001:2805, the card's name); None when no passage
        prints it. One indexed look-up of at most :data:`PRINTED_READ` passages.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
            ValueError: ``word`` is empty or holds anything but letters (it would be FTS5 syntax).
        """
        found = await self.printed_at(word)
        return found[0] if found is not None else None

    async def printed_at(self, word: str) -> tuple[str, str] | None:
        """:meth:`printed` with the key of the passage that prints it: ``("Llanovarelfen", "001:2805")``; None when
        no passage prints it.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
            ValueError: ``word`` is empty or holds anything but letters (it would be FTS5 syntax).
        """
        if not word.isalpha():
            raise ValueError(f"no word of letters: {word!r}")
        rows = await self.fetch_search("SELECT f.raw, p.key FROM passages_fts f JOIN passages p ON p.id = f.rowid "
                                       "WHERE passages_fts MATCH ? LIMIT ?", (f'raw : "{word}"', PRINTED_READ))
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
        return next(((m.group(0), key) for raw, key in rows if (m := pattern.search(raw or ""))), None)

    async def holds_phrase(self, words: Sequence[str]) -> bool:
        """True when some passage's text holds ``words`` (letters only, at least one) one after the other, folded
        as the index folds them (FTS5 ``unicode61``, diacritics removed): ``["blut", "durst"]`` → False.

        Raises:
            SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
            ValueError: a word is empty or holds anything but letters (it would be FTS5 syntax).
        """
        if not words or not all(w.isalpha() for w in words):
            raise ValueError(f"no phrase of letters: {words!r}")
        phrase = '"' + " ".join(words) + '"'
        rows = await self.fetch_search("SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? LIMIT 1",
                                       (f"raw : {phrase}",))
        return bool(rows)

    async def numbered_passages(self, number: str) -> list[PassageRecord]:
        """The passages printed under rule ``number`` (``"702.19"``: the term table's row, a document's rule, with
        ``build --cr`` the official rule), in passage order, at most 20; 003's entries are numbered in the rule
        catalogue, not here (:func:`bot.rule_catalog.catalog`)."""
        rows = await self.fetchall(
            f"SELECT {_COLUMNS} FROM passages WHERE number = ? ORDER BY id LIMIT 20", (number,)  # noqa: S608
        )
        return [_record(r) for r in rows]

    async def passage_count(self) -> int:
        """Number of passages in the store."""
        row = await self.fetchone("SELECT count(*) FROM passages")
        return int(row[0]) if row else 0

    async def passages_of_entries(self, kind: str, ids: Sequence[int]) -> list[PassageRecord]:
        """The passages of the entries ``ids`` of one kind (``ruling`` | ``mechanic``, their id in their own
        table: ``passages.ref_id``), in passage order; ids without a passage are left out. At most 200 ids."""
        wanted = list(dict.fromkeys(ids))[:200]
        if not wanted:
            return []
        marks = ",".join("?" * len(wanted))
        rows = await self.fetchall(
            f"SELECT {_COLUMNS} FROM passages WHERE kind = ? AND ref_id IN ({marks}) ORDER BY id",  # noqa: S608
            (kind, *wanted),
        )
        return [_record(r) for r in rows]
