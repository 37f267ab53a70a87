"""The application core: what every door of the bot shares, without any Discord library.

:class:`Core` owns the resources an answer needs and their start-up and shutdown: the store (one long-lived
aiosqlite connection), the name index built from it, the calculation workers (:mod:`bot.offload`) and the
:class:`~bot.answers.registry.AnswerContext` over them. It runs an answer or a button action
(:meth:`Core.run`: options bounded, a ``UserError`` turned into a German error reply) and autocomplete
(:meth:`Core.complete`), and watches the time (:func:`in_time`): an answer not ready after
:data:`DEFER_AFTER_SECONDS` is deferred meanwhile, so Discord's 3-second limit holds whatever door asked.

The doors stand beside each other on this core: the gateway bot (:mod:`bot.gateway`), the HTTP endpoint
(:mod:`bot.serve`) and the console (:mod:`bot.console`); what they run is in the command table
(:mod:`bot.commands`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot import metrics, offload
from bot.answers.registry import AnswerContext, CompleterFn, run_action, run_answer, run_completer
from bot.config import Settings
from bot.custom_id import Invocation
from bot.reply import Choice, Reply
from bot.search import NameIndex
from bot.store import Store, StoreCorrupt, StoreError

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Answers slower than this are deferred first, so Discord's 3-second limit holds.
DEFER_AFTER_SECONDS = 2.0
#: Interactions in flight above which a new one is deferred before any work (a burst: the loop is busy, a
#: 2-s timer would fire late).
DEEP_QUEUE = 256

#: What a user sees when answering failed unexpectedly (the error is logged with its traceback).
INTERNAL_ERROR = Reply.fail(
    "Da ist etwas schiefgelaufen",
    "Die Anfrage konnte nicht beantwortet werden. Der Fehler wurde protokolliert; bitte später erneut versuchen.",
)

async def in_time(work: Awaitable[T], defer: Callable[[], Awaitable[object]], after: float) -> T:
    """Await ``work``; if it is not done after ``after`` seconds, await ``defer()`` meanwhile (the door's
    "thinking…" for Discord), then go on waiting for ``work``.

    Raises:
        BaseException: whatever ``work`` raises; whatever ``defer`` raises (the work is then cancelled:
            nobody can see its answer).
    """
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=max(0.0, after))
    if not done:
        try:
            await defer()
        except BaseException:
            task.cancel()
            raise
    return await task


class Core:
    """The application core over ``settings``: open it (:meth:`open`), run answers (:meth:`run`), close it.

    Attributes:
        settings: the bot's settings (store path, calculation budget and workers).
        store: the open store, None before :meth:`open` and after :meth:`close`.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self._context: AnswerContext | None = None

    async def open(self, warm: Callable[[AnswerContext], Awaitable[object]] | None = None) -> None:
        """Open the store, build the name index, set the workers' budget, then run ``warm`` on the context (the
        start-up work of the command table, :meth:`bot.commands.Table.warm`: memory for autocomplete).

        Raises:
            bot.store.StoreError: the store is missing, outdated or corrupt (German message).
        """
        offload.configure(budget=self.settings.calc_budget, workers=self.settings.workers)
        self.store = await Store.open(self.settings.db_path)
        metrics.watch_store(self.settings.db_path)
        try:
            names = NameIndex.from_entries(await self.store.name_entries())
        except StoreCorrupt as exc:  # damage the quick check did not reach (a very large store)
            raise StoreError(f"{exc.title} ({self.settings.db_path}): `python -m bot build` ausführen.") from None
        log.info("Namensindex: %d Karten", len(names))
        self._context = AnswerContext(store=self.store, names=names)
        if warm is not None:
            await warm(self._context)

    @staticmethod
    async def start_workers() -> None:
        """Start the calculation workers and wait until they have imported the engines, so the first
        calculation after start-up needs no process start (:func:`bot.offload.ready`)."""
        offload.start()
        await offload.ready()

    @property
    def context(self) -> AnswerContext:
        """What the answers get (store and name index).

        Raises:
            RuntimeError: :meth:`open` has not run (a programming error).
        """
        if self._context is None:
            raise RuntimeError("Core.open() has not run")
        return self._context

    @property
    def is_open(self) -> bool:
        """True between :meth:`open` and :meth:`close`."""
        return self._context is not None

    async def run(self, inv: Invocation) -> Reply:
        """Run the invocation ``inv``: an answer with its options or a button action with its argument
        (:func:`bot.answers.registry.run_answer` / ``run_action``: options bounded first, a ``UserError``
        becomes a German error reply)."""
        with metrics.work(inv.key):
            if inv.kind == "action":
                return await run_action(self.context, inv.key, inv.arg)
            return await run_answer(self.context, inv.key, **inv.kwargs)

    async def complete(self, completer: CompleterFn, current: str) -> list[Choice]:
        """The autocomplete choices of ``completer`` for the typed ``current`` (≤ 25, from memory)."""
        with metrics.work(getattr(completer, "__name__", "autocomplete")):
            return await run_completer(self.context, completer, current)

    async def close(self) -> None:
        """Stop the calculation workers and close the store. Safe to call more than once."""
        offload.shutdown()
        self._context = None
        metrics.watch_store(None)
        if self.store is not None:
            await self.store.close()
            self.store = None
            log.info("Store geschlossen")
