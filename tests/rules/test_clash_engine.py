"""The clash engine against the clash article's rulings (data/sources/000_…)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bot.answers.calc_words import percent
from bot.answers.clash import verdict_text
from bot.rules.cite import Reason, Source
from bot.rules.clash import (
    ClashError,
    RevealedCard,
    card_from_cost,
    card_from_number,
    clash,
    clash_odds,
    parse_library,
    random_reveal,
)
from bot.rules.mana import ManaError


def verdicts(result):
    """Why each player wins or not, as the answers word it."""
    return [verdict_text(result, v) for v in result.verdicts]


def test_article_split_example_both_win_in_2007():
    # „Spieler A eine geteilte Karte mit umgewandelten Manakosten von 3 und 1 …, Spieler B … 2,
    # gewinnen sie beide.“
    a = card_from_number("1/3")
    b = card_from_number("2")
    result = clash([a, b], rules="2007")
    assert result.winners == [0, 1]
    assert [(v.player, v.beats) for v in result.verdicts] == [(0, ((1, 1, 0),)), (1, ((0, 0, 0),))]
    assert verdicts(result) == [
        "Spieler 1 gewinnt: Hälfte 2 (3) > 2 (2) von Spieler 2.",
        "Spieler 2 gewinnt: 2 (2) > Hälfte 1 (1) von Spieler 1.",
    ]


def test_same_example_today_one_value():
    # today the split card has one mana value, the sum 4 > 2 (002)
    result = clash([card_from_number("1/3"), card_from_number("2")])
    assert result.winners == [0]
    assert result.values == [(4,), (2,)]


def test_bestimmt_unbeirrt_against_four_2007():
    # Bestimmt {3}{B}{G} = 5, Unbeirrt {G}{U} = 2 (Zwietracht FAQ: „5 und 2“); {3}{R} = 4
    split = card_from_cost("{3}{B}{G} // {G}{U}", "Bestimmt // Unbeirrt", ["Bestimmt", "Unbeirrt"])
    result = clash([split, card_from_cost("{3}{R}")], rules="2007")
    assert result.winners == [0, 1]
    assert verdicts(result) == [
        "Spieler 1 gewinnt: Bestimmt (5) > {3}{R} (4) von Spieler 2.",
        "Spieler 2 gewinnt: {3}{R} (4) > Unbeirrt (2) von Spieler 1.",
    ]
    assert Reason.CLASH_WIN_2007 in result.reasons  # 701.19c of the article decides under the rules of 2007
    today = clash([split, card_from_cost("{3}{R}")])
    assert today.winners == [0]


def test_tie_nobody_wins():
    # „falls alle Spieler eine Karte mit umgewandelten Manakosten von 2 aufdecken, gewinnt niemand“
    result = clash([card_from_cost("{1}{G}"), card_from_cost("{W}{W}"), card_from_number("2")])
    assert result.winners == []
    assert Reason.CLASH_NOBODY in result.reasons
    assert verdicts(result)[0] == "Spieler 1 gewinnt nicht: 2 ist nicht höher als 2 ({W}{W}, Spieler 2)."


def test_x_counts_zero_and_land_counts_zero():
    x_card = card_from_cost("{X}{R}")  # X = 0 → 1
    no_cost = card_from_cost("//")  # halves without mana cost count 0 each
    assert x_card.faces == (1,)
    assert no_cost.faces == (0, 0)
    result = clash([x_card, RevealedCard("Wald", (0,))])
    assert result.winners == [0]
    assert clash([card_from_cost("{X}"), RevealedCard("Wald", (0,))]).winners == []


def test_three_players_and_2007_several_winners():
    # A: 1/5, B: 3, C: 2 — A's 5 beats B's 3 and C's 2; B's 3 beats A's 1 but not C? 3 > 2 yes → B wins;
    # C's 2 > A's 1 but 2 < 3 → C loses.
    cards = [card_from_number("1/5"), card_from_number("3"), card_from_number("2")]
    assert clash(cards, rules="2007").winners == [0, 1]
    assert clash(cards).winners == [0]  # 6 > 3 > 2


def test_errors_are_german():
    with pytest.raises(ClashError, match="mindestens zwei Spieler"):
        clash([card_from_number("2")])
    with pytest.raises(ClashError, match="Regelstand"):
        clash([card_from_number("2"), card_from_number("3")], rules="1999")
    with pytest.raises(ClashError, match="Eintrag 2"):
        parse_library("0:17 drei:4")
    with pytest.raises(ManaError):
        card_from_cost("{Q}")
    with pytest.raises(ClashError, match="keine Zahl"):
        card_from_number("viele")


def test_odds_issue_example_exact():
    # 60 cards each: A 24×0, 36×2; B 20×0, 40×3.
    # A wins only with 2 against 0: 36/60 · 20/60 = 1/5; B wins with any 3: 40/60 = 2/3;
    # nobody: 0 against 0: 24/60 · 20/60 = 2/15.
    result = clash_odds([parse_library("0:24 2:36"), parse_library("0:20 3:40")])
    assert result.win == [Fraction(1, 5), Fraction(2, 3)]
    assert result.nobody == Fraction(2, 15)
    assert percent(result.win[1]) == "66,67 %"


def test_odds_issue_library_format():
    lib = parse_library("0:17 1:4 2:8 3:6 4:3")
    assert sum(lib.values()) == 38
    assert lib[(2,)] == 8


def test_odds_2007_split_library():
    # A: one split card 1/3; B: one card 2 → both always win (the article's example)
    result = clash_odds([parse_library("1/3:1"), parse_library("2:1")], rules="2007")
    assert result.win == [Fraction(1), Fraction(1)]
    assert result.several == Fraction(1)
    assert result.nobody == Fraction(0)


def test_seeded_reveal_is_reproducible():
    libs = [parse_library("0:24 2:36"), parse_library("0:20 3:40")]
    first = random_reveal(libs, seed=7)
    again = random_reveal(libs, seed=7)
    assert first.clash.values == again.clash.values
    # same draw as random.Random(7) picking an index per library in order
    rng = random.Random(7)
    i, j = rng.randrange(60), rng.randrange(60)
    assert first.clash.values == [((0,) if i < 24 else (2,)), ((0,) if j < 20 else (3,))]


def test_non_ascii_digits_are_refused():
    with pytest.raises(ClashError):
        parse_library("²:1")
    with pytest.raises(ClashError):
        card_from_number("²")


def test_citations_name_rule_and_document():
    old = clash([card_from_number("1/3"), card_from_number("2")], rules="2007")
    cited = {(r.rule, r.source) for r in old.reasons}
    assert ("701.19c", Source.CLASH_ARTICLE) in cited
    assert ("708.6a", Source.CR_2010) in cited
    today = clash([card_from_number("1/3"), card_from_number("2")])
    assert ("701.30d", Source.CR) in {(r.rule, r.source) for r in today.reasons}
