"""``/mana`` (German ``/mana``): mana cost calculators — info, pay (bezahlen), convoke
(einberufen), total (gesamtkosten), upkeep (versorgung). Logic in :mod:`bot.answers.mana`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.cards import card_names
from bot.answers.mana import mana_convoke, mana_info, mana_pay, mana_total, mana_upkeep
from bot.client import Regelbot
from bot.slash import complete, private_option, respond, tr

COST_HELP = tr(
    "Mana cost like {2}{G/W} or 3BG, or a card name",
    "Manakosten wie {2}{G/W} oder 3BG, oder ein Kartenname",
)


class Mana(commands.Cog):
    """Mana calculators."""

    mana = app_commands.Group(
        name=tr("mana", "mana"),
        description=tr(
            "Mana cost calculators: mana value, payment, convoke, total cost, upkeep",
            "Mana-Rechner: Manawert, Bezahlen, Einberufen, Gesamtkosten, Versorgung",
        ),
    )

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot

    @mana.command(
        name=tr("info", "info"),
        description=tr(
            "Mana value, colours and every way to pay the hybrid symbols",
            "Manawert, Farben und alle Bezahlmöglichkeiten der Hybrid-Symbole",
        ),
        extras={"answer": mana_info},
    )
    @app_commands.rename(cost=tr("cost", "kosten"), x=tr("x", "x"))
    @app_commands.describe(cost=COST_HELP, x=tr("Value of X (default 0)", "Wert für X (sonst 0)"))
    @complete(cost=card_names)
    @private_option
    async def info(
        self,
        interaction: discord.Interaction[Regelbot],
        cost: str,
        x: app_commands.Range[int, 0, 1000] | None = None,
    ) -> None:
        """Slash command body: see :func:`bot.answers.mana.mana_info`."""
        await respond(interaction, cost=cost, x=x)

    @mana.command(
        name=tr("pay", "bezahlen"),
        description=tr(
            "Can this cost be paid from this mana pool? Exact, with one payment",
            "Lassen sich die Kosten aus diesem Manavorrat bezahlen? Exakt, mit einer Bezahlung",
        ),
        extras={"answer": mana_pay},
    )
    @app_commands.rename(
        cost=tr("cost", "kosten"), pool=tr("pool", "vorrat"), x=tr("x", "x"), life=tr("life", "leben")
    )
    @app_commands.describe(
        cost=COST_HELP,
        pool=tr(
            "Mana pool like {B}{G}{G} or BGG or 2 green, 3 white; snow mana with *: {G*}",
            "Manavorrat wie {B}{G}{G} oder BGG oder 2 grün, 3 weiß; Schnee-Mana mit *: {G*}",
        ),
        x=tr("Value of X (default 0)", "Wert für X (sonst 0)"),
        life=tr(
            "Your life total, for paying Phyrexian mana with life (default: any)",
            "Deine Lebenspunkte, um phyrexianisches Mana mit Leben zu zahlen (sonst beliebig)",
        ),
    )
    @complete(cost=card_names)
    @private_option
    async def pay(
        self,
        interaction: discord.Interaction[Regelbot],
        cost: str,
        pool: str,
        x: app_commands.Range[int, 0, 1000] = 0,
        life: app_commands.Range[int, 0, 1_000_000] | None = None,
    ) -> None:
        """Slash command body: see :func:`bot.answers.mana.mana_pay`."""
        await respond(interaction, cost=cost, pool=pool, x=x, life=life)

    @mana.command(
        name=tr("convoke", "einberufen"),
        description=tr(
            "What remains to pay after tapping creatures for convoke (502.46)",
            "Was nach Einberufen noch zu bezahlen bleibt (502.46)",
        ),
        extras={"answer": mana_convoke},
    )
    @app_commands.rename(cost=tr("cost", "kosten"), creatures=tr("creatures", "kreaturen"), x=tr("x", "x"))
    @app_commands.describe(
        cost=COST_HELP,
        creatures=tr(
            "Colours of the tapped creatures, e.g. artifact, red, green-white",
            "Farben der getappten Kreaturen, z. B. Artefakt, rot, grün-weiß",
        ),
        x=tr("Value of X, announced before tapping (default 0)", "Wert für X, vor dem Tappen angesagt (sonst 0)"),
    )
    @complete(cost=card_names)
    @private_option
    async def convoke(
        self,
        interaction: discord.Interaction[Regelbot],
        cost: str,
        creatures: str,
        x: app_commands.Range[int, 0, 1000] = 0,
    ) -> None:
        """Slash command body: see :func:`bot.answers.mana.mana_convoke`."""
        await respond(interaction, cost=cost, creatures=creatures, x=x)

    @mana.command(
        name=tr("total", "gesamtkosten"),
        description=tr(
            "Total cost: cost plus increases, then reductions",
            "Gesamtkosten: Kosten plus Erhöhungen, dann Reduzierungen",
        ),
        extras={"answer": mana_total},
    )
    @app_commands.rename(
        cost=tr("cost", "kosten"),
        increase=tr("increase", "erhoehung"),
        reduction=tr("reduction", "reduzierung"),
        alternative=tr("alternative", "alternativkosten"),
        x=tr("x", "x"),
        life=tr("life", "leben"),
    )
    @app_commands.describe(
        cost=COST_HELP,
        increase=tr("Cost increases, e.g. {1} or {1}, {2}", "Kostenerhöhungen, z. B. {1} oder {1}, {2}"),
        reduction=tr("Cost reductions, e.g. {2} or {G}", "Kostenreduzierungen, z. B. {2} oder {G}"),
        alternative=tr(
            "Alternative cost paid instead of the mana cost", "Alternative Kosten statt der Manakosten"
        ),
        x=tr("Value of X (default 0)", "Wert für X (sonst 0)"),
        life=tr(
            "Your life total, for paying Phyrexian mana with life (default: any)",
            "Deine Lebenspunkte, um phyrexianisches Mana mit Leben zu zahlen (sonst beliebig)",
        ),
    )
    @complete(cost=card_names)
    @private_option
    async def total(
        self,
        interaction: discord.Interaction[Regelbot],
        cost: str,
        increase: str | None = None,
        reduction: str | None = None,
        alternative: str | None = None,
        x: app_commands.Range[int, 0, 1000] = 0,
        life: app_commands.Range[int, 0, 1_000_000] | None = None,
    ) -> None:
        """Slash command body: see :func:`bot.answers.mana.mana_total`."""
        await respond(
            interaction,
            cost=cost,
            increase=increase,
            reduction=reduction,
            alternative=alternative,
            x=x,
            life=life,
        )

    @mana.command(
        name=tr("upkeep", "versorgung"),
        description=tr(
            "Cumulative upkeep when it triggers with N age counters (502.13a, 702.24a)",
            "Kumulative Versorgung beim Auslösen mit N Altersmarken (502.13a, 702.24a)",
        ),
        extras={"answer": mana_upkeep},
    )
    @app_commands.rename(cost=tr("cost", "kosten"), counters=tr("counters", "marken"))
    @app_commands.describe(
        cost=tr(
            "Upkeep cost, choices with 'or': {W} or {U}; also '1 life' or 'Sacrifice a Forest'",
            "Versorgungskosten, Wahl mit „oder“: {W} oder {U}; auch „1 Lebenspunkt“ oder „Opfere einen Wald“",
        ),
        counters=tr(
            "Age counters on it when it triggers (one more is added)",
            "Altersmarken darauf beim Auslösen (eine kommt dazu)",
        ),
    )
    @private_option
    async def upkeep(
        self,
        interaction: discord.Interaction[Regelbot],
        cost: str,
        counters: app_commands.Range[int, 0, 1_000_000],
    ) -> None:
        """Slash command body: see :func:`bot.answers.mana.mana_upkeep`."""
        await respond(interaction, cost=cost, counters=counters)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Mana(bot))
