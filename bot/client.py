"""The Discord client: :class:`Regelbot`, its command tree and error handling.

Start-up order (``setup_hook``, see DESIGN.md): open the store → build the name index →
set the German translator → load the cogs → route every button through :func:`bot.delivery.press`
(state in the custom_id, no views in memory) → sync the command tree only when its payload changed
since the last sync (hash kept in ``state_dir``), and only in the process that runs shard 0.

The bot is an :class:`~discord.ext.commands.AutoShardedBot`: ``SHARD_COUNT``/``SHARD_IDS`` choose the
shards of this process (else Discord's recommended count); identifies are spaced per Discord's
``max_concurrency`` buckets (:class:`IdentifyLimiter`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import AnswerContext, run_answer
from bot.config import Settings
from bot.custom_id import OPEN, PAGE
from bot.delivery import decode_or_none, press, runner, send_reply
from bot.reply import Reply
from bot.search import NameIndex
from bot.slash import GermanTranslator
from bot.store import Store

log = logging.getLogger(__name__)

#: Extensions loaded in setup_hook, in this order. Each module ends with ``async def setup(bot)``.
EXTENSIONS: tuple[str, ...] = (
    "cogs.cards",
    "cogs.rulings",
    "cogs.rules",
    "cogs.mechanics",
    "cogs.mana",
    "cogs.clash",
    "cogs.meta",
)

#: Answers slower than this are deferred first, so Discord's 3-second limit holds.
DEFER_AFTER_SECONDS = 2.0
SYNC_STATE_FILE = "command-tree.sha256"

INTERNAL_ERROR = Reply.fail(
    "Da ist etwas schiefgelaufen",
    "Die Anfrage konnte nicht beantwortet werden. Der Fehler wurde protokolliert; bitte später erneut versuchen.",
)


class RegelTree(app_commands.CommandTree["Regelbot"]):
    """Command tree with one error handler: log with traceback, answer once, ephemeral, German."""

    async def on_error(self, interaction: discord.Interaction[Regelbot], error: app_commands.AppCommandError) -> None:
        """Log ``error`` and tell the user in German — through the response or a follow-up, never twice."""
        name = interaction.command.qualified_name if interaction.command else "?"
        if isinstance(error, app_commands.CheckFailure):
            reply = Reply.fail("Nicht erlaubt", "Dieser Befehl ist hier nicht erlaubt.")
        else:
            log.error("Fehler in /%s", name, exc_info=error)
            reply = INTERNAL_ERROR
        if interaction.type is discord.InteractionType.autocomplete:
            return
        try:
            await send_reply(interaction, reply)
        except discord.HTTPException:
            log.warning("Fehlermeldung zu /%s konnte nicht gesendet werden", name)


class IdentifyLimiter:
    """Discord's identify rate limit: shard ``s`` is in bucket ``s % max_concurrency``; each bucket may
    IDENTIFY once per 5 seconds (https://discord.com/developers/docs/events/gateway#sharding-max-concurrency).

    ``wait(shard_id)`` sleeps until the shard's bucket is free, then books it. ``clock``/``sleep`` are
    injectable for tests.
    """

    WINDOW = 5.0

    def __init__(self, max_concurrency: int = 1, clock: Any = None, sleep: Any = None) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self._clock = clock or asyncio.get_running_loop().time
        self._sleep = sleep or asyncio.sleep
        self._next: dict[int, float] = {}

    async def wait(self, shard_id: int) -> float:
        """Wait for ``shard_id``'s bucket; returns the seconds waited."""
        bucket = shard_id % self.max_concurrency
        now = self._clock()
        start = max(now, self._next.get(bucket, now))
        self._next[bucket] = start + self.WINDOW
        if start > now:
            await self._sleep(start - now)
        return start - now


class Regelbot(commands.AutoShardedBot):
    """The bot. Use as ``async with Regelbot(settings) as bot: await bot.start(token)``.

    Attributes:
        store: the open store (after :meth:`prepare`).
        answer_context: what the answers get (store + name index).
    """

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=RegelTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,
        )
        self.settings = settings
        self._identify: IdentifyLimiter | None = None
        self._identified: set[int] = set()
        self.store: Store | None = None
        self.answer_context: AnswerContext | None = None

    async def prepare(self) -> None:
        """Open the store, build the name index, set the translator and load the cogs.

        Works without a Discord connection (the console uses it). Raises
        :class:`bot.store.StoreError` when the store is missing, outdated or corrupt.
        """
        if not hasattr(self, "_AutoShardedClient__queue"):
            # Offline use (console, call) never logs in; AutoShardedClient.close() still expects its queue.
            self._AutoShardedClient__queue: asyncio.PriorityQueue[Any] = asyncio.PriorityQueue()
        self.store = await Store.open(self.settings.db_path)
        names = NameIndex.from_entries(await self.store.name_entries())
        log.info("Namensindex: %d Karten", len(names))
        self.answer_context = AnswerContext(store=self.store, names=names)
        await self.tree.set_translator(GermanTranslator())
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        self.add_listener(self._on_button, "on_interaction")

    async def setup_hook(self) -> None:
        """discord.py start-up hook: :meth:`prepare`, then sync if the command tree changed (only in the
        process that runs shard 0, see :attr:`bot.config.Settings.syncs_commands`)."""
        await self.prepare()
        if self.settings.syncs_commands:
            await self.sync_commands(force=False)
        else:
            log.info("Shards %s: Befehle synchronisiert der Prozess mit Shard 0", self.settings.shard_ids)

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
        log.info("%d Befehle synchronisiert (%s)", len(synced), f"Server {guild_id}" if guild_id else "global")
        try:
            state.parent.mkdir(parents=True, exist_ok=True)
            state.write_text(digest + "\n")
        except OSError as exc:
            log.warning("Sync-Stand nicht gespeichert (%s): %s", state, exc)
        return True

    def _ctx(self) -> AnswerContext:
        if self.answer_context is None:
            raise RuntimeError("prepare() has not run")
        return self.answer_context

    @staticmethod
    async def _watchdog(
        work: Awaitable[Reply], interaction: discord.Interaction[Any] | None, ephemeral: bool = False,
        update: bool = False,
    ) -> Reply:
        """Await ``work``; if it runs longer than 2 s, defer ``interaction`` meanwhile (Discord's 3-s limit).

        ``update``: the answer will replace the clicked message (paging), so the defer is type 6."""
        task = asyncio.ensure_future(work)
        if interaction is None:
            return await task
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_SECONDS)
        if not done and not interaction.response.is_done():
            interaction.extras["deferred_ephemeral"] = ephemeral
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        return await task

    async def run_answer(self, key: str, interaction: discord.Interaction[Any] | None = None, **options: Any) -> Reply:
        """Run answer ``key``; if it takes longer than 2 s, defer the interaction meanwhile."""
        return await self._watchdog(run_answer(self._ctx(), key, **options), interaction)

    async def _on_button(self, interaction: discord.Interaction[Any]) -> None:
        """Answer every click on a Regelbot button (custom_id ``rb:…``) from its custom_id alone."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if custom_id.startswith("rb:"):
            await self.respond_button(interaction, custom_id)

    async def respond_button(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """Answer a button press (:func:`bot.delivery.press`); an unexpected error is logged and the user
        gets the German error message once (buttons bypass the tree's on_error)."""
        bid = decode_or_none(custom_id)
        update = bid is not None and bid.verb == PAGE
        ephemeral = bid is None or bid.verb == OPEN
        run = runner(self._ctx())
        try:
            pressed = await press(custom_id, lambda inv: self._watchdog(run(inv), interaction, ephemeral, update))
        except Exception:
            log.exception("Fehler bei Knopf %s", custom_id)
            pressed = None
        try:
            if pressed is None:
                await send_reply(interaction, INTERNAL_ERROR)
            else:
                await send_reply(interaction, pressed.reply, origin=pressed.origin, page=pressed.page,
                                 update=pressed.update)
        except discord.HTTPException:
            log.warning("Antwort auf Knopf %s konnte nicht gesendet werden", custom_id)

    async def on_ready(self) -> None:
        """Log the login (no work here: start-up work lives in setup_hook)."""
        log.info("Angemeldet als %s (%s)", self.user, self.user.id if self.user else "?")

    async def close(self) -> None:
        """Close the Discord session, then the store."""
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
                log.info("Store geschlossen")
