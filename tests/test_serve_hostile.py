"""Hostile requests to the HTTP endpoint's handler (bot/serve.py) and the shared pieces both Discord doors use
(bot/delivery.py): a signed request sent again, JSON nested deeper than Python's stack, an endpoint with more
answers waiting than it holds, payloads of any JSON shape, and the retry within Discord's windows."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st
from nacl.signing import SigningKey

from bot import serve, serve_interactions
from bot.delivery import FOLLOWUP_WINDOW, RecentIds, defer_kind, shape_problem, snowflake, within
from bot.serve import RestClient, make_app
from bot.serve_interactions import Interactions
from tests.conftest import on_fuzz_setting

CARD = {"type": 2, "application_id": "1100000000000000001", "token": "itok", "version": 1,
        "data": {"id": "5", "name": "card", "type": 1,
                 "options": [{"name": "name", "type": 3, "value": "Boros-Rekrut"}]}}


def signed(key: SigningKey, body: bytes) -> dict[str, str]:
    ts = str(int(time.time()))
    return {"X-Signature-Ed25519": key.sign(ts.encode() + body).signature.hex(), "X-Signature-Timestamp": ts,
            "Content-Type": "application/json"}


@pytest.fixture
async def client(core):
    key = SigningKey.generate()
    interactions = Interactions(core, RestClient())
    async with TestClient(TestServer(make_app(interactions, key.verify_key.encode().hex()))) as c:
        yield c, key, interactions


async def test_a_signed_request_sent_again_is_answered_once(client):
    c, key, _ = client
    body = json.dumps({**CARD, "id": "1577000000000000001"}).encode()
    first = await c.post("/interactions", data=body, headers=signed(key, body))
    assert first.status == 200 and (await first.json())["data"]["embeds"][0]["title"] == "Boros-Rekrut"
    again = await c.post("/interactions", data=body, headers=signed(key, body))  # the same interaction, re-signed
    assert again.status == 409 and await again.json() == {"error": "schon erhalten"}
    other = json.dumps({**CARD, "id": "1577000000000000002"}).encode()
    assert (await c.post("/interactions", data=other, headers=signed(key, other))).status == 200


async def test_a_ping_sent_again_byte_for_byte_gets_its_pong_again(client):
    # Discord's endpoint check expects a PONG ({"type": 1}) for every PING; a PONG runs nothing (README: 409 is for
    # the other interactions)
    c, key, _ = client
    body = json.dumps({"type": 1, "id": "1577000000000000003", "application_id": "1100000000000000001",
                       "token": "ptok", "version": 1}).encode()
    headers = signed(key, body)
    for _ in range(2):
        resp = await c.post("/interactions", data=body, headers=headers)
        assert resp.status == 200 and await resp.json() == {"type": 1}


async def test_json_nested_too_deep_is_400_not_500(client):
    c, key, _ = client
    for body in (b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 50_000 + b"1" + b"}" * 50_000):
        resp = await c.post("/interactions", data=body, headers=signed(key, body))
        assert resp.status == 400 and await resp.json() == {"error": "kein JSON"}


async def test_more_answers_waiting_than_it_holds_gets_503(client, monkeypatch):
    c, key, interactions = client
    monkeypatch.setattr(serve, "MAX_PENDING", 1)
    running = asyncio.get_running_loop().create_future()
    interactions.tasks.add(running)  # one answer still running
    body = json.dumps({**CARD, "id": "1577000000000000003"}).encode()
    resp = await c.post("/interactions", data=body, headers=signed(key, body))
    assert resp.status == 503 and resp.headers["Retry-After"] == "1"
    interactions.tasks.discard(running)  # the load is gone: the refused interaction, sent again, is answered
    again = await c.post("/interactions", data=body, headers=signed(key, body))
    assert again.status == 200 and (await again.json())["data"]["embeds"][0]["title"] == "Boros-Rekrut"


class Webhook:
    """A stand-in for :class:`bot.rest.RestClient`: notes every request (method, path, JSON body)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, dict | None]] = []

    async def request(self, method: str, path: str, data: dict | None = None, deadline: float | None = None) -> None:
        self.sent.append((method, path, data))


async def test_in_a_burst_answers_wait_as_records_and_the_running_task_delivers_them(core, monkeypatch):
    monkeypatch.setattr(serve_interactions, "ANSWER_SLOTS", 1)
    webhook = Webhook()
    interactions = Interactions(core, webhook)  # type: ignore[arg-type]  # only request() is used
    gate, run = asyncio.Event(), core.run

    async def held(inv, command=None):  # the answer that holds the only slot runs until the test lets it
        await gate.wait()
        return await run(inv, command)

    monkeypatch.setattr(core, "run", held)
    old = time.time() - 5  # signed 5 s ago: deferred at once
    bodies = [await interactions.handle({**CARD, "id": f"157700000000000000{i}", "token": f"tok{i}"}, sent_at=old)
              for i in range(1, 5)]
    assert bodies == [{"type": 5}] * 4  # deferred, public as /card is
    assert (len(interactions.tasks), len(interactions.waiting), interactions.pending) == (1, 3, 4)
    assert [w.token for w in interactions.waiting] == ["tok2", "tok3", "tok4"]
    gate.set()
    await interactions.drain(30)
    assert interactions.pending == 0
    assert [(method, path) for method, path, _ in webhook.sent] == [
        ("PATCH", f"/webhooks/{CARD['application_id']}/tok{i}/messages/@original") for i in range(1, 5)]
    assert [data["embeds"][0]["title"] for _, _, data in webhook.sent] == ["Boros-Rekrut"] * 4


async def test_a_payload_without_a_usable_id_or_token_gets_the_german_error(client):
    c, key, _ = client
    for broken in ({**CARD, "id": "abc"}, {**CARD, "id": "1577000000000000004", "token": 5},
                   {**CARD, "id": "1577000000000000005", "application_id": None}):
        body = json.dumps(broken).encode()
        resp = await c.post("/interactions", data=body, headers=signed(key, body))
        assert resp.status == 200 and (await resp.json())["data"]["embeds"][0]["title"] == "Ungültige Anfrage"


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=30)
#: Interaction-like payloads: the keys both doors read, with any JSON in them.
DATA = st.fixed_dictionaries({}, optional={
    "name": JSON, "type": st.sampled_from([1, 3]) | JSON, "options": JSON, "resolved": JSON, "target_id": JSON,
    "custom_id": st.sampled_from(["rb:card:1", "rb:pg:1:-:/card:x", "rb:card:"]) | JSON, "values": JSON,
    "component_type": JSON})
PAYLOADS = st.fixed_dictionaries({"type": st.sampled_from([1, 2, 3, 4, 5])}, optional={
    "id": st.just("1577000000000000009") | JSON, "application_id": st.just("1") | JSON, "token": JSON,
    "message": JSON, "data": DATA | DATA | JSON,
}) | JSON.filter(lambda v: isinstance(v, dict))


@on_fuzz_setting(2000, suppress_health_check=list(HealthCheck))
@given(payload=PAYLOADS)
@example({"type": 3, "data": {"custom_id": "rb:card:", "values": 5}}).via("values not a list (defer_kind's list())")
@example({"type": 2, "data": {"type": 3, "target_id": "5"}}).via("a message command without resolved")
def test_reading_any_payload_never_raises(payload):
    problem = shape_problem(payload)
    assert problem is None or isinstance(problem, str)
    kind = defer_kind(payload)
    assert kind is None or kind[0] in (5, 6)


def test_a_subcommands_options_are_read_for_their_shape_too():
    """The options nested in a subcommand (group) are checked as the top level's: a value that is no scalar, an
    option that is no object, options that are no list, deeper than Discord nests (two levels) are refused."""
    def payload(options: object) -> dict:
        return {"type": 4, "id": "1577000000000000010", "application_id": "1", "token": "t",
                "data": {"name": "mana", "type": 1, "options": options}}

    leaf = {"name": "kosten", "type": 3, "value": "{2}{W}", "focused": True}
    assert shape_problem(payload([{"name": "pay", "type": 1, "options": [leaf]}])) is None
    assert shape_problem(payload([{"name": "g", "type": 2, "options": [{"name": "pay", "type": 1,
                                                                         "options": [leaf]}]}])) is None
    assert shape_problem(payload([{"name": "pay", "type": 1, "options": [{**leaf, "value": [1]}]}])) == (
        "Option 'kosten': Wert ist kein Skalar")
    assert shape_problem(payload([{"name": "pay", "type": 1, "options": ["kosten"]}])) == "Option ohne Namen"
    assert shape_problem(payload([{"name": "pay", "type": 1, "options": {"kosten": 1}}])) == (
        "options ist keine Liste")
    deep = [{"name": "a", "options": [{"name": "b", "options": [{"name": "c", "options": [leaf]}]}]}]
    assert shape_problem(payload(deep)) == "options ist keine Liste"


def test_an_id_is_one_to_twenty_ascii_digits_as_discord_sends_them():
    # Discord's ids (snowflakes) are strings of ASCII digits; other digits, signs, blanks and separators are not
    assert snowflake("1577000000000000001") == 1577000000000000001 and snowflake(1577) == 1577
    assert snowflake("9" * 20) == int("9" * 20) and snowflake("0") == 0
    for bad in ["", "9" * 21, "١٢٣", "²", "12a", "+1", " 1", "1_0", "-5", True, -5, 1.0, None, ["1"]]:
        assert snowflake(bad) is None, bad


def test_recent_ids_remember_within_the_window_and_the_size():
    now = [0.0]
    recent = RecentIds(seconds=300, size=3, clock=lambda: now[0])
    assert recent.first(1) and not recent.first(1)
    now[0] = 299.0
    assert not recent.first(1)  # still within the window of its first arrival
    now[0] = 301.0
    assert recent.first(1)  # forgotten after the window
    assert recent.first(2) and recent.first(3) and recent.first(4)
    assert len(recent) == 3 and recent.first(1)  # the oldest made room for the newest
    assert not recent.first(3) and not recent.first(4)
    now[0] = 602.0
    assert len(recent) == 0  # every window has closed


async def test_within_tries_again_until_it_works_or_the_window_closes():
    tries = []

    async def flaky() -> str:
        tries.append(time.monotonic())
        if len(tries) < 3:
            raise ConnectionResetError("reset")
        return "ok"

    assert await within(time.time() + 3, flaky, lambda e: 0.0, "Test") == "ok" and len(tries) == 3
    tries.clear()
    with pytest.raises(ValueError):  # not a passing fault: no second try
        await within(time.time() + 3, lambda: _raise(ValueError()), lambda e: None)
    started = time.monotonic()
    with pytest.raises(ConnectionResetError):  # the window closes: the last fault comes out
        await within(time.time() + 0.5, lambda: _raise(ConnectionResetError()), lambda e: 0.2)
    assert time.monotonic() - started < 1.0
    tries.clear()

    async def limited() -> str:
        tries.append(time.monotonic())
        if len(tries) == 1:
            raise ConnectionResetError("429")
        return "ok"

    assert await within(time.time() + 3, limited, lambda e: 0.5) == "ok"
    assert tries[1] - tries[0] >= 0.45  # waited what the fault asked for


async def _raise(exc: BaseException) -> None:
    raise exc


def _snowflake(created: float, n: int) -> str:
    """A Discord id made at Unix time ``created`` (as Discord's interaction ids carry their creation time)."""
    return str((int(created * 1000) - 1420070400000) << 22 | n)


def _dns_error() -> aiohttp.ClientConnectorDNSError:
    return aiohttp.ClientConnectorDNSError(SimpleNamespace(host="discord.com", port=443, ssl=True),
                                           OSError(-3, "Temporary failure in name resolution"))


async def test_a_follow_up_that_cannot_connect_is_tried_again_and_counted_when_it_never_arrives(
        core, monkeypatch, caplog):
    from bot import metrics, rest

    metrics.enable()
    tries: list[str] = []
    down = {"fresh": 2, "late": 10**6}  # the first comes through on its third try; the second never

    async def send_json(session, method, url, body=None, **kw):
        token = url.split("/webhooks/")[1].split("/")[1].split("?")[0]
        tries.append(token)
        if tries.count(token) <= down[token]:
            raise _dns_error()

    monkeypatch.setattr(rest, "send_json", send_json)
    interactions = Interactions(core, RestClient())
    failed_before = _failures()
    try:
        await _fresh_and_late(interactions, caplog, tries, failed_before)
    finally:
        await interactions.rest.close()


async def _fresh_and_late(interactions, caplog, tries, failed_before) -> None:
    now = time.time()
    fresh, late = _snowflake(now, 1), _snowflake(now - FOLLOWUP_WINDOW + 0.6, 2)  # late: 0.6 s left
    with caplog.at_level("INFO"):
        for iid, token in ((fresh, "fresh"), (late, "late")):
            assert await interactions.handle({**CARD, "id": iid, "token": token}, sent_at=now - 5) == {"type": 5}
        await interactions.drain(30)
    assert tries.count("fresh") == 3 and tries.count("late") >= 2  # tried again, the DNS fault passing
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == [f"Antwort auf Interaktion {late} (/card) nicht zugestellt: ClientConnectorDNSError "
                        "(Discords Frist für diese Interaktion ist abgelaufen)"]
    assert _failures() == failed_before + 1


def _failures() -> float:
    from bot import metrics

    page = metrics.exposition().text or ""
    lines = [line for line in page.splitlines() if line.startswith('regelbot_delivery_failures_total{kind="command"}')]
    return float(lines[0].split()[-1]) if lines else 0.0


async def test_a_follow_up_backs_off_with_jitter_to_a_minute_and_logs_a_handful_of_lines(monkeypatch, caplog):
    # Discord unreachable for the follow-up webhook's whole 15 minutes: the waits double (half fixed, half random)
    # up to a minute (bot/delivery.py: backoff_cap), not 2 s; the log names a few tries, not each of ~450
    import asyncio as aio

    from bot import delivery

    now, waits = [1_000_000.0], []

    async def sleep(seconds: float, *args) -> None:
        waits.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(delivery, "time", SimpleNamespace(time=lambda: now[0]))
    monkeypatch.setattr(aio, "sleep", sleep)
    with caplog.at_level("INFO"), pytest.raises(ConnectionResetError):
        await within(now[0] + FOLLOWUP_WINDOW, lambda: _raise(ConnectionResetError()), lambda e: 0.0, "PATCH Webhook")
    lines = [r.getMessage() for r in caplog.records if "neuer Versuch" in r.getMessage()]
    assert 15 <= len(waits) <= 40 and max(waits) <= 60.0 and max(waits[-5:]) > 30.0, waits
    assert all(0.05 <= w <= 0.1 for w in waits[:1]) and len(set(waits)) > len(waits) // 2  # jittered, not in step
    assert len(lines) <= 8 and lines[0].startswith("PATCH Webhook: ConnectionResetError, neuer Versuch in 0.")
    assert lines[3].endswith("(Versuch 4)") and lines[4].endswith("(Versuch 8)")
    waits.clear()
    with pytest.raises(ConnectionResetError):  # the callback's 3 s: at most 2 s between tries, as before
        await within(now[0] + 3, lambda: _raise(ConnectionResetError()), lambda e: 0.0)
    assert waits and max(waits) <= 2.0 and sum(waits) < 3.0


async def test_a_shutdown_with_answers_not_delivered_says_how_many_and_counts_them(core, monkeypatch, caplog):
    # SIGTERM while Discord cannot be reached: serve() drains (bounded), then gives up the rest, not silently
    from bot import metrics, rest

    metrics.enable()

    async def send_json(session, method, url, body=None, **kw):
        raise _dns_error()

    monkeypatch.setattr(rest, "send_json", send_json)
    monkeypatch.setattr(serve_interactions, "ANSWER_SLOTS", 1)
    interactions = Interactions(core, RestClient())
    failed_before, now = _failures(), time.time()
    try:
        with caplog.at_level("INFO"):
            for n in range(4):  # deferred at once (sent 5 s ago); the first runs, the others wait for its slot
                body = {**CARD, "id": _snowflake(now, 10 + n), "token": f"t{n}"}
                assert await interactions.handle(body, sent_at=now - 5) == {"type": 5}
            started = time.monotonic()
            assert await interactions.drain(0.5) == 4
    finally:
        await interactions.rest.close()
    assert time.monotonic() - started < 0.5 + 1.5  # the grace, then the cancelled tasks' second at most
    assert interactions.pending == 0 and not interactions.waiting
    said = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert said == ["Heruntergefahren: 4 Antworten nicht zugestellt (noch in Arbeit oder Discord nicht erreichbar)"]
    assert _failures() == failed_before + 4
