"""The gateway's application commands answered from the raw payload, as the HTTP door answers them.

:func:`answer_command` is what the interaction gate (:mod:`bot.gateway.gate`) runs for a slash command or the
message command: no discord.py command tree, handler task or webhook adapter; the invocation from the command
table (:mod:`bot.raw`), the answer on the core under the gate's defer watchdog (or the reply kept for the same
command on the store, :mod:`bot.answer_bodies`), the reply through a
:class:`bot.gateway.transport.PostTransport` (plain aiohttp requests, orjson).
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord

from bot import metrics
from bot.answer_bodies import answer_key, keep, kept_reply
from bot.commands import STALE_COMMAND, OptionProblem
from bot.core import INTERNAL_ERROR
from bot.custom_id import Invocation
from bot.delivery import deliver, undelivered_gateway
from bot.gateway.transport import UNKNOWN_INTERACTION, PostTransport, http_kw
from bot.metric_labels import interaction_label
from bot.raw import command_name, invocation
from bot.reply import as_private
from bot.rest import RestError

log = logging.getLogger("bot.gateway.gate")  # the gate's log lines, as before the move


def _expired(exc: BaseException) -> bool:
    """Whether ``exc`` is Discord's "Unknown interaction" (10062): the interaction's window closed."""
    return isinstance(exc, RestError | discord.NotFound) and exc.code == UNKNOWN_INTERACTION


async def answer_command(bot: Any, iid: int, data: dict[str, Any]) -> None:
    """Answer the application command ``data`` (a raw payload the gate of ``bot`` took, a
    :class:`bot.gateway.gate.GatedBot`) from the raw payload, as
    the HTTP door does: the invocation from the table (:func:`bot.raw.invocation`), run on the core under the
    defer watchdog (:meth:`bot.gateway.gate.GatedBot.guard`; a command asked before on the store: its kept reply,
    :func:`bot.answer_bodies.kept_reply`), the reply sent through a
    :class:`bot.gateway.transport.PostTransport` (plain aiohttp requests, orjson). Options that do not fit get the
    table's German reply (one INFO line), a command the table does not have :data:`bot.commands.STALE_COMMAND`
    (Discord's client still shows an older command list); an unexpected error is logged with its traceback and
    :data:`bot.core.INTERNAL_ERROR` answers; an interaction whose window closed (10062) is one WARNING line."""
    body = data.get("data") or {}
    name = command_name(body)
    transport = PostTransport(http_kw(bot._connection.http), iid, int(data["application_id"]),
                              str(data["token"]))
    origin: Invocation | None = None
    try:
        early = bot.early_defers.pop(iid, None)
        if early is not None:  # deferred from the raw payload in a burst (:meth:`_defer_early`)
            await early[0]
            transport.responded, transport.deferred, transport.deferred_ephemeral = True, early[1], early[2]
        if bot.core is None:
            raise RuntimeError("the core is not open")
        core = bot.core
        try:
            origin, private = invocation(body, core.context)
        except OptionProblem as problem:
            metrics.refused("bad_input")
            reply = problem.reply
            log.info("/%s: %s (%s)", name, reply.pages[0].title, type(problem).__name__)
        except LookupError:
            reply = STALE_COMMAND
            log.info("/%s: %s (unbekannter Befehl)", name, reply.pages[0].title)
        else:
            key, kept = answer_key(origin, private), core.kept_answers
            reply = kept_reply(kept, key)  # asked before on this store: the same reply, no work of the core
            if reply is None:
                made = await bot.guard(core.run(origin, interaction_label("command", body)), iid, transport, private)
                reply = as_private(made) if private else made
                keep(kept, key, reply)
    except Exception as exc:
        if _expired(exc):
            log.warning("Interaktion /%s zu spät beantwortet (Discord: Unknown interaction)", name)
            return
        log.error("Fehler in /%s", name, exc_info=exc)
        reply, origin = INTERNAL_ERROR, None
    try:
        await deliver(transport, reply, origin=origin)
    except (RestError, aiohttp.ClientError, OSError) as exc:
        undelivered_gateway(data, iid, transport.responded, exc)

