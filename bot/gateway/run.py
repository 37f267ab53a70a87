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

from bot.commands import TABLE
from bot.config import Settings
from bot.exits import fail
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


class DiscordUnreachable(Exception):
    """Discord could not be reached at start after every attempt; German message."""


async def login_with_retry(bot: Regelbot, settings: Settings, stopping: Callable[[], bool]) -> bool:
    """Log in; while Discord is unreachable (network error, timeout, 5xx) retry with exponential backoff,
    ``settings.connect_attempts`` attempts in all. False when a signal arrived meanwhile.

    Raises:
        DiscordUnreachable: the last attempt failed too (German message with the attempts and the cause).
        discord.LoginFailure: the token was refused (never retried).
    """
    delay, started = RETRY_FIRST, time.monotonic()
    for attempt in range(1, settings.connect_attempts + 1):
        try:
            await bot.login(settings.token)
            return True
        except (OSError, aiohttp.ClientError, TimeoutError, discord.DiscordServerError) as exc:
            cause = type(exc).__name__
            await bot.http.close()  # login opens a new HTTP session (and connector) each time
            bot.http.connector = discord.utils.MISSING
            if attempt == settings.connect_attempts:
                tries = "1 Versuch" if attempt == 1 else f"{attempt} Versuche"
                raise DiscordUnreachable(
                    f"Discord ist nicht erreichbar ({tries} in {time.monotonic() - started:.0f} s, "
                    f"zuletzt {cause}): Netzwerk, DNS und Firewall prüfen, dann erneut starten."
                ) from None
            log.warning("Discord nicht erreichbar (%s), neuer Versuch in %.0f s (%d/%d)", cause, delay, attempt,
                        settings.connect_attempts)
            for _ in range(int(delay * 10)):
                if stopping():
                    return False
                await asyncio.sleep(0.1)
            delay = min(delay * 2, RETRY_MAX)
    return False


async def run(settings: Settings, sync_only: bool = False) -> int:
    """``python -m bot run`` (``sync_only``: ``python -m bot sync``): log in (retrying while Discord is
    unreachable), sync the commands when they changed (always for ``sync``, which then prints the count and
    ends), and stay connected until SIGINT/SIGTERM shuts the bot down cleanly. Returns the exit code; every
    problem is one German line on stderr (:data:`GATEWAY_CLOSE_TEXT` for the gateway's close codes)."""
    async with Regelbot(settings) as bot:
        loop = asyncio.get_running_loop()
        closing: list[asyncio.Task[None]] = []

        def stop() -> None:
            if not closing:
                log.info("Signal empfangen, fahre herunter …")
                closing.append(loop.create_task(bot.close()))

        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop)
        try:
            if sync_only:
                bot.force_sync = True
            # login runs setup_hook once: prepare, then the sync (forced for `sync`)
            if not await login_with_retry(bot, settings, lambda: bool(closing)):
                return 0
            if sync_only:
                if bot.last_sync is None:
                    return fail("Befehle wurden nicht synchronisiert.")
                count, scope = bot.last_sync
                # the same 13 that `serve` reports: commands you can type (subcommands counted singly)
                print(f"{count} Befehle ({len(TABLE.leaves)} mit Unterbefehlen) synchronisiert ({scope}).")
                if bot.last_emoji_sync is not None:
                    emojis = bot.last_emoji_sync
                    print(emojis.line(), file=sys.stderr if emojis.failed else sys.stdout)
                return 0
            if not closing:
                await bot.connect(reconnect=True)
            if closing:  # a signal stopped the bot: let close() finish (the store is closed there)
                await closing[0]
        except discord.LoginFailure:
            return fail("Discord lehnt das Token ab (DISCORD_TOKEN prüfen).")
        except DiscordUnreachable as exc:
            return fail(str(exc))
        except StoreError as exc:
            return fail(str(exc))
        except discord.PrivilegedIntentsRequired:
            return fail(GATEWAY_CLOSE_TEXT[4014])
        except discord.ConnectionClosed as exc:
            text = GATEWAY_CLOSE_TEXT.get(exc.code, f"Discord hat die Verbindung beendet (Gateway-Code {exc.code}).")
            return fail(text)
        except discord.GatewayNotFound:
            return fail("Discord nennt keinen Gateway (Störung bei Discord?): später erneut starten.")
    return 0
