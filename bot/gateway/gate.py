"""The gateway bot's interaction gate: burst handling, the 2-s defer watchdog and graceful shutdown.

:class:`GatedBot` is the base of :class:`bot.gateway.client.Regelbot`: it holds the application core
(:attr:`GatedBot.core`) and runs every answer through it (:meth:`GatedBot.answer`). It wraps discord.py's
INTERACTION_CREATE parser (:meth:`GatedBot._gate_interactions`): notes when each interaction arrived and which
tasks handle it, defers commands and Regelbot buttons older than :data:`bot.core.LATE_START_SECONDS` by their snowflake
from the raw payload, and buttons in a burst (more than :data:`DEEP_QUEUE` in flight) too, while a command in a
burst gets :data:`bot.core.BURST_BUDGET_SECONDS` to be answered in one callback; answers autocompletes
from the raw payload without discord.py's objects (:meth:`GatedBot._complete`, :mod:`bot.autocomplete`, the
HTTP door's code), :data:`AUTOCOMPLETE_SLOTS` at a time, answers application commands from the raw payload too
(:func:`bot.gateway.commands.answer_command`, :mod:`bot.raw`: no command tree, no webhook adapter), defers an
answer not ready 2 s after the interaction was created (:meth:`GatedBot._watchdog` on :func:`bot.core.in_time`,
Discord's 3-s limit) and, on shutdown, refuses new interactions in German while those in flight finish
(:meth:`GatedBot._drain`, ≤ :data:`DRAIN_SECONDS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord
from discord.ext import commands

from bot import metrics
from bot.autocomplete import NO_CHOICES, choices_body
from bot.core import DEEP_QUEUE, DEFER_AFTER_SECONDS, Core, answer_budget, in_time
from bot.custom_id import Invocation
from bot.delivery import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_DEFERRED_UPDATE,
    FOLLOWUP_WINDOW,
    PING,
    RecentIds,
    created_at,
    defer_body,
    defer_kind,
    shape_problem,
    snowflake,
)
from bot.gateway.commands import answer_command
from bot.gateway.frames import guard_gateway_frames
from bot.gateway.transport import (
    UNKNOWN_INTERACTION,
    GatewayTransport,
    post_callback,
    send_callback,
    send_malformed,
    send_reply,
)
from bot.reply import Reply
from bot.rest import RestError

if TYPE_CHECKING:
    from discord.types.interactions import Interaction as InteractionPayload

log = logging.getLogger(__name__)

#: Answer work running at once in a burst (more than :data:`bot.core.DEEP_QUEUE` interactions in flight).
ANSWER_SLOTS = 32
#: Autocompletes worked on at once; more wait in arrival order (:meth:`GatedBot._gate_interactions`).
AUTOCOMPLETE_SLOTS = 64
#: How long shutdown waits for interactions in flight (Discord's own limit is 3 s).
DRAIN_SECONDS = 3.0
#: How long (seconds) and how many interaction ids are remembered to answer a repeated one once: Discord's
#: interaction tokens live 15 minutes.
RECENT_SECONDS = FOLLOWUP_WINDOW
RECENT_MAX = 50_000
SHUTTING_DOWN = Reply.fail(
    "Der Bot startet gerade neu",
    "Bitte in ein paar Sekunden noch einmal versuchen.",
)


#: The objects of an interaction payload discord.py's parser reads (the raw autocomplete path checks them too).
_OBJECTS = ("member", "user", "channel", "guild", "message")


def _objects_problem(data: dict[str, Any]) -> str | None:
    """Why the raw payload ``data`` would not pass discord.py's parser for lack of an object where one belongs
    (``member`` a string), or None: the raw autocomplete path refuses what the parsed path refuses."""
    for key in _OBJECTS:
        if data.get(key) is not None and not isinstance(data[key], dict):
            return f"{key} kein Objekt"
    return None


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


class GatedBot(commands.AutoShardedBot):
    """discord.py's AutoShardedBot with the interaction gate (module docstring); takes the same arguments."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The application core (store, name index, workers); set by the bot before its first interaction.
        self.core: Core | None = None
        #: Tasks handling interactions right now (see :meth:`_gate_interactions`), and when each arrived.
        self.in_flight: set[asyncio.Task[Any]] = set()
        self._arrived: dict[int, float] = {}
        self._slots: asyncio.Semaphore | None = None
        #: Defers sent from the raw payload in a burst: interaction id -> (its request, type, ephemeral).
        self.early_defers: dict[int, tuple[asyncio.Future[None], int, bool]] = {}
        #: Autocompletes waiting for one of AUTOCOMPLETE_SLOTS (raw payloads, in arrival order).
        self._completions: deque[dict[str, Any]] = deque()
        self._completing = 0
        #: Interactions taken lately: one delivered twice (a RESUME replaying events) is answered once.
        self._recent = RecentIds(RECENT_SECONDS, RECENT_MAX)
        #: True once shutdown began: new interactions get a short German refusal, in-flight ones finish.
        self.draining = False
        self.shutdown_counts = {"finished": 0, "refused": 0, "cancelled": 0}
        self._gate_interactions()
        guard_gateway_frames()


    def _gate_interactions(self) -> None:
        """Wrap discord.py's INTERACTION_CREATE parser: note when each interaction arrived and which tasks
        handle it (discord.py creates them inside the parser), so bursts can be deferred early and shutdown
        can wait for them; while draining, answer new interactions with a short German refusal instead.

        An interaction older than :data:`bot.core.LATE_START_SECONDS` on Discord's clock, and a Regelbot button in a
        burst (more than :data:`DEEP_QUEUE` in flight), is deferred here (:meth:`_defer_first`), from the raw
        payload (:func:`bot.delivery.defer_kind`), before discord.py parses it: the defer's request is the first
        task of the interaction, ahead of all parsing and answer work. Autocompletes (which
        cannot be deferred) are worked on :data:`AUTOCOMPLETE_SLOTS` at a time in arrival order, so in a
        burst the early ones are answered in time instead of all of them late together."""
        parsers = self._connection.parsers
        self._parse_interaction = parsers["INTERACTION_CREATE"]

        def gated(data: dict[str, Any]) -> None:
            try:
                self._admit(data)
            except Exception as exc:  # never let one payload end the gateway connection (and the bot)
                self._malformed(data, f"{type(exc).__name__}: {str(exc)[:120]}")

        parsers["INTERACTION_CREATE"] = gated

    def _admit(self, data: dict[str, Any]) -> None:
        """Take one raw INTERACTION_CREATE payload: drop a repeat and a malformed one (:meth:`_malformed`),
        refuse it while draining, defer it early in a burst, queue or handle it (:meth:`_handle`)."""
        iid = snowflake(data.get("id")) if isinstance(data, dict) else None
        if iid is not None and not self._recent.first(iid):
            log.info("Interaktion %s doppelt erhalten (Gateway), nur einmal beantwortet", iid)
            return
        problem = shape_problem(data) if isinstance(data, dict) else "kein Objekt"
        if problem is not None:
            self._malformed(data, problem)
            return
        metrics.arrived(data)
        if self.draining:
            metrics.refused("shutdown")
            self.shutdown_counts["refused"] += 1
            self._track(asyncio.ensure_future(self._refuse(data)))
            return
        assert iid is not None  # shape_problem checked it
        self._arrived[iid] = time.monotonic()
        if self._defer_first(iid, data):
            self._defer_early(iid, data)
        if data.get("type") == AUTOCOMPLETE and self._completing >= AUTOCOMPLETE_SLOTS:
            self._completions.append(data)
            return
        self._handle(data)

    def _malformed(self, data: Any, problem: str) -> None:
        """A payload Regelbot or discord.py cannot read: one log line (no traceback), and, when its id, token
        and application id can be read, the German :data:`bot.delivery.MALFORMED` as its answer (an empty
        choice list for an autocomplete); else it is dropped."""
        raw = data if isinstance(data, dict) else {}
        iid = snowflake(raw.get("id"))
        metrics.refused("bad_input")
        log.warning("Interaktion %s vom Typ %s in unerwarteter Form, nicht ausgeführt: %s",
                    iid if iid is not None else "ohne id", str(raw.get("type"))[:20], problem)
        app_id, token = snowflake(raw.get("application_id")), raw.get("token")
        if iid is None or app_id is None or not isinstance(token, str) or not token or raw.get("type") == PING:
            return
        self._arrived.pop(iid, None)
        early = self.early_defers.pop(iid, None)
        self._track(asyncio.ensure_future(send_malformed(self._connection, iid, app_id, token,
                                                         raw.get("type") == AUTOCOMPLETE, early)))

    def _defer_first(self, iid: int, data: dict[str, Any]) -> bool:
        """Whether interaction ``iid`` (raw payload ``data``) is deferred before any work: it is older than
        :data:`bot.core.LATE_START_SECONDS` by its snowflake (it waited before it was read), or it is a button and more
        than :data:`DEEP_QUEUE` interactions are in flight or waiting. An application command in such a burst
        is not: it gets :data:`bot.core.BURST_BUDGET_SECONDS` to be answered in one callback (:meth:`guard`). The
        rule is the HTTP endpoint's too (:func:`bot.core.answer_budget`)."""
        deep = len(self.in_flight) + len(self._completions) > DEEP_QUEUE
        return answer_budget(time.time() - created_at(iid), deep, data.get("type") == APPLICATION_COMMAND) <= 0

    def _defer_early(self, iid: int, data: dict[str, Any]) -> None:
        """Send the defer of the raw interaction ``data`` now (a task created before any of its handlers);
        :meth:`settle_defer` waits for it before the interaction is answered."""
        kind = defer_kind(data)
        if kind is None:
            return
        send = post_callback if data.get("type") == APPLICATION_COMMAND else send_callback  # raw path: RestError
        request = asyncio.ensure_future(send(self._connection, iid, str(data.get("token", "")), defer_body(*kind)))
        request.add_done_callback(lambda f: f.cancelled() or f.exception())  # raised again in settle_defer
        self.early_defers[iid] = (request, *kind)
        self._track(request)

    async def settle_defer(self, interaction: discord.Interaction[Any]) -> None:
        """Wait for the defer :meth:`_gate_interactions` sent for ``interaction`` before it was parsed (if
        any) and record it in discord.py's response state, so the answer edits the deferred message.

        Raises:
            discord.HTTPException: the defer was refused (``NotFound`` 10062: the interaction expired).
        """
        early = self.early_defers.pop(interaction.id, None)
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
        problem = _objects_problem(data) if completion else None
        if problem is not None:
            self._malformed(data, problem)
            tasks = []
        elif completion:  # answered from the raw payload: no discord.py objects (:meth:`_complete`)
            tasks = [asyncio.ensure_future(self._complete(iid, data))]
        elif data.get("type") == APPLICATION_COMMAND:  # from the raw payload too (:func:`answer_command`)
            try:  # what discord.py's parser refuses is refused here too (its reading, ~50 µs, is the check)
                discord.Interaction(data=cast("InteractionPayload", data), state=self._connection)
            except Exception as exc:
                self._malformed(data, f"{type(exc).__name__}: {str(exc)[:120]}")
                tasks = []
            else:
                tasks = [asyncio.ensure_future(answer_command(self, iid, data))]
        else:
            try:
                tasks = self._capture(self._parse_interaction, data)
            except Exception as exc:  # discord.py's parser refused it (a shape shape_problem does not check)
                self._malformed(data, f"{type(exc).__name__}: {str(exc)[:120]}")
                tasks = []
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
            self.early_defers.pop(iid, None)
            metrics.finished(iid)
            if completion:
                self._completing -= 1
                while self._completions and self._completing < AUTOCOMPLETE_SLOTS and not self.draining:
                    self._handle(self._completions.popleft())

        if not tasks:
            left[0] = 1
            finished()
        for task in tasks:
            task.add_done_callback(finished)

    async def _complete(self, iid: int, data: dict[str, Any]) -> None:
        """Answer the autocomplete ``data`` (a raw payload :meth:`_admit` took) from the raw payload, as the HTTP
        door does (:func:`bot.autocomplete.choices_body`), and post the choices as its callback in one aiohttp
        request (:func:`bot.gateway.transport.post_callback`). A completer's error is one ERROR line (its
        traceback at DEBUG) and no choices; a callback Discord refused or that could not be sent, one line."""
        try:
            body = await choices_body(self.core, data.get("data") or {})
        except Exception as exc:
            log.error("Fehler in der Autovervollständigung von /%s: %s: %s", str((data.get("data") or {}).get(
                "name"))[:32], type(exc).__name__, str(exc)[:200])
            log.debug("Autovervollständigung", exc_info=exc)
            body = NO_CHOICES
        try:
            await post_callback(self._connection, iid, str(data["token"]), body)
        except (RestError, aiohttp.ClientError, OSError) as exc:
            late = isinstance(exc, RestError) and exc.code == UNKNOWN_INTERACTION
            log.warning("Autovervollständigung %s %s: %s", iid, "zu spät beantwortet (Discord: Unknown interaction)"
                        if late else "nicht gesendet", type(exc).__name__)

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
        try:
            interaction: discord.Interaction[Any] = discord.Interaction(
                data=cast("InteractionPayload", data), state=self._connection
            )
        except Exception as exc:  # discord.py cannot read it: nothing to refuse
            self._malformed(data, f"{type(exc).__name__}: {str(exc)[:120]}")
            return
        try:
            with contextlib.suppress(discord.HTTPException, RuntimeError):
                if interaction.type is discord.InteractionType.autocomplete:
                    await interaction.response.autocomplete([])
                elif interaction.type is not discord.InteractionType.ping:
                    await send_reply(interaction, SHUTTING_DOWN)
        finally:
            metrics.finished(interaction.id)

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

    def _waited(self, iid: int) -> float:
        """Seconds since interaction ``iid`` was created: the larger of the time since it arrived here and its
        snowflake's age on Discord's clock (a backlog before it was even read counts too)."""
        arrived = self._arrived.pop(iid, None)
        local = time.monotonic() - arrived if arrived is not None else 0.0
        remote = time.time() - created_at(iid)
        return max(local, min(remote, DEFER_AFTER_SECONDS))

    async def answer(self, inv: Invocation, interaction: discord.Interaction[Any], *, ephemeral: bool = False,
                     update: bool = False, command: str | None = None) -> Reply:
        """Run the invocation ``inv`` on the core for ``interaction``, which is deferred meanwhile when the answer
        takes long or a burst is on (:meth:`_watchdog`); ``ephemeral``: a defer's "thinking…" is private,
        ``update``: the answer replaces the clicked message; ``command``: the interaction's metrics label
        (:meth:`bot.core.Core.run`).

        Raises:
            RuntimeError: the core is not open (a programming error).
            discord.HTTPException: the defer was refused (the interaction expired).
        """
        if self.core is None:
            raise RuntimeError("the core is not open")
        return await self._watchdog(self.core.run(inv, command), interaction, ephemeral, update)

    async def _watchdog(
        self, work: Awaitable[Reply], interaction: discord.Interaction[Any], ephemeral: bool = False,
        update: bool = False,
    ) -> Reply:
        """Await ``work``; if it is not done 2 s after the interaction was created, defer ``interaction``
        meanwhile (Discord's 3-s limit). ``update``: the answer will replace the clicked message (paging),
        so the defer is type 6.

        One that waited more than :data:`bot.core.LATE_START_SECONDS` before its handler ran is deferred first and its
        work waits for one of :data:`ANSWER_SLOTS`, so it is acknowledged in time even when answering takes
        longer; in a burst (more than :data:`DEEP_QUEUE` interactions in flight) the work waits for a slot too,
        and the interaction is deferred once :data:`bot.core.BURST_BUDGET_SECONDS` have passed since it was
        created without an answer (an answer within them is the callback itself: one request, not two).
        """
        try:
            await self.settle_defer(interaction)  # deferred from the raw payload in a burst
        except BaseException:  # the defer was refused (expired): the work never runs
            if asyncio.iscoroutine(work):
                work.close()
            raise
        transport = GatewayTransport(interaction)
        return await self.guard(work, interaction.id, transport, ephemeral, update,
                                 lambda: self._defer(interaction, ephemeral, update))

    async def guard(self, work: Awaitable[Reply], iid: int, transport: Any, ephemeral: bool = False,
                     update: bool = False, defer: Callable[[], Awaitable[None]] | None = None) -> Reply:
        """Await ``work`` for interaction ``iid`` answered through ``transport`` (its ``responded``; a
        :class:`bot.delivery.Transport`), deferred as :meth:`_watchdog` says: ``defer()``, by default the defer
        body sent through ``transport``.

        Raises:
            BaseException: what ``work`` raises; what the defer raises (the work never runs).
        """
        body = defer_body(CB_DEFERRED_UPDATE if update else CB_DEFERRED_MESSAGE, ephemeral and not update)

        async def through_transport() -> None:
            if not transport.responded:
                await transport.respond(body)

        send_defer = defer or through_transport
        try:
            burst = len(self.in_flight) > DEEP_QUEUE
            # a command's rule (a button in a burst was deferred from its raw payload: responded already)
            budget = answer_budget(self._waited(iid), burst, command=True)
            late = transport.responded or budget <= 0
            if late:
                await send_defer()
        except BaseException:  # the defer failed (expired): the work never runs
            if asyncio.iscoroutine(work):
                work.close()
            raise
        if late:
            return await self._slotted(work)
        if burst:  # a slot, and deferred unless answered within the budget
            return await in_time(self._slotted(work), send_defer, budget)
        return await in_time(work, send_defer, budget)

    async def _slotted(self, work: Awaitable[Reply]) -> Reply:
        """``await work`` once one of :data:`ANSWER_SLOTS` is free (a burst: answer work runs 32 at a time)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(ANSWER_SLOTS)
        started = False
        try:
            async with self._slots:
                started = True
                return await work
        finally:
            if not started and asyncio.iscoroutine(work):  # cancelled while waiting (the defer failed)
                work.close()

    @staticmethod
    async def _defer(interaction: discord.Interaction[Any], ephemeral: bool, update: bool = False) -> None:
        """Defer ``interaction`` (5 "thinking…", ephemeral when asked, or 6 for an update of the clicked
        message) through the transport, which tries again after a passing fault within Discord's 3 s."""
        if not interaction.response.is_done():
            interaction.extras["deferred_ephemeral"] = ephemeral
            kind = CB_DEFERRED_UPDATE if update else CB_DEFERRED_MESSAGE
            await GatewayTransport(interaction).respond(defer_body(kind, ephemeral and not update))
