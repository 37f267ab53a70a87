"""``serve`` on aiohttp's low-level server (bot/serve.py: make_server, Endpoint.dispatch and route) behind the intake,
on a real socket in this process: the paths and methods the application's router answered before, in German JSON
where it refused, and ``Expect: 100-continue``."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

import aiohttp
from aiohttp import web
from nacl.signing import SigningKey

from bot.serve import RestClient, make_server
from bot.serve_interactions import Interactions
from bot.serve_net import Intake
from bot.serve_sockets import listen


async def _serving(key: SigningKey) -> tuple[Intake, web.ServerRunner, int]:
    """``make_server`` behind an intake on a free port (a stand-in core: a PING needs none, ``/health`` reads
    ``is_open``)."""
    core = SimpleNamespace(is_open=True)
    interactions = Interactions(core, RestClient())  # type: ignore[arg-type]
    intake = Intake(listen("127.0.0.1", 0), 16)
    runner = web.ServerRunner(make_server(interactions, key.verify_key.encode().hex(), intake), handle_signals=False)
    await runner.setup()
    assert runner.server is not None
    intake.start(runner.server)
    return intake, runner, intake.sockets[0].getsockname()[1]


def _signed_ping(key: SigningKey) -> tuple[bytes, dict[str, str]]:
    body = b'{"type": 1, "id": "1577722197915467820", "application_id": "9", "token": "t"}'
    stamp = str(int(time.time()))
    return body, {"X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(),
                  "X-Signature-Timestamp": stamp, "Content-Type": "application/json"}


async def test_the_low_level_server_answers_the_paths_and_methods_as_the_router_did():
    key = SigningKey.generate()
    intake, runner, port = await _serving(key)
    url = f"http://127.0.0.1:{port}"
    got = {}
    try:
        async with aiohttp.ClientSession() as session:
            body, headers = _signed_ping(key)
            asked = [("ping", "POST", "/interactions", body), ("get", "GET", "/interactions", None),
                     ("unknown", "GET", "/nirgends", None), ("post health", "POST", "/health", b"")]
            for name, method, path, data in asked:
                async with session.request(method, url + path, data=data, headers=headers if data else None) as resp:
                    got[name] = resp.status, await resp.json(content_type=None)
            async with session.get(url + "/health") as resp:
                got["health"] = resp.status, (await resp.json())["status"]
            async with session.head(url + "/health") as resp:
                got["head"] = resp.status, await resp.read()
            async with session.get(url + "/metrics") as resp:
                got["metrics"] = resp.status, "regelbot_interactions_total" in await resp.text()
    finally:
        await intake.stop()
        await runner.cleanup()
    refused = {"error": "Methode nicht erlaubt"}
    assert got == {"ping": (200, {"type": 1}), "get": (405, refused), "unknown": (404, {"error": "Nicht gefunden"}),
                   "post health": (405, refused), "health": (200, "ok"), "head": (200, b""), "metrics": (200, True)}


async def test_a_request_expecting_100_continue_gets_it_before_sending_its_body():
    key = SigningKey.generate()
    intake, runner, port = await _serving(key)
    body, headers = _signed_ping(key)
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n{head}"
                     "Expect: 100-continue\r\n\r\n".encode())
        interim = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 3)  # the body is not sent before it
        writer.write(body)
        answer = await asyncio.wait_for(reader.readuntil(b'{"type":1}'), 3)
        writer.close()
    finally:
        await intake.stop()
        await runner.cleanup()
    assert interim == b"HTTP/1.1 100 Continue\r\n\r\n" and answer.startswith(b"HTTP/1.1 200 OK")


async def test_a_method_not_allowed_names_the_allowed_ones():
    # RFC 9110 15.5.6: a 405 carries Allow (on the interactions port and on the health port's listener)
    from bot.health import Heartbeat, SideListener

    key = SigningKey.generate()
    intake, runner, port = await _serving(key)
    side = SideListener(lambda: (True, "bereit"), Heartbeat())
    health_port = (await side.open("127.0.0.1", 0))[0][1]
    try:
        async with aiohttp.ClientSession() as session:
            got = []
            for url in (f"http://127.0.0.1:{port}/interactions", f"http://127.0.0.1:{port}/health",
                        f"http://127.0.0.1:{health_port}/health"):
                async with session.request("PUT" if "interactions" not in url else "GET", url) as resp:
                    got.append((resp.status, resp.headers.get("Allow"), (await resp.json())["error"]))
    finally:
        await side.cleanup()
        await intake.stop()
        await runner.cleanup()
    assert got == [(405, "POST", "Methode nicht erlaubt"), (405, "GET,HEAD", "Methode nicht erlaubt"),
                   (405, "GET,HEAD", "Methode nicht erlaubt")]
