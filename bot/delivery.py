"""One way to answer an interaction, whatever door it came through (gateway, HTTP endpoint).

* :func:`deliver` sends a :class:`~bot.reply.Reply` as the payload of :func:`bot.render.message_payload`
  through a :class:`Transport`: the interaction callback (type 4 new message / 7 update), or after a
  defer (type 5 / 6) the edit of the original (``PATCH /webhooks/{app}/{token}/messages/@original``), or a
  follow-up (``POST /webhooks/{app}/{token}``) when the visibility must differ from the defer's.
* :func:`press` answers a button from its custom_id alone (:mod:`bot.custom_id`): no state in memory,
  so any process (another shard, another HTTP worker, the bot after a restart) answers any click.
* :class:`GatewayTransport` is the transport of a discord.py interaction: it sends the very dicts
  through discord.py's HTTP adapter (rate limits and retries included).
* :func:`defer_kind` decides from the raw interaction payload alone (no discord.py objects, no answer
  lookup) which defer an interaction gets when it must be acknowledged before its answer is ready, so a
  gateway bot in a burst can send it before any other work (:meth:`bot.gate.GatedBot._gate_interactions`);
  :func:`send_callback` sends such a callback from the raw id and token.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.answers.registry import AnswerContext, run_action, run_answer
from bot.custom_id import OPEN, PAGE, SHARE, BadCustomId, Invocation, decode
from bot.render import EPHEMERAL, fit_reply, message_payload, page_checks, picked_custom_id
from bot.reply import Reply, as_private

log = logging.getLogger(__name__)

#: Interaction callback types (https://discord.com/developers/docs/interactions/receiving-and-responding).
CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE, CB_AUTOCOMPLETE = 4, 5, 6, 7, 8

UNKNOWN_BUTTON = Reply.fail("Unbekannte Schaltfläche", "Diese Schaltfläche gehört zu einer älteren Version des Bots.")
NOT_PAGEABLE = Reply.fail(
    "Blättern nicht möglich",
    "Die Eingabe dieser Antwort ist zu lang, um sie in einem Knopf mitzugeben (Discord erlaubt 100 Zeichen). "
    "Bitte den Befehl mit einer kürzeren Eingabe erneut ausführen.",
)
CHANGED = Reply.fail(
    "Antwort hat sich geändert",
    "Diese Seite sieht heute anders aus als beim Absenden der Antwort (neue Daten oder ein Zufallsteil). "
    "Bitte den Befehl erneut ausführen.",
)

Runner = Callable[[Invocation], Awaitable[Reply]]

#: Interaction types (https://discord.com/developers/docs/interactions/receiving-and-responding).
APPLICATION_COMMAND, MESSAGE_COMPONENT = 2, 3
#: ``data.type`` of a message context-menu command ("Karten erklären"), answered privately.
MESSAGE_COMMAND = 3
#: The option every command has for a private answer (``bot.slash.PRIVATE``; not imported: no discord here).
PRIVATE_OPTION = "private"


def _private_option(options: list[Any]) -> bool:
    """Whether the leaf options (below sub-command groups and sub-commands) set ``private`` to true."""
    while len(options) == 1 and isinstance(options[0], Mapping) and options[0].get("type") in (1, 2):
        options = list(options[0].get("options") or [])
    return any(isinstance(o, Mapping) and o.get("name") == PRIVATE_OPTION and o.get("value") is True
               for o in options)


def defer_kind(payload: Mapping[str, Any]) -> tuple[int, bool] | None:
    """The defer Regelbot sends for the raw interaction ``payload`` (a dict as Discord sends it) when it
    must be acknowledged before its answer is ready: ``(callback type, ephemeral)``, decided from the payload
    alone. The same choice the answer paths make later: a slash command gets 5 ("thinking…"), ephemeral when
    its ``private`` option is true and for the message command "Karten erklären"; a Regelbot button gets 6
    for turning a page (the clicked message is replaced), else 5, ephemeral for ``open`` (private answers).

    None for what is not deferred: PING, autocomplete (Discord allows no defer for it), components that are
    not Regelbot's or whose custom_id does not decode, and "Im Kanal teilen" without an invocation (answered
    with a copy of the message at once). Never raises on a malformed payload (None instead).
    """
    itype = payload.get("type")
    data = payload.get("data")
    if not isinstance(data, Mapping):
        return None
    if itype == APPLICATION_COMMAND:
        if data.get("type") == MESSAGE_COMMAND:
            return CB_DEFERRED_MESSAGE, True
        return CB_DEFERRED_MESSAGE, _private_option(list(data.get("options") or []))
    if itype != MESSAGE_COMPONENT:
        return None
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith("rb:"):
        return None
    bid = decode_or_none(picked_custom_id(custom_id, list(data.get("values") or [])))
    if bid is None or bid.target is None:
        return None
    if bid.verb == PAGE:
        return CB_DEFERRED_UPDATE, False
    return CB_DEFERRED_MESSAGE, bid.verb == OPEN


def defer_body(ctype: int, ephemeral: bool) -> dict[str, Any]:
    """The callback body of a defer: ``{"type": 5|6}``, with ``data.flags`` 64 when ephemeral."""
    return {"type": ctype, "data": {"flags": EPHEMERAL}} if ephemeral else {"type": ctype}


class Transport(Protocol):
    """Where the answers of one interaction go. ``responded``: the callback was sent; ``deferred``: its
    type when it was a defer (5 or 6), else None; ``deferred_ephemeral``: the defer was ephemeral."""

    @property
    def responded(self) -> bool:
        """True once the interaction callback (an answer or a defer) was sent."""
        ...

    @property
    def deferred(self) -> int | None:
        """The callback type when it was a defer (5 new message, 6 update), else None."""
        ...

    @property
    def deferred_ephemeral(self) -> bool:
        """Whether the defer was ephemeral."""
        ...

    async def respond(self, body: dict[str, Any]) -> None:
        """Send the interaction callback ``{"type", "data"}``."""
        ...

    async def edit_original(self, data: dict[str, Any]) -> None:
        """Edit the interaction's original (or deferred) message with the message payload ``data``."""
        ...

    async def followup(self, data: dict[str, Any]) -> None:
        """Send ``data`` as a new follow-up message."""
        ...

    async def delete_original(self) -> None:
        """Delete the interaction's original message (the "thinking…" of a defer)."""
        ...


async def deliver(transport: Transport, reply: Reply, *, page: int = 0, origin: Invocation | None = None,
                  update: bool = False) -> None:
    """Send page ``page`` of ``reply`` (its paging buttons re-run ``origin``) as the interaction's answer.

    ``update``: replace the message the clicked button belongs to (paging) instead of a new message.
    After a defer the deferred message is edited; an ephemeral reply after a public defer (an error)
    deletes the public "thinking…" message and follows up ephemerally, so an error never goes public.

    Raises:
        discord.HTTPException or aiohttp.ClientError: sending failed (the caller logs it).
    """
    deferred = transport.deferred
    if not transport.responded:
        ctype = CB_UPDATE if update else CB_MESSAGE
        await transport.respond({"type": ctype, "data": message_payload(reply, page, origin, edit=update)})
    elif (deferred == CB_DEFERRED_UPDATE and update) or (
        deferred == CB_DEFERRED_MESSAGE and reply.ephemeral == transport.deferred_ephemeral
    ):
        await transport.edit_original(message_payload(reply, page, origin, edit=True))
    else:
        if deferred == CB_DEFERRED_MESSAGE:
            await transport.delete_original()
        await transport.followup(message_payload(reply, page, origin))


def runner(ctx: AnswerContext) -> Runner:
    """Run an invocation on the answer layer directly (no defer; the HTTP endpoint and the CLI)."""

    async def run(inv: Invocation) -> Reply:
        if inv.kind == "action":
            return await run_action(ctx, inv.key, inv.arg)
        return await run_answer(ctx, inv.key, **inv.kwargs)

    return run


@dataclass
class Pressed:
    """What a button press produces: the ``reply``, the 0-based ``page`` to show, the ``origin`` for its
    paging buttons and whether it ``update``-s the clicked message (paging) or is a new message."""

    reply: Reply
    page: int = 0
    origin: Invocation | None = None
    update: bool = False


def decode_or_none(custom_id: str) -> Any:
    """The decoded custom_id, or None for an id Regelbot did not make."""
    try:
        return decode(custom_id)
    except BadCustomId:
        return None


async def press(custom_id: str, run: Runner, private: bool = False) -> Pressed:
    """Answer the button ``custom_id`` with ``run`` (see :mod:`bot.custom_id` for the verbs).

    ``open`` gives an ephemeral new message with the action's reply. ``pg`` recomputes the invocation and
    shows the requested page in place, if that page is still the one the button was made for (else
    :data:`CHANGED`); ``sh`` posts it publicly. Unknown or forged ids give :data:`UNKNOWN_BUTTON`, an
    invocation that did not fit gives :data:`NOT_PAGEABLE` — German error replies, never an exception.
    ``private``: the clicked message is ephemeral (a page turned there stays private and shareable).
    """
    bid = decode_or_none(custom_id)
    if bid is None:
        return Pressed(UNKNOWN_BUTTON)
    if bid.target is None:
        return Pressed(NOT_PAGEABLE)
    reply = await run(bid.target)
    if bid.target.kind == "action":
        reply = replace(reply, ephemeral=True)
    if bid.verb == OPEN:  # a private answer: it can be shared ("Im Kanal teilen", see bot.reply.as_private)
        return Pressed(as_private(reply), 0, bid.target)
    if reply.error:
        return Pressed(reply)
    pages = fit_reply(reply)
    index = bid.page - 1
    if not 0 <= index < len(pages) or (bid.check != "-" and page_checks(reply, pages)[index] != bid.check):
        return Pressed(CHANGED)
    if bid.verb == SHARE:
        return Pressed(replace(reply, ephemeral=False), index, bid.target)
    # turning the page of a private (ephemeral) message keeps it private, with its "Im Kanal teilen" button
    return Pressed(as_private(reply) if private else reply, index, bid.target, update=True)


class GatewayTransport:
    """:class:`Transport` of a discord.py interaction (gateway bot).

    Sends the payload dicts unchanged through discord.py's webhook adapter (the same requests
    ``interaction.response.send_message`` makes, with its rate-limit handling) and keeps discord.py's
    response state (``interaction.response.is_done()``) in step.
    """

    def __init__(self, interaction: Any) -> None:
        import discord
        from discord.webhook.async_ import async_context

        self._discord = discord
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
        types = self._discord.InteractionResponseType
        return {types.deferred_channel_message: CB_DEFERRED_MESSAGE,
                types.deferred_message_update: CB_DEFERRED_UPDATE}.get(kind)

    @property
    def deferred_ephemeral(self) -> bool:
        """Whether the bot's watchdog deferred ephemerally (recorded in ``interaction.extras``)."""
        return bool(self.interaction.extras.get("deferred_ephemeral", False))

    def _kw(self) -> dict[str, Any]:
        http = self.interaction._state.http
        return {"session": self.interaction._session, "proxy": http.proxy, "proxy_auth": http.proxy_auth}

    async def respond(self, body: dict[str, Any]) -> None:
        """``POST /interactions/{id}/{token}/callback`` with ``body``."""
        from discord.http import MultipartParameters

        i = self.interaction
        params = MultipartParameters(payload=body, multipart=None, files=None)
        await self._adapter.create_interaction_response(i.id, i.token, params=params, **self._kw())
        i.response._response_type = self._discord.InteractionResponseType(body["type"])

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
        except self._discord.HTTPException:
            log.debug("Ursprüngliche Antwort nicht gelöscht", exc_info=True)


async def send_callback(state: Any, interaction_id: int | str, token: str, body: dict[str, Any]) -> None:
    """``POST /interactions/{id}/{token}/callback`` with ``body`` through discord.py's webhook adapter and
    the HTTP session of the connection state ``state`` (``bot._connection``), before any
    :class:`discord.Interaction` exists (an early defer in a burst).

    Raises:
        discord.HTTPException: Discord refused it (e.g. ``NotFound`` 10062 when the interaction expired).
    """
    from discord.http import MultipartParameters
    from discord.webhook.async_ import async_context

    http = state.http
    params = MultipartParameters(payload=body, multipart=None, files=None)
    await async_context.get().create_interaction_response(
        int(interaction_id), token, session=http._HTTPClient__session, proxy=http.proxy,
        proxy_auth=http.proxy_auth, params=params)


async def send_reply(interaction: Any, reply: Reply, *, origin: Invocation | None = None, page: int = 0,
                     update: bool = False) -> None:
    """Answer the discord.py ``interaction`` with ``reply`` (see :func:`deliver`); a defer the bot sent
    before the interaction was parsed (``client.settle_defer``, a burst) is waited for first."""
    settle = getattr(getattr(interaction, "client", None), "settle_defer", None)
    if settle is not None:
        await settle(interaction)
    await deliver(GatewayTransport(interaction), reply, page=page, origin=origin, update=update)
