"""Operator paths of the real bot process against the fake Discord: ``python -m bot sync`` with
and without DEV_GUILD_ID (global vs guild route of the PUT)."""

from __future__ import annotations

import re
import socket
import time

import pytest
from fakediscord import OP_IDENTIFY, FakeDiscord
from harness import FAKE_TOKEN, PYTHON, REAL_BOT, BotProcess, bot_env, running_bot

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

SYNC = [PYTHON, "-m", "bot", "sync"]


async def run_to_end(argv, env, log, seconds: float = 60.0) -> BotProcess:
    proc = await BotProcess(argv, env, log).start()
    try:
        code = await proc.wait_exit(seconds)
        assert code is not None, f"{argv} did not end within {seconds} s:\n{proc.tail()}"
    finally:
        await proc.stop()
    return proc


async def test_sync_puts_the_global_commands_and_exits_0(real_bot, store_db, tmp_path):
    async with FakeDiscord() as fake:
        # a sync state that says "unchanged" must not stop a forced sync
        state = tmp_path / "state"
        proc = await run_to_end(SYNC, bot_env(fake, db=store_db, state_dir=state, cold=True), tmp_path / "sync.log")
        out = proc.output()
        assert proc.returncode == 0, out[-3000:]
        puts = [(r.method, r.path) for r in fake.requests if r.method == "PUT"]
        assert puts == [("PUT", f"/applications/{fake.app_id}/commands")]
        names = {c["name"] for c in fake.commands()}
        assert {"card", "ruling", "rule", "mana", "clash", "info", "help"} <= names
        slash = [c for c in fake.commands() if c.get("type", 1) == 1]  # not the message context menu
        typed = sum(sum(o["type"] == 1 for o in c.get("options", [])) or 1 for c in slash)  # 13, as `serve` says
        assert f"{len(fake.commands())} Befehle ({typed} mit Unterbefehlen) synchronisiert (global)." in out
        assert "Traceback" not in out and "Unerwarteter Fehler" not in out
        assert fake.invalid == [] and fake.errors == []
        # a second forced sync PUTs again, although the tree did not change
        proc = await run_to_end(SYNC, bot_env(fake, db=store_db, state_dir=state, cold=True), tmp_path / "sync2.log")
        assert proc.returncode == 0 and fake.sync_count == 2


async def test_sync_with_dev_guild_puts_the_guild_route_only(real_bot, store_db, tmp_path):
    guild = "1234567890123456789"
    async with FakeDiscord() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state", extra={"DEV_GUILD_ID": guild}, cold=True)
        proc = await run_to_end(SYNC, env, tmp_path / "sync.log")
        out = proc.output()
        assert proc.returncode == 0, out[-3000:]
        puts = [(r.method, r.path) for r in fake.requests if r.method == "PUT"]
        assert puts == [("PUT", f"/applications/{fake.app_id}/guilds/{guild}/commands")]
        assert None not in fake.synced
        assert "card" in {c["name"] for c in fake.commands(guild)}
        assert f"mit Unterbefehlen) synchronisiert (Server {guild})." in out


# ---------------------------------------------------------------- operator messages


class RejectingGateway(FakeDiscord):
    """A Discord whose gateway closes with 4004 (authentication failed) on IDENTIFY, although REST accepted
    the token (as after a token reset while the bot starts)."""

    async def _gateway_message(self, conn, msg):
        if msg.get("op") == OP_IDENTIFY:  # conn: the fake's per-shard connection (its websocket is conn.ws)
            self.identifies.append(msg.get("d") or {})
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        await super()._gateway_message(conn, msg)


async def test_gateway_close_4004_is_one_german_line_exit_1(real_bot, store_db, tmp_path):
    async with RejectingGateway() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state", extra={"LOG_LEVEL": "INFO"}, cold=True)
        proc = await run_to_end(REAL_BOT, env, tmp_path / "bot.log")
        out = proc.output()
        assert proc.returncode == 1, out[-3000:]
        assert out.strip().splitlines()[-1] == (
            "Discord lehnt das Token ab (Gateway-Code 4004, Anmeldung fehlgeschlagen): DISCORD_TOKEN prüfen.")
        assert "Traceback" not in out and "Unerwarteter Fehler" not in out
        assert len(fake.identifies) == 1  # a refused token is not retried


async def test_discord_unreachable_at_start_retries_then_one_german_line(real_bot, store_db, tmp_path):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**bot_env(FakeDiscord(), db=store_db, state_dir=tmp_path / "state"),
           "REGELBOT_FAKE_DISCORD_URL": f"http://127.0.0.1:{port}", "REGELBOT_CONNECT_ATTEMPTS": "3",
           "LOG_LEVEL": "INFO"}
    started = time.monotonic()
    proc = await run_to_end(REAL_BOT, env, tmp_path / "bot.log")
    elapsed = time.monotonic() - started
    out = proc.output()
    assert proc.returncode == 1, out[-3000:]
    retries = [line for line in out.splitlines() if "Discord nicht erreichbar" in line]
    assert len(retries) == 2 and "neuer Versuch in 1 s (1/3)" in retries[0] and "in 2 s (2/3)" in retries[1]
    assert out.strip().splitlines()[-1].startswith("Discord ist nicht erreichbar (3 Versuche in ")
    assert "Netzwerk, DNS und Firewall prüfen" in out
    assert elapsed >= 3.0  # the backoff really waited 1 + 2 s
    assert "Traceback" not in out and "Unerwarteter Fehler" not in out


@pytest.mark.parametrize("token", ["abc.def\nghi", "Bot abc.def.ghi", "abc def", "\"abc.def.ghi\"x"])
async def test_malformed_token_is_one_german_line_exit_2(real_bot, store_db, tmp_path, token):
    async with FakeDiscord() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state", token=token)
        proc = await run_to_end(REAL_BOT, env, tmp_path / "bot.log")
        lines = proc.output().strip().splitlines()
        assert proc.returncode == 2
        assert len(lines) == 1 and lines[0].startswith("DISCORD_TOKEN"), lines
        assert fake.requests == []


# ---------------------------------------------------------------- secrets in logs


async def test_interaction_tokens_never_reach_the_debug_log(real_bot, store_db, tmp_path):
    """At DEBUG discord.py logs every gateway event it reads and every callback URL, the bot each callback URL it
    sends and each interaction's frame it reads (bot/gateway/frames.py); the URLs carry the interaction token, which
    the log formatter must redact (and a traceback carrying the bot token), the frames' line names none."""
    async with FakeDiscord() as fake, running_bot(fake, tmp_path, db=store_db, cold=True) as bot:
        results = [await fake.command("karte", {"name": "Boros-Rekrut"}),
                   await fake.autocomplete_result("karte", "name", "boros"),
                   await fake.command("karte", {"name": "Gibtsnicht"})]
        click = await fake.component(results[0], results[0].buttons()[0]["custom_id"])
        results.append(click)
        out = bot.output()
    tokens = [r.token for r in results]
    assert all(t.startswith("itok") for t in tokens)
    assert "WebSocket Event" in out and "/callback" in out  # discord.py really logged them at DEBUG
    for token in tokens:
        assert token not in out
    assert "/interactions/" in out and "/[geheim]/callback" in out
    assert all(f"Interaktion {r.id} vom Typ" in out for r in results)  # each frame's own line, without its token
    assert FAKE_TOKEN not in out


# ---------------------------------------------------------------- SIGTERM under load


IN_FLIGHT = 30


async def test_sigterm_under_load_finishes_in_flight_refuses_new_and_exits_cleanly(real_bot, store_db, tmp_path):
    """30 card commands are in flight (their store reads wait on a lock another process holds) when SIGTERM
    arrives; more interactions come after it. Every interaction dispatched before the signal gets its real
    answer, those after it a short German refusal; the bot exits 0 within ~3 s of the signal with one
    shutdown line and no traceback."""
    import asyncio
    import signal
    import sqlite3

    async with FakeDiscord() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state", extra={"LOG_LEVEL": "INFO"}, cold=True)
        bot = await BotProcess(REAL_BOT, env, tmp_path / "bot.log").start()
        try:
            await bot.wait_connected(fake, 30)
            await fake.wait_sync()
            lock = sqlite3.connect(store_db, isolation_level=None, timeout=0)
            lock.execute("BEGIN EXCLUSIVE")
            try:
                before = [asyncio.create_task(fake.command("karte", {"name": "Boros-Rekrut"}, timeout=15))
                          for _ in range(IN_FLIGHT)]
                await asyncio.sleep(0.5)
                assert not any(t.done() for t in before), "the store lock did not hold the commands in flight"
                bot.proc.send_signal(signal.SIGTERM)
                signalled = time.monotonic()
                for _ in range(200):  # the bot logs the signal before it stops taking interactions
                    if "Signal empfangen" in bot.output():
                        break
                    await asyncio.sleep(0.05)
                after = [asyncio.create_task(fake.command("karte", {"name": "Boros-Rekrut"}, timeout=10))
                         for _ in range(5)]
                await asyncio.sleep(0.5)
            finally:
                lock.execute("ROLLBACK")
                lock.close()
            answered = await asyncio.gather(*before)
            code = await bot.wait_exit(10)
            stopped = time.monotonic() - signalled
            late = await asyncio.gather(*after, return_exceptions=True)
        finally:
            await bot.stop()
        out = bot.output()
        assert code == 0, out[-3000:]
        assert stopped < 8, stopped  # drain ≤ 3 s (checked below) plus closing, on a shared machine
        for res in answered:
            assert res.embeds and res.embeds[0]["title"] == "Boros-Rekrut", (res.callbacks, res.followups)
        for res in late:
            assert not isinstance(res, BaseException), res
            assert res.embeds[0]["title"] == "Der Bot startet gerade neu" and res.ephemeral
        assert fake.late == [] and fake.errors == [] and fake.invalid == []
        shutdown = [line for line in out.splitlines() if "Heruntergefahren nach" in line]
        assert len(shutdown) == 1, shutdown
        drained = float(re.search(r"nach ([0-9.]+) s", shutdown[0]).group(1))
        assert drained <= 3.1
        assert f"{IN_FLIGHT} laufende Interaktionen beendet, 0 abgebrochen, 5 abgelehnt" in shutdown[0]
        assert "Traceback" not in out and "Session is closed" not in out and "ERROR" not in out
