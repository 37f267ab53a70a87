"""``/frage``'s reading and search (bot/answers/frage_search.py) is what the answer ranks and what the benches count:
a question the door reads otherwise than typed is counted as the door reads it."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.answers import run_answer
from bot.answers.frage_search import frage_search
from bot.ranking import ranker
from tests.answers.shape import page_keys

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

#: A card's name typed in two words: 001 prints „Adarkarwalküre“ (Kälteeinbruch), whose ruling 001:2967 answers
#: whether a token returns: „… käme die Spielsteinkreatur nicht ins Spiel zurück.“
SPLIT_NAME = "adarkar walkuere auf nen token, kommt der zurueck"


async def test_split_words_are_joined_before_the_search(ctx):
    r = await ranker(ctx.store)
    read, _asked, found = await frage_search(ctx, r, SPLIT_NAME, 5)
    assert "adarkarwalkuere" in read.text
    assert found.hits[0].passage.key == "001:2967"
    assert "käme die Spielsteinkreatur nicht ins Spiel zurück" in found.hits[0].passage.text
    # the raw text, searched as typed, does not find the card's ruling first: the reading is what decides
    typed = await r.search(ctx.store, SPLIT_NAME, ctx.names, limit=5)
    assert typed.hits[0].passage.key != "001:2967"


async def test_the_bench_counts_what_the_answer_shows(ctx):
    from bench_questions import Question, frage_keys

    r = await ranker(ctx.store)
    keys = await frage_keys(ctx.store, r, ctx.names, Question("x", SPLIT_NAME, ("001:2967",)))
    reply = await run_answer(ctx, "question", question=SPLIT_NAME)
    assert keys[0] == "001:2967"
    assert page_keys(reply)[0] == "001:2967"  # the lead passage, then the candidates' buttons


async def test_the_cross_validation_ranks_the_doors_text(ctx):
    """The benches that gather candidates once (the CV, bench/weight_methods.py) rank :func:`frage_text`: the
    question as the door reads it, so its candidates rank the card's ruling first as the answer does."""
    from bench_questions import Question
    from weight_methods import gathered

    from bot.answers.frage_search import frage_text

    r = await ranker(ctx.store)
    text = await frage_text(ctx.store, r, SPLIT_NAME)
    assert "adarkarwalkuere" in text and "walkuere" not in text.replace("adarkarwalkuere", "")
    (cands,) = await gathered(r, ctx.store, [Question("x", SPLIT_NAME, ("001:2967",))], ctx.names)
    assert r.rank(cands, limit=5).hits[0].passage.key == "001:2967"
