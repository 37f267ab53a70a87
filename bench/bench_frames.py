"""CPU of reading one interaction's gateway frame: discord.py's reader against Regelbot's (bot/gateway/frames.py).

    .venv/bin/python bench/bench_frames.py [--frames 20000] [--rounds 7]

The frames are the fake Discord's INTERACTION_CREATE dispatches of the load test's mix (autocompletes and
commands, with member, channel and guild objects as Discord sends them), as text. Each is read by a discord.py
``DiscordWebSocket`` of a real ``commands.Bot`` (its ``dispatch`` for the ``socket_event_type`` event; the gateway
logger at WARNING, as the bot runs at INFO), once through discord.py's own ``received_message`` and once through the
wrapped one; the ``INTERACTION_CREATE`` parser is the same no-op for both, so only the reading is timed. The two take
turns, round by round; printed: µs per frame, best and median of the rounds, and the ratio Regelbot / discord.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

import discord
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from fakediscord import FakeDiscord

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ratio_text

from bot.gateway.frames import guard_gateway_frames

AUTOCOMPLETE = {"id": "9", "name": "karte", "type": 1,
                "options": [{"name": "name", "type": 3, "value": "chor", "focused": True}]}
COMMAND = {"id": "9", "name": "regel", "type": 1, "options": [{"name": "nummer", "type": 3, "value": "702.19b"}]}


def frames(n: int) -> list[str]:
    """``n`` frames as the fake Discord sends them, 88 % autocompletes (the load test's share)."""
    fake = FakeDiscord()
    out = []
    for i in range(n):
        payload = fake.payload(2, COMMAND) if i % 25 < 3 else fake.payload(4, AUTOCOMPLETE)
        out.append(json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": i + 1, "d": payload}))
    return out


async def timed(read, ws: DiscordWebSocket, texts: list[str]) -> float:
    """µs per frame of ``read(ws, text)`` over ``texts``."""
    c0 = time.process_time()
    for text in texts:
        await read(ws, text)
    return (time.process_time() - c0) / len(texts) * 1e6


async def main(n: int, rounds: int) -> None:
    logging.getLogger("discord.gateway").setLevel(logging.WARNING)
    guard_gateway_frames()
    wrapped = DiscordWebSocket.received_message
    original = wrapped.__wrapped__  # type: ignore[attr-defined]  # functools.wraps keeps discord.py's reader
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    ws = DiscordWebSocket(None, loop=asyncio.get_running_loop())  # type: ignore[arg-type]  # no socket is read
    ws._discord_parsers = {"INTERACTION_CREATE": lambda data: None}
    ws._dispatch = bot.dispatch
    ws.shard_id = 0
    texts = frames(n)
    got: dict[str, list[float]] = {"discord.py": [], "Regelbot": []}
    for i in range(rounds + 1):
        for name, read in (("discord.py", original), ("Regelbot", wrapped))[:: 1 if i % 2 else -1]:
            us = await timed(read, ws, texts)
            if i:  # the first round warms up
                got[name].append(us)
    for name, values in got.items():
        print(f"{name:10s}: best {min(values):.1f} µs, median {statistics.median(values):.1f} µs per frame")
    ratio = [a / b for a, b in zip(got["Regelbot"], got["discord.py"], strict=True)]
    print(f"Regelbot / discord.py: {ratio_text(ratio)} "
          f"[{len(texts)} frames, {sum(len(t) for t in texts) // len(texts)} characters each on average]")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    asyncio.run(main(args.frames, args.rounds))
