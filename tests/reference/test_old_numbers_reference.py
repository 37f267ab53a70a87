"""The rule numbers the 2005–2007 documents cite (old numbering) → today's rules.

Each pair below was checked by reading the document's quoted German rule beside the English rule of the
Comprehensive Rules 2026-04-17; the phrase is a piece of today's text that carries the same content.
"""

import re
from pathlib import Path

from bot.importer.changes import read_register
from bot.importer.cr import parse_cr

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "data" / "sources"
_NUMBER = re.compile(r"(?<![\d.])([1-9]\d{2}\.\d{1,2}[a-z]?)(?!\d)")

# (document, old number) → (today's number or None, phrase of today's text)
CHECKED: dict[tuple[str, str], tuple[str | None, str]] = {
    ("000", "701.19"): ("701.30", "Clash"),
    ("000", "701.19a"): ("701.30a", "To clash, a player reveals the top card of their library"),
    ("000", "701.19b"): ("701.30b", "“Clash with an opponent” means"),
    ("000", "701.19c"): ("701.30d", "A player wins a clash if that player revealed a card with a higher mana value"),
    ("001", "104.3"): ("107.4", "the hybrid symbols {W/U}, {W/B}, {U/B}"),
    ("001", "104.3f"): ("107.4e", "{W/U} can be paid with either white or blue mana"),
    # 203.2e "hat … auch beide Farben dieses Manasymbols … zweifarbigen Rahmen": today 202.2d word for word
    ("001", "203.2e"): ("202.2d", "is all of the colors of those mana symbols, in addition to any other colors"),
    ("001", "502.46"): ("702.51", "Convoke"),
    ("001", "502.32a"): ("702.51a", "Convoke is a static ability that functions while the spell with convoke is on"),
    ("001", "502.46b"): (None, ""),  # "nicht unter 0 reduzieren": convoke reduces no cost today (702.51b)
    ("001", "502.46c"): ("702.51d", "Multiple instances of convoke on the same spell are redundant"),
    ("001", "502.47"): ("702.52", "Dredge"),
    ("001", "502.47a"): ("702.52a", "you may instead mill N cards and return this card"),
    ("001", "502.47b"): ("702.52b", "fewer cards in their library than the number required by a dredge ability"),
    ("001", "502.48"): ("702.53", "Transmute"),
    ("001", "502.43a"): ("702.53a", "Transmute is an activated ability that functions only while the card"),
    ("001", "502.48b"): ("702.53b", "it continues to exist while the object is on the battlefield"),
    ("001", "502.50"): ("702.54", "Bloodthirst"),
    ("001", "502.50a"): ("702.54a", "If an opponent was dealt damage this turn, this permanent enters with N"),
    ("001", "502.50b"): ("702.54b", "“Bloodthirst X” is a special form of bloodthirst"),
    ("001", "502.50c"): ("702.54c", "multiple instances of bloodthirst, each applies separately"),
    ("001", "502.51"): ("702.55", "Haunt"),
    ("001", "502.51a"): ("702.55a", "exile it haunting target creature"),
    ("001", "502.51b"): ("702.55b", "as the result of a haunt ability “haunt” the creature targeted"),
    ("001", "502.51c"): (None, ""),  # "Verlässt eine Kreatur … hört der Spuk auf": no such rule today
    ("001", "502.52"): ("702.56", "Replicate"),
    ("001", "502.52a"): ("702.56a", "Replicate is a keyword that represents two abilities"),
    ("001", "502.52b"): ("702.56b", "multiple instances of replicate, each is paid separately"),
    ("001", "502.53"): ("702.57", "Forecast"),
    ("001", "502.53a"): ("702.57a", "can be activated only from a player’s hand"),
    ("001", "502.53b"): ("702.57b", "only during the upkeep step of the card’s owner and only once each turn"),
    ("001", "502.54"): ("702.58", "Graft"),
    ("001", "502.54a"): ("702.58a", "you may move a +1/+1 counter from this permanent onto that creature"),
    ("001", "502.54b"): ("702.58b", "multiple instances of graft, each one works separately"),
    ("001", "502.13"): ("702.24", "Cumulative Upkeep"),
    ("001", "502.13a"): ("702.24a", "put an age counter on this permanent"),
    ("001", "502.13b"): ("702.24b", "the age counters are not connected to any particular ability"),
    ("001", "502.55"): ("702.59", "Recover"),
    ("001", "502.55a"): ("702.59a", "When a creature is put into your graveyard from the battlefield, you may pay"),
    ("001", "502.56"): ("702.60", "Ripple"),
    ("001", "502.56a"): ("702.60a", "you may reveal the top N cards of your library"),
    ("001", "502.56b"): ("702.60b", "multiple instances of ripple, each triggers separately"),
}
# Cited inside the text of 502.32a (convoke) and 502.52a (replicate): "folgt den Regeln für das Bezahlen
# zusätzlicher Kosten in den Regeln 409.1b und 409.1f-h" (2005 numbering: 409.1 playing a spell, steps a–i).
# Rows since the range 409.1f-h was expanded: 409.1b announce additional costs = 601.2b, 409.1f total cost,
# 409.1g mana abilities, 409.1h paying = 601.2f-601.2h.
IN_TEXT: dict[tuple[str, str], tuple[str, str]] = {
    ("001", "409.1b"): ("601.2b", "the player announces their intentions to pay any or all of those costs"),
    ("001", "409.1f"): ("601.2f", "The player determines the total cost of the spell"),
    ("001", "409.1g"): ("601.2g", "the player then has a chance to activate mana abilities"),
    ("001", "409.1h"): ("601.2h", "The player pays the total cost"),
}
CROSS_REFERENCES = {("001", "409.1b"): "601.2b", ("001", "409.1f"): "601.2f"}  # as the number pattern finds them
# Rows of data/changes.toml that differ from the check (the register is edited elsewhere): old → right.
def _cited() -> set[tuple[str, str]]:
    out = set()
    for doc in ("000", "001"):
        (path,) = SOURCES.glob(f"{doc}_*.txt")
        out |= {(doc, n) for n in _NUMBER.findall(path.read_text(encoding="utf-8"))}
    return out


def test_every_cited_old_number_is_checked():
    cited = _cited()
    # 44 distinct numbers: 4 in the clash article (000), 40 in the FAQ (001)
    assert len(cited) == 44
    assert cited == set(CHECKED) | set(CROSS_REFERENCES)
    rows = {(r.document, r.number): r for r in read_register().numbers}
    assert set(rows) == set(CHECKED) | set(IN_TEXT)  # 46 rows: every quoted number and the in-text citations
    for key, (today, _) in {**CHECKED, **IN_TEXT}.items():
        row = rows[key]
        assert (row.today or None) == today, (key, row.today)  # 203.2e → 202.2d was the last correction
        assert (row.relation == "none") == (today is None), key


def test_checked_numbers_against_the_rules_of_today(reference):
    rules = {r.number: r for r in parse_cr(reference("MagicCompRules_20260417.txt")).rules}
    for key, (today, phrase) in {**CHECKED, **IN_TEXT}.items():
        if today is None:
            continue
        assert phrase in rules[today].text, (key, today)
    for key, today in CROSS_REFERENCES.items():
        assert today in rules, key
    assert "cost" in rules["601.2f"].text and "announces their intentions to pay" in rules["601.2b"].text
