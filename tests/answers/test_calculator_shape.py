"""Every calculator answer kind in the one shape (tests/answers/shape.py): the result on the first line, said
once, today's rules before the documents' history, each notice once per page, a first page of at most 1 500
characters, Discord's limits on every page. Values from the documents (Ravnica FAQ, Kälteeinbruch FAQ, clash
article) and today's rules (Comprehensive Rules, 17.04.2026)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.calc_words import REASONS, SOURCES
from bot.rules.cite import Reason, Source
from tests.answers.shape import assert_answer_shape, first_line, pages

HYBRIDS = "{W/U}{U/B}{B/R}{R/G}{G/W}{W/U}{U/B}{B/R}{R/G}{G/W}{3}"
FEW = "weiß-blau, schwarz, rot, grün, 2 Artefakt"
CASES = [
    # /mana info: mana value and colours first
    ("mana_info", {"cost": "{G/W}{G/W}"}, ["**Manawert:** 2", "grün und weiß"]),
    ("mana_info", {"cost": "Bestimmt // Unbeirrt"}, ["**Manawert:** 7 (Bestimmt 5 + Unbeirrt 2"]),
    ("mana_info", {"cost": "Helle Flamme", "x": 3}, ["**Manawert:** 7"]),
    ("mana_info", {"cost": "{W/U}{U/B}{B/R}{R/G}{G/W}{W/B}{U/R}{B/G}{R/W}{G/U}"}, ["**Manawert:** 10"]),
    ("mana_info", {"cost": "{2/W}{W/P}{S}{C}{X}"}, ["**Manawert:** 5"]),
    # /mana bezahlen: "Bezahlbar mit …" or "Nicht bezahlbar: es fehlt …"
    ("mana_pay", {"cost": "Aufsammelkrabbler", "pool": "BGGRRR"}, ["✅ **Bezahlbar** mit {B}{R}{R}{R}{G}{G}"]),
    ("mana_pay", {"cost": "{3}{G}{G}", "pool": "BGRRR"}, ["❌ **Nicht bezahlbar**: es fehlt 1× grünes Mana"]),
    ("mana_pay", {"cost": "{W}{W}", "pool": "2W"}, ["Nicht bezahlbar"]),
    ("mana_pay", {"cost": "{W}{W}", "pool": "2 2 2"}, ["Nicht bezahlbar"]),  # three readings alike: one notice
    ("mana_pay", {"cost": "{W/P}{W/P}", "pool": "leer", "life": 4}, ["verlierst das Spiel"]),
    ("mana_pay", {"cost": "{S}{2/B}{X}", "pool": "{B*}{G}{G}{R}", "x": 1}, ["✅ **Bezahlbar**"]),
    ("mana_pay", {"cost": "{2/W}{W/P}{W/U/P}" * 5, "pool": "WUBRGC" * 3}, ["Bezahlbar"]),
    # /mana einberufen: the best remaining cost first
    ("mana_convoke", {"cost": "{3}{G}{W}", "creatures": "Artefakt, rot, grün-weiß"}, ["Am besten bleibt {1}{W}"]),
    ("mana_convoke", {"cost": "{1}{G}", "creatures": "rot, rot, rot"}, ["Es bleibt {G} zu bezahlen"]),
    ("mana_convoke", {"cost": "Akkord des Rufes", "creatures": "3 grün, 2 Artefakt", "x": 2}, ["nichts ({0})"]),
    ("mana_convoke", {"cost": HYBRIDS, "creatures": FEW}, ["Am besten bleibt {1}{W/U}{U/B}{B/R}{R/G}{G/W}{G/W}"]),
    # /mana gesamtkosten: the best total first
    ("mana_total", {"cost": "{2}{U}", "increase": "{1}", "reduction": "{3}"}, ["**Gesamtkosten:** {U}"]),
    ("mana_total", {"cost": "{2/W}", "reduction": "{2}"}, ["**Gesamtkosten:** {0} ({2/W} als {2})"]),
    ("mana_total", {"cost": "{G/W}{G/W}", "reduction": "{W}"}, ["**Gesamtkosten:** {W}"]),
    ("mana_total", {"cost": "{W/P}{W/P}", "life": 4}, ["**Gesamtkosten:** {0} + 4 Lebenspunkte"]),
    ("mana_total", {"cost": "{W/U/P}{2/B}{C/R}{G/W}" * 3, "reduction": "{2/W}, {U/B}, {C/G}"}, ["Gesamtkosten"]),
    # /mana versorgung: what to pay
    ("mana_upkeep", {"cost": "{1}", "counters": 3}, ["**Gesamtkosten:** {4}"]),
    ("mana_upkeep", {"cost": "{W} oder {U}", "counters": 2}, ["**Gesamtkosten (4):** {W}{W}{W}"]),
    ("mana_upkeep", {"cost": "Tressen aus Feuer", "counters": 2}, ["Erhöhe deinen Manavorrat um {R}{R}{R}"]),
    ("mana_upkeep", {"cost": "Opfere eine Kreatur", "counters": 1}, ["Opfere 2 verschiedene Kreaturen"]),
    ("mana_upkeep", {"cost": "Opfere einen Wald oder 2 Lebenspunkte", "counters": 2}, ["Gesamtkosten (4)"]),
    ("mana_upkeep", {"cost": "{W} oder {U} oder {B} oder {R}", "counters": 100}, ["182.104 Kombinationen"]),
    # /fehde aufdecken: who wins, with the values
    ("clash_reveal", {"card1": "Boros-Rekrut", "card2": "Feld der Unterdrückung"}, ["Spieler 2 gewinnt die Fehde"]),
    ("clash_reveal", {"card1": "Bestimmt // Unbeirrt", "card2": "{3}{R}", "rules": "2007"},
     ["Spieler 1 und 2 gewinnen die Fehde"]),
    ("clash_reveal", {"card1": "2", "card2": "{1}{G}", "card3": "{W}{W}"}, ["Niemand gewinnt die Fehde"]),
    ("clash_reveal", {"card1": "1/3", "card2": "2", "card3": "Land", "card4": "{X}{R}"},
     ["**Spieler 1 gewinnt die Fehde** (Manawert 4 gegen 2, 0 und 1)"]),
    # /fehde chancen: the chances
    ("clash_odds", {"library1": "0:24 2:36", "library2": "0:20 3:40", "seed": 7}, ["Spieler 1: **20,00 %** (1/5)"]),
    ("clash_odds", {"library1": "4 Boros-Rekrut, 20 Land, 1/3:2", "library2": "2:3 0:5", "rules": "2007", "seed": 1},
     ["Mehrere gewinnen: **2,88 %** (3/104)"]),
]


@pytest.mark.parametrize(("key", "options", "fragments"), CASES)
async def test_calculator_answer_shape(ctx, key, options, fragments):
    reply = await run_answer(ctx, key, **options)
    assert_answer_shape(reply, *fragments)


async def test_today_before_history_and_each_rule_once(ctx):
    # a hybrid payment: today's 107.4e in the rules, the Ravnica FAQ's 104.3f (2005) only in "Früher", after it
    reply = await run_answer(ctx, "mana_pay", cost="{R/G}{G}", pool="RG")
    names = [f["name"] for f in pages(reply)[0]["fields"]]
    assert names == ["Bezahlung", "Regeln (Comprehensive Rules, 17.04.2026)", "Früher (Ravnica-FAQ, 2005)"]
    fields = {f["name"]: f["value"] for f in pages(reply)[0]["fields"]}
    assert fields["Regeln (Comprehensive Rules, 17.04.2026)"].startswith("• 107.4e: ")
    assert "104.3f" not in fields["Regeln (Comprehensive Rules, 17.04.2026)"]
    assert fields["Früher (Ravnica-FAQ, 2005)"].startswith("• 104.3f: ")


async def test_a_long_list_goes_to_the_next_page(ctx):
    # the first page stays short: the best result, why, and the rules; the 65 other remaining costs follow
    reply = await run_answer(ctx, "mana_convoke", cost=HYBRIDS, creatures=FEW)
    shown = pages(reply)
    assert [[f["name"] for f in page["fields"]] for page in shown] == [
        ["Regeln (Comprehensive Rules, 17.04.2026)"],
        ["Andere Restkosten (65)", "Früher (Ravnica-FAQ, 2005)"],
    ]
    assert first_line(reply).startswith("**Am besten bleibt {1}{W/U}{U/B}{B/R}{R/G}{G/W}{G/W} zu bezahlen**")


def test_every_rule_and_document_has_its_german_words():
    assert set(REASONS) == set(Reason)
    assert set(SOURCES) == set(Source)
    assert len(set(REASONS.values())) == len(REASONS)  # no two rules worded alike
