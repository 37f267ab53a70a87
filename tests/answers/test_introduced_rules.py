"""A mechanics paragraph that only announces rules („Die offiziellen Regeln für die Fähigkeit Transmutation lauten
wie folgt:“, twelve in 001) is shown with the rules the document prints after it, wherever it is the answer: the
deciding clause is in those rules, never in the lead-in."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer
from bot.answers.questions import introduced_rules

#: 001's lead-in paragraphs (their line) and the first rule printed after each, as 001 prints it.
LEAD_INS = {
    "001:33": "104.3",
    "001:67": "502.46",
    "001:97": "502.47",
    "001:122": "502.48",
    "001:1061": "502.50",
    "001:1094": "502.51",
    "001:1137": "502.52",
    "001:1921": "502.53",
    "001:1951": "502.54",
    "001:2823": "502.13",
    "001:2854": "502.55",
    "001:2877": "502.56",
}

TRANSMUTE_SORCERY = ("Spiele diese Fähigkeit nur zu einem Zeitpunkt, zu dem du auch eine Hexerei spielen "
                     "könntest.")


@pytest.mark.parametrize(("key", "first"), sorted(LEAD_INS.items()))
async def test_every_lead_in_brings_the_rules_printed_after_it(ctx, key, first):
    lead_in = await ctx.store.passage_by_key(key)
    assert lead_in is not None and lead_in.text.endswith("lauten wie folgt:")
    rules = await introduced_rules(ctx.store, lead_in)
    assert [r.number for r in rules][:1] == [first]
    assert len(rules) >= 2 and all(r.kind == "quoted_rule" for r in rules)


async def test_no_other_paragraph_brings_rules(ctx):
    paragraph = await ctx.store.passage_by_key("001:114")  # Transmutation's first paragraph, no colon
    assert paragraph is not None and await introduced_rules(ctx.store, paragraph) == []


async def test_the_lead_in_opened_by_its_button_shows_the_deciding_rule(ctx):
    body = (await run_action(ctx, "passage", "001:122")).pages[0].body
    assert "lauten wie folgt:" in body
    assert "**Regel 502.43a** (heute 702.53a)" in body
    assert TRANSMUTE_SORCERY in body
    assert body.index("502.43a") < body.index("502.48b") < body.index("_Schlüssel: 001:122_")


async def test_frage_answered_with_a_lead_in_shows_its_rules_on_the_first_page(ctx):
    reply = await run_answer(ctx, "question", question="transmutation darf ich das zur spontanzeit machen")
    # whichever passage leads (today the lead-in 001:122, or the rule 001:126 itself), the deciding clause is there
    assert TRANSMUTE_SORCERY in reply.pages[0].body
