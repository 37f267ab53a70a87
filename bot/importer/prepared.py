"""The build's last step: what every process would otherwise compute from the store's own rows at start,
prepared once and stored with it, so start-up does not grow with the card data.

* :func:`write_names`: the card-name index and the free-text scanner (tables ``name_entries``, ``name_keys``,
  ``name_vocab``, ``name_scan`` of ``data/schema.sql``);
* :func:`write_counts`: how many passages carry each analysed term and each concept (table
  ``passage_counts``), the question ranker's weights (:meth:`bot.store.Store.term_counts`).

The rows are what :func:`bot.namedata.index_parts` and :func:`bot.mentions.scan_rows` compute from
:data:`bot.store.cards.NAME_ENTRIES_SQL` (the rows :meth:`bot.store.Store.name_entries` reads), through the
same per-name functions (:func:`bot.namedata.name_strings`, :func:`bot.mentions.entry_scan_rows`), written one
name at a time: SQLite's primary keys keep them sorted, so the build's memory does not grow with the cards.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from bot.mentions import entry_scan_rows
from bot.namedata import name_strings
from bot.store.cards import NAME_ENTRIES_SQL, NameEntry
from bot.store.names import KEYS, RKEYS, WORDS, words_column

#: A name's scanner row merged into the row already stored for its key (bot.mentions.merge_scan_row).
_SCAN_SQL = ("INSERT INTO name_scan (key, card_id, prefix, plain) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE "
             "SET card_id = coalesce(card_id, excluded.card_id), prefix = max(prefix, excluded.prefix), "
             "plain = max(plain, excluded.plain)")
#: Names inserted per batch.
BATCH = 5000


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
    count = 0
    for entries, keys, scan in _rows(conn):
        conn.executemany("INSERT INTO name_entries (entry, card_id, card_name, name, kind, words) "
                         "VALUES (?, ?, ?, ?, ?, ?)", entries)
        conn.executemany("INSERT INTO name_keys (kind, key, entry) VALUES (?, ?, ?)", keys)
        conn.executemany(_SCAN_SQL, scan)
        count += len(entries)
    conn.execute("INSERT INTO name_vocab (word, entries) SELECT key, count(*) FROM name_keys WHERE kind = ? "
                 "GROUP BY key", (WORDS,))
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
