"""The card-name index as the build stored it (tables ``name_entries``, ``name_keys``, ``name_vocab``,
``name_scan`` of ``data/schema.sql``), read through its own synchronous read-only connection.

The name index (:class:`bot.search.NameIndex`) and the free-text scanner (:class:`bot.mentions.NameScanner`)
answer from memory on the event loop without awaiting. On a large store (100 000 printings: 240 000 names)
reading their data into Python objects costs seconds at every start, so :class:`StoredNames` answers the
same questions from the stored tables, each a query on an index (tens of microseconds), and keeps what it
has read of the entries (bounded). The build writes the tables (:mod:`bot.importer.names`) from the same
code that prepares an index in memory (:func:`bot.namedata.index_parts`), so both give the same answers.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, overload

from bot.errors import StoreClosed


@dataclass(frozen=True)
class NameEntry:
    """A name a card can be found by: its own name, a face name, or an alias (e.g. English)."""

    card_id: int
    card_name: str
    name: str
    kind: str  # "name" | "face" | "english" | ...


#: ``name_keys.kind``: compact keys (:func:`bot.text.name_keys`), the same keys reversed, folded words, the
#: stems by which a question names a card (:func:`bot.namedata.name_stems`; only stems of at most
#: :data:`STEM_CARDS` cards), and per such stem how often the documents' words of that stem occur (``entry`` holds
#: the count: the sum of the ``vocabulary`` counts of the words whose stem it is).
KEYS, RKEYS, WORDS, STEMS, STEM_WORDS = 0, 1, 2, 3, 4
#: Stems of more cards than this are not stored (:data:`STEMS`): the question ranker takes a name word as a sign
#: of its card only when it names at most two cards.
STEM_CARDS = 2
#: ``meta`` key the build writes with the stems (value :data:`STEM_CARDS`); a store without it has none stored.
STEMS_META = "name_stems"
#: ``meta`` key the build writes with the stems' word counts (:data:`STEM_WORDS`, value ``"1"``).
STEM_WORDS_META = "name_stem_words"
#: ``meta`` key the build writes with the fuzzy word tables of a small vocabulary (JSON, made by
#: :meth:`bot.fuzzyvocab.FuzzyVocabulary.tables_json`): read at start instead of computed.
FUZZY_TABLES_META = "name_fuzzy_tables"
#: ``meta`` key the build writes with the English names of split cards' halves the card lookup accepts (JSON list of
#: ``[name, card id, card name]``, :mod:`bot.importer.english_offers`): offered by the card-name completer.
ENGLISH_OFFERS_META = "english_offers"
#: ``meta`` key the build writes with the names of cards the store lacks that the documents print as a card's name
#: (JSON list of names, :mod:`bot.importer.mentioned_offers`): offered by the card-name completer as only mentioned.
MENTIONED_OFFERS_META = "mentioned_offers"
#: Entries kept in memory per store after a query read them (then the memory starts anew).
ENTRY_CACHE = 65_536

#: One entry row as kept: card id, card name, name, kind, distinct folded words.
EntryRow = tuple[int, str, str, str, tuple[str, ...]]

#: The first ``cap`` strings of one kind from a prefix on, with their entries' rows.
_SPAN_SQL = ("SELECT k.key, e.entry, e.card_id, e.card_name, e.name, e.kind, e.words FROM name_keys k "
             "JOIN name_entries e ON e.entry = k.entry WHERE k.kind = ? AND k.key >= ? AND k.key < ? "
             "ORDER BY k.key, k.entry LIMIT ?")
_ENTRY_SQL = "SELECT entry, card_id, card_name, name, kind, words FROM name_entries WHERE entry = ?"
_WORD_SQL = ("SELECT e.entry, e.card_id, e.card_name, e.name, e.kind, e.words FROM name_keys k "
             "JOIN name_entries e ON e.entry = k.entry WHERE k.kind = ? AND k.key = ? ORDER BY k.entry LIMIT ?")


def words_column(words: tuple[str, ...]) -> str:
    """The ``name_entries.words`` value of an entry's distinct folded words (sorted, space-separated: a
    folded word has no white space)."""
    return " ".join(sorted(words))


class StoredNames:
    """The stored name index of one store file, over a read-only ``sqlite3`` connection of its own.

    Shapes follow :class:`bot.namedata.IndexParts`: an entry is its position in store order (0-based), a
    span is the sorted strings of one ``name_keys`` kind from a prefix on, with their entries.

    Raises:
        sqlite3.DatabaseError: from any method, when the file is damaged or lacks the tables (the store's
            schema check refuses such a file before this is made).
    """

    def __init__(self, path: Path) -> None:
        uri = Path(path).resolve().as_uri() + "?mode=ro"
        self._conn: _Executes = sqlite3.connect(uri, uri=True, check_same_thread=False)
        self._entries: dict[int, EntryRow] = {}
        self._vocab_read: tuple[list[str], dict[str, int]] | None = None
        self._card_names = _CardNames(self._conn)
        self.card_names: Mapping[int, str] = self._card_names

    def close(self) -> None:
        """Close the connection (idempotent); a read after it raises :class:`bot.errors.StoreClosed` (German
        „bitte erneut versuchen“), not sqlite3's ``ProgrammingError``: an answer still running when its store
        was closed (:meth:`bot.store.base.StoreBase.close`)."""
        self._conn.close()
        self._conn = _CLOSED
        self._card_names.close()

    def entry_count(self) -> int:
        """How many entries (names a card is found by) the index has."""
        return int(self._conn.execute("SELECT count(*) FROM name_entries").fetchone()[0])

    def _keep(self, rows: list[tuple[int, int, str, str, str, str]]) -> None:
        if len(self._entries) + len(rows) > ENTRY_CACHE:
            self._entries.clear()
        for entry, card_id, card_name, name, kind, words in rows:
            self._entries[entry] = (card_id, card_name, name, kind, tuple(words.split()))

    def span(self, kind: int, prefix: str, cap: int) -> tuple[list[str], list[int]]:
        """The first ``cap`` strings of ``kind`` (:data:`KEYS`, :data:`RKEYS`, :data:`WORDS`) that start with
        ``prefix``, sorted (code-point order, ties by entry), and their entries."""
        rows = self._conn.execute(_SPAN_SQL, (kind, prefix, prefix + "\U0010ffff", cap)).fetchall()
        self._keep([r[1:] for r in rows])
        return [r[0] for r in rows], [r[1] for r in rows]

    def entry(self, idx: int) -> EntryRow:
        """Card id, card name, name, kind and distinct folded words of entry ``idx``.

        Raises:
            IndexError: no such entry.
        """
        found = self._entries.get(idx)
        if found is None:
            rows = self._conn.execute(_ENTRY_SQL, (idx,)).fetchall()
            if not rows:
                raise IndexError(idx)
            self._keep(rows)
            found = self._entries[idx]
        return found

    def card_entries(self, card_id: int) -> list[int]:
        """The entries of card ``card_id`` (its name, faces, aliases), in store order."""
        rows = self._conn.execute("SELECT entry FROM name_entries WHERE card_id = ? ORDER BY entry", (card_id,))
        return [r[0] for r in rows]

    def word_entries(self, word: str, cap: int) -> list[int]:
        """The first ``cap`` entries (in store order) having the folded word ``word``."""
        rows = self._conn.execute(_WORD_SQL, (WORDS, word, cap)).fetchall()
        self._keep(rows)
        return [r[0] for r in rows]

    def words_of(self, idx: int) -> tuple[str, ...]:
        """The distinct folded words of entry ``idx``."""
        return self.entry(idx)[4]

    def _vocab(self) -> tuple[list[str], dict[str, int]]:
        """The distinct folded words, sorted, and per word its number of entries (read once, then kept)."""
        if self._vocab_read is None:
            rows = self._conn.execute("SELECT word, entries FROM name_vocab ORDER BY word").fetchall()
            self._vocab_read = [r[0] for r in rows], dict(rows)
        return self._vocab_read

    def vocabulary(self) -> list[str]:
        """The distinct folded words, sorted (read at the first call, about 0.1 s for 100 000 cards)."""
        return self._vocab()[0]

    def word_count(self, word: str) -> int:
        """How many entries have the folded word ``word``."""
        return self._vocab()[1].get(word, 0)

    def rows(self) -> Iterator[tuple[int, str, str, str, str]]:
        """Every entry as stored: card id, card name, name, kind, words column; in store order."""
        return iter(self._conn.execute(
            "SELECT card_id, card_name, name, kind, words FROM name_entries ORDER BY entry"))

    def key_rows(self, kind: int) -> Iterator[tuple[str, int]]:
        """Every string of ``kind`` with its entry, sorted as :meth:`span` sorts them."""
        return iter(self._conn.execute("SELECT key, entry FROM name_keys WHERE kind = ? ORDER BY key, entry",
                                       (kind,)))

    def stems_stored(self) -> bool:
        """True when the build stored the name stems (:data:`STEMS`; a store built before has none)."""
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (STEMS_META,)).fetchone()
        return row is not None and row[0] == str(STEM_CARDS)

    def stem_cards(self, stem: str) -> list[int]:
        """The cards (ascending) whose names have a word of stem ``stem``; [] for a stem of none or of more than
        :data:`STEM_CARDS` cards (not stored)."""
        rows = self._conn.execute("SELECT DISTINCT e.card_id FROM name_keys k JOIN name_entries e ON e.entry = k.entry"
                                  " WHERE k.kind = ? AND k.key = ? ORDER BY e.card_id", (STEMS, stem))
        return [r[0] for r in rows]

    def stem_words_stored(self) -> bool:
        """True when the build stored the stems' word counts (:data:`STEM_WORDS`; a store built before has none)."""
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (STEM_WORDS_META,)).fetchone()
        return row is not None and row[0] == "1"

    def stem_words(self, stem: str) -> int:
        """How often the documents' words of stem ``stem`` occur (the ``vocabulary`` counts of the words whose
        stem, ``snowball(lemma(word))``, it is, summed); stored for the stems of :data:`STEMS` only, 0 for others."""
        row = self._conn.execute("SELECT entry FROM name_keys WHERE kind = ? AND key = ?", (STEM_WORDS, stem)
                                 ).fetchone()
        return int(row[0]) if row else 0

    def _meta(self, key: str) -> str | None:
        """The ``meta`` row ``key`` the build wrote, or None (a store built before it was written)."""
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def fuzzy_tables(self) -> str | None:
        """The fuzzy word tables the build stored (:data:`FUZZY_TABLES_META`, JSON), or None (a larger vocabulary,
        or a store built before they were stored)."""
        return self._meta(FUZZY_TABLES_META)

    def english_offers(self) -> list[tuple[str, int, str]]:
        """The English names the build stored for the completer (:data:`ENGLISH_OFFERS_META`): ``(name, card id,
        card name)``; empty for a store built before they were stored."""
        value = self._meta(ENGLISH_OFFERS_META)
        return [] if value is None else [(str(n), int(c), str(m)) for n, c, m in json.loads(value)]

    def mentioned_offers(self) -> list[str]:
        """The names of cards the store only mentions that the build stored for the completer
        (:data:`MENTIONED_OFFERS_META`); empty for a store built before they were stored."""
        value = self._meta(MENTIONED_OFFERS_META)
        return [] if value is None else [str(n) for n in json.loads(value)]

    def stems(self) -> Iterator[str]:
        """Every stored stem (:data:`STEMS`), sorted (a full read: for tools and tests)."""
        rows = self._conn.execute("SELECT DISTINCT key FROM name_keys WHERE kind = ? ORDER BY key", (STEMS,))
        return (r[0] for r in rows)

    def iter_entries(self) -> Iterator[NameEntry]:
        """Every entry as a :class:`NameEntry`, in store order (a full read)."""
        return (NameEntry(c, cn, n, k) for c, cn, n, k, _w in self.rows())

    def entries(self) -> Sequence[NameEntry]:
        """The entries as :class:`bot.store.NameEntry` objects, read when asked for (iterating reads them all:
        for tools and tests)."""
        return Entries(self)

    def scan(self, key: str) -> tuple[int | None, bool, bool] | None:
        """The scanner's row of ``key`` (:class:`bot.mentions.NameScanner`): the card whose name it is (None:
        only the start of names), whether longer names start with it, whether the one-word name needs its
        capital letter; None when no name has that key or starts with it."""
        row = self._conn.execute("SELECT card_id, prefix, plain FROM name_scan WHERE key = ?", (key,)).fetchone()
        return None if row is None else (row[0], bool(row[1]), bool(row[2]))


class _Executes(Protocol):
    """What :class:`StoredNames` reads through: a ``sqlite3.Connection``, or :data:`_CLOSED` once closed."""

    def execute(self, sql: str, parameters: Any = ..., /) -> sqlite3.Cursor:
        """Run ``sql`` with ``parameters``."""
        ...

    def close(self) -> None:
        """Close the connection."""
        ...


class _Closed:
    """Stands in for the connection of a closed :class:`StoredNames`: every read raises
    :class:`bot.errors.StoreClosed`."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        """Raises:
            bot.errors.StoreClosed: always."""
        raise StoreClosed()

    def close(self) -> None:
        """Nothing: closed already."""


_CLOSED = _Closed()


class _CardNames(Mapping[int, str]):
    """Card id → German name, read from ``cards`` when asked."""

    def __init__(self, conn: _Executes) -> None:
        self._conn = conn

    def close(self) -> None:
        """Read no more (its :class:`StoredNames` closed the connection): every read raises
        :class:`bot.errors.StoreClosed`."""
        self._conn = _CLOSED

    def __getitem__(self, card_id: int) -> str:
        row = self._conn.execute("SELECT name FROM cards WHERE id = ?", (card_id,)).fetchone()
        if row is None:
            raise KeyError(card_id)
        return str(row[0])

    def __iter__(self) -> Iterator[int]:
        return (r[0] for r in self._conn.execute("SELECT id FROM cards ORDER BY id"))

    def __len__(self) -> int:
        return int(self._conn.execute("SELECT count(*) FROM cards").fetchone()[0])


class EntrySource(Protocol):
    """What :class:`Entries` reads: :class:`StoredNames`, or :class:`bot.namedata.MemoryNames` in memory."""

    def entry_count(self) -> int:
        """How many entries there are."""
        ...

    def entry(self, idx: int) -> EntryRow:
        """Entry ``idx`` (``IndexError`` when there is none)."""
        ...

    def iter_entries(self) -> Iterator[NameEntry]:
        """Every entry, in store order."""
        ...


class Entries(Sequence[NameEntry]):
    """The entries of a name index as :class:`NameEntry` objects, made when asked for."""

    def __init__(self, source: EntrySource) -> None:
        self._source = source

    def __len__(self) -> int:
        return self._source.entry_count()

    @overload
    def __getitem__(self, i: int) -> NameEntry: ...

    @overload
    def __getitem__(self, i: slice) -> list[NameEntry]: ...

    def __getitem__(self, i: int | slice) -> NameEntry | list[NameEntry]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        card_id, card_name, name, kind, _words = self._source.entry(i if i >= 0 else len(self) + i)
        return NameEntry(card_id, card_name, name, kind)

    def __iter__(self) -> Iterator[NameEntry]:
        return self._source.iter_entries()
