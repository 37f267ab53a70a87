"""What two untried cuts of ``build --cards`` could save at most, measured on their own (CPU seconds, best of N).

1. Reading: the card file's sets built by ijson's C backend as now (``ijson.kvitems(handle, "data")``, the
   importer's :func:`bot.importer.mtgjson._sets`), against the bare event stream walked in Python with nothing
   built (``ijson.basic_parse``: the floor of any reader that drops ``foreignData`` and other unread fields
   event by event), and against such a reader that drops the fields no record reads (``identifiers``,
   ``legalities``, ``purchaseUrls``, ``tokens``, ``booster``, ``translations``) and builds the rest with
   ijson's ``ObjectBuilder``.
2. The full-text index: the rows of a built store's ``passages_fts`` (``data/schema.sql``) written into an FTS5
   table that keeps its own copy of the text (as now) and into an external-content one (``content='src'``: the
   index only, the text not stored a second time).

Run: ``python bench/card_read_options.py --cards FILE --db STORE [--rounds 3]`` (FILE from
``bench/gen_allprintings.py``, STORE from ``python -m bot build --db STORE --cards FILE``). Prints one line per
variant: best and median CPU seconds of ``--rounds`` runs, and for the index the file size in MB.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import ijson
from ijson.common import ObjectBuilder

#: Card and set fields no record of :mod:`bot.importer.mtgjson` reads.
UNREAD = frozenset({"identifiers", "legalities", "purchaseUrls", "tokens", "booster", "translations"})
#: The schema's tokenizer of ``passages_fts``.
TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'"


def read_built(path: Path) -> int:
    """Printings of the file, each set built whole by ijson's C backend (the importer's way)."""
    with path.open("rb") as handle:
        return sum(len(v.get("cards", [])) for _, v in ijson.kvitems(handle, "data", use_float=True))


def read_events(path: Path) -> int:
    """Events of the file walked in Python with nothing built: the floor of an event-by-event reader."""
    with path.open("rb") as handle:
        return sum(1 for _ in ijson.basic_parse(handle, use_float=True))


def read_filtered(path: Path) -> int:
    """Printings of the file, each set built by ``ObjectBuilder`` from its events with the :data:`UNREAD`
    fields' values dropped (container values only; the generated file's unread fields are all containers)."""
    printings, depth, skip_below, builder, set_depth = 0, 0, -1, None, 0
    with path.open("rb") as handle:
        for prefix, event, value in ijson.parse(handle, use_float=True):
            depth += event in ("start_map", "start_array")
            depth -= event in ("end_map", "end_array")
            if skip_below >= 0:  # inside a dropped value: until its container closes
                skip_below = -1 if depth < skip_below else skip_below
                continue
            if event == "map_key" and value in UNREAD:
                skip_below = depth + 1
            elif builder is None:
                if event == "start_map" and prefix.startswith("data.") and prefix.count(".") == 1:
                    builder, set_depth = ObjectBuilder(), depth
                    builder.event(event, value)
            else:
                builder.event(event, value)
                if depth < set_depth:
                    printings += len(builder.value.get("cards", []))
                    builder = None
    return printings


def write_index(rows: list[tuple], external: bool) -> int:
    """Write ``rows`` (rowid, names, terms, raw) into a fresh FTS5 table; returns the file's size in MB."""
    content = ", content='src'" if external else ""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "fts.db"
        conn = sqlite3.connect(db)
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("CREATE TABLE src (id INTEGER PRIMARY KEY, names, terms, raw)")
        conn.execute(f"CREATE VIRTUAL TABLE f USING fts5(names, terms, raw{content}, {TOKENIZE})")
        conn.executemany("INSERT INTO f (rowid, names, terms, raw) VALUES (?, ?, ?, ?)", rows)
        conn.commit()
        conn.close()
        return db.stat().st_size >> 20


def timed(run: Callable[[], object], rounds: int) -> tuple[float, float, object]:
    """Best and median CPU seconds of ``rounds`` calls of ``run`` and the last call's result."""
    times, result = [], None
    for _ in range(rounds):
        start = time.process_time()
        result = run()
        times.append(time.process_time() - start)
    return min(times), statistics.median(times), result


def main() -> None:
    """Parse the arguments, print one line per variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=Path, required=True, help="AllPrintings-shaped file (gen_allprintings)")
    parser.add_argument("--db", type=Path, required=True, help="a store built from that file")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for name, reader in (("read: sets built by ijson (now)", read_built),
                         ("read: events only, nothing built", read_events),
                         ("read: unread fields dropped", read_filtered)):
        best, median, count = timed(lambda r=reader: r(args.cards), args.rounds)
        print(f"{name:40} best {best:6.2f} s  median {median:6.2f} s  ({count})")
    conn = sqlite3.connect(args.db)
    rows = conn.execute("SELECT rowid, names, terms, raw FROM passages_fts").fetchall()
    conn.close()
    for name, external in (("index: own content (now)", False), ("index: external content", True)):
        best, median, size = timed(lambda e=external: write_index(rows, e), args.rounds)
        print(f"{name:40} best {best:6.2f} s  median {median:6.2f} s  ({len(rows)} rows, {size} MB)")


if __name__ == "__main__":
    main()
