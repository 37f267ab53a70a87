"""The importer: documents in ``data/sources/`` → a fresh SQLite store (``data/schema.sql``).

Contract (used by ``python -m bot build`` and the tests):

* ``data/sources/manifest.toml`` lists every document with the parser that reads it.
* Each parser module ``bot/importer/<parser>.py`` has
  ``parse(path: Path, entry: ManifestEntry) -> list[ParsedDocument]`` and raises
  :class:`~bot.importer.model.SourceError` (file, line, reason) on an entry it cannot read.
  Nothing is skipped silently: every entry becomes a record or an error.
* :func:`build` parses every document, writes a new database next to the target under a temp
  name, checks the written counts against the parsed ones, and renames it into place
  atomically, so an interrupted build leaves the previous store intact.

STATUS: skeleton — parsers and writer are being implemented (see issue 2).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SOURCES = ROOT / "data" / "sources"
SCHEMA_PATH = ROOT / "data" / "schema.sql"
