"""bot.metrics: what each interaction adds to the counters and histograms, through ``serve``'s real application
(``GET /metrics`` scraped like Prometheus does), the label bounds, the store's age, the calculation workers'
kills and restarts, and the gateway's health from its shard events."""

from __future__ import annotations

import asyncio
import json
import os
import time
from types import SimpleNamespace

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer
from nacl.signing import SigningKey
from prometheus_client import REGISTRY, generate_latest

from bot import metric_labels, metrics, offload
from bot.core import DEEP_QUEUE
from bot.delivery import FOLLOWUP_WINDOW
from bot.offload import TooExpensive, run_bounded
from bot.serve import make_app
from bot.serve_interactions import Interactions
from tests.e2e.scrape import Samples, parse, total


@pytest.fixture(autouse=True, scope="module")
def counting():
    metrics.enable()  # as a process serving GET /metrics does


def value(name: str, **labels: str) -> float:
    """A sample of this process's registry (0 when it does not exist yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


class RecordingRest:
    """Stands in for :class:`bot.serve.RestClient`: records the webhook calls instead of sending them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, dict | None]] = []

    async def request(self, method: str, path: str, body: dict | None = None, deadline: float | None = None) -> None:
        self.calls.append((method, path, body))


def signed(key: SigningKey, payload: dict, ago: float = 0.0) -> tuple[bytes, dict[str, str]]:
    body = json.dumps(payload).encode()
    stamp = str(int(time.time() - ago))
    return body, {"X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(),
                  "X-Signature-Timestamp": stamp}


def command(iid: int, name: str, options: list[dict]) -> dict:
    return {"type": 2, "id": str(iid), "application_id": "9", "token": f"tok{iid}",
            "data": {"id": "1", "type": 1, "name": name, "options": options}}


async def scraped(client: TestClient) -> Samples:
    resp = await client.get("/metrics")
    assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/plain; version=")
    return parse(await resp.text())


async def test_serve_counts_each_interaction_once_in_the_counter_and_both_histograms(core):
    key = SigningKey.generate()
    rest = RecordingRest()
    interactions = Interactions(core, rest)  # type: ignore[arg-type]
    card = [{"name": "name", "type": 3, "value": "Boros-Rekrut"}]
    async with TestClient(TestServer(make_app(interactions, key.verify_key.encode().hex()))) as client:
        before = await scraped(client)

        async def post(payload: dict, ago: float = 0.0) -> dict:
            body, headers = signed(key, payload, ago)
            resp = await client.post("/interactions", data=body, headers=headers)
            assert resp.status == 200
            return await resp.json()

        assert await post({"type": 1, "id": "100"}) == {"type": 1}
        answer = await post(command(101, "card", card))
        assert answer["type"] == 4 and answer["data"]["embeds"][0]["title"] == "Boros-Rekrut"
        choices = await post({"type": 4, "id": "102", "application_id": "9", "token": "t", "data": {
            "name": "card", "type": 1, "options": [{"name": "name", "type": 3, "value": "boros", "focused": True}]}})
        assert choices["type"] == 8 and choices["data"]["choices"]
        (button,) = [b for row in answer["data"]["components"] for b in row["components"]]
        assert button["custom_id"] == "rb:mechanic:3"  # "Mechanik anzeigen"
        pressed = await post({"type": 3, "id": "103", "application_id": "9", "token": "tok103",
                              "data": {"custom_id": button["custom_id"], "component_type": 2}})
        assert pressed["type"] == 4
        bad = await post(command(104, "rule", [{"name": "nummer", "type": 3, "value": "1"},
                                               {"name": "search", "type": 3, "value": "701.19"}]))
        assert bad["data"]["embeds"][0]["title"] == "Unbekannte Option"
        busy = [asyncio.get_running_loop().create_future() for _ in range(DEEP_QUEUE + 1)]
        interactions.tasks.update(busy)  # a burst, and a command signed 3 s ago (it waited): deferred at once
        chor = [{"name": "name", "type": 3, "value": "Chor des Konklave"}]  # not asked before: nothing kept
        assert await post(command(105, "card", chor), ago=3.0) == {"type": 5}
        interactions.tasks.difference_update(busy)
        await interactions.drain()
        assert [call[:2] for call in rest.calls] == [("PATCH", "/webhooks/9/tok105/messages/@original")]
        assert await post(command(106, "card", card)) == answer  # asked before: the kept answer, no work
        after = await scraped(client)

    def added(name: str, **labels: str) -> float:
        return total(after, name, **labels) - total(before, name, **labels)

    sent = {"ping": 1, "command": 4, "autocomplete": 1, "button": 1}
    for kind, count in sent.items():
        assert added("regelbot_interactions_total", kind=kind) == count, kind
        assert added("regelbot_first_callback_seconds_count", kind=kind) == count, kind
        assert added("regelbot_answer_seconds_count", kind=kind) == count, kind
    assert added("regelbot_interactions_total", kind="command", command="card") == 3
    assert added("regelbot_interactions_total", kind="command", command="rule") == 1
    assert added("regelbot_interactions_total", kind="button", command="mechanic") == 1
    assert added("regelbot_deferrals_total", kind="command") == 1
    assert added("regelbot_deferrals_total") == 1
    assert added("regelbot_refusals_total", reason="bad_input") == 1
    # the core worked on the two /card answers made (not the kept one), the button's action and the autocomplete
    # (labelled as its command: /card's); never on the bad one
    assert added("regelbot_answer_work_seconds_count", command="card") == 3
    assert added("regelbot_answer_work_seconds_count", command="mechanic") == 1
    assert added("regelbot_answer_work_seconds_count") == 4
    assert total(after, "regelbot_interactions_in_flight") == 0
    assert total(after, "regelbot_store_age_seconds") > 0


def test_a_track_is_observed_once_in_each_histogram_whatever_comes_in_which_order():
    def counts(kind: str) -> tuple[float, float, float]:
        return (value("regelbot_first_callback_seconds_count", kind=kind),
                value("regelbot_answer_seconds_count", kind=kind), value("regelbot_deferrals_total", kind=kind))

    start = counts("other")
    metrics.arrived({"type": 9, "id": "t1"})
    metrics.first_callback("t1", 4)  # an answer: the first callback is the answer
    assert counts("other") == (start[0] + 1, start[1] + 1, start[2])
    metrics.first_callback("t1", 4)
    metrics.finished("t1")
    assert counts("other") == (start[0] + 1, start[1] + 1, start[2])
    metrics.arrived({"type": 9, "id": "t2"})
    metrics.first_callback("t2", 5)
    assert counts("other") == (start[0] + 2, start[1] + 1, start[2] + 1)  # answer still to come
    metrics.finished("t2")
    metrics.finished("t2")
    metrics.arrived({"type": 9, "id": "t3"})
    metrics.finished("t3")  # no callback seen (autocomplete answered by discord.py): both at the end
    assert counts("other") == (start[0] + 3, start[1] + 3, start[2] + 1)
    assert not {"t1", "t2", "t3"} & set(metrics._open)


def test_the_track_arrived_returns_counts_as_the_calls_by_id():
    """``serve`` keeps the clock :func:`metrics.arrived` returns and reports on it (no look-up by id): the same
    counts as :func:`metrics.first_callback` and :func:`metrics.finished`, once each, and it leaves the in-flight
    set when done."""
    def counts() -> tuple[float, float, float]:
        return (value("regelbot_first_callback_seconds_count", kind="other"),
                value("regelbot_answer_seconds_count", kind="other"), value("regelbot_deferrals_total", kind="other"))

    start = counts()
    track = metrics.arrived({"type": 9, "id": "t6"})
    assert track is metrics._open["t6"]
    track.first(5)  # a defer: the answer is still to come
    track.first(4)
    assert counts() == (start[0] + 1, start[1], start[2] + 1)
    track.done()
    track.done()
    metrics.finished("t6")
    assert counts() == (start[0] + 1, start[1] + 1, start[2] + 1)
    assert "t6" not in metrics._open
    assert metrics.arrived({"type": 9}) is None  # no id: counted, no clock


def test_an_answer_sent_as_the_first_callback_is_observed_at_that_moment_in_both_histograms(monkeypatch):
    """An answer that is the first callback: its answer latency is its first callback's (one clock reading); a
    deferred one's answer comes later, when it finishes."""
    now = [100.0]
    monkeypatch.setattr(metrics.time, "monotonic", lambda: now[0])

    def sums() -> tuple[float, float]:
        return (value("regelbot_first_callback_seconds_sum", kind="other"),
                value("regelbot_answer_seconds_sum", kind="other"))

    start = sums()
    metrics.arrived({"type": 9, "id": "t4"})
    now[0] = 100.25
    metrics.first_callback("t4", 4)
    now[0] = 300.0  # later readings of the clock change nothing of t4
    metrics.finished("t4")
    assert (sums()[0] - start[0], sums()[1] - start[1]) == (0.25, 0.25)
    now[0] = 200.0
    metrics.arrived({"type": 9, "id": "t5"})
    now[0] = 200.5
    metrics.first_callback("t5", 5)
    now[0] = 201.75
    metrics.finished("t5")
    assert (sums()[0] - start[0], sums()[1] - start[1]) == (0.75, 2.0)


HISTOGRAMS = ("regelbot_first_callback_seconds_count", "regelbot_answer_seconds_count")


def page() -> Samples:
    """A scrape of this process's registry, as ``GET /metrics`` renders it."""
    return parse(generate_latest(REGISTRY).decode())


@pytest.mark.parametrize("event", ["finishes", "arrives"])
def test_a_page_showing_none_in_flight_has_each_counted_interaction_in_every_histogram(monkeypatch, event):
    # The listener's thread reads the metrics one after the other while the door's loop counts. Here the
    # interaction finishes (or arrives) just before the scrape reads each metric in turn: a page with 0 in flight
    # must hold every interaction it counted in both histograms (the point tests/e2e/scrape.py settled() uses).
    monkeypatch.setattr(metrics, "_open", {})
    collectors = list(REGISTRY._collector_to_names)  # the order generate_latest reads them in
    quiet = 0
    for n, collector in enumerate(collectors):
        iid = f"scrape-{event}-{n}"
        before = page()
        if event == "finishes":
            metrics.arrived({"type": 9, "id": iid})

        def during(read=collector.collect, iid=iid):
            if event == "finishes":
                metrics.first_callback(iid, 4)
                metrics.finished(iid)
            else:
                metrics.arrived({"type": 9, "id": iid})
            return read()

        with monkeypatch.context() as patch:
            patch.setattr(collector, "collect", during)
            after = page()
        metrics.finished(iid)
        if total(after, "regelbot_interactions_in_flight") == 0:
            quiet += 1
            counted = total(after, "regelbot_interactions_total") - total(before, "regelbot_interactions_total")
            for name in HISTOGRAMS:
                observed = total(after, name) - total(before, name)
                assert observed == counted, f"{event} before {collector} was read: {name} +{observed} ({counted})"
    assert quiet > 2  # the claim was tested at several points of the scrape, not only after it


def test_an_interaction_is_in_flight_before_it_is_counted(monkeypatch):
    # a scrape between the two steps of arrived() must not see it counted and not in flight (and so not observed)
    monkeypatch.setattr(metrics, "_open", {})
    m = metrics._metrics
    assert m is not None
    counter = m.child(m.interactions, "other", "other")
    in_flight_when_counted: list[int] = []
    inc = counter.inc
    monkeypatch.setattr(counter, "inc", lambda *a: (in_flight_when_counted.append(len(metrics._open)), inc(*a)))
    metrics.arrived({"type": 9, "id": "counted"})
    metrics.finished("counted")
    assert in_flight_when_counted == [1]


@pytest.mark.parametrize(("payload", "expected"), [
    ({"type": 2, "data": {"name": "card", "type": 1, "options": [{"name": "name", "value": "x"}]}},
     ("command", "card")),
    ({"type": 2, "data": {"name": "mana", "options": [{"name": "pay", "type": 1, "options": []}]}},
     ("command", "mana pay")),
    ({"type": 4, "data": {"name": "rule", "options": [{"name": "search", "type": 3, "focused": True}]}},
     ("autocomplete", "rule")),
    ({"type": 2, "data": {"name": "Explain cards", "type": 3}}, ("menu", "Explain cards")),
    ({"type": 3, "data": {"custom_id": "rb:rulings:20"}}, ("button", "rulings")),
    ({"type": 3, "data": {"custom_id": "rb:pg:2:abcdef:/ruling:x"}}, ("button", "pg")),
    ({"type": 3, "data": {"custom_id": "someone-elses"}}, ("button", "andere")),
    ({"type": 2, "data": {"name": "<@1> ../../"}}, ("command", "andere")),
    # names the bot does not register are one value, however many are sent: Discord sends „card“ (German clients
    # show „karte“); a forged „nope“, an unknown subcommand, an autocomplete of either, a button of no action
    ({"type": 2, "data": {"name": "karte", "type": 1}}, ("command", "andere")),
    ({"type": 2, "data": {"name": "nope", "type": 1}}, ("command", "andere")),
    ({"type": 2, "data": {"name": "mana", "options": [{"name": "nope", "type": 1, "options": []}]}},
     ("command", "andere")),
    ({"type": 4, "data": {"name": "karte", "options": [{"name": "name", "type": 3, "focused": True}]}},
     ("autocomplete", "andere")),
    ({"type": 2, "data": {"name": "Karten erklären", "type": 3}}, ("menu", "andere")),
    ({"type": 3, "data": {"custom_id": "rb:nope:20"}}, ("button", "andere")),
    ({"type": 3, "data": {"custom_id": "rb:sh:1:abcdef:/card:x"}}, ("button", "sh")),
    ({"type": 5, "data": {"custom_id": "modal"}}, ("other", "other")),  # a modal submit: the bot sends no modal
    ({"type": 1}, ("ping", "ping")),
    ({"type": "x", "data": "not an object"}, ("other", "other")),
])
def test_kind_and_command_from_the_raw_payload(payload, expected):
    assert metrics.kind_and_command(payload) == expected


def test_interactions_never_finished_are_dropped_oldest_first(monkeypatch):
    monkeypatch.setattr(metrics, "_open", {})
    monkeypatch.setattr(metrics, "MAX_OPEN", 3)
    for iid in ("a", "b", "c", "d"):
        metrics.arrived({"type": 2, "id": iid})
    assert list(metrics._open) == ["b", "c", "d"]


def test_command_labels_are_bounded(monkeypatch):
    monkeypatch.setattr(metric_labels, "_commands", set())
    names = [f"befehl_{n}" for n in range(metrics.MAX_COMMANDS + 5)]
    labels = [metrics.command_label(n) for n in names]
    assert labels[: metrics.MAX_COMMANDS] == names[: metrics.MAX_COMMANDS]
    assert labels[metrics.MAX_COMMANDS:] == ["andere"] * 5
    assert metrics.command_label("befehl_0") == "befehl_0"  # a known one stays
    assert metrics.command_label("x" * 41) == "andere"


def test_the_intake_s_counts_are_counters_while_an_intake_is_watched():
    from bot.serve_sockets import IntakeStats

    stats = IntakeStats(accepted=1500, timed_out=4, evicted=771, exhausted=0)
    metrics.watch_intake(lambda: vars(stats))
    try:
        page = parse(generate_latest(REGISTRY).decode())
        assert {field: total(page, f"regelbot_connections_{field}_total") for field in metrics.INTAKE_COUNTERS} == {
            "accepted": 1500, "timed_out": 4, "evicted": 771, "exhausted": 0}
        stats.evicted += 1  # read at each scrape
        assert value("regelbot_connections_evicted_total") == 772
    finally:
        metrics.watch_intake(None)
    assert not any(name.startswith("regelbot_connections_") for name, _ in parse(generate_latest(REGISTRY).decode()))


def test_store_age_is_the_age_of_the_store_file(tmp_path):
    store = tmp_path / "regelbot.sqlite3"
    store.write_bytes(b"")
    built = time.time() - 3600
    os.utime(store, (built, built))
    metrics.watch_store(store)
    try:
        assert 3600 <= value("regelbot_store_age_seconds") < 3700
    finally:
        metrics.watch_store(None)
    assert value("regelbot_store_age_seconds") != value("regelbot_store_age_seconds")  # NaN: no store open


async def test_a_budget_kill_and_the_worker_restart_are_counted():
    kills, restarts = value("regelbot_calc_budget_kills_total", reason="time"), value(
        "regelbot_calc_worker_restarts_total")
    with pytest.raises(TooExpensive):
        await run_bounded(offload._busy_for, 30, budget=0.3)
    assert value("regelbot_calc_budget_kills_total", reason="time") == kills + 1
    assert value("regelbot_calc_worker_restarts_total") == restarts + 1
    assert await run_bounded(offload._busy_for, 0.01) == 0.01  # no kill for a calculation within its budget
    assert value("regelbot_calc_budget_kills_total", reason="time") == kills + 1


async def test_gateway_health_names_a_given_shard_before_the_login_as_the_readme_says(offline_bot):
    # SHARD_COUNT=2 SHARD_IDS=1, Discord unreachable: the shards are known from the settings, none has a session
    from dataclasses import replace
    from pathlib import Path

    from bot.gateway.run import GatewayHealth

    offline_bot.settings = replace(offline_bot.settings, shard_count=2, shard_ids=(1,))
    ready, reason = GatewayHealth(offline_bot)()
    assert (ready, reason) == (False, "Shards ohne READY: 1 (bereit: 0)")
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
    assert f"with `SHARD_COUNT=2 SHARD_IDS=1` and Discord unreachable the reason is `{reason}`" in readme


async def test_gateway_health_follows_the_shard_events(offline_bot):
    from bot.gateway.run import GatewayHealth

    health = GatewayHealth(offline_bot)
    assert health() == (False, "Gateway nicht verbunden")  # the shard count is not known before login
    offline_bot.shard_count = 2

    async def dispatched(event: str, shard: int) -> None:  # as discord.py's dispatch runs the listeners
        for listener in offline_bot.extra_events[f"on_{event}"]:
            await listener(shard)

    await dispatched("shard_connect", 0)
    assert health() == (False, "Shards ohne READY: 1 (bereit: 1)")
    await dispatched("shard_connect", 1)
    assert health() == (True, "Shards bereit: 0, 1")
    await dispatched("shard_disconnect", 1)
    assert health() == (False, "Shards ohne READY: 1 (bereit: 1)")
    await dispatched("shard_resumed", 1)
    assert health() == (True, "Shards bereit: 0, 1")
    offline_bot.draining = True
    assert health() == (False, "Bot fährt herunter")
    offline_bot.draining = False
    await offline_bot.core.close()
    assert health() == (False, "Datenbank nicht geöffnet")


async def test_the_health_page_is_503_with_the_reason_until_ready():
    import aiohttp

    status = {"ready": False}
    runner = await metrics.start_endpoint("127.0.0.1", 0, lambda: (status["ready"], "Grund"))
    try:
        port = runner.addresses[0][1]
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/health") as resp:
                assert resp.status == 503 and (await resp.json())["grund"] == "Grund"
            status["ready"] = True
            async with session.get(f"http://127.0.0.1:{port}/health") as resp:
                assert resp.status == 200 and (await resp.json())["status"] == "ok"
            async with session.get(f"http://127.0.0.1:{port}/metrics") as resp:
                assert resp.status == 200 and "regelbot_build_info" in await resp.text()
    finally:
        await runner.cleanup()


def test_without_a_metrics_page_nothing_is_counted_and_prometheus_client_not_loaded(built_db):
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = ("import runpy, sys\n"
            "sys.argv = ['bot', 'call', '/karte name: Boros-Rekrut']\n"
            "try:\n    runpy.run_module('bot', run_name='__main__')\nexcept SystemExit as exit:\n"
            "    assert exit.code == 0\n"
            "from bot import metrics\n"
            "metrics.arrived({'type': 2, 'id': '1'}); metrics.refused('bad_input')\n"
            "print(sorted(m for m in sys.modules if m.startswith('prometheus')), metrics.enabled(), metrics._open)\n")
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "METRICS_PORT"}}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**env, "REGELBOT_DB": str(built_db), "DISCORD_TOKEN": ""})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== Boros-Rekrut ==") and proc.stdout.endswith("[] False {}\n")


def _dns_error() -> Exception:
    return aiohttp.ClientConnectorDNSError(SimpleNamespace(host="discord.com", port=443, ssl=True),
                                           OSError(-3, "Temporary failure in name resolution"))


def _made_ago(seconds: float, n: int) -> int:
    """A Discord id (snowflake) of an interaction created ``seconds`` ago."""
    return (int((time.time() - seconds) * 1000) - 1420070400000) << 22 | n


class _GatewayStub:
    """The parts of :class:`bot.gateway.gate.GatedBot` the raw command path uses: its HTTP session's keyword
    arguments, the early defers of a burst, the open core and the watchdog (here: the work awaited as it is)."""

    def __init__(self, core, early_defers: dict) -> None:
        self._connection = SimpleNamespace(http=SimpleNamespace(_HTTPClient__session=None, proxy=None,
                                                                proxy_auth=None))
        self.early_defers = early_defers
        self.core = core

    async def guard(self, work, iid, transport, private=False):
        return await work


@pytest.mark.parametrize("deferred", [False, True], ids=["callback", "follow-up"])
async def test_the_gateway_counts_an_answer_it_cannot_deliver_with_one_warning(core, monkeypatch, caplog, deferred):
    from bot.gateway import commands, transport

    tries: list[str] = []

    async def send_json(session, method, url, body=None, **kw):
        tries.append(method)
        raise _dns_error()

    monkeypatch.setattr(transport, "send_json", send_json)
    early = {}
    if deferred:  # deferred at once in a burst: the answer goes through the webhook within the 15 minutes
        iid = _made_ago(FOLLOWUP_WINDOW - 0.6, 7)
        done = asyncio.get_running_loop().create_future()
        done.set_result(None)
        early[iid] = (done, 5, False)
    else:  # the callback within Discord's 3 s
        iid = _made_ago(2.4, 8)
    payload = {"id": str(iid), "type": 2, "application_id": "123", "token": "TOKENfake",
               "data": {"name": "card", "type": 1, "options": [{"name": "name", "type": 3, "value": "Boros-Rekrut"}]}}
    before = value("regelbot_delivery_failures_total", kind="command")
    with caplog.at_level("INFO"):
        await commands.answer_command(_GatewayStub(core, early), iid, payload)
    assert tries and set(tries) == {"PATCH" if deferred else "POST"}
    assert len(tries) >= 2  # tried again while the window was open
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == [f"Antwort auf Interaktion {iid} (/card) nicht zugestellt: ClientConnectorDNSError "
                        "(Discords Frist für diese Interaktion ist abgelaufen)"]
    assert "TOKENfake" not in caplog.text
    assert value("regelbot_delivery_failures_total", kind="command") == before + 1


async def test_the_gateway_counts_a_button_answer_it_cannot_deliver(monkeypatch, caplog):
    from bot.gateway import buttons
    from bot.reply import Page, Reply

    async def answer(inv, interaction, ephemeral=False, update=False, command=None):
        assert command == "rulings"  # the button's metrics label, as its arrival was counted
        return Reply(pages=[Page(title="Boros-Rekrut", body="…")])

    async def send_reply(interaction, reply, **kw):
        raise _dns_error()

    monkeypatch.setattr(buttons, "send_reply", send_reply)
    iid = _made_ago(1.0, 9)
    interaction = SimpleNamespace(id=iid, message=None, client=SimpleNamespace(answer=answer),
                                  response=SimpleNamespace(is_done=lambda: False))
    before = value("regelbot_delivery_failures_total", kind="button")
    with caplog.at_level("INFO"):
        await buttons.respond_button(interaction, "rb:rulings:1")
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == [f"Antwort auf Interaktion {iid} (Knopf 'rb:rulings:1') nicht zugestellt: "
                        "ClientConnectorDNSError (Discords Frist für diese Interaktion ist abgelaufen)"]
    assert value("regelbot_delivery_failures_total", kind="button") == before + 1
