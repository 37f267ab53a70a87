"""``/ask`` (German ``/frage``): a rules question in the player's own words."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.questions import question_answer
from bot.client import Regelbot
from bot.ranking import ranker
from bot.slash import private_option, respond, tr


class Questions(commands.Cog):
    """Questions in the player's words, answered with the best passage of the documents."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Read the analyser's vocabulary and the term counts (about 0.2 s) at start, not at the first question."""
        if self.bot.answer_context is not None:
            await ranker(self.bot.answer_context.store)

    @app_commands.command(
        name=tr("ask", "frage"),
        description=tr(
            "Ask a rules question in your own words (answer: the best passage of the documents)",
            "Eine Regelfrage in eigenen Worten (Antwort: die passendste Stelle der Dokumente)",
        ),
        extras={"answer": question_answer},
    )
    @app_commands.rename(question=tr("question", "frage"))
    @app_commands.describe(question=tr("Your question, e.g. who wins a clash with equal cards?",
                                       "Deine Frage, z. B. Wer gewinnt die Fehde bei gleichen Manawerten?"))
    @private_option
    async def ask(self, interaction: discord.Interaction[Regelbot], question: str) -> None:
        """Slash command body: see :func:`bot.answers.questions.question_answer`."""
        await respond(interaction, question=question)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Questions(bot))
