"""Every row of data/keywords_de_en.tsv checked against the documents and the 2026 CR."""

from pathlib import Path

import pytest

from bot.importer.align import read_keyword_table
from bot.importer.cr import normalise_for_search, parse_cr

pytestmark = pytest.mark.reference
ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "data" / "sources"


def _source_text(prefix: str) -> str:
    (path,) = SOURCES.glob(f"{prefix}_*.txt")
    return path.read_text(encoding="utf-8")


def test_every_keyword_row(reference):
    cr = parse_cr(reference("MagicCompRules_20260417.txt"))
    rows = read_keyword_table(ROOT / "data" / "keywords_de_en.tsv")
    assert len(rows) == 20
    for row in rows:
        text = _source_text(row.source)
        assert row.german.casefold() in text.casefold(), row
        if row.old_number:
            assert row.old_number in text, row
        if row.cr_number:
            rule = cr.get(row.cr_number)
            assert rule is not None, row
            body = normalise_for_search(" ".join([rule.text, *(c.text for c in cr.children(rule.number))]))
            assert normalise_for_search(row.english).rstrip("s") in body, row
        elif row.kind == "obsolete_term":
            assert cr.term(f"{row.english} (Obsolete)") is not None, row
        else:
            assert row.kind == "card_name", row
