"""parse_cr on the official Comprehensive Rules files (2026-04-17 and 2010-10-01)."""

import pytest

from bot.importer.cr import parse_cr

CR2026 = "MagicCompRules_20260417.txt"
CR2010 = "CR-2010-10-01_MagicCompRules_20101001.txt"
pytestmark = pytest.mark.reference


def test_cr_2026(reference):
    doc = parse_cr(reference(CR2026))
    assert doc.effective == "2026-04-17" and doc.encoding == "utf-8-sig"
    # Counted independently with grep on the file:
    #   grep -cE '^[0-9]{3}\.[0-9]+\.? ' (rules, 1164 with the dot + 606.5 without) → 1165
    #   grep -cE '^[0-9]{3}\.[0-9]+[a-z]\.? ' → 1973 (119.1d. printed with a dot); grep -c '^Example:' → 277;
    #   sections/chapters = the 147 + 9 lines of the contents; glossary: non-blank lines after a blank line
    #   between "Glossary" (line 7054) and "Credits" (line 9288) → 730.
    assert doc.counts() == {
        "chapter": 9, "section": 147, "rule": 1165, "subrule": 1973, "example": 277, "glossary": 730,
    }
    assert doc.irregular == [
        (1057, "subrule 119.1d printed with a dot"), (2715, "rule 606.5 printed without its dot")]
    assert doc.get("701.30").title == "Clash"
    assert doc.get("701.30c").text == (
        "Each clashing player reveals the top card of their library at the same time. "
        "Then those players decide in APNAP order (see rule 101.4) where to put those cards, "
        "then those cards move at the same time."
    )
    assert doc.get("701.30d").text == (
        "A player wins a clash if that player revealed a card with a higher mana value than all other cards "
        "revealed in that clash."
    )
    mv = doc.term("Mana Value")
    assert mv.text == "The total amount of mana in a mana cost, regardless of color. See rule 202.3."
    assert mv.rules == ["202.3"]
    second = doc.get("205.4c").text.split("\n")[1]
    assert second.startswith("Cards printed in sets prior to the Eighth Edition")
    assert [r.number for r in doc.children("701.30")] == ["701.30a", "701.30b", "701.30c", "701.30d"]
    assert doc.rules[-1].number == "905.6"


def test_cr_2010(reference):
    doc = parse_cr(reference(CR2010))
    assert doc.effective == "2010-10-01"
    # grep -cE '^[0-9]{3}\.[0-9]+\.? ' → 782 (808.1 and 811.5 without the dot);
    # grep -cE '^[0-9]{3}\.[0-9]+[a-z]\.? ' → 988; grep -c '^Example:' → 204; 120 + 9 contents lines;
    # glossary 444 terms.
    assert doc.counts() == {
        "chapter": 9, "section": 120, "rule": 782, "subrule": 988, "example": 204, "glossary": 444,
    }
    assert doc.get("701.19").title == "Clash"
    assert doc.get("701.19c").text == (
        "A player wins a clash if that player revealed a card with a higher converted mana cost "
        "than all other cards revealed in that clash."
    )
    # _italics_ are gone, the words stay
    assert doc.get("101").text == "The Magic Golden Rules"
    assert "_" not in doc.get("100.1").text
    assert doc.term("Clash").rules == ["701.19"]
