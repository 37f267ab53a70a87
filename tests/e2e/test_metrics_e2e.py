"""``run`` with ``METRICS_PORT``: ``GET /health`` is 200 only once every shard of the process has its READY, and
``GET /metrics`` counts what the gateway bot received, how fast it answered, what it deferred and refused."""

# ruff: noqa: ASYNC109
from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from fakediscord import CB_DEFERRED_MESSAGE, STRING, FakeDiscord, FakeDiscordError
from harness import PYTHON, ROOT, BotProcess, bot_env, running_bot
from scrape import endpoint, health, scrape, settled, total

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]
METRICS = {"METRICS_PORT": "0"}


class ReadyHeld(FakeDiscord):
    """The fake Discord, holding back the READY of the shards in :attr:`held` until :meth:`release`."""

    def __init__(self, *args: Any, held: set[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held = held
        self._released = asyncio.Event()

    def release(self) -> None:
        """Send the held READYs now."""
        self._released.set()

    async def dispatch(self, event: str, data: dict[str, Any], shard: int = 0) -> None:
        if event == "READY" and shard in self.held:
            await self._released.wait()
        await super().dispatch(event, data, shard)


async def until(ask: Callable[[], Awaitable[Any]], done: Callable[[Any], bool], timeout: float = 20.0) -> Any:
    """Ask ``ask()`` every 50 ms until ``done(answer)``; the answer.

    Raises:
        FakeDiscordError: not done within ``timeout`` seconds (with the last answer).
    """
    deadline = time.monotonic() + timeout
    while True:
        answer = await ask()
        if done(answer):
            return answer
        if time.monotonic() > deadline:
            raise FakeDiscordError(f"not reached within {timeout} s: {answer!r}")
        await asyncio.sleep(0.05)


async def test_health_is_ready_only_after_ready_on_every_shard(real_bot, store_db, tmp_path):
    async with ReadyHeld(shards=2, max_concurrency=2, held={1}) as fake:
        async with running_bot(fake, tmp_path, argv=real_bot, db=store_db, extra_env=METRICS, cold=True) as bot:
            base = await endpoint(bot.output)
            # shard 0 has its session (running_bot waited for it); shard 1 identified, its READY is held back
            async def identified() -> list[int]:
                return [d["shard"][0] for d in fake.identifies]

            await until(identified, lambda shards: 1 in shards)
            status, body = await until(lambda: health(base), lambda answer: "Shards" in answer[1]["grund"])
            assert (status, body["status"], body["grund"]) == (503, "nicht bereit", "Shards ohne READY: 1 (bereit: 1)")
            for _ in range(10):  # and it stays so while the READY is missing
                assert (await health(base))[0] == 503
                await asyncio.sleep(0.05)
            assert fake.ready_shards() == [0]
            port = base.rsplit(":", 1)[1]
            assert await docker_healthcheck(port) == (1, f"http://127.0.0.1:{port}/health: HTTP 503\n")
            fake.release()
            await fake.wait_ready(30, shards=[0, 1])
            status, body = await until(lambda: health(base), lambda answer: answer[0] == 200)
            assert (body["status"], body["grund"]) == ("ok", "Shards bereit: 0, 1")
            assert await docker_healthcheck(port) == (0, f"http://127.0.0.1:{port}/health: HTTP 200\n")
            assert total(await scrape(base), "regelbot_build_info") == 1
        assert bot.returncode == 0, bot.tail()


async def docker_healthcheck(port: str) -> tuple[int, str]:
    """The image's HEALTHCHECK (``deploy/docker/healthcheck.py`` with ``METRICS_PORT``, as compose sets it)."""
    env = {**os.environ, "METRICS_PORT": port}
    proc = await asyncio.to_thread(subprocess.run, [PYTHON, str(ROOT / "deploy" / "docker" / "healthcheck.py")],
                                   env=env, capture_output=True, text=True, timeout=30)
    return proc.returncode, proc.stdout


async def test_a_metrics_port_in_use_is_one_german_line_and_exit_1(real_bot, store_db, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with FakeDiscord() as fake:
            env = bot_env(fake, db=store_db, state_dir=tmp_path / "state",
                          extra={"METRICS_PORT": str(port), "LOG_LEVEL": "INFO"}, cold=True)
            bot = await BotProcess(real_bot, env, tmp_path / "bot.log").start()
            try:
                assert await bot.wait_exit(60) == 1, bot.tail()
            finally:
                await bot.stop()
    assert bot.output().strip().splitlines()[-1] == (
        f"Kann nicht auf 127.0.0.1:{port} lauschen (METRICS_PORT): Port schon belegt (läuft noch ein anderer "
        "Prozess?).")
    assert fake.identifies == []  # it never went to the gateway


def aged_snowflake(fake: FakeDiscord, seconds: float) -> Callable[[], str]:
    """A replacement of ``fake.snowflake`` making ids ``seconds`` older than now (waited in a queue)."""
    original = fake.snowflake
    return lambda: str(int(original()) - (int(seconds * 1000) << 22))


async def test_metrics_count_what_the_gateway_bot_received_deferred_and_refused(real_bot, store_db, tmp_path):
    async with FakeDiscord() as fake:
        async with running_bot(fake, tmp_path, argv=real_bot, db=store_db, extra_env=METRICS) as bot:
            await fake.wait_sync()
            base = await endpoint(bot.output)
            assert (await until(lambda: health(base), lambda answer: answer[0] == 200))[1]["grund"] == (
                "Shards bereit: 0")
            before = await settled(base)
            card = await fake.command("karte", {"name": "Boros-Rekrut"})
            choices = await fake.autocomplete("karte", "name", "boros")
            pressed = await fake.component(card, card.buttons()[0]["custom_id"])
            original = fake.snowflake
            fake.snowflake = aged_snowflake(fake, 1.0)  # type: ignore[method-assign]
            try:
                late = await fake.command("karte", {"name": "boros-rekrut"})  # not asked before: no kept answer
            finally:
                fake.snowflake = original  # type: ignore[method-assign]
            unknown = [{"name": "search", "type": STRING, "value": "701.19"},
                       {"name": "nummer", "type": STRING, "value": "1"}]
            bad = await fake.raw_command({"name": "rule", "options": unknown})
            after = await settled(base)
        assert bot.returncode == 0, bot.tail()
    assert card.embeds[0]["title"] == late.embeds[0]["title"] == "Boros-Rekrut" and choices and pressed.embeds
    assert late.callback_type == CB_DEFERRED_MESSAGE and bad.embeds[0]["title"] == "Unbekannte Option"

    def added(name: str, **labels: str) -> float:
        return total(after, name, **labels) - total(before, name, **labels)

    for kind, count in {"command": 3, "autocomplete": 1, "button": 1}.items():
        assert added("regelbot_interactions_total", kind=kind) == count, kind
        assert added("regelbot_first_callback_seconds_count", kind=kind) == count, kind
        assert added("regelbot_answer_seconds_count", kind=kind) == count, kind
    assert added("regelbot_interactions_total") == 5
    assert added("regelbot_interactions_total", kind="command", command="card") == 2
    assert added("regelbot_interactions_total", kind="autocomplete", command="card") == 1
    assert added("regelbot_interactions_total", kind="button", command="mechanic") == 1
    assert added("regelbot_deferrals_total") == added("regelbot_deferrals_total", kind="command") == 1
    assert added("regelbot_refusals_total") == added("regelbot_refusals_total", reason="bad_input") == 1
    # the core's work under the label its arrival was counted by: the two /card answers and /card's autocomplete
    # (not its completer's name, card_names), the button's action
    assert added("regelbot_answer_work_seconds_count", command="card") == 3
    assert added("regelbot_answer_work_seconds_count", command="mechanic") == 1
    # the first callback of the deferred one came before its answer: not every answer is as fast as its callback
    assert added("regelbot_answer_seconds_sum") >= added("regelbot_first_callback_seconds_sum")
    assert total(after, "regelbot_store_age_seconds") > 0
    assert total(after, "process_resident_memory_bytes") > 0


async def test_health_names_the_gateway_while_discord_is_unreachable_and_the_store_is_open(real_bot, store_db,
                                                                                              tmp_path):
    # Discord does not answer (a port nobody listens on): the bot opens its store, then retries the login; /health
    # says what is missing, the gateway (not the store, which is open: its age is a number)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**bot_env(FakeDiscord(), db=store_db, state_dir=tmp_path / "state", extra=METRICS, cold=True),
           "REGELBOT_FAKE_DISCORD_URL": f"http://127.0.0.1:{port}", "REGELBOT_CONNECT_ATTEMPTS": "100",
           "LOG_LEVEL": "INFO"}
    bot = await BotProcess(real_bot, env, tmp_path / "bot.log").start()
    try:
        base = await endpoint(bot.output)
        async def log() -> str:
            return bot.output()

        await until(log, lambda out: "Discord nicht erreichbar" in out)  # the first login failed, retried
        status, body = await health(base)
        assert (status, body["status"], body["grund"]) == (503, "nicht bereit", "Gateway nicht verbunden")
        age = total(await scrape(base), "regelbot_store_age_seconds")
        assert age == age and age >= 0  # not NaN: the store is open
        assert await bot.stop() == 0, bot.tail()
    finally:
        await bot.stop()
    assert "Traceback" not in bot.output()
