"""The sources manifest (``data/sources/manifest.toml``): which document files exist, their parser, language,
title, dates and era. :func:`load_manifest` reads and checks it against the folder; every problem is a
:class:`ManifestError` naming the manifest line (the importer never skips a document silently)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from bot.importer.model import ManifestEntry, SourceError

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


class ManifestError(SourceError):
    """``manifest.toml`` is malformed or does not match the files in the sources folder."""


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
