"""A question's word that no passage holds in any form (a word of the player's the documents never use, or a typo
no document's word is near) weighs :attr:`bot.weights.Weights.unheld` of the highest idf in the ``coverage`` part's
total (bot/ranking.py, bot/question_words.py). Shipped at 1, the full weight (docs/ranking.md, ¹⁸: 0.25 lost on top
of the unnamed sections); measured at 0.25 here, as ``bench/weight_methods.py --set unheld=0.25`` does."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from bot.question_words import QuestionWords
from bot.ranking import ranker

#: 003 line 40 answers it („Müssten mehrere Spieler gleichzeitig Entscheidungen treffen …, trifft zuerst der aktive
#: Spieler … alle nötigen Entscheidungen, dann …“); the typed „glechzeitig“ is read as no word of the documents.
QUESTION = "wer entscheidet zuerst wenn beide spieler glechzeitig was wählen müssen"


async def test_a_word_no_passage_holds_weighs_a_share_of_the_highest_idf(ctx):
    r = await ranker(ctx.store)
    found = await r.candidates(ctx.store, QUESTION, ctx.names)
    idf = r._term_idf
    assert "glechzeit" in found.analysis.terms and "glechzeit" not in idf
    assert r._unknown_idf == pytest.approx(math.log(await ctx.store.passage_count() + 1))
    quarter = r.variant(weights=replace(r.weights, unheld=0.25))
    words = QuestionWords.of(found.analysis, idf, r._unknown_idf * 0.25, r.weights.typo, r._asking)
    assert dict(w[0] for w in words.words)["glechzeit"] == pytest.approx(0.25 * r._unknown_idf)
    hit = next(h for h in quarter.rank(found, limit=5).hits if h.passage.key == "003:40")
    p = hit.passage
    assert "glechzeit" not in p.terms and {"entscheid", "spieler"} <= p.terms
    assert hit.parts["coverage"] == pytest.approx(r.weights.coverage * words.held(p.terms, p.names) / words.total)
    # at the full weight (1) the share is smaller by the word no passage holds
    full = QuestionWords.of(found.analysis, idf, r._unknown_idf, r.weights.typo, r._asking)
    assert full.total - words.total == pytest.approx(0.75 * r._unknown_idf)


async def test_the_passage_holding_the_rest_of_the_question_leads(ctx):
    r = await ranker(ctx.store)
    found = await r.candidates(ctx.store, QUESTION, ctx.names)
    assert r.rank(found, limit=1).hits[0].passage.key == "003:40"
    # at a quarter of the weight the word no passage holds shrinks 003:40's share less: its lead grows (001:2063, a
    # ruling of the split cards' section „Falls ein Effekt einen Spieler anweist, …“, led at the full weight before
    # a section the question never names got the unnamed part)
    quarter = r.variant(weights=replace(r.weights, unheld=0.25))

    def lead(ranking) -> float:
        first, second = ranking.rank(found, limit=2).hits
        return first.score - second.score

    assert lead(quarter) > lead(r)
