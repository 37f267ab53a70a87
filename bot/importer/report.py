"""What a build wrote, per document and kind (:class:`BuildReport`, :func:`bot.importer.build`'s result), and its
plain-text table for ``python -m bot build`` (:func:`format_report`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bot.importer.changes import TodayReport, format_today
from bot.importer.official import OfficialReport, format_official


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
        translations: question terms of the translation table stored with the store
            (:func:`bot.importer.transl_table.write_table`); None when none was learned (no earlier questions' file).
    """

    db_path: Path
    documents: list[DocumentCounts] = field(default_factory=list)
    files: dict[str, dict[str, int]] = field(default_factory=dict)
    total_cards: int = 0
    merged_cards: list[str] = field(default_factory=list)
    official: OfficialReport = field(default_factory=OfficialReport)
    today: TodayReport = field(default_factory=TodayReport)
    translations: int | None = None


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
        lines.append(format_official(report.official))
    if report.today.per_document:
        lines.append(format_today(report.today))
    return "\n".join(lines)
