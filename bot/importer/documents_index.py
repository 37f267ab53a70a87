"""On a store built with the official rules (``build --cr``): the documents' passages' own full-text index and the
official passages' own counts, so that the question search scores a document's passage by the documents' statistics,
as on the documents' store, and an official rule by the official text's (:mod:`bot.own_statistics`).

FTS5's ``bm25()`` reads the number of rows, the rows holding each term and the average row length of the whole
index: 3 294 rules and 730 glossary entries of the official rules beside the documents' 1 642 passages change the
weight of every word in every document's passage, and reorder one card's rulings on a question no official rule
answers (docs/ranking.md, ¹²⁵, ¹²⁸). The store of the documents alone gets nothing of this (nothing to split), and
a store built before has none of it: its search reads the whole index as it always did.
"""

from __future__ import annotations

import sqlite3
from collections import Counter

from bot.importer.passages import FTS_HASH
from bot.store.split import DOCUMENTS_INDEX, OFFICIAL_CONCEPT, OFFICIAL_KINDS, OFFICIAL_META, OFFICIAL_TERM

_KINDS = ", ".join(f"'{k}'" for k in sorted(OFFICIAL_KINDS))
#: The documents' passages as ``passage_index`` of ``data/schema.sql`` shows them (names, terms, raw), and their
#: full-text index with the tokenizer of ``passages_fts`` (external content: no second copy of the texts); statements
#: run one by one (``executescript`` would commit the build's transaction).
_SCHEMA = (f"CREATE VIEW document_index AS SELECT id, names, terms, raw FROM passage_index"  # noqa: S608
           f" WHERE id IN (SELECT id FROM passages WHERE kind NOT IN ({_KINDS}))",
           f"CREATE VIRTUAL TABLE {DOCUMENTS_INDEX} USING fts5(names, terms, raw, content = 'document_index',"
           " content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2')")


def write(conn: sqlite3.Connection) -> int:
    """When the passages ``conn`` holds include official ones (kinds :data:`bot.store.split.OFFICIAL_KINDS`): the
    index :data:`bot.store.split.DOCUMENTS_INDEX` of every other passage, built from its content (FTS5 'rebuild'),
    the official passages' own counts in ``passage_counts`` (kinds ``official_term``: passages carrying each analysed
    term, each passage once; ``official_concept``: mentions of each concept id, as :class:`bot.importer.passages.Counts`
    counts all) and their number in ``meta``. Returns that number (0: nothing written). The caller commits.
    """
    terms: Counter[str] = Counter()
    concepts: Counter[str] = Counter()
    count = 0
    for row in conn.execute(f"SELECT terms, concepts FROM passages WHERE kind IN ({_KINDS})"):  # noqa: S608
        terms.update(row[0].split())  # the terms column holds each term once
        concepts.update(row[1].split())
        count += 1
    if not count:
        return 0
    for statement in _SCHEMA:
        conn.execute(statement)
    conn.execute(f"INSERT INTO {DOCUMENTS_INDEX} ({DOCUMENTS_INDEX}, rank) VALUES ('hashsize', ?)",  # noqa: S608
                 (FTS_HASH,))
    conn.execute(f"INSERT INTO {DOCUMENTS_INDEX} ({DOCUMENTS_INDEX}) VALUES ('rebuild')")  # noqa: S608
    conn.executemany("INSERT INTO passage_counts (kind, name, passages) VALUES (?, ?, ?)",
                     [*((OFFICIAL_TERM, t, n) for t, n in terms.items()),
                      *((OFFICIAL_CONCEPT, c, n) for c, n in concepts.items())])
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (OFFICIAL_META, str(count)))
    return count
