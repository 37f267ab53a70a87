"""``/mechanic`` (German ``/mechanik``): a mechanics section of the FAQs with rules, rulings and cards."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.mechanics import mechanic_answer, mechanic_names, mechanics
from bot.client import Regelbot
from bot.slash import complete, private_option, respond, tr


class Mechanics(commands.Cog):
    """Mechanics sections (ALLGEMEINES of the FAQs, the clash article)."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Read the mechanics sections into memory, so autocomplete answers from memory."""
        if self.bot.answer_context is not None:
            await mechanics(self.bot.answer_context.store)

    @app_commands.command(
        name=tr("mechanic", "mechanik"),
        description=tr(
            "A mechanic: explanation, rules, rulings and example cards",
            "Eine Mechanik: Erklärung, Regeln, Rulings und Beispielkarten",
        ),
        extras={"answer": mechanic_answer},
    )
    @app_commands.rename(name=tr("name", "name"))
    @app_commands.describe(name=tr("Mechanic (German or English)", "Mechanik (deutsch oder englisch)"))
    @complete(name=mechanic_names)
    @private_option
    async def mechanic(self, interaction: discord.Interaction[Regelbot], name: str) -> None:
        """Slash command body: see :func:`bot.answers.mechanics.mechanic_answer`."""
        await respond(interaction, name=name)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Mechanics(bot))
