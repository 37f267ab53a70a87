"""The calculators as a hostile user typed them, on the documents' store: ``x`` for a cost without ``{X}``,
„oder“ glued to a mana symbol or left dangling in ``/mana versorgung``, large numbers in German notation."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.commands.clash import ODDS
from bot.rules.mana import ManaError, parse_upkeep
from bot.text import german_int

UNUSED = "ℹ️ X = 2 nicht verwendet: {3}{B}{G} enthält kein {X}."


@pytest.mark.parametrize(("key", "options"), [
    ("mana_info", {"cost": "3BG"}),
    ("mana_pay", {"cost": "3BG", "pool": "BBGGG"}),
    ("mana_convoke", {"cost": "3BG", "creatures": "grün"}),
    ("mana_total", {"cost": "3BG"}),
])
async def test_x_for_a_cost_without_x_is_said_to_change_nothing(ctx, key, options):
    given = await run_answer(ctx, key, **options, x=2)
    assert not given.error and UNUSED in given.pages[0].body.split("\n"), key
    left_out = await run_answer(ctx, key, **options)  # no x typed: nothing to say
    assert "nicht verwendet" not in left_out.pages[0].body, key
    rest = [line for line in given.pages[0].body.split("\n") if line != UNUSED]
    assert rest == left_out.pages[0].body.split("\n"), key  # the rest unchanged


async def test_x_for_a_cost_with_x_is_used_and_a_split_card_is_named_by_both_halves(ctx):
    used = await run_answer(ctx, "mana_info", cost="XBG", x=2)
    assert "**Manakosten:** {X}{B}{G} (X = 2)" in used.pages[0].body and "nicht verwendet" not in used.pages[0].body
    split = await run_answer(ctx, "mana_info", cost="Krims // Krams", x=2)  # Zwietracht FAQ: {U}{R} // {3}{R}{W}
    assert "ℹ️ X = 2 nicht verwendet: {U}{R} // {3}{R}{W} enthält kein {X}." in split.pages[0].body


@pytest.mark.parametrize("typed", ["{1}oder{R}", "{1} oder{R}", "{1}oder {R}", "{1}ODER{R}", "{1} Or{R}"])
def test_oder_next_to_a_mana_symbol_separates_the_alternatives(typed):
    assert parse_upkeep(typed) == parse_upkeep("{1} oder {R}"), typed
    assert len(parse_upkeep(typed)) == 2


async def test_oder_between_zero_width_spaces_is_read_through_the_door(ctx):
    # the zero-width spaces are dropped beside a brace (bot.text.clean) and „ODER“ then meets the symbols
    from bot.commands import TABLE
    from bot.commands.check import check_options

    leaf = next(leaf for leaf in TABLE.leaves if leaf.path == ("mana", "upkeep"))
    typed = [{"name": "cost", "value": "{1}\u200bODER\u200b{R}"}, {"name": "counters", "value": 2}]
    call = check_options(leaf, typed)
    reply = await run_answer(ctx, "mana_upkeep", **call.options)
    assert reply.pages[0].title == "Kumulative Versorgung {1} oder {R}"
    assert reply.pages[0].body.startswith("**Gesamtkosten (4):** {3} · {2}{R} · {1}{R}{R} · {R}{R}{R}\n")


@pytest.mark.parametrize(("typed", "message"), [
    ("{1} oder", "Nach „oder“ fehlt eine Möglichkeit, z. B. „{W} oder {U}“."),
    ("{1} oder oder {R}", "Nach „oder“ fehlt eine Möglichkeit, z. B. „{W} oder {U}“."),
    ("ODER {R}", "Vor „ODER“ fehlt eine Möglichkeit, z. B. „{W} oder {U}“."),
    ("oder", "Keine Versorgungskosten angegeben."),
    # the separator named is the one beside the missing alternative, not the first one typed
    ("{1} | {R} oder", "Nach „oder“ fehlt eine Möglichkeit, z. B. „{W} oder {U}“."),
    ("{1} oder {R} |", "Nach „|“ fehlt eine Möglichkeit, z. B. „{W} oder {U}“."),
    ("{1} or {R} oder | {G}", "Nach „oder“ fehlt eine Möglichkeit, z. B. „{W} oder {U}“."),
])
def test_a_dangling_oder_is_named(typed, message):
    with pytest.raises(ManaError) as caught:
        parse_upkeep(typed)
    assert str(caught.value) == message


async def test_a_dangling_oder_is_the_answer_s_message(ctx):
    reply = await run_answer(ctx, "mana_upkeep", cost="{1} oder oder {R}", counters=2)
    assert reply.error and reply.pages[0].title == "Ungültige Versorgungskosten"
    assert "Nach „oder“ fehlt eine Möglichkeit" in reply.pages[0].body


def test_german_int_groups_five_digits_and_more():
    assert [german_int(n) for n in (0, 999, 1000, 9999, 10_000, 182_104, 2_000_000, -(2**53))] == [
        "0", "999", "1000", "9999", "10.000", "182.104", "2.000.000", "-9.007.199.254.740.992"]


async def test_large_numbers_are_shown_with_german_thousands_separators(ctx):
    life = await run_answer(ctx, "mana_upkeep", cost="1000000 Lebenspunkte", counters=1)
    assert life.pages[0].title == "Kumulative Versorgung 1.000.000 Lebenspunkte"
    assert life.pages[0].body.startswith("**Gesamtkosten:** 2.000.000 Lebenspunkte\n**Versorgungskosten:** "
                                         "1.000.000 Lebenspunkte · **Altersmarken beim Auslösen:** 1 (+1 → 2× zahlen)")
    counters = await run_answer(ctx, "mana_upkeep", cost="{1} oder {R} oder {G}", counters=1_000_000)
    assert "mit a + b + c = 1.000.001 (500.002.500.003 Kombinationen)" in counters.pages[0].body
    assert "**Altersmarken beim Auslösen:** 1.000.000 (+1 → 1.000.001× zahlen)" in counters.pages[0].body
    assert "1.000.001 Zahlungen, 3 Möglichkeiten" in counters.pages[0].body
    paid = await run_answer(ctx, "mana_pay", cost="{G/P}{G/P}", pool="C", life=100_000)
    assert "· **Leben:** 100.000" in paid.pages[0].body
    seed = next(o for o in ODDS.options if o.name.en == "seed")
    assert seed.expected() == "ganze Zahl von 0 bis 999.999.999"
    refused = await run_answer(ctx, "clash_odds", library1="0:60", library2="0:60", seed=1_000_000_000)
    assert refused.pages[0].body == "Der Startwert muss zwischen 0 und 999.999.999 liegen."


async def test_a_large_mana_value_is_grouped_and_the_symbols_stay_as_printed(ctx):
    reply = await run_answer(ctx, "mana_info", cost="{1000}" * 11)
    assert reply.pages[0].body.startswith("**Manawert:** 11.000 · **Farben:** farblos\n**Manakosten:** "
                                          + "{1000}" * 11)
    assert reply.pages[0].fields[0].value.endswith(": " + " + ".join(["1000"] * 11) + " = 11.000")


async def test_large_totals_keep_their_terms_apart_and_write_generic_mana_above_the_bound_in_words(ctx):
    # 702.24a: {1}{G} paid once per age counter, 1 000 001 times; /mana info reads at most {1000}
    green = await run_answer(ctx, "mana_upkeep", cost="{1}{G}", counters=1_000_000)
    assert green.pages[0].body.startswith("**Gesamtkosten:** 1.000.001 generisches Mana + 1.000.001×{G}\n")
    hybrid = await run_answer(ctx, "mana_upkeep", cost="{W/U/P}{2/G}{X}", counters=1_000_000)
    assert hybrid.pages[0].body.startswith(
        "**Gesamtkosten:** 1.000.001×{X} + 1.000.001×{2/G} + 1.000.001×{W/U/P}\n")
    short = await run_answer(ctx, "mana_upkeep", cost="{1}{G}{G}", counters=6)  # 7 payments: 14 green counted
    assert short.pages[0].body.startswith("**Gesamtkosten:** {7} + 14×{G}\n")
    assert (await run_answer(ctx, "mana_upkeep", cost="{1}{G}", counters=3)).pages[0].body.startswith(
        "**Gesamtkosten:** {4}{G}{G}{G}{G}\n")  # short runs stay symbols, as printed
    total = await run_answer(ctx, "mana_total", cost="{1000}{G}", increase="{1000}, {1000}")
    assert total.pages[0].body.startswith("**Gesamtkosten:** 3000 generisches Mana + {G}\n")
    refused = await run_answer(ctx, "mana_info", cost="{1001}")
    assert refused.error and "mehr als 1000 generisches Mana" in refused.pages[0].body
