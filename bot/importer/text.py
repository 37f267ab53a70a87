"""Small helpers shared by the document parsers: reading a source file line by line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from bot.importer.model import SourceError


def read_lines(path: Path) -> list[str]:
    """Return the lines of a UTF-8 source file without line endings (index 0 = line 1).

    Raises:
        SourceError: (line 1) when the file is not valid UTF-8.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(path.name, 1, f"keine gültige UTF-8-Datei ({exc.reason})") from exc
    return text.split("\n")


def blocks(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(first_line_number, lines)`` for each run of non-blank lines (blank lines separate).

    Line numbers are 1-based; trailing whitespace is stripped, indentation kept.
    """
    start = 0
    current: list[str] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if line:
            if not current:
                start = number
            current.append(line)
        elif current:
            yield start, current
            current = []
    if current:
        yield start, current

