"""A quoted word is a term only where the documents quote such a word (bot/quoted_words.py: „du“, „dein“ in
003:339): a quoted joiner still joins a comparison, a quoted stop word no document quotes is read as if unquoted.
Real values: 001's sections Spuk (Gildenbund) and Ausgraben (Ravnica)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.quoted_words import unquoted
from bot.ranking import ranker

#: The quotation styles a player types around a word: German, Swiss, English, typewriter, Discord's inline code,
#: corner brackets.
QUOTES = [("„", "“"), ("‚", "‘"), ("»", "«"), ("«", "»"), ("›", "‹"), ("‹", "›"), ("“", "”"), ("‘", "’"),
          ('"', '"'), ("'", "'"), ("`", "`"), ("”", "”"), ("「", "」"), ("『", "』")]


@pytest.mark.parametrize(("opens", "closes"), QUOTES)
async def test_a_quoted_joiner_still_joins_a_comparison(ctx, opens, closes):
    # before: „Ausgraben“ alone, Spuk dropped without a word
    reply = await run_answer(ctx, "question", question=f"spuk {opens}oder{closes} ausgraben")
    page = reply.pages[0]
    assert page.title == "Spuk · Ausgraben", (opens, page.title)
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in page.body


async def test_a_quoted_stop_word_no_document_quotes_is_read_unquoted(ctx):
    # before: a hedged Spuk ruling (the quoted „ist“ a term no passage has) instead of the Spuk section
    quoted = (await run_answer(ctx, "question", question="was „ist“ spuk")).pages[0]
    plain = (await run_answer(ctx, "question", question="was ist spuk")).pages[0]
    assert quoted.title == plain.title == "Spuk"
    assert quoted.body.split("\n", 1)[1] == plain.body.split("\n", 1)[1]  # the same reading after the echo
    assert "⚖️" not in quoted.body


async def test_only_the_documents_quoted_words_stay_quoted(ctx):
    terms = (await ranker(ctx.store)).term_weights
    assert unquoted("wen meint 'du' auf einer karte", terms) == "wen meint 'du' auf einer karte"  # 003:339
    assert unquoted("was „ist“ „dein“ `oder` \"Spuk\"", terms) == "was ist „dein“ oder \"Spuk\""
    assert unquoted("can't „du“", terms) == "can't „du“"


async def test_a_quoted_run_of_stop_words_the_documents_quote_is_asked_about(ctx):
    # 003:35 (101.2): „… hat der „kann nicht“-Effekt Vorrang.“; before: „Wonach fragst du? … nennt nichts“
    reply = await run_answer(ctx, "question", question="was bedeutet `kann nicht`")
    assert not reply.error and reply.pages[0].title == "Regel 101.2 (Erklärung)"
    assert "hat der „kann nicht“-Effekt Vorrang." in reply.pages[0].body
    terms = (await ranker(ctx.store)).term_weights
    assert unquoted("was „ist nicht“ spuk", terms) == "was ist nicht spuk"


@pytest.mark.parametrize(("opens", "closes"), QUOTES)
async def test_every_quotation_style_quotes_du_as_the_documents_do(ctx, opens, closes):
    # 003:339 quotes „du“ (CR 109.5): a quoted „du“ in any style is its term, so the same passages answer
    r = await ranker(ctx.store)
    keys = [[h.passage.key for h in (await r.search(ctx.store, f"wen meint {o}du{c} auf einer karte", ctx.names,
                                                    limit=3)).hits] for o, c in (("„", "“"), (opens, closes))]
    assert keys[1] == keys[0] and "003:339" in keys[0], (opens, keys)
