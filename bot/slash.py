"""Glue between discord.py slash commands and the answer layer, shared by all cogs.

* :func:`tr` makes a localizable string: English base text with its German translation
  (``tr("card", "karte")``); :class:`GermanTranslator` hands the German to Discord.
* :func:`respond` runs the answer named in the command's ``extras["answer"]`` with the
  command's options and sends the reply. A cog's command body is one line.
* :func:`autocomplete` wraps a registered completer for ``@app_commands.autocomplete``.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.answers import run_completer
from bot.custom_id import Invocation
from bot.delivery import send_reply

log = logging.getLogger(__name__)

GERMAN = discord.Locale.german


def tr(en: str, de: str) -> app_commands.locale_str:
    """A string Discord shows in English by default and in German to German clients."""
    return app_commands.locale_str(en, de=de)


class GermanTranslator(app_commands.Translator):
    """Translates every :func:`tr` string to German (``de``); other locales keep the English base."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        """The German text for ``locale`` de, else None (Discord then shows the English base)."""
        if locale is GERMAN:
            return string.extras.get("de")
        return None


async def respond(interaction: discord.Interaction[Any], **options: Any) -> None:
    """Answer ``interaction`` with the answer named in ``interaction.command.extras["answer"]``.

    Answers taking longer than ~2 s are deferred first by the bot's ``run_answer`` watchdog,
    so Discord's 3-second limit holds.
    """
    command = interaction.command
    key = command.extras["answer"] if command is not None else None
    if key is None:
        raise RuntimeError("command without extras['answer']")
    origin = Invocation.pinned(key, **options)
    reply = await interaction.client.run_answer(key, interaction, **origin.kwargs)  # type: ignore[attr-defined]
    await send_reply(interaction, reply, origin=origin)


def autocomplete(key: str) -> Any:
    """An autocomplete callback over the registered completer ``key`` (≤ 25 choices from memory)."""

    async def callback(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        ctx = interaction.client.answer_context  # type: ignore[attr-defined]
        choices = await run_completer(ctx, key, current)
        return [app_commands.Choice(name=c.name, value=c.value) for c in choices]

    callback.completer_key = key  # type: ignore[attr-defined]  # read by the console
    return callback
