"""The gateway bot: :class:`Regelbot`, the door that meets Discord through discord.py's gateway.

Start-up order (``setup_hook``, see DESIGN.md): open the application core (store, name index, the table's
warm-ups; :class:`bot.core.Core`) → set the German translator → add the table's commands to the tree
(:func:`bot.gateway.slash.app_commands_of`) → load the extensions in ``cogs/`` → route every button through
:func:`bot.gateway.buttons.on_button` (state in the custom_id, no views in memory) → sync the command tree only
when its payload changed since the last sync (hash kept in ``state_dir``), and only in the process that runs
shard 0.

The bot is an :class:`~discord.ext.commands.AutoShardedBot`: ``SHARD_COUNT``/``SHARD_IDS`` choose the
shards of this process (else Discord's recommended count); identifies are spaced per Discord's
``max_concurrency`` buckets (:class:`IdentifyLimiter`).
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import inspect
import json
import logging
import pkgutil
import random
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.shard import Shard

from bot import offload
from bot.commands import TABLE
from bot.config import Settings
from bot.core import Core, settle_heap
from bot.gateway.buttons import on_button
from bot.gateway.emojis import EmojiSync, sync_emojis
from bot.gateway.gate import GatedBot
from bot.gateway.sharding import FATAL_CLOSE_CODES, IdentifyLimiter
from bot.gateway.slash import GermanTranslator, app_commands_of
from bot.gateway.tree import RegelTree

log = logging.getLogger(__name__)

#: The package whose modules are the gateway's extensions (what only a gateway connection can do, such as
#: listening to messages); each module ends with ``async def setup(bot)``. Commands live in the table.
COGS_PACKAGE = "cogs"


def extensions(package: str = COGS_PACKAGE) -> list[str]:
    """The extension modules of ``package``, found by walking it (as python-discord's ``walk_extensions``):
    every module with a ``setup`` function, sorted by name (``["cogs.inline"]``). A new extension is a new file
    in ``cogs/``; nothing lists it.

    Raises:
        ImportError: the package or one of its modules cannot be imported.
    """
    root = importlib.import_module(package)
    found = []
    for info in pkgutil.walk_packages(root.__path__, f"{root.__name__}."):
        if info.ispkg:
            continue
        if inspect.isfunction(getattr(importlib.import_module(info.name), "setup", None)):
            found.append(info.name)
    return sorted(found)


#: Every command can be installed to a server and to a user's own account, and used in servers, in the
#: bot's DM and in private channels (group DMs) — also where only the user installed the bot.
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)

#: Connections the bot keeps open to Discord's HTTP API (discord.py's default is unlimited). aiohttp opens one
#: only when all are busy, so with quick replies a burst reuses a few; when Discord's replies are slow (2–5 s),
#: each waiting callback holds one, and a small pool (32) let callbacks queue past Discord's 3 s.
HTTP_CONNECTIONS = 256
SYNC_STATE_FILE = "command-tree.sha256"


def intents_for(settings: Settings) -> discord.Intents:
    """The gateway intents: only ``guilds``; with ``INLINE_CARDS=1`` also guild and DM messages and the
    privileged message-content intent (bit 15), which ``[[Karte]]`` in ordinary messages needs."""
    intents = discord.Intents.none()
    intents.guilds = True
    if settings.inline_cards:
        intents.guild_messages = True
        intents.dm_messages = True
        intents.message_content = True
    return intents


class Regelbot(GatedBot):
    """The bot. Use as ``async with Regelbot(settings) as bot: await bot.start(token)``.

    Attributes:
        core: the application core (after :meth:`prepare`; :class:`bot.core.Core`).
        settings: the bot's settings.
    """

    def __init__(self, settings: Settings) -> None:
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:  # else discord.py's default: every shard of shard_count
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents_for(settings),
            tree_cls=RegelTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            allowed_installs=INSTALLS,
            allowed_contexts=CONTEXTS,
            **shards,
        )
        self.settings = settings
        self._identify: IdentifyLimiter | None = None
        self._identified: set[int] = set()
        #: ``python -m bot sync``: setup_hook syncs unconditionally and starts no calculation workers.
        self.force_sync = False
        #: What the last :meth:`sync_commands` sent: (number of commands, "global" or the guild id), or None.
        self.last_sync: tuple[int, str] | None = None
        #: What ``python -m bot sync`` did with the mana symbols' emojis, or None.
        self.last_emoji_sync: EmojiSync | None = None

    async def login(self, token: str) -> None:
        """discord.py's login, with an HTTP connector that keeps at most :data:`HTTP_CONNECTIONS` connections
        open (reused with keep-alive): in a burst, callbacks wait a moment for a free connection instead of
        each opening its own (on Discord a TLS handshake each), which would cost the CPU the burst needs."""
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = aiohttp.TCPConnector(limit=HTTP_CONNECTIONS)
        await super().login(token)

    async def prepare(self) -> None:
        """Open the core (store, name index, the table's warm-ups), set the translator, add the table's commands,
        load the extensions and route the buttons.

        Works without a Discord connection (``python -m bot sync`` and the tests use it). Raises
        :class:`bot.store.StoreError` when the store is missing, outdated or corrupt.
        """
        if not hasattr(self, "_AutoShardedClient__queue"):
            # Offline use never logs in; AutoShardedClient.close() still expects its queue.
            self._AutoShardedClient__queue: asyncio.PriorityQueue[Any] = asyncio.PriorityQueue()
        core = Core(self.settings)
        self.core = core
        await core.open(TABLE.warm)
        await self.tree.set_translator(GermanTranslator())
        for command in app_commands_of(TABLE):
            self.tree.add_command(command)
        for ext in extensions():
            await self.load_extension(ext)
        self.add_listener(on_button, "on_interaction")

    async def setup_hook(self) -> None:
        """discord.py start-up hook (run once by ``login``): :meth:`prepare`, then sync if the command tree
        changed (always with :attr:`force_sync`, as ``python -m bot sync`` sets it, which also uploads the
        missing mana-symbol emojis: :func:`bot.gateway.emojis.sync_emojis`). With shards spread over
        processes only the process that runs shard 0 syncs (:attr:`bot.config.Settings.syncs_commands`)."""
        if self.core is None:  # a login retried after a network error runs this hook again
            await self.prepare()
        if not self.force_sync:
            await Core.start_workers()  # warm: the first calculation needs no process start nor imports
            if self.core is not None:
                self.core.follow()  # a replaced store file is opened without a restart
            settle_heap()  # what lives as long as the process: out of the garbage collector's way (bot.core)
        if self.force_sync or self.settings.syncs_commands:
            await self.sync_commands(force=self.force_sync)
        if self.force_sync:  # the mana symbols' emojis: uploaded by `sync` only (bot/gateway/emojis.py)
            self.last_emoji_sync = await sync_emojis(self, self.settings.state_dir)
        elif not self.settings.syncs_commands:
            log.info("Shards %s: Befehle synchronisiert der Prozess mit Shard 0", self.settings.shard_ids)

    async def launch_shard(self, gateway: Any, shard_id: int, *, initial: bool = False) -> None:
        """Open shard ``shard_id``'s gateway connection (discord.py 2.x ``AutoShardedClient.launch_shard``
        with one change): discord.py retries a failed first connection every 5 s forever, also when Discord
        closed it with a code that no retry can fix (4004 token refused, 4010–4014 shard, version or intents;
        Discord's gateway close codes). Those now end the start: :class:`discord.ConnectionClosed` propagates
        out of ``start()`` and ``python -m bot run`` prints one German line (``bot.__main__``).

        Raises:
            discord.ConnectionClosed: with a code in :data:`FATAL_CLOSE_CODES`.
        """
        try:
            coro = DiscordWebSocket.from_client(self, initial=initial, gateway=gateway, shard_id=shard_id)
            ws = await asyncio.wait_for(coro, timeout=self.shard_connect_timeout)
        except discord.ConnectionClosed as exc:
            if exc.code in FATAL_CLOSE_CODES:
                raise
            log.warning("Shard %s: Verbindung fehlgeschlagen (Gateway-Code %s), neuer Versuch in 5 s",
                        shard_id, exc.code)
            await asyncio.sleep(5.0)
            return await self.launch_shard(gateway, shard_id)
        except Exception as exc:  # one line per attempt, its traceback only at DEBUG (README)
            log.warning("Shard %s: Verbindung fehlgeschlagen (%s), neuer Versuch in 5 s", shard_id,
                        type(exc).__name__)
            log.debug("Shard %s: Verbindung fehlgeschlagen", shard_id, exc_info=exc)
            await asyncio.sleep(5.0)
            return await self.launch_shard(gateway, shard_id)
        # keep reading the shard while others connect (discord.py's private shard table and event queue)
        private = vars(self)  # AutoShardedClient.__queue / .__shards, name-mangled
        shard = Shard(ws, self, private["_AutoShardedClient__queue"].put_nowait)
        private["_AutoShardedClient__shards"][shard_id] = shard
        shard.launch()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Space IDENTIFYs by Discord's ``max_concurrency`` (instead of discord.py's fixed 5 s per shard); a
        shard identifying again waits 1-5 s first (Discord's rule after an invalid session). The limit holds
        within this process; processes started at the same moment share Discord's buckets (README)."""
        if self._identify is None:
            try:
                _, _, limits = await self.http.get_bot_gateway()
                concurrency = int(limits.get("max_concurrency", 1))
                log.info("Sitzungsstarts: %s von %s übrig, max_concurrency %d",
                         limits.get("remaining"), limits.get("total"), concurrency)
            except (discord.HTTPException, discord.GatewayNotFound):
                concurrency = 1
            self._identify = IdentifyLimiter(concurrency)
        shard = shard_id or 0
        if shard in self._identified:
            # a new session after INVALID_SESSION or a failed resume: Discord asks for 1-5 s of waiting first
            await asyncio.sleep(random.uniform(1.0, 5.0))
        self._identified.add(shard)
        waited = await self._identify.wait(shard)
        if waited:
            log.info("Shard %s wartet %.1f s auf IDENTIFY (max_concurrency)", shard_id, waited)

    async def command_payload(self) -> list[dict[str, Any]]:
        """The translated command payload exactly as a sync would send it."""
        translator = self.tree.translator
        assert translator is not None
        return [await cmd.get_translated_payload(self.tree, translator) for cmd in self.tree.get_commands()]

    async def sync_commands(self, force: bool) -> bool:
        """Sync the command tree (to ``DEV_GUILD_ID`` if set) when it changed or ``force``; True if synced."""
        payload = await self.command_payload()
        guild_id = self.settings.dev_guild_id
        digest = hashlib.sha256(json.dumps([guild_id, payload], sort_keys=True).encode()).hexdigest()
        state = self.settings.state_dir / SYNC_STATE_FILE
        if not force and state.is_file() and state.read_text().strip() == digest:
            log.info("Befehle unverändert, kein Sync")
            return False
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        self.last_sync = (len(synced), f"Server {guild_id}" if guild_id else "global")
        log.info("%d Befehle synchronisiert (%s)", *self.last_sync)
        try:
            state.parent.mkdir(parents=True, exist_ok=True)
            state.write_text(digest + "\n")
        except OSError as exc:
            log.warning("Sync-Stand nicht gespeichert (%s): %s", state, exc)
        return True

    async def on_ready(self) -> None:
        """Log the login (no work here: start-up work lives in setup_hook)."""
        log.info("Angemeldet als %s (%s)", self.user, self.user.id if self.user else "?")

    async def close(self) -> None:
        """Shut down: refuse new interactions, let those in flight finish (≤ 3 s, see :meth:`_drain`), close
        the Discord session, the calculation workers and the store. Safe to call more than once."""
        try:
            if not self.draining and not self.is_closed():
                await self._drain()
            await super().close()
        finally:
            if self.core is not None:
                await self.core.close()
            else:
                offload.shutdown()
