"""Each finding as a test with the value from the rules (Comprehensive Rules 17.04.2026) or
the documents (Ravnica FAQ 2005, Kälteeinbruch FAQ 2006, clash article 2007)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bot.answers.calc_words import library_text, rule_fields
from bot.answers.clash import card_name
from bot.answers.mana_words import (
    choices_text,
    counted_text,
    formula_text,
    need_text,
    option_text,
    reading_text,
    tapped_text,
    total_lines,
    total_text,
)
from bot.rules.cite import Reason, Source
from bot.rules.clash import RevealedCard, clash, clash_odds, random_reveal
from bot.rules.mana import (
    ManaError,
    card_upkeep,
    convoke,
    cumulative_upkeep,
    explain_colors,
    explain_mana_value,
    hybrid_payments,
    parse_cost,
    parse_creatures,
    parse_upkeep,
    read_pool,
    total_cost,
)
from bot.rules.mana.payment import pay


def total(cost, reductions=(), increases=(), **kw):
    return total_cost(parse_cost(cost), [parse_cost(i) for i in increases], [parse_cost(r) for r in reductions], **kw)


def results(result):
    return [option_text(o) for o in result.options]


def steps_text(result):
    """The calculation and the rules of a total cost as the answer shows them."""
    return "\n".join([*total_lines(result), *(f.value for f in rule_fields(result.reasons, result.history, None))])


def needs(ways):
    return [[(need_text(kinds), n) for kinds, n in way] for way in ways]


def totals(result):
    return [total_text(t) for t in result.totals]


# --------------------------------------------------------------------------- 601.2b before 601.2f


def test_monocolored_hybrid_announced_as_two_is_reduced_to_zero():
    # 601.2b: {2/W} is announced as {2} or {W}; then 601.2f/118.7a: {2} − {2} = {0}
    result = total("{2/W}", ["{2}"])
    assert result.total.text == "{0}"
    assert results(result) == ["{0}", "{W}"]
    assert choices_text(result.options[0]) == "{2/W} als {2}"
    assert "Angesagt (vor den Reduzierungen): {2/W} als {2} → {2}" in steps_text(result)


def test_monocolored_hybrid_minus_one_gives_one_or_white():
    # {2/W} − {1}: announced {2} → {1}; announced {W} → a generic reduction cannot touch {W} (118.7a) → {W}
    result = total("{2/W}", ["{1}"])
    assert results(result) == ["{1}", "{W}"]


def test_coloured_reduction_applies_to_the_announced_colour():
    # Ravnica FAQ: a coloured reduction applies if that colour is part of the chosen cost
    result = total("{G/W}{G/W}", ["{W}"])
    assert results(result) == ["{W}", "{G}", "{G}{G}"]
    # {G}{G} announced: the {W} reduction finds no {W} and no generic mana (118.7b, not below 0)
    assert result.count == 3


def test_hybrid_reduction_half_chosen_when_applied_118_7e():
    # reduction {2/W} on {1}{W}: the player chooses the half; {W} removes {W}, {2} removes {1} (only 1: floor)
    result = total("{1}{W}", ["{2/W}"])
    assert results(result) == ["{1}", "{W}"]
    assert choices_text(result.options[0]) == "Reduzierung {2/W} als {W}"
    text = steps_text(result)
    assert "Reduzierung {2/W} (Hälfte {W} gewählt) entfernt {W} → {1}" in text
    assert "118.7e" in text


def test_reduction_details_removed_symbol_and_floor():
    # 118.7a + 601.2f: {1}{R} − {3}: the generic part goes from 1 to 0, not below
    result = total("{1}{R}", ["{3}"])
    assert result.total.text == "{R}"
    text = steps_text(result)
    assert "Reduzierung {3}: generischer Anteil −1 (nur 1: nicht unter 0) → {R}" in text
    assert "• 601.2f: Die Gesamtkosten sinken nicht unter {0}." in text
    # 118.7b: a {U} reduction on a cost without {U} lowers the generic part instead
    result = total("{2}{R}", ["{U}"])
    assert result.total.text == "{1}{R}"
    assert "Reduzierung {U} (kein {U} in den Kosten: generisch): generischer Anteil −1 → {1}{R}" in steps_text(result)


def test_greedy_miss_best_announcement_is_found():
    # a greedy engine matches {W} against the first hybrid; the best announcement pays {W}{W}, leaving {G/W} free
    result = total("{G/W}{W/U}", ["{W}", "{W}"])
    assert result.total.text == "{0}"


def test_phyrexian_announced_as_life_with_life_total_119_4():
    result = total("{W/P}{W/P}", life=3)
    assert results(result) == ["{W} + 2 Lebenspunkte", "{W}{W}"]
    four = total("{W/P}{W/P}", life=4)
    assert option_text(four.options[0]) == "{0} + 4 Lebenspunkte"
    # all four life paid: 119.4 allows it, and 704.5a says the player then loses
    assert four.reasons[-3:] == (Reason.LIFE_LIMIT, Reason.LOSES_GAME, Reason.TOTAL_MANA_VALUE)


def test_snow_is_not_reduced_by_generic_reductions_107_4h():
    assert total("{S}{1}", ["{2}"]).total.text == "{S}"
    # 118.7g: a {S} reduction reduces generic mana
    assert total("{S}{1}", ["{S}"]).total.text == "{S}"


def test_x_counts_its_value_on_the_stack_202_3e():
    result = total("{X}{R}", ["{1}"], x=3)
    assert result.mana_value == 4
    assert result.total.text == "{2}{R}"
    assert "202.3e" in steps_text(result)


def test_x_in_a_reduction_is_refused():
    with pytest.raises(ManaError, match="festen Betrag"):
        total("{3}", ["{X}"])


# --------------------------------------------------------------------------- symbols and notation


def test_colorless_hybrid_symbols_107_4():
    cost = parse_cost("{C/W}{C/U}{C/B}{C/R}{C/G}")
    assert cost.text == "{C/W}{C/U}{C/B}{C/R}{C/G}"
    assert explain_mana_value(cost).value == 5  # 202.3f: the largest component, 1
    assert explain_colors(parse_cost("{C/W}")).colors == ("W",)  # 107.4e: a hybrid symbol is all its colours
    assert [c.text for c, _ in hybrid_payments(parse_cost("{C/W}")).options] == ["{W}", "{C}"]
    assert pay(parse_cost("{C/W}"), read_pool("C")[0]).payable
    assert not pay(parse_cost("{C/W}"), read_pool("U")[0]).payable
    assert total("{C/W}", ["{C}"]).total.text == "{0}"


def test_faq_parenthesis_notation_is_a_cost():
    # the FAQs write hybrid costs as (W/U)(W/U)
    assert parse_cost("(W/U)(W/U)").text == "{W/U}{W/U}"
    assert parse_cost("(W/B)").text == "{W/B}"
    assert parse_cost("{2}(G/W)").text == "{2}{G/W}"
    with pytest.raises(ManaError, match="Nicht geschlossene Klammer"):
        parse_cost("(W/U")


# --------------------------------------------------------------------------- pools


def test_pool_number_reading_is_stated():
    pool, notes = read_pool("2W")
    assert pool == Counter({("C", False): 2, ("W", False): 1})
    assert notes and "„2“ gelesen als 2 farbloses Mana" in reading_text(notes[0])
    assert "2 weiß" in reading_text(notes[0])


def test_pool_german_colour_words_with_counts():
    pool, notes = read_pool("2 grün, 3 weiß")
    assert pool == Counter({("G", False): 2, ("W", False): 3})
    assert notes == []
    assert read_pool("1 farblos und 2 grünes Mana verschneit")[0] == Counter({("C", False): 1, ("G", True): 2})
    with pytest.raises(ManaError, match="Unbekannte Farbe „lila“"):
        read_pool("2 lila")


# --------------------------------------------------------------------------- cumulative upkeep


def test_upkeep_faq_example_one_with_three_counters_is_four():
    # Kälteeinbruch FAQ: "Kumulative Versorgung {1}" and three age counters → another is added → {4}
    assert totals(cumulative_upkeep(parse_upkeep("{1}"), 3)) == ["{4}"]


def test_upkeep_zero_counters_pays_once():
    assert totals(cumulative_upkeep(parse_upkeep("{1}"), 0)) == ["{1}"]


def test_upkeep_non_mana_costs_are_named():
    # 502.13b example: "Kumulative Versorgung -- Bezahle 1 Lebenspunkt"
    result = cumulative_upkeep(parse_upkeep("Bezahle 1 Lebenspunkt"), 1)
    assert totals(result) == ["2 Lebenspunkte"]
    result = cumulative_upkeep(parse_upkeep("Opfere einen Wald"), 2)
    assert totals(result) == ["3× Opfere einen Wald"]
    assert result.unknown == ("Opfere einen Wald",)  # named: the answer says it only counts it
    with pytest.raises(ManaError, match=r"„\{Q\}“ an Position 1 \(Zeichen 1\) ist kein bezahlbares Manasymbol: das "
                       r"Enttappsymbol \{Q\}"):  # rule 107.6: the untap symbol, no mana
        parse_upkeep("{Q}")


def test_upkeep_life_payments_are_summed():
    # "2 Lebenspunkte zahlen" with three age counters → a fourth is added → 4 × 2 = 8 life (702.24a)
    result = cumulative_upkeep(parse_upkeep("2 Lebenspunkte zahlen"), 3)
    assert totals(result) == ["8 Lebenspunkte"]
    assert "Lebenspunkte zahlen" not in formula_text(result)


def test_upkeep_countable_costs_of_the_coldsnap_cards_are_summed():
    # the Kälteeinbruch FAQ's cards: Tressen aus Feuer with two counters pays three times {R} into the pool;
    # Phyrexianischer Seelenverschlinger: different creatures (702.24a example); Jötun-Geiferer: two cards per
    # counter; Scherbenmauer: one life per counter to an opponent of your choice
    assert totals(cumulative_upkeep(parse_upkeep("Erhöhe deinen Manavorrat um {R}."), 2)) == [
        "Erhöhe deinen Manavorrat um {R}{R}{R}"
    ]
    sacrifice = cumulative_upkeep(parse_upkeep("Opfere eine Kreatur."), 1)
    assert totals(sacrifice) == ["Opfere 2 verschiedene Kreaturen"]
    assert Reason.UPKEEP_DIFFERENT_CREATURES in sacrifice.reasons  # 702.24a's example: different creatures
    assert sacrifice.unknown == ()
    assert counted_text("Lege zwei Karten aus genau einem Friedhof unter die Bibliothek ihres Besitzers", 3) == (
        "Lege 6 Karten unter die Bibliothek ihres Besitzers, je zwei aus genau einem Friedhof "
        "(für jede Altersmarke neu bestimmt)"
    )
    assert counted_text("Ein Gegner erhält 1 Lebenspunkte dazu", 4).startswith(
        "Gegner erhalten insgesamt 4 Lebenspunkte"
    )
    assert counted_text("Wirf eine Münze.", 1) == "Wirf eine Münze"
    assert counted_text("Opfere einen Wald", 2) is None
    mixed = cumulative_upkeep(parse_upkeep("{1} + Wirf eine Karte aus deiner Hand ab"), 2)
    assert totals(mixed) == ["{3} + Wirf 3 Karten aus deiner Hand ab"]


def test_every_upkeep_cost_printed_in_the_coldsnap_faq_is_summed():
    # each "Kumulative Versorgung …" line of data/sources/001 reads as mana or as a countable cost, never "n× …"
    source = (Path(__file__).resolve().parents[2] / "data" / "sources" / "001_d6ee154855c71d75.txt").read_text()
    lines = [
        line for line in source.splitlines() if line.startswith(("Kumulative Versorgung —", "Kumulative Versorgung {"))
    ]
    costs = [card_upkeep(line) for line in lines]
    assert len(costs) == 14 and None not in costs
    assert "Erhöhe deinen Manavorrat um {R}" in costs and "{S}" in costs
    assert card_upkeep("Kumulative Versorgung ist ein Mechanismus, der bereits in den Blocks vorkam.") is None
    for cost in costs:
        total = totals(cumulative_upkeep(parse_upkeep(cost), 2))[0]
        assert "×" not in total, (cost, total)


def test_upkeep_many_options_many_counters_in_closed_form():
    # four options, 100 counters → 101 payments: C(104, 3) multisets, counted, not listed
    result = cumulative_upkeep(parse_upkeep("{W} oder {U} oder {B} oder {R}"), 100)
    assert result.combinations == 182_104
    assert result.count is None
    assert formula_text(result) == "a× {W} + b× {U} + c× {B} + d× {R} mit a + b + c + d = 101"
    big = cumulative_upkeep(parse_upkeep("{W}"), 10**6)
    assert formula_text(big) == "1.000.001×{W}"


# --------------------------------------------------------------------------- convoke


def test_convoke_with_x_announced_first():
    # Akkord des Rufes {X}{G}{G}{G}: X is announced first (ruling), then creatures are tapped
    result = convoke(parse_cost("{X}{G}{G}{G}"), parse_creatures("3 grün, 2 Artefakt"), x=2)
    # best: every creature pays; a green creature may also pay generic mana, leaving {G} or {G}{G}
    assert [c.text for c in result.remaining] == ["{0}", "{G}", "{G}{G}"]
    assert result.x == 2 and result.total.text == "{2}{G}{G}{G}"
    assert Reason.CONVOKE_X_FIRST in result.reasons  # 601.2b, the ruling on Akkord des Rufes
    assert [tapped_text(t) for t in result.best_tapped] == ["3× grün → {G}", "2× farblos → {1}"]


def test_convoke_long_input_is_summarised():
    result = convoke(parse_cost("{5}{G}"), parse_creatures(", ".join(["rot"] * 60 + ["grün"] * 40)))
    assert result.creatures == ((("R",), 60), (("G",), 40))  # summarised per colour, most first
    assert result.count == 1 and result.best.text == "{0}"
    assert [tapped_text(t) for t in result.best_tapped] == [
        "5× rot → {1}", "55× rot: bleiben ungetappt", "grün → {G}", "39× grün: bleiben ungetappt"
    ]


# --------------------------------------------------------------------------- clash


def test_clash_today_cites_701_30_of_2026_and_2007_the_article():
    cards = [RevealedCard("A", (3,)), RevealedCard("B", (2,))]
    today = clash(cards)
    assert ("701.30d", Source.CR) in [(r.rule, r.source) for r in today.reasons]
    assert all(r.source is Source.CR for r in today.reasons)  # the article only as history
    assert [(r.rule, r.source) for r in today.history] == [("701.19c", Source.CLASH_ARTICLE)]
    old = clash(cards, "2007")
    assert ("701.19c", Source.CLASH_ARTICLE) in [(r.rule, r.source) for r in old.reasons]


def test_clash_split_values_read_2_und_5():
    assert library_text({(2, 5): 1, (3,): 2}) == "(2 und 5):1 3:2"
    reveal = random_reveal([{(2, 5): 1}, {(3,): 1}], seed=1, rules="2007")
    assert card_name(reveal.clash.cards[0]) == "geteilte Karte (2 und 5)"


def test_clash_article_example_two_winners_2007():
    # clash article: A reveals a split card 1 and 3, B reveals 2 → both win under the rules of 2007
    result = clash([RevealedCard("A", (1, 3)), RevealedCard("B", (2,))], "2007")
    assert result.winners == [0, 1]
    odds = clash_odds([{(1, 3): 1}, {(2,): 1}], "2007")
    assert odds.several == 1


# --------------------------------------------------------------------------- grammar


def test_singular_facts():
    one = hybrid_payments(parse_cost("{G/W}"))
    assert (one.choices, one.count) == (1, 2)
    assert [tapped_text(t) for t in convoke(parse_cost("{G}"), [("G",)]).best_tapped] == ["grün → {G}"]
    odds = clash_odds([{(1,): 1}, {(2,): 3}])
    assert odds.sizes == [1, 3] and library_text(odds.libraries[0]) == "1:1"


def test_discord_sized_numbers_are_refused_not_converted():
    # a 6 000-digit run (Discord's longest string option) is never passed to int(); the message is short
    for text in ("1" * 6000, "{" + "9" * 5000 + "/W}"):
        with pytest.raises(ManaError) as info:
            parse_cost(text)
        assert len(str(info.value)) < 200
    with pytest.raises(ManaError, match="mehr als 1000 Mana"):
        read_pool("9" * 6000)


def test_x_counts_zero_cited_as_202_3e_not_the_article():
    # "Ein X zählt als 0, solange kein Wert für X feststeht" is CR 202.3e, not the clash article
    result = explain_mana_value(parse_cost("{X}{R}"))
    assert result.reasons == (Reason.MV_X_OFF_STACK,)
    assert (Reason.MV_X_OFF_STACK.rule, Reason.MV_X_OFF_STACK.source) == ("202.3e", Source.CR)


def test_pool_colour_words_one_per_word():
    assert read_pool("rot rot grün")[0] == Counter({("R", False): 2, ("G", False): 1})
    with pytest.raises(ManaError, match="unklar"):
        read_pool("2 rot grün")


# --------------------------------------------------------------------------- every minimal way to complete


def test_mono_hybrid_shortfall_names_both_halves_107_4e():
    # {2/B} "can be paid with either one black mana or two mana of any type" (107.4e): with {W} in the
    # pool one black mana completes it, and so does one more mana of any type (W + it pay {2})
    result = pay(parse_cost("{2/B}"), read_pool("1 weiss")[0])
    assert not result.payable
    assert needs(result.missing_ways) == [[("schwarzes Mana", 1)], [("beliebiges Mana", 1)]]
    assert needs([result.missing]) == [[("schwarzes Mana", 1)]]
    assert Reason.PAY_MONO_HYBRID in result.reasons


def test_shortfall_of_several_mana_per_choice():
    # {2/B}{2/B}{2/B} from {R}: all as {B} → 3× {B}; one as {2} (R + one more) → 2× {B} + 1 any; two as {2}
    # need four more mana: not minimal
    result = pay(parse_cost("{2/B}{2/B}{2/B}"), read_pool("R")[0])
    assert needs(result.missing_ways) == [[("schwarzes Mana", 3)], [("schwarzes Mana", 2), ("beliebiges Mana", 1)]]


def test_shortfall_names_hybrid_rerouting():
    # {W/U}{W/B} from {W}: the {W} may pay either symbol, so one white, blue or black mana completes it
    result = pay(parse_cost("{W/U}{W/B}"), read_pool("W")[0])
    assert needs(result.missing_ways) == [[("weißes Mana oder blaues Mana oder schwarzes Mana", 1)]]


def test_shortfall_with_too_few_mana_still_lists_the_generic_half():
    # fewer mana than the fewest units any choice needs (the quick path): {R} for {2/B}{2/B}{2/B}{W} —
    # all as colour: 3× {B} + {W}; one {2/B} as {2}: the R pays one generic → still 4 missing, both ways listed
    result = pay(parse_cost("{2/B}{2/B}{2/B}{W}"), read_pool("R")[0])
    assert [sum(n for _, n in way) for way in result.missing_ways] == [4, 4]
    assert needs(result.missing_ways)[1] == [("schwarzes Mana", 2), ("weißes Mana", 1), ("beliebiges Mana", 1)]


@pytest.mark.parametrize(("typed", "hint", "whole"), [
    # a word that is no colour word is named whole, none of its letters read as symbols (before: {20}{R}{R}{U})
    ("zwanzig boros-rekrut", "z. B. „20“ oder {20} für 20 generisches Mana.", "„boros-rekrut“ an Position 2 "
     "(Zeichen 9), kein Manasymbol und kein Farbwort"),
    ("zwanzig ruhr", "z. B. „20“ oder {20} für 20 generisches Mana.", "„ruhr“ an Position 2 (Zeichen 9), kein "
     "Manasymbol und kein Farbwort"),
    # the same digits hint as „zwanzig grün“ (before: „hundert“ named as no colour word, no hint)
    ("hundert grün", "z. B. „100 grün“ oder {100}{G} für 100 generisches Mana und ein grünes.", ""),
    ("einundzwanzig grün", "z. B. „21 grün“ oder {21}{G} für 21 generisches Mana und ein grünes.", ""),
    # „null“ read as no symbol at all: {0}, zero mana (rule 107.4d; before: IndexError, „Unerwarteter Fehler“)
    ("NULL-# ZQ", "z. B. „0“ oder {0} für kein Mana.", "„#“ an Position 2 (Zeichen 6), kein gültiges Manasymbol"),
    ("minus drei grün", "„drei“ an Position 2 (Zeichen 7) ist kein Manasymbol: Zahlen bitte als Ziffern. Für {3}{G}",
     "„minus“ an Position 1 (Zeichen 1), kein Manasymbol und kein Farbwort"),
])
def test_a_number_word_beside_another_word_gets_the_digits_hint(typed, hint, whole):
    with pytest.raises(ManaError) as caught:
        parse_cost(typed)
    assert hint in str(caught.value) and whole in str(caught.value)
