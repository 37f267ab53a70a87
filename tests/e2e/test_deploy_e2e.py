"""The deployment's moving parts with real processes: the image's health check script against a real
``python -m bot serve`` worker, and Caddy with ``deploy/caddy/Caddyfile`` in front of two workers, as
``compose.yaml`` and the systemd units run them (skipped where ``caddy`` is not installed).

Expected values from the documents: 001_d6ee154855c71d75.txt lines 26-31 Boros-Rekrut."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest
import pytest_asyncio
from fakediscord import FakeDiscord
from harness import PYTHON, STANDIN, BotProcess, bot_env
from nacl.signing import SigningKey
from scrape import endpoint

from bot.commands import TABLE

ROOT = Path(__file__).resolve().parents[2]
HEALTHCHECK = ROOT / "deploy" / "docker" / "healthcheck.py"

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def start_worker(fake: FakeDiscord, workdir: Path, db: Path, key: SigningKey) -> tuple[BotProcess, str]:
    """``python -m bot serve --port 0`` and its base URL (``http://127.0.0.1:PORT``) once it listens; cold
    (harness.bot_env): these tests ask its health and the proxy in front of it, not its start-up."""
    env = bot_env(fake, db=db, state_dir=workdir / "state",
                  extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO"}, cold=True)
    proc = await BotProcess([PYTHON, "-m", "bot", "serve", "--port", "0"], env, workdir / "serve.log").start()
    url = await proc.wait_serving()
    return proc, url.removesuffix("/interactions")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def workers(bot_argv, store_db, tmp_path_factory):
    """The fake Discord (for signing) and the serve workers: ``(fake, key, [(process, base URL), …])``; two where
    Caddy is installed (its test balances between them), else one (the health check asks one worker)."""
    if bot_argv is STANDIN:
        pytest.skip("the deployment runs the real bot")
    key = SigningKey.generate()
    base = tmp_path_factory.mktemp("deploy")
    count = 2 if shutil.which("caddy") else 1
    async with FakeDiscord() as fake:
        for i in range(count):
            (base / f"w{i}").mkdir()
        started = [await start_worker(fake, base / f"w{i}", store_db, key) for i in range(count)]
        try:
            yield fake, key, started
        finally:
            for proc, _ in started:
                await proc.stop(signal.SIGTERM)


def healthcheck(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k != "METRICS_PORT"} | env
    return subprocess.run([sys.executable, str(HEALTHCHECK), *args], env=full, capture_output=True, text=True,
                          timeout=30)


async def test_the_health_check_script_asks_a_real_worker(workers):
    _, _, started = workers
    url = started[0][1]
    ok = await asyncio.to_thread(healthcheck, f"{url}/health")
    assert ok.returncode == 0 and ok.stdout.strip() == f"{url}/health: HTTP 200"
    port = urlsplit(url).port
    by_port = await asyncio.to_thread(healthcheck, METRICS_PORT=str(port))  # what the image runs for `run`
    assert by_port.returncode == 0 and by_port.stdout.strip() == f"http://127.0.0.1:{port}/health: HTTP 200"
    missing = await asyncio.to_thread(healthcheck, f"{url}/fehlt")
    assert missing.returncode == 1 and missing.stdout.strip() == f"{url}/fehlt: HTTP 404"
    closed = await asyncio.to_thread(healthcheck, f"http://127.0.0.1:{free_port()}/health")
    assert closed.returncode == 1 and "nicht erreichbar" in closed.stdout
    unset = await asyncio.to_thread(healthcheck)
    assert unset.returncode == 0 and unset.stdout.startswith("METRICS_PORT nicht gesetzt")


async def test_a_workers_health_port_answers_from_its_own_thread(bot_argv, store_db, tmp_path):
    """``HEALTH_PORT`` (as compose.yaml sets it): ``/health`` and ``/metrics`` of ``serve`` on a second port, what
    the image's health check and Caddy's ``health_port`` ask; a port in use is one German line and exit 1."""
    if bot_argv is STANDIN:
        pytest.skip("the deployment runs the real bot")
    key = SigningKey.generate()
    async with FakeDiscord() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state",
                      extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO",
                             "HEALTH_PORT": "0"}, cold=True)
        proc = await BotProcess([PYTHON, "-m", "bot", "serve", "--port", "0"], env, tmp_path / "serve.log").start()
        try:
            side = await endpoint(proc.output)
            ok = await asyncio.to_thread(healthcheck, f"{side}/health")
            assert ok.returncode == 0 and ok.stdout.strip() == f"{side}/health: HTTP 200"
            async with aiohttp.ClientSession() as session:
                async with session.get(f"{side}/health") as resp:
                    body = await resp.json()
                async with session.get(f"{side}/metrics") as resp:
                    assert resp.status == 200 and "regelbot_build_info" in await resp.text()
            assert (body["status"], body["grund"], body["running"]) == ("ok", "bereit", 0)
            assert body["commands"] == len(TABLE.leaves)
            assert body["cap"] > 0 and 0 <= body["heartbeat_age"] < 10
            with socket.socket() as taken:  # a second worker asked for the same health port
                taken.bind(("127.0.0.1", 0))
                taken.listen()
                port = taken.getsockname()[1]
                second = await BotProcess([PYTHON, "-m", "bot", "serve", "--port", "0", "--health-port", str(port)],
                                          env, tmp_path / "second.log").start()
                try:
                    assert await second.wait_exit(60) == 1, second.tail()
                finally:
                    await second.stop()
            assert (f"Kann nicht auf 127.0.0.1:{port} lauschen (HEALTH_PORT): Port schon belegt (läuft noch ein "
                    "anderer Prozess?).") in second.output().splitlines()
            assert "Traceback" not in second.output()
        finally:
            assert await proc.stop(signal.SIGTERM) == 0, proc.tail()


def caddy_config(upstreams: str, port: int, storage: Path) -> dict:
    """``deploy/caddy/Caddyfile`` adapted by caddy itself for plain HTTP on ``127.0.0.1:port`` (no TLS on
    loopback), with its admin endpoint off and its storage in a temp folder."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(storage),
           "REGELBOT_DOMAIN": f"http://127.0.0.1:{port}", "REGELBOT_UPSTREAMS": upstreams}
    proc = subprocess.run(["caddy", "adapt", "--config", str(ROOT / "deploy/caddy/Caddyfile"), "--adapter",
                           "caddyfile"], capture_output=True, text=True, env=env, timeout=60, check=True)
    config = json.loads(proc.stdout)
    config["admin"] = {"disabled": True}
    config["storage"] = {"module": "file_system", "root": str(storage)}
    return config


async def post(session: aiohttp.ClientSession, url: str, fake: FakeDiscord, payload: dict) -> tuple[int, dict]:
    body = json.dumps(payload).encode()
    async with session.post(url, data=body, headers=fake.sign(body)) as resp:
        return resp.status, await resp.json(content_type=None)


async def test_caddy_routes_interactions_to_the_workers_and_around_a_dead_one(workers, tmp_path):
    if shutil.which("caddy") is None:
        pytest.skip("caddy ist nicht installiert (Debian: apt install caddy)")
    fake, key, started = workers
    fake.use_http("unused", key)  # fake.sign needs the key
    port = free_port()
    upstreams = " ".join(urlsplit(url).netloc for _, url in started)
    (tmp_path / "caddy.json").write_text(json.dumps(caddy_config(upstreams, port, tmp_path)), encoding="utf-8")
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path)}
    caddy = await BotProcess(["caddy", "run", "--config", str(tmp_path / "caddy.json")], env,
                             tmp_path / "caddy.log").start()
    endpoint = f"http://127.0.0.1:{port}/interactions"
    card = {"id": "900", "application_id": fake.app_id, "type": 2, "token": "itok900", "version": 1,
            "data": {"id": "1", "name": "card", "type": 1,
                     "options": [{"name": "name", "type": 3, "value": "Boros-Rekrut"}]}}
    try:
        async with aiohttp.ClientSession() as session:
            deadline = time.monotonic() + 30
            while True:
                try:
                    status, pong = await post(session, endpoint, fake, {"type": 1, "id": "1", "token": "t"})
                    break
                except aiohttp.ClientConnectionError:
                    assert time.monotonic() < deadline, caddy.tail()
                    await asyncio.sleep(0.1)
            assert (status, pong) == (200, {"type": 1})
            status, answer = await post(session, endpoint, fake, card)
            assert status == 200 and answer["type"] == 4
            assert answer["data"]["embeds"][0]["title"] == "Boros-Rekrut"
            async with session.get(f"http://127.0.0.1:{port}/health") as resp:  # the workers' /health stays in
                assert resp.status == 404
            # one worker gone: the other answers; at most the one request that found the dead worker fails
            # (Caddy cannot resend a POST body after a refused connection), then it is taken out for 30 s
            await started[0][0].stop(signal.SIGTERM)
            results = [await post(session, endpoint, fake, {"type": 1, "id": str(i), "token": "t"}) for i in range(8)]
            failed = [i for i, r in enumerate(results) if r != (200, {"type": 1})]
            assert len(failed) <= 1 and (not failed or failed[0] < 2), results
    finally:
        await caddy.stop(signal.SIGTERM)
