"""``/info`` and ``/help`` (``/hilfe``): the bot's documents and its commands."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.meta import help_answer, info_answer
from bot.client import Regelbot
from bot.slash import private_option, respond, tr


class Meta(commands.Cog):
    """About the bot."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    @app_commands.command(
        name=tr("info", "info"),
        description=tr("Which documents the bot answers from", "Aus welchen Dokumenten der Bot antwortet"),
        extras={"answer": info_answer},
    )
    @private_option
    async def info(self, interaction: discord.Interaction[Regelbot]) -> None:
        """Slash command body: see :func:`bot.answers.meta.info_answer`."""
        await respond(interaction)

    @app_commands.command(
        name=tr("help", "hilfe"),
        description=tr("All commands with examples", "Alle Befehle mit Beispielen"),
        extras={"answer": help_answer},
    )
    @private_option
    async def help(self, interaction: discord.Interaction[Regelbot]) -> None:
        """Slash command body: see :func:`bot.answers.meta.help_answer`."""
        await respond(interaction)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Meta(bot))
