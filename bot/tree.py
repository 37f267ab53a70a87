"""The command tree: what reaches the user when discord.py cannot run a command, and checks of the
options Discord sent before any answer runs.

:class:`RegelTree` answers every failure once, ephemeral, in German (as Red-DiscordBot's tree does):

* a stale command list (``app_commands.CommandNotFound``: the client still shows a command this bot no
  longer has; ``CommandSignatureMismatch``: its options changed) → :data:`STALE_COMMAND`, logged at INFO
  (normal for up to an hour after a sync, Discord's client cache);
* an option value that does not fit the command (``app_commands.TransformerError`` from discord.py's
  transformers, or :class:`OptionError` from :meth:`RegelTree.interaction_check`: wrong type, outside the
  option's range, not one of its choices — what a client with an older command list can send) → "Ungültige
  Eingabe" naming the option and the expected kind;
* a failed check → "Nicht erlaubt"; Discord's "Unknown interaction" (10062) → only a warning in the log;
* anything else → :data:`INTERNAL_ERROR`, logged with traceback.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import AppCommandOptionType, app_commands

from bot.delivery import send_reply
from bot.reply import Reply, quote_user

if TYPE_CHECKING:
    from bot.client import Regelbot

log = logging.getLogger(__name__)

INTERNAL_ERROR = Reply.fail(
    "Da ist etwas schiefgelaufen",
    "Die Anfrage konnte nicht beantwortet werden. Der Fehler wurde protokolliert; bitte später erneut versuchen.",
)
STALE_COMMAND = Reply.fail(
    "Befehl veraltet",
    "Dieser Befehl ist veraltet – die Befehle werden gerade aktualisiert, versuch es in einer Minute noch einmal.",
)
NOT_ALLOWED = Reply.fail("Nicht erlaubt", "Dieser Befehl ist hier nicht erlaubt.")

#: Discord's error code for an interaction whose 3 s (or, after a defer, 15 min) have passed.
UNKNOWN_INTERACTION = 10062

#: What an option of each type takes, in German (Discord's application command option types).
KINDS = {
    AppCommandOptionType.string: "Text",
    AppCommandOptionType.integer: "ganze Zahl",
    AppCommandOptionType.number: "Zahl",
    AppCommandOptionType.boolean: "ja oder nein",
    AppCommandOptionType.user: "Nutzer",
    AppCommandOptionType.channel: "Kanal",
    AppCommandOptionType.role: "Rolle",
    AppCommandOptionType.mentionable: "Nutzer oder Rolle",
    AppCommandOptionType.attachment: "Anhang",
}
_SUBCOMMANDS = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)


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
    """An option value that does not fit its parameter: ``option`` (its German name), ``value`` (as
    sent) and ``expected`` (German: "ganze Zahl von 0 bis 1000", "eine der Auswahlen: heute, 2007")."""

    def __init__(self, option: str, value: Any, expected: str) -> None:
        super().__init__(f"option {option!r}: {value!r} is not {expected}")
        self.option = option
        self.value = value
        self.expected = expected


def _fits(kind: AppCommandOptionType, value: Any) -> bool:
    if kind is AppCommandOptionType.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is AppCommandOptionType.number:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is AppCommandOptionType.boolean:
        return isinstance(value, bool)
    if kind is AppCommandOptionType.string:
        return isinstance(value, str)
    return True  # snowflake kinds: discord.py resolves them (and raises its own errors)


def check_options(command: app_commands.Command[Any, ..., Any], options: list[dict[str, Any]]) -> None:
    """Check the leaf ``options`` of an interaction (``[{"name", "type", "value"}, …]`` as Discord sends
    them) against the command's parameters (discord.py's public ``Command.parameters``): the type, the
    range (``min_value``/``max_value``) and the choices. Unknown option names are left to discord.py.

    Raises:
        OptionError: the first option that does not fit.
    """
    params = {p.display_name: p for p in command.parameters}
    for option in options:
        param = params.get(str(option.get("name")))
        if param is None or "value" not in option:
            continue
        value, kind = option["value"], param.type
        expected = KINDS.get(kind, kind.name)
        low, high = param.min_value, param.max_value
        if low is not None and high is not None:
            expected += f" von {low} bis {high}"
        shown = param.locale_name.extras.get("de", param.display_name) if param.locale_name else param.display_name
        if not _fits(kind, value):
            raise OptionError(shown, value, expected)
        if isinstance(value, int | float) and not isinstance(value, bool) and (
            (low is not None and value < low) or (high is not None and value > high)
        ):
            raise OptionError(shown, value, expected)
        if param.choices and value not in {c.value for c in param.choices}:
            raise OptionError(shown, value, "eine der Auswahlen: " + ", ".join(str(c.value) for c in param.choices))


def leaf_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the invoked (sub)command in an application command's ``data``."""
    options = list(data.get("options") or [])
    while len(options) == 1 and options[0].get("type") in _SUBCOMMANDS:
        options = list(options[0].get("options") or [])
    return options


def error_reply(error: app_commands.AppCommandError) -> Reply | None:
    """The German reply for a user-facing ``error`` (see the module docstring), None for any other."""
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return STALE_COMMAND
    if isinstance(error, OptionError):
        shown = quote_user(str(error.value)[:100])
        return Reply.fail("Ungültige Eingabe", f"Option „{error.option}“: „{shown}“ passt nicht, erwartet: "
                          f"{error.expected}.")
    if isinstance(error, app_commands.TransformerError):
        shown = quote_user(str(error.value)[:100])
        kind = KINDS.get(error.type, error.type.name)
        return Reply.fail("Ungültige Eingabe", f"„{shown}“ passt nicht, erwartet: {kind}.")
    if isinstance(error, app_commands.CheckFailure):
        return NOT_ALLOWED
    return None


class RegelTree(app_commands.CommandTree["Regelbot"]):
    """Command tree with one error handler: log, answer once, ephemeral, German (see the module docstring)."""

    async def interaction_check(self, interaction: discord.Interaction[Regelbot], /) -> bool:
        """Check a slash command's options before it runs (:func:`check_options`); autocomplete and
        context menus pass unchecked (autocomplete sends partial text).

        Raises:
            OptionError: an option value does not fit (answered by :meth:`on_error`).
            app_commands.CommandNotFound: the command is not in this tree (from ``interaction.command``).
        """
        data: dict[str, Any] = dict(interaction.data or {})
        if interaction.type is discord.InteractionType.application_command and data.get("type", 1) == 1:
            command = interaction.command
            if isinstance(command, app_commands.Command):
                check_options(command, leaf_options(data))
        return True

    async def on_error(self, interaction: discord.Interaction[Regelbot], error: app_commands.AppCommandError) -> None:
        """Log ``error`` and tell the user in German — through the response or a follow-up, never twice."""
        data = interaction.data or {}
        name = " ".join(str(n) for n in [data.get("name", "?"), *(
            o.get("name") for o in data.get("options") or [] if o.get("type") in _SUBCOMMANDS)])
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
