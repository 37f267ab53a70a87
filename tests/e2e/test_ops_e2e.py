"""Operator paths of the real bot process against the fake Discord (issue 10): ``python -m bot sync`` with
and without DEV_GUILD_ID (global vs guild route of the PUT)."""

from __future__ import annotations

import pytest
from fakediscord import FakeDiscord
from harness import PYTHON, STANDIN, BotProcess, bot_env

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

SYNC = [PYTHON, "-m", "bot", "sync"]


@pytest.fixture
def real_bot(bot_argv):
    if bot_argv is STANDIN:
        pytest.skip("operator commands belong to the real bot")


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
        proc = await run_to_end(SYNC, bot_env(fake, db=store_db, state_dir=state), tmp_path / "sync.log")
        out = proc.output()
        assert proc.returncode == 0, out[-3000:]
        puts = [(r.method, r.path) for r in fake.requests if r.method == "PUT"]
        assert puts == [("PUT", f"/applications/{fake.app_id}/commands")]
        names = {c["name"] for c in fake.commands()}
        assert {"card", "ruling", "rule", "mana", "clash", "info", "help"} <= names
        assert f"{len(fake.commands())} Befehle synchronisiert (global)." in out
        assert "Traceback" not in out and "Unerwarteter Fehler" not in out
        assert fake.invalid == [] and fake.errors == []
        # a second forced sync PUTs again, although the tree did not change
        proc = await run_to_end(SYNC, bot_env(fake, db=store_db, state_dir=state), tmp_path / "sync2.log")
        assert proc.returncode == 0 and fake.sync_count == 2


async def test_sync_with_dev_guild_puts_the_guild_route_only(real_bot, store_db, tmp_path):
    guild = "1234567890123456789"
    async with FakeDiscord() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state", extra={"DEV_GUILD_ID": guild})
        proc = await run_to_end(SYNC, env, tmp_path / "sync.log")
        out = proc.output()
        assert proc.returncode == 0, out[-3000:]
        puts = [(r.method, r.path) for r in fake.requests if r.method == "PUT"]
        assert puts == [("PUT", f"/applications/{fake.app_id}/guilds/{guild}/commands")]
        assert None not in fake.synced
        assert "card" in {c["name"] for c in fake.commands(guild)}
        assert f"Befehle synchronisiert (Server {guild})." in out
