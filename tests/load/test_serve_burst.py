"""``python -m bot serve`` at the operating system's default of 1 024 open files (soft and hard, set with
``resource.setrlimit`` in the child): a burst of 2 000 signed interactions at once, each on its own connection
(``tests/e2e/rawburst.py``). Every connection is taken (none refused, ``accept`` never out of files), and every
request is accounted for by the server: answered right — at once (type 4) or deferred (type 5) and then through
the follow-up webhook — or closed as a slow client and counted so ("zu langsam" / "verdrängt" in the log's last
line: on a busy machine the sending processes may not have written their request within the grace a connection
gets, bot/serve_net.py); none is lost silently. ``/health`` answers throughout (on the interactions port, and on
the health port, answered by its own thread, 200 throughout: a busy event loop is not a stalled one), and the
log has no traceback and no "Too many open files". Correctness only: the machine is shared;
``bench/bench_hostile.py`` prints the times and the memory.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import resource
import time

import aiohttp
import pytest
from fakediscord import APPLICATION_COMMAND, CB_DEFERRED_MESSAGE, CB_MESSAGE, FakeDiscord
from harness import PYTHON, bot_env, print_bot_log_on_failure
from nacl.signing import SigningKey
from rawburst import LimitedServe, fire, prepare
from scrape import endpoint

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]
REAL_BOT_ONLY = True

BURST = 2000
FILES = 1024
# data/sources: three cards of the Ravnica FAQ (001_d6ee154855c71d75.txt) and the split card of 002
CARDS = ("Boros-Rekrut", "Feld der Unterdrückung", "Getrieben // Verzweiflung")


def card(fake: FakeDiscord, i: int) -> dict:
    data = {"id": fake.snowflake(), "name": "card", "type": 1,
            "options": [{"name": "name", "type": 3, "value": CARDS[i % 3]}]}
    return fake.payload(APPLICATION_COMMAND, data)


async def poll_health(url: str, seen: list[int]) -> None:
    """GET /health every 0.2 s, noting each status (0: no answer within 10 s)."""
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
        while True:
            try:
                async with session.get(url) as resp:
                    seen.append(resp.status)
            except (aiohttp.ClientError, TimeoutError):
                seen.append(0)
            await asyncio.sleep(0.2)


async def test_a_burst_of_2000_at_1024_open_files_is_answered_right(fake, store_db, tmp_path, request):
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    clients = max(2, math.ceil(BURST / max(1, hard - 256)))  # each sender needs a file per connection
    key = SigningKey.generate()
    env = bot_env(fake, db=store_db, state_dir=tmp_path / "state",
                  extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO"})
    serve = await LimitedServe([PYTHON, "-m", "bot", "serve", "--port", "0", "--health-port", "0"], env,
                               tmp_path / "serve.log", FILES).start()
    health: list[int] = []
    side: list[int] = []
    try:
        url = await serve.url()
        side_url = f"{await endpoint(serve.output)}/health"
        fake.callback_deadline = math.inf  # correctness only
        payloads = [card(fake, i) for i in range(BURST)]
        results = [fake.expect(p, thinking=True) for p in payloads]
        start_at = time.time() + 1.0
        requests = prepare(url, key, payloads, int(start_at))
        pollers = [asyncio.create_task(poll_health(url.replace("/interactions", "/health"), health)),
                   asyncio.create_task(poll_health(side_url, side))]
        shots = await asyncio.to_thread(fire, url, requests, start_at, clients)
        for poller in pollers:
            poller.cancel()
        statuses = [status for _, status, _ in shots]
        closed = statuses.count(0)  # the connection closed without a response: the server took it as slow
        assert statuses.count(200) + closed == BURST, f"statuses {sorted(set(statuses))}"
        answered = [(i, json.loads(body)) for i, (_, status, body) in enumerate(shots) if status == 200]
        deferred = [results[i] for i, body in answered if body["type"] == CB_DEFERRED_MESSAGE]
        await fake.wait_webhooks(deferred, 120)
        for i, body in answered:
            shown = body["data"] if body["type"] == CB_MESSAGE else results[i].edits[-1]
            assert shown["embeds"][0]["title"] == CARDS[i % 3], i
        assert health and set(health) == {200}, "GET /health did not answer during the burst"
        assert side and set(side) == {200}, f"the health port answered {sorted(set(side))} during the burst"
        assert fake.errors == [] and fake.invalid == []
        assert await serve.stop() == 0  # its last line counts the connections
        log = serve.output()
        assert f"Offene Dateien: höchstens {FILES} (hart {FILES})" in log
        assert "Traceback" not in log and "Errno 24" not in log and " ERROR " not in log
        # every connection taken within the budget: accept never ran out of files (bot/serve_net.py)
        counts = re.search(r"Verbindungen: (\d+) angenommen, (\d+) zu langsam, (\d+) verdrängt, 0 mal keine Datei frei",
                           log)
        assert counts is not None, log[-2000:]
        accepted, slow, evicted = map(int, counts.groups())
        assert accepted >= BURST  # every connection taken (with the health checks' own)
        # answered + closed as slow = sent: every request without an answer is one the server counted as closed
        # (the health checks' connections may be among those counted too, never among the burst's answers)
        assert closed <= slow + evicted, f"{closed} requests without an answer, {slow + evicted} closed as slow"
    finally:
        fake.callback_deadline = 3.0
        await serve.stop()
        print_bot_log_on_failure(request, serve, 0)
