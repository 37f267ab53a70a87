"""The gateway's way to send an answer: the payload dicts of :mod:`bot.render` through discord.py's HTTP adapter.

* :class:`GatewayTransport` is the :class:`bot.delivery.Transport` of a discord.py interaction: it sends the
  very dicts (rate limits and retries included, as ``interaction.response.send_message`` would) and keeps
  discord.py's response state (``interaction.response.is_done()``) in step.
* :func:`send_callback` sends a callback from the raw interaction id and token, before discord.py has parsed
  the interaction (an early defer in a burst, :mod:`bot.gateway.gate`).
* :func:`send_reply` answers a discord.py interaction with a :class:`~bot.reply.Reply`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.http import MultipartParameters
from discord.webhook.async_ import async_context

from bot import metrics
from bot.custom_id import Invocation
from bot.delivery import CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, deliver
from bot.reply import Reply

log = logging.getLogger(__name__)

#: discord.py's response types of a defer → Discord's callback types.
_DEFERS = {discord.InteractionResponseType.deferred_channel_message: CB_DEFERRED_MESSAGE,
           discord.InteractionResponseType.deferred_message_update: CB_DEFERRED_UPDATE}


class GatewayTransport:
    """:class:`bot.delivery.Transport` of the discord.py ``interaction``: each call is the request
    ``interaction.response`` and ``interaction.followup`` make, through discord.py's webhook adapter."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self._adapter = async_context.get()

    @property
    def responded(self) -> bool:
        """True once the callback (answer or defer) was sent."""
        return bool(self.interaction.response.is_done())

    @property
    def deferred(self) -> int | None:
        """5 or 6 when the callback was a defer, else None."""
        kind = self.interaction.response.type
        return _DEFERS.get(kind) if kind is not None else None

    @property
    def deferred_ephemeral(self) -> bool:
        """Whether the bot's watchdog deferred ephemerally (recorded in ``interaction.extras``)."""
        return bool(self.interaction.extras.get("deferred_ephemeral", False))

    def _kw(self) -> dict[str, Any]:
        http = self.interaction._state.http
        return {"session": self.interaction._session, "proxy": http.proxy, "proxy_auth": http.proxy_auth}

    async def respond(self, body: dict[str, Any]) -> None:
        """``POST /interactions/{id}/{token}/callback`` with ``body``."""
        i = self.interaction
        params = MultipartParameters(payload=body, multipart=None, files=None)
        await self._adapter.create_interaction_response(i.id, i.token, params=params, **self._kw())
        i.response._response_type = discord.InteractionResponseType(body["type"])
        metrics.first_callback(i.id, body["type"])

    async def edit_original(self, data: dict[str, Any]) -> None:
        """``PATCH /webhooks/{app}/{token}/messages/@original`` with ``data``."""
        i = self.interaction
        await self._adapter.edit_original_interaction_response(i.application_id, i.token, payload=data, **self._kw())

    async def followup(self, data: dict[str, Any]) -> None:
        """``POST /webhooks/{app}/{token}?wait=1`` with ``data``."""
        i = self.interaction
        await self._adapter.execute_webhook(i.application_id, i.token, payload=data, wait=True,
                                            with_components=bool(data.get("components")), **self._kw())

    async def delete_original(self) -> None:
        """``DELETE /webhooks/{app}/{token}/messages/@original`` (a missing message is fine)."""
        i = self.interaction
        try:
            await self._adapter.delete_original_interaction_response(i.application_id, i.token, **self._kw())
        except discord.HTTPException:
            log.debug("Ursprüngliche Antwort nicht gelöscht", exc_info=True)


async def send_callback(state: Any, interaction_id: int | str, token: str, body: dict[str, Any]) -> None:
    """``POST /interactions/{id}/{token}/callback`` with ``body`` through discord.py's webhook adapter and
    the HTTP session of the connection state ``state`` (``bot._connection``), before any
    :class:`discord.Interaction` exists (an early defer in a burst).

    Raises:
        discord.HTTPException: Discord refused it (e.g. ``NotFound`` 10062 when the interaction expired).
    """
    http = state.http
    params = MultipartParameters(payload=body, multipart=None, files=None)
    await async_context.get().create_interaction_response(
        int(interaction_id), token, session=http._HTTPClient__session, proxy=http.proxy,
        proxy_auth=http.proxy_auth, params=params)
    metrics.first_callback(interaction_id, body.get("type"))


async def send_reply(interaction: discord.Interaction[Any], reply: Reply, *, origin: Invocation | None = None,
                     page: int = 0, update: bool = False) -> None:
    """Answer the discord.py ``interaction`` with ``reply`` (:func:`bot.delivery.deliver`); a defer the bot sent
    before the interaction was parsed (``client.settle_defer``, a burst) is waited for first."""
    settle = getattr(interaction.client, "settle_defer", None)
    if settle is not None:
        await settle(interaction)
    await deliver(GatewayTransport(interaction), reply, page=page, origin=origin, update=update)
