"""The players' „alte Farbe(n)“ and „alte Zone“ are the documents' „bisherige“ (data/synonyms.tsv, group ``bisherig``;
docs/ranking.md ¹³⁵): 003:180 (CR 105.3) „Gibt ein Effekt einem Objekt eine neue Farbe, ersetzt diese alle bisherigen
Farben“, 003:428 (601.2a) „… aus ihrer bisherigen Zone … oben auf den Stapel“."""

from __future__ import annotations

import pytest

from bot.ranking import ranker

FORMER = "zzsbisherig"
COLOUR_CHANGE = "003:180"


async def test_the_documents_bisherig_passages_hold_the_group(ctx):
    colours = await ctx.store.passage_by_key(COLOUR_CHANGE)
    assert colours is not None and "ersetzt diese alle bisherigen Farben" in colours.text
    spell = await ctx.store.passage_by_key("003:428")
    assert spell is not None and "aus ihrer bisherigen Zone" in spell.text
    assert FORMER in colours.concepts and FORMER in spell.concepts


@pytest.mark.parametrize(("question", "former"), [
    ("ein effekt macht meine kreatur grün, verliert sie ihre alten farben?", True),
    ("kreatur wird schwarz, bleibt die alte farbe dazu?", True),
    ("welche alte zone hat ein zauberspruch auf dem stapel", True),
    ("was ist die alte regel für manabrand", False),  # „alt“ of a rule is no former colour or zone
    ("gilt das auch für alte karten", False),
])
async def test_alte_farbe_and_alte_zone_are_the_documents_bisherige(ctx, question, former):
    r = await ranker(ctx.store)
    assert (FORMER in r.analyser.analyse(question, question=True).concepts) is former


async def test_a_question_on_the_former_colours_leads_with_the_colour_change_rule(ctx):
    # before, the entries that list the five colours led (003:184 Farbpaare, 003:272, 003:172): 003:180 2nd and not
    # among the first thirty
    r = await ranker(ctx.store)
    for question in ("ein effekt macht meine kreatur grün, verliert sie ihre alten farben?",
                     "kreatur wird schwarz, bleibt die alte farbe dazu?"):
        found = await r.search(ctx.store, question, ctx.names, limit=3)
        assert found.hits[0].passage.key == COLOUR_CHANGE, (question, [h.passage.key for h in found.hits])
