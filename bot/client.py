"""The Discord client: :class:`Regelbot`, its command tree and error handling.

Start-up order (``setup_hook``, see DESIGN.md): open the store → build the name index →
set the German translator → load the cogs → register persistent buttons → sync the command
tree only when its payload changed since the last sync (hash kept in ``state_dir``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import AnswerContext, run_action, run_answer
from bot.config import Settings
from bot.render import ActionButton, ChoiceSelect, send_reply, share_message
from bot.reply import SHARE_ACTION, Reply, as_private
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
    "cogs.chat",
)

#: Every command can be installed to a server and to a user's own account, and used in servers, in the
#: bot's DM and in private channels (group DMs) — also where only the user installed the bot.
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)

#: Answers slower than this are deferred first, so Discord's 3-second limit holds.
DEFER_AFTER_SECONDS = 2.0
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
        self.store: Store | None = None
        self.answer_context: AnswerContext | None = None

    async def prepare(self) -> None:
        """Open the store, build the name index, set the translator and load the cogs.

        Works without a Discord connection (the console uses it). Raises
        :class:`bot.store.StoreError` when the store is missing, outdated or corrupt.
        """
        self.store = await Store.open(self.settings.db_path)
        names = NameIndex.from_entries(await self.store.name_entries())
        log.info("Namensindex: %d Karten", len(names))
        self.answer_context = AnswerContext(store=self.store, names=names)
        await self.tree.set_translator(GermanTranslator())
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        self.add_dynamic_items(ActionButton, ChoiceSelect)

    async def setup_hook(self) -> None:
        """discord.py start-up hook: :meth:`prepare`, then sync if the command tree changed."""
        await self.prepare()
        await self.sync_commands(force=False)

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
        work: Awaitable[Reply], interaction: discord.Interaction[Any] | None, ephemeral: bool = False
    ) -> Reply:
        """Await ``work``; if it runs longer than 2 s, defer ``interaction`` meanwhile (Discord's 3-s limit)."""
        task = asyncio.ensure_future(work)
        if interaction is None:
            return await task
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_SECONDS)
        if not done and not interaction.response.is_done():
            interaction.extras["deferred_ephemeral"] = ephemeral
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        return await task

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
        """Close the Discord session, then the store."""
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
                log.info("Store geschlossen")
