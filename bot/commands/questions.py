"""``/ask`` (German ``/frage``): a rules question in the player's own words."""

from __future__ import annotations

import asyncio

from bot.answers.registry import AnswerContext
from bot.commands.spec import Command, Option, tr

COMMANDS = [
    Command(
        tr("ask", "frage"),
        tr(
            "Ask a rules question in your own words (answer: the best passage of the documents)",
            "Eine Regelfrage in eigenen Worten (Antwort: die passendste Stelle der Dokumente)",
        ),
        "bot.answers.questions:question_answer",
        [Option(tr("question", "frage"), tr("Your question, e.g. who wins a clash with equal cards?",
                                            "Deine Frage, z. B. Wer gewinnt die Fehde bei gleichen Manawerten?"))],
    ),
]


async def read_ranker(ctx: AnswerContext) -> None:
    """Read the analyser's vocabulary and the term counts, stem the card-name words and analyse the earlier
    questions (about 0.5 s) at start and after a store swap, not at the first question; the German dictionary that
    tells a question's ordinary words from slips (:func:`bot.german_words.german_dictionary`, in a worker thread:
    from the user's cache folder in ≈ 0.03 s, read from pyspellchecker's resource ≈ 0.5 s the first time) and its
    common words that the slip repair keeps as typed (:func:`bot.german_words.common_words`, ≈ 0.2 s, a worker
    thread); and the store's other names of cards (one pass over its passages,
    :func:`bot.question_mentions.other_names`); and the keywords' names split in two that free text is read with
    (:func:`bot.answers.keyword_pairs.keyword_pairs`, one phrase look-up per pair both of whose pieces the documents
    hold), which ``/frage``, ``/regel suche`` and
    ``/ruling suche`` read; and the change register's rows read as a question is
    (:func:`bot.answers.abolished.register_words`, ≈ 0.05 s: every row's words analysed), which the same three read
    first."""
    # at the warm-up only: a one-shot command imports no answer module it does not run (tests/test_lazy_imports.py)
    from bot.answers.abolished import register_words
    from bot.answers.keyword_pairs import keyword_pairs
    from bot.german_words import common_words, german_dictionary_async
    from bot.question_mentions import other_names
    from bot.ranking import ranker

    await german_dictionary_async()
    await asyncio.to_thread(common_words)
    r = await ranker(ctx.store)
    r.warm(ctx.names)
    await other_names(ctx.store)
    await keyword_pairs(ctx.store, r.analyser.vocab.knows)
    await register_words(ctx.store)


WARMUPS = [read_ranker]
