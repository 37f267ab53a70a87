"""A bot that does nothing but acknowledge: the fake Discord's own capacity, without discord.py or Regelbot.

It connects to the fake's gateway (HELLO → IDENTIFY → READY), and answers every INTERACTION_CREATE at
once with the cheapest valid callback: autocomplete with no choices (type 8), anything else with a short
message (type 4), over keep-alive HTTP connections. A burst against it measures what the fake Discord and
the benchmark's client side can do on this machine; the difference to the real bot is the bot's share.

    python bench/null_bot.py http://127.0.0.1:PORT [--connections 32]
"""

from __future__ import annotations

import argparse
import asyncio
import json

import aiohttp

HELLO, IDENTIFY, HEARTBEAT, DISPATCH = 10, 2, 1, 0


async def run(base: str, connections: int) -> None:
    """Serve the fake at ``base`` until the connection closes."""
    api = base + "/api/v10"
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=connections)) as session:
        pending: set[asyncio.Task[None]] = set()

        async def answer(d: dict) -> None:
            body = ({"type": 8, "data": {"choices": []}} if d.get("type") == 4
                    else {"type": 4, "data": {"content": "ok"}})
            async with session.post(f"{api}/interactions/{d['id']}/{d['token']}/callback", json=body) as resp:
                await resp.read()

        async with session.ws_connect(base + "/gateway", max_msg_size=0) as ws:
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                event = json.loads(msg.data)
                if event.get("op") == HELLO:
                    await ws.send_str(json.dumps({"op": IDENTIFY, "d": {"token": "null", "intents": 0,
                                                                         "properties": {}, "shard": [0, 1]}}))
                    print("READY", flush=True)
                elif event.get("op") == DISPATCH and event.get("t") == "INTERACTION_CREATE":
                    task = asyncio.create_task(answer(event["d"]))
                    pending.add(task)
                    task.add_done_callback(pending.discard)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the fake Discord's base URL, http://127.0.0.1:PORT")
    parser.add_argument("--connections", type=int, default=32, help="keep-alive HTTP connections")
    args = parser.parse_args()
    asyncio.run(run(args.url, args.connections))


if __name__ == "__main__":
    main()
