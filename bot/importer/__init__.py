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
  failed or interrupted build leaves the previous store byte-identical. What it wrote comes back as a
  :class:`~bot.importer.report.BuildReport` (its table: :func:`bot.importer.report.format_report`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import glob
import hashlib
import importlib
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from bot.importer import changes, documents_index, english_offers, official, passages, prepared, transl_table, writer
from bot.importer.cr import CRDocument, parse_cr
from bot.importer.manifest import MANIFEST, PARSERS, load_manifest
from bot.importer.manifest import ManifestError as ManifestError  # re-exported
from bot.importer.model import ManifestEntry, ParsedDocument
from bot.importer.mtgjson import iter_mtgjson
from bot.importer.official import OfficialError, OfficialReport
from bot.importer.report import BuildReport, DocumentCounts
from bot.paths import DATA_DIR
from bot.startup import signals_held
from bot.store import StoreError

DEFAULT_SOURCES = DATA_DIR / "sources"
SCHEMA_PATH = DATA_DIR / "schema.sql"
KEYWORDS_PATH = DATA_DIR / "keywords_de_en.tsv"
#: Net new container objects after which the garbage collector looks at the young ones while a store is written
#: (Python's default: 700). The build makes millions of short-lived containers (the card file's objects, each
#: passage's analysis) and keeps large caches (:class:`bot.importer.passages.Kept`, the analyser's words): at 700
#: the collector ran ~450 times in the passage step of 20 000 printings and took 12–14 % of its CPU (4.3 → 3.8 s).
#: Cyclic garbage still goes, after at most this many new objects; what is written does not depend on it.
BUILD_GC_YOUNG = 100_000
#: SQLite page size of a built store, in bytes (SQLite's default: 4096), set before the schema. A large card file's
#: store is written page by page as it grows (607 MB for 100 000 printings): larger pages mean a quarter of the
#: writes and of the B-tree pages to split and fill, so less system time (100 000 generated printings, 4 builds at
#: once, twice, load 9–13, CPU s: 4096 34.9 / 34.5, of it system 2.8 / 2.2; 8192 34.3; 16384 33.3 / 33.1, system
#: 1.8 / 1.8; 32768 33.3; 65536 33.3; a 16 MiB page cache instead 35.4). The rows and what a reader sees are the same.
BUILD_PAGE_SIZE = 16384


class BuildError(Exception):
    """The build cannot proceed: a parser module is missing, or written counts differ from parsed ones."""


class OutdatedRulesError(BuildError):
    """The newest ``--cr`` file is older than the change register's basis (``data/changes.toml``
    ``[review].cr_effective``, 2026-04-17): building would make an old rules text "today" (German message)."""


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


def _check_newest_cr(crs: Sequence[CRDocument], basis: str) -> None:
    """Refuse a build whose newest Comprehensive Rules file predates ``basis`` (ISO date, the register's
    ``cr_effective``): the newest file becomes "aktuell" (today) in the store, so an old one alone would
    answer with e.g. 2010's rule 701.19 as today's. Older files next to a current one are history and fine.

    Raises:
        OutdatedRulesError: German one-line message naming the newest file, its date and ``basis``.
    """
    if not crs:
        return
    newest = max(crs, key=lambda c: c.effective)
    if newest.effective < basis:
        raise OutdatedRulesError(
            f"Die neueste Regeldatei ({Path(newest.source).name}, Stand {newest.effective}) ist älter als der "
            f"Stand, auf dem data/changes.toml beruht ({basis}): sie würde als „heute“ gelten. Die aktuelle "
            f"Fassung (magic.wizards.com/en/rules) mit --cr dazugeben; ältere Dateien sind zusätzlich erlaubt."
        )


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

    Official sources (:mod:`bot.importer.official`): the keyword table ``keywords`` is loaded
    at every build; ``cr_files`` are Comprehensive Rules text files (the newest is current, older ones
    are mapped to it, and the ``rules_explained`` documents are aligned to it within their manifest
    ``cr_range``); ``card_files`` are MTGJSON v3/v5 set files. Without ``cr_files`` the explanations
    keep ``number`` NULL.

    Raises:
        ManifestError, SourceError: bad manifest, source entry or official file (file and line).
        BuildError: missing parser module, written counts differ from parsed ones, or an official file
            cannot be stored (same CR date twice, a card file given twice).
        OutdatedRulesError: the newest of ``cr_files`` is older than the register's ``cr_effective``
            (a :class:`BuildError`; nothing is written).
        RegisterError: the change register names an entry the store does not have (file, reason).
    """
    db_path = Path(db_path)
    the_register = changes.read_register(register)
    inputs = _Inputs(sources, load_manifest(sources), parse_all(sources), the_register, changes.read_terms(terms),
                     [parse_cr(p) for p in cr_files], [Path(p) for p in card_files], keywords)
    _check_newest_cr(inputs.crs, the_register.newest_basis())
    db_path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(db_path)
    report = BuildReport(db_path=db_path)
    handle, temp = -1, None
    try:
        with signals_held():  # Ctrl+C/SIGTERM between creating the temp file and naming it would leak it
            # "<name>-build-XXXX" next to the target: same file system for the rename, git-ignored (*.sqlite3-*).
            handle, temp_name = tempfile.mkstemp(prefix=f"{db_path.name}-build-", dir=db_path.parent)
            temp = Path(temp_name)
        if not _lock(handle, needed=True):  # held while building: marks the file as in use (remove_stale_temps)
            os.close(handle)  # no flock here (Windows): an open file could not be renamed there
            handle = -1
        _fill(temp, inputs, report)
        with temp.open("rb") as written:
            os.fsync(written.fileno())
        temp.chmod(_store_mode(db_path))
        temp.replace(db_path)  # os.replace: atomic on POSIX and Windows
    except BaseException:
        if temp is not None:
            temp.unlink(missing_ok=True)
        raise
    finally:
        if handle >= 0:
            os.close(handle)
    return report


def _write_translations(temp: Path) -> int | None:
    """:func:`bot.importer.transl_table.write_table` of the written store ``temp``: the translation table learned
    from it read back as a process reads it; its question terms (None: no earlier questions' file).

    Raises:
        BuildError: the file just written cannot be opened as a store (a fault of this build).
    """
    try:
        return transl_table.write_table(temp)
    except StoreError as exc:
        raise BuildError(f"Übersetzungstabelle nicht gelernt: {exc}") from exc


@contextlib.contextmanager
def _young_collections(young: int) -> Iterator[None]:
    """Within the block the garbage collector looks at the young objects after ``young`` net new containers (not
    700, :data:`BUILD_GC_YOUNG`), its older generations as before; the thresholds of before are set again after."""
    before = gc.get_threshold()
    gc.set_threshold(young, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


@dataclass
class _Inputs:
    """Everything a build reads before it writes (the card files are read while writing, as streams)."""

    sources: Path
    entries: list[ManifestEntry]
    parsed: list[ParsedDocument]
    register: changes.Register
    terms: dict[str, tuple[tuple[str, ...], str, int]]
    crs: list[CRDocument]
    cards: list[Path]
    keywords: Path


@_young_collections(BUILD_GC_YOUNG)
def _fill(temp: Path, inputs: _Inputs, report: BuildReport) -> None:
    """Write schema and records into the new file ``temp`` in one transaction, verify the counts and the
    foreign keys, then the translation table learned from it (:func:`_write_translations`); fills ``report``.
    The garbage collector looks at young objects every :data:`BUILD_GC_YOUNG` new containers meanwhile.

    Raises:
        BuildError, SourceError, RegisterError: see :func:`build`.
    """
    conn = sqlite3.connect(temp)
    try:
        conn.execute(f"PRAGMA page_size = {BUILD_PAGE_SIZE}")  # only before the first table is made
        # A temp file that is fsynced once and renamed at the end needs no journal or syncs of its own.
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.executescript(SCHEMA_PATH.read_text(encoding="utf-8"))
        # Foreign keys are checked once, over every table, after the last insert (PRAGMA foreign_key_check below:
        # a violation fails the build) instead of at each of the million inserts of a large card file.
        with conn:
            writer.write(conn, inputs.parsed)
            _verify(conn, inputs.parsed, report)
            writer.write_counts(conn, report.files)
            _write_official(conn, inputs.parsed, inputs.entries, inputs.crs, inputs.cards, inputs.keywords,
                            report.official)
            report.today = changes.apply(conn, inputs.register, inputs.terms, inputs.crs)
            counts = passages.Counts()
            try:
                passages.write(conn, inputs.sources, counts)  # last: reads everything above (bot/importer/passages.py)
            except passages.PassageKeyError as exc:
                raise BuildError(str(exc)) from exc
            prepared.write_names(conn)  # what a process would compute at start (bot/importer/prepared.py)
            prepared.write_counts(conn, counts)
            documents_index.write(conn)  # with the official rules: the documents' own index (bot/store/split.py)
            conn.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [
                    ("built_at", dt.datetime.now(dt.UTC).isoformat(timespec="seconds")),
                    ("sources_sha256", _sources_digest(inputs.sources, inputs.parsed)),
                    ("cr_files", json.dumps([c.file for c in report.official.cr])),
                    ("card_files", json.dumps([c.file for c in report.official.cards])),
                ],
            )
        problems = conn.execute("PRAGMA foreign_key_check").fetchall()
        if problems:
            raise BuildError(f"Fremdschlüssel verletzt: {problems[:5]}")
    finally:
        conn.close()
    report.translations = _write_translations(temp)  # last: reads the store written and closed above
    english_offers.write_offers(temp)  # the English names the card-name completer offers (reads the store too)


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
    cards: list[Path],
    keywords: Path,
    out: OfficialReport,
) -> None:
    """Keyword table, CR versions, number map, explanation alignment, card files (the CR's passages are
    written with all others by :mod:`bot.importer.passages`)."""
    try:
        out.keywords = official.write_keywords(conn, keywords)
        if crs:
            out.cr = official.write_cr(conn, crs)
            out.versions = official.write_rule_map(conn, crs, out.cr)
            current = next(c for c in crs if c.effective == out.cr[0].effective)
            ranges = {e.file: e.cr_range for e in entries}
            out.alignment = official.align_documents(conn, parsed, current, ranges)
        for path in cards:
            out.cards.append(official.write_card_file(conn, path, iter_mtgjson(path), parsed))
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
