"""Application commands answered from the raw interaction payload, the one code path of both Discord doors.

A slash command or the message command ("Karten erklären") needs nothing of Discord's objects but the invoked
names, the options as Discord sends them and, for the message command, the target message's content:
:func:`invocation` reads them from the payload's ``data`` (the table's one option checker,
:func:`bot.commands.check_options`), the door runs the invocation on the application core with its defer
watchdog and sends the reply through its :class:`bot.delivery.Transport` (:func:`bot.delivery.deliver`).

``python -m bot serve`` answers with the callback as the HTTP response (:mod:`bot.serve`); the gateway bot posts
the callback and the webhook edits as plain aiohttp requests with orjson, without discord.py's command tree,
``Interaction`` handlers or webhook adapter (:meth:`bot.gateway.gate.GatedBot._command`). Discord-free.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.answers.registry import AnswerContext
from bot.commands import TABLE, Table, check_options
from bot.custom_id import Invocation
from bot.delivery import MESSAGE_COMMAND, SUBCOMMAND_TYPES, leaf_options


def invocation(data: Mapping[str, Any], context: AnswerContext, table: Table = TABLE) -> tuple[Invocation, bool]:
    """The invocation of the application command whose payload ``data`` is (the interaction's ``data``:
    ``{"name", "type", "options": [...]}``; a message command's ``target_id`` and ``resolved.messages``) and
    whether its answer is private: the ``privat`` option of a slash command, always for the message command,
    which reads the card names from the target message's content (``context``: the core's, for its names).

    Raises:
        bot.commands.OptionProblem: the options do not fit (the table's one checker; German reply).
        LookupError: the table has no such command (a command list older or newer than the bot's).
    """
    if data.get("type") == MESSAGE_COMMAND:
        menu = table.menu(str(data.get("name")))
        if menu is None:
            raise LookupError(data.get("name"))
        target = ((data.get("resolved") or {}).get("messages") or {}).get(str(data.get("target_id"))) or {}
        return menu.invocation(context, str(target.get("content", ""))), True
    path, options = leaf_options(data)
    leaf = table.find(path)
    if leaf is None:
        raise LookupError(path)
    call = check_options(leaf, options)
    return call.invocation(), call.private


def command_name(data: Mapping[str, Any]) -> str:
    """``mana pay``: the invoked command's names as Discord sent them (for the log; never raises)."""
    options = data.get("options")
    subs = [o.get("name") for o in options if isinstance(o, Mapping) and o.get("type") in SUBCOMMAND_TYPES] if (
        isinstance(options, list)) else []
    return " ".join(str(n) for n in [data.get("name", "?"), *subs])
