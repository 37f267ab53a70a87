"""Any text Discord could send as a component's custom_id (0–100 characters) gets the same German answer on every
door — :func:`bot.commands.buttons.press`, ``serve``'s endpoint, the gateway's listener, the console and
``python -m bot press`` — and never a traceback; the command line's usage error only for a missing id."""

from __future__ import annotations

import json
import time
from types import SimpleNamespace

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer
from nacl.signing import SigningKey

from bot.answers.registry import UNKNOWN_BUTTON_TITLE
from bot.commands.buttons import press
from bot.console import CommandLine
from bot.serve import make_app
from bot.serve_interactions import Interactions
from tests.conftest import call_cli

#: Ids no button of the bot carries: none may run anything.
FOREIGN = ["", "rb", "rb:", "x", "rb:rulings", "rbx:rulings:20", " rb:rulings:20", "rb:rulings:20 ", "RB:rulings:20",
           "rb::", ":::", "\x00", "rb:\u200b", "ü" * 100, "rb:" + "9" * 97, "rb:pg:", "rb:pg:1", "rb:open:",
           "rb:gibtsnicht:1", "-x", "--json"]


async def never(inv):
    raise AssertionError(f"ran {inv!r}")


@pytest.mark.parametrize("custom_id", FOREIGN)
async def test_press_answers_every_foreign_id_with_the_unknown_button(custom_id):
    pressed = await press(custom_id, never)
    assert pressed.reply.error and pressed.reply.pages[0].title == UNKNOWN_BUTTON_TITLE


class NoRest:
    async def request(self, method: str, path: str, body: dict | None = None, deadline: float | None = None) -> None:
        return None


async def test_every_door_answers_a_foreign_id_alike(core, monkeypatch):
    key = SigningKey.generate()
    served = {}
    async with TestClient(TestServer(make_app(Interactions(core, NoRest()),  # type: ignore[arg-type]
                                              key.verify_key.encode().hex()))) as client:
        for n, custom_id in enumerate(FOREIGN):
            body = json.dumps({"type": 3, "id": str(700 + n), "application_id": "9", "token": f"t{n}",
                               "data": {"custom_id": custom_id, "component_type": 2}}).encode()
            stamp = str(int(time.time()))
            resp = await client.post("/interactions", data=body, headers={
                "X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(),
                "X-Signature-Timestamp": stamp})
            assert resp.status == 200, custom_id
            answer = await resp.json()
            served[custom_id] = (answer["type"], answer["data"]["embeds"][0]["title"], answer["data"]["flags"])
    assert set(served.values()) == {(4, UNKNOWN_BUTTON_TITLE, 64)}  # a private message, as every button's error
    console = CommandLine(core)
    for custom_id in FOREIGN:
        assert (await console.press(custom_id)).reply.pages[0].title == UNKNOWN_BUTTON_TITLE, custom_id
    # the gateway: discord.py hands the listener the component interaction; before, an id not starting with „rb:“
    # was left unanswered (Discord: „Interaktion fehlgeschlagen“)
    from bot.gateway import buttons

    sent = []

    async def send_reply(interaction, reply, **kw):
        sent.append(reply.pages[0].title)

    monkeypatch.setattr(buttons, "send_reply", send_reply)
    for custom_id in FOREIGN:
        interaction = SimpleNamespace(type=discord.InteractionType.component, data={"custom_id": custom_id},
                                      message=None, client=SimpleNamespace(answer=never))
        await buttons.on_button(interaction)  # type: ignore[arg-type]
    assert sent == [UNKNOWN_BUTTON_TITLE] * len(FOREIGN)


@pytest.mark.parametrize("args", [["rb"], [""], ["x"], ["--", "-x"], ["ü" * 100]])
def test_python_m_bot_press_answers_a_foreign_id_and_exits_0(built_db, args):
    proc = call_cli("press", *args, db=built_db)
    assert (proc.returncode, proc.stdout.splitlines()[0]) == (0, f"== {UNKNOWN_BUTTON_TITLE} =="), args
    assert "Traceback" not in proc.stderr


def test_only_a_missing_id_is_a_usage_error(built_db):
    proc = call_cli("press", db=built_db)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "press" in proc.stderr and "Traceback" not in proc.stderr
