"""The build's last step: what every process would otherwise compute from the store's own rows at start,
prepared once and stored with it, so start-up does not grow with the card data.

* :func:`write_names`: the card-name index and the free-text scanner (tables ``name_entries``, ``name_keys``,
  ``name_vocab``, ``name_scan`` of ``data/schema.sql``);
* :func:`write_counts`: how many passages carry each analysed term and each concept (table
  ``passage_counts``), the question ranker's weights (:meth:`bot.store.Store.term_counts`).

The rows are what :func:`bot.namedata.index_parts` and :func:`bot.mentions.scan_rows` compute from
:data:`bot.store.cards.NAME_ENTRIES_SQL` (the rows :meth:`bot.store.Store.name_entries` reads), through the
same per-name functions (:func:`bot.namedata.name_strings`, :func:`bot.mentions.entry_scan_rows`), one name
at a time, so the build's memory does not grow with the cards.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from bot.mentions import entry_scan_rows
from bot.namedata import name_strings
from bot.store.cards import NAME_ENTRIES_SQL, NameEntry
from bot.store.names import KEYS, RKEYS, WORDS, words_column

#: Names folded per batch of inserts.
BATCH = 5000

#: Unsorted rows go to temporary tables first; SQLite's sorter then fills the stored tables in key order (far
#: cheaper than inserting 1.2 million keys at random places of a B-tree, and its memory is bounded).
_TEMP_SQL = """
CREATE TEMP TABLE keys_unsorted (kind INTEGER, key TEXT, entry INTEGER);
CREATE TEMP TABLE scan_unsorted (seq INTEGER PRIMARY KEY, key TEXT, card_id INTEGER, prefix INTEGER, plain INTEGER);
"""
#: The scanner's rows merged per key as :func:`bot.mentions.merge_scan_row` merges them: the card of the first
#: row naming one (the lowest ``seq``, kept in the high bits beside the card id), a start of any, a capital of any.
_FILL_SQL = """
INSERT INTO name_keys (kind, key, entry) SELECT kind, key, entry FROM keys_unsorted ORDER BY kind, key, entry;
INSERT INTO name_vocab (word, entries) SELECT key, count(*) FROM name_keys WHERE kind = 2 GROUP BY key;
INSERT INTO name_scan (key, card_id, prefix, plain)
SELECT key, first % 4294967296, prefix, plain FROM (
    SELECT key, min(CASE WHEN card_id IS NOT NULL THEN seq * 4294967296 + card_id END) AS first,
           max(prefix) AS prefix, max(plain) AS plain
    FROM scan_unsorted GROUP BY key);
DROP TABLE keys_unsorted;
DROP TABLE scan_unsorted;
"""


def _rows(conn: sqlite3.Connection) -> Iterator[tuple[list[tuple], list[tuple], list[tuple]]]:
    """Batches of (entry rows, key rows, scanner rows), one name at a time in store order."""
    entries: list[tuple] = []
    keys: list[tuple] = []
    scan: list[tuple] = []
    for idx, row in enumerate(conn.execute(NAME_ENTRIES_SQL)):  # reads tables this step does not write
        entry = NameEntry(*row)
        name_keys, words = name_strings(entry.name)
        entries.append((idx, entry.card_id, entry.card_name, entry.name, entry.kind, words_column(words)))
        keys += [(KEYS, key, idx) for key in name_keys] + [(RKEYS, key[::-1], idx) for key in name_keys]
        keys += [(WORDS, word, idx) for word in words]
        scan += [(key, card_id, int(prefix), int(plain)) for key, (card_id, prefix, plain) in entry_scan_rows(entry)]
        if len(entries) >= BATCH:
            yield entries, keys, scan
            entries, keys, scan = [], [], []
    yield entries, keys, scan


def write_names(conn: sqlite3.Connection) -> int:
    """Prepare the name index and the scanner from the cards, faces and aliases in ``conn`` and insert them;
    returns the number of entries. The caller commits.

    Raises:
        sqlite3.DatabaseError: the tables are missing (a schema older than the importer).
    """
    for statement in _TEMP_SQL.split(";")[:-1]:
        conn.execute(statement)
    count = 0
    for entries, keys, scan in _rows(conn):
        conn.executemany("INSERT INTO name_entries (entry, card_id, card_name, name, kind, words) "
                         "VALUES (?, ?, ?, ?, ?, ?)", entries)
        conn.executemany("INSERT INTO keys_unsorted (kind, key, entry) VALUES (?, ?, ?)", keys)
        conn.executemany("INSERT INTO scan_unsorted (key, card_id, prefix, plain) VALUES (?, ?, ?, ?)", scan)
        count += len(entries)
    for statement in _FILL_SQL.split(";")[:-1]:
        conn.execute(statement)
    return count


def write_counts(conn: sqlite3.Connection) -> None:
    """Count, per analysed term (column ``terms`` of ``passages_fts``, each passage once) and per concept id
    (column ``concepts`` of ``passages``, each mention), the passages carrying it, into ``passage_counts``
    (kinds ``term`` and ``concept``). Runs after the passages are written. The caller commits."""
    terms: dict[str, int] = {}
    for (text,) in conn.execute("SELECT terms FROM passages_fts"):
        for term in set(text.split()):
            terms[term] = terms.get(term, 0) + 1
    concepts: dict[str, int] = {}
    for (text,) in conn.execute("SELECT concepts FROM passages"):
        for concept in text.split():
            concepts[concept] = concepts.get(concept, 0) + 1
    conn.executemany("INSERT INTO passage_counts (kind, name, passages) VALUES (?, ?, ?)",
                     [*(("term", t, n) for t, n in terms.items()), *(("concept", c, n) for c, n in concepts.items())])
