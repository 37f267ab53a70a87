"""``/frage`` reads its question once (bot/answers/abolished.py :func:`asked_search`): the analysis that decides the
search's word order (the change register's rows, „verbrennt mana“ searched as „mana verbrennt“) is the one the
search ranks with, not read a second time. Real values: 001's Spuk section (Gildenbund); the register's Manabrand
row (data/changes.toml)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.ranking import ranker


@pytest.mark.parametrize(("question", "title"), [
    ("was macht spuk", "Spuk"),
    ("gibt es noch manabrand", None),  # asks about an abolished rule: the rows read from the same analysis
])
async def test_frage_analyses_its_question_once(ctx, monkeypatch, question, title):
    analyser = (await ranker(ctx.store)).analyser
    read: list[str] = []
    analyse = analyser.analyse

    def counted(text, **kwargs):
        if kwargs.get("question"):
            read.append(text)
        return analyse(text, **kwargs)

    monkeypatch.setattr(analyser, "analyse", counted)
    reply = await run_answer(ctx, "question", question=question)
    assert not reply.error
    assert title is None or reply.pages[0].title == title
    assert read.count(question) == 1, read


@pytest.mark.parametrize(("question", "reads"), [
    ("gibt es noch manabrand", 1),  # the register's Manabrand row (data/changes.toml) leads
    ("was macht spuk", 1),
    ("verbrennt mana noch", 2),  # searched turned („mana verbrennt noch“): that text's analysis is read too
])
async def test_the_register_reads_the_questions_words_once(ctx, monkeypatch, question, reads):
    # the rows of an abolished rule and the words they name (bot/answers/abolished.py: search_order, asked_search,
    # register_read) come from one reading of the analysis; before, the same analysis was read three times
    from bot.answers.abolished import RegisterWords, register_words

    await register_words(ctx.store)  # the register's own rows read once per store, before the question
    count: list[int] = []
    read = RegisterWords.read

    def counted(self, analysis):
        count.append(1)
        return read(self, analysis)

    monkeypatch.setattr(RegisterWords, "read", counted)
    reply = await run_answer(ctx, "question", question=question)
    assert not reply.error
    assert len(count) == reads
