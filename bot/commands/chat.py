"""In chat: the message command "Karten erklären" ("Explain cards"). Logic in :mod:`bot.answers.chat`; the
answers to ``[[Karte]]`` in ordinary messages need a gateway connection (``cogs/inline.py``)."""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.commands.spec import MessageCommand, tr

MENUS = [MessageCommand(tr("Explain cards", "Karten erklären"), "bot.answers.chat:explain_cards",
                        "bot.answers.chat:explain_options")]


async def build_scanner(ctx: AnswerContext) -> None:
    """Build the card-name scanner now, not on the first "Karten erklären"."""
    from bot.mentions import scanner

    scanner(ctx.names)


WARMUPS = [build_scanner]
