"""One way to answer an interaction, whatever Discord door it came through (gateway, HTTP endpoint). Discord-free.

* :func:`deliver` sends a :class:`~bot.reply.Reply` as the payload of :func:`bot.render.message_payload`
  through a :class:`Transport`: the interaction callback (type 4 new message / 7 update), or after a
  defer (type 5 / 6) the edit of the original (``PATCH /webhooks/{app}/{token}/messages/@original``), or a
  follow-up (``POST /webhooks/{app}/{token}``) when the visibility must differ from the defer's. The gateway's
  transport goes through discord.py (:mod:`bot.gateway.transport`), the HTTP endpoint's through its own
  REST client (:mod:`bot.serve`).
* :func:`leaf_options` reads the invoked command's names and options out of an interaction's ``data``, below
  its subcommands: the one walk every door uses.
* :func:`defer_kind` decides from the raw interaction payload alone (no discord.py objects, no answer
  lookup) which defer an interaction gets when it must be acknowledged before its answer is ready, so a
  gateway bot in a burst can send it before any other work (:meth:`bot.gateway.gate.GatedBot._gate_interactions`)
  and the HTTP endpoint answers with it when its answer is late.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from bot.custom_id import OPEN, PAGE, Invocation, decode_or_none
from bot.render import EPHEMERAL, message_payload, picked_custom_id
from bot.reply import PRIVATE_OPTION, Reply

log = logging.getLogger(__name__)

#: Interaction callback types (https://discord.com/developers/docs/interactions/receiving-and-responding).
CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE, CB_AUTOCOMPLETE = 4, 5, 6, 7, 8

#: Interaction types (https://discord.com/developers/docs/interactions/receiving-and-responding).
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 1, 2, 3, 4
#: ``data.type`` of a message context-menu command ("Karten erklären"), answered privately.
MESSAGE_COMMAND = 3
#: Option types of a subcommand and a subcommand group: Discord nests the invoked subcommand as the one option.
SUBCOMMAND_TYPES = (1, 2)


def _objects(items: Any) -> list[Mapping[str, Any]]:
    return [item for item in items if isinstance(item, Mapping)] if isinstance(items, list) else []


def leaf_options(data: Mapping[str, Any]) -> tuple[tuple[str, ...], list[Mapping[str, Any]]]:
    """The invoked command's names and its options, from an application command's (or autocomplete's)
    ``data``: ``{"name": "mana", "options": [{"name": "pay", "type": 1, "options": [{"name": "x", …}]}]}`` →
    ``(("mana", "pay"), [{"name": "x", …}])``. Never raises: what is not an object is left out."""
    path = [str(data.get("name", ""))]
    options = _objects(data.get("options"))
    while len(options) == 1 and options[0].get("type") in SUBCOMMAND_TYPES:
        path.append(str(options[0].get("name", "")))
        options = _objects(options[0].get("options"))
    return tuple(path), options


def _private_option(data: Mapping[str, Any]) -> bool:
    """Whether the leaf options of the command ``data`` set ``private`` to true."""
    return any(o.get("name") == PRIVATE_OPTION and o.get("value") is True for o in leaf_options(data)[1])


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
        return CB_DEFERRED_MESSAGE, _private_option(data)
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
