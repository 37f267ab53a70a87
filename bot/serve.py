"""``python -m bot serve``: the HTTP interactions endpoint (Discord's "Interactions Endpoint URL").

Discord POSTs every interaction as JSON, signed with Ed25519 (``X-Signature-Ed25519`` over ``X-Signature-Timestamp`` +
body, key ``DISCORD_PUBLIC_KEY``). The endpoint checks the signature before any work (bad, missing or older than
:data:`MAX_SKEW` seconds → 401), answers PING with PONG and every slash command, autocomplete and button from the
command table (:mod:`bot.commands`: the same option checker, completers, answers and buttons as the gateway bot and
the console) on the application core (:mod:`bot.core`), with the same renderer and delivery (:mod:`bot.delivery`). An
answer that is not ready in time (:func:`bot.core.answer_budget`, the gateway bot's rule too) is deferred (type 5, or
6 for paging) in the HTTP response (:func:`bot.core.in_time`) and finished through the follow-up webhook (``PATCH
/webhooks/{app}/{token}/messages/@original``); a command asked before on the store is answered at once with its kept
answer (:mod:`bot.answer_bodies`). Discord-free: no discord.py is imported.

Stateless: the store is read-only and every button carries its state in its custom_id, so any number of
workers (``--reuse-port`` lets several processes share one port) answer any interaction. ``GET /health``
answers 200 for the load balancer, also on ``HEALTH_PORT`` from a thread of its own (:mod:`bot.health`).

Hostile traffic and broken peers: connections are taken within the open-file limit, slow clients are closed, and in a
burst the rest wait in the listen queue (:mod:`bot.serve_net`); :data:`ANSWER_SLOTS` answers run at once (the rest
wait deferred, as compact records), beyond :data:`MAX_PENDING` 503; a payload of the wrong shape gets the German
"Ungültige Anfrage" (:func:`bot.delivery.shape_problem`), JSON nested too deep 400, an interaction sent again within
the signature's :data:`MAX_SKEW` seconds 409 (one process remembers what it took); the follow-up webhook is tried
again after passing faults (:mod:`bot.rest`); a flood's log lines (wrong shape, sent again, not delivered) are one per
kind every 10 s (:func:`bot.logs.limited`). Commands are registered with ``python -m bot sync``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections import deque
from typing import Any

import aiohttp
import orjson
from aiohttp import HttpVersion11, web
from nacl.signing import VerifyKey

from bot import metrics
from bot.answer_bodies import answer_key, keep, kept_body
from bot.autocomplete import choices_body, choices_bytes, encode
from bot.commands import TABLE, OptionProblem, Table
from bot.commands.buttons import Pressed, press
from bot.core import DEEP_QUEUE, DEFER_AFTER_SECONDS, INTERNAL_ERROR, Core, answer_budget, settle_heap
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
    RecentIds,
    created_at,
    defer_body,
    defer_kind,
    deliver,
    repeated,
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
from bot.serve_guard import coding_refusal, signature_refusal
from bot.serve_health import ServeHealth
from bot.serve_net import Intake
from bot.serve_sockets import connection_cap, http_error_text, listen, lobby_size, open_files, raise_file_limit
from bot.serve_transport import HttpTransport, Waiting, given_up, log_error
from bot.signature import MAX_SKEW

log = logging.getLogger(__name__)

#: Largest request body read (Discord's interactions are a few KB).
MAX_BODY = 1024 * 1024
PONG = 1
#: How long a shutdown waits for answers still running.
DRAIN_SECONDS = 3.0
#: Answers worked on at once (the others wait their turn, deferred); answers running or waiting above which a
#: new request gets 503 (memory stays bounded under overload).
ANSWER_SLOTS = 32
MAX_PENDING = 4096
#: Interaction ids remembered to refuse a request sent again (at most; within :data:`MAX_SKEW` seconds).
RECENT_MAX = 100_000

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


class Endpoint:
    """The HTTP side of ``serve``: ``POST /interactions`` (also ``POST /``) and ``GET /health`` on
    ``interactions`` for the application whose public key is ``public_key`` (64 hex digits)."""

    def __init__(self, interactions: Interactions, public_key: str, intake: Intake | None = None,
                 state: ServeHealth | None = None) -> None:
        self.interactions = interactions
        self.key = VerifyKey(bytes.fromhex(public_key))
        self.intake = intake
        self.state = state or ServeHealth(interactions, intake)
        #: Interactions taken within the signature's window: a request sent again is not answered again.
        self.recent = RecentIds(MAX_SKEW, RECENT_MAX)

    def _payload(self, request: web.BaseRequest, body: bytes) -> dict[str, Any] | web.Response:
        """The verified interaction of ``request``'s ``body``, or the response refusing it: 401 (signature, logged
        and counted: :func:`bot.serve_guard.signature_refusal`), 400 (no JSON object, nested too deep), 409 (an
        interaction taken before, within :data:`MAX_SKEW`)."""
        refused = signature_refusal(self.key, request, body)
        if refused is not None:
            return refused
        try:  # orjson (as discord.py reads the gateway's frames): about a fifth of json's CPU per request
            payload = orjson.loads(body)
        except ValueError:  # not JSON, not UTF-8, a lone surrogate, NaN, nested deeper than orjson's 1 024 levels
            return web.json_response({"error": "kein JSON"}, status=400)
        if not isinstance(payload, dict) or type(payload.get("type")) is not int:  # true and 1.0 are no PING (1)
            return web.json_response({"error": "kein Objekt mit ganzzahligem type"}, status=400)
        iid = snowflake(payload.get("id"))
        if payload.get("type") != PING and iid is not None and not self.recent.first(iid):
            repeated(log, iid, "HTTP")
            return web.json_response({"error": "schon erhalten"}, status=409)
        return payload

    async def interaction(self, request: web.BaseRequest) -> web.Response:
        """``POST /interactions``: verify, then the callback body as the response (module docstring)."""
        refused = coding_refusal(request)  # Discord signs the bytes it sends, never a coded body
        if refused is not None:
            return refused
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return web.json_response({"error": "zu groß"}, status=413)
        if self.interactions.pending >= MAX_PENDING:  # shed: answers queued beyond what memory should hold;
            metrics.refused("overload")  # before the id is remembered, so the same interaction sent again is taken
            return web.json_response({"error": "überlastet"}, status=503, headers={"Retry-After": "1"})
        payload = self._payload(request, body)
        if isinstance(payload, web.Response):
            return payload
        track = metrics.arrived(payload)
        try:
            ctype, body = await self.interactions.respond(payload, float(request.headers["X-Signature-Timestamp"]),
                                                          track)
        except Exception as exc:  # a shape shape_problem missed: one log line (traceback at DEBUG), German answer
            log_error(f"Fehler bei Interaktion vom Typ {payload.get('type')!r}", exc)
            answer = ({"type": CB_AUTOCOMPLETE, "data": {"choices": []}} if payload.get("type") == AUTOCOMPLETE
                      else {"type": CB_MESSAGE, "data": message_payload(INTERNAL_ERROR)})
            ctype, body = answer["type"], encode(answer)
        if track is not None:
            track.first(ctype)
        return web.Response(body=body, content_type="application/json")

    async def health(self, request: web.BaseRequest) -> web.Response:
        """``GET /health`` (:meth:`bot.serve_health.ServeHealth.response`); served by this loop, behind the
        interactions in a burst: the health port answers from a thread of its own (:func:`serve`)."""
        return self.state.response()

    @staticmethod
    async def metrics_page(request: web.BaseRequest) -> web.Response:
        """``GET /metrics`` (:mod:`bot.metrics`)."""
        return metrics.exposition()

    async def route(self, request: web.BaseRequest) -> web.StreamResponse:
        """The handler of ``request`` by its path and method: ``POST /interactions`` (also ``POST /``), ``GET
        /health``, ``GET /metrics`` (``HEAD`` too, as aiohttp's router takes it for ``GET``).

        Raises:
            aiohttp.web.HTTPNotFound: another path (the intake's middleware answers it in German).
            aiohttp.web.HTTPMethodNotAllowed: another method on a known path.
        """
        path, method = request.path, request.method
        if path in _INTERACTIONS:
            if method == "POST":
                return await self.interaction(request)
            raise web.HTTPMethodNotAllowed(method, ["POST"])
        page = self.health if path == "/health" else self.metrics_page if path == "/metrics" else None
        if page is None:
            raise web.HTTPNotFound()
        if method in ("GET", "HEAD"):
            return await page(request)
        raise web.HTTPMethodNotAllowed(method, ["GET", "HEAD"])

    async def dispatch(self, request: web.BaseRequest) -> web.StreamResponse:
        """Every request of aiohttp's low-level server (:func:`make_server`): a ``Expect: 100-continue`` answered
        first (as aiohttp's router does), then :meth:`route` inside the intake's middleware (:mod:`bot.serve_net`:
        the body's time, the connection's state, German refusals)."""
        expect = request.headers.get("Expect")
        if expect is not None:
            if expect.lower() != "100-continue" or request.version != HttpVersion11:
                return web.json_response({"error": http_error_text(417)}, status=417)
            await request.writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            request.writer.output_size = 0
        if self.intake is None:
            return await self.route(request)
        return await self.intake.middleware(request, self.route)


#: The paths of the interactions endpoint (``POST``), and the interaction types it answers besides PING.
_INTERACTIONS = frozenset({"/interactions", "/"})
_ANSWERED = frozenset({APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE})


def make_app(interactions: Interactions, public_key: str, intake: Intake | None = None,
             state: ServeHealth | None = None) -> web.Application:
    """The endpoint as an aiohttp application (the tests' servers take one): every path to :meth:`Endpoint.route`
    (``POST /interactions`` and ``POST /``, ``GET /health`` of ``state``, ``GET /metrics``); with ``intake``, its
    middleware bounds each request's body time (:mod:`bot.serve_net`). ``serve`` itself runs the same endpoint
    on aiohttp's low-level server (:func:`make_server`)."""
    endpoint = Endpoint(interactions, public_key, intake, state)
    metrics.enable()  # this process serves GET /metrics
    app = web.Application(client_max_size=MAX_BODY, middlewares=[intake.middleware] if intake else [])
    app.router.add_route("*", "/{path:.*}", endpoint.route)
    return app


def make_server(interactions: Interactions, public_key: str, intake: Intake | None = None,
                state: ServeHealth | None = None) -> web.Server:
    """The endpoint on aiohttp's low-level server (``web.Server``: every request to :meth:`Endpoint.dispatch`, no
    router, no application, no middleware chain per request; bodies up to :data:`MAX_BODY`), what ``serve``
    runs: per request ≈ 10–20 % less of aiohttp's CPU than an application with a router (``bench/profile_serve.py``,
    README "Betrieb im großen Maßstab"). No access log, as before."""
    endpoint = Endpoint(interactions, public_key, intake, state)
    metrics.enable()  # this process serves GET /metrics

    def request(message: Any, payload: Any, protocol: Any, writer: Any, task: Any) -> web.BaseRequest:
        return web.BaseRequest(message, payload, protocol, writer, task, asyncio.get_running_loop(),
                               client_max_size=MAX_BODY)

    # bodies as sent (no decompression: Discord signs its bytes; a coded body gets 415, bot.serve_guard)
    return web.Server(endpoint.dispatch, request_factory=request, access_log=None, auto_decompress=False)


async def serve(core: Core, public_key: str, host: str, port: int, reuse_port: bool = False,
                defer_after: float = DEFER_AFTER_SECONDS, health_port: int | None = None) -> None:
    """Open ``core`` (store, name index, the table's warm-ups, warm calculation workers) and serve until
    SIGINT/SIGTERM; then stop taking requests and let running answers finish (≤ 3 s); the caller closes
    ``core``. SIGHUP and a replaced store file switch to the new store (:meth:`bot.core.Core.reload`).
    Answers not ready after ``defer_after`` seconds are deferred. The open-file limit is raised and
    connections are taken within it (:mod:`bot.serve_net`). With ``health_port`` (0: a free one), ``GET
    /health`` and ``GET /metrics`` are also served on ``host:health_port`` from a thread of their own
    (:mod:`bot.health`; logged as "Metriken und Gesundheit: …"). Logs "HTTP-Endpunkt bereit:
    http://HOST:PORT/interactions" once listening.

    Raises:
        bot.store.StoreError: the store is missing, outdated or corrupt.
        bot.health.PortError: ``health_port`` cannot be bound.
        OSError: the address is in use or not available.
    """
    with contextlib.suppress(NotImplementedError, AttributeError):  # SIGHUP: a rebuilt store (bot.core)
        asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, core.reload_soon)  # before open: not fatal
    await core.open(TABLE.warm)
    await core.start_workers()  # before the first interaction: no process start on a request
    settle_heap()  # what lives as long as the process: out of the garbage collector's way (bot.core)
    soft, hard = raise_file_limit()
    sockets = listen(host, port, reuse_port)  # the kernel holds silent connections back (DEFER_SECONDS)
    intake = Intake(sockets, connection_cap(soft, opened := open_files()), lobby_size(soft, opened))
    log.info("Offene Dateien: höchstens %s (hart %s); bis zu %d Verbindungen gleichzeitig, weitere warten",
             soft, hard, intake.cap)
    rest = RestClient()
    interactions = Interactions(core, rest, defer_after)
    state = ServeHealth(interactions, intake)
    runner_ = web.ServerRunner(make_server(interactions, public_key, intake, state), handle_signals=False)
    await runner_.setup()
    assert runner_.server is not None  # set by setup()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    side = None
    try:
        if health_port is not None:
            side = await metrics.start_endpoint(host, health_port, state.check, state.figures)
        core.follow()
        intake.start(runner_.server)
        log.info("HTTP-Endpunkt bereit: http://%s:%s/interactions (%d Befehle)", host, sockets[0].getsockname()[1],
                 len(interactions.table.leaves))
        await stop.wait()
        state.stopping = True
        log.info("Signal empfangen, fahre herunter …")
    finally:
        await intake.stop()
        log.info("Verbindungen: %(accepted)d angenommen, %(timed_out)d zu langsam, %(evicted)d verdrängt, "
                 "%(exhausted)d mal keine Datei frei", vars(intake.stats))
        await interactions.drain()
        await runner_.cleanup()
        await rest.close()
        if side is not None:
            await side.cleanup()
