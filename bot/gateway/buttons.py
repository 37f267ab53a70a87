"""Regelbot's buttons on the gateway: every click on a ``rb:…`` component answered from its custom_id alone.

No view lives in memory: :func:`on_button` (an ``on_interaction`` listener of the bot) decodes the custom_id
and answers with the table's :func:`bot.commands.buttons.press` on the core, deferred by the watchdog when it
takes long. There is no ``interaction_check``: anyone may press; an action's answer is shown to the presser
only, "Zurück"/"Weiter" turn the pages of the message itself.
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord

from bot.commands.buttons import press
from bot.core import INTERNAL_ERROR
from bot.custom_id import OPEN, PAGE, SHARE, decode_or_none
from bot.delivery import MESSAGE_COMPONENT, shared_copy_body, undelivered_gateway
from bot.gateway.gate import GatedBot
from bot.gateway.transport import GatewayTransport, send_reply
from bot.metric_labels import button_label
from bot.render import ACTION_ROW, picked_custom_id

log = logging.getLogger(__name__)


def shared_copy(message: discord.Message) -> dict[str, Any]:
    """"Im Kanal teilen" for an answer whose invocation did not fit into the button's custom_id (e.g. the
    4000-character message of "Karten erklären"): the public message payload copying ``message``
    (:func:`bot.delivery.shared_copy_body`, the same copy the HTTP endpoint makes from Discord's JSON)."""
    rows = [{"type": ACTION_ROW, "components": [child.to_dict() for child in getattr(row, "children", [])]}
            for row in message.components]
    body = shared_copy_body({"embeds": [e.to_dict() for e in message.embeds], "components": rows})
    return body or {"embeds": [], "components": [], "allowed_mentions": {"parse": []}, "flags": 0}


async def on_button(interaction: discord.Interaction[GatedBot]) -> None:
    """Answer every click on a component of the bot's messages from its custom_id alone (Discord sends a
    component's interaction only to the application whose message holds it): a Regelbot button (``rb:…``) with its
    answer, any other id (``rb``, ``""``, a forged or stale one) with the German „Unbekannte Schaltfläche“, as the
    HTTP endpoint and ``press`` answer it (:func:`bot.commands.buttons.press`).

    A "Meintest du" select menu (``rb:<action>:``) runs ``rb:<action>:<picked value>``; an "Im Kanal
    teilen" button whose invocation did not fit into its custom_id posts a copy of its message."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: Any = interaction.data or {}
    custom_id = picked_custom_id(str(data.get("custom_id", "")), list(data.get("values") or []))
    bid = decode_or_none(custom_id)
    if bid is not None and bid.verb == SHARE and bid.target is None and interaction.message is not None:
        try:
            await GatewayTransport(interaction).respond({"type": 4, "data": shared_copy(interaction.message)})
        except discord.HTTPException:
            log.warning("Geteilte Antwort konnte nicht gesendet werden")
        return
    await respond_button(interaction, custom_id)


async def respond_button(interaction: discord.Interaction[GatedBot], custom_id: str) -> None:
    """Answer a button press (:func:`bot.commands.buttons.press`); an unexpected error is logged and the user
    gets the German error message once (buttons bypass the tree's on_error)."""
    bid = decode_or_none(custom_id)
    update = bid is not None and bid.verb == PAGE
    ephemeral = bid is None or bid.verb == OPEN
    bot = interaction.client
    try:
        private = interaction.message is not None and interaction.message.flags.ephemeral
        command = button_label(custom_id)  # a page turned is the button's work, as its arrival was counted
        pressed = await press(custom_id, lambda inv: bot.answer(inv, interaction, ephemeral=ephemeral, update=update,
                                                                command=command), private)
    except Exception:
        log.exception("Fehler bei Knopf %s", custom_id)
        pressed = None
    try:
        if pressed is None:
            await send_reply(interaction, INTERNAL_ERROR)
        else:
            await send_reply(interaction, pressed.reply, origin=pressed.origin, page=pressed.page,
                             update=pressed.update)
    except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
        undelivered_gateway({"type": MESSAGE_COMPONENT, "data": {"custom_id": custom_id}}, interaction.id,
                            interaction.response.is_done(), exc)
