"""The Discord client: :class:`Regelbot` (its command tree and error replies: :mod:`bot.tree`).

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
import contextlib
import hashlib
import importlib
import inspect
import json
import logging
import pkgutil
import random
import time
from collections import deque
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.shard import Shard

from bot import offload
from bot.answers import AnswerContext, run_answer
from bot.answers.registry import AnswerFn
from bot.config import Settings
from bot.custom_id import OPEN, PAGE, SHARE
from bot.delivery import (
    GatewayTransport,
    decode_or_none,
    defer_body,
    defer_kind,
    press,
    runner,
    send_callback,
    send_reply,
)
from bot.render import picked_custom_id, shared_copy
from bot.reply import Reply
from bot.search import NameIndex
from bot.sharding import FATAL_CLOSE_CODES, IdentifyLimiter
from bot.slash import GermanTranslator
from bot.store import Store, StoreCorrupt, StoreError
from bot.tree import INTERNAL_ERROR, RegelTree

if TYPE_CHECKING:
    from discord.types.interactions import Interaction as InteractionPayload

log = logging.getLogger(__name__)

#: The package whose modules are the bot's extensions; each module ends with ``async def setup(bot)``.
COGS_PACKAGE = "cogs"


def extensions(package: str = COGS_PACKAGE) -> list[str]:
    """The extension modules of ``package``, found by walking it (as python-discord's ``walk_extensions``):
    every module with a ``setup`` function, sorted by name (``["cogs.cards", "cogs.chat", …]``). A new cog
    is a new file in ``cogs/``; nothing lists it.

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

#: Answers slower than this are deferred first, so Discord's 3-second limit holds.
DEFER_AFTER_SECONDS = 2.0
#: Interactions in flight above which a new one is deferred before any work (a burst: the loop is busy, a
#: 2-s timer would fire late) and answer work waits for one of ``ANSWER_SLOTS``.
DEEP_QUEUE = 256
ANSWER_SLOTS = 32
#: An interaction that waited this long before its handler ran is deferred at once.
LATE_START_SECONDS = 0.5
#: Autocompletes worked on at once; more wait in arrival order (:meth:`Regelbot._gate_interactions`).
AUTOCOMPLETE_SLOTS = 64
DISCORD_EPOCH_MS = 1420070400000
AUTOCOMPLETE = 4
#: Connections the bot keeps open to Discord's HTTP API (discord.py's default is unlimited).
HTTP_CONNECTIONS = 32
#: How long shutdown waits for interactions in flight (Discord's own limit is 3 s).
DRAIN_SECONDS = 3.0
SHUTTING_DOWN = Reply.fail(
    "Der Bot startet gerade neu",
    "Bitte in ein paar Sekunden noch einmal versuchen.",
)
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


class _TaskCapture:
    """A loop task factory that hands every task it creates to ``sink`` while one is set, and otherwise
    creates tasks as the factory it replaced (``previous``, or the default ``asyncio.Task``)."""

    def __init__(self, previous: Any) -> None:
        self.previous = previous
        self.sink: list[asyncio.Task[Any]] | None = None

    def __call__(self, loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        task = self.previous(loop, coro, **kwargs) if self.previous else asyncio.Task(coro, loop=loop, **kwargs)
        if self.sink is not None:
            self.sink.append(task)
        return task


class Regelbot(commands.AutoShardedBot):
    """The bot. Use as ``async with Regelbot(settings) as bot: await bot.start(token)``.

    Attributes:
        store: the open store (after :meth:`prepare`).
        answer_context: what the answers get (store + name index).
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
        #: Tasks handling interactions right now (see :meth:`_gate_interactions`), and when each arrived.
        self.in_flight: set[asyncio.Task[Any]] = set()
        self._arrived: dict[int, float] = {}
        self._slots: asyncio.Semaphore | None = None
        #: Defers sent from the raw payload in a burst: interaction id -> (its request, type, ephemeral).
        self._early: dict[int, tuple[asyncio.Future[None], int, bool]] = {}
        #: Autocompletes waiting for one of AUTOCOMPLETE_SLOTS (raw payloads, in arrival order).
        self._completions: deque[dict[str, Any]] = deque()
        self._completing = 0
        #: True once shutdown began: new interactions get a short German refusal, in-flight ones finish.
        self.draining = False
        self.shutdown_counts = {"finished": 0, "refused": 0, "cancelled": 0}
        self._gate_interactions()
        self.store: Store | None = None
        self.answer_context: AnswerContext | None = None
        #: ``python -m bot sync``: setup_hook syncs unconditionally and starts no calculation workers.
        self.force_sync = False
        #: What the last :meth:`sync_commands` sent: (number of commands, "global" or the guild id), or None.
        self.last_sync: tuple[int, str] | None = None

    async def login(self, token: str) -> None:
        """discord.py's login, with an HTTP connector that keeps at most :data:`HTTP_CONNECTIONS` connections
        open (reused with keep-alive): in a burst, callbacks wait a moment for a free connection instead of
        each opening its own (on Discord a TLS handshake each), which would cost the CPU the burst needs."""
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = aiohttp.TCPConnector(limit=HTTP_CONNECTIONS)
        await super().login(token)

    async def prepare(self) -> None:
        """Open the store, build the name index, set the translator and load the cogs.

        Works without a Discord connection (the console uses it). Raises
        :class:`bot.store.StoreError` when the store is missing, outdated or corrupt.
        """
        if not hasattr(self, "_AutoShardedClient__queue"):
            # Offline use (console, call) never logs in; AutoShardedClient.close() still expects its queue.
            self._AutoShardedClient__queue: asyncio.PriorityQueue[Any] = asyncio.PriorityQueue()
        offload.configure(budget=self.settings.calc_budget, workers=self.settings.workers)
        self.store = await Store.open(self.settings.db_path)
        try:
            names = NameIndex.from_entries(await self.store.name_entries())
        except StoreCorrupt as exc:  # damage the quick check did not reach (a very large store)
            raise StoreError(f"{exc.title} ({self.settings.db_path}): `python -m bot build` ausführen.") from None
        log.info("Namensindex: %d Karten", len(names))
        self.answer_context = AnswerContext(store=self.store, names=names)
        await self.tree.set_translator(GermanTranslator())
        for ext in extensions():
            await self.load_extension(ext)
        self.add_listener(self._on_button, "on_interaction")

    async def setup_hook(self) -> None:
        """discord.py start-up hook (run once by ``login``): :meth:`prepare`, then sync if the command tree
        changed (always with :attr:`force_sync`, as ``python -m bot sync`` sets it). With shards spread over
        processes only the process that runs shard 0 syncs (:attr:`bot.config.Settings.syncs_commands`)."""
        if self.answer_context is None:  # a login retried after a network error runs this hook again
            await self.prepare()
        if not self.force_sync:
            offload.start()  # warm workers: the first calculation needs no process start
        if self.force_sync or self.settings.syncs_commands:
            await self.sync_commands(force=self.force_sync)
        else:
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
        except Exception:
            log.exception("Shard %s: Verbindung fehlgeschlagen, neuer Versuch in 5 s", shard_id)
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

    def _ctx(self) -> AnswerContext:
        if self.answer_context is None:
            raise RuntimeError("prepare() has not run")
        return self.answer_context

    # --- interactions in flight: burst handling and graceful shutdown ---------------------------

    def _gate_interactions(self) -> None:
        """Wrap discord.py's INTERACTION_CREATE parser: note when each interaction arrived and which tasks
        handle it (discord.py creates them inside the parser), so bursts can be deferred early and shutdown
        can wait for them; while draining, answer new interactions with a short German refusal instead.

        In a burst (more than :data:`DEEP_QUEUE` in flight, or the interaction is older than
        :data:`LATE_START_SECONDS` on Discord's clock) a command or Regelbot button is deferred here, from
        the raw payload (:func:`bot.delivery.defer_kind`), before discord.py parses it: the defer's request
        is the first task of the interaction, ahead of all parsing and answer work. Autocompletes (which
        cannot be deferred) are worked on :data:`AUTOCOMPLETE_SLOTS` at a time in arrival order, so in a
        burst the early ones are answered in time instead of all of them late together."""
        parsers = self._connection.parsers
        self._parse_interaction = parsers["INTERACTION_CREATE"]

        def gated(data: dict[str, Any]) -> None:
            if self.draining:
                self.shutdown_counts["refused"] += 1
                self._track(asyncio.ensure_future(self._refuse(data)))
                return
            iid = int(data["id"])
            self._arrived[iid] = time.monotonic()
            if self._in_burst(iid):
                self._defer_early(iid, data)
            if data.get("type") == AUTOCOMPLETE and self._completing >= AUTOCOMPLETE_SLOTS:
                self._completions.append(data)
                return
            self._handle(data)

        parsers["INTERACTION_CREATE"] = gated

    def _in_burst(self, iid: int) -> bool:
        """More than :data:`DEEP_QUEUE` interactions in flight or waiting, or interaction ``iid`` is older than
        :data:`LATE_START_SECONDS` by its snowflake (it waited before it was read)."""
        age = time.time() - ((iid >> 22) + DISCORD_EPOCH_MS) / 1000
        return age > LATE_START_SECONDS or len(self.in_flight) + len(self._completions) > DEEP_QUEUE

    def _defer_early(self, iid: int, data: dict[str, Any]) -> None:
        """Send the defer of the raw interaction ``data`` now (a task created before any of its handlers);
        :meth:`settle_defer` waits for it before the interaction is answered."""
        kind = defer_kind(data)
        if kind is None:
            return
        request = asyncio.ensure_future(send_callback(self._connection, iid, str(data.get("token", "")),
                                                      defer_body(*kind)))
        request.add_done_callback(lambda f: f.cancelled() or f.exception())  # raised again in settle_defer
        self._early[iid] = (request, *kind)
        self._track(request)

    async def settle_defer(self, interaction: discord.Interaction[Any]) -> None:
        """Wait for the defer :meth:`_gate_interactions` sent for ``interaction`` before it was parsed (if
        any) and record it in discord.py's response state, so the answer edits the deferred message.

        Raises:
            discord.HTTPException: the defer was refused (``NotFound`` 10062: the interaction expired).
        """
        early = self._early.pop(interaction.id, None)
        if early is None:
            return
        request, ctype, ephemeral = early
        await request
        interaction.response._response_type = discord.InteractionResponseType(ctype)
        interaction.extras["deferred_ephemeral"] = ephemeral

    def _handle(self, data: dict[str, Any]) -> None:
        """Parse ``data`` (discord.py creates the handler tasks), track the tasks; when all are done, forget
        the interaction and start the next waiting autocomplete."""
        iid = int(data["id"])
        completion = data.get("type") == AUTOCOMPLETE
        tasks = self._capture(self._parse_interaction, data)
        for task in tasks:
            self._track(task)
        if completion:
            self._completing += 1
        left = [len(tasks)]

        def finished(_: Any = None) -> None:
            left[0] -= 1
            if left[0] > 0:
                return
            self._arrived.pop(iid, None)
            self._early.pop(iid, None)
            if completion:
                self._completing -= 1
                while self._completions and self._completing < AUTOCOMPLETE_SLOTS and not self.draining:
                    self._handle(self._completions.popleft())

        if not tasks:
            left[0] = 1
            finished()
        for task in tasks:
            task.add_done_callback(finished)

    def _capture(self, parse: Any, data: dict[str, Any]) -> list[asyncio.Task[Any]]:
        """Run ``parse(data)`` and return the tasks it created (through a :class:`_TaskCapture` factory on the
        loop, installed once and chained to any factory already there; O(1) per task)."""
        loop = asyncio.get_running_loop()
        factory = loop.get_task_factory()
        if not isinstance(factory, _TaskCapture):  # install once per loop
            factory = _TaskCapture(factory)
            loop.set_task_factory(factory)
        created: list[asyncio.Task[Any]] = []
        factory.sink = created
        try:
            parse(data)
        finally:
            factory.sink = None
        return created

    def _track(self, task: asyncio.Task[Any]) -> None:
        self.in_flight.add(task)
        task.add_done_callback(self.in_flight.discard)

    async def _refuse(self, data: dict[str, Any]) -> None:
        # built from the raw payload, before discord.py dispatches it (its state is typed for any Client)
        interaction: discord.Interaction[Any] = discord.Interaction(
            data=cast("InteractionPayload", data), state=self._connection
        )
        with contextlib.suppress(discord.HTTPException, RuntimeError):
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            elif interaction.type is not discord.InteractionType.ping:
                await send_reply(interaction, SHUTTING_DOWN)

    async def _drain(self) -> None:
        """Stop taking interactions, wait up to :data:`DRAIN_SECONDS` for those in flight, cancel the rest."""
        self.draining = True
        while self._completions:  # autocompletes still waiting for a slot: an empty list at once
            self.shutdown_counts["refused"] += 1
            self._track(asyncio.ensure_future(self._refuse(self._completions.popleft())))
        pending = {t for t in self.in_flight if not t.done() and t is not asyncio.current_task()}
        started = time.monotonic()
        if pending:
            _, late = await asyncio.wait(pending, timeout=DRAIN_SECONDS)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=0.5)
            self.shutdown_counts["cancelled"] = len(late)
            self.shutdown_counts["finished"] = len(pending) - len(late)
        counts = self.shutdown_counts
        if self.is_ready() or pending or counts["refused"]:  # nothing to report for a bot that never connected
            log.info("Heruntergefahren nach %.1f s: %d laufende Interaktionen beendet, %d abgebrochen, %d abgelehnt",
                     time.monotonic() - started, counts["finished"], counts["cancelled"], counts["refused"])

    def _waited(self, interaction: discord.Interaction[Regelbot]) -> float:
        """Seconds since the interaction was created: the larger of the time since it arrived here and
        its snowflake's age on Discord's clock (a backlog before it was even read counts too)."""
        arrived = self._arrived.pop(interaction.id, None)
        local = time.monotonic() - arrived if arrived is not None else 0.0
        remote = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        return max(local, min(remote, DEFER_AFTER_SECONDS))

    async def _watchdog(
        self, work: Awaitable[Reply], interaction: discord.Interaction[Regelbot] | None, ephemeral: bool = False,
        update: bool = False,
    ) -> Reply:
        """Await ``work``; if it is not done 2 s after the interaction was created, defer ``interaction``
        meanwhile (Discord's 3-s limit). ``update``: the answer will replace the clicked message (paging),
        so the defer is type 6.

        In a burst (more than :data:`DEEP_QUEUE` interactions in flight, or this one waited more than
        :data:`LATE_START_SECONDS` before its handler ran) it is deferred first and the work waits for one
        of :data:`ANSWER_SLOTS`, so every interaction is acknowledged in time even when answering all of
        them takes longer.
        """
        if interaction is None:
            return await work
        try:
            await self.settle_defer(interaction)  # deferred from the raw payload in a burst
            waited = self._waited(interaction)
            burst = interaction.response.is_done() or waited > LATE_START_SECONDS or len(self.in_flight) > DEEP_QUEUE
            if burst:
                await self._defer(interaction, ephemeral, update)
        except BaseException:  # the defer failed (expired): the work never runs
            if asyncio.iscoroutine(work):
                work.close()
            raise
        if burst:
            if self._slots is None:
                self._slots = asyncio.Semaphore(ANSWER_SLOTS)
            async with self._slots:
                return await work
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_SECONDS - waited)
        if not done:
            try:
                await self._defer(interaction, ephemeral, update)
            except BaseException:  # expired meanwhile: stop the work, nobody can see its answer
                task.cancel()
                raise
        return await task

    @staticmethod
    async def _defer(interaction: discord.Interaction[Regelbot], ephemeral: bool, update: bool = False) -> None:
        if not interaction.response.is_done():
            interaction.extras["deferred_ephemeral"] = ephemeral
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(thinking=True, ephemeral=ephemeral)

    async def run_answer(
        self, answer: AnswerFn | str, interaction: discord.Interaction[Regelbot] | None = None, **options: Any
    ) -> Reply:
        """Run ``answer`` (the function, or its custom_id key); if it takes longer than 2 s, defer the
        interaction meanwhile (ephemerally when the answer will be private: ``interaction.extras["private"]``,
        see bot.slash.private_option)."""
        private = bool(interaction is not None and interaction.extras.get("private"))
        return await self._watchdog(run_answer(self._ctx(), answer, **options), interaction, ephemeral=private)

    async def _on_button(self, interaction: discord.Interaction[Regelbot]) -> None:
        """Answer every click on a Regelbot button (custom_id ``rb:…``) from its custom_id alone.

        A "Meintest du" select menu (``rb:<action>:``) runs ``rb:<action>:<picked value>``; an "Im Kanal
        teilen" button whose invocation did not fit into its custom_id posts a copy of its message."""
        if interaction.type is not discord.InteractionType.component:
            return
        data = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("rb:"):
            return
        custom_id = picked_custom_id(custom_id, list(data.get("values") or []))
        bid = decode_or_none(custom_id)
        if bid is not None and bid.verb == SHARE and bid.target is None and interaction.message is not None:
            try:
                await GatewayTransport(interaction).respond({"type": 4, "data": shared_copy(interaction.message)})
            except discord.HTTPException:
                log.warning("Geteilte Antwort konnte nicht gesendet werden")
            return
        await self.respond_button(interaction, custom_id)

    async def respond_button(self, interaction: discord.Interaction[Regelbot], custom_id: str) -> None:
        """Answer a button press (:func:`bot.delivery.press`); an unexpected error is logged and the user
        gets the German error message once (buttons bypass the tree's on_error)."""
        bid = decode_or_none(custom_id)
        update = bid is not None and bid.verb == PAGE
        ephemeral = bid is None or bid.verb == OPEN
        run = runner(self._ctx())
        try:
            private = interaction.message is not None and interaction.message.flags.ephemeral
            pressed = await press(custom_id, lambda inv: self._watchdog(run(inv), interaction, ephemeral, update),
                                  private)
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
        """Shut down: refuse new interactions, let those in flight finish (≤ 3 s, see :meth:`_drain`), close
        the Discord session, the calculation workers and the store. Safe to call more than once."""
        try:
            if not self.draining and not self.is_closed():
                await self._drain()
            await super().close()
        finally:
            offload.shutdown()
            if self.store is not None:
                await self.store.close()
                self.store = None
                log.info("Store geschlossen")
