"""``/ruling``: a card's rulings (with autocomplete) or a full-text search over all rulings."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.cards import card_names
from bot.answers.rulings import ruling_answer
from bot.answers.terms import term_queries
from bot.client import Regelbot
from bot.slash import complete, private_option, respond, tr


class Rulings(commands.Cog):
    """Rulings by card or by search words."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    @app_commands.command(
        name=tr("ruling", "ruling"),
        description=tr(
            "Rulings of a card, or search all rulings (FAQs and rulings lists)",
            "Rulings einer Karte oder Suche in allen Rulings (FAQs und Ruling-Listen)",
        ),
        extras={"answer": ruling_answer},
    )
    @app_commands.rename(card=tr("card", "karte"), search=tr("search", "suche"))
    @app_commands.describe(
        card=tr("Card name (German or English)", "Kartenname (deutsch oder englisch)"),
        search=tr("Words to search for, old or new terms", "Suchwörter, alte oder neue Begriffe"),
    )
    @complete(card=card_names, search=term_queries)
    @private_option
    async def ruling(
        self, interaction: discord.Interaction[Regelbot], card: str | None = None, search: str | None = None
    ) -> None:
        """Slash command body: see :func:`bot.answers.rulings.ruling_answer`."""
        await respond(interaction, card=card, search=search)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Rulings(bot))
