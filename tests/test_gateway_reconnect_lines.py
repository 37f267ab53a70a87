"""A gateway connection that fails (bot/gateway/client.py: Regelbot.launch_shard, discord.py's retry every 5 s) is
one German WARNING per attempt naming the error, its traceback only at DEBUG (README: tracebacks only with
LOG_LEVEL=DEBUG)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.gateway import client


class _Stop(BaseException):
    """Ends the test's retry loop (the second attempt)."""


async def test_a_failed_shard_connection_is_one_warning_without_a_traceback(offline_bot, monkeypatch, caplog):
    attempts = []

    async def from_client(*args, **kwargs):
        attempts.append(kwargs.get("shard_id"))
        if len(attempts) == 1:
            raise OSError(111, "Connect call failed")
        raise _Stop()

    async def no_wait(seconds: float, *args) -> None:
        return None

    monkeypatch.setattr(client.DiscordWebSocket, "from_client", from_client)
    monkeypatch.setattr(asyncio, "sleep", no_wait)
    with caplog.at_level(logging.INFO, logger="bot"), pytest.raises(_Stop):
        await offline_bot.launch_shard(None, 3)
    said = [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records if r.name == "bot.gateway.client"]
    assert said[0] == ("WARNING", "Shard 3: Verbindung fehlgeschlagen (ConnectionRefusedError), neuer Versuch in 5 s",
                       None)
    assert attempts == [3, 3]
