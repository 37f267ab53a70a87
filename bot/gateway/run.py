"""How the gateway door runs as a process: ``python -m bot run`` and ``python -m bot sync``.

:func:`run` logs in (:func:`login_with_retry`: retried with backoff while Discord is unreachable at start,
never when the token is refused), syncs the commands and stays connected until SIGINT/SIGTERM, then shuts the
bot down cleanly (:meth:`bot.gateway.client.Regelbot.close`). Every way it ends is an exit code and, for a
problem, one German line for the operator.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import Callable

import aiohttp
import discord
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt, wait_exponential

from bot import metrics
from bot.commands import TABLE
from bot.config import Settings
from bot.exits import fail, listen_error_text
from bot.gateway.client import Regelbot
from bot.store import StoreError

log = logging.getLogger(__name__)

#: Gateway close codes that end the bot, with the German line for the operator
#: (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes).
GATEWAY_CLOSE_TEXT = {
    4004: "Discord lehnt das Token ab (Gateway-Code 4004, Anmeldung fehlgeschlagen): DISCORD_TOKEN prüfen.",
    4010: "Discord lehnt die Shard-Angaben ab (Gateway-Code 4010): SHARD_COUNT/SHARD_IDS prüfen.",
    4011: "Discord verlangt Sharding (Gateway-Code 4011): SHARD_COUNT setzen.",
    4012: "Discord kennt die Gateway-Version nicht (Gateway-Code 4012): discord.py aktualisieren.",
    4013: "Discord lehnt die Intents ab (Gateway-Code 4013).",
    4014: "Discord verlangt eine privilegierte Intent-Freigabe, die der Bot nicht braucht (Gateway-Code 4014).",
}
#: Waits between login attempts when Discord is unreachable at start (seconds): 1, 2, 4, … capped at 30.
RETRY_FIRST, RETRY_MAX = 1.0, 30.0
#: What "Discord is unreachable" looks like: a network error, a timeout, a 5xx (retried; a refused token is not).
UNREACHABLE = (OSError, aiohttp.ClientError, TimeoutError, discord.DiscordServerError)


class DiscordUnreachable(Exception):
    """Discord could not be reached at start after every attempt; German message."""


class _Stopped(Exception):
    """A signal arrived while waiting for the next login attempt."""


async def _login_once(bot: Regelbot, token: str) -> None:
    """One login; after a failure that will be retried, close the HTTP session it opened (login opens a new
    session and connector each time)."""
    try:
        await bot.login(token)
    except UNREACHABLE:
        await bot.http.close()
        bot.http.connector = discord.utils.MISSING
        raise


async def login_with_retry(bot: Regelbot, settings: Settings, stopping: Callable[[], bool]) -> bool:
    """Log in; while Discord is unreachable (:data:`UNREACHABLE`) retry with exponential backoff (tenacity:
    waits of 1, 2, 4 … s, at most :data:`RETRY_MAX`), ``settings.connect_attempts`` attempts in all, one warning
    per retry. False when a signal arrived meanwhile (``stopping()`` is asked every 0.1 s of a wait).

    Raises:
        DiscordUnreachable: the last attempt failed too (German message with the attempts and the cause).
        discord.LoginFailure: the token was refused (never retried).
    """
    started = time.monotonic()

    async def pause(seconds: float) -> None:
        for _ in range(int(seconds * 10)):
            if stopping():
                raise _Stopped
            await asyncio.sleep(0.1)

    def warn(state: RetryCallState) -> None:
        failure = state.outcome.exception() if state.outcome is not None else None
        wait = state.next_action.sleep if state.next_action is not None else 0.0
        log.warning("Discord nicht erreichbar (%s), neuer Versuch in %.0f s (%d/%d)", type(failure).__name__, wait,
                    state.attempt_number, settings.connect_attempts)

    retrying = AsyncRetrying(stop=stop_after_attempt(settings.connect_attempts), sleep=pause, before_sleep=warn,
                             wait=wait_exponential(multiplier=RETRY_FIRST, max=RETRY_MAX),
                             retry=retry_if_exception_type(UNREACHABLE), reraise=True)
    try:
        await retrying(_login_once, bot, settings.token)
    except _Stopped:
        return False
    except UNREACHABLE as exc:
        tries = "1 Versuch" if settings.connect_attempts == 1 else f"{settings.connect_attempts} Versuche"
        raise DiscordUnreachable(
            f"Discord ist nicht erreichbar ({tries} in {time.monotonic() - started:.0f} s, "
            f"zuletzt {type(exc).__name__}): Netzwerk, DNS und Firewall prüfen, dann erneut starten."
        ) from None
    return True


class GatewayHealth:
    """``run``'s health (:data:`bot.metrics.Health`): ready while the store is open, the bot is not shutting down
    and every shard of this process has its session up — READY (discord.py's ``shard_connect``) or RESUMED
    since its last disconnect. ``bot``'s shard events are listened to from construction on."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot
        #: Shards whose session is up.
        self.up: set[int] = set()

        async def connected(shard_id: int) -> None:
            self.up.add(shard_id)

        async def disconnected(shard_id: int) -> None:
            self.up.discard(shard_id)

        bot.add_listener(connected, "on_shard_connect")
        bot.add_listener(connected, "on_shard_resumed")
        bot.add_listener(disconnected, "on_shard_disconnect")

    def expected(self) -> list[int] | None:
        """This process's shards (``SHARD_IDS``, else all of the shard count), None before the count is known."""
        if self.bot.settings.shard_ids is not None:
            return list(self.bot.settings.shard_ids)
        count = self.bot.shard_count
        return list(range(count)) if count else None

    def __call__(self) -> tuple[bool, str]:
        """``(ready, German reason)``."""
        core = self.bot.core
        if core is None or not core.is_open:
            return False, "Datenbank nicht geöffnet"
        if self.bot.draining or self.bot.is_closed():
            return False, "Bot fährt herunter"
        expected = self.expected()
        if expected is None:
            return False, "Gateway nicht verbunden"
        missing = [s for s in expected if s not in self.up]
        if missing:
            return False, f"Shards ohne READY: {', '.join(map(str, missing))} (bereit: {len(expected) - len(missing)})"
        return True, f"Shards bereit: {', '.join(map(str, expected))}"


async def run(settings: Settings, sync_only: bool = False) -> int:
    """``python -m bot run`` (``sync_only``: ``python -m bot sync``): log in (retrying while Discord is
    unreachable), sync the commands when they changed (always for ``sync``, which then prints the count and
    ends), and stay connected until SIGINT/SIGTERM shuts the bot down cleanly; SIGHUP switches to a rebuilt
    store (:meth:`bot.core.Core.reload`); with ``METRICS_PORT`` (not for ``sync``) serve ``/metrics`` and
    ``/health`` meanwhile. Returns the exit code; every problem is one German line on stderr
    (:data:`GATEWAY_CLOSE_TEXT` for the gateway's close codes)."""
    async with Regelbot(settings) as bot:
        loop = asyncio.get_running_loop()
        closing: list[asyncio.Task[None]] = []
        signalled = asyncio.Event()

        def stop() -> None:
            if not closing:
                log.info("Signal empfangen, fahre herunter …")
                closing.append(loop.create_task(bot.close()))
                signalled.set()

        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop)
        with contextlib.suppress(NotImplementedError, AttributeError):  # SIGHUP: a rebuilt store (bot.core)
            loop.add_signal_handler(signal.SIGHUP, lambda: bot.core.reload_soon() if bot.core else None)
        endpoint = None
        if settings.metrics_port is not None and not sync_only:
            try:
                endpoint = await metrics.start_endpoint(settings.metrics_host, settings.metrics_port,
                                                        GatewayHealth(bot))
            except OSError as exc:
                return fail(f"Kann nicht auf {settings.metrics_host}:{settings.metrics_port} lauschen (METRICS_PORT): "
                            f"{listen_error_text(exc)}.")
        try:
            problem = await _session(bot, settings, sync_only, closing, signalled)
        finally:
            if endpoint is not None:
                await endpoint.cleanup()
        if problem is None:
            return 0
        await bot.close()  # the store's and the workers' lines first: the problem is the output's last line
        return fail(problem)


async def stay_connected(bot: Regelbot, closing: list[asyncio.Task[None]], signalled: asyncio.Event) -> None:
    """Stay connected to the gateway (discord.py's ``connect``, which reconnects by itself) until the connection
    ends or a signal's ``closing`` task (the bot's close) has ended; then cancel what ``connect`` still waits on,
    so the shutdown takes the close alone in every state of a reconnect. discord.py waits outside the shards'
    tasks that close cancels: its reconnect back-off (random up to 2, 4 … 1024 s, growing with each failed
    attempt: ``discord.backoff.ExponentialBackoff``), a handshake (up to 60 s), the 1–5 s before a new IDENTIFY
    (:meth:`Regelbot.before_identify_hook`) and the 5 s between first connection attempts
    (:meth:`Regelbot.launch_shard`); the process ended only after that wait (README: Ctrl+C / SIGTERM).
    ``signalled`` is set by the signal handler when it puts the close task into ``closing``.

    Raises:
        whatever ``connect`` raises when it ends by itself (``discord.ConnectionClosed`` and the like); after a
        signal, nothing of the cancelled connection (the shutdown is the normal way to stop: exit 0).
    """
    connecting = asyncio.ensure_future(bot.connect(reconnect=True))
    signal_came = asyncio.ensure_future(signalled.wait())
    try:
        await asyncio.wait({connecting, signal_came}, return_when=asyncio.FIRST_COMPLETED)
        if not closing:
            connecting.result()  # ended by itself: its exception, if any, is the exit's cause
            return
        await closing[0]
    finally:
        signal_came.cancel()
        if not connecting.done():
            connecting.cancel()
            # a cancelled handshake ends at once; the bound keeps a wait discord.py swallows from holding the exit
            await asyncio.wait({connecting}, timeout=1.0)
    if connecting.done() and not connecting.cancelled():
        connecting.exception()  # retrieved: a connection that failed while the bot closed is no problem to report


async def _session(bot: Regelbot, settings: Settings, sync_only: bool, closing: list[asyncio.Task[None]],
                   signalled: asyncio.Event) -> str | None:
    """Open the store (:meth:`Regelbot.prepare`), log in, sync, and (unless ``sync_only``) stay connected until a
    signal's ``closing`` task ends; None when it ended well, else the problem's German line (:func:`run` says it
    once the bot is closed)."""
    try:
        if sync_only:
            bot.force_sync = True
        # the store first, before Discord: a store that cannot be opened is said at once, also while Discord is
        # unreachable, and /health and the store's age tell the store and the gateway apart while the login is
        # retried ("Gateway nicht verbunden"); login's setup_hook then syncs (forced for `sync`)
        await bot.prepare()
        if not await login_with_retry(bot, settings, lambda: bool(closing)):
            return None
        if sync_only:
            if bot.last_sync is None:
                return "Befehle wurden nicht synchronisiert."
            count, scope = bot.last_sync
            # the same 13 that `serve` reports: commands you can type (subcommands counted singly)
            print(f"{count} Befehle ({len(TABLE.leaves)} mit Unterbefehlen) synchronisiert ({scope}).")
            if bot.last_emoji_sync is not None:  # the mana emojis: stderr when some stay text
                print(bot.last_emoji_sync.line(), file=sys.stderr if bot.last_emoji_sync.failed else sys.stdout)
            return None
        if not closing:
            await stay_connected(bot, closing, signalled)
        if closing:  # a signal stopped the bot: let close() finish (the store is closed there)
            await closing[0]
    except discord.LoginFailure:
        return "Discord lehnt das Token ab (DISCORD_TOKEN prüfen)."
    except (DiscordUnreachable, StoreError) as exc:
        return str(exc)
    except discord.PrivilegedIntentsRequired:
        return GATEWAY_CLOSE_TEXT[4014]
    except discord.ConnectionClosed as exc:
        return GATEWAY_CLOSE_TEXT.get(exc.code, f"Discord hat die Verbindung beendet (Gateway-Code {exc.code}).")
    except discord.GatewayNotFound:
        return "Discord nennt keinen Gateway (Störung bei Discord?): später erneut starten."
    return None
