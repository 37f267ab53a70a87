"""The health listener (bot/health.py): ``GET /health`` is answered from its own thread while the door's event
loop is blocked on purpose, and reports the loop unhealthy once its heartbeat is older than the bound; the
door's own check and figures (``serve``: bot/serve_net.py ``ServeHealth``) are what it reports otherwise. Bounds
of a few seconds only: the machine is shared."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from types import SimpleNamespace

import pytest

from bot.exits import listen_error_text
from bot.health import Heartbeat, PortError, SideListener
from bot.serve_health import ServeHealth

#: Seconds a request to the listener may take, even while the door's loop is blocked.
ANSWER_WITHIN = 3.0


def get(url: str) -> tuple[int, dict]:
    """``GET url`` from this thread: ``(status, JSON body)``; raises when there is no answer within
    :data:`ANSWER_WITHIN` seconds."""
    try:
        with urllib.request.urlopen(url, timeout=ANSWER_WITHIN) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


async def test_health_answers_while_the_loop_is_blocked_and_is_503_after_the_heartbeat_bound():
    listener = SideListener(lambda: (True, "bereit"), Heartbeat(), lambda: {"running": 3}, stall_after=1.0)
    port = (await listener.open("127.0.0.1", 0))[0][1]
    url = f"http://127.0.0.1:{port}/health"
    try:
        await asyncio.sleep(0.6)  # a few beats
        status, body = await asyncio.to_thread(get, url)
        assert (status, body["status"], body["grund"], body["running"]) == (200, "ok", "bereit", 3)
        answers: list[tuple[float, int, dict]] = []
        failures: list[BaseException] = []

        def ask_while_blocked() -> None:
            start = time.monotonic()
            while time.monotonic() - start < 2.2:
                try:
                    status, body = get(url)
                except Exception as exc:  # no answer within ANSWER_WITHIN: the listener waited for the loop
                    failures.append(exc)
                    return
                answers.append((time.monotonic() - start, status, body))
                time.sleep(0.2)

        asker = threading.Thread(target=ask_while_blocked)
        asker.start()
        time.sleep(2.6)  # noqa: ASYNC251  # this event loop blocked on purpose: no heartbeat, nothing of it runs
        asker.join()
        assert failures == [] and len(answers) >= 3
        statuses = [status for _, status, _ in answers]
        assert statuses == sorted(statuses, key=lambda s: s == 503)  # healthy first, then stalled, never back
        status, body = answers[-1][1:]
        assert status == 503 and body["status"] == "nicht bereit"
        assert body["grund"].startswith("Ereignisschleife hängt seit ") and body["heartbeat_age"] > 1.0
        assert body["running"] == 3
        await asyncio.sleep(0.6)  # the loop runs again: it beats, the listener is healthy again
        status, body = await asyncio.to_thread(get, url)
        assert (status, body["status"], body["grund"]) == (200, "ok", "bereit") and body["heartbeat_age"] < 1.0
    finally:
        await listener.cleanup()
    assert listener._thread is None


async def test_the_doors_check_decides_while_the_loop_beats():
    ready = {"now": False}
    listener = SideListener(lambda: (ready["now"], "Datenbank nicht geöffnet" if not ready["now"] else "bereit"),
                            Heartbeat())
    port = (await listener.open("127.0.0.1", 0))[0][1]
    try:
        status, body = await asyncio.to_thread(get, f"http://127.0.0.1:{port}/health")
        assert (status, body["status"], body["grund"]) == (503, "nicht bereit", "Datenbank nicht geöffnet")
        ready["now"] = True
        status, body = await asyncio.to_thread(get, f"http://127.0.0.1:{port}/health")
        assert (status, body["grund"]) == (200, "bereit")
    finally:
        await listener.cleanup()


async def test_a_port_in_use_is_a_port_error_with_its_german_cause():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        listener = SideListener(lambda: (True, "bereit"), Heartbeat())
        with pytest.raises(PortError) as caught:
            await listener.open("127.0.0.1", port)
    assert caught.value.port == port and listen_error_text(caught.value).startswith("Port schon belegt")


def test_serve_is_ready_while_its_store_is_open_and_until_a_signal_stops_it():
    core = SimpleNamespace(is_open=True)
    interactions = SimpleNamespace(core=core, table=SimpleNamespace(leaves=[1] * 13), pending=2)
    state = ServeHealth(interactions)  # type: ignore[arg-type]  # only what it reads
    assert state.check() == (True, "bereit") and state.figures() == {"commands": 13, "running": 2}
    state.stopping = True
    assert state.check() == (False, "Endpunkt fährt herunter")
    core.is_open = False
    assert state.check() == (False, "Datenbank nicht geöffnet")
