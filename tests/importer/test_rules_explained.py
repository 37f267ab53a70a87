"""Tests for bot.importer.rules_explained on document 003 and on fixtures with every trailer variant.

Counts in 003_b16bc3bb93a072a0.txt, taken with grep/awk independently of the parser:
* separators: `grep -c -e '^-$' -e ' -$'` = 205 (135 bare "-" lines + 70 trailer lines ending " -");
  the first (line 4) closes the 3 header lines, and the last entry (line 428) has no separator before
  the 2 closing site lines 429–430, so entries = 205 − 1 + 1 = 205.
  Cross-check: `awk 'NR>4 && NR<429 && $0!="-" && $0 !~ / -$/ && $0 !~ /^Beispiel:/'` = 205 text
  lines, i.e. every entry is one paragraph.
* `grep -c '^Beispiel: '` = 15 examples.
* `grep -o 'Siehe auch[0-9]' | wc -l` = 56 see-also numbers (47 lines "Siehe auch<n> -" alone,
  9 glued behind a Begriffe term); `grep -c '^Begriffe'` = 23 terms (one per line, never two);
  no trailer is glued behind text (`grep 'Siehe auch\\|Begriffe'` hits only at line start).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES, rules_explained
from bot.importer.model import ManifestEntry, ParsedDocument, RuleExplanation, SourceError

RULES = DEFAULT_SOURCES / "003_b16bc3bb93a072a0.txt"


@pytest.fixture(scope="module")
def parsed() -> ParsedDocument:
    entry = ManifestEntry(file=RULES.name, parser="rules_explained", language="de", title="Regelwerk")
    [doc] = rules_explained.parse(RULES, entry)
    return doc


def _at(doc: ParsedDocument, line: int) -> RuleExplanation:
    [found] = [e for e in doc.explanations if e.line == line]
    return found


def test_counts(parsed):
    ex = parsed.explanations
    assert len(ex) == 205
    assert sum(len(e.examples) for e in ex) == 15
    assert sum(len(e.see_also) for e in ex) == 56
    assert sum(len(e.terms) for e in ex) == 23
    assert sum(1 for e in ex if e.see_also and e.terms) == 9
    assert {len(e.text.split("\n")) for e in ex} == {1}


def test_header_and_closing_lines_are_not_entries(parsed):
    first, last = parsed.explanations[0], parsed.explanations[-1]
    assert first.line == 5
    assert first.text.startswith("Die Magic-Regeln gelten für jede Partie mit zwei oder mehr Spielern")
    assert first.terms == ["player"]
    assert last.line == 428
    assert last.text.endswith("Mehr dazu in Kapitel 6.")
    assert not any("Keine Regel gefunden" in e.text or "CardX" in e.text for e in parsed.explanations)


def test_see_also_trailer_101_4a(parsed):
    entry = _at(parsed, 45)
    assert entry.text == (
        "Bei seiner Entscheidung kennt ein Spieler die Entscheidungen der Spieler vor ihm – "
        "außer in dem in 101.4a beschriebenen Fall."
    )
    assert (entry.see_also, entry.terms, entry.examples) == (["101.4a"], [], [])
    assert _at(parsed, 11).see_also == ["201.3"]  # "Siehe auch201.3 -" on line 12


def test_glossary_terms(parsed):
    assert _at(parsed, 108).text == "Der Startspieler macht seinen ersten Zug."
    assert _at(parsed, 108).terms == ["starting player"]
    combined = _at(parsed, 77)  # line 78: "Begriffestarting life totalSiehe auch810 -"
    assert (combined.terms, combined.see_also) == (["starting life total"], ["810"])
    terms = Counter(t for e in parsed.explanations for t in e.terms)
    assert terms["lose the game"] == 4 and terms["starting life total"] == 2
    assert _at(parsed, 122).see_also == ["809.5"] and _at(parsed, 122).terms == ["win the game"]


def test_examples_without_label(parsed):
    entry = _at(parsed, 35)
    assert entry.examples == [
        "Ein Effekt sagt „Du kannst in diesem Zug ein zusätzliches Land spielen“, ein anderer "
        "„Du kannst in diesem Zug keine Länder spielen“. "
        "Der Effekt, der das Spielen von Ländern verhindert, setzt sich durch."
    ]
    mimic = _at(parsed, 409)  # Beispiel on line 410 and "Siehe auch707 -" on line 411
    assert mimic.examples[0].startswith("Mimic Vat kann mit einer ausgelösten Fähigkeit")
    assert mimic.see_also == ["707"]


FIXTURE = """Kopf
-
Erster Eintrag.
BegriffeplayerBegriffeopponentSiehe auch102.1Siehe auch102.2 -
Zweiter Eintrag.
Beispiel: Ein Beispiel.
Zweiter Absatz.Siehe auch903.12f -
Dritter Eintrag ohne Trailer.
-
Letzter Eintrag.
Keine Regel gefunden. Prüfe die Schreibweise.
"""


def test_fixture_variants(tmp_path: Path, make_entry):
    path = tmp_path / "rules.txt"
    path.write_text(FIXTURE, encoding="utf-8")
    [doc] = rules_explained.parse(path, make_entry(path, "rules_explained"))
    assert [(e.line, e.text, e.examples, e.see_also, e.terms) for e in doc.explanations] == [
        (3, "Erster Eintrag.", [], ["102.1", "102.2"], ["player", "opponent"]),
        (5, "Zweiter Eintrag.\nZweiter Absatz.", ["Ein Beispiel."], ["903.12f"], []),
        (8, "Dritter Eintrag ohne Trailer.", [], [], []),
        (10, "Letzter Eintrag.", [], [], []),
    ]


@pytest.mark.parametrize(
    ("body", "line", "reason"),
    [
        ("Text.\nSiehe auchRegel -\n", 4, "ohne gültigen Trailer"),
        ("Text.\nBegriffeplayer\n-\n", 4, "ohne abschließendes"),
        ("Text.\n-\n-\n", 5, "leerer Eintrag"),
        ("Beispiel: zuerst.\nText.\n-\n", 3, "vor dem Text"),
        ("Text.\nBeispiel:\n-\n", 4, "leeres"),
    ],
)
def test_malformed_fixture_names_file_and_line(tmp_path: Path, make_entry, body, line, reason):
    path = tmp_path / "rules_bad.txt"
    path.write_text("Kopf\n-\n" + body, encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        rules_explained.parse(path, make_entry(path, "rules_explained"))
    assert (caught.value.file, caught.value.line) == ("rules_bad.txt", line)
    assert reason in caught.value.reason
