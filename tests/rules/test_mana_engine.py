"""The mana engine against the documents' own examples (values copied from data/sources/)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bot.answers.calc_words import rule_fields
from bot.answers.mana_words import formula_text, need_text, tapped_text, total_text
from bot.rules.cite import Reason, Source
from bot.rules.mana import (
    ManaError,
    color_order,
    convoke,
    cumulative_upkeep,
    explain_colors,
    explain_mana_value,
    format_cost,
    hybrid_payments,
    parse_cost,
    parse_creatures,
    parse_faces,
    parse_pool,
    parse_upkeep,
    total_cost,
)
from bot.rules.payment import pay


def texts(costs):
    return [c.text for c in costs]


def needs(ways):
    """Missing mana as the answers word it: ``[("grünes Mana", 1)]``."""
    return [(need_text(kinds), n) for kinds, n in ways]


def rule_text(result):
    """The rules and history of a result as the answers show them (one line per rule)."""
    return "\n".join(f.value for f in rule_fields(result.reasons, result.history, None))


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("{3}{B/G}{B/G}{B/G}", "{3}{B/G}{B/G}{B/G}"),  # Aufsammelkrabbler, Ravnica FAQ line 218
        ("3BG", "{3}{B}{G}"),
        ("2 w/u w/u", "{2}{W/U}{W/U}"),
        ("{11}", "{11}"),
        ("11", "{11}"),
        ("1 1", "{1}{1}"),
        ("{0}", "{0}"),
        ("{x}{r}", "{X}{R}"),
        ("{2/W}{2/w}", "{2/W}{2/W}"),
        ("{W/P}{P/W}", "{W/P}{W/P}"),
        ("{W/U/P}", "{W/U/P}"),
        ("{S}{C}", "{S}{C}"),
        ("{U/W}", "{W/U}"),  # halves in the printed order of rule 104.3
        ("{W/G}", "{G/W}"),
        ("{3} {R} ", "{3}{R}"),
        ("rot rot blau", "{R}{R}{U}"),  # colour words, as a pool takes them
        ("Rote und Blaue", "{R}{U}"),
        ("2 grün weiß", "{2}{G}{W}"),  # a number stays generic mana, as in 2GW
        ("{X} schwarz farblos", "{X}{B}{C}"),
        ("rb", "{R}{B}"),  # letters that are all symbols stay shorthand
    ],
)
def test_parse_accepts_every_symbol_and_shorthand(typed, canonical):
    assert parse_cost(typed).text == canonical


def test_eleven_is_one_symbol():
    cost = parse_cost("{11}")
    assert len(cost.symbols) == 1
    assert cost.mana_value() == 11


@pytest.mark.parametrize(
    ("typed", "symbol", "position", "column"),
    [
        ("{Q/Z}", "{Q/Z}", 1, 1),
        ("{", "{", 1, 1),
        ("{W/W}", "{W/W}", 1, 1),
        ("{2}{G}{Q}", "{Q}", 3, 7),
        ("3G{", "{", 3, 3),
        ("{W/U/B}", "{W/U/B}", 1, 1),
        ("{P}", "{P}", 1, 1),
        ("2 w/w", "w/w", 2, 3),
        ("rot lila", "lila", 2, 5),  # no colour word: the word named (until 2026-12-07 its letter „l“)
        ("{G}orange", "orange", 2, 4),
    ],
)
def test_malformed_input_names_symbol_and_position(typed, symbol, position, column):
    with pytest.raises(ManaError) as info:
        parse_cost(typed)
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.symbol, err.position, err.column) == (symbol, position, column)
    assert f"„{symbol}“" in str(err)
    assert f"Position {position}" in str(err)


def test_colour_words_give_the_value_and_colours_of_their_symbols():
    cost = parse_cost("rot rot blau")
    assert cost.mana_value() == 3 and cost.text == "{R}{R}{U}" and set(cost.colors()) == {"R", "U"}
    assert parse_pool("rot rot blau") == Counter({("R", False): 2, ("U", False): 1})  # the same words in a pool
    with pytest.raises(ManaError, match="Farbwörter: weiß, blau, schwarz, rot, grün, farblos"):
        parse_cost("lila")


def test_empty_input_is_refused_in_german():
    with pytest.raises(ManaError, match="Keine Manakosten"):
        parse_cost("   ")


# --------------------------------------------------------------------------- mana value


def test_split_card_mana_value_today_and_2006():
    # Zwietracht FAQ: Bestimmt {3}{B}{G} // Unbeirrt {G}{U} → „5 und 2“; today the sum (002).
    faces = parse_faces("{3}{B}{G} // {G}{U}")
    old = explain_mana_value(faces, rules="2006")
    assert old.values == (5, 2)
    assert old.shown == "5 und 2"
    today = explain_mana_value(faces)
    assert today.value == 7
    assert today.shown == "7"
    # today 202.3d decides, the Zwietracht FAQ's two values are history; under the rules of 2006 they decide
    assert Reason.MV_SPLIT_SUM in today.reasons and today.history == (Reason.MV_SPLIT_2006,)
    assert Reason.MV_SPLIT_2006 in old.reasons
    assert Reason.MV_SPLIT_2006.source is Source.DISSENSION_FAQ and Reason.MV_SPLIT_SUM.rule == "202.3d"


def test_destined_lead_is_six_as_002_says():
    # 002 (18/04/2017): „ihr Manawert ist 6“ for Destined // Lead; printed costs {1}{B} // {3}{G}.
    assert explain_mana_value(parse_faces("{1}{B} // {3}{G}")).value == 6


@pytest.mark.parametrize(
    ("cost", "x", "value"),
    [
        ("{X}{R}", None, 1),  # X counts 0 (clash article)
        ("{X}{X}{R}", 3, 7),
        ("{2/W}{2/W}{2/W}", None, 6),  # {2/W} counts 2
        ("{W/P}{G/U/P}", None, 2),  # Phyrexian counts 1
        ("{3}{B/G}{B/G}{B/G}", None, 6),  # Aufsammelkrabbler: 3 + 3 hybrid
        ("{S}{C}{0}", None, 2),
    ],
)
def test_mana_value(cost, x, value):
    assert explain_mana_value(parse_cost(cost), x=x).value == value


# --------------------------------------------------------------------------- colours


def test_hybrid_card_has_both_colours_203_2e():
    # Ravnica FAQ: „eine Karte, die {R/W} kostet, [ist] rot und weiß“ (Boros-Rekrut).
    result = explain_colors(parse_cost("{R/W}"))
    assert set(result.colors) == {"R", "W"}
    assert result.names == "rot und weiß"
    # today's rule 202.2d decides; the Ravnica FAQ's 203.2e is its history
    assert [r.rule for r in result.reasons] == ["202.2d"]
    assert [(r.rule, r.source) for r in result.history] == [("203.2e", Source.RAVNICA_FAQ)]


def test_colourless_and_monocoloured():
    assert explain_colors(parse_cost("{3}{C}{S}{X}")).colors == ()
    assert explain_colors(parse_cost("{3}{B}{R}")).names == "schwarz und rot"  # Gildenbund FAQ's example
    assert color_order("WBG") == ("W", "B", "G")
    assert color_order("GW") == ("G", "W")


# --------------------------------------------------------------------------- hybrid choices


def test_ravnica_example_gw_gw_three_ways():
    # 104.3f example: „{G/W}{G/W} kann bezahlt werden, indem man {G}{G}, {G}{W} oder {W}{W} ausgibt.“
    result = hybrid_payments(parse_cost("{G/W}{G/W}"))
    assert result.count == 3
    assert [(c.text, life) for c, life in result.options] == [("{G}{G}", 0), ("{G}{W}", 0), ("{W}{W}", 0)]
    # today's 107.4e, the Ravnica FAQ's 104.3f as history (issue: a hybrid payment cites today's rule)
    assert result.reasons[0].rule == "107.4e" and result.reasons[0].source is Source.CR
    assert result.history[0].rule == "104.3f" and result.history[0].source is Source.RAVNICA_FAQ


def test_aufsammelkrabbler_four_ways():
    result = hybrid_payments(parse_cost("{3}{B/G}{B/G}{B/G}"))
    expected = ["{3}{B}{B}{B}", "{3}{B}{B}{G}", "{3}{B}{G}{G}", "{3}{G}{G}{G}"]
    assert texts(c for c, _ in result.options) == expected


def test_distinct_payments_are_counted_not_orderings():
    # {W/U}{U/B}: W+U, W+B, U+U, U+B: four distinct multisets (2·2 orderings, none coincide)
    assert hybrid_payments(parse_cost("{W/U}{U/B}")).count == 4
    # {W/U}{W/U}{U/W}: all three are the same symbol → 4 multisets, not 8 sequences
    assert hybrid_payments(parse_cost("{W/U}{W/U}{U/W}")).count == 4
    # {2/W}: {W} or {2}; {W/P}: {W} or 2 life → 2 · 2
    result = hybrid_payments(parse_cost("{2/W}{W/P}"))
    assert result.count == 4
    assert ("{2}", 2) in [(c.text, life) for c, life in result.options]


def test_listing_is_cut_but_count_exact():
    pairs = ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU"]  # the ten of rule 104.3
    result = hybrid_payments(parse_cost("".join(f"{{{p[0]}/{p[1]}}}" for p in pairs)), limit=5)
    assert len(result.options) == 5
    assert not result.listed_all
    # brute force: all 2^10 = 1024 colour sequences, collapsed to distinct colour counts
    distinct = {tuple(sorted(Counter(seq).items())) for seq in itertools.product(*pairs)}
    assert result.count == len(distinct) == 291


# --------------------------------------------------------------------------- payment


def test_exact_not_greedy():
    # A greedy engine paying {R/G} with the first green mana leaves {G} unpaid.
    result = pay(parse_cost("{R/G}{G}"), parse_pool("{G}{R}"))
    assert result.payable
    paid = {s.text: kinds for s, kinds, _ in result.payment}
    assert paid["{R/G}"] == [("R", False)]
    assert paid["{G}"] == [("G", False)]


@pytest.mark.parametrize(
    ("cost", "pool"),
    [
        ("{W/U}{W/B}", "WU"),  # taking W for {W/U} (first colour) strands {W/B}
        ("{W/U}{W/B}{U/B}", "UBW"),
        ("{G/W}{G/U}{G}", "GUW"),
        ("{2/W}{W}", "WRR"),  # {2/W} must take the generic half
        ("{W/P}{W}", "W"),  # {W/P} must take 2 life
    ],
)
def test_exact_where_first_choice_fails(cost, pool):
    assert pay(parse_cost(cost), parse_pool(pool)).payable


def test_missing_mana_is_named():
    result = pay(parse_cost("{3}{G}{G}"), parse_pool("BGRRR"))
    assert not result.payable
    assert needs(result.missing) == [("grünes Mana", 1)]


def test_pool_from_issue_pays_aufsammelkrabbler():
    # pool {B}{G}{G}{R}{R}{R}: 3 hybrid from B,G,G and {3} from RRR
    result = pay(parse_cost("{3}{B/G}{B/G}{B/G}"), parse_pool("{B}{G}{G}{R}{R}{R}"))
    assert result.payable
    assert sum(result.remaining.values()) == 0


def test_snow_needs_snow_source():
    # Kälteeinbruch FAQ: {S} payable with mana from a Verschneiter Sumpf, not from a Sumpf.
    assert not pay(parse_cost("{S}"), parse_pool("{B}")).payable
    assert pay(parse_cost("{S}"), parse_pool("{B*}")).payable
    assert pay(parse_cost("{S}"), parse_pool("{C*}")).payable
    # snow mana also pays normal costs
    assert pay(parse_cost("{1}{B}"), parse_pool("{B*}{B*}")).payable


def test_pool_refuses_s_and_hybrid():
    with pytest.raises(ManaError, match="kein Manatyp"):
        parse_pool("{S}")
    with pytest.raises(ManaError, match="Hybrid-Mana gibt es im Manavorrat nicht"):
        parse_pool("{G/W}")
    assert parse_pool("3 G*") == Counter({("C", False): 3, ("G", True): 1})


def test_colorless_symbol_needs_colorless_mana():
    assert not pay(parse_cost("{C}"), parse_pool("G")).payable
    assert pay(parse_cost("{C}"), parse_pool("C")).payable


def test_phyrexian_life_minimal_and_limited():
    result = pay(parse_cost("{1}{W/P}{W/P}"), parse_pool("WR"))
    assert result.payable
    assert result.life_paid == 2
    assert not pay(parse_cost("{1}{W/P}{W/P}"), parse_pool("R"), life=3).payable
    assert pay(parse_cost("{1}{W/P}{W/P}"), parse_pool("R"), life=4).life_paid == 4


def test_x_needs_mana():
    assert pay(parse_cost("{X}{R}"), parse_pool("R")).payable  # X = 0
    assert not pay(parse_cost("{X}{R}"), parse_pool("RR"), x=2).payable
    assert pay(parse_cost("{X}{R}"), parse_pool("RRG"), x=2).payable


def test_mono_hybrid_generic_half():
    result = pay(parse_cost("{2/W}"), parse_pool("RR"))
    assert result.payable
    assert pay(parse_cost("{2/W}"), parse_pool("W")).payable
    assert not pay(parse_cost("{2/W}"), parse_pool("R")).payable


# --------------------------------------------------------------------------- convoke


def test_vitu_ghazi_example_exactly_as_the_faq():
    # Ravnica FAQ, 502.46: {3}{G}{W}; artifact + red creature each reduce {1}; the green-white one
    # reduces {1}, {G} or {W}. Remaining: {1}{G}{W} minus {1}, {G} or {W}. Today (702.51a) each of them
    # pays that mana instead: the same three remainders, cited by today's rule; no 2005 history (no difference)
    creatures = parse_creatures("Artefakt, rot, grün-weiß")
    assert creatures == [(), ("R",), ("G", "W")]
    result = convoke(parse_cost("{3}{G}{W}"), creatures)
    assert texts(result.remaining) == ["{G}{W}", "{1}{W}", "{1}{G}"]
    assert result.untapped == 0
    assert [r.rule for r in result.reasons[:2]] == ["702.51a", "702.51b"]
    assert result.history == ()  # same remainders in 2005: no history
    # the best: {1}{W} (mana value 2, one coloured), as good as {1}{G}; the artifact and the red one pay {1}
    assert result.best.text == "{1}{W}" and result.next_best.text == "{1}{G}"
    assert [tapped_text(t) for t in result.best_tapped] == ["farblos → {1}", "rot → {1}", "grün-weiß → {G}"]


def test_convoke_creature_that_pays_nothing_stays_untapped_702_51a():
    # {1}{G} with three red creatures: one pays {1}, {G} needs a green one → two stay untapped today;
    # under 502.46b (2005) they could be tapped for nothing: shown only as dated history
    result = convoke(parse_cost("{1}{G}"), parse_creatures("rot, rot, rot"))
    assert texts(result.remaining) == ["{G}"]
    assert result.untapped == 2
    assert result.reasons[0] is Reason.CONVOKE and Reason.CONVOKE_UNTAPPED in result.reasons
    assert [tapped_text(t) for t in result.best_tapped] == ["rot → {1}", "2× rot: bleiben ungetappt"]
    lines = rule_text(result).splitlines()
    assert lines[0].startswith("• 702.51a: Für jedes Mana der Gesamtkosten darfst du")
    assert "• 702.51a: Eine Kreatur, die kein Mana der Kosten mehr bezahlen kann, tappst du nicht." in lines
    # the 2005 rule only as dated history, after today's rules
    assert result.history == (Reason.CONVOKE_2005,) and lines[-1].startswith("• 502.46b: Damals reduzierte")


def test_convoke_f9_white_cost_green_creatures():
    # {W}{W} with 5 green creatures — none can pay {W} (702.51a), none is tapped, {W}{W} remains
    result = convoke(parse_cost("{W}{W}"), parse_creatures("5 grün"))
    assert texts(result.remaining) == ["{W}{W}"]
    assert result.untapped == 5
    assert [tapped_text(t) for t in result.best_tapped] == ["5× grün: bleiben ungetappt"]
    assert Reason.CONVOKE_UNTAPPED in result.reasons
    assert [(r.rule, r.source) for r in result.history] == [("502.46b", Source.RAVNICA_FAQ)]


def test_convoke_snow_and_colorless_are_never_paid_by_creatures():
    # 702.51a names coloured and generic mana only: {S} and {C} stay
    result = convoke(parse_cost("{1}{S}{C}"), parse_creatures("grün, Artefakt"))
    assert texts(result.remaining) == ["{S}{C}"]
    assert result.untapped == 1
    assert "• 702.51a: {S} und {C} sind weder farbiges noch generisches Mana" in rule_text(result)


def test_convoke_pays_hybrid_of_its_colour():
    result = convoke(parse_cost("{G/W}{G/W}"), parse_creatures("weiß"))
    assert texts(result.remaining) == ["{G/W}"]


def test_convoke_mono_hybrid_generic_half():
    # {2/W} may be chosen as {2} (the choice comes before reductions, Ravnica FAQ), then {1} less
    result = convoke(parse_cost("{2/W}"), parse_creatures("Artefakt"))
    assert texts(result.remaining) == ["{1}"]  # tapping the artifact only helps with {2}
    assert texts(convoke(parse_cost("{2/W}"), parse_creatures("weiß")).remaining) == ["{0}", "{1}"]


def test_creature_words():
    assert parse_creatures("2x grün und eine rote Kreatur; G/W") == [("G",), ("G",), ("R",), ("G", "W")]
    with pytest.raises(ManaError, match="lila"):
        parse_creatures("rot, lila")


# --------------------------------------------------------------------------- total cost


def test_total_cost_increase_then_reduction_004():
    # 004: start with the cost, add increases, then apply reductions; mana value unchanged.
    result = total_cost(parse_cost("{2}{U}"), [parse_cost("{1}")], [parse_cost("{3}")])
    # {2}{U} + {1} = {3}{U}; −{3} → {U}. Order matters: reduction first would floor at 0 and give {1}{U}.
    assert result.total.text == "{U}"
    assert result.mana_value == 3
    assert [(inc.text, after.text) for inc, after in result.increases] == [("{1}", "{3}{U}")]
    assert result.reasons[0].rule == "601.2f" and result.reasons[-1].source is Source.FAST_FORWARD_RULINGS


def test_total_cost_generic_floor_and_alternative():
    result = total_cost(parse_cost("{1}{R}"), reductions=[parse_cost("{2}")])
    assert result.total.text == "{R}"
    alt = total_cost(parse_cost("{5}{R}{R}"), alternative=parse_cost("{R}"))
    assert alt.total.text == "{R}"
    assert alt.mana_value == 7  # mana value of the printed cost
    assert total_cost(parse_cost("{2}"), reductions=[parse_cost("{3}")]).total.text == "{0}"


def test_total_cost_coloured_reduction():
    assert total_cost(parse_cost("{1}{G}{G}"), reductions=[parse_cost("{G}")]).total.text == "{1}{G}"
    assert total_cost(parse_cost("{1}{G/W}"), reductions=[parse_cost("{W}")]).total.text == "{1}"
    # CR 118.7b: "If a cost is reduced by an amount of colored or colorless mana, but the cost doesn't
    # require mana of that type, the cost is reduced by that amount of generic mana."
    no_white = total_cost(parse_cost("{1}{R}"), reductions=[parse_cost("{W}")])
    assert no_white.total.text == "{R}"
    assert [r.rule.rule for r in no_white.reductions] == ["118.7b"]
    # 118.7c: more coloured reduction than that colour → the rest from generic
    assert total_cost(parse_cost("{2}{G}"), reductions=[parse_cost("{G}{G}")]).total.text == "{1}"


def test_total_cost_other_reduction_symbols():
    def total(cost, reduction):
        return total_cost(parse_cost(cost), reductions=[parse_cost(reduction)]).total.text

    assert total("{1}{C}", "{C}") == "{1}"  # colorless symbol removed
    assert total("{2}{R}", "{C}") == "{1}{R}"  # 118.7d: else generic
    assert total("{2}{R}", "{S}") == "{1}{R}"  # 118.7g: snow reduces generic
    assert total("{2}{U}", "{W/U}") == "{2}"  # 118.7e: the half that matches
    assert total("{3}{R}", "{2/W}") == "{1}{R}"  # 118.7e: generic half
    assert total("{1}{B}", "{B/P}") == "{1}"  # 118.7f


# --------------------------------------------------------------------------- cumulative upkeep


def test_upkeep_example_502_13a():
    # Kälteeinbruch FAQ 502.13a: „Kumulative Versorgung {W} oder {U}“ with two age counters already on it;
    # a third is added → {W}{W}{W}, {W}{W}{U}, {W}{U}{U} or {U}{U}{U}.
    result = cumulative_upkeep(parse_upkeep("{W} oder {U}"), 2)
    assert [total_text(t) for t in result.totals] == ["{W}{W}{W}", "{W}{W}{U}", "{W}{U}{U}", "{U}{U}{U}"]
    assert result.count == 4
    assert result.payments == 3
    # today's 702.24a decides; the FAQ's 502.13a is history
    assert result.reasons[0].rule == "702.24a" and [r.rule for r in result.history] == ["502.13a"]


def test_upkeep_generic_one_with_three_counters_pays_four():
    # Kälteeinbruch FAQ: „Kumulative Versorgung {1}“ and three age counters when it triggers: it gets
    # another one, then {4} is paid or the permanent is sacrificed.
    result = cumulative_upkeep(parse_upkeep("{1}"), 3)
    assert [total_text(t) for t in result.totals] == ["{4}"]
    assert formula_text(result) == "{4}"


def test_upkeep_zero_counters_still_pays_once():
    # the trigger puts the first age counter on the permanent before the payment (502.13a / 702.24a)
    result = cumulative_upkeep(parse_upkeep("{B}"), 0)
    assert [total_text(t) for t in result.totals] == ["{B}"]
    assert result.payments == 1


def test_upkeep_distinct_totals_collapse():
    # {1}{G} or {G}{1} are the same option; {2} or {1}{1} sum the same
    assert cumulative_upkeep(parse_upkeep("{2} | {1}{1}"), 4).count == 1
    assert cumulative_upkeep(parse_upkeep("{W} oder {U} oder {B}"), 1).count == 6
    with pytest.raises(ManaError):
        cumulative_upkeep(parse_upkeep("{W}"), 10**6 + 1)
    with pytest.raises(ManaError):
        cumulative_upkeep(parse_upkeep("{W}"), -1)


def test_format_split():
    assert format_cost(parse_faces("3BG//GU")) == "{3}{B}{G} // {G}{U}"


# --------------------------------------------------------------------------- limits


def test_huge_inputs_fail_with_a_german_message_not_a_hang():
    pairs = ["W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U"]
    sixty_hybrids = parse_cost("".join(f"{{{p}}}" for p in pairs * 6))
    with pytest.raises(ManaError, match=r"(?i)zu viele"):
        hybrid_payments(sixty_hybrids)
    with pytest.raises(ManaError, match=r"zu viele Möglichkeiten|Zu viele mögliche Restkosten"):
        convoke(sixty_hybrids, [("W", "U", "B", "R", "G")] * 100)
    with pytest.raises(ManaError, match="mehr als 1000"):
        parse_cost("{1001}")


def test_large_generic_costs_are_exact():
    # 60 × {1000} from exactly 60 000 colourless mana: payable; one mana less: 1 missing
    cost = parse_cost("{1000}" * 60)
    assert pay(cost, parse_pool("1000 " * 60)).payable
    short = pay(cost, parse_pool("1000 " * 59 + "999"))
    assert needs(short.missing) == [("beliebiges Mana", 1)]


def test_non_ascii_digits_are_not_numbers():
    # "²".isdigit() is True but int("²") raises: found by the lead's fuzz test
    for text in ("²", "{²}", "{²/W}"):
        with pytest.raises(ManaError):
            parse_cost(text)
    with pytest.raises(ManaError):
        parse_pool("²")
    with pytest.raises(ManaError):
        parse_creatures("² rot")


def test_url_slashes_are_no_split_card_separator():
    # "[klick](https://evil.example)" is a typo'd cost, not a split card: no "Hälfte 1" in the message.
    with pytest.raises(ManaError) as err:
        parse_faces("[klick](https://evil.example)")
    assert not str(err.value).startswith("Hälfte")
    assert "„[“ an Position 1" in str(err.value)  # the first character of the typo is named
    with pytest.raises(ManaError, match=r"^Hälfte 2"):  # a real split cost keeps naming the half
        parse_faces("{1}{B} // {Q}")
