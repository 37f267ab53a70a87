"""Glue between discord.py slash commands and the answer layer, shared by all cogs.

* :func:`tr` makes a localizable string: English base text with its German translation
  (``tr("card", "karte")``); :class:`GermanTranslator` hands the German to Discord.
* :func:`respond` runs the answer function in the command's ``extras["answer"]`` with the
  command's options and sends the reply. A cog's command body is one line.
* :func:`complete` gives options their autocomplete from completer functions
  (``@complete(name=card_names)``); :func:`completers_of` reads them back for the console and the
  HTTP endpoint through discord.py's public ``Command.callback``.
* :func:`private_option` gives a command the optional ``private`` (German ``privat``) option: the answer is
  then ephemeral and carries an "Im Kanal teilen" button (:func:`bot.reply.as_private`).
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands

from bot.answers import answer_key, run_completer
from bot.answers.registry import AnswerFn, CompleterFn
from bot.custom_id import Invocation
from bot.delivery import send_reply
from bot.reply import as_private

if TYPE_CHECKING:
    from bot.client import Regelbot

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


def answer_of(command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu) -> AnswerFn:
    """The answer function a command declares in ``extras={"answer": fn}``.

    Raises:
        RuntimeError: the command declares none (a programming error).
    """
    fn: AnswerFn | None = command.extras.get("answer")
    if fn is None:
        raise RuntimeError(f"command {command.qualified_name!r} without extras['answer'] function")
    return fn


async def respond(interaction: discord.Interaction[Regelbot], **options: Any) -> None:
    """Answer ``interaction`` with the answer function in ``interaction.command.extras["answer"]``.

    Answers taking longer than ~2 s are deferred first by the bot's ``run_answer`` watchdog,
    so Discord's 3-second limit holds.

    Raises:
        RuntimeError: the interaction has no command or its command declares no answer.
    """
    command = interaction.command
    if command is None:
        raise RuntimeError("interaction without a command")
    answer = answer_of(command)
    origin = Invocation.pinned(answer_key(answer), **options)
    reply = await interaction.client.run_answer(answer, interaction, **origin.kwargs)
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

    # what discord.py reads from a callback: its signature and the rename / describe decorators' tables
    vars(wrapper).update(
        __signature__=signature.replace(parameters=params),
        __discord_app_commands_param_rename__={PRIVATE: tr("private", "privat")},
        __discord_app_commands_param_description__={
            PRIVATE: tr(
                "Only you see the answer (with a button to share it)",
                "Nur du siehst die Antwort (im Kanal teilen möglich)",
            )
        },
    )
    return cast(CallbackT, wrapper)


#: Attribute of a command callback where :func:`complete` keeps ``{parameter name: completer}``.
_COMPLETERS = "__regelbot_completers__"


def autocomplete(fn: CompleterFn) -> Callable[[discord.Interaction[Regelbot], str], Coroutine[Any, Any, Any]]:
    """An autocomplete callback over the completer ``fn`` (≤ 25 choices from memory)."""

    async def callback(interaction: discord.Interaction[Regelbot], current: str) -> list[app_commands.Choice[str]]:
        ctx = interaction.client.answer_context
        if ctx is None:
            return []
        choices = await run_completer(ctx, fn, current)
        return [app_commands.Choice(name=c.name, value=c.value) for c in choices]

    return callback


def complete(**completers: CompleterFn) -> Callable[[CallbackT], CallbackT]:
    """``@complete(name=card_names)``: autocomplete for the options (callback parameter names) from the
    completer functions (``bot.answers.registry.completer``), as ``@app_commands.autocomplete`` with
    :func:`autocomplete`; the mapping is also kept on the callback for :func:`completers_of`."""

    def deco(func: CallbackT) -> CallbackT:
        setattr(func, _COMPLETERS, {**getattr(func, _COMPLETERS, {}), **completers})
        return app_commands.autocomplete(**{name: autocomplete(fn) for name, fn in completers.items()})(func)

    return deco


def completers_of(command: app_commands.Command[Any, ..., Any]) -> dict[str, CompleterFn]:
    """``{callback parameter name: completer}`` of a command whose options use :func:`complete`."""
    return dict(getattr(command.callback, _COMPLETERS, {}))
