"""CPU of writing a built store's passages again, per full-text index buffer (FTS5 ``hashsize``): the ``passages`` and
``passages_fts`` rows of STORE read into memory, then inserted into a fresh file in the passage step's batches
(:data:`bot.importer.passages.BATCH`), each size once per round, the sizes interleaved (the machine's load touches
them alike). Prints each run's CPU seconds (``passages``, ``passages_fts``) and peak RSS, then best and median per
size. The passage step itself now builds the index once after the passages (FTS5 'rebuild',
:func:`bot.importer.passages.write`); the buffer size counts there alike.

    python bench/passage_inserts.py --db STORE [--hash-mib 8,32,64] [--rounds 3]
"""

from __future__ import annotations

import argparse
import resource
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bot.importer.passages import BATCH

_PASSAGES = ("INSERT INTO passages (id, key, kind, ref_id, document_id, card_id, mechanic_id, number, title, text,"
             " date, source, status, concepts, names, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_FTS = "INSERT INTO passages_fts (rowid, names, terms, raw) VALUES (?, ?, ?, ?)"


def _rows(db: Path) -> tuple[list[str], list[tuple], list[tuple]]:
    """The schema statements of the two tables (and the passages' index and the full-text index's view of them),
    in the order they were made, and their rows, in rowid order."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        schema = [r[0] for r in conn.execute("SELECT sql FROM sqlite_master WHERE name IN ('passages', 'passages_card',"
                                             " 'passage_index', 'passages_fts') ORDER BY rowid")]
        rows = conn.execute("SELECT id, key, kind, ref_id, document_id, card_id, mechanic_id, number, title, text,"
                            " date, source, status, concepts, names, terms FROM passages ORDER BY id").fetchall()
        fts = conn.execute("SELECT rowid, names, terms, raw FROM passages_fts ORDER BY rowid").fetchall()
    finally:
        conn.close()
    return schema, rows, fts


def one_run(folder: Path, schema: list[str], rows: list[tuple], fts: list[tuple], hash_bytes: int
            ) -> tuple[float, float]:
    """CPU seconds of inserting ``rows`` into ``passages`` and ``fts`` into ``passages_fts`` of a fresh file in
    ``folder``, with the full-text buffer at ``hash_bytes``."""
    path = folder / f"inserts-{hash_bytes}.sqlite3"
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = OFF")  # as the build's temp file
        conn.execute("PRAGMA synchronous = OFF")
        for statement in schema:
            conn.execute(statement)
        passages = index = 0.0
        with conn:
            conn.execute("INSERT INTO passages_fts (passages_fts, rank) VALUES ('hashsize', ?)", (hash_bytes,))
            for start in range(0, len(rows), BATCH):
                t0 = time.process_time()
                conn.executemany(_PASSAGES, rows[start : start + BATCH])
                t1 = time.process_time()
                conn.executemany(_FTS, fts[start : start + BATCH])
                passages, index = passages + t1 - t0, index + time.process_time() - t1
    finally:
        conn.close()
        path.unlink(missing_ok=True)
    return passages, index


def main() -> None:
    """Command line (module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--hash-mib", default="8,32,64", help="buffer sizes in MiB, comma-separated")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(s) for s in args.hash_mib.split(",")]
    schema, rows, fts = _rows(args.db)
    print(f"{len(rows)} passages, {len(fts)} full-text rows")
    got: dict[int, list[float]] = {size: [] for size in sizes}
    with tempfile.TemporaryDirectory(prefix="regelbot-inserts-") as tmp:
        for n in range(args.rounds):
            for size in sizes:
                passages, index = one_run(Path(tmp), schema, rows, fts, size << 20)
                got[size].append(index)
                rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                print(f"round {n + 1}, hashsize {size} MiB: passages {passages:.2f} s, passages_fts {index:.2f} s CPU;"
                      f" peak RSS so far {rss:.0f} MB", flush=True)
    for size, times in got.items():
        print(f"hashsize {size} MiB: passages_fts best {min(times):.2f} s, median {statistics.median(times):.2f} s")


if __name__ == "__main__":
    main()
