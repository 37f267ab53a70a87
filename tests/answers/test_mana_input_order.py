"""The mana calculators bound a text option's length before reading anything in it
(:func:`bot.answers.calc_input.read_cost`): an over-long cost is refused as too long, whatever it holds."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.calc_input import MAX_INPUT


async def test_an_overlong_cost_is_refused_as_too_long_before_its_markup_is_read(ctx):
    cost = "{1}<@123>" + "{G}" * MAX_INPUT
    reply = await run_answer(ctx, "mana_info", cost=cost)
    assert reply.error and reply.pages[0].title == "Kosten zu lang"
    assert f"Höchstens {MAX_INPUT} Zeichen." in reply.pages[0].body
    short = await run_answer(ctx, "mana_info", cost="{1}<@123>")
    assert short.error and short.pages[0].title == "Kosten: Erwähnung von Discord"


async def test_markup_in_the_alternative_cost_is_refused_under_a_capitalised_title(ctx):
    reply = await run_answer(ctx, "mana_total", cost="{2}{G}", alternative="{1}<@123>")
    assert reply.error and reply.pages[0].title == "Alternative Kosten: Erwähnung von Discord"


async def test_a_markup_refusal_says_what_the_option_takes(ctx):
    # a pool, the convoking creatures and a cost increase take no card's name: the refusal does not offer one
    pool = await run_answer(ctx, "mana_pay", cost="{1}", pool="<@1> 2 rot")
    assert "Gib den Manavorrat wie `{B}{G}{G}`, `BGG` oder `2 grün, 3 weiß` ein." in pool.pages[0].body
    creatures = await run_answer(ctx, "mana_convoke", cost="{3}{G}", creatures="<@1>, rot")
    assert creatures.pages[0].title == "Kreaturen: Erwähnung von Discord"
    assert "keine Farbe. Gib die Farben der getappten Kreaturen ein, z. B. `Artefakt, rot, grün-weiß`." in (
        creatures.pages[0].body)
    increase = await run_answer(ctx, "mana_total", cost="{2}{G}", increase="{1}<#5>")
    assert "kein Manasymbol. Gib Manasymbole wie `{2}{R}` ein." in increase.pages[0].body
    for reply in (pool, creatures, increase):
        assert "Kartenname" not in reply.pages[0].body
    cost = await run_answer(ctx, "mana_info", cost="{2}<@!5>")  # a cost may be a card's name
    assert "Gib Manasymbole wie `{2}{R}` oder einen Kartennamen ein." in cost.pages[0].body
