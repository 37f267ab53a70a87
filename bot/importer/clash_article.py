"""Parser for the clash article (document 000): German part "Fehde", then English part "Clash".

Layout of the file (blank lines separate blocks)::

    <intro prose>                        → Mechanic.body
    701.19 Fehden                        → QuotedRule("701.19", title="Fehden", text="")
    701.19a Um zu fehden, …              → QuotedRule("701.19a", text=…)
    • <ruling>                           → Ruling (language of the part)
      1. … 8. (indented numbered steps)  → kept inside the preceding ruling, one line each
    <English intro prose>                → second Mechanic, same shape ("701.19a. …" printed with a dot)

Mechanic titles: the German part is titled "Fehde" (the keyword as printed on German cards and the
subject of the intro sentence), the English part "Clash" (same, in English). Each part must open with
its title word; the rule heading (701.19 "Fehden" / "Clash") is kept as the QuotedRule's title.
The whole file is one Document (language "de+en", date = first manifest date, "2007").
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.importer.model import (
    Document,
    ManifestEntry,
    Mechanic,
    ParsedDocument,
    QuotedRule,
    Ruling,
    SourceError,
)
from bot.importer.text import blocks, read_lines

KIND = "clash_article"
# (language, mechanic title) of the parts, in file order.
PARTS: tuple[tuple[str, str], ...] = (("de", "Fehde"), ("en", "Clash"))
RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(\S.*)$")
BULLET = "•"
STEP = re.compile(r"^\s+(\d+)\.\s+\S")
EXAMPLE_LABELS = ("Beispiel:", "Example:")


def parse(path: Path, entry: ManifestEntry) -> list[ParsedDocument]:
    """Read the clash article into one ParsedDocument holding two Mechanics ("Fehde" de, "Clash" en).

    Raises:
        SourceError: file and line of a rule outside a part, a malformed bullet or numbered step,
            a part that does not open with its title word, or a wrong number of parts.
    """
    name = path.name
    mechanics: list[Mechanic] = []
    languages: list[str] = []
    last_line = 1
    for start, lines in blocks(read_lines(path)):
        last_line = start
        first = lines[0]
        current = mechanics[-1] if mechanics else None
        if RULE.match(first) or first.startswith(BULLET):
            if current is None:
                raise SourceError(name, start, "Regel oder Ruling vor dem einleitenden Text des Artikels")
            if first.startswith(BULLET):
                current.rulings.extend(_bullets(name, start, lines, languages[-1]))
            else:
                current.rules.append(_rule(name, start, lines, languages[-1]))
        elif current is None or current.rules or current.rulings:
            if len(mechanics) == len(PARTS):
                raise SourceError(name, start, f"mehr als {len(PARTS)} Teile (erwartet: Deutsch, Englisch)")
            language, title = PARTS[len(mechanics)]
            if not first.startswith(title + " "):
                raise SourceError(name, start, f"Teil {len(mechanics) + 1} sollte mit „{title}“ beginnen")
            mechanics.append(Mechanic(title=title, body="\n".join(lines), line=start))
            languages.append(language)
        else:
            current.body += "\n\n" + "\n".join(lines)
    if len(mechanics) != len(PARTS) or not all(m.rules and m.rulings for m in mechanics):
        raise SourceError(name, last_line, "erwartet zwei Teile (Deutsch, Englisch) mit Regeln und Rulings")
    document = Document(
        file=name,
        kind=KIND,
        title=entry.title,
        language=entry.language,
        date=entry.dates[0] if entry.dates else None,
    )
    return [ParsedDocument(document=document, mechanics=mechanics)]


def _rule(file: str, start: int, lines: list[str], language: str) -> QuotedRule:
    """One numbered rule block; a number without letter ("701.19 Fehden") is a heading."""
    match = RULE.match(lines[0])
    assert match is not None  # checked by the caller
    number, rest = match.groups()
    rule = QuotedRule(number=number, text=rest, line=start, language=language)
    if not number[-1].isalpha():
        rule.title, rule.text = rest, ""
    for offset, line in enumerate(lines[1:], start=1):
        label = next((lab for lab in EXAMPLE_LABELS if line.startswith(lab)), None)
        if label is None:
            raise SourceError(file, start + offset, "unerwartete Zeile nach einer Regel")
        rule.examples.append(line[len(label) :].strip())
    return rule


def _bullets(file: str, start: int, lines: list[str], language: str) -> list[Ruling]:
    """``•`` rulings; indented numbered steps (1., 2., …) belong to the preceding bullet."""
    rulings: list[Ruling] = []
    expected_step = 1
    for offset, line in enumerate(lines):
        number = start + offset
        if line.startswith(BULLET):
            text = line[len(BULLET) :].strip()
            if not text:
                raise SourceError(file, number, "leeres Ruling nach „•“")
            rulings.append(Ruling(text=text, line=number, language=language))
            expected_step = 1
            continue
        step = STEP.match(line)
        if step is None or not rulings:
            raise SourceError(file, number, "Zeile ist weder ein „•“-Ruling noch ein nummerierter Schritt")
        if int(step.group(1)) != expected_step:
            raise SourceError(file, number, f"Schritt {step.group(1)} statt {expected_step}")
        rulings[-1].text += "\n" + line.strip()
        expected_step += 1
    return rulings
