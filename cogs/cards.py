"""``/card`` (German ``/karte``): a card's text from the set FAQs, with autocomplete."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.cards import card_answer, card_names
from bot.client import Regelbot
from bot.slash import complete, private_option, respond, tr


class Cards(commands.Cog):
    """Card lookup."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    @app_commands.command(
        name=tr("card", "karte"),
        description=tr(
            "Show a card: mana cost, type line, rules text and rulings",
            "Zeigt eine Karte: Manakosten, Typzeile, Regeltext und Rulings",
        ),
        extras={"answer": card_answer},
    )
    @app_commands.rename(name=tr("name", "name"))
    @app_commands.describe(name=tr("Card name (German or English)", "Kartenname (deutsch oder englisch)"))
    @complete(name=card_names)
    @private_option
    async def card(self, interaction: discord.Interaction[Regelbot], name: str) -> None:
        """Slash command body: see :func:`bot.answers.cards.card_answer`."""
        await respond(interaction, name=name)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Cards(bot))
