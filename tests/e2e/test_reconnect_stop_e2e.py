"""SIGTERM while ``python -m bot run`` reconnects: the gateway went away, and the bot waits in discord.py's
reconnect back-off (random up to 2^n s, growing with each failed attempt up to 1024 s) or in a handshake with a
gateway that never says HELLO (discord.py waits up to 60 s). Either wait used to hold the shutdown until it ended
(an operator saw ~20 s after 15 s of an outage); the bot now exits 0 within :data:`BOUND` seconds of the signal in
both states (README: Ctrl+C / SIGTERM).

The long back-off is made at once and every run alike by the e2e site (``REGELBOT_E2E_BACKOFF``: each wait is
exactly that long), not by waiting through an outage."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest
from aiohttp import web
from fakediscord import FakeDiscord
from harness import BotProcess, bot_env

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

#: Seconds from SIGTERM to the exit, in every state of a reconnect: the close alone (no interaction in flight,
#: so no drain), the interpreter's exit and a shared machine's slack; the back-off of the test waits 60 s.
BOUND = 5.0
BACKOFF = 60


class VanishingGateway(FakeDiscord):
    """A Discord whose gateway goes away (:meth:`vanish`): the open session is closed (4000, the bot reconnects)
    and every new connection is refused with HTTP 503 (``refuse``) or accepted and left without HELLO
    (``silent``)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.gone: str | None = None
        self.attempts = 0  # connections tried since the gateway went away

    async def vanish(self, how: str) -> None:
        self.gone = how
        for conn in list(self._conns.values()):
            conn.ready.clear()
            await conn.ws.close(code=4000)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if self.gone is None:
            return await super()._gateway(request)
        self.attempts += 1
        if self.gone == "refuse":
            return web.Response(status=503, text="upstream connect error")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        async for _ in ws:  # silent: no HELLO, until the bot hangs up
            pass
        return ws


async def _wait_for(condition, what: str, bot: BotProcess, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert bot.returncode is None, f"the bot ended before {what}:\n{bot.tail()}"
        assert time.monotonic() < deadline, f"no {what} within {seconds} s:\n{bot.tail()}"
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("how", ["refuse", "silent"])
async def test_sigterm_while_reconnecting_ends_the_bot_within_the_bound(real_bot, store_db, tmp_path, how):
    async with VanishingGateway() as fake:
        env = bot_env(fake, db=store_db, state_dir=tmp_path / "state", cold=True,
                      extra={"LOG_LEVEL": "INFO", "REGELBOT_E2E_BACKOFF": str(BACKOFF)})
        bot = await BotProcess(real_bot, env, tmp_path / "bot.log").start()
        try:
            await bot.wait_connected(fake, 30)
            await fake.vanish(how)
            if how == "refuse":  # the refused reconnect, then discord.py's back-off (logged German by bot/logs.py)
                await _wait_for(lambda: f"neuer Versuch in {BACKOFF}.0 s" in bot.output(), "back-off", bot)
            else:  # the bot is in the handshake with the silent gateway
                await _wait_for(lambda: fake.attempts >= 1, "reconnect attempt", bot)
            await asyncio.sleep(0.5)  # well inside the wait
            bot.proc.send_signal(signal.SIGTERM)
            signalled = time.monotonic()
            code = await bot.wait_exit(BACKOFF + 10)
            took = time.monotonic() - signalled
        finally:
            await bot.stop()
        out = bot.output()
        assert code == 0, out[-3000:]
        assert took < BOUND, f"SIGTERM took {took:.1f} s to end the bot ({how}):\n{bot.tail()}"
        assert "Signal empfangen, fahre herunter" in out
        assert "Traceback" not in out and "Unerwarteter Fehler" not in out
