"""Where a passage of the five documents begins and what text it holds, read from ``data/sources/`` alone.

The gold ids of the question set are ``"<file prefix>:<line>"`` (1-based line of the file whose name starts
with the prefix). A gold id is valid when that line begins a passage by the rules of its document:

- 000 (clash article): a bullet ruling (``• …``) or a numbered rule (``701.19a …``, ``701.19b. …``); the
  indented steps ``1.`` … ``8.`` belong to the bullet before them.
- 001 (set FAQs): a ruling (``* …``), or, inside a section ALLGEMEINES, the first line of a prose paragraph
  or quoted rule (``502.46b …``) — not a section title (fewer than 6 words) and not an example card block
  (its next line is a mana cost, a type line or ``Land``).
- 002 and 004 (rulings lists): the paragraph after a date line ``DD/MM/YYYY`` and a blank line.
- 003 (rules explanation): the first line of an entry, i.e. the line after a separator ``-`` or after a
  trailer line ending in `` -`` (``Siehe auch201.3 -``).

A passage's text runs from its first line up to (not including) a blank line, a separator (``-``,
``-----``) or the next passage start.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[2] / "data" / "sources"
PREFIXES = ("000", "001", "002", "003", "004")
DATE = re.compile(r"^\d\d/\d\d/\d{4}$")
CLASH_RULE = re.compile(r"^701\.19[a-c]?\.?\s")
MANA_COST = re.compile(r"^(\{[^}]+\})+$")
TYPE_DASHES = (" -- ", " — ", " – ")
SEPARATORS = ("-", "-----")
MIN_PARAGRAPH_WORDS = 6


@cache
def source_lines(prefix: str) -> tuple[str, ...]:
    """The lines of the document whose file name starts with ``prefix`` (``"001"``), without line ends.

    Raises:
        FileNotFoundError: no file ``<prefix>_*.txt`` in ``data/sources/``.
    """
    files = sorted(SOURCES.glob(f"{prefix}_*.txt"))
    if not files:
        raise FileNotFoundError(f"no document {prefix}_*.txt in {SOURCES}")
    return tuple(files[0].read_text(encoding="utf-8").split("\n"))


def _is_card_block(next_line: str) -> bool:
    """Whether the line after a paragraph's first line marks an example card (mana cost or type line)."""
    short = len(next_line) < 60
    return bool(
        MANA_COST.match(next_line.strip())
        or (short and any(dash in next_line for dash in TYPE_DASHES))
        or next_line.startswith("Land")
    )


def _faq_paragraph_starts(lines: tuple[str, ...]) -> set[int]:
    """1-based lines in 001 where a prose paragraph or quoted rule of a section ALLGEMEINES begins."""
    starts: set[int] = set()
    general = False
    for index, line in enumerate(lines):
        if line == "ALLGEMEINES":
            general = True
        elif line == "KARTENSPEZIFISCHES" or line.startswith("[administrator]"):
            general = False
        previous = lines[index - 1] if index else ""
        if not general or not line.strip() or line in SEPARATORS or line.startswith("* "):
            continue
        if previous.strip() not in ("", "-----") or len(line.split()) < MIN_PARAGRAPH_WORDS:
            continue
        if not _is_card_block(lines[index + 1] if index + 1 < len(lines) else ""):
            starts.add(index + 1)
    return starts


def _begins(prefix: str, lines: tuple[str, ...], index: int) -> bool:
    """Whether line ``index`` (0-based) of document ``prefix`` begins a ruling, rule or entry."""
    line = lines[index]
    previous = lines[index - 1] if index else ""
    if not line.strip() or line in SEPARATORS or DATE.match(line):
        return False
    if prefix == "000":
        return line.startswith("• ") or bool(CLASH_RULE.match(line))
    if prefix == "001":
        return line.startswith("* ")
    if prefix in ("002", "004"):
        return index >= 2 and not previous.strip() and bool(DATE.match(lines[index - 2]))
    if prefix == "003":
        return previous == "-" or previous.endswith(" -")
    raise ValueError(f"unknown document prefix {prefix!r}")


@cache
def passage_starts(prefix: str) -> frozenset[int]:
    """The 1-based lines of document ``prefix`` where a passage begins (rules in the module docstring).

    Raises:
        ValueError: ``prefix`` is not one of ``PREFIXES``.
        FileNotFoundError: the document is missing.
    """
    if prefix not in PREFIXES:
        raise ValueError(f"unknown document prefix {prefix!r}")
    lines = source_lines(prefix)
    starts = {index + 1 for index in range(len(lines)) if _begins(prefix, lines, index)}
    if prefix == "001":
        starts |= _faq_paragraph_starts(lines)
    return frozenset(starts)


def passage_text(prefix: str, line: int) -> str:
    """The text of the passage that begins at 1-based ``line`` of document ``prefix``, lines joined by "\\n".

    Raises:
        KeyError: no passage begins at that line.
    """
    starts = passage_starts(prefix)
    if line not in starts:
        raise KeyError(f"{prefix}:{line} begins no passage")
    lines = source_lines(prefix)
    taken = [lines[line - 1]]
    for number in range(line + 1, len(lines) + 1):
        text = lines[number - 1]
        if not text.strip() or text.strip() in SEPARATORS or text.startswith("-----") or number in starts:
            break
        taken.append(text)
    return "\n".join(taken)


def passage_kind(prefix: str, line: int) -> str:
    """The kind of the passage beginning at ``line`` of document ``prefix``, as the question set labels it.

    ``"rule"`` (a numbered rule of the clash article), ``"ruling"`` (a bullet of 000, a ``* `` line of 001,
    a dated paragraph of 002/004), ``"mechanic"`` (a prose paragraph or quoted rule of a mechanics section
    of 001) or ``"explanation"`` (an entry of 003).

    Raises:
        KeyError: no passage begins at that line.
    """
    if line not in passage_starts(prefix):
        raise KeyError(f"{prefix}:{line} begins no passage")
    first = source_lines(prefix)[line - 1]
    if prefix == "000":
        return "ruling" if first.startswith("• ") else "rule"
    if prefix == "001":
        return "ruling" if first.startswith("* ") else "mechanic"
    return "explanation" if prefix == "003" else "ruling"
