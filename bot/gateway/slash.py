"""The command table as discord.py app commands, and their one answer path.

* :func:`app_commands_of` builds discord.py's ``app_commands`` (slash commands, groups and the message
  context menu) from the table (:data:`bot.commands.TABLE`): names and descriptions as :class:`locale_str` with
  the German translation that :class:`GermanTranslator` hands to Discord, options with their types, ranges,
  choices and autocomplete. discord.py turns them into the payload a sync sends.
* :func:`respond` answers a slash command: the options checked by the table's checker (:func:`call_of`, first
  called by the tree's ``interaction_check``), the answer run on the core with the defer watchdog
  (:meth:`bot.gateway.gate.GatedBot.answer`), the reply sent (private when the ``privat`` option says so).
* :func:`respond_menu` answers a message command ("Karten erklären"), privately.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, Optional

import discord
from discord import app_commands

from bot.commands import TABLE, Call, Command, Group, Kind, Leaf, MessageCommand, Option, Table, Text, check_options
from bot.delivery import leaf_options
from bot.gateway.gate import GatedBot
from bot.gateway.transport import send_reply
from bot.metric_labels import interaction_label
from bot.reply import as_private

GERMAN = discord.Locale.german
#: ``extras`` keys: a command's table entry (on the app command) and its checked options (on the interaction).
LEAF, MENU, CALL = "leaf", "menu", "call"
#: The Python type discord.py maps to each option kind.
_TYPES: dict[Kind, type] = {Kind.STRING: str, Kind.INTEGER: int, Kind.BOOLEAN: bool, Kind.NUMBER: float}

Callback = Callable[..., Coroutine[Any, Any, Any]]


def locale(text: Text) -> app_commands.locale_str:
    """A string Discord shows in English by default and in German to German clients."""
    return app_commands.locale_str(text.en, de=text.de)


class GermanTranslator(app_commands.Translator):
    """Translates every :func:`locale` string to German (``de``); other locales keep the English base."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        """The German text for ``locale`` de, else None (Discord then shows the English base)."""
        if locale is GERMAN:
            return string.extras.get("de")
        return None


def call_of(interaction: discord.Interaction[GatedBot]) -> Call:
    """The checked options of the slash command ``interaction`` (:func:`bot.commands.check_options` on the
    options Discord sent), computed once and kept in ``interaction.extras``.

    Raises:
        bot.commands.OptionProblem: the options do not fit the command.
        RuntimeError: the command has no table entry (a programming error).
    """
    call = interaction.extras.get(CALL)
    if call is None:
        command = interaction.command
        leaf = command.extras.get(LEAF) if command is not None else None
        if not isinstance(leaf, Leaf):
            raise RuntimeError("slash command without its table entry")
        data: Any = interaction.data or {}
        call = check_options(leaf, leaf_options(data)[1])
        interaction.extras[CALL] = call
    return call


async def respond(interaction: discord.Interaction[GatedBot]) -> None:
    """Answer the slash command ``interaction`` with its table entry's answer and the checked options.

    Raises:
        bot.commands.OptionProblem: the options do not fit (the tree checked them before, so only when the
            tree was bypassed).
    """
    call = call_of(interaction)
    origin = call.invocation()
    reply = await interaction.client.answer(origin, interaction, ephemeral=call.private)
    await send_reply(interaction, as_private(reply) if call.private else reply, origin=origin)


async def respond_menu(interaction: discord.Interaction[GatedBot], menu: MessageCommand, text: str) -> None:
    """Answer the message command ``menu`` on a message with the content ``text``: privately, and shareable
    (Discord sends the target message's content with the interaction; no intent needed)."""
    core = interaction.client.core
    if core is None:
        raise RuntimeError("the core is not open")
    origin = menu.invocation(core.context, text)  # the card ids, short enough for the buttons to carry
    reply = await interaction.client.answer(origin, interaction, ephemeral=True)
    await send_reply(interaction, as_private(reply), origin=origin)


def autocomplete(option: Option) -> Callback:
    """The autocomplete callback of ``option``: its completer on the core (≤ 25 choices, from memory). It makes
    discord.py mark the option as autocompleted in the synced payload; the gate answers autocompletes from the
    raw payload before discord.py would call it (:meth:`bot.gateway.gate.GatedBot._complete`)."""
    completer = option.completer
    assert completer is not None

    async def callback(interaction: discord.Interaction[GatedBot], current: str) -> list[app_commands.Choice[str]]:
        core = interaction.client.core
        if core is None or not core.is_open:
            return []
        command = interaction_label("autocomplete", interaction.data or {})  # the one label of its metrics
        return [app_commands.Choice(name=c.name, value=c.value)
                for c in await core.complete(completer, current, command)]

    return callback


def _annotation(option: Option) -> Any:
    """The parameter annotation discord.py reads the option's type and range from."""
    kind: Any = _TYPES[option.kind]
    if option.min_value is not None or option.max_value is not None:
        kind = app_commands.Range[kind, option.min_value, option.max_value]
    return kind if option.required else Optional[kind]  # noqa: UP045  (a runtime object, not an annotation)


def _callback(options: list[Option]) -> Callback:
    """A command callback whose signature and option tables (what discord.py's ``rename``, ``describe``,
    ``choices`` and ``autocomplete`` decorators write) declare ``options``; its body is :func:`respond`."""

    async def callback(interaction: discord.Interaction[GatedBot], **_: Any) -> None:
        await respond(interaction)

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(o.param, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(o),
                                 default=inspect.Parameter.empty if o.required else None) for o in options]
    vars(callback).update(
        __signature__=inspect.Signature(params),
        __discord_app_commands_param_rename__={o.param: locale(o.name) for o in options},
        __discord_app_commands_param_description__={o.param: locale(o.description) for o in options},
        __discord_app_commands_param_choices__={
            o.param: [app_commands.Choice(name=locale(c.name), value=c.value) for c in o.choices]
            for o in options if o.choices
        },
        __discord_app_commands_param_autocomplete__={o.param: autocomplete(o) for o in options if o.completer},
    )
    return callback


def slash_command(leaf: Leaf) -> app_commands.Command[Any, ..., Any]:
    """The discord.py slash command of the table's ``leaf`` (its table entry in ``extras["leaf"]``)."""
    command: Command = leaf.command
    return app_commands.Command(name=locale(command.name), description=locale(command.description),
                                callback=_callback(command.all_options), extras={LEAF: leaf})


def context_menu(menu: MessageCommand) -> app_commands.ContextMenu:
    """The discord.py message context menu of the table's ``menu`` (its table entry in ``extras["menu"]``)."""

    async def callback(interaction: discord.Interaction[GatedBot], message: discord.Message) -> None:
        await respond_menu(interaction, menu, message.content or "")

    return app_commands.ContextMenu(name=locale(menu.name), callback=callback, extras={MENU: menu})


def app_commands_of(table: Table = TABLE) -> list[app_commands.Command[Any, ..., Any] | app_commands.Group
                                                 | app_commands.ContextMenu]:
    """Every command of ``table`` as discord.py builds its payload: slash commands and groups in the table's
    order, then the message commands."""
    built: list[app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu] = []
    for top in table.commands:
        if isinstance(top, Group):
            group = app_commands.Group(name=locale(top.name), description=locale(top.description))
            for sub in top.commands:
                group.add_command(slash_command(Leaf((top.name, sub.name), sub)))
            built.append(group)
        else:
            built.append(slash_command(Leaf((top.name,), top)))
    return built + [context_menu(menu) for menu in table.menus]
