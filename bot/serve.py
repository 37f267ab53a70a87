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
burst the rest wait in the listen queue (:mod:`bot.serve_net`); :data:`bot.serve_interactions.ANSWER_SLOTS` answers
run at once (the rest wait deferred, as compact records), beyond :data:`MAX_PENDING` 503; a payload of the wrong
shape gets the German "Ungültige Anfrage" (:func:`bot.delivery.shape_problem`), JSON nested too deep 400, an
interaction sent again within the signature's :data:`MAX_SKEW` seconds 409 (one process remembers what it took); the
follow-up webhook is tried again after passing faults (:mod:`bot.rest`); a flood's log lines (wrong shape, sent
again, not delivered) are one per kind every 10 s (:func:`bot.logs.limited`). Commands are registered with ``python
-m bot sync``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

import orjson
from aiohttp import HttpVersion11, web
from nacl.signing import VerifyKey

from bot import metrics
from bot.autocomplete import encode
from bot.commands import TABLE
from bot.core import DEFER_AFTER_SECONDS, INTERNAL_ERROR, Core, settle_heap
from bot.delivery import (
    AUTOCOMPLETE,
    CB_AUTOCOMPLETE,
    CB_MESSAGE,
    PING,
    RecentIds,
    repeated,
    snowflake,
)
from bot.render import message_payload
from bot.rest import RestClient
from bot.serve_guard import coding_refusal, signature_refusal
from bot.serve_health import ServeHealth
from bot.serve_interactions import Interactions
from bot.serve_net import Intake
from bot.serve_sockets import connection_cap, http_error_text, listen, lobby_size, open_files, raise_file_limit
from bot.serve_transport import log_error
from bot.signature import MAX_SKEW

log = logging.getLogger(__name__)

#: Largest request body read (Discord's interactions are a few KB).
MAX_BODY = 1024 * 1024
#: Answers running or waiting above which a new request gets 503 (memory stays bounded under overload).
MAX_PENDING = 4096
#: Interaction ids remembered to refuse a request sent again (at most; within :data:`MAX_SKEW` seconds).
RECENT_MAX = 100_000


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


#: The paths of the interactions endpoint (``POST``).
_INTERACTIONS = frozenset({"/interactions", "/"})


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
