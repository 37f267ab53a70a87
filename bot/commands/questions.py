"""``/ask`` (German ``/frage``): a rules question in the player's own words."""

from __future__ import annotations

from bot.answers.questions import question_answer
from bot.answers.registry import AnswerContext
from bot.commands.spec import Command, Option, tr
from bot.german_words import ordinary_words_async
from bot.ranking import ranker

COMMANDS = [
    Command(
        tr("ask", "frage"),
        tr(
            "Ask a rules question in your own words (answer: the best passage of the documents)",
            "Eine Regelfrage in eigenen Worten (Antwort: die passendste Stelle der Dokumente)",
        ),
        question_answer,
        [Option(tr("question", "frage"), tr("Your question, e.g. who wins a clash with equal cards?",
                                            "Deine Frage, z. B. Wer gewinnt die Fehde bei gleichen Manawerten?"))],
    ),
]


async def read_ranker(ctx: AnswerContext) -> None:
    """Read the analyser's vocabulary and the term counts and stem the card-name words (about 0.3 s) at start and
    after a store swap, not at the first question."""
    (await ranker(ctx.store)).warm(ctx.names)


async def read_ordinary_words(ctx: AnswerContext) -> None:
    """Read the German dictionary of the unknown-word note (bot/german_words.py, about 1 s in a worker thread, once
    per process) at start, not at the first question: the first ``/frage`` is answered in time, not deferred."""
    del ctx  # the dictionary is the same for every store
    await ordinary_words_async()


WARMUPS = [read_ranker, read_ordinary_words]
