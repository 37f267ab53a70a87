"""``/regel suche``'s terms line („Begriffe im Suchtext: Friedhof (Regel 404), Spielstein (Regel 111) …“) gives each
named term a button opening its page (``rb:term:<name>``, the name in the custom_id: a press works after a restart,
in another process and through ``serve``); a name the term table does not hold is refused, never echoed."""

from __future__ import annotations

import json
import time

import pytest
from aiohttp.test_utils import TestClient, TestServer
from nacl.signing import SigningKey

from bot.answers import run_answer
from bot.answers.registry import UNKNOWN_BUTTON_TITLE
from bot.commands.buttons import press
from bot.render import message_payload
from bot.serve import make_app
from bot.serve_interactions import Interactions
from tests.conftest import call_cli


class NoRest:
    async def request(self, method: str, path: str, body: dict | None = None, deadline: float | None = None) -> None:
        return None


def custom_ids(payload: dict) -> list[str]:
    return [b["custom_id"] for row in payload["components"] for b in row["components"] if "custom_id" in b]


async def test_each_term_of_the_terms_line_has_a_button_to_its_page(ctx):
    reply = await run_answer(ctx, "rule", search="spielstein friedhof")
    assert reply.pages[0].body.startswith("Begriffe im Suchtext: **Friedhof** (Regel 404), **Spielstein** (Regel 111)")
    ids = custom_ids(message_payload(reply))
    # after the page's own buttons (Regel 111.7 (Erklärung), the first hit's, leads them as before)
    assert ids[2] == "rb:rulex:203" and ids[-2:] == ["rb:term:Friedhof", "rb:term:Spielstein"]


def test_a_term_button_opens_the_term_page_in_a_new_process(built_db):
    proc = call_cli("press", "rb:term:Friedhof", db=built_db)
    assert proc.returncode == 0 and proc.stdout.startswith(
        "== Friedhof – Regel 404 ==\n**Friedhof** (englisch *Graveyard*): Zone, heute Regel **404** der "
        "Comprehensive Rules.")
    # a name with a slash is carried as a button may carry it (+1/+1-Marke, 122.1a)
    proc = call_cli("press", "rb:term:+1-+1-Marke", db=built_db)
    assert proc.stdout.startswith("== +1/+1-Marke – Regel 122.1a ==")


@pytest.mark.parametrize(("custom_id", "title"), [
    ("rb:term:Friedhofx", "Begriff nicht gefunden"),  # no term of the table: not echoed
    ("rb:term:friedhof", "Begriff nicht gefunden"),  # the table's spelling only, nothing fuzzy
    ("rb:term:<@1>", UNKNOWN_BUTTON_TITLE),  # no plain argument: never reaches the action
])
async def test_a_forged_term_button_is_refused(core, custom_id, title):
    pressed = await press(custom_id, core.run)
    assert pressed.reply.error and pressed.reply.pages[0].title == title
    assert "riedhofx" not in pressed.reply.pages[0].body


async def test_a_term_button_works_through_serve(core):
    key = SigningKey.generate()
    async with TestClient(TestServer(make_app(Interactions(core, NoRest()),  # type: ignore[arg-type]
                                              key.verify_key.encode().hex()))) as client:
        body = json.dumps({"type": 3, "id": "801", "application_id": "9", "token": "t",
                           "data": {"custom_id": "rb:term:Spielstein", "component_type": 2}}).encode()
        stamp = str(int(time.time()))
        resp = await client.post("/interactions", data=body, headers={
            "X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(), "X-Signature-Timestamp": stamp})
        answer = await resp.json()
    assert resp.status == 200 and answer["data"]["embeds"][0]["title"] == "Spielstein – Regel 111"
