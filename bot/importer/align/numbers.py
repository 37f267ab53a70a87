"""Old rule numbers as cited: through a version map or the German↔English keyword table."""

from __future__ import annotations

from pathlib import Path

from bot.importer.align.result import RuleMatch
from bot.importer.model import KeywordRow


def resolve_old_number(number: str, matches: dict[str, RuleMatch]) -> RuleMatch | None:
    """The match for an old number as cited (``"701.19c."`` → RuleMatch to ``"701.30d"``), or None."""
    return matches.get(number.strip().rstrip(".").lower())


def read_keyword_table(path: str | Path) -> list[KeywordRow]:
    """Read ``data/keywords_de_en.tsv`` (``#`` comment lines, a header row, tab-separated columns).

    Raises ValueError naming the line when a row does not have the 7 columns.
    """
    rows: list[KeywordRow] = []
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    body = [(n, line) for n, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]
    for n, line in body[1:]:
        cols = line.split("\t")
        if len(cols) != 7:
            raise ValueError(f"{path}:{n}: erwartet 7 durch Tabulatoren getrennte Spalten, gefunden {len(cols)}")
        german, english, kind, old, source, cr, note = (c.strip() for c in cols)
        rows.append(KeywordRow(german, english, kind, old or None, source, cr or None, note))
    return rows


def resolve_via_keywords(number: str, rows: list[KeywordRow]) -> RuleMatch | None:
    """Resolve an old keyword rule number quoted by a FAQ through the keyword table.

    ``502.46`` → 702.51 (certain, method ``keyword-table``); a subrule ``502.46b`` → the rule
    702.51 (uncertain, ``keyword-table-parent``: the letters were renumbered, 502.46a–c vs 702.51a–d).
    None when no row has that old number.
    """
    number = number.strip().rstrip(".").lower()
    for row in rows:
        if not row.old_number or not row.cr_number:
            continue
        if number == row.old_number:
            return RuleMatch(number, row.cr_number, 100.0, "keyword-table", True)
        if number[:-1] == row.old_number and number[-1].isalpha():
            return RuleMatch(number, row.cr_number, 50.0, "keyword-table-parent", False)
    return None

