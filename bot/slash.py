"""Glue between discord.py slash commands and the answer layer, shared by all cogs.

* :func:`tr` makes a localizable string: English base text with its German translation
  (``tr("card", "karte")``); :class:`GermanTranslator` hands the German to Discord.
* :func:`respond` runs the answer named in the command's ``extras["answer"]`` with the
  command's options and sends the reply. A cog's command body is one line.
* :func:`autocomplete` wraps a registered completer for ``@app_commands.autocomplete``.
* :func:`private_option` gives a command the optional ``private`` (German ``privat``) option: the answer is
  then ephemeral and carries an "Im Kanal teilen" button (:func:`bot.reply.as_private`).
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.answers import run_completer
from bot.custom_id import Invocation
from bot.delivery import send_reply
from bot.reply import as_private

log = logging.getLogger(__name__)

GERMAN = discord.Locale.german
#: The parameter (and English option name) that :func:`private_option` adds.
PRIVATE = "private"

CallbackT = TypeVar("CallbackT", bound=Callable[..., Coroutine[Any, Any, Any]])


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
    if interaction.extras.get(PRIVATE):
        reply = as_private(reply)
    await send_reply(interaction, reply, origin=origin)


def private_option(func: CallbackT) -> CallbackT:
    """Add the optional boolean option ``private`` (German ``privat``, default False) to a command callback.

    Put it directly above ``async def`` (under ``@app_commands.command`` and the option decorators). The
    wrapped callback is called without the option; its value is kept in ``interaction.extras["private"]``,
    where :func:`respond` reads it. Annotations are resolved here against the cog module (the wrapper
    lives in this module), so discord.py sees the same parameter types.
    """
    signature = inspect.signature(func)
    cache: dict[str, Any] = {}
    params = [
        p.replace(annotation=discord.utils.resolve_annotation(p.annotation, func.__globals__, None, cache))
        if p.annotation is not p.empty
        else p
        for p in signature.parameters.values()
    ]
    params.append(inspect.Parameter(PRIVATE, inspect.Parameter.KEYWORD_ONLY, default=False, annotation=bool))

    @functools.wraps(func)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        private = bool(kwargs.pop(PRIVATE, False))
        for arg in args:
            if isinstance(arg, discord.Interaction):
                arg.extras[PRIVATE] = private
        return await func(*args, **kwargs)

    wrapper.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__discord_app_commands_param_rename__ = {PRIVATE: tr("private", "privat")}  # type: ignore[attr-defined]
    wrapper.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        PRIVATE: tr(
            "Only you see the answer (with a button to share it)",
            "Nur du siehst die Antwort (im Kanal teilen möglich)",
        )
    }
    return wrapper  # type: ignore[return-value]


def autocomplete(key: str) -> Any:
    """An autocomplete callback over the registered completer ``key`` (≤ 25 choices from memory)."""

    async def callback(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        ctx = interaction.client.answer_context  # type: ignore[attr-defined]
        choices = await run_completer(ctx, key, current)
        return [app_commands.Choice(name=c.name, value=c.value) for c in choices]

    callback.completer_key = key  # type: ignore[attr-defined]  # read by the console
    return callback
