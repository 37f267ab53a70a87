"""``/clash`` (German ``/fehde``): reveal (aufdecken) and odds (chancen). Logic in
:mod:`bot.answers.clash`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.cards import card_names
from bot.answers.clash import clash_odds, clash_reveal
from bot.client import Regelbot
from bot.slash import complete, private_option, respond, tr

CARD_HELP = tr(
    "Card name, mana cost like {3}{R}, or a mana value",
    "Kartenname, Manakosten wie {3}{R} oder ein Manawert",
)
RULES_CHOICES = [
    app_commands.Choice(name=tr("today", "heute"), value="heute"),
    app_commands.Choice(
        name=tr("2007 (split halves count separately)", "2007 (Hälften einzeln)"), value="2007"
    ),
]
RULES_HELP = tr(
    "Rules: today (split card = sum) or 2007 (each half)",
    "Regelstand: heute (geteilte Karte = Summe) oder 2007 (jede Hälfte)",
)
LIBRARY_HELP = tr(
    "Mana value counts like 0:17 1:4 2:8, or card names with counts",
    "Manawert:Anzahl wie 0:17 1:4 2:8, oder Kartennamen mit Anzahl",
)


class Clash(commands.Cog):
    """Clash (Fehde)."""

    clash = app_commands.Group(
        name=tr("clash", "fehde"),
        description=tr("Clash: who wins, and the odds", "Fehde: wer gewinnt, und die Chancen"),
    )

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    @clash.command(
        name=tr("reveal", "aufdecken"),
        description=tr(
            "Who wins a clash with these revealed cards?", "Wer gewinnt eine Fehde mit diesen Karten?"
        ),
        extras={"answer": clash_reveal},
    )
    @app_commands.rename(
        card1=tr("card1", "karte1"),
        card2=tr("card2", "karte2"),
        card3=tr("card3", "karte3"),
        card4=tr("card4", "karte4"),
        rules=tr("rules", "regelstand"),
    )
    @app_commands.describe(
        card1=CARD_HELP, card2=CARD_HELP, card3=CARD_HELP, card4=CARD_HELP, rules=RULES_HELP
    )
    @app_commands.choices(rules=RULES_CHOICES)
    @complete(
        card1=card_names,
        card2=card_names,
        card3=card_names,
        card4=card_names,
    )
    @private_option
    async def reveal(
        self,
        interaction: discord.Interaction[Regelbot],
        card1: str,
        card2: str,
        card3: str | None = None,
        card4: str | None = None,
        rules: str = "heute",
    ) -> None:
        """Slash command body: see :func:`bot.answers.clash.clash_reveal`."""
        await respond(interaction, card1=card1, card2=card2, card3=card3, card4=card4, rules=rules)

    @clash.command(
        name=tr("odds", "chancen"),
        description=tr(
            "Exact odds of winning a clash from the libraries' mana values",
            "Exakte Gewinnchancen einer Fehde aus den Manawerten der Bibliotheken",
        ),
        extras={"answer": clash_odds},
    )
    @app_commands.rename(
        library1=tr("library1", "bibliothek1"),
        library2=tr("library2", "bibliothek2"),
        rules=tr("rules", "regelstand"),
        seed=tr("seed", "startwert"),
    )
    @app_commands.describe(
        library1=LIBRARY_HELP,
        library2=LIBRARY_HELP,
        rules=RULES_HELP,
        seed=tr("Seed of the random reveal", "Startwert des zufälligen Aufdeckens"),
    )
    @app_commands.choices(rules=RULES_CHOICES)
    @private_option
    async def odds(
        self,
        interaction: discord.Interaction[Regelbot],
        library1: str,
        library2: str,
        rules: str = "heute",
        seed: app_commands.Range[int, 0, 999_999_999] | None = None,
    ) -> None:
        """Slash command body: see :func:`bot.answers.clash.clash_odds`."""
        await respond(interaction, library1=library1, library2=library2, rules=rules, seed=seed)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Clash(bot))
