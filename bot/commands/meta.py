"""``/info`` and ``/help`` (``/hilfe``): the bot's documents and its commands."""

from __future__ import annotations

from bot.commands.spec import Command, tr

COMMANDS = [
    Command(
        tr("info", "info"),
        tr("Which documents the bot answers from", "Aus welchen Dokumenten der Bot antwortet"),
        "bot.answers.meta:info_answer",
    ),
    Command(tr("help", "hilfe"), tr("All commands with examples", "Alle Befehle mit Beispielen"),
            "bot.answers.meta:help_answer"),
]
