"""read_mtgjson on the real MTGJSON v3 file of Ravnica and the derived name table's split defect."""

import csv

import pytest

from bot.importer.mtgjson import read_mtgjson

pytestmark = pytest.mark.reference


def test_rav_v3(reference):
    recs = read_mtgjson(reference("mtgjson3_RAV.json"))
    assert len(recs) == 306  # len(cards) in the file; RAV has no split cards
    by_en = {r.english_name: r for r in recs}
    chord = by_en["Chord of Calling"]
    assert chord.german_names == ["Akkord des Rufes"]
    assert chord.mana_cost == "{X}{G}{G}{G}" and chord.type_line == "Instant"
    assert len(chord.rulings) == 7 and chord.rulings[1] == (
        "2014-07-18", "Convoke doesn't change a spell's mana cost or converted mana cost.")
    assert by_en["Boros Recruit"].german_names == ["Boros-Rekrut"]
    assert sum(len(r.rulings) for r in recs) == 368


def test_derived_tsv_split_defect(reference):
    with reference("derived_de_en_names_RAV_GPT_DIS_CSP.tsv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    split = [r for r in rows if r["layout"] == "split"]
    # awk -F'\t' '$6=="split"' → 20 rows, every one with the English name in the German column
    assert len(split) == 20
    assert all(r["german_name"] == r["english_name"] for r in split)
