"""The HTTP interactions endpoint (``serve``, bot/serve.py) is a door of its own beside ``call``, ``press`` and the
console: signed requests as Discord sends them, answered from the core through the one renderer. Through it, an
answer whose input no paging button can carry is its first page alone (bot/unpaged.py), the same search short
enough pages when its „Weiter“ is pressed, and a card name no document has is said as ``/karte`` and ``/frage`` say
it. The values are the documents': 13 rulings of the FAQs match the sentence on combat damage and a
removed blocker (15 before the learned translations held the sixth tuning
part's questions, 2026-12-07; the first page is the same);
001 names Dimir-Doppelgänger and Circu, Dimir-Lobotomist, no „Dimir-Wächter“."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from nacl.signing import SigningKey

from bot.serve import make_app
from bot.serve_interactions import Interactions
from tests.test_answer_bodies import command
from tests.test_unpaged_doors import SENTENCE, SHORT

#: The line that ends the first page alone of the sentence search: 3 pages, its paging id 105 characters.
NOTE = ("_ℹ️ Seite 1 von 3: Die Eingabe ist um 5 Zeichen zu lang, um sie in einem Knopf zum Blättern mitzugeben "
        "(Discord erlaubt 100 Zeichen, ein Komma zählt dreifach, ein Emoji doppelt). Für die weiteren Seiten den "
        "Befehl mit einer kürzeren Eingabe erneut ausführen (eine Suche etwa nur mit ihren Stichwörtern)._")
#: What 001 names beside the missing „Dimir-Wächter“.
DIMIR = "Karten mit „Dimir“ im Namen: **Dimir-Doppelgänger**, **Circu, Dimir-Lobotomist**."


class NoRest:
    """Discord's REST API, never reached: every answer here is the response itself."""

    async def request(self, method: str, path: str, body: dict | None = None, deadline: float | None = None) -> None:
        raise AssertionError(f"{method} {path}: an answer went past the response")


class Endpoint:
    """The endpoint served on a test port, its requests signed with the application's key."""

    def __init__(self, client: TestClient, key: SigningKey) -> None:
        self.client, self.key = client, key

    async def post(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The interaction response to ``payload`` (HTTP 200)."""
        body = json.dumps(payload).encode()
        stamp = str(int(time.time()))
        resp = await self.client.post("/interactions", data=body, headers={
            "X-Signature-Ed25519": self.key.sign(stamp.encode() + body).signature.hex(),
            "X-Signature-Timestamp": stamp})
        assert resp.status == 200, await resp.text()
        return await resp.json()


@pytest.fixture
async def endpoint(core, monkeypatch) -> AsyncIterator[Endpoint]:
    """``serve``'s app on the documents' store; no answer deferred (a loaded machine would defer a slow one)."""
    monkeypatch.setattr("bot.serve_interactions.answer_budget", lambda *_args, **_kw: 60.0)
    key = SigningKey.generate()
    app = make_app(Interactions(core, NoRest(), defer_after=60.0),  # type: ignore[arg-type]
                   key.verify_key.encode().hex())
    async with TestClient(TestServer(app)) as client:
        yield Endpoint(client, key)


def ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message.get("components") or [] for c in row["components"]]


async def test_a_sentence_search_too_long_for_a_button_is_its_first_page_alone(endpoint):
    answer = await endpoint.post(command("ruling", {"search": SENTENCE}))
    assert answer["type"] == 4
    message = answer["data"]
    assert not [i for i in ids(message) if i.startswith("rb:pg:")], ids(message)
    embed = message["embeds"][0]
    assert embed["description"].startswith(f"13 Treffer für „{SENTENCE}“, die passendsten zuerst")
    assert embed["description"].endswith(NOTE)
    assert "Seite 1/" not in embed["footer"]["text"]
    assert "rb:rulings:271" in ids(message)  # the first page's buttons stay: Wollwildschwein's rulings


async def test_the_shortened_search_pages_when_its_weiter_is_pressed(endpoint):
    answer = await endpoint.post(command("ruling", {"search": SHORT}))
    weiter = next(i for i in ids(answer["data"]) if i.startswith("rb:pg:2:"))
    assert "Seite 1/3" in answer["data"]["embeds"][0]["footer"]["text"]
    pressed = await endpoint.post({"type": 3, "id": "1300000000000000901", "application_id": "9", "token": "tp",
                                   "data": {"custom_id": weiter, "component_type": 2}, "message": {"flags": 0}})
    assert pressed["type"] == 7  # the clicked message updated in place
    embed = pressed["data"]["embeds"][0]
    assert embed["title"] == f"Rulings mit „{SHORT}“" and "Seite 2/3" in embed["footer"]["text"]


async def test_a_card_no_document_names_is_said_by_karte_and_frage(endpoint):
    card = (await endpoint.post(command("card", {"name": "Dimir-Wächter"})))["data"]
    assert card["flags"] == 64 and card["embeds"][0]["title"] == "Keine Karte „Dimir-Wächter“ gefunden"
    assert card["embeds"][0]["description"] == f"Kein Dokument des Bots nennt eine Karte „Dimir-Wächter“. {DIMIR}"
    asked = (await endpoint.post(command("ask", {"question": "was macht dimirwächter"})))["data"]
    assert asked["embeds"][0]["description"].startswith(
        "Frage: „was macht dimirwächter“\nℹ️ Keine Karte „Dimirwächter“ gefunden: kein Dokument des Bots nennt eine "
        f"Karte dieses Namens; die Stellen unten gelten nicht ihr. {DIMIR}\n")
