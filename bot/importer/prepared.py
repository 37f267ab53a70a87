"""The build's last step: what every process would otherwise compute from the store's own rows at start,
prepared once and stored with it, so start-up does not grow with the card data.

* :func:`write_names`: the card-name index and the free-text scanner (tables ``name_entries``, ``name_keys``,
  ``name_vocab``, ``name_scan`` of ``data/schema.sql``), and the stems by which a question names a card (the question
  ranker's rare name words, ``name_keys`` kind :data:`bot.store.names.STEMS`) with how often the documents' words
  of each occur (kind :data:`bot.store.names.STEM_WORDS`);
* :func:`write_counts`: how many passages carry each analysed term and each concept (table
  ``passage_counts``, counted while the passages were written), the question ranker's weights
  (:meth:`bot.store.Store.term_counts`).

The rows are what :func:`bot.namedata.index_parts` and :func:`bot.mentions.scan_rows` compute from
:data:`bot.store.cards.NAME_ENTRIES_SQL` (the rows :meth:`bot.store.Store.name_entries` reads), through the
same per-name functions (:func:`bot.namedata.name_strings`, :func:`bot.mentions.entry_scan_rows`), one name
at a time, so the build's memory does not grow with the cards.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from bot.analysis import STOP_WORDS, Analyser, Vocabulary, snowball
from bot.fuzzyvocab import FuzzyVocabulary
from bot.importer.passages import Counts
from bot.mentions import ScanRow, entry_scan_rows, merge_scan_row
from bot.namedata import name_stems, name_strings
from bot.store.cards import NAME_ENTRIES_SQL, NameEntry
from bot.store.names import (
    FUZZY_TABLES_META,
    KEYS,
    RKEYS,
    STEM_CARDS,
    STEM_WORDS,
    STEM_WORDS_META,
    STEMS,
    STEMS_META,
    WORDS,
    words_column,
)

#: Names folded per batch of inserts.
BATCH = 20_000

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


class _Stems:
    """The stems of the names (:func:`bot.namedata.name_stems`, through the analyser the question ranker makes of
    this store's vocabulary: :func:`bot.terms.analyser` with default options; a word's stem is
    ``snowball(lemma(word))``, which needs no concepts) and, per stem, its entries while it names at most
    :data:`STEM_CARDS` cards (then only that it names more)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        rows = conn.execute("SELECT word, count, lemma FROM vocabulary").fetchall()
        self._analyser = Analyser(Vocabulary({w: int(n) for w, n, _ in rows}, {w: m for w, _, m in rows if m}))
        self._stem_of: dict[str, str] = {}  # name word → stem (names share their words)
        self.entries: dict[str, tuple[set[int], list[int]] | None] = {}  # stem → (cards, entries); None: too many

    def _stem(self, word: str) -> str:
        found = self._stem_of.get(word)
        if found is None:
            if word.isdigit() and word.isascii() and word not in self._analyser.vocab.lemmas:
                # ASCII digits that no lemma maps are their own stem (Snowball removes letter endings, folding leaves
                # digits; bot.analysis.Analyser.main_stem reads them alike): the vocabulary of a card file holds
                # each card's number, 100 000 words neither stemmed nor remembered (word_rows reads them once).
                return word
            found = self._stem_of[word] = snowball(self._analyser.lemma(word))
        return found

    def add(self, idx: int, entry: NameEntry) -> None:
        """Count entry ``idx`` for the stems of its name."""
        for stem in name_stems(entry.name, self._stem, STOP_WORDS):
            found = self.entries.setdefault(stem, (set(), []))
            if found is not None:
                found[0].add(entry.card_id)
                found[1].append(idx)
                if len(found[0]) > STEM_CARDS:
                    self.entries[stem] = None

    def rows(self) -> list[tuple[int, str, int]]:
        """The ``name_keys`` rows of the stems of at most :data:`STEM_CARDS` cards."""
        return [(STEMS, stem, idx) for stem, found in self.entries.items() if found is not None for idx in found[1]]

    def word_rows(self) -> list[tuple[int, str, int]]:
        """The ``name_keys`` rows (kind :data:`STEM_WORDS`) of those stems' word counts: per stem, the summed
        ``vocabulary`` counts of the words whose stem it is (what the question ranker weighs a name word by, read
        per stem instead of stemming the whole vocabulary at start)."""
        kept = {stem for stem, found in self.entries.items() if found is not None}
        counts = dict.fromkeys(kept, 0)
        for word, n in self._analyser.vocab.words.items():  # the vocabulary read at __init__
            stem = self._stem(word)
            if stem in kept:
                counts[stem] += n
        return [(STEM_WORDS, stem, n) for stem, n in counts.items()]


def _rows(conn: sqlite3.Connection, stems: _Stems) -> Iterator[tuple[list[tuple], list[tuple], list[tuple]]]:
    """Batches of (entry rows, key rows, scanner rows), one name at a time in store order; ``stems`` counts the
    names' stems."""
    entries: list[tuple] = []
    keys: list[tuple] = []
    scan: dict[str, ScanRow] = {}  # merged per key within the batch (names share their first words)
    for idx, row in enumerate(conn.execute(NAME_ENTRIES_SQL)):  # reads tables this step does not write
        entry = NameEntry(*row)
        stems.add(idx, entry)
        name_keys, words = name_strings(entry.name)
        entries.append((idx, entry.card_id, entry.card_name, entry.name, entry.kind, words_column(words)))
        keys += [(KEYS, key, idx) for key in name_keys] + [(RKEYS, key[::-1], idx) for key in name_keys]
        keys += [(WORDS, word, idx) for word in words]
        for key, scan_row in entry_scan_rows(entry):
            old = scan.get(key)
            scan[key] = scan_row if old is None else merge_scan_row(old, scan_row)
        if len(entries) >= BATCH:
            yield entries, keys, _scan_list(scan)
            entries, keys, scan = [], [], {}
    yield entries, keys, _scan_list(scan)


def _scan_list(scan: dict[str, ScanRow]) -> list[tuple[str, int | None, int, int]]:
    """The ``scan_unsorted`` rows of one batch's merged scanner rows, in the order their keys first came: merged
    again across batches by the lowest ``seq`` (:data:`_FILL_SQL`), so the first name's card wins as in
    :func:`bot.mentions.scan_rows`."""
    return [(key, card_id, int(prefix), int(plain)) for key, (card_id, prefix, plain) in scan.items()]


def write_names(conn: sqlite3.Connection) -> int:
    """Prepare the name index, the scanner and the name stems from the cards, faces and aliases in ``conn`` and
    insert them; returns the number of entries. Runs after the passages (the stems need the store's vocabulary).
    The caller commits.

    Raises:
        sqlite3.DatabaseError: the tables are missing (a schema older than the importer).
    """
    for statement in _TEMP_SQL.split(";")[:-1]:
        conn.execute(statement)
    count = 0
    stems = _Stems(conn)
    for entries, keys, scan in _rows(conn, stems):
        conn.executemany("INSERT INTO name_entries (entry, card_id, card_name, name, kind, words) "
                         "VALUES (?, ?, ?, ?, ?, ?)", entries)
        conn.executemany("INSERT INTO keys_unsorted (kind, key, entry) VALUES (?, ?, ?)", keys)
        conn.executemany("INSERT INTO scan_unsorted (key, card_id, prefix, plain) VALUES (?, ?, ?, ?)", scan)
        count += len(entries)
    conn.executemany("INSERT INTO keys_unsorted (kind, key, entry) VALUES (?, ?, ?)", stems.rows())
    conn.executemany("INSERT INTO keys_unsorted (kind, key, entry) VALUES (?, ?, ?)", stems.word_rows())
    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                     [(STEMS_META, str(STEM_CARDS)), (STEM_WORDS_META, "1")])
    for statement in _FILL_SQL.split(";")[:-1]:
        conn.execute(statement)
    vocab = [r[0] for r in conn.execute("SELECT DISTINCT key FROM name_keys WHERE kind = ? ORDER BY key", (WORDS,))]
    tables = FuzzyVocabulary(vocab).tables_json()  # None for a vocabulary too large for the tables
    if tables is not None:
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (FUZZY_TABLES_META, tables))
    return count


def write_counts(conn: sqlite3.Connection, counts: Counts) -> None:
    """Insert into ``passage_counts`` (kinds ``term`` and ``concept``) how many passages carry each analysed term
    (column ``terms`` of ``passages_fts``, each passage once) and how often each concept id is mentioned (column
    ``concepts`` of ``passages``), as :func:`bot.importer.passages.write` counted them while writing the passages
    (no second pass over 300 000 passages). The caller commits."""
    conn.executemany("INSERT INTO passage_counts (kind, name, passages) VALUES (?, ?, ?)",
                     [*(("term", t, n) for t, n in counts.terms.items()),
                      *(("concept", c, n) for c, n in counts.concepts.items())])
