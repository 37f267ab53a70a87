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
