"""The notes on words read joined name the document's spelling, a register page's title echoes the question as
typed, and a piece of two words is named as two words (bot/answers/keyword_pairs.py, bot/answers/questions.py,
bot/answers/rule_numbers.py)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.rule_numbers import searched_words


@pytest.mark.parametrize(("question", "line"), [
    # until 2026-12-07 „als „adarkarwalkuere““ and „als „AdarkarWalküre““: the reading, not document 001's spelling
    ("adarkar walkuere", "ℹ️ Getrennt geschrieben, zusammen gelesen: „adarkar walkuere“ als „Adarkarwalküre“."),
    ("Adarkar Walküre wenn sie stirbt",
     "ℹ️ Getrennt geschrieben, zusammen gelesen: „Adarkar Walküre“ als „Adarkarwalküre“."),
])
async def test_a_name_read_joined_is_named_as_the_document_prints_it(ctx, question, line):
    reply = await run_answer(ctx, "question", question=question)
    assert reply.pages[0].title == "Adarkarwalküre"
    assert reply.pages[0].body.startswith(f"Frage: „{question}“\n{line}\n"), reply.pages[0].body[:200]


async def test_the_rule_search_names_the_document_s_spelling_too(ctx):
    reply = await run_answer(ctx, "rule", search="adarkar walkuere")
    assert "„adarkar walkuere“ als „Adarkarwalküre“" in reply.pages[0].body


async def test_a_register_page_s_title_echoes_the_question_as_typed(ctx):
    """Until 2026-12-07 the title echoed the reading: „„adarkarwalkuere der verbrennt mana llanovarelfen heute“
    heute“."""
    question = "adarkar walkuere der verbrennt mana llanowar elfen heute"
    reply = await run_answer(ctx, "question", question=question)
    assert reply.pages[0].title == f"„{question}“ heute"
    assert "**Manabrand abgeschafft** (seit 11.07.2009)" in reply.pages[0].body


async def test_a_piece_of_two_words_is_named_as_two_words(ctx):
    """``*a*b* ~~c~~``: the markup out, the piece „a*b c“ (until 2026-12-07 „Das Wort „a\\*b c“ wurde auch
    gesucht“)."""
    reply = await run_answer(ctx, "ruling", search="*a*b* ~~c~~ 999.8")
    assert reply.error and "\nDie Wörter „a\\*b c“ wurden auch gesucht: kein Ruling gefunden." in reply.pages[0].body
    assert searched_words(["ley linien"]) == "Die Wörter „ley linien“ wurden auch gesucht"
    assert searched_words(["trampelschaden"]) == "Das Wort „trampelschaden“ wurde auch gesucht"
    rule = await run_answer(ctx, "rule", search="702.19 ley linien")
    assert "ℹ️ Die Wörter „ley linien“ wurden auch gesucht; ihre Treffer folgen nach der Regel." in rule.pages[0].body
