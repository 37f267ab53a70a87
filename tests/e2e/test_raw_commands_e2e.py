"""Slash commands through both Discord doors are answered from the raw payload (:mod:`bot.raw`), with the same
message payload.

The gateway is the real bot (``python -m bot run``) against the fake Discord, which records every request:
the command's callback must come from the raw path (one aiohttp request with Regelbot's own User-Agent, not
discord.py's webhook adapter, whose User-Agent names discord.py). The HTTP door is ``serve``'s aiohttp
application answering signed requests over loopback; its commands must be read by :func:`bot.raw.invocation`,
the function the gateway calls, and its answer must be the very payload the gateway posted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fakediscord import STRING
from harness import http_door, module_fixtures

from bot import serve_interactions as serve_module
from bot.raw import invocation
from bot.rest import JSON

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

#: (German name and options as a user types them, the subcommand, the interaction's ``data`` as Discord sends it,
#: the title of the answer's first embed). Answers read from the store only: a calculation's worker on a loaded
#: machine may pass the 2 s after which the HTTP door defers.
COMMANDS: list[tuple[str, dict[str, Any], str | None, dict[str, Any], str]] = [
    ("karte", {"name": "Boros-Rekrut"}, None,
     {"name": "card", "type": 1, "options": [{"name": "name", "type": STRING, "value": "Boros-Rekrut"}]},
     "Boros-Rekrut"),
]


bot, _checks = module_fixtures("the raw command path is the real bot's")


async def _gateway_answers(fake) -> list[dict[str, Any]]:
    """Each command through the gateway: the callback body the fake recorded (one per command, type 4, sent
    with Regelbot's own User-Agent)."""
    bodies = []
    for name, options, sub, _data, title in COMMANDS:
        before = len(fake.requests)
        res = await fake.command(name, options, subcommand=sub)
        assert res.embeds[0]["title"] == title
        sent = [r for r in fake.requests[before:] if r.path.endswith("/callback")]
        assert len(sent) == 1 and sent[0].body["type"] == 4, [(r.path, r.body) for r in sent]
        assert sent[0].user_agent == JSON["User-Agent"], sent[0].user_agent  # not discord.py's webhook adapter
        bodies.append(sent[0].body)
    return bodies


async def test_both_doors_answer_commands_through_the_raw_path_with_the_same_payload(
        fake, store_db: Path, tmp_path: Path, monkeypatch) -> None:
    gateway = await _gateway_answers(fake)
    calls = []

    def counted(*args, **kwargs):
        calls.append(args[0])
        return invocation(*args, **kwargs)

    monkeypatch.setattr(serve_module, "invocation", counted)
    async with http_door(store_db, tmp_path) as post:
        for n, (body, (_name, _options, _sub, data, title)) in enumerate(zip(gateway, COMMANDS, strict=True)):
            answer = await post({"type": 2, "id": str(n + 1), "application_id": "1", "token": f"t{n}", "data": data})
            assert answer["type"] == 4 and answer["data"]["embeds"][0]["title"] == title
            assert answer["data"] == body["data"], title
    assert calls == [data for *_, data, _title in COMMANDS]
