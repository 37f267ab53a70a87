"""Parser for dated rulings lists (documents 002 "Getrieben // Verzweiflung" and 004 "Schnellvorlauf").

Layout (blank lines separate blocks)::

    <card name>            → Card (split when the name holds " // ": one name-only Face per half)
    DD/MM/YYYY             → Ruling.date (ISO "YYYY-MM-DD")
    <ruling paragraph>     → Ruling.text
    DD/MM/YYYY
    <ruling paragraph>
    …

The cards carry no mana cost, type line or rules text (None / ""): these lists print only the name.

Document date: the latest manifest date (for 002 "2017-07-14", the date of its newest rulings; for
004 "2026-01-27"), falling back to the newest ruling date when the manifest has none. A ruling dated
after the document date means the manifest is stale and is an error.

Language: each paragraph is "de" unless it is English as a whole. :func:`paragraph_language` counts
frequent function words of each language; English wins only with strictly more hits and at least
three. 004's last paragraph ("To determine the total cost of a spell, …") is "en"; a German
paragraph quoting an English card name or "(and doesn't have haste)" stays "de".
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from bot.importer.model import Card, Document, Face, ManifestEntry, ParsedDocument, Ruling, SourceError
from bot.importer.text import blocks, read_lines

KIND = "rulings_list"
DATE = re.compile(r"^(\d{2})/(\d{2})/(\d{4})$")
SPLIT = " // "
WORD = re.compile(r"[^\W\d_]+(?:'[a-z]+)?")
# Frequent function words; "an", "in" and "was" are left out because both languages use them.
ENGLISH_WORDS = frozenset(
    "the a of to and or is are you your it its that this with if any from be can can't don't doesn't "  # noqa: SIM905
    "then such as for on by were has have not no spell cost".split()
)
GERMAN_WORDS = frozenset(
    "der die das den dem des und oder ist sind du dein deine deiner es sie ein eine einen einer nicht mit "  # noqa: SIM905
    "von zu falls wenn auf aus im wird werden kann kannst hat haben als auch dass".split()
)


def paragraph_language(text: str) -> str:
    """Return "en" when ``text`` is an English paragraph, else "de" (see the module docstring)."""
    words = [w.lower() for w in WORD.findall(text)]
    english = sum(w in ENGLISH_WORDS for w in words)
    german = sum(w in GERMAN_WORDS for w in words)
    return "en" if english > german and english >= 3 else "de"


def parse(path: Path, entry: ManifestEntry) -> list[ParsedDocument]:
    """Read one rulings list into a ParsedDocument with one Card and its dated rulings.

    Raises:
        SourceError: file and line of a name line that looks like a date, a missing or invalid
            date line, a date without paragraph, or a ruling newer than the document date.
    """
    name = path.name
    found = list(blocks(read_lines(path)))
    if not found:
        raise SourceError(name, 1, "leere Datei: Kartenname erwartet")
    line, head = found[0]
    if len(head) != 1 or DATE.match(head[0]):
        raise SourceError(name, line, "erste Zeile muss allein der Kartenname sein")
    card = _card(head[0].strip(), line)
    date_lines: list[int] = []
    rest = found[1:]
    for index in range(0, len(rest), 2):
        date_line, date_block = rest[index]
        date = _date(name, date_line, date_block)
        if index + 1 == len(rest):
            raise SourceError(name, date_line, "Datum ohne folgenden Ruling-Absatz")
        text_line, paragraph = rest[index + 1]
        if DATE.match(paragraph[0]):
            raise SourceError(name, text_line, "Ruling-Absatz erwartet, Datum gefunden")
        text = "\n".join(part.strip() for part in paragraph)
        card.rulings.append(Ruling(text=text, line=text_line, language=paragraph_language(text), date=date))
        date_lines.append(date_line)
    if not card.rulings:
        raise SourceError(name, line, "keine Rulings nach dem Kartennamen")
    latest = max(r.date for r in card.rulings if r.date)
    doc_date = max(entry.dates) if entry.dates else latest
    for ruling, date_line in zip(card.rulings, date_lines, strict=True):
        if ruling.date and ruling.date > doc_date:
            raise SourceError(name, date_line, f"Ruling vom {ruling.date} ist neuer als {doc_date}")
    document = Document(file=name, kind=KIND, title=entry.title, language=entry.language, date=doc_date)
    return [ParsedDocument(document=document, cards=[card])]


def _card(printed: str, line: int) -> Card:
    """A name-only card; "A // B" becomes a split card with two name-only faces."""
    names = [part.strip() for part in printed.split(SPLIT)] if SPLIT in printed else [printed]
    faces = [Face(name=n, mana_cost=None, type_line=None, power_toughness=None, text="") for n in names]
    return Card(name=printed, faces=faces, line=line)


def _date(file: str, line: int, block: list[str]) -> str:
    """ISO date of a ``DD/MM/YYYY`` line; SourceError when the block is not exactly one valid date."""
    match = DATE.match(block[0].strip()) if len(block) == 1 else None
    if match is None:
        raise SourceError(file, line, f"Datumszeile TT/MM/JJJJ erwartet, gefunden: {block[0][:60]!r}")
    day, month, year = (int(g) for g in match.groups())
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError as exc:
        raise SourceError(file, line, f"ungültiges Datum {block[0].strip()!r}") from exc
