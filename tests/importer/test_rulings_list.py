"""Tests for bot.importer.rulings_list on documents 002 and 004 and on malformed fixtures.

Counts taken with grep, independently of the parser:
* 002: `grep -cE '^[0-9]{2}/[0-9]{2}/[0-9]{4}$'` = 13 date lines; `grep -c '^14/07/2017$'` = 4,
  `grep -c '^18/04/2017$'` = 9; the paragraph of each date is 2 lines below it (5, 9, …, 53).
* 004: the same grep gives 6 date lines, all `27/01/2026`; paragraphs on lines 5, 9, …, 25.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES, rulings_list
from bot.importer.model import ManifestEntry, ParsedDocument, SourceError
from bot.importer.rulings_list import paragraph_language

SPLIT_LIST = DEFAULT_SOURCES / "002_6d34ad434ad7e3d9.txt"
FAST_FORWARD = DEFAULT_SOURCES / "004_93ff3bb801f5793d.txt"


def _parse(path: Path, dates: list[str]) -> ParsedDocument:
    entry = ManifestEntry(file=path.name, parser="rulings_list", language="de", title="Rulings", dates=dates)
    [doc] = rulings_list.parse(path, entry)
    return doc


@pytest.fixture(scope="module")
def split_list() -> ParsedDocument:
    return _parse(SPLIT_LIST, ["2017-04-18", "2017-07-14"])


@pytest.fixture(scope="module")
def fast_forward() -> ParsedDocument:
    return _parse(FAST_FORWARD, ["2026-01-27"])


def test_split_card_with_name_only_faces(split_list):
    [card] = split_list.cards
    assert (card.name, card.line, card.is_split) == ("Getrieben // Verzweiflung", 1, True)
    assert [f.name for f in card.faces] == ["Getrieben", "Verzweiflung"]
    assert {(f.mana_cost, f.type_line, f.power_toughness, f.text) for f in card.faces} == {
        (None, None, None, "")
    }
    assert split_list.mechanics == [] and split_list.explanations == []


def test_split_list_rulings_dated_in_file_order(split_list):
    rulings = split_list.cards[0].rulings
    assert [r.line for r in rulings] == list(range(5, 54, 4))
    assert [r.date for r in rulings] == ["2017-07-14"] * 4 + ["2017-04-18"] * 9
    assert {r.language for r in rulings} == {"de"}
    assert rulings[2].text == "Mehrere Vorkommen von Trampelschaden oder Bedrohlich sind redundant."
    assert rulings[-1].text.endswith(
        "Dies ist eine Änderung gegenüber den früheren Regeln für geteilte Karten."
    )
    assert "ihr Manawert ist 6" in rulings[-1].text


def test_document_date_is_latest_manifest_date(split_list, fast_forward):
    assert split_list.document.date == "2017-07-14"
    assert fast_forward.document.date == "2026-01-27"
    assert (split_list.document.kind, split_list.document.part) == ("rulings_list", 1)


def test_fast_forward_rulings_and_english_last_paragraph(fast_forward):
    [card] = fast_forward.cards
    assert (card.name, card.is_split, [f.name for f in card.faces]) == (
        "Schnellvorlauf",
        False,
        ["Schnellvorlauf"],
    )
    assert [r.line for r in card.rulings] == [5, 9, 13, 17, 21, 25]
    assert {r.date for r in card.rulings} == {"2026-01-27"}
    assert [r.language for r in card.rulings] == ["de"] * 5 + ["en"]
    last = card.rulings[-1]
    assert last.text.startswith("To determine the total cost of a spell, start with the mana cost")
    assert "(such as that of Fast Forward's first ability)" in last.text
    assert "(and doesn't have haste)" in card.rulings[4].text  # German paragraph with an English aside


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("An X in a revealed card's mana cost is treated as 0.", "en"),
        ("Driven und Despair beeinflussen nur Kreaturen, die du kontrollierst.", "de"),
        ("Destined // Lead", "de"),
    ],
)
def test_paragraph_language(text, language):
    assert paragraph_language(text) == language


@pytest.mark.parametrize(
    ("text", "dates", "line", "reason"),
    [
        ("Karte\n\n31/02/2017\n\nText.\n", [], 3, "ungültiges Datum"),
        ("Karte\n\n2017-02-01\n\nText.\n", [], 3, "TT/MM/JJJJ"),
        ("Karte\n\n01/02/2017\n\nText.\n\n01/02/2017\n", [], 7, "ohne folgenden Ruling-Absatz"),
        ("Karte\n\n01/02/2017\n\n02/02/2017\n", [], 5, "Datum gefunden"),
        ("01/02/2017\n\nText.\n", [], 1, "Kartenname"),
        ("Karte\n\n01/02/2017\n\nA.\n\n05/03/2018\n\nB.\n", ["2017-02-01"], 7, "neuer als 2017-02-01"),
    ],
)
def test_malformed_fixture_names_file_and_line(tmp_path: Path, make_entry, text, dates, line, reason):
    path = tmp_path / "rulings_bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        rulings_list.parse(path, make_entry(path, "rulings_list", dates))
    assert (caught.value.file, caught.value.line) == ("rulings_bad.txt", line)
    assert reason in caught.value.reason
