"""The answering side of ``python -m bot serve`` (:mod:`bot.serve`): :class:`Interactions` turns verified
interaction payloads (dicts as Discord sends them) into callback bodies, from the command table (:mod:`bot.commands`)
on the application core (:mod:`bot.core`). An answer not ready in time (:func:`bot.core.answer_budget`, the gateway
bot's rule too) is deferred in the HTTP response and finished through the follow-up webhook
(:mod:`bot.serve_transport`); :data:`ANSWER_SLOTS` answers run at once, the rest wait deferred as compact records.
Discord-free: no discord.py is imported.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import Any

import aiohttp

from bot import metrics
from bot.answer_bodies import answer_key, keep, kept_body
from bot.autocomplete import choices_body, choices_bytes, encode
from bot.commands import TABLE, OptionProblem, Table
from bot.commands.buttons import Pressed, press
from bot.core import DEEP_QUEUE, DEFER_AFTER_SECONDS, INTERNAL_ERROR, Core, answer_budget
from bot.custom_id import Invocation
from bot.delivery import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_MESSAGE,
    MALFORMED,
    MESSAGE_COMPONENT,
    PING,
    created_at,
    defer_body,
    defer_kind,
    deliver,
    shape_problem,
    share_copy,
    snowflake,
    undelivered,
    unread,
)
from bot.raw import invocation
from bot.render import EPHEMERAL, message_payload, picked_custom_id
from bot.reply import Reply, as_private
from bot.rest import RestClient
from bot.serve_transport import HttpTransport, Waiting, given_up, log_error

log = logging.getLogger("bot.serve")  # the endpoint's log lines, under one name as before the split

PONG = 1
#: How long a shutdown waits for answers still running.
DRAIN_SECONDS = 3.0
#: Answers worked on at once (the others wait their turn, deferred; :data:`bot.serve.MAX_PENDING` bounds them).
ANSWER_SLOTS = 32
#: The interaction types answered besides PING.
_ANSWERED = frozenset({APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE})

UNSUPPORTED = Reply.fail("Nicht unterstützt", "Diese Art von Interaktion beantwortet Regelbot nicht.")
UNKNOWN_COMMAND = Reply.fail(
    "Unbekannter Befehl", "Diesen Befehl kennt diese Version des Bots nicht (Befehle neu synchronisieren)."
)


class Interactions:
    """Turns interaction payloads (dicts as Discord sends them) into callback bodies.

    ``core`` is an open :class:`bot.core.Core`; the command table (``table``, default :data:`bot.commands.TABLE`)
    says which answer and which options each command has. ``tasks`` are the answers running now, ``waiting``
    those deferred in a burst that no task works on yet (:meth:`handle`).
    """

    def __init__(self, core: Core, rest: RestClient, defer_after: float = DEFER_AFTER_SECONDS,
                 table: Table = TABLE) -> None:
        self.core = core
        self.rest = rest
        self.defer_after = defer_after
        self.table = table
        self.tasks: set[asyncio.Task[None]] = set()
        #: Answers worked on at once; the others wait (deferred meanwhile), so the event loop stays free for
        #: new requests and ``/health`` in a burst.
        self.slots = asyncio.Semaphore(ANSWER_SLOTS)
        #: Answers deferred while every slot was taken, oldest first, as compact records rather than a waiting
        #: task each (a task, its futures and closures cost about 4 KB; thousands wait in a burst, and the memory
        #: they took at once stayed with the process afterwards): the running tasks work them off.
        self.waiting: deque[Waiting] = deque()
        self.current: dict[asyncio.Task[Any] | None, Waiting] = {}  # the answer each task works on now

    @property
    def pending(self) -> int:
        """Answers running or waiting."""
        return len(self.tasks) + len(self.waiting)

    def command(self, data: dict[str, Any]) -> tuple[Invocation, bool]:
        """The invocation of the application command ``data`` and whether its answer is private
        (:func:`bot.raw.invocation`, the gateway's reading too).

        Raises:
            bot.commands.OptionProblem: the options do not fit (checked by the table's one checker).
            LookupError: the table has no such command (:data:`UNKNOWN_COMMAND`).
        """
        return invocation(data, self.core.context, self.table)

    def _wait(self, itype: object, iid: int, sent_at: float | None) -> float:
        """Seconds a new answer (interaction type ``itype``, id ``iid``) may take before it is deferred: the doors'
        rule (:func:`bot.core.answer_budget`; a burst: more than :data:`bot.core.DEEP_QUEUE` answers pending, or
        no free slot), at most :attr:`defer_after`. Discord sent it within the second of the signature's timestamp
        ``sent_at``, not before its creation (its snowflake): its age counts from the earliest of that, what it
        surely waited from the latest (both 0 without ``sent_at``)."""
        age = waited = 0.0
        if sent_at is not None:
            now, created = time.time(), created_at(iid)
            age = max(0.0, now - max(sent_at, min(created, sent_at + 1.0)))
            waited = age if created >= sent_at else max(0.0, now - sent_at - 1.0)
        burst = self.pending > DEEP_QUEUE or self.slots.locked()
        budget = answer_budget(age, burst, itype == APPLICATION_COMMAND, waited)
        return max(0.0, min(budget, self.defer_after - age))

    async def handle(self, payload: dict[str, Any], sent_at: float | None = None,
                     track: metrics.Track | None = None, parsed: tuple[Invocation, bool] | None = None
                     ) -> dict[str, Any]:
        """The HTTP response body for one verified interaction ``payload``: PONG, autocomplete choices, the
        answer, or a defer whose answer follows through the webhook (a background task). ``track``: the
        interaction's metrics clock (:func:`bot.metrics.arrived`), ended when its answer is sent.

        ``sent_at``: the signature's timestamp (Unix seconds, whole, so never later than the real send time).
        When the answer is deferred is the gateway's rule (:meth:`_wait`), counted from when Discord sent it, not
        from arrival: a request that waited in a queue is deferred early enough for Discord's 3 seconds.
        ``parsed``: the application command's :meth:`command` read already (:meth:`respond`)."""
        itype = payload.get("type")
        if itype == PING:
            return {"type": PONG}
        problem = shape_problem(payload) or (None if itype in _ANSWERED else "Typ nicht unterstützt")
        if problem:  # README: a WARNING naming the interaction (≤ 1 per 10 s: unread), the user a German reply
            unread(log, payload.get("id"), itype, problem)
            if itype not in _ANSWERED:
                return {"type": CB_MESSAGE, "data": message_payload(UNSUPPORTED)}
            if itype == AUTOCOMPLETE:
                return {"type": CB_AUTOCOMPLETE, "data": {"choices": []}}
            return {"type": CB_MESSAGE, "data": message_payload(MALFORMED)}
        data = payload.get("data") or {}
        if itype == AUTOCOMPLETE:  # the choices (bot.autocomplete.choices_body, as the gateway)
            return await choices_body(self.core, data, self.table)
        copy = share_copy(payload)  # „Im Kanal teilen“ of an answer too long for its button: its message copied
        if copy is not None:
            return copy
        iid = snowflake(payload.get("id"))
        assert iid is not None  # shape_problem refused a payload whose id is no snowflake
        kind = defer_kind(payload) or (CB_DEFERRED_MESSAGE, True)
        wait = self._wait(itype, iid, sent_at)
        # the answer keeps only what it reads (not the member, channel, guild …): in a burst thousands wait
        slim = {"type": itype, "data": data, "message": {"flags": ((payload.get("message") or {}).get("flags"))},
                "parsed": parsed}
        later = Waiting(str(payload.get("application_id")), str(payload.get("token")), iid, slim, kind, track)
        if wait <= 0 and self.slots.locked():  # a burst, every slot taken: deferred now, answered by a running task
            self.waiting.append(later)
            return defer_body(*kind)
        transport = HttpTransport(self.rest, later.application_id, later.token, iid)
        task = asyncio.create_task(self._work(transport, later, wait))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        task.add_done_callback(transport.ended)
        return await transport.first  # the answer's first callback: its answer, or its defer

    async def respond(self, payload: dict[str, Any], sent_at: float | None = None,
                      track: metrics.Track | None = None) -> tuple[object, bytes]:
        """:meth:`handle`'s body for ``payload`` encoded (:func:`bot.autocomplete.encode`), with its callback type:
        what the HTTP response carries. An autocomplete of the right shape is answered as bytes at once
        (:func:`bot.autocomplete.choices_bytes`: a text typed before is not completed again), and so is a command
        whose answer the store keeps (:mod:`bot.answer_bodies`: asked before, no deferral, no webhook edit)."""
        itype, parsed = payload.get("type"), None
        if itype in (AUTOCOMPLETE, APPLICATION_COMMAND) and shape_problem(payload) is None:
            data = payload.get("data") or {}
            if itype == AUTOCOMPLETE:
                return CB_AUTOCOMPLETE, await choices_bytes(self.core, data, self.table)
            with contextlib.suppress(OptionProblem, LookupError):  # answered by handle (its German reply)
                parsed = self.command(data)
                body = kept_body(self.core.kept_answers, answer_key(*parsed))
                if body is not None:
                    return CB_MESSAGE, body
        answer = await self.handle(payload, sent_at, track, parsed)
        return answer.get("type"), encode(answer)

    async def _work(self, transport: HttpTransport, first: Waiting, wait: float) -> None:
        """Answer ``first`` (within ``wait`` seconds or deferred), then the :attr:`waiting` ones, oldest first,
        each already deferred."""
        job: Waiting | None = first
        while job is not None:
            self.current[asyncio.current_task()] = job  # what a shutdown gives up (bot.serve_transport.given_up)
            try:
                await self._answer(transport, job.payload, job.kind, wait)
            finally:
                self.current.pop(asyncio.current_task(), None)
                if job.track is not None:
                    job.track.done()
            job = self.waiting.popleft() if self.waiting else None
            if job is not None:
                transport, wait = HttpTransport(self.rest, job.application_id, job.token, job.interaction_id), 0.0
                await transport.defer(*job.kind)  # what its HTTP response was

    async def _answer(self, transport: HttpTransport, payload: dict[str, Any], kind: tuple[int, bool],
                      wait: float) -> None:
        """Answer the command or button ``payload`` and send it: as the HTTP response, or after the defer of
        ``kind`` (callback type, ephemeral; at ``wait`` seconds, the rule of :func:`bot.core.in_time`, on a timer
        of the loop: no second task) through the webhook. An unexpected error is one log line (its traceback at
        DEBUG) and :data:`bot.core.INTERNAL_ERROR`."""
        data = payload.get("data") or {}
        timer = None
        try:
            if wait <= 0:  # deferred at once; waiting for a slot then holds no request open
                transport.defer_now(*kind)
            else:
                timer = asyncio.get_running_loop().call_later(wait, transport.defer_now, *kind)
            shown = await self._slotted(payload, wait <= 0)
        except Exception as exc:
            what = (f"Fehler in /{str(data.get('name'))[:32]}" if payload.get("type") == APPLICATION_COMMAND
                    else f"Fehler bei Knopf {str(data.get('custom_id'))[:100]}")
            log_error(what, exc)
            shown = Pressed(INTERNAL_ERROR)
        finally:
            if timer is not None:
                timer.cancel()
        try:
            await deliver(transport, shown.reply, page=shown.page, origin=shown.origin, update=shown.update)
        except (aiohttp.ClientError, TimeoutError) as exc:
            undelivered(payload, transport.interaction_id, transport.deadline, exc)

    async def _slotted(self, payload: dict[str, Any], deferred: bool = False) -> Pressed:
        """The reply to the command or button ``payload``, made once one of :attr:`slots` is free (``deferred``:
        its defer's response goes out first, the slot taken)."""
        async with self.slots:
            if deferred:
                await asyncio.sleep(0)
            if payload.get("type") == APPLICATION_COMMAND:
                return await self._command_reply(payload.get("data") or {}, payload.get("parsed"))
            return await self._button_reply(payload)

    async def _command_reply(self, data: dict[str, Any], parsed: tuple[Invocation, bool] | None = None) -> Pressed:
        """The reply of the application command ``data`` (``parsed``: its :meth:`command` read already; a German
        error reply for options that do not fit), kept for the store it was made on (:mod:`bot.answer_bodies`)."""
        try:
            inv, private = parsed or self.command(data)
        except OptionProblem as problem:
            metrics.refused("bad_input")
            return Pressed(problem.reply)
        except LookupError:
            return Pressed(UNKNOWN_COMMAND)
        kept = self.core.kept_answers  # the store's before the answer: a store swapped meanwhile keeps nothing new
        reply = await self.core.run(inv, metrics.interaction_label("command", data))  # its arrival's label
        shown = as_private(reply) if private else reply
        keep(kept, answer_key(inv, private), shown)
        return Pressed(shown, 0, inv)

    async def _button_reply(self, payload: dict[str, Any]) -> Pressed:
        """The reply of a press of the button in ``payload`` (:func:`bot.commands.buttons.press`)."""
        data = payload.get("data") or {}
        custom_id = picked_custom_id(str(data.get("custom_id", "")), list(data.get("values") or []))
        private = bool(((payload.get("message") or {}).get("flags") or 0) & EPHEMERAL)
        return await press(custom_id, lambda i: self.core.run(i, metrics.interaction_label("button", data)), private)

    async def drain(self, seconds: float = DRAIN_SECONDS) -> int:
        """Shutdown: wait up to ``seconds`` for answers still running or waiting (the running tasks take the
        waiting ones meanwhile), then give up the rest (:func:`bot.serve_transport.given_up`: cancelled, logged
        as not delivered, counted); how many were given up."""
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=seconds)
        return await given_up(self.tasks, self.current, self.waiting)
