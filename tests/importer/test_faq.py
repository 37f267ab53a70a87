"""Tests for bot.importer.faq on the real file 001 and on small fixtures reproducing its traps.

FAQ line ranges in data/sources/001_d6ee154855c71d75.txt (from `grep -n '^\\[administrator\\]'`):
part 1 lines 1–1021, part 2 1022–1882, part 3 1883–2755, part 4 2756–3559;
KARTENSPEZIFISCHES starts at lines 185, 1201, 2068, 2958 (`grep -n KARTENSPEZIFISCHES`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.importer.faq import parse
from bot.importer.model import Card, ManifestEntry, ParsedDocument, SourceError

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "data" / "sources" / "001_d6ee154855c71d75.txt"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
ENTRY = ManifestEntry(file=SOURCE.name, parser="faq", language="de", title="Set-FAQs")

# Per FAQ, each count was taken independently of the parser with grep on the line ranges above,
# and every difference reconciled by reading the lines:
# * cards (KARTENSPEZIFISCHES): lines that are only mana symbols `^(\{[^}]+\})+$` (73/61/58/49)
#   + land type lines without cost (Sonnenheim, Svogthos | Nivix | Geisterviertel, Novijen, Rix Maadi
#   | Dunkle Tiefen, Eishöhle der Hellsicht) − one per split card (a split card has two cost lines):
#   73+2, 61+1, 58+3−3, 49+2. Cross-check: `-----` lines in the card part are 73/61/58/50 — one per
#   card, minus the card ending at the signature, minus Korrumpierender Waldwraith (part 1, ended by
#   the trademark line 666 instead), plus the extra `-----` right after KARTENSPEZIFISCHES (part 3,
#   line 2070); "-----Weg der Geister" (line 1831) is counted by `grep '^-----'`.
# * split cards: `grep -c '^//$'` in the card part (0/0/3/0): Bestimmt // Unbeirrt,
#   Forschung // Entwicklung, Krims // Krams.
# * mechanics: the section titles read by hand (listed in MECHANIC_TITLES below).
# * quoted rules: `grep -cE '^[0-9]{3}\.[0-9]+[a-z]?\.? '` in the ALLGEMEINES part (13/11/6/8).
# * card rulings / mechanic rulings: `grep -cE '^\*[^/]'` after / before KARTENSPEZIFISCHES
#   (137/106/119/103 and 22/24/30/28); `[^/]` excludes the P/T lines `*/*` (511, 3331) and keeps
#   the bullets printed without a space (3058, 3473).
# * example cards in ALLGEMEINES: cost lines there (6/7/8/9) + the land Überwachsene Grabstätte
#   (part 1) − 1 for the split example Bestimmt // Unbeirrt (part 3) = 7/7/7/9.
EXPECTED = {
    1: {
        "cards": 75,
        "split": 0,
        "mechanics": 8,
        "rules": 13,
        "card_rulings": 137,
        "mech_rulings": 22,
        "examples": 7,
    },
    2: {
        "cards": 62,
        "split": 0,
        "mechanics": 7,
        "rules": 11,
        "card_rulings": 106,
        "mech_rulings": 24,
        "examples": 7,
    },
    3: {
        "cards": 58,
        "split": 3,
        "mechanics": 7,
        "rules": 6,
        "card_rulings": 119,
        "mech_rulings": 30,
        "examples": 7,
    },
    4: {
        "cards": 51,
        "split": 0,
        "mechanics": 8,
        "rules": 8,
        "card_rulings": 103,
        "mech_rulings": 28,
        "examples": 9,
    },
}

MECHANIC_TITLES = {
    1: [
        "Hybrid-Karten und Halbe-Halbe-Manasymbole",
        "Gilden",
        "Einberufen",
        "Ausgraben",
        "Transmutation",
        "Ausstrahlung",
        "„Doppelländer“",
        "„Verbesserte“ Zaubersprüche",
    ],
    2: [
        "Gilden",
        "Blutdurst",
        "Spuk",
        "Reproduktion",
        "„Verbesserte“ Kreaturen",
        "Ley-Linien",
        "Zauberzeichen",
    ],
    3: [
        "Gilden",
        "Vorhersage",
        "Pfropfen",
        "Versessenheit",
        "„Verbesserte“ Kreaturen",
        "Mehrfarbig und Einfarbig",
        "Geteilte Karten",
    ],
    4: [
        "Verschneite Karten und das Schnee-Manasymbol",
        "Kumulative Versorgung",
        "Bergung",
        "Wallung",
        "Auerochsen",
        "Märtyrer",
        "Karten mit doppeltem Zuschießen",
        "„Slowtrips“",
    ],
}


@pytest.fixture(scope="module")
def faqs() -> list[ParsedDocument]:
    return parse(SOURCE, ENTRY)


def _card(doc: ParsedDocument, name: str) -> Card:
    matches = [c for c in doc.cards if c.name == name]
    assert len(matches) == 1, name
    return matches[0]


def _example(doc: ParsedDocument, name: str) -> Card:
    matches = [c for m in doc.mechanics for c in m.cards if c.name == name]
    assert len(matches) == 1, name
    return matches[0]


def test_four_documents_with_titles_dates_and_lines(faqs):
    docs = [f.document for f in faqs]
    assert [(d.part, d.set_name, d.date, d.line) for d in docs] == [
        (1, "Ravnica: Stadt der Gilden", "2005-08-30", 3),  # "Stand vom 30. August 2005", line 5
        (2, "Gildenbund", "2005-12-22", 1024),  # "Letzte Änderung 22. Dezember 2005"
        (3, "Zwietracht", "2006-03-17", 1885),  # "Stand vom 17. März 2006"
        (4, "Kälteeinbruch", "2006-06-01", 2758),  # "Fassung vom 1. Juni 2006"
    ]
    assert docs[0].title == "Ravnica: Stadt der Gilden – Häufig gestellte Fragen"
    assert docs[1].title == "Gildenbund – Häufig gestellte Fragen"  # "_Gildenbund_(TM) Häufig …"
    assert {(d.kind, d.language, d.file) for d in docs} == {("faq", "de", SOURCE.name)}


@pytest.mark.parametrize("part", [1, 2, 3, 4])
def test_counts_per_faq(faqs, part):
    doc = faqs[part - 1]
    expected = EXPECTED[part]
    assert len(doc.cards) == expected["cards"]
    assert sum(c.is_split for c in doc.cards) == expected["split"]
    assert len(doc.mechanics) == expected["mechanics"]
    assert [m.title for m in doc.mechanics] == MECHANIC_TITLES[part]
    assert sum(len(m.rules) for m in doc.mechanics) == expected["rules"]
    assert sum(len(c.rulings) for c in doc.cards) == expected["card_rulings"]
    assert sum(len(m.rulings) for m in doc.mechanics) == expected["mech_rulings"]
    assert sum(len(m.cards) for m in doc.mechanics) == expected["examples"]
    assert doc.rules == []  # every quoted rule of the FAQs stands in a mechanics section


def test_every_bullet_and_rule_line_is_a_record(faqs):
    """Independent of the counts: the line numbers of all records equal those found by regex."""
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    bullet_lines = {i for i, t in enumerate(lines, 1) if re.match(r"^\*[^/]", t)}
    rule_lines = {i for i, t in enumerate(lines, 1) if re.match(r"^\d{3}\.\d+[a-z]?\.? ", t)}
    ruling_lines = [r.line for f in faqs for c in f.cards for r in c.rulings]
    ruling_lines += [r.line for f in faqs for m in f.mechanics for r in m.rulings]
    assert sorted(ruling_lines) == sorted(bullet_lines)
    assert sorted(r.line for f in faqs for m in f.mechanics for r in m.rules) == sorted(rule_lines)


def test_hybrid_example_card_boros_rekrut(faqs):
    card = _example(faqs[0], "Boros-Rekrut")
    face = card.faces[0]
    assert (face.mana_cost, face.type_line, face.power_toughness) == (
        "{R/W}",
        "Kreatur — Goblin, Soldat",
        "1/1",
    )
    assert face.text == "({R/W} kann entweder mit {R} oder mit {W} bezahlt werden.)\nErstschlag"
    assert card.mechanic == "Hybrid-Karten und Halbe-Halbe-Manasymbole"
    assert card.line == 26


def test_simple_and_hybrid_cards(faqs):
    feld = _card(faqs[0], "Feld der Unterdrückung").faces[0]
    assert (feld.mana_cost, feld.type_line, feld.power_toughness) == ("{1}{W}", "Verzauberung", None)
    krabbler = _card(faqs[0], "Aufsammelkrabbler")
    assert krabbler.faces[0].mana_cost == "{3}{B/G}{B/G}{B/G}"
    assert krabbler.faces[0].type_line == "Kreatur — Insekt, Schrecken"
    assert krabbler.rulings[-1].see_mechanic == "Hybrid-Karten und Halbe-Halbe-Manasymbole"
    assert krabbler.rulings[0].see_mechanic is None


def test_lands_have_no_cost(faqs):
    land = _card(faqs[0], "Sonnenheim, Festung der Legion").faces[0]
    assert (land.mana_cost, land.type_line, land.power_toughness) == (None, "Land", None)
    tiefen = _card(faqs[3], "Dunkle Tiefen").faces[0]
    assert (tiefen.mana_cost, tiefen.type_line) == (None, "Legendäres verschneites Land")
    grab = _example(faqs[0], "Überwachsene Grabstätte").faces[0]
    assert (grab.mana_cost, grab.type_line) == (None, "Land — Sumpf, Wald")


def test_type_line_dashes_normalised(faqs):
    # line 1649 prints an en dash ("Kreatur – Mensch, Berater"), line 1730 the em dash, most "--"
    assert _card(faqs[1], "Salbadernde Bürokraten").faces[0].type_line == "Kreatur — Mensch, Berater"
    assert _card(faqs[1], "Skarrgischer Grubengammler").faces[0].type_line == "Kreatur — Mensch, Krieger"
    types = [f.type_line for doc in faqs for c in doc.cards for f in c.faces]
    assert not [t for t in types if "--" in t or "–" in t]


def test_split_card_forschung_entwicklung(faqs):
    card = _card(faqs[2], "Forschung // Entwicklung")
    assert card.is_split
    assert [(f.name, f.mana_cost, f.type_line) for f in card.faces] == [
        ("Forschung", "{G}{U}", "Spontanzauber"),
        ("Entwicklung", "{3}{U}{R}", "Spontanzauber"),
    ]
    # the erratum quote (line 2208) belongs to the ruling that announces it (line 2206)
    assert [r.line for r in card.rulings] == [2204, 2206, 2210, 2212]
    assert card.rulings[1].text.startswith("Entwicklung hat inzwischen einen leicht veränderten Text.")
    assert card.rulings[1].text.endswith(
        "\nBringe einen 3/1 roten Elementarspielstein ins Spiel, falls dir "
        "nicht ein beliebiger Gegner gestattet, eine Karte zu ziehen. "
        "Wiederhole diesen Vorgang noch zwei Mal."
    )


def test_circu_has_five_rulings(faqs):
    # lines 318–326: five "* " bullets between Circu's text and the next "-----"
    card = _card(faqs[0], "Circu, Dimir-Lobotomist")
    assert [r.line for r in card.rulings] == [318, 320, 322, 324, 326]
    assert (
        card.rulings[0].text == "Die ersten beiden Fähigkeiten zielen auf Bibliotheken und nicht auf Spieler."
    )
    assert card.rulings[4].text == (
        "Wird eine geteilte Karte auf diese Weise entfernt, können Gegner keine der beiden Hälften spielen."
    )
    assert {(r.date, r.language) for r in card.rulings} == {(None, "de")}


def test_einberufen_rules_kept_as_printed(faqs):
    mechanic = faqs[0].mechanics[2]
    assert mechanic.title == "Einberufen"
    assert [r.number for r in mechanic.rules] == ["502.46", "502.32a", "502.46b", "502.46c"]
    heading, typo, b, _ = mechanic.rules
    assert (heading.title, heading.text) == ("Einberufen", "")
    assert typo.examples[0].startswith("Du spielst den Wächter von Vitu-Ghazi")  # line 72, label removed
    assert b.text == "Einberufen kann die Kosten, einen Zauberspruch zu spielen, nicht unter 0 reduzieren."
    assert b.line == 74
    assert [c.name for c in mechanic.cards] == ["Konklavenequidonaut"]
    assert mechanic.body.startswith("Einberufen ist eine statische Fähigkeit")
    assert len(mechanic.rulings) == 4  # lines 78, 80, 82, 84


def test_hybrid_rules_with_ein_beispiel(faqs):
    rules = faqs[0].mechanics[0].rules
    assert [r.number for r in rules] == ["104.3", "104.3f", "203.2e"]
    assert rules[1].examples == [
        "{G/W}{G/W} kann bezahlt werden, indem man {G}{G}, {G}{W} oder {W}{W} ausgibt."
    ]


def test_sections_with_several_example_cards(faqs):
    assert [c.name for c in faqs[1].mechanics[2].cards] == ["Absolutions-Thrull", "Segen der Monde"]
    assert [c.name for c in faqs[2].mechanics[5].cards] == ["Psychotischer Zorn", "Bewahrer des Gildenbunds"]
    snow = faqs[3].mechanics[0]
    assert [c.name for c in snow.cards] == ["Borealis-Druide", "Reifgebundene Tote"]
    assert snow.body.count("\n\n") == 1  # two prose paragraphs (lines 2781, 2797) around the first card


def test_cards_printed_as_example_and_in_card_section_keep_identical_names(faqs):
    for part, name in [(2, "Segen der Monde"), (3, "Bestimmt // Unbeirrt"), (4, "Einziehen")]:
        doc = faqs[part - 1]
        assert _card(doc, name).faces == _example(doc, name).faces


def test_irregular_entries(faqs):
    # "-----Weg der Geister" (line 1831): separator glued to the card name
    assert _card(faqs[1], "Weg der Geister").line == 1831
    # card after the trademark line 666 without a separator
    assert _card(faqs[0], "Krone der Annäherung").line == 668
    assert len(_card(faqs[0], "Korrumpierender Waldwraith").rulings) == 1
    # part 1 breaks off inside Verblüffen (line 1011), right before the signature
    last = faqs[0].cards[-1]
    assert (last.name, last.faces[0].text, last.rulings) == (
        "Verblüffen",
        "Neutralisiere einen Zauberspruch",
        [],
    )
    # bullets without a space (3058, 3473) and a bullet directly under a bullet (3531)
    assert _card(faqs[3], "Einziehen").rulings[2].text.startswith("Du kannst beliebige Ziele")
    assert [r.line for r in _card(faqs[3], "Wollwildschwein").rulings] == [3528, 3530, 3531]
    # "*/*" is a P/T line, not a ruling
    assert _card(faqs[0], "Geschmolzener Wachposten").faces[0].power_toughness == "*/*"


# --- fixtures -----------------------------------------------------------------------------------


def test_fixture_traps():
    docs = parse(FIXTURES / "faq_traps.txt", ENTRY)
    assert [(d.document.set_name, d.document.date, d.document.line) for d in docs] == [
        ("Testset", "2005-08-30", 3),
        ("Zweitset", "2005-12-22", 98),
    ]
    first = docs[0]
    mechanic = first.mechanics[0]
    assert (mechanic.title, mechanic.body) == (
        "Hybrid-Karten",
        "Erster Absatz.\n\nDie offiziellen Regeln lauten wie folgt:",
    )
    assert [(r.number, r.title, r.examples) for r in mechanic.rules] == [
        ("502.46", "Einberufen", []),
        ("502.32a", None, ["Du spielst einen Zauberspruch mit Einberufen."]),
    ]
    assert mechanic.cards[0].faces[0].type_line == "Kreatur — Goblin, Soldat"  # "--"
    cards = {c.name: c for c in first.cards}
    assert list(cards) == [
        "Feld der Unterdrückung",
        "Salbadernde Bürokraten",
        "Geschmolzener Wachposten",
        "Sonnenheim, Festung der Legion",
        "Forschung // Entwicklung",
    ]
    assert cards["Salbadernde Bürokraten"].faces[0].type_line == "Kreatur — Mensch, Berater"  # "–"
    assert [r.line for r in cards["Salbadernde Bürokraten"].rulings] == [49, 50]
    assert cards["Geschmolzener Wachposten"].faces[0].type_line == "Kreatur — Elementarwesen"  # "—"
    wachposten = cards["Geschmolzener Wachposten"].rulings
    assert wachposten[0].text == "Regelung ohne Leerzeichen."
    assert wachposten[1].see_mechanic == "Hybrid-Karten"
    land = cards["Sonnenheim, Festung der Legion"]
    assert (land.line, land.faces[0].mana_cost, land.faces[0].type_line) == (63, None, "Land")
    assert [r.text for r in land.rulings] == [
        "Der Erratum-Fall. Der neue Text lautet:\n{T}: Erhöhe deinen Manavorrat um {2}.",
        "Nach dem Erratum.",
    ]
    split = cards["Forschung // Entwicklung"]
    assert [f.name for f in split.faces] == ["Forschung", "Entwicklung"]
    # printed twice in the card section: merged into the first block
    feld = cards["Feld der Unterdrückung"]
    assert (feld.line, [r.line for r in feld.rulings]) == (35, [40, 92])
    assert [c.name for c in docs[1].cards] == ["Verblüffen"]


def test_fixture_unparseable_entry_names_its_line():
    with pytest.raises(SourceError) as error:
        parse(FIXTURES / "faq_bad_entry.txt", ENTRY)
    assert (error.value.file, error.value.line) == ("faq_bad_entry.txt", 24)
    assert "weder Karte noch Ruling" in error.value.reason


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = (FIXTURES / "faq_traps.txt").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "faq_broken.txt"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "line", "reason"),
    [
        ("Testset Prerelease-Turniere", "Unbekannte Kopfzeile", 7, "unbekannte Kopfzeile"),
        ("Stand vom 30. August 2005", "Stand vom 30. Augustus 2005", 5, "unbekannter Monat"),
        ("Stand vom 30. August 2005\n", "", 3, "Datumszeile"),
        ("Testset Prerelease-Turniere: 24.-25. September 2005", "Fassung vom 1. Juni 2006", 7, "zweite"),
        ("1/4\n", "", 46, "Stärke/Widerstandskraft"),
        ("„Hybrid-Karten“ im", "„Hybridkarten“ im", 62, "unbekannten Abschnitt"),
        ("Beispiel: Du spielst", "Zum Beispiel spielst", 28, "Beispiel"),
        (
            "jedoch stimme niemals mit ab. Ohne Ausnahme.\n\n[admin",
            "Fremder Text\n\n[admin",
            94,
            "Forensignatur",
        ),
        ("mehr.\n\n* Regelung aus dem zweiten", "weniger.\n\n* Regelung aus dem zweiten", 87, "doppelt"),
        ("KARTENSPEZIFISCHES\n\nFeld", "KARTENSPEZIFISCHES\n\n* Verwaiste Regelung.\n\nFeld", 35, "ohne"),
    ],
)
def test_broken_entries_raise_with_line(tmp_path, old, new, line, reason):
    with pytest.raises(SourceError) as error:
        parse(_broken(tmp_path, old, new), ENTRY)
    assert error.value.line == line
    assert reason in error.value.reason


def test_file_that_is_not_utf8_raises_on_line_1(tmp_path):
    path = tmp_path / "faq_cp1252.txt"
    path.write_bytes((FIXTURES / "faq_traps.txt").read_text(encoding="utf-8").encode("cp1252"))
    with pytest.raises(SourceError) as error:
        parse(path, ENTRY)
    assert (error.value.file, error.value.line) == ("faq_cp1252.txt", 1)
