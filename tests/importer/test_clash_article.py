"""Tests for bot.importer.clash_article on document 000 and on malformed fixtures.

Counts in 000_b7f976ad35525819.txt, taken with grep independently of the parser:
* `grep -c '^•'` = 18 bullets: lines 11–27 hold 9 (German), lines 39–55 hold 9 (English).
* `grep -cE '^701\\.19'` = 8 rule lines: 701.19, 701.19a–c twice (German lines 3–9, English 31–37).
* `grep -cE '^  [0-9]\\. '` = 16 numbered steps, 8 after line 11 and 8 after line 39.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES, clash_article
from bot.importer.model import ManifestEntry, ParsedDocument, SourceError

CLASH = DEFAULT_SOURCES / "000_b7f976ad35525819.txt"


@pytest.fixture(scope="module")
def parsed() -> ParsedDocument:
    entry = ManifestEntry(
        file=CLASH.name, parser="clash_article", language="de+en", title="Fehde", dates=["2007"]
    )
    [doc] = clash_article.parse(CLASH, entry)
    return doc


def test_one_document_two_mechanics(parsed):
    assert parsed.document.kind == "clash_article"
    assert parsed.document.date == "2007"
    assert [(m.title, m.line) for m in parsed.mechanics] == [("Fehde", 1), ("Clash", 29)]
    assert parsed.mechanics[0].body.startswith(
        "Fehde ist eine Schlüsselwort-Aktion, die einen kurzen Wettkampf"
    )
    assert parsed.mechanics[1].body == (
        "Clash is a keyword action that creates a mini-contest. You may get a bonus if you win the clash."
    )
    assert parsed.cards == [] and parsed.rules == [] and parsed.explanations == []


def test_german_rules_as_printed(parsed):
    rules = parsed.mechanics[0].rules
    assert [(r.number, r.line, r.language) for r in rules] == [
        ("701.19", 3, "de"),
        ("701.19a", 5, "de"),
        ("701.19b", 7, "de"),
        ("701.19c", 9, "de"),
    ]
    assert (rules[0].title, rules[0].text) == ("Fehden", "")
    assert rules[3].text == (
        "Ein Spieler gewinnt eine Fehde, wenn der Spieler eine Karte mit höheren Manakosten aufdeckt "
        "als alle anderen in dieser Fehde aufgedeckten Karten."
    )


def test_english_rules_drop_the_printed_dot(parsed):
    rules = parsed.mechanics[1].rules
    assert [r.number for r in rules] == ["701.19", "701.19a", "701.19b", "701.19c"]
    assert {r.language for r in rules} == {"en"}
    assert rules[0].title == "Clash"
    assert (
        rules[2].text
        == "„Clash with an opponent“ means „Choose an opponent. You and that opponent each clash.“"
    )


def test_rulings_per_part_with_lines(parsed):
    german, english = (m.rulings for m in parsed.mechanics)
    assert [r.line for r in german] == [11, *range(20, 28)]
    assert [r.line for r in english] == [39, *range(48, 56)]
    assert {r.language for r in german} == {"de"} and {r.language for r in english} == {"en"}
    assert german[-1].text.startswith("Eine Karte (Waldechos) hat eine Fähigkeit")
    assert english[4].text == "An X in a revealed card's mana cost is treated as 0."


def test_numbered_sequence_stays_inside_first_ruling(parsed):
    for ruling, head in zip(
        (m.rulings[0] for m in parsed.mechanics),
        ("Jede Karte in _Lorwyn_, die Fehde hat,", "Each _Lorwyn_ card that has clash"),
        strict=True,
    ):
        lines = ruling.text.split("\n")
        assert lines[0].startswith(head)
        assert [line.split(".")[0] for line in lines[1:]] == [str(n) for n in range(1, 9)]
    german_steps = parsed.mechanics[0].rulings[0].text.split("\n")
    assert german_steps[3] == "3. Die umgewandelten Manakosten der aufgedeckten Karte werden verglichen."


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("Fehde ist …\n\n701.19a Regel.\n\n• Eins\n  1. a\n  3. b\n", 7, "Schritt 3 statt 2"),
        ("• Ruling vor dem Text\n", 1, "vor dem einleitenden Text"),
        ("Feud is …\n\n701.19a Regel.\n\n• Eins\n", 1, "mit „Fehde“ beginnen"),
        ("Fehde ist …\n\n701.19a Regel.\n\n• Eins\nlose Zeile\n", 6, "weder ein „•“-Ruling"),
        ("Fehde ist …\n\n701.19a Regel.\n\n• Eins\n", 5, "erwartet zwei Teile"),
    ],
)
def test_malformed_fixture_names_file_and_line(tmp_path: Path, make_entry, text, line, reason):
    path = tmp_path / "clash_bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        clash_article.parse(path, make_entry(path, "clash_article"))
    assert (caught.value.file, caught.value.line) == ("clash_bad.txt", line)
    assert reason in caught.value.reason
