"""The application core: what every door of the bot shares, without any Discord library.

:class:`Core` owns the resources an answer needs and their start-up and shutdown: the store (a long-lived aiosqlite
connection and a plain one for look-ups on the loop, :mod:`bot.store.base`), the name index built from it, the
calculation workers (:mod:`bot.offload`) and the :class:`~bot.answers.registry.AnswerContext` over them. It runs an
answer or a button action (:meth:`Core.run`: options bounded, a ``UserError`` turned into a German error reply) and
autocomplete (:meth:`Core.complete`), and watches the time (:func:`in_time`): an answer not ready after
:data:`DEFER_AFTER_SECONDS` is deferred meanwhile, so Discord's 3-second limit holds whatever door asked.

The doors stand beside each other on this core: the gateway bot (:mod:`bot.gateway`), the HTTP endpoint
(:mod:`bot.serve`) and the console (:mod:`bot.console`); what they run is in the command table
(:mod:`bot.commands`).

A new store without a restart (:meth:`Core.reload`): ``run`` and ``serve`` call it on SIGHUP
(:meth:`Core.reload_soon`) and when the store file was replaced (:meth:`Core.follow`: a ``stat`` of the path
every few seconds; ``build`` and ``update`` rename the new file over the old one). The new store is opened and
checked as at start-up, everything built from it is built again (name index, the table's warm-ups; the
per-store caches of :meth:`bot.store.Store.memo` — today's register, rule catalogue, mechanics, completer
data — start empty with it), then new interactions get it; those in flight finish on the old store, which is
closed after them. A store that fails the check is refused with one German log line; the old one stays.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from cachetools import LRUCache

from bot import mana_emoji, metrics, offload
from bot.answer_bodies import Kept, answer_cache
from bot.answer_bodies import Key as AnswerKey
from bot.answers.registry import AnswerContext, CompleterFn, run_action, run_answer, run_completer
from bot.config import Settings
from bot.custom_id import Invocation
from bot.errors import StoreClosed
from bot.reply import Choice, Reply
from bot.search import NameIndex
from bot.store import Store, StoreCorrupt, StoreError
from bot.store.passages import one_answer
from bot.store_file import (
    RULES_DIGESTS,
    SIGHUP,
    WATCH,
    FileStamp,
    Refusal,
    build_change,
    file_stamp,
    lasting,
    refusal_text,
    rules_digests,
)
from bot.update_register import review_note

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Answers slower than this are deferred first, so Discord's 3-second limit holds.
DEFER_AFTER_SECONDS = 2.0
#: Interactions in flight above which a new one is deferred before any work (a burst: the loop is busy, a
#: 2-s timer would fire late). The gateway's application commands are the exception: see
#: :data:`BURST_BUDGET_SECONDS`.
DEEP_QUEUE = 256
#: In a burst, how long (seconds from the interaction's creation) an application command's answer may take to
#: be sent as the callback itself (type 4: one request) before the command is deferred (type 5, then the edit
#: of the deferred message: two requests). Short, so a timer firing late on a busy loop still leaves most of
#: Discord's 3 s for the defer.
BURST_BUDGET_SECONDS = 0.75
#: An interaction older than this (seconds since Discord sent it) when its door takes it up waited in a queue
#: before it was read: it is deferred before any work.
LATE_START_SECONDS = 0.5

#: What a user sees when answering failed unexpectedly (the error is logged with its traceback).
INTERNAL_ERROR = Reply.fail(
    "Da ist etwas schiefgelaufen",
    "Die Anfrage konnte nicht beantwortet werden. Der Fehler wurde protokolliert; bitte später erneut versuchen.",
)
#: Longest wait for the interactions still running on a replaced store before it is closed anyway (seconds;
#: every answer is bounded far below this).
RETIRE_WAIT = 30.0
#: Longest wait of :meth:`Core.close` for the interactions still running on its stores (seconds). The doors drain
#: first (≤ 3 s, then what still runs is cancelled): this covers an answer whose cancel is still unwinding.
CLOSE_WAIT = 2.0

def answer_budget(age: float, burst: bool, command: bool = True, waited: float | None = None) -> float:
    """Seconds the answer of an interaction may still take before its door defers it; 0 or less: defer before
    any work. The one rule of both doors (the gateway bot, :mod:`bot.gateway.gate`; the HTTP endpoint,
    :mod:`bot.serve`), so Discord's 3 s hold whichever door asked (discord.com/developers/docs/interactions/
    receiving-and-responding: the first callback within 3 s, or the interaction fails).

    ``age``: seconds since Discord sent the interaction, by the door's best clock (the gateway: its snowflake and
    its arrival; HTTP: the signature's timestamp and the snowflake). ``burst``: the door holds more work than it
    answers at once (more than :data:`DEEP_QUEUE` in flight, or every answer slot taken). ``command``: an
    application command (a button or select menu otherwise). ``waited``: how long it surely waited before the
    door took it up, where the door's clock is coarser than that (HTTP: the signature's whole second), else
    ``age``: the budgets count from the earliest it may have been sent, lateness from what it surely waited.

    * waited more than :data:`LATE_START_SECONDS`: 0 (it waited before it was read; acknowledged first);
    * in a burst: a command :data:`BURST_BUDGET_SECONDS` less its age (an answer within them is the callback
      itself, one request), anything else 0;
    * otherwise :data:`DEFER_AFTER_SECONDS` less its age.
    """
    if (age if waited is None else waited) > LATE_START_SECONDS:
        return 0.0
    if burst:
        return BURST_BUDGET_SECONDS - age if command else 0.0
    return DEFER_AFTER_SECONDS - age


async def in_time(work: Awaitable[T], defer: Callable[[], Awaitable[object]], after: float) -> T:
    """Await ``work``; if it is not done after ``after`` seconds, await ``defer()`` meanwhile (the door's
    "thinking…" for Discord), then go on waiting for ``work``.

    Raises:
        BaseException: whatever ``work`` raises; whatever ``defer`` raises (the work is then cancelled:
            nobody can see its answer); ``asyncio.CancelledError`` when the caller is cancelled (the work is
            cancelled with it).
    """
    task = asyncio.ensure_future(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=max(0.0, after))
        if not done:
            await defer()
        return await task
    except BaseException:  # the defer failed, or the caller was cancelled (a door's drain): the work ends too,
        task.cancel()  # not running on unowned past the store's close
        raise


#: Net new container objects (allocations less frees) after which the garbage collector looks at the young ones
#: (Python's default: 700). In a burst every interaction in flight holds its payload, task and futures: at 700 the
#: collector ran ~110 times per 1 000 interactions and each looked at objects that were about to be freed anyway.
GC_YOUNG = 10_000


def settle_heap() -> None:
    """Get the garbage collector out of the way of answering: collect the cyclic garbage there is now, then move
    every object still alive into its permanent generation (``gc.freeze``), where no collection looks at it again,
    and collect the young generation every :data:`GC_YOUNG` net new objects. A door calls this once its core is open
    and warm, before its first interaction: the store's indexes, the command table and the libraries' modules
    (90 000–130 000 objects that live as long as the process) were otherwise traversed by each full collection,
    one about every 1 000 interactions of a burst (~70 ms each). Time in the collector per burst of 1 000
    (``bench/bench_ops.py``'s workload, gateway bot, a ``gc.callbacks`` hook): 100–190 ms before, 14–18 ms after.
    After a store swap the retired store is unfrozen with the rest and collected (:meth:`Core._retire`): its
    cycles are not kept. Memory: garbage in cycles waits for at most :data:`GC_YOUNG` new objects."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _young, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, older, oldest)


#: Bytes one store generation keeps of encoded autocomplete bodies (:attr:`Generation.bodies`), each counted with
#: :data:`BODY_ENTRY_BYTES` for its key (a typed text of at most ``bot.autocomplete.KEEP_TYPED`` characters) and its
#: entry: about 4 000 bodies of the load test's size (≈ 0.5 KB), at most about 7 700 entries in all.
CHOICE_BODY_BYTES = 4 * 1024 * 1024
BODY_ENTRY_BYTES = 512


def _kept_size(body: bytes) -> int:
    """What one kept autocomplete body counts against :data:`CHOICE_BODY_BYTES` (bytes)."""
    return len(body) + BODY_ENTRY_BYTES


@dataclass(eq=False)
class Generation:
    """One opened store and what is built from it (:class:`AnswerContext`: store and name index; the
    store's own caches), with the file it was opened from, what ``build`` recorded about it
    (:meth:`~bot.store.Store.build_info`) and the interactions running on it."""

    context: AnswerContext
    stamp: FileStamp | None
    info: dict[str, str] = field(default_factory=dict)
    users: int = 0
    retired: bool = False
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    #: Encoded autocomplete bodies made on this store, by (completer, typed text) (:func:`bot.autocomplete.
    #: choices_bytes`): at most :data:`CHOICE_BODY_BYTES` bytes of bodies, the least recently used dropped first.
    bodies: LRUCache[tuple[object, str], bytes] = field(
        default_factory=lambda: LRUCache(CHOICE_BODY_BYTES, getsizeof=_kept_size))
    #: Command answers made on this store, by invocation (:mod:`bot.answer_bodies`, bounded the same way).
    answers: LRUCache[AnswerKey, Kept] = field(default_factory=answer_cache)

    def leave(self) -> None:
        """One interaction on this store ended; a retired store without interactions may be closed."""
        self.users -= 1
        if self.retired and self.users == 0:
            self.idle.set()


class Core:
    """The application core over ``settings``: open it (:meth:`open`), run answers (:meth:`run`), switch to a
    rebuilt store (:meth:`reload`), close it.

    Attributes:
        settings: the bot's settings (store path, calculation budget and workers, store watch interval).
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._current: Generation | None = None
        self._warm: Callable[[AnswerContext], Awaitable[object]] | None = None
        self._lock = asyncio.Lock()
        self._refused: Refusal | None = None  # the last file refused (bot/store_file.py)
        self._tasks: set[asyncio.Task[object]] = set()
        self._retiring: set[Generation] = set()
        self._watch: asyncio.Task[None] | None = None

    async def open(self, warm: Callable[[AnswerContext], Awaitable[object]] | None = None) -> None:
        """Open the store, build the name index, set the workers' budget, use the mana-symbol emojis recorded in
        the state folder (:func:`bot.mana_emoji.load`), then run ``warm`` on the context (the start-up work of
        the command table, :meth:`bot.commands.Table.warm`: memory for autocomplete). ``warm`` runs again on every
        store opened later (:meth:`reload`).

        Raises:
            bot.store.StoreError: the store is missing, outdated or corrupt (German message).
        """
        offload.configure(budget=self.settings.calc_budget, workers=self.settings.workers)
        self._warm = warm
        mana_emoji.install(mana_emoji.load(self.settings.state_dir))  # the ids `sync` uploaded, else text
        self._current = await self._open_store()
        info = self._current.info
        log.info("Datenbank geöffnet: %s (gebaut %s, %d Karten im Namensindex)", self.settings.db_path,
                 info.get("built_at", "?"), len(self._current.context.names))
        metrics.watch_store(self.settings.db_path)  # the age of the file at the path (whichever is in use)
        await review_note(self._current.context.store)  # regelbot_register_rows_to_review

    async def _open_store(self) -> Generation:
        """Open and check the store file, build the name index and run the warm-ups (as at start-up).

        Raises:
            bot.store.StoreError: the store is missing, outdated or corrupt (German message).
        """
        path = self.settings.db_path
        stamp = file_stamp(path)
        store = await Store.open(path)
        try:
            names = NameIndex.from_store(store.stored_names())  # prepared by the build
            context = AnswerContext(store=store, names=names)
            if self._warm is not None:
                await self._warm(context)
            info = await store.build_info()
        except StoreCorrupt as exc:  # damage the quick check did not reach (a very large store)
            await store.close()
            raise StoreError(f"{exc.title} ({path}): `python -m bot build` ausführen.") from None
        except BaseException:
            await store.close()
            raise
        log.debug("Namensindex: %d Karten", len(names))
        return Generation(context, stamp, info)

    @staticmethod
    async def start_workers() -> None:
        """Start the calculation workers and wait until they have imported the engines, so the first
        calculation after start-up needs no process start (:func:`bot.offload.ready`)."""
        offload.start()
        await offload.ready()

    @property
    def context(self) -> AnswerContext:
        """What the answers get (store and name index) of the store in use now. For work that awaits, use
        :meth:`using` (a replaced store is closed only after it).

        Raises:
            RuntimeError: :meth:`open` has not run (a programming error).
        """
        if self._current is None:
            raise RuntimeError("Core.open() has not run")
        return self._current.context

    @property
    def store(self) -> Store | None:
        """The store in use now; None before :meth:`open` and after :meth:`close`."""
        return self._current.context.store if self._current is not None else None

    @property
    def retiring(self) -> int:
        """How many stores replaced by a swap are not yet closed and let go (:meth:`_retire`): 0 once the last
        retirement has closed its store, dropped it and settled the heap. A replaced store refuses queries from the
        start of its close on, before that."""
        return len(self._retiring)

    @property
    def is_open(self) -> bool:
        """True between :meth:`open` and :meth:`close`."""
        return self._current is not None

    @property
    def choice_bodies(self) -> LRUCache[tuple[object, str], bytes] | None:
        """The encoded autocomplete bodies kept for the store in use now (:attr:`Generation.bodies`: a new store
        starts with none); None before :meth:`open` and after :meth:`close`."""
        return self._current.bodies if self._current is not None else None

    @property
    def kept_answers(self) -> LRUCache[AnswerKey, Kept] | None:
        """The command answers kept for the store in use now (:attr:`Generation.answers`: a new store starts with
        none); None before :meth:`open` and after :meth:`close`."""
        return self._current.answers if self._current is not None else None

    @contextlib.asynccontextmanager
    async def using(self) -> AsyncIterator[AnswerContext]:
        """The context of the store in use now, for one interaction: a store replaced meanwhile stays open
        until every such block on it has ended.

        Raises:
            RuntimeError: :meth:`open` has not run (a programming error).
        """
        generation = self._enter()
        try:
            yield generation.context
        finally:
            generation.leave()

    def _enter(self) -> Generation:
        """The store in use now, counted as used by one more interaction (:meth:`using` without its context
        manager: :meth:`run` and :meth:`complete`, every interaction, pair it with ``leave`` themselves).

        Raises:
            RuntimeError: :meth:`open` has not run (a programming error).
        """
        generation = self._current
        if generation is None:
            raise RuntimeError("Core.open() has not run")
        generation.users += 1
        return generation

    async def run(self, inv: Invocation, command: str | None = None) -> Reply:
        """Run the invocation ``inv``: an answer with its options or a button action with its argument
        (:func:`bot.answers.registry.run_answer` / ``run_action``: options bounded first, a ``UserError``
        becomes a German error reply), on the store in use when it starts; a full-text query the answer repeats
        is run once (:func:`bot.store.passages.one_answer`). ``command``: the interaction's metrics label
        (:mod:`bot.metric_labels`; None: ``inv``'s)."""
        generation = self._enter()
        try:
            with metrics.work(command, inv), one_answer():
                if inv.kind == "action":
                    return await run_action(generation.context, inv.key, inv.arg)
                return await run_answer(generation.context, inv.key, **inv.kwargs)
        finally:
            generation.leave()

    async def complete(self, completer: CompleterFn, current: str, command: str | None = None) -> list[Choice]:
        """The autocomplete choices of ``completer`` for the typed ``current`` (≤ 25, from memory); none when
        the store was closed under it (:class:`bot.errors.StoreClosed`: an autocomplete has no message to say
        „bitte erneut versuchen“, and the next keystroke asks again). ``command``: the metrics label of the
        command completed (:func:`bot.metric_labels.leaf_label`; one completer serves several commands)."""
        generation = self._enter()
        try:
            with metrics.work(command):
                return await run_completer(generation.context, completer, current)
        except StoreClosed:
            return []
        finally:
            generation.leave()

    # --- a new store without a restart -------------------------------------------------------------

    async def reload(self, why: str = SIGHUP) -> bool:
        """Switch to the store file as it is now, when it is another file than the one in use (``why``: what
        asked, for the log). The new store is opened and checked as at start-up (:meth:`_open_store`); new
        interactions get it at once, the old store is closed after the interactions running on it (at most
        :data:`RETIRE_WAIT` s). A store that fails the check is refused with one German log line and the old
        one kept; that file is not checked again (:meth:`bot.store_file.Refusal.settles`: the file watch and a
        SIGHUP that notice the same file get one check and one refusal). Returns True when the store was
        switched. Never raises."""
        async with self._lock:
            old = self._current
            if old is None:
                return False
            stamp = file_stamp(self.settings.db_path)
            if stamp is not None and stamp == old.stamp:
                log.info("Datenbank unverändert (%s): %s", why, self.settings.db_path)
                return False
            refused = self._refused
            if refused is not None and refused.settles(stamp, why):  # the watch keeps quiet, a SIGHUP is answered
                log.log(logging.WARNING if why == SIGHUP else logging.DEBUG, "%s", refused.repeated(why))
                return False
            try:
                new = await self._open_store()
            except Exception as exc:  # StoreError (German) or anything else: the old store stays
                text = refusal_text(exc)
                # refused again for the same reason (a SIGHUP checks a file again that could not be read): WARNING
                again = refused is not None and (stamp, text) == (refused.stamp, refused.text)
                self._refused = Refusal(stamp, why, text, lasting(exc)) if stamp is not None else None
                log.log(logging.WARNING if again else logging.ERROR,
                        "Neue Datenbank abgelehnt (%s), die bisherige bleibt in Betrieb: %s", why, text)
                return False
            if self._current is not old:  # closed meanwhile
                await new.context.store.close()
                return False
            if old.info.get("cr_files") == new.info.get("cr_files") and new.info.get("cr_files", "[]") != "[]":
                with contextlib.suppress(Exception):  # only for the log line: a store read here failing is no reason
                    old.info.setdefault(RULES_DIGESTS, json.dumps(await rules_digests(old.context.store)))
                    new.info[RULES_DIGESTS] = json.dumps(await rules_digests(new.context.store))
            self._current, self._refused = new, None
            self._retiring.add(old)
            self._spawn(self._retire(old))
            rows, review = await review_note(new.context.store)  # rows to review: a WARNING, not an INFO
            log.log(logging.WARNING if rows else logging.INFO, "Neue Datenbank in Betrieb (%s): %s; %s%s", why,
                    self.settings.db_path, build_change(old.info, new.info), review)
            return True

    def reload_soon(self, why: str = SIGHUP) -> None:
        """:meth:`reload` as a task of the running loop: what a door's SIGHUP handler calls."""
        if self.is_open:
            self._spawn(self.reload(why))

    def follow(self, every: float | None = None) -> None:
        """Look at the store file every ``every`` seconds (default ``settings.store_watch``; 0: never) and
        :meth:`reload` when another file stands at its path (a ``stat``: device, inode, time, size). A file
        once refused is not tried again until it changes (or SIGHUP asks)."""
        every = self.settings.store_watch if every is None else every
        if every > 0 and self._watch is None and self.is_open:
            self._watch = asyncio.get_running_loop().create_task(self._follow(every))

    async def _follow(self, every: float) -> None:
        while self._current is not None:
            await asyncio.sleep(every)
            stamp = await asyncio.to_thread(file_stamp, self.settings.db_path)
            current = self._current
            refused = self._refused
            if stamp is not None and current is not None and stamp != current.stamp and not (
                    refused is not None and refused.settles(stamp, WATCH)):
                await self.reload(WATCH)

    async def _retire(self, old: Generation) -> None:
        """Close ``old`` once the interactions running on it have ended (at most :data:`RETIRE_WAIT` s)."""
        old.retired = True
        if old.users == 0:
            old.idle.set()
        try:
            await asyncio.wait_for(old.idle.wait(), RETIRE_WAIT)
        except TimeoutError:
            log.warning("Alte Datenbank nach %.0f s geschlossen, %d Interaktionen liefen noch", RETIRE_WAIT,
                        old.users)
        store = old.context.store
        await store.close()  # its aiosqlite thread: slow under load; the store refuses queries from its start
        self._retiring.discard(old)  # until now :meth:`close` closes it too (this task cancelled meanwhile)
        del old, store  # let go before the heap settles: what was built from the old store is collected, not frozen
        log.debug("Alte Datenbank geschlossen")
        settle_heap()  # the old store's frozen objects collected, the new store's frozen

    def _spawn(self, work: Awaitable[object]) -> None:
        task: asyncio.Task[object] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self, wait: float | None = None) -> None:
        """Stop watching the store file, let the interactions still running on the store (and on a replaced
        one still waiting for its interactions) finish (at most ``wait`` seconds, default :data:`CLOSE_WAIT`; then
        a WARNING with their count), stop the calculation workers and close the stores. New interactions get no
        store from the start on (:meth:`run` raises ``RuntimeError``; the doors refuse them while they drain). An
        interaction still running when its store is closed gets the German „bitte erneut versuchen“
        (:class:`bot.errors.StoreClosed`), never sqlite3's ``ProgrammingError``. Safe to call more than once."""
        current, self._current = self._current, None
        metrics.watch_store(None)
        tasks = [t for t in (self._watch, *self._tasks) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._watch = None
        generations = [*self._retiring, *([current] if current is not None else [])]
        await self._quiet(generations, CLOSE_WAIT if wait is None else wait)
        offload.shutdown()
        for old in list(self._retiring):
            self._retiring.discard(old)
            await old.context.store.close()
        if current is not None:
            await current.context.store.close()
            log.info("Datenbank geschlossen")

    @staticmethod
    async def _quiet(generations: list[Generation], wait: float) -> None:
        """Wait until no interaction runs on any of ``generations`` (at most ``wait`` seconds; then one WARNING
        naming how many still run: they meet the closed store)."""
        for generation in generations:
            generation.retired = True
            if generation.users == 0:
                generation.idle.set()
        busy = [g for g in generations if not g.idle.is_set()]
        if not busy:
            return
        if wait > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(g.idle.wait() for g in busy)), wait)
        running = sum(g.users for g in busy)
        if running:
            log.warning("Datenbank nach %.1f s geschlossen, %d Interaktionen liefen noch (Antwort: bitte erneut "
                        "versuchen)", wait, running)
