"""The English words of the documents are words of the documents: 000 (the clash article, German and English) prints
„A player wins a clash“ (701.19c, line 37) and „There are no draws or losses in a clash“ (line 48), so no answer
says „„wins“ (gelesen als „win“) steht so in keinem Dokument des Bots“. The vocabulary counted the German passages
only; it now holds the words only the documents' English text has, the German words' counts unchanged."""

from __future__ import annotations

import pytest

from bot.answers import AnswerContext, run_answer

_NOTE = "steht so in keinem Dokument des Bots"


async def test_the_vocabulary_holds_000s_english_words(store):
    counts = dict(await store.fetchall("SELECT word, count FROM vocabulary WHERE word IN"
                                       " ('wins', 'draws', 'losses', 'win', 'clash')"))
    # „wins“: 701.19c, the article's step 5 and the ruling „no one wins the clash“; „win“, „clash“ as counted before
    assert counts == {"wins": 3, "draws": 1, "losses": 1, "win": 2, "clash": 2}


@pytest.mark.parametrize(("kind", "option", "text"), [
    ("question", "question", "who wins clash"),
    ("question", "question", "was ist draws"),
    ("ruling", "search", "wins clash"),
    ("rule", "search", "wins clash"),
])
async def test_no_answer_calls_000s_english_words_unknown(ctx: AnswerContext, kind, option, text):
    reply = await run_answer(ctx, kind, **{option: text})
    body = reply.pages[0].body
    assert _NOTE not in body and "gelesen als „win“" not in body and "gelesen als „draw“" not in body, body[:300]

