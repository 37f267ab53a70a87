"""The gateway's command tree: the options Discord sent checked by the table's checker before any answer runs,
and what reaches the user when discord.py cannot run a command.

:class:`RegelTree` answers every failure once, ephemeral, in German (as Red-DiscordBot's tree does):

* a stale command list (``app_commands.CommandNotFound``: the client still shows a command this bot no
  longer has; ``CommandSignatureMismatch``: its options changed) → :data:`bot.commands.STALE_COMMAND`, logged
  at INFO (normal for up to an hour after a sync, Discord's client cache);
* options that do not fit the command (:class:`OptionError` from :meth:`RegelTree.interaction_check`: the
  table's :func:`bot.commands.check_options`, the same checker as the HTTP endpoint's and the console's) → its
  German reply, e.g. "Ungültige Eingabe" naming the option and what it takes;
* a value discord.py's transformers refuse (``app_commands.TransformerError``) → "Ungültige Eingabe";
* a failed check → "Nicht erlaubt"; Discord's "Unknown interaction" (10062) → only a warning in the log;
* anything else → :data:`bot.core.INTERNAL_ERROR`, logged with traceback.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot import metrics
from bot.commands import STALE_COMMAND, OptionProblem
from bot.commands.spec import KIND_TEXT
from bot.core import INTERNAL_ERROR
from bot.gateway.gate import GatedBot
from bot.gateway.slash import call_of
from bot.gateway.transport import UNKNOWN_INTERACTION, send_reply
from bot.raw import command_name
from bot.reply import Reply, quote_user

log = logging.getLogger(__name__)

NOT_ALLOWED = Reply.fail("Nicht erlaubt", "Dieser Befehl ist hier nicht erlaubt.")

def is_expired(error: BaseException | None) -> bool:
    """True when ``error`` (or an exception it wraps) is Discord's "Unknown interaction" (10062): the answer
    came too late, nothing can be sent any more, and a traceback would tell the operator nothing."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
            return True
        error = error.__cause__ or getattr(error, "original", None)
        seen += 1
    return False


class OptionError(app_commands.AppCommandError):
    """The table's checker refused the options of a slash command: ``problem`` holds the German reply."""

    def __init__(self, problem: OptionProblem) -> None:
        super().__init__(problem.line)
        self.problem = problem


def error_reply(error: app_commands.AppCommandError) -> Reply | None:
    """The German reply for a user-facing ``error`` (see the module docstring), None for any other."""
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return STALE_COMMAND
    if isinstance(error, OptionError):
        return error.problem.reply
    if isinstance(error, app_commands.TransformerError):
        shown = quote_user(str(error.value)[:100])
        kind = KIND_TEXT.get(error.type.value, error.type.name)  # type: ignore[call-overload]
        return Reply.fail("Ungültige Eingabe", f"„{shown}“ passt nicht, erwartet: {kind}.")
    if isinstance(error, app_commands.CheckFailure):
        return NOT_ALLOWED
    return None


def _command_name(interaction: discord.Interaction[Any]) -> str:
    """``mana pay``: the invoked command's names as Discord sent them, for the log."""
    return command_name(interaction.data or {})


class RegelTree(app_commands.CommandTree[GatedBot]):
    """Command tree with the table's option check and one error handler: log, answer once, ephemeral, German."""

    async def interaction_check(self, interaction: discord.Interaction[GatedBot], /) -> bool:
        """Check a slash command's options with the table's checker before it runs (the result is kept for
        the answer, :func:`bot.gateway.slash.call_of`); autocomplete and context menus pass unchecked
        (autocomplete sends partial text).

        Raises:
            OptionError: the options do not fit (answered by :meth:`on_error`).
        """
        data: Any = interaction.data or {}
        command = interaction.command
        if interaction.type is discord.InteractionType.application_command and data.get("type", 1) == 1 and (
                isinstance(command, app_commands.Command)):
            try:
                call_of(interaction)
            except OptionProblem as problem:
                metrics.refused("bad_input")
                raise OptionError(problem) from None
        return True

    async def on_error(self, interaction: discord.Interaction[GatedBot], error: app_commands.AppCommandError) -> None:
        """Log ``error`` and tell the user in German — through the response or a follow-up, never twice."""
        name = _command_name(interaction)
        if is_expired(error):
            log.warning("Interaktion /%s zu spät beantwortet (Discord: Unknown interaction)", name)
            return
        reply = error_reply(error)
        if isinstance(error, app_commands.TransformerError) and error.__cause__ is not None:
            log.error("Fehler in einem Transformer von /%s", name, exc_info=error.__cause__)  # as Red's tree
        if reply is None:
            log.error("Fehler in /%s", name, exc_info=error)
            reply = INTERNAL_ERROR
        else:
            log.info("/%s: %s (%s)", name, reply.pages[0].title, type(error).__name__)
        if interaction.type is discord.InteractionType.autocomplete:
            return
        try:
            await send_reply(interaction, reply)
        except discord.HTTPException:
            log.warning("Fehlermeldung zu /%s konnte nicht gesendet werden", name)
