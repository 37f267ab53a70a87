"""In chat: the message command "Karten erklären" ("Explain cards"). Logic in :mod:`bot.answers.chat`; the
answers to ``[[Karte]]`` in ordinary messages need a gateway connection (``cogs/inline.py``)."""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.commands.spec import MessageCommand, tr

MENUS = [MessageCommand(tr("Explain cards", "Karten erklären"), "bot.answers.chat:explain_cards",
                        "bot.answers.chat:explain_options")]


async def build_scanner(ctx: AnswerContext) -> None:
    """Build the card-name scanners now, not on the first "Karten erklären", and read the German dictionary it
    tells ordinary words from unread card names with (:mod:`bot.message_names`) in a worker thread."""
    # at the warm-up only: a one-shot command imports no answer module it does not run (tests/test_lazy_imports.py)
    from bot.german_words import german_dictionary_async
    from bot.mentions import scanner
    from bot.message_names import wide_scanner

    scanner(ctx.names)
    wide_scanner(ctx.names)
    await german_dictionary_async()


WARMUPS = [build_scanner]
