"""bot.gateway.run.login_with_retry on tenacity: backoff 1, 2, 4 … s between attempts while Discord is unreachable,
one warning per retry, the German line after the last attempt, a signal during a wait ends it, a refused token is
never retried. The waits are scaled down here (``RETRY_FIRST``); tests/e2e/test_ops_e2e.py runs the real ones."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import discord
import pytest

from bot.config import Settings
from bot.gateway import run as gateway_run
from bot.gateway.run import DiscordUnreachable, login_with_retry


class FakeHTTP:
    def __init__(self) -> None:
        self.connector: object = None
        self.closed = 0

    async def close(self) -> None:
        self.closed += 1


class FakeBot:
    """Fails ``failures`` logins (each with an exception of ``errors``, in turn), then logs in."""

    def __init__(self, failures: int, errors: tuple[BaseException, ...] = (OSError("offline"),)) -> None:
        self.http = FakeHTTP()
        self.failures = failures
        self.errors = errors
        self.attempts = 0

    async def login(self, token: str) -> None:
        self.attempts += 1
        if self.attempts <= self.failures:
            raise self.errors[(self.attempts - 1) % len(self.errors)]


def settings(attempts: int) -> Settings:
    return Settings("x", None, Path("x.sqlite3"), Path(), "INFO", connect_attempts=attempts)


@pytest.fixture(autouse=True)
def fast(monkeypatch):
    monkeypatch.setattr(gateway_run, "RETRY_FIRST", 0.1)  # waits of 0.1, 0.2, 0.4 … s


async def test_retried_with_growing_waits_until_it_works(caplog):
    bot = FakeBot(failures=3, errors=(OSError("offline"), TimeoutError()))
    with caplog.at_level(logging.WARNING, "bot.gateway.run"):
        assert await login_with_retry(bot, settings(6), lambda: False) is True  # type: ignore[arg-type]
    assert bot.attempts == 4 and bot.http.closed == 3  # each failed login's session closed
    assert [r.getMessage() for r in caplog.records] == [
        "Discord nicht erreichbar (OSError), neuer Versuch in 0 s (1/6)",
        "Discord nicht erreichbar (TimeoutError), neuer Versuch in 0 s (2/6)",
        "Discord nicht erreichbar (OSError), neuer Versuch in 0 s (3/6)",
    ]
    assert [r.args[1] for r in caplog.records] == pytest.approx([0.1, 0.2, 0.4])


async def test_the_last_failure_is_one_german_line():
    bot = FakeBot(failures=99)
    with pytest.raises(DiscordUnreachable) as info:
        await login_with_retry(bot, settings(3), lambda: False)  # type: ignore[arg-type]
    assert re.fullmatch(r"Discord ist nicht erreichbar \(3 Versuche in \d+ s, zuletzt OSError\): Netzwerk, DNS und "
                        r"Firewall prüfen, dann erneut starten\.", str(info.value))
    assert bot.attempts == 3


async def test_a_signal_during_a_wait_ends_the_retries():
    bot = FakeBot(failures=99)
    assert await login_with_retry(bot, settings(6), lambda: bot.attempts >= 2) is False  # type: ignore[arg-type]
    assert bot.attempts == 2


async def test_a_refused_token_is_not_retried():
    bot = FakeBot(failures=1, errors=(discord.LoginFailure("Improper token has been passed."),))
    with pytest.raises(discord.LoginFailure):
        await login_with_retry(bot, settings(6), lambda: False)  # type: ignore[arg-type]
    assert bot.attempts == 1
