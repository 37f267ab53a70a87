"""The HTTP endpoint's pieces without a network: signature checks and command resolution (bot/serve.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from types import SimpleNamespace

import pytest
from nacl.signing import SigningKey

from bot.commands import BadValue
from bot.custom_id import Invocation
from bot.serve import RestClient
from bot.serve_interactions import Interactions
from bot.signature import verify


def test_verify_accepts_only_discords_signature_of_timestamp_and_body():
    key = SigningKey.generate()
    body = b'{"type":1}'
    ts = str(int(time.time()))
    sig = key.sign(ts.encode() + body).signature.hex()
    assert verify(key.verify_key, sig, ts, body)
    assert not verify(key.verify_key, sig, ts, body + b" ")  # body changed
    assert not verify(key.verify_key, sig, str(int(ts) + 1), body)  # timestamp changed
    assert not verify(SigningKey.generate().verify_key, sig, ts, body)  # another application's key
    assert not verify(key.verify_key, "", ts, body)
    assert not verify(key.verify_key, sig[:-2], ts, body)
    assert not verify(key.verify_key, sig, "", body)
    old = str(int(time.time()) - 301)
    assert not verify(key.verify_key, key.sign(old.encode() + body).signature.hex(), old, body)  # stale
    soon = str(int(time.time()) + 3600)
    assert not verify(key.verify_key, key.sign(soon.encode() + body).signature.hex(), soon, body)


async def test_commands_resolve_to_the_answer_and_its_parameters(core):
    http = Interactions(core, RestClient())
    card = {"name": "card", "type": 1, "options": [{"name": "name", "type": 3, "value": "Boros-Rekrut"}]}
    assert http.command(card) == (Invocation.answer("card", name="Boros-Rekrut"), False)
    pay = {"name": "mana", "type": 1, "options": [{"name": "pay", "type": 1, "options": [
        {"name": "cost", "type": 3, "value": "{2}{G/W}"}, {"name": "pool", "type": 3, "value": "GGW"},
        {"name": "x", "type": 4, "value": 2}]}]}
    assert http.command(pay) == (Invocation.answer("mana_pay", cost="{2}{G/W}", pool="GGW", x=2), False)
    too_big = {**pay, "options": [{**pay["options"][0], "options": [
        {"name": "cost", "type": 3, "value": "{2}"}, {"name": "pool", "type": 3, "value": "G"},
        {"name": "x", "type": 4, "value": 10**30}]}]}
    with pytest.raises(BadValue) as refused:  # the table's one checker, as the gateway's and the console's
        http.command(too_big)
    error = refused.value.reply
    assert error.error and error.pages[0].body == "Option „x“: Zahlen mit mehr als 30 Ziffern werden nicht angenommen."
    with pytest.raises(LookupError):
        http.command({"name": "zauberei", "type": 1})
    unknown = await http.handle({"type": 2, "id": "1", "application_id": "9", "token": "t",
                                 "data": {"name": "zauberei", "type": 1}})
    assert unknown["data"]["embeds"][0]["title"] == "Unbekannter Befehl"
    choices = await http.handle({"type": 4, "id": "2", "application_id": "9", "token": "t", "data": {
        "name": "card", "type": 1, "options": [
        {"name": "name", "type": 3, "value": "chor", "focused": True}]}})
    assert choices["type"] == 8
    assert choices["data"]["choices"][0] == {"name": "Chor des Konklave", "value": "Chor des Konklave"}
    assert await http.handle({"type": 1}) == {"type": 1}


MALFORMED_PAYLOADS = [  # validly signed, shapes Discord never sends
    {"type": 2, "data": "kein Objekt"},
    {"type": 2, "data": {"name": "karte", "options": "x"}},
    {"type": 2, "data": {"name": "card", "options": [{"name": "x", "type": 1, "options": "y"}]}},
    {"type": 2, "data": {"name": "card", "options": ["x"]}},
    {"type": 2, "data": {"name": "card", "type": 3, "target_id": "1", "resolved": {"messages": {"1": "x"}}}},
    {"type": 3, "data": {"custom_id": 5}},
    {"type": 3, "data": {"custom_id": "rb:card:1", "values": "x"}},
    {"type": 3, "data": {"custom_id": "rb:card:1"}, "message": "x"},
    {"type": 4, "data": {"name": "card", "options": "x"}},
]


@pytest.mark.parametrize("shape", MALFORMED_PAYLOADS, ids=range(len(MALFORMED_PAYLOADS)))
async def test_a_payload_of_an_unexpected_shape_gets_a_german_answer_and_no_traceback(core, caplog, shape):
    from aiohttp.test_utils import TestClient, TestServer

    from bot.serve import make_app

    key = SigningKey.generate()
    app = make_app(Interactions(core, RestClient()), key.verify_key.encode().hex())
    caplog.set_level(logging.INFO)
    async with TestClient(TestServer(app)) as client:
        body = json.dumps({**shape, "id": "1", "token": "t", "application_id": "1"}).encode()
        ts = str(int(time.time()))
        headers = {"X-Signature-Ed25519": key.sign(ts.encode() + body).signature.hex(), "X-Signature-Timestamp": ts}
        resp = await client.post("/interactions", data=body, headers=headers)
        assert resp.status == 200
        answer = await resp.json()
        if shape["type"] == 4:
            assert answer == {"type": 8, "data": {"choices": []}}
        else:
            assert answer["type"] == 4 and answer["data"]["flags"] == 64
            assert answer["data"]["embeds"][0]["title"] == "Ungültige Anfrage"
        stale = {**headers, "X-Signature-Timestamp": "1"}
        assert (await client.post("/interactions", data=body, headers=stale)).status == 401
        assert (await client.get("/health")).status == 200
    await asyncio.sleep(0.05)  # a background answer task would log now
    assert [r.exc_info for r in caplog.records if r.exc_info] == []  # README: tracebacks only at DEBUG
    assert [r.levelname for r in caplog.records if r.name == "bot.serve" and "(401: " not in r.getMessage()] == [
        "WARNING"]
    assert any("in unerwarteter Form" in r.getMessage() for r in caplog.records)


async def test_a_body_json_cannot_carry_from_discord_is_400(core):
    """The body is read with orjson, as discord.py reads the gateway's frames: a lone surrogate (no UTF-8 text can
    carry it), NaN and JSON nested past 1 024 levels are "kein JSON" (400), Discord's own payloads pass."""
    from bot.serve import Endpoint

    key = SigningKey.generate()
    endpoint = Endpoint(Interactions(core, RestClient()), key.verify_key.encode().hex())
    ts = str(int(time.time()))

    def read(body: bytes):
        headers = {"X-Signature-Ed25519": key.sign(ts.encode() + body).signature.hex(), "X-Signature-Timestamp": ts}
        return endpoint._payload(SimpleNamespace(headers=headers, remote="203.0.113.7"), body)

    good = {"type": 4, "id": "1577722197915467820", "application_id": "9", "token": "t",
            "data": {"name": "card", "type": 1, "options": [{"name": "name", "type": 3, "value": "Bor\u00f6",
                                                            "focused": True}]}}
    assert read(json.dumps(good).encode()) == good
    for bad in (b'{"type": 4, "id": "1577722197915467821", "data": {"name": "\\ud800"}}',
                b'{"type": 4, "id": "1577722197915467822", "x": NaN}', b"[" * 2000 + b"]" * 2000):
        refused = read(bad)
        assert refused.status == 400 and json.loads(refused.body) == {"error": "kein JSON"}, bad[:40]
