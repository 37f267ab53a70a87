"""The gateway's frame reader (:mod:`bot.gateway.frames`): an interaction's frame, as the fake Discord sends it, is
read once and handed to the ``INTERACTION_CREATE`` parser with its sequence number and heartbeat kept, without
discord.py's own reading of the frame; every other frame still goes through discord.py's reader.

A real discord.py ``DiscordWebSocket`` without a socket: its parsers are a recorder, its dispatcher (which
discord.py's reader calls with ``socket_event_type`` for every event it reads) another one, so each test sees
which reader read a frame.
"""

from __future__ import annotations

import asyncio
import json
import logging
import zlib

import orjson
import pytest
from discord.gateway import DiscordWebSocket
from fakediscord import FakeDiscord

from bot.gateway.frames import guard_gateway_frames

pytestmark = pytest.mark.asyncio

#: An autocomplete of /karte as the fake's clients type it: the option ``name`` focused with "chor".
AUTOCOMPLETE_DATA = {"id": "9", "name": "karte", "type": 1,
                     "options": [{"name": "name", "type": 3, "value": "chor", "focused": True}]}


class Ticks:
    """A stand-in for discord.py's heartbeat handler: counts :meth:`tick`."""

    def __init__(self) -> None:
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1


def socket_of(parsed: list, events: list) -> DiscordWebSocket:
    """A DiscordWebSocket whose INTERACTION_CREATE and GUILD_CREATE parsers append their payload to ``parsed``
    and whose dispatcher appends discord.py's events to ``events``."""
    guard_gateway_frames()
    ws = DiscordWebSocket(None, loop=asyncio.get_running_loop())  # type: ignore[arg-type]  # no socket is read
    ws._discord_parsers = {"INTERACTION_CREATE": parsed.append, "GUILD_CREATE": parsed.append}
    ws._dispatch = lambda *args: events.append(args[0])
    ws._keep_alive = Ticks()  # type: ignore[assignment]
    ws.shard_id = 0
    return ws


def frame_of(payload: dict, seq: int) -> str:
    """The gateway frame the fake Discord sends for the interaction ``payload`` (FakeDiscord.dispatch)."""
    return json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": payload})


async def test_an_interaction_frame_is_read_once_and_handed_to_the_gate_with_its_sequence(caplog):
    payload = FakeDiscord().payload(4, AUTOCOMPLETE_DATA)
    parsed, events = [], []
    ws = socket_of(parsed, events)
    with caplog.at_level(logging.DEBUG, logger="bot.gateway.gate"):
        await ws.received_message(frame_of(payload, 41))
    assert [r.getMessage() for r in caplog.records] == [f"Shard 0: Interaktion {payload['id']} vom Typ 4 gelesen "
                                                         "(Sequenz 41)"]  # no token
    assert parsed == [payload]  # the same payload, token, member and all
    assert parsed[0]["data"]["options"][0]["value"] == "chor"
    assert ws.sequence == 41 and ws._keep_alive.ticks == 1  # type: ignore[union-attr]
    assert events == []  # discord.py's reader never saw it (it dispatches socket_event_type for each event)


async def test_a_compressed_interaction_frame_is_inflated_once_and_taken_the_same_way():
    payload = FakeDiscord().payload(2, {"id": "9", "name": "karte", "type": 1,
                                        "options": [{"name": "name", "type": 3, "value": "Boros-Rekrut"}]})
    parsed, events = [], []
    ws = socket_of(parsed, events)
    packed = zlib.compressobj()
    raw = packed.compress(frame_of(payload, 7).encode()) + packed.flush(zlib.Z_SYNC_FLUSH)  # zlib-stream
    await ws.received_message(raw[:10])  # a part of a frame: nothing yet
    assert parsed == []
    await ws.received_message(raw[10:])
    assert parsed == [payload] and ws.sequence == 7 and events == []


async def test_other_frames_still_go_through_discord_py():
    parsed, events = [], []
    ws = socket_of(parsed, events)
    guild = {"id": "1", "name": "Regeln", "unavailable": False}
    await ws.received_message(json.dumps({"op": 0, "t": "GUILD_CREATE", "s": 3, "d": guild}))
    assert parsed == [guild] and events == ["socket_event_type"] and ws.sequence == 3
    # a message whose text names the event is no interaction: discord.py reads it (no parser here: nothing parsed)
    text = {"id": "2", "content": "INTERACTION_CREATE"}
    await ws.received_message(orjson.dumps({"op": 0, "t": "MESSAGE_CREATE", "s": 4, "d": text}).decode())
    assert parsed == [guild] and events == ["socket_event_type"] * 2 and ws.sequence == 4


async def test_a_frame_that_cannot_be_read_is_dropped_with_one_warning(caplog):
    parsed, events = [], []
    ws = socket_of(parsed, events)
    await ws.received_message('{"op": 0, "t": "INTERACTION_CREATE", "d": ')
    await ws.received_message("[" * 100_000 + "]" * 100_000 + " INTERACTION_CREATE")
    assert parsed == [] and events == []
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.gateway.gate"]
    assert lines == ["Gateway-Nachricht (Shard 0) nicht lesbar, verworfen: JSONDecodeError"] * 2
