"""The notes on words read joined name the document's spelling, a register page's title echoes the question as
typed, and a piece of two words is named as two words (bot/answers/keyword_pairs.py, bot/answers/questions.py,
bot/answers/rule_numbers.py)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.keyword_pairs import MAX_SPELLING_SEARCHES, printed_spellings, read_asked
from bot.answers.rule_numbers import searched_words
from bot.ranking import ranker


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


@pytest.fixture
def searched(ctx, monkeypatch) -> list[str]:
    """The words the store's :meth:`~bot.store.Store.printed_at` is asked for during a test, in order."""
    asked: list[str] = []
    printed_at = ctx.store.printed_at

    async def counted(word: str) -> tuple[str, str] | None:
        asked.append(word)
        return await printed_at(word)

    monkeypatch.setattr(ctx.store, "printed_at", counted)
    return asked


async def test_the_documents_spelling_is_looked_up_once_a_word(ctx, searched):
    """A name split 300 times: until 2026-12-08 each joined pair was looked up again, every spelling of it (600
    searches of the passages here, up to 16 a pair), without a bound."""
    vocab = (await ranker(ctx.store)).analyser.vocab
    read = await read_asked(ctx.store, vocab, "adarkar walkuere " * 300)
    assert len(read.joined) == 300 and {w for _typed, w in read.joined} == {"Adarkarwalküre"}
    assert searched == ["adarkarwalkuere", "adarkarwalküre"]  # the word as read, then with its „ue“ as „ü“


async def test_the_searches_of_the_documents_spelling_stop_at_their_bound(ctx, searched):
    """Words no passage prints, each of 16 spellings (four pairs typed for umlauts): 32 searches, then none; the
    words are kept as read."""
    assert await printed_spellings(ctx.store, [f"aeoeuess{c}" for c in "bcdfgh"]) == {}
    assert len(searched) == MAX_SPELLING_SEARCHES == 32
    assert searched[:2] == ["aeoeuessb", "äoeuessb"]


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
