"""The gateway's frame reader: discord.py's ``DiscordWebSocket.received_message`` wrapped once per process.

:func:`guard_gateway_frames` makes two changes to how a shard reads a frame (Discord's gateway: one JSON object
per text frame, ``{"op", "d", "s", "t"}``; zlib-stream frames are inflated first, as discord.py does):

* an interaction (a DISPATCH of ``INTERACTION_CREATE``) is decoded once, with orjson, and handed straight to the
  ``INTERACTION_CREATE`` parser (the interaction gate, :mod:`bot.gateway.gate`) after the frame's sequence number
  and the heartbeat's clock are kept as discord.py keeps them (:func:`take_interaction`): discord.py's own
  reading of the frame (its DEBUG line, its ``socket_event_type`` event, the look-up of the parser, its check of
  the listeners waiting for an event) is skipped for it; at DEBUG it is one short line of its own (shard, id,
  type, sequence; no token). Regelbot listens to neither event; a frame that some discord.py waiter listens for
  (``wait_for`` on the socket) takes discord.py's way;
* a frame that cannot be read — JSON nested deeper than Python's stack (``RecursionError``), text that is not
  JSON (``ValueError``) or not UTF-8 — is logged as one WARNING line (no traceback) and dropped, instead of
  ending discord.py's shard worker and the client (exit 1).

Every other frame (HELLO, heartbeats, READY, guild events) goes to discord.py's reader unchanged.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import orjson
from discord.gateway import DiscordWebSocket

log = logging.getLogger("bot.gateway.gate")  # the gate's log lines, as before the move

#: Gateway opcode of an event and the event of an interaction (Discord's "Gateway Events").
DISPATCH = 0
INTERACTION_CREATE = "INTERACTION_CREATE"


def interaction_of(frame: Any) -> tuple[bool, Any]:
    """``(True, d)`` when the decoded gateway ``frame`` is the DISPATCH of an ``INTERACTION_CREATE`` (``d``: its
    payload, whatever its shape: the gate checks it), else ``(False, None)``. Never raises."""
    if type(frame) is dict and frame.get("t") == INTERACTION_CREATE and frame.get("op") == DISPATCH:
        return True, frame.get("d")
    return False, None


def take_interaction(ws: DiscordWebSocket, frame: dict[str, Any], data: Any) -> None:
    """Do with the interaction ``frame`` (payload ``data``) what discord.py's reader does with a DISPATCH, less
    what Regelbot does not use: keep its sequence number (for RESUME and the heartbeats), tick the heartbeat's
    clock, and call the ``INTERACTION_CREATE`` parser of the shard's connection state with ``data``."""
    seq = frame.get("s")
    if seq is not None:
        ws.sequence = seq
    if ws._keep_alive:
        ws._keep_alive.tick()
    if log.isEnabledFor(logging.DEBUG):  # discord.py's line for every frame it reads, in short (no token)
        known = data if isinstance(data, dict) else {}
        log.debug("Shard %s: Interaktion %s vom Typ %s gelesen (Sequenz %s)", ws.shard_id, known.get("id"),
                  known.get("type"), seq)
    ws._discord_parsers[INTERACTION_CREATE](data)


def guard_gateway_frames() -> None:
    """Wrap ``DiscordWebSocket.received_message`` as the module docstring says. Idempotent: the method is
    wrapped once per process."""
    receive = DiscordWebSocket.received_message
    if getattr(receive, "__regelbot_guard__", False):
        return

    @functools.wraps(receive)
    async def received_message(self: DiscordWebSocket, msg: Any, /) -> None:
        try:
            if type(msg) is bytes:  # zlib-stream: inflated here, once (discord.py then takes the text)
                msg = self._decompressor.decompress(msg)
                if msg is None:  # a part of a frame
                    return
            if INTERACTION_CREATE in msg and not self._dispatch_listeners:
                frame = orjson.loads(msg)
                found, data = interaction_of(frame)
                if found:
                    take_interaction(self, frame, data)
                    return
            await receive(self, msg)
        except (RecursionError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            log.warning("Gateway-Nachricht (Shard %s) nicht lesbar, verworfen: %s", self.shard_id,
                        type(exc).__name__)

    received_message.__regelbot_guard__ = True  # type: ignore[attr-defined]
    DiscordWebSocket.received_message = received_message
