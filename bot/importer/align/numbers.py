"""Old rule numbers as cited: through a version map or the German↔English keyword table."""

from __future__ import annotations

from pathlib import Path

from bot.importer.align.result import RuleMatch
from bot.importer.model import KeywordRow
from bot.paths import tsv_rows


def resolve_old_number(number: str, matches: dict[str, RuleMatch]) -> RuleMatch | None:
    """The match for an old number as cited (``"701.19c."`` → RuleMatch to ``"701.30d"``), or None."""
    return matches.get(number.strip().rstrip(".").lower())


def read_keyword_table(path: str | Path) -> list[KeywordRow]:
    """Read ``data/keywords_de_en.tsv`` (``#`` comment lines, a header row, tab-separated columns; :mod:`csv`).

    Raises ValueError naming the line when a row does not have the 7 columns.
    """
    rows: list[KeywordRow] = []
    for n, cols in list(tsv_rows(path))[1:]:
        if len(cols) != 7:
            raise ValueError(f"{path}:{n}: erwartet 7 durch Tabulatoren getrennte Spalten, gefunden {len(cols)}")
        german, english, kind, old, source, cr, note = (c.strip() for c in cols)
        rows.append(KeywordRow(german, english, kind, old or None, source, cr or None, note))
    return rows


