"""A digest of every table of a built store, to show that two builds wrote the same store.

Each table's rows are hashed in a fixed order (a rowid table by rowid, the rowid included, so ids as SQLite gave
them count; a ``WITHOUT ROWID`` table by all its columns), every value with its type. Left out: the ``meta`` rows
that name the moment of the build (``built_at``), and the shadow tables of the full-text index (its rows are
hashed through the virtual table ``passages_fts``, as a reader sees them). The store digest is the hash of the
tables' names and digests in name order.

    python bench/store_digest.py STORE [STORE2]     # per table: rows and digest; with STORE2 the tables that
                                                    # differ, exit status 1 when any does
"""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
import sys
from pathlib import Path

#: ``meta`` keys whose values differ from build to build of the same sources.
VOLATILE_META = frozenset({"built_at"})


def _tables(conn: sqlite3.Connection) -> list[str]:
    """The store's tables, without SQLite's own and the full-text index's shadow tables, in name order."""
    rows = conn.execute("SELECT name, type, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall()
    virtual = [name for name, _type, sql in rows if (sql or "").upper().startswith("CREATE VIRTUAL TABLE")]
    return [name for name, _type, _sql in rows
            if not name.startswith("sqlite_") and not any(name.startswith(v + "_") for v in virtual)]


def _select(conn: sqlite3.Connection, table: str) -> str:
    """The query of ``table``'s rows in a fixed order (by rowid with the rowid, else by every column)."""
    # The names are the store's own tables and columns, read from sqlite_master and table_info.
    try:
        conn.execute(f'SELECT rowid FROM "{table}" LIMIT 0')  # noqa: S608
    except sqlite3.OperationalError:  # WITHOUT ROWID: its primary key orders it, every column makes it total
        columns = [row[1] for row in conn.execute(f'PRAGMA table_info("{table}")')]
        return f'SELECT * FROM "{table}" ORDER BY ' + ", ".join(f'"{c}"' for c in columns)  # noqa: S608
    return f'SELECT rowid, * FROM "{table}" ORDER BY rowid'  # noqa: S608


def table_digest(conn: sqlite3.Connection, table: str) -> tuple[int, str]:
    """(rows, 16-hex-digit BLAKE2b digest) of ``table`` (module doc); ``meta`` without :data:`VOLATILE_META`."""
    h = hashlib.blake2b(digest_size=8)
    count = 0
    for row in conn.execute(_select(conn, table)):
        if table == "meta" and row[1] in VOLATILE_META:
            continue
        h.update(repr(tuple((type(v).__name__, v) for v in row)).encode("utf-8", "surrogatepass"))
        h.update(b"\n")
        count += 1
    return count, h.hexdigest()


def digests(path: Path) -> dict[str, tuple[int, str]]:
    """Table name → (rows, digest) of the store at ``path`` (opened read-only).

    Raises:
        sqlite3.DatabaseError: ``path`` is no SQLite database.
    """
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {table: table_digest(conn, table) for table in _tables(conn)}
    finally:
        conn.close()


def store_digest(tables: dict[str, tuple[int, str]]) -> str:
    """The digest of a whole store from its tables' (:func:`digests`)."""
    h = hashlib.blake2b(digest_size=8)
    for name in sorted(tables):
        h.update(f"{name} {tables[name][0]} {tables[name][1]}\n".encode())
    return h.hexdigest()


def main() -> None:
    """Command line (module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("other", type=Path, nargs="?")
    args = parser.parse_args()
    first = digests(args.store)
    if args.other is None:
        for name, (rows, digest) in first.items():
            print(f"{name:<28} {rows:>9} {digest}")
        print(f"{'store':<28} {sum(r for r, _ in first.values()):>9} {store_digest(first)}")
        return
    second = digests(args.other)
    differ = sorted(n for n in first.keys() | second.keys() if first.get(n) != second.get(n))
    for name in differ:
        print(f"{name:<28} {first.get(name)} != {second.get(name)}")
    print(f"{store_digest(first)} {store_digest(second)}: {'the same' if not differ else f'{len(differ)} differ'}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
