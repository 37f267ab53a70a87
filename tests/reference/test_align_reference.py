"""Cross-version matching (2010 → 2026) and the alignment of document 003 on the real files."""

from pathlib import Path

import pytest
from _explanations003 import read_explanations

from bot.importer.align import (
    align_explanations,
    coverage,
    match_versions,
    read_map_sample,
    rule_sort_key,
    score_sample,
)
from bot.importer.cr import parse_cr

pytestmark = pytest.mark.reference
ROOT = Path(__file__).resolve().parents[2]
DOC003 = ROOT / "data" / "sources" / "003_b16bc3bb93a072a0.txt"


def test_versions_2010_to_2026(reference):
    old = parse_cr(reference("CR-2010-10-01_MagicCompRules_20101001.txt"))
    new = parse_cr(reference("MagicCompRules_20260417.txt"))
    m = match_versions(old, new)
    assert len(m) == len(old.rules)
    assert (m["701.19"].new, m["701.19"].certain) == ("701.30", True)
    assert [m[f"701.19{x}"].new for x in "abc"] == ["701.30a", "701.30b", "701.30d"]
    assert m["701.19c"].certain
    assert (m["702.48"].new, m["702.48"].method) == ("702.51", "rule-title")  # Convoke
    assert m["708"].new == "709"  # Split Cards
    assert m["111"].new == "112"  # Spells
    # 702.48a (old convoke text: "reduces the cost") changed a lot: kept, but not as certain
    assert m["702.48a"].new == "702.51a" and not m["702.48a"].certain
    # renamed sections are found by their rules' text, never as certain:
    # "Winning and Losing" → "Ending the Game", "Tribals" → "Kindreds", "EDH" → "Commander"
    for old_sec, new_sec in (("104", "104"), ("308", "308"), ("903", "903"), ("712", "724")):
        assert (m[old_sec].new, m[old_sec].method, m[old_sec].certain) == (new_sec, "section-content", False)
    # 1899 numbers in the 2010 file: 1848 matched (1681 certain), 51 without a counterpart
    assert sum(x.new is not None for x in m.values()) == 1848
    assert sum(x.certain for x in m.values()) == 1681
    # counterparts the texts prove. 508.2a is word for word the same rule (was "another rule").
    assert (m["508.2a"].new, m["508.2a"].method, m["508.2a"].certain) == ("508.2a", "text-identical", True)
    # The token rules of 2010 (110.5, 110.5b–g) are today's 111.x; 712.3 is 724.1e; 704.5v is 704.6e.
    assert [m[n].new for n in ("110.5", "110.5b", "110.5c", "110.5d", "110.5e", "110.5f", "110.5g")] == [
        "111.1", "111.3", "111.4", "111.5", "111.6", "111.7", "111.8"]
    assert (m["712.3"].new, m["712.3"].certain) == ("724.1e", True)
    assert m["704.5v"].new == "704.6e"
    # Same words in another chapter are no counterpart: 2010 103.3 is not the Emperor variant's 905.6.
    assert m["103.3"].new != "905.6"


def test_map_precision_on_the_hand_checked_sample(reference):
    old = parse_cr(reference("CR-2010-10-01_MagicCompRules_20101001.txt"))
    new = parse_cr(reference("MagicCompRules_20260417.txt"))
    m = match_versions(old, new)
    sample = read_map_sample()
    assert (sample.old_effective, sample.new_effective, len(sample.rows)) == ("2010-10-01", "2026-04-17", 322)
    # (checked, right over all rows, named, named right) per part of the sample (see its header): rows 1-139
    # used while improving, 140-201 drawn after the first round, 202-261 judged blind after the sentence pass was
    # added (then used to improve it), 262-322 judged blind after that (no change since).
    # The guards of bot/importer/align/guards.py (no wrong counterpart) turned 800.7, 513.1 and
    # 903.10 into none and sent 713.2d to its right counterpart; 306.4 found by its quoted term;
    # the hold-out 262-322 did not change.
    parts = {(1, 139): (139, 139, 129, 129), (140, 201): (62, 57, 52, 52), (202, 261): (60, 54, 45, 45),
             (262, None): (61, 54, 45, 45)}
    for (first, last), figures in parts.items():
        sc = score_sample(m, sample.part(first, last))
        assert (sc.checked, sc.right, sc.claimed, sc.claimed_right) == figures, (first, sc)
    score = score_sample(m, sample)
    assert (score.checked, score.right, score.claimed, score.claimed_right) == (322, 304, 271, 271)
    # target 99 % over all rows not reached: 94.4 % (every miss is a rule whose counterpart the map leaves
    # unnamed); every named counterpart is right
    assert (round(score.agreement, 1), round(score.precision, 1)) == (94.4, 100.0)
    assert [w for w in score.wrong if w[1] is not None] == []
    assert (m["713.2d"].new, m["713.2d"].method) == ("729.2a", "text-sentence")
    assert (m["800.7"].new, m["513.1"].new, m["903.10"].new) == (None, None, None)
    # 306.4 defined the "planeswalker uniqueness rule"; today's 306.4 (same section) says it was removed. The
    # state-based action 704.5j that applied it has no counterpart (it names the rule, in another section).
    assert (m["306.4"].new, m["306.4"].method, m["704.5j"].new) == ("306.4", "defined-term", None)


def test_split_merged_and_moved_rules(reference):
    """Rules whose text was split, merged or moved since 2010, found by their sentences."""
    old = parse_cr(reference("CR-2010-10-01_MagicCompRules_20101001.txt"))
    new = parse_cr(reference("MagicCompRules_20260417.txt"))
    m = match_versions(old, new)
    # 401.5 (drawn card kept face down) is today's 121.8 word for word plus a clause
    assert (m["401.5"].new, m["401.5"].method, m["401.5"].certain) == ("121.8", "text-sentence", False)
    # 708.2a "… chooses which half of that split card he or she is casting …" → 709.3
    assert m["708.2a"].new == "709.3"
    # "Second, the active player gets priority." stands in several steps: each keeps its own step
    assert (m["503.2"].new, m["511.2"].new, m["513.2"].new) == ("503.1", "511.1", "513.1")
    # EDH's "general" is today's commander: 903.11 (exile → command zone) is the state-based action 903.9a,
    # not the replacement effect 903.9b for hand or library (another zone)
    assert (m["903.11"].new, m["903.11"].method) == ("903.9a", "text-sentence")
    # a rule naming the "legend rule" is not 801.11 (range of influence), which names no such rule
    assert m["801.12"].new is None
    # two old rules defining the "planeswalking ability" merged into 901.8
    assert (m["309.6"].new, m["901.7a"].new, m["309.6"].method) == ("901.8", "901.8", "defined-term")
    # 712.2 (end the turn) → 724.1f, not the nearly equal 724.2f (end the combat phase)
    assert m["712.2"].new == "724.1f"


def test_read_003():
    entries = read_explanations(DOC003)
    # grep -c -E '^-$| -$' → 204 separators; the last entry (112.1) has none before the closing line
    assert len(entries) == 205
    assert sum(len(e.examples) for e in entries) == 15  # grep -c '^Beispiel'
    assert entries[3].see_also == ["201.3"]
    assert entries[35].terms == ["starting life total"] and entries[35].see_also == ["810"]
    assert entries[-1].text.startswith("Ein Zauberspruch ist eine Karte auf dem Stapel.")


def test_align_003_to_cr_2026(reference):
    cr = parse_cr(reference("MagicCompRules_20260417.txt"))
    entries = read_explanations(DOC003)
    got = align_explanations(entries, cr, "100.1", "112.1")
    assert coverage(got) == {"aligned": 177, "uncertain": 28, "unaligned": 0}
    placed = [a.number for a in got if a.number]
    # the document lists the rules sorted as text (111.10 before 111.2); auto-detected
    assert placed == sorted(placed, key=lambda n: rule_sort_key(n, "lexicographic"))
    by_pos = {a.position: a for a in got}
    # Pairs checked by reading both texts (German entry ↔ official English rule):
    checked = {
        3: "100.2a",    # Constructed, 60 Karten, Siehe auch201.3
        13: "100.6b",   # Magic Store & Event Locator
        16: "101.3",    # Teil einer Anweisung … wird ignoriert
        62: "104.3d",   # zehn oder mehr Giftmarken
        81: "104.6",    # Karn Liberated
        105: "107.10",  # Future Sight, timeshifted
        117: "107.1b",  # negative Zahlen
        179: "111.10a",  # Schatz-Spielstein = Treasure
        198: "111.2",   # Spieler, der einen Spielstein erzeugt, ist sein Besitzer
        204: "112.1",   # Ein Zauberspruch ist eine Karte auf dem Stapel
    }
    for pos, number in checked.items():
        assert (by_pos[pos].number, by_pos[pos].status) == (number, "aligned"), (pos, by_pos[pos])
    # Vibranium and Kernholz tokens are not in the 2026 rules: never shown as aligned
    assert by_pos[193].status != "aligned" and by_pos[194].status != "aligned"
