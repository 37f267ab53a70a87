"""``/frage``'s reading and search of a question: the one path the answer (bot/answers/questions.py) and the benches
that count ``/frage`` (``bench/bench_questions.py``, ``bench/judge_count.py``) share, so that what they count is what
a player is shown.

The steps, in order: a quoted stop word no document quotes is read unquoted (:func:`bot.quoted_words.unquoted`);
the question is read as every free-text door reads it (:func:`bot.answers.keyword_pairs.read_asked`: Discord markup
out, split words joined — „adarkar walkuere“ as 001's „Adarkarwalküre“ —, two words spelling a keyword read as its
name); then one ranked search with the words in the change register's order
(:func:`bot.answers.abolished.asked_search`).
"""

from __future__ import annotations

from typing import NamedTuple

from bot.answers.abolished import Asked, asked_search, register_words, search_order
from bot.answers.keyword_pairs import read_asked
from bot.answers.registry import AnswerContext
from bot.question_reading import ReadQuestion
from bot.quoted_words import unquoted
from bot.ranking import Ranked, Ranker
from bot.store import Store


class Searched(NamedTuple):
    """What :func:`frage_search` made of a question: its reading (``read.text`` is the text searched), what the
    register read of it and the ranked hits (at most the ``limit`` asked for)."""

    read: ReadQuestion
    asked: Asked
    found: Ranked


async def frage_search(ctx: AnswerContext, r: Ranker, question: str, limit: int) -> Searched:
    """``question`` read and searched as ``/frage`` does (the module's steps); ``r``: the ranker (the bot's, or a
    bench's variant), ``limit``: how many hits. Bounded as its steps are (each reads the text once; the question is
    at most Discord's 6 000 characters).

    Raises:
        bot.errors.StoreClosed: the store was closed.
    """
    read = await _read(ctx.store, r, question)
    asked, found = await asked_search(ctx, r, read.text, limit)
    return Searched(read, asked, found)


async def frage_text(store: Store, r: Ranker, question: str) -> str:
    """The text :func:`frage_search` gives the ranker for ``question`` (read as the module says, its words in the
    register's order, :func:`bot.answers.abolished.search_order`): what the benches that gather a question's
    candidates once and rank them many times (the cross-validation, ``bench/weight_methods.py``;
    ``bench/ranked_ids.py``) rank, so that they count what ``/frage`` ranks. ``question``: at most Discord's 6 000
    characters; no search.

    Raises:
        bot.errors.StoreClosed: the store was closed.
    """
    read = await _read(store, r, question)
    return search_order(await register_words(store), read.text)[0]


async def _read(store: Store, r: Ranker, question: str) -> ReadQuestion:
    """``question`` read as the module's first two steps read it."""
    return await read_asked(store, r.analyser.vocab, unquoted(question, r.term_weights))
