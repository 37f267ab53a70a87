"""Tests for bot.importer.cr on small fixtures that reproduce the traps of the real CR files.

Fixtures (written for these tests, not copies of the official files):
- cr_2026_bom_crcrlf.txt: UTF-8 with BOM, every line ending in \\r\\r\\n, curly quotes, an indented
  continuation paragraph, a rule printed without its dot (100.3) and a subrule with one (100.3a.),
  a whitespace-only line, glossary entries of one and of three definition lines.
- cr_2010_ascii_italics.txt: ASCII, LF, `_italics_`, `Example:` directly under its rule (no blank line).
- cr_cp1252.txt: cp1252 bytes (’ is 0x92, – is 0x96) with \\r\\n.
- cr_bad_line.txt: an unknown line in the rules part.
"""

from pathlib import Path

import pytest

from bot.importer.cr import (
    cited_numbers,
    decode_text,
    normalise_for_search,
    normalise_rule_number,
    parse_cr,
    parse_effective_date,
    strip_italics,
)
from bot.importer.model import SourceError

FIX = Path(__file__).parent / "fixtures"


def test_fixture_bytes_keep_their_traps():
    raw = (FIX / "cr_2026_bom_crcrlf.txt").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert b"\r\r\n" in raw
    assert b"\x92" in (FIX / "cr_cp1252.txt").read_bytes()


def test_2026_style_file():
    doc = parse_cr(FIX / "cr_2026_bom_crcrlf.txt")
    assert doc.effective == "2026-04-17"
    assert doc.encoding == "utf-8-sig"
    # Counted by hand in the fixture: chapters 1 and 7; sections 100 and 701;
    # rules 100.1 100.2 100.3 701.30; subrules 100.1a 100.2a 100.3a 701.30a-d; 2 examples; 3 terms.
    assert doc.counts() == {
        "chapter": 2, "section": 2, "rule": 4, "subrule": 7, "example": 2, "glossary": 3,
    }
    clash = doc.get("701.30")
    assert clash.title == "Clash" and clash.kind == "rule" and clash.parent == "701"
    assert doc.get("701.30b").text == (
        "“Clash with an opponent” means “Choose an opponent. You and that opponent each clash.”")
    assert [r.number for r in doc.children("701.30")] == ["701.30a", "701.30b", "701.30c", "701.30d"]
    assert doc.get("100.2").examples == ["A “constructed” deck has at least 60 cards."]
    assert doc.get("100.2a").text == (
        "In constructed play, each deck has a minimum deck size of 60 cards.\n"
        "A second paragraph continues the rule after an indent."
    )
    assert doc.get("100.2a").examples == ["A player’s deck of 59 cards is illegal."]
    assert doc.get("100.3a").parent == "100.3"
    assert doc.irregular == [
        (36, "rule 100.3 printed without its dot"), (38, "subrule 100.3a printed with a dot")]
    # the contents (before the rules) did not create rules: section 100 is the one at line 22
    # (line numbers checked with grep -n)
    assert doc.get("100").line == 22 and doc.get("100").text == "General"


def test_glossary_and_lookup():
    doc = parse_cr(FIX / "cr_2026_bom_crcrlf.txt")
    assert [g.term for g in doc.glossary] == ["Clash", "Mana Value", "Ability"]
    mv = doc.term("mana value")
    assert mv.rules == ["202.3"]
    ability = doc.term("Ability")
    assert ability.text.count("\n") == 2
    assert ability.rules == ["113"]
    assert doc.term("Clash").rules == ["701.30"]
    assert doc.term("Credits") is None


def test_2010_style_file_with_italics():
    doc = parse_cr(FIX / "cr_2010_ascii_italics.txt")
    assert doc.effective == "2010-10-01"
    assert doc.get("100.1").text == "These Magic rules apply to any Magic game with two or more players."
    assert doc.get("101").text == "The Magic Golden Rules"
    assert doc.get("100.2").examples == ['A "constructed" deck has at least sixty cards.']
    assert doc.get("701.19c").text.startswith("A player wins a clash")
    assert doc.term("Converted Mana Cost").rules == ["202.4"]
    assert doc.irregular == []


def test_cp1252_file():
    doc = parse_cr(FIX / "cr_cp1252.txt")
    assert doc.encoding == "cp1252"
    assert doc.effective == "2008-07-01"
    assert doc.get("100.1").text == "A player’s deck – at least sixty cards – is shuffled."


def test_unknown_line_raises_with_line_number():
    with pytest.raises(SourceError) as err:
        parse_cr(FIX / "cr_bad_line.txt")
    assert err.value.line == 18  # grep -n "See the next" cr_bad_line.txt
    assert "See the next page." in err.value.reason


def test_missing_effective_date_raises():
    with pytest.raises(SourceError) as err:
        from bot.importer.cr import parse_cr_text

        parse_cr_text("Magic\n\nContents\n\n1. Game Concepts\n", "x.txt")
    assert err.value.line == 1 and err.value.file == "x.txt"


def test_helpers():
    assert decode_text(b"\xef\xbb\xbfa\r\r\nb\r\nc\rd") == ("a\nb\nc\nd", "utf-8-sig")
    assert decode_text("don’t".encode("cp1252")) == ("don’t", "cp1252")
    assert decode_text(b"\x81x")[1] == "latin-1"  # 0x81 is undefined in cp1252
    assert strip_italics("the _Magic: The Gathering_ game") == "the Magic: The Gathering game"
    assert strip_italics("Wolf in ________ Clothing") == "Wolf in ________ Clothing"
    folded = normalise_for_search("“Clash with an opponent”")
    assert folded == normalise_for_search('"clash with an opponent"') == '"clash with an opponent"'
    assert normalise_rule_number(" 701.19C. ") == "701.19c"
    assert parse_effective_date("These rules are effective as of April 17, 2026.") == "2026-04-17"
    assert parse_effective_date("These rules are effective as of Smarch 1, 2026.") is None
    assert cited_numbers("See rule 113, “Abilities,” and section 6; rules 603.7d–f, 701.30c.") == [
        "113", "6", "603.7d", "701.30c"]
