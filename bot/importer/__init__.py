"""The importer: documents in ``data/sources/`` → a fresh SQLite store (``data/schema.sql``).

Contract (used by ``python -m bot build`` and the tests):

* ``data/sources/manifest.toml`` lists every document with the parser that reads it; every file in
  ``data/sources/`` except ``manifest.toml`` (and hidden dot-files) must be listed, and every listed
  file must exist (:func:`load_manifest` raises :class:`ManifestError` otherwise).
* Each parser module ``bot/importer/<parser>.py`` (:data:`PARSERS`) has
  ``parse(path: Path, entry: ManifestEntry) -> list[ParsedDocument]`` and raises
  :class:`~bot.importer.model.SourceError` (file, line, reason) on an entry it cannot read.
  Nothing is skipped silently: every entry becomes a record or an error.
* :func:`build` parses every document, writes a new database next to the target under a temp
  name, checks the written counts against the parsed ones (:class:`BuildError` on a difference),
  stores them in ``import_counts`` and renames the file into place atomically (``os.replace``), so a
  failed or interrupted build leaves the previous store byte-identical.
"""

from __future__ import annotations

import datetime as dt
import glob
import hashlib
import importlib
import json
import os
import re
import secrets
import sqlite3
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from bot.importer import changes, official, writer
from bot.importer.cr import CRDocument, parse_cr
from bot.importer.model import ManifestEntry, ParsedDocument, SourceError
from bot.importer.mtgjson import CardRecord, read_mtgjson
from bot.importer.official import OfficialError, OfficialReport
from bot.paths import DATA_DIR

DEFAULT_SOURCES = DATA_DIR / "sources"
SCHEMA_PATH = DATA_DIR / "schema.sql"
MANIFEST = "manifest.toml"

# Parser name (manifest ``parser``) → module implementing ``parse(path, entry)``; imported on use,
# so a missing module fails the build that needs it (never skipped).
PARSERS: dict[str, str] = {
    "clash_article": "bot.importer.clash_article",
    "faq": "bot.importer.faq",
    "rulings_list": "bot.importer.rulings_list",
    "rules_explained": "bot.importer.rules_explained",
}
_ISO_DATE = re.compile(r"^\d{4}(?:-\d{2}-\d{2})?$")
_ENTRY_KEYS = {"file", "parser", "language", "title", "dates", "era", "cr_range"}
KEYWORDS_PATH = DATA_DIR / "keywords_de_en.tsv"


class ManifestError(SourceError):
    """``manifest.toml`` is malformed or does not match the files in the sources folder."""


class BuildError(Exception):
    """The build cannot proceed: a parser module is missing, or written counts differ from parsed ones."""


@dataclass
class DocumentCounts:
    """What one document (file, part) contributed, per kind of :data:`bot.importer.writer.KINDS`."""

    file: str
    part: int
    title: str
    date: str | None
    counts: dict[str, int]
    set_name: str | None = None


@dataclass
class BuildReport:
    """Result of :func:`build`.

    Attributes:
        db_path: the store that was written.
        documents: per document (file 001 gives four rows), counts per kind.
        files: per file, the counts stored in ``import_counts`` ("card" = distinct cards in the file).
        total_cards: rows in ``cards`` after merging cards printed more than once.
        merged_cards: names printed in more than one block (merged into one card each).
        official: what the official sources (keyword table, ``--cr``, ``--cards``) contributed.
    """

    db_path: Path
    documents: list[DocumentCounts] = field(default_factory=list)
    files: dict[str, dict[str, int]] = field(default_factory=dict)
    total_cards: int = 0
    merged_cards: list[str] = field(default_factory=list)
    official: OfficialReport = field(default_factory=OfficialReport)
    today: changes.TodayReport = field(default_factory=changes.TodayReport)


def _entry_lines(text: str) -> list[int]:
    """1-based line numbers of the ``[[document]]`` headers, in order."""
    return [n for n, line in enumerate(text.splitlines(), start=1) if line.strip() == "[[document]]"]


def load_manifest(sources: Path) -> list[ManifestEntry]:
    """Read ``sources/manifest.toml`` and check it against the files in ``sources``.

    Returns the entries in manifest order.

    Raises:
        ManifestError: (file "manifest.toml", line of the entry) on a TOML error, a missing or unknown
            key, an unknown parser, a non-ISO date, a duplicate file, a listed file that does not exist,
            or a file in ``sources`` that the manifest does not list.
    """
    path = sources / MANIFEST
    if not path.is_file():
        raise ManifestError(MANIFEST, 1, f"{path} fehlt")
    text = path.read_text(encoding="utf-8")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        line = int(found.group(1)) if found else 1
        raise ManifestError(MANIFEST, line, f"kein gültiges TOML: {exc}") from exc
    tables = raw.get("document")
    if not isinstance(tables, list) or not tables:
        raise ManifestError(MANIFEST, 1, "keine [[document]]-Einträge")
    lines = _entry_lines(text)
    lines += [1] * (len(tables) - len(lines))
    entries = [_entry(table, line) for table, line in zip(tables, lines, strict=False)]
    listed: dict[str, int] = {}
    for entry, line in zip(entries, lines, strict=False):
        if entry.file in listed:
            raise ManifestError(MANIFEST, line, f"{entry.file} doppelt (schon in Zeile {listed[entry.file]})")
        listed[entry.file] = line
        if not (sources / entry.file).is_file():
            raise ManifestError(MANIFEST, line, f"{entry.file} steht im Manifest, fehlt aber in {sources}")
    present = sorted(p.name for p in sources.iterdir() if p.is_file() and not p.name.startswith("."))
    unlisted = [name for name in present if name != MANIFEST and name not in listed]
    if unlisted:
        raise ManifestError(MANIFEST, 1, f"nicht im Manifest: {', '.join(unlisted)}")
    return entries


def _entry(table: dict[str, object], line: int) -> ManifestEntry:
    """Validate one ``[[document]]`` table (keys, parser name, ISO dates)."""
    unknown = set(table) - _ENTRY_KEYS
    missing = {"file", "parser", "language", "title"} - set(table)
    if unknown or missing:
        reason = f"Schlüssel fehlen {sorted(missing)} / unbekannt {sorted(unknown)}"
        raise ManifestError(MANIFEST, line, reason)
    values = {key: table[key] for key in ("file", "parser", "language", "title")}
    if not all(isinstance(value, str) and value for value in values.values()):
        raise ManifestError(MANIFEST, line, "file, parser, language und title müssen Text sein")
    if table["parser"] not in PARSERS:
        reason = f"unbekannter Parser {table['parser']!r} (bekannt: {sorted(PARSERS)})"
        raise ManifestError(MANIFEST, line, reason)
    dates = table.get("dates", [])
    if not isinstance(dates, list) or not all(isinstance(d, str) and _ISO_DATE.match(d) for d in dates):
        raise ManifestError(MANIFEST, line, "dates muss eine Liste von ISO-Daten (JJJJ oder JJJJ-MM-TT) sein")
    era = table.get("era")
    if era is not None and not isinstance(era, str):
        raise ManifestError(MANIFEST, line, "era muss Text sein")
    cr_range = table.get("cr_range")
    if cr_range is not None and not (
        isinstance(cr_range, list) and len(cr_range) == 2 and all(isinstance(n, str) for n in cr_range)
    ):
        raise ManifestError(MANIFEST, line, 'cr_range muss ["erste", "letzte"] Regelnummer sein')
    return ManifestEntry(
        file=str(table["file"]),
        parser=str(table["parser"]),
        language=str(table["language"]),
        title=str(table["title"]),
        dates=list(dates),
        era=era,
        cr_range=(cr_range[0], cr_range[1]) if cr_range else None,
    )


def parser_module(name: str) -> ModuleType:
    """Import the parser module for manifest parser ``name``.

    Raises:
        BuildError: the module is unknown or cannot be imported (e.g. ``bot/importer/faq.py`` missing).
    """
    if name not in PARSERS:
        raise BuildError(f"unbekannter Parser {name!r}")
    try:
        return importlib.import_module(PARSERS[name])
    except ImportError as exc:
        raise BuildError(f"Parser {name!r} ({PARSERS[name]}) kann nicht geladen werden: {exc}") from exc


def parse_all(sources: Path = DEFAULT_SOURCES) -> list[ParsedDocument]:
    """Parse every manifest document of ``sources`` in manifest order.

    Raises:
        ManifestError: see :func:`load_manifest`.
        SourceError: file and line of the first entry a parser cannot read.
        BuildError: a parser module is missing.
    """
    parsed: list[ParsedDocument] = []
    for entry in load_manifest(sources):
        parsed.extend(parser_module(entry.parser).parse(sources / entry.file, entry))
    return parsed


def _group_by_file(parsed: list[ParsedDocument]) -> dict[str, list[ParsedDocument]]:
    """Documents grouped by file, in first-seen order."""
    groups: dict[str, list[ParsedDocument]] = {}
    for doc in parsed:
        groups.setdefault(doc.document.file, []).append(doc)
    return groups


def _verify(conn: sqlite3.Connection, parsed: list[ParsedDocument], report: BuildReport) -> None:
    """Compare counts from the records with counts read back from ``conn``; fill ``report``.

    Raises:
        BuildError: naming file, part and kind of every difference.
    """
    differences: list[str] = []
    for doc in parsed:
        d = doc.document
        expected = writer.count_parsed([doc])
        stored = writer.count_stored(conn, d.file, d.part)
        differences += [
            f"{d.file} Teil {d.part} {k}: gelesen {expected[k]}, gespeichert {stored[k]}"
            for k in writer.KINDS
            if expected[k] != stored[k]
        ]
        report.documents.append(DocumentCounts(d.file, d.part, d.title, d.date, stored, d.set_name))
    for file, docs in _group_by_file(parsed).items():
        expected = writer.count_parsed(docs)
        stored = writer.count_stored(conn, file)
        differences += [
            f"{file} {k}: gelesen {expected[k]}, gespeichert {stored[k]}"
            for k in writer.KINDS
            if expected[k] != stored[k]
        ]
        report.files[file] = stored
    total = writer.count_parsed(parsed)["card"]
    report.total_cards = int(conn.execute("SELECT count(*) FROM cards").fetchone()[0])
    if total != report.total_cards:
        differences.append(f"Karten insgesamt: gelesen {total}, gespeichert {report.total_cards}")
    if differences:
        raise BuildError("gespeicherte Anzahl weicht ab:\n" + "\n".join(differences))
    report.merged_cards = [
        row[0]
        for row in conn.execute(
            "SELECT c.name FROM cards c JOIN card_appearances a ON a.card_id = c.id"
            " GROUP BY c.id HAVING count(*) > 1 ORDER BY c.id"
        )
    ]


def _sources_digest(sources: Path, parsed: list[ParsedDocument]) -> str:
    """SHA-256 over the manifest and every parsed file, in manifest order."""
    digest = hashlib.sha256((sources / MANIFEST).read_bytes())
    for file in _group_by_file(parsed):
        digest.update(file.encode())
        digest.update((sources / file).read_bytes())
    return digest.hexdigest()


def build(
    db_path: Path,
    sources: Path = DEFAULT_SOURCES,
    *,
    cr_files: Sequence[Path] = (),
    card_files: Sequence[Path] = (),
    keywords: Path = KEYWORDS_PATH,
    register: Path = changes.CHANGES_PATH,
    terms: Path = changes.TERMS_PATH,
) -> BuildReport:
    """Parse all documents of ``sources`` (and the official files) and write them atomically to ``db_path``.

    The schema (``data/schema.sql``) and all records go to a temp file in ``db_path``'s folder, the
    written counts are verified against the parsed ones and stored in ``import_counts``, then the file
    is renamed over ``db_path``. On any error the temp file is removed and ``db_path`` is untouched.

    Official sources (issue 6, :mod:`bot.importer.official`): the keyword table ``keywords`` is loaded
    at every build; ``cr_files`` are Comprehensive Rules text files (the newest is current, older ones
    are mapped to it, and the ``rules_explained`` documents are aligned to it within their manifest
    ``cr_range``); ``card_files`` are MTGJSON v3/v5 set files. Without ``cr_files`` the explanations
    keep ``number`` NULL.

    Raises:
        ManifestError, SourceError: bad manifest, source entry or official file (file and line).
        BuildError: missing parser module, written counts differ from parsed ones, or an official file
            cannot be stored (same CR date twice, a card file given twice).
        RegisterError: the change register names an entry the store does not have (file, reason).
    """
    db_path = Path(db_path)
    entries = load_manifest(sources)
    parsed = parse_all(sources)
    the_register = changes.read_register(register)
    the_terms = changes.read_terms(terms)
    crs: list[CRDocument] = [parse_cr(p) for p in cr_files]
    cards: list[tuple[Path, list[CardRecord]]] = [(Path(p), read_mtgjson(p)) for p in card_files]
    db_path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(db_path)
    # "<name>-build-XXXX" next to the target: same file system for the rename, git-ignored (*.sqlite3-*).
    # The name is fixed before the file exists and the file is created inside the try, so a Ctrl+C/SIGTERM
    # that arrives right after the creation still removes it (a signal between mkstemp and the try did not).
    temp = db_path.parent / f"{db_path.name}-build-{secrets.token_hex(8)}"
    handle = -1
    report = BuildReport(db_path=db_path)
    try:
        handle = os.open(temp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        if not _lock(handle, needed=True):  # held while building: marks the file in use (remove_stale_temps)
            os.close(handle)  # no flock here (Windows): an open file could not be renamed there
            handle = -1
        conn = sqlite3.connect(temp)
        try:
            # A temp file that is fsynced once and renamed at the end needs no journal or syncs of its own.
            conn.execute("PRAGMA journal_mode = OFF")
            conn.execute("PRAGMA synchronous = OFF")
            conn.executescript(SCHEMA_PATH.read_text(encoding="utf-8"))
            conn.execute("PRAGMA foreign_keys = ON")
            with conn:
                writer.write(conn, parsed)
                _verify(conn, parsed, report)
                writer.write_counts(conn, report.files)
                _write_official(conn, parsed, entries, crs, cards, keywords, report.official)
                report.today = changes.apply(conn, the_register, the_terms, crs)
                conn.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [
                        ("built_at", dt.datetime.now(dt.UTC).isoformat(timespec="seconds")),
                        ("sources_sha256", _sources_digest(sources, parsed)),
                        ("cr_files", json.dumps([c.file for c in report.official.cr])),
                        ("card_files", json.dumps([c.file for c in report.official.cards])),
                    ],
                )
            problems = conn.execute("PRAGMA foreign_key_check").fetchall()
            if problems:
                raise BuildError(f"Fremdschlüssel verletzt: {problems[:5]}")
        finally:
            conn.close()
        with temp.open("rb") as written:
            os.fsync(written.fileno())
        temp.chmod(_store_mode(db_path))
        temp.replace(db_path)  # os.replace: atomic on POSIX and Windows
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    finally:
        if handle >= 0:
            os.close(handle)
    return report


def _lock(fd: int, needed: bool = False) -> bool:
    """Take an exclusive advisory lock on ``fd`` without waiting; True when taken. Where ``fcntl`` is
    missing (Windows, where an open file cannot be deleted anyway) the answer is ``not needed``."""
    try:
        import fcntl
    except ImportError:
        return not needed
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def remove_stale_temps(db_path: Path) -> list[Path]:
    """Delete ``<store>-build-*`` temp files left by killed builds next to ``db_path``; returns them.

    A running build holds an exclusive ``flock`` on its temp file, so only files nobody holds are
    removed (a build running at the same time keeps its file). Files that cannot be removed are skipped.
    """
    removed: list[Path] = []
    for temp in sorted(db_path.parent.glob(f"{glob.escape(db_path.name)}-build-*")):
        try:
            fd = os.open(temp, os.O_RDONLY)
        except OSError:
            continue
        try:
            if _lock(fd):
                temp.unlink(missing_ok=True)
                removed.append(temp)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _write_official(
    conn: sqlite3.Connection,
    parsed: list[ParsedDocument],
    entries: list[ManifestEntry],
    crs: list[CRDocument],
    cards: list[tuple[Path, list[CardRecord]]],
    keywords: Path,
    out: OfficialReport,
) -> None:
    """Keyword table, CR versions, number map, explanation alignment, CR search index, card files."""
    try:
        out.keywords = official.write_keywords(conn, keywords)
        if crs:
            out.cr = official.write_cr(conn, crs)
            out.versions = official.write_rule_map(conn, crs, out.cr)
            current = next(c for c in crs if c.effective == out.cr[0].effective)
            ranges = {e.file: e.cr_range for e in entries}
            out.alignment = official.align_documents(conn, parsed, current, ranges)
            official.write_cr_search(conn, out.cr[0])
        for path, records in cards:
            out.cards.append(official.write_card_file(conn, path, records, parsed))
    except (OfficialError, ValueError) as exc:
        raise BuildError(str(exc)) from exc
    conn.executemany("INSERT INTO import_counts (file, kind, count) VALUES (?, ?, ?)", official.import_counts(out))


def _store_mode(db_path: Path) -> int:
    """Permission bits for the new store: those of the store it replaces, else 0o666 minus the umask."""
    if db_path.exists():
        return db_path.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


# Column labels of format_report: German / English.
_LABELS: dict[str, tuple[str, str]] = {
    "mechanic": ("Mechaniken", "mechanics"),
    "card": ("Karten", "cards"),
    "card_block": ("Blöcke", "blocks"),
    "ruling": ("Rulings", "rulings"),
    "quoted_rule": ("Regeln", "rules"),
    "rule_explanation": ("Erklärungen", "explanations"),
    "example": ("Beispiele", "examples"),
    "see_also": ("Siehe auch", "see also"),
    "term": ("Begriffe", "terms"),
}


def format_report(report: BuildReport) -> str:
    """Render ``report`` as a plain-text table: one row per document, one column per kind.

    The header has a German and an English line; a file with several documents (001) gets a
    sum row "Datei gesamt"; the last lines give totals and the merged cards.
    """
    kinds = list(_LABELS)
    by_file: dict[str, list[DocumentCounts]] = {}
    for doc in report.documents:
        by_file.setdefault(doc.file, []).append(doc)
    names = {
        (doc.file, doc.part): f"{doc.file} #{doc.part} {doc.set_name or doc.title}"
        if len(docs) > 1
        else doc.file
        for docs in by_file.values()
        for doc in docs
    }
    name_width = max(len("Gesamt / total"), *(len(name) for name in names.values()))
    widths = [max(len(_LABELS[k][0]), len(_LABELS[k][1]), 5) for k in kinds]

    def row(name: str, date: str, values: list[str]) -> str:
        cells = "  ".join(value.rjust(width) for value, width in zip(values, widths, strict=True))
        return f"{name.ljust(name_width)}  {date.ljust(10)}  {cells}".rstrip()

    lines = [
        row("Dokument", "Datum", [_LABELS[k][0] for k in kinds]),
        row("document", "date", [_LABELS[k][1] for k in kinds]),
    ]
    lines.append("-" * len(lines[0]))
    for file, docs in by_file.items():
        for doc in docs:
            lines.append(row(names[doc.file, doc.part], doc.date or "–", [str(doc.counts[k]) for k in kinds]))
        if len(docs) > 1:
            lines.append(row(f"  {file} gesamt / total", "", [str(report.files[file][k]) for k in kinds]))
    lines.append("-" * len(lines[0]))
    totals = [sum(counts[k] for counts in report.files.values()) for k in kinds]
    totals[kinds.index("card")] = report.total_cards
    lines.append(row("Gesamt / total", "", [str(value) for value in totals]))
    lines.append(f"{len(report.documents)} Dokumente in {len(report.files)} Dateien → {report.db_path}")
    if report.merged_cards:
        lines.append(
            f"Mehrfach gedruckt, zusammengeführt / merged ({len(report.merged_cards)}): "
            + ", ".join(report.merged_cards)
        )
    if report.official.keywords or report.official.cr or report.official.cards:
        lines.append(official.format_official(report.official))
    if report.today.per_document:
        lines.append(changes.format_today(report.today))
    return "\n".join(lines)
