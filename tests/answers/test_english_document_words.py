"""The English words of the documents are words of the documents: 000 (the clash article, German and English) prints
„A player wins a clash“ (701.19c, line 37) and „There are no draws or losses in a clash“ (line 48), so no answer
says „„wins“ (gelesen als „win“) steht so in keinem Dokument des Bots“. They are a set of their own (the build's
``meta`` row ``english_words``, :attr:`bot.vocabulary.Vocabulary.english`) that the typo repair consults, not words
of the vocabulary the ranking counts and splits compounds with: 000's „such“ does not split 001's „Suchfähigkeit“."""

from __future__ import annotations

import pytest

from bot.answers import AnswerContext, run_answer
from bot.ranking import ranker

_NOTE = "steht so in keinem Dokument des Bots"


async def test_000s_english_words_are_a_set_of_their_own(store):
    counts = dict(await store.fetchall("SELECT word, count FROM vocabulary WHERE word IN"
                                       " ('wins', 'draws', 'losses', 'such', 'win', 'clash')"))
    assert counts == {"win": 2, "clash": 2}  # the German passages' words and counts only
    english = await store.english_words()
    assert {"wins", "draws", "losses", "such"} <= english and not english & {"win", "clash"}
    vocab = (await ranker(store)).analyser.vocab
    assert vocab.prints("wins") and not vocab.knows("wins")


async def test_an_english_word_splits_no_german_compound(store):
    # 001:586 (Grozoth: „Die Suchfähigkeit lässt dich Karten finden …“): the compound is no „such“ + „fähigkeit“
    a = (await ranker(store)).analyser
    assert a.compound_parts("suchfähigkeit") == [] and a.stems("suchfähigkeit") == ["suchfah"]
    (terms,) = await store.fetchall("SELECT terms FROM passages WHERE key = '001:586'")
    assert "suchfah" in terms[0].split() and "such" not in terms[0].split()


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

