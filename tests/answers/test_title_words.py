"""A word that only a passage's title holds is in a document: „zuschießen“ stands in no passage's text, only in the
title of 001's section „Karten mit doppeltem Zuschießen“ (001:2929). ``/frage`` never calls it unknown and puts no
🚫 line above that section when it leads."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.off_topic import OFF_TOPIC_LINE, title_holds, titled_lead, titled_terms
from bot.answers.unknown_notes import untitled
from bot.ranking import ranker

UNKNOWN = "in keinem Dokument des Bots"


async def test_the_store_finds_a_term_only_a_title_holds(ctx):
    assert await titled_terms(ctx.store, ["zuschiess", "funktioni", "no-fts)"]) == frozenset({"zuschiess"})


@pytest.mark.parametrize("question", ["wie funktioniert zuschießen", "wie funktioniert zuschiessen"])
async def test_frage_neither_calls_a_title_word_unknown_nor_off_topic(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    assert reply.pages[0].title == "Karten mit doppeltem Zuschießen"
    assert "_Schlüssel: 001:2929_" in body
    assert UNKNOWN not in body
    assert OFF_TOPIC_LINE not in body


async def test_an_off_topic_question_keeps_its_line(ctx):
    reply = await run_answer(ctx, "question", question="wie teuer ist ein booster")
    assert OFF_TOPIC_LINE in reply.pages[0].body


async def test_one_rule_decides_that_a_title_holds_a_word(ctx):
    # the lead's title (titled_lead, from the hit's names) and the store's titles (untitled, from the index) are read
    # by one rule: a word is held when one of its terms is one of the title's terms as written
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wie funktioniert zuschießen", ctx.names, limit=5)
    section = found.hits[0].passage
    assert (section.key, section.names) == ("001:2929", frozenset({"zzsmehrfach", "kart", "doppelt", "zuschiess"}))
    assert title_holds(section.names, ["zuschiess", "zuschiessen"])
    assert not title_holds(section.names, ["funktioni"])
    assert title_holds(await titled_terms(ctx.store, ["zuschiess", "funktioni"]), ["zuschiess"])
    assert titled_lead(found, r.term_weights, max(r.term_weights.values()))  # as off_topic weighs a word no text holds
    assert await untitled(ctx.store, found.analysis, ["zuschießen"]) == []
