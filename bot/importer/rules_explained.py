"""Parser for the German rules explanation (document 003, CardX Academy "Regelwerk auf Deutsch").

Layout::

    <header lines>                         site title and blurb, up to the first separator
    -                                      separator: a line holding only "-"
    <paragraph>                            → RuleExplanation.text (paragraphs joined by "\\n")
    Beispiel: <text>                       → RuleExplanation.examples (label dropped)
    Siehe auch201.3 -                      trailer + separator in one line
    <paragraph>
    Begriffestarting life totalSiehe auch810 -
    …
    <last entry>                           not followed by a separator
    Keine Regel gefunden. …                closing site lines (FOOTER_PREFIXES), not an entry

A trailer line is any sequence of ``Siehe auch<rule number>`` (→ see_also, e.g. "101.4a", "805") and
``Begriffe<english glossary term>`` (→ terms, e.g. "starting player") glued together and ended by
" -", which also closes the entry. A trailer glued behind text on the same line is split off; the
real file has none (every trailer starts its line). Entries carry no rule number of their own.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.importer.model import Document, ManifestEntry, ParsedDocument, RuleExplanation, SourceError
from bot.importer.text import read_lines

KIND = "rules_explained"
SEPARATOR = "-"
TRAILER_END = " -"
EXAMPLE = "Beispiel:"
SEE_ALSO = "Siehe auch"
TERMS = "Begriffe"
TOKEN = re.compile(r"(Siehe auch|Begriffe)(.*?)(?=Siehe auch|Begriffe|$)")
RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
TERM = re.compile(r"^[a-z][a-z' -]*[a-z]$")
TRAILER_START = re.compile(r"Siehe auch|Begriffe")
FOOTER_PREFIXES = (
    "Keine Regel gefunden.",
    "Die Erläuterungen geben die offiziellen Magic: The Gathering Comprehensive Rules",
)


def parse(path: Path, entry: ManifestEntry) -> list[ParsedDocument]:
    """Read document 003 into one ParsedDocument with one RuleExplanation per entry, in file order.

    Raises:
        SourceError: file and line of an empty entry, a ``Beispiel:`` before any text, a malformed
            trailer (rule number or term not recognised), or a file without any separator.
    """
    name = path.name
    lines = [line.rstrip() for line in read_lines(path)]
    end = len(lines)
    while end and (not lines[end - 1] or lines[end - 1].startswith(FOOTER_PREFIXES)):
        end -= 1
    first_separator = next((i for i, line in enumerate(lines[:end]) if line == SEPARATOR), None)
    if first_separator is None:
        raise SourceError(name, 1, "keine Trennzeile „-“ nach den Kopfzeilen gefunden")

    explanations: list[RuleExplanation] = []
    current: RuleExplanation | None = None
    for index in range(first_separator + 1, end):
        number = index + 1
        line = lines[index]
        if not line:
            continue
        if line == SEPARATOR or line.endswith(TRAILER_END):
            text, see_also, terms = _split_trailer(name, number, line)
            if text:
                current = _add_text(current, text, number)
            if current is None:
                raise SourceError(name, number, "leerer Eintrag zwischen zwei Trennzeilen")
            current.see_also += see_also
            current.terms += terms
            explanations.append(current)
            current = None
        elif line.startswith(EXAMPLE):
            if current is None:
                raise SourceError(name, number, "„Beispiel:“ vor dem Text des Eintrags")
            example = line[len(EXAMPLE) :].strip()
            if not example:
                raise SourceError(name, number, "leeres „Beispiel:“")
            current.examples.append(example)
        elif TRAILER_START.match(line):
            raise SourceError(name, number, f"Trailer ohne abschließendes „{TRAILER_END}“: {line[:60]!r}")
        else:
            current = _add_text(current, line, number)
    if current is not None:
        explanations.append(current)
    document = Document(
        file=name,
        kind=KIND,
        title=entry.title,
        language=entry.language,
        date=entry.dates[-1] if entry.dates else None,
    )
    return [ParsedDocument(document=document, explanations=explanations)]


def _add_text(current: RuleExplanation | None, text: str, number: int) -> RuleExplanation:
    """Start an entry at ``number`` or append a paragraph to the current one."""
    if current is None:
        return RuleExplanation(text=text, line=number)
    current.text += "\n" + text
    return current


def _split_trailer(file: str, number: int, line: str) -> tuple[str, list[str], list[str]]:
    """Split a separator line into (text before the trailer, see_also numbers, glossary terms).

    ``"-"`` gives ``("", [], [])``; ``"Begriffewin the gameSiehe auch809.5 -"`` gives
    ``("", ["809.5"], ["win the game"])``.
    """
    if line == SEPARATOR:
        return "", [], []
    body = line[: -len(TRAILER_END)]
    for start in (m.start() for m in TRAILER_START.finditer(body)):
        parsed = _parse_tokens(body[start:])
        if parsed is not None:
            return body[:start].strip(), *parsed
    reason = f"Zeile endet mit „{TRAILER_END}“, aber ohne gültigen Trailer: {line[:60]!r}"
    raise SourceError(file, number, reason)


def _parse_tokens(trailer: str) -> tuple[list[str], list[str]] | None:
    """Parse glued ``Siehe auch…``/``Begriffe…`` tokens; None when any value is malformed."""
    see_also: list[str] = []
    terms: list[str] = []
    consumed = 0
    for match in TOKEN.finditer(trailer):
        if match.start() != consumed:
            return None
        label, value = match.group(1), match.group(2).strip()
        consumed = match.end()
        if label == SEE_ALSO and RULE_NUMBER.match(value):
            see_also.append(value)
        elif label == TERMS and TERM.match(value):
            terms.append(value)
        else:
            return None
    return (see_also, terms) if consumed == len(trailer) and consumed else None
