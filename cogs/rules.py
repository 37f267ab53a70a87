"""``/rule`` (German ``/regel``): a rule by number, or keywords over rules explanation and quoted rules."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.rules import catalog, rule_answer, rule_queries
from bot.client import Regelbot
from bot.slash import complete, private_option, respond, tr


class Rules(commands.Cog):
    """Rules by number or keyword."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Read the rule catalogue (numbers, headings, terms) into memory for autocomplete."""
        if self.bot.answer_context is not None:
            await catalog(self.bot.answer_context.store)

    @app_commands.command(
        name=tr("rule", "regel"),
        description=tr(
            "A rule by number (104.3f) or keywords (German or English glossary terms)",
            "Eine Regel nach Nummer (104.3f) oder Stichwörtern (deutsch oder englische Begriffe)",
        ),
        extras={"answer": rule_answer},
    )
    @app_commands.rename(query=tr("query", "suche"))
    @app_commands.describe(query=tr("Rule number or keywords", "Regelnummer oder Stichwörter"))
    @complete(query=rule_queries)
    @private_option
    async def rule(self, interaction: discord.Interaction[Regelbot], query: str) -> None:
        """Slash command body: see :func:`bot.answers.rules.rule_answer`."""
        await respond(interaction, query=query)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Rules(bot))
