"""The Discord client: :class:`Regelbot`, its command tree and error handling.

Start-up order (``setup_hook``, see DESIGN.md): open the store → build the name index →
set the German translator → load the cogs → register persistent buttons → sync the command
tree only when its payload changed since the last sync (hash kept in ``state_dir``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import offload
from bot.answers import AnswerContext, run_action, run_answer
from bot.config import Settings
from bot.render import ActionButton, ChoiceSelect, send_reply, share_message
from bot.reply import SHARE_ACTION, Reply, as_private
from bot.search import NameIndex
from bot.slash import GermanTranslator
from bot.store import Store, StoreCorrupt, StoreError

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
    "cogs.chat",
)

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
#: How long shutdown waits for interactions in flight (Discord's own limit is 3 s).
DRAIN_SECONDS = 3.0
SHUTTING_DOWN = Reply.fail(
    "Der Bot startet gerade neu",
    "Bitte in ein paar Sekunden noch einmal versuchen.",
)
SYNC_STATE_FILE = "command-tree.sha256"

INTERNAL_ERROR = Reply.fail(
    "Da ist etwas schiefgelaufen",
    "Die Anfrage konnte nicht beantwortet werden. Der Fehler wurde protokolliert; bitte später erneut versuchen.",
)


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


class Regelbot(commands.Bot):
    """The bot. Use as ``async with Regelbot(settings) as bot: await bot.start(token)``.

    Attributes:
        store: the open store (after :meth:`prepare`).
        answer_context: what the answers get (store + name index).
    """

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents_for(settings),
            tree_cls=RegelTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            allowed_installs=INSTALLS,
            allowed_contexts=CONTEXTS,
        )
        self.settings = settings
        #: Tasks handling interactions right now (see :meth:`_gate_interactions`), and when each arrived.
        self.in_flight: set[asyncio.Task[Any]] = set()
        self._arrived: dict[int, float] = {}
        self._slots: asyncio.Semaphore | None = None
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

    async def prepare(self) -> None:
        """Open the store, build the name index, set the translator and load the cogs.

        Works without a Discord connection (the console uses it). Raises
        :class:`bot.store.StoreError` when the store is missing, outdated or corrupt.
        """
        offload.configure(budget=self.settings.calc_budget, workers=self.settings.workers)
        self.store = await Store.open(self.settings.db_path)
        try:
            names = NameIndex.from_entries(await self.store.name_entries())
        except StoreCorrupt as exc:  # damage the quick check did not reach (a very large store)
            raise StoreError(f"{exc.title} ({self.settings.db_path}): `python -m bot build` ausführen.") from None
        log.info("Namensindex: %d Karten", len(names))
        self.answer_context = AnswerContext(store=self.store, names=names)
        await self.tree.set_translator(GermanTranslator())
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        self.add_dynamic_items(ActionButton, ChoiceSelect)

    async def setup_hook(self) -> None:
        """discord.py start-up hook (run once by ``login``): :meth:`prepare`, then sync if the command tree
        changed (always with :attr:`force_sync`, as ``python -m bot sync`` sets it)."""
        if self.answer_context is None:  # a login retried after a network error runs this hook again
            await self.prepare()
        if not self.force_sync:
            offload.start()  # warm workers: the first calculation needs no process start
        await self.sync_commands(force=self.force_sync)

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
        can wait for them; while draining, answer new interactions with a short German refusal instead."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def gated(data: dict[str, Any]) -> None:
            if self.draining:
                self.shutdown_counts["refused"] += 1
                self._track(asyncio.ensure_future(self._refuse(data)))
                return
            iid = int(data["id"])
            self._arrived[iid] = time.monotonic()
            tasks = self._capture(parse, data)
            for task in tasks:
                self._track(task)
            if tasks:  # forget the arrival with the last handler (autocomplete never asks for it)
                tasks[-1].add_done_callback(lambda _: self._arrived.pop(iid, None))
            else:
                self._arrived.pop(iid, None)

        parsers["INTERACTION_CREATE"] = gated

    def _capture(self, parse: Any, data: dict[str, Any]) -> list[asyncio.Task[Any]]:
        """Run ``parse(data)`` and return the tasks it created (through a task factory on the loop,
        installed once and chained to any factory already there; O(1) per task)."""
        loop = asyncio.get_running_loop()
        if not hasattr(loop.get_task_factory(), "regelbot_capture"):  # install once per loop
            previous = loop.get_task_factory()

            def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Future[Any]:
                task = previous(loop, coro, **kwargs) if previous else asyncio.Task(coro, loop=loop, **kwargs)
                sink = factory.regelbot_capture  # type: ignore[attr-defined]
                if sink is not None:
                    sink.append(task)
                return task

            factory.regelbot_capture = None  # type: ignore[attr-defined]
            loop.set_task_factory(factory)
        factory_now = loop.get_task_factory()
        created: list[asyncio.Task[Any]] = []
        factory_now.regelbot_capture = created  # type: ignore[union-attr]
        try:
            parse(data)
        finally:
            factory_now.regelbot_capture = None  # type: ignore[union-attr]
        return created

    def _track(self, task: asyncio.Task[Any]) -> None:
        self.in_flight.add(task)
        task.add_done_callback(self.in_flight.discard)

    async def _refuse(self, data: dict[str, Any]) -> None:
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=self._connection)
        with contextlib.suppress(discord.HTTPException, RuntimeError):
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            elif interaction.type is not discord.InteractionType.ping:
                await send_reply(interaction, SHUTTING_DOWN)

    async def _drain(self) -> None:
        """Stop taking interactions, wait up to :data:`DRAIN_SECONDS` for those in flight, cancel the rest."""
        self.draining = True
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

    def _waited(self, interaction: discord.Interaction[Any]) -> float:
        """Seconds since the interaction was created: the larger of the time since it arrived here and
        its snowflake's age on Discord's clock (a backlog before it was even read counts too)."""
        arrived = self._arrived.pop(interaction.id, None)
        local = time.monotonic() - arrived if arrived is not None else 0.0
        remote = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        return max(local, min(remote, DEFER_AFTER_SECONDS))

    async def _watchdog(
        self, work: Awaitable[Reply], interaction: discord.Interaction[Any] | None, ephemeral: bool = False
    ) -> Reply:
        """Await ``work``; if it is not done 2 s after the interaction was created, defer ``interaction``
        meanwhile (Discord's 3-s limit).

        In a burst (more than :data:`DEEP_QUEUE` interactions in flight, or this one waited more than
        :data:`LATE_START_SECONDS` before its handler ran) it is deferred first and the work waits for one
        of :data:`ANSWER_SLOTS`, so every interaction is acknowledged in time even when answering all of
        them takes longer.
        """
        if interaction is None:
            return await work
        waited = self._waited(interaction)
        if waited > LATE_START_SECONDS or len(self.in_flight) > DEEP_QUEUE:
            await self._defer(interaction, ephemeral)
            if self._slots is None:
                self._slots = asyncio.Semaphore(ANSWER_SLOTS)
            async with self._slots:
                return await work
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_SECONDS - waited)
        if not done:
            await self._defer(interaction, ephemeral)
        return await task

    @staticmethod
    async def _defer(interaction: discord.Interaction[Any], ephemeral: bool) -> None:
        if not interaction.response.is_done():
            interaction.extras["deferred_ephemeral"] = ephemeral
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)

    async def run_answer(self, key: str, interaction: discord.Interaction[Any] | None = None, **options: Any) -> Reply:
        """Run answer ``key``; if it takes longer than 2 s, defer the interaction meanwhile (ephemerally when
        the answer will be private: ``interaction.extras["private"]``, see bot.slash.private_option)."""
        private = bool(interaction is not None and interaction.extras.get("private"))
        return await self._watchdog(run_answer(self._ctx(), key, **options), interaction, ephemeral=private)

    async def run_action(self, action: str, arg: str, interaction: discord.Interaction[Any] | None = None) -> Reply:
        """Run the button action ``action`` with ``arg``: a private reply with an "Im Kanal teilen" button
        (errors plain ephemeral); deferred after 2 s."""
        reply = await self._watchdog(run_action(self._ctx(), action, arg), interaction, ephemeral=True)
        return as_private(replace(reply, ephemeral=True))

    async def respond_action(self, interaction: discord.Interaction[Any], action: str, arg: str) -> None:
        """Answer a button press: run the action, send its reply; an unexpected error is logged and the
        user gets the German error message once (buttons bypass the tree's on_error).

        ``share`` (the "Im Kanal teilen" button) posts the message it sits on publicly instead.
        """
        if action == SHARE_ACTION:
            await share_message(interaction)
            return
        try:
            reply = await self.run_action(action, arg, interaction)
        except Exception:
            log.exception("Fehler bei Knopf %s:%s", action, arg)
            reply = INTERNAL_ERROR
        try:
            await send_reply(interaction, reply)
        except discord.HTTPException:
            log.warning("Antwort auf Knopf %s:%s konnte nicht gesendet werden", action, arg)

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
