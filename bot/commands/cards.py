"""``/card`` (German ``/karte``): a card's text from the set FAQs, with autocomplete."""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.commands.spec import CARD_OR_GUILD_NAMES, Command, Option, tr

COMMANDS = [
    Command(
        tr("card", "karte"),
        tr(
            "Show a card: mana cost, type line, rules text and rulings",
            "Zeigt eine Karte: Manakosten, Typzeile, Regeltext und Rulings",
        ),
        "bot.answers.cards:card_answer",
        [Option(tr("name", "name"), tr("Card name (German or English)", "Kartenname (deutsch oder englisch)"),
                completer_at=CARD_OR_GUILD_NAMES)],
    ),
]


async def prepare_first_keystrokes(ctx: AnswerContext) -> None:
    """Answer the card-name autocomplete for blank input and every first letter now (from the name index), make
    every name's choice, read the English names the completer offers besides (:mod:`bot.name_offers`) and
    the guilds and sets it offers too (:mod:`bot.answers.guild_offers`)."""
    # at the warm-up only: a one-shot command imports no answer module it does not run (tests/test_lazy_imports.py)
    from bot.answers.card_picks import prepare_choices
    from bot.guilds import store_guilds
    from bot.name_offers import prepare

    ctx.names.prepare_first_keystrokes()
    prepare_choices(ctx.names)
    prepare(ctx.store)
    await store_guilds(ctx.store)


WARMUPS = [prepare_first_keystrokes]
