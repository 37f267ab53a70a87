"""``python -m bot serve``: the HTTP interactions endpoint (Discord's "Interactions Endpoint URL").

Discord POSTs every interaction as JSON, signed with Ed25519 (``X-Signature-Ed25519`` over
``X-Signature-Timestamp`` + body, key ``DISCORD_PUBLIC_KEY``). The endpoint checks the signature before
any work (bad, missing or older than :data:`MAX_SKEW` seconds → 401), answers PING with PONG and every
slash command, autocomplete and button from the command table (:mod:`bot.commands`: the same option checker,
completers, answers and buttons as the gateway bot and the console) on the application core (:mod:`bot.core`),
with the same renderer and delivery (:mod:`bot.delivery`). An answer that is not ready after
:data:`bot.core.DEFER_AFTER_SECONDS` is deferred (type 5, or 6 for paging) in the HTTP response
(:func:`bot.core.in_time`) and finished through the follow-up webhook
(``PATCH /webhooks/{app}/{token}/messages/@original``). Discord-free: no discord.py is imported.

Stateless: the store is read-only and every button carries its state in its custom_id, so any number of
workers (``--reuse-port`` lets several processes share one port) answer any interaction. ``GET /health``
answers 200 for the load balancer. Commands are registered with ``python -m bot sync``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp import web
from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

from bot import metrics
from bot.commands import TABLE, OptionProblem, Table, check_options
from bot.commands.buttons import Pressed, press
from bot.core import DEEP_QUEUE, DEFER_AFTER_SECONDS, INTERNAL_ERROR, Core, in_time
from bot.custom_id import Invocation
from bot.delivery import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_MESSAGE,
    MESSAGE_COMMAND,
    MESSAGE_COMPONENT,
    PING,
    defer_body,
    defer_kind,
    deliver,
    leaf_options,
)
from bot.render import EPHEMERAL, message_payload, picked_custom_id
from bot.reply import Reply, as_private

log = logging.getLogger(__name__)

#: Signatures older (or newer) than this many seconds are refused (replayed requests).
MAX_SKEW = 300
#: Largest request body read (Discord's interactions are a few KB).
MAX_BODY = 1024 * 1024
PONG = 1
#: Discord's REST API, unless discord.py is loaded in this process and points elsewhere (:func:`api_base`).
DISCORD_API = "https://discord.com/api/v10"
#: How long a shutdown waits for answers still running.
DRAIN_SECONDS = 3.0

UNSUPPORTED = Reply.fail("Nicht unterstützt", "Diese Art von Interaktion beantwortet Regelbot nicht.")
UNKNOWN_COMMAND = Reply.fail(
    "Unbekannter Befehl", "Diesen Befehl kennt diese Version des Bots nicht (Befehle neu synchronisieren)."
)

MALFORMED = Reply.fail(
    "Ungültige Anfrage", "Diese Interaktion kam in unerwarteter Form an. Bitte den Befehl erneut ausführen."
)
_SCALAR = (str, int, float, bool)


def _options_problem(options: Any, depth: int = 0) -> str | None:
    """Why an ``options`` list is not as Discord sends it (None when it is): a list of objects with a string
    ``name``, a scalar ``value`` and, for subcommands (groups), nested ``options`` (at most 2 levels)."""
    if options is None:
        return None
    if not isinstance(options, list) or depth > 2:
        return "options ist keine Liste"
    for opt in options:
        if not isinstance(opt, dict) or not isinstance(opt.get("name", ""), str):
            return "Option ohne Namen"
        if opt.get("value") is not None and not isinstance(opt.get("value"), _SCALAR):
            return f"Option {opt['name'][:32]!r}: Wert ist kein Skalar"
        problem = _options_problem(opt.get("options"), depth + 1)
        if problem:
            return problem
    return None


def shape_problem(payload: dict[str, Any]) -> str | None:
    """Why a (verified) interaction ``payload`` does not have the shape of Discord's Interaction object
    (``data`` an object; command name and options, a component's ``custom_id``/``values``, a message
    command's ``resolved`` messages of the right types), or None when it has. Checked before any work so
    that a malformed payload gets :data:`MALFORMED` and one log line, never a traceback."""
    itype = payload.get("type")
    if itype == PING:
        return None
    data = payload.get("data")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return "data ist kein Objekt"
    if itype in (APPLICATION_COMMAND, AUTOCOMPLETE):
        if not isinstance(data.get("name", ""), str):
            return "name ist kein Text"
        if data.get("type") == MESSAGE_COMMAND:
            resolved = data.get("resolved") or {}
            messages = resolved.get("messages") if isinstance(resolved, dict) else None
            if not isinstance(resolved, dict) or not isinstance(messages or {}, dict) or not all(
                    isinstance(m, dict) for m in (messages or {}).values()):
                return "resolved.messages ist kein Objekt"
        return _options_problem(data.get("options"))
    if itype == MESSAGE_COMPONENT:
        values = data.get("values")
        if not isinstance(data.get("custom_id", ""), str):
            return "custom_id ist kein Text"
        if values is not None and not (isinstance(values, list) and all(isinstance(v, str) for v in values)):
            return "values ist keine Textliste"
        message = payload.get("message")
        if message is not None and not (isinstance(message, dict) and isinstance(message.get("flags") or 0, int)):
            return "message ist kein Objekt"
    return None


def _log_error(what: str, exc: BaseException) -> None:
    """One ERROR line naming the exception; its traceback only at DEBUG (README: "tracebacks only with
    LOG_LEVEL=DEBUG")."""
    log.error("%s: %s: %s", what, type(exc).__name__, str(exc)[:200])
    log.debug("%s", what, exc_info=exc)


def verify(key: VerifyKey, signature: str, timestamp: str, body: bytes, now: float | None = None) -> bool:
    """Whether ``signature`` (hex) signs ``timestamp + body`` with ``key`` and ``timestamp`` (Unix seconds)
    is within :data:`MAX_SKEW` of ``now`` (Discord's "Security and Authorization" for interactions)."""
    if not re.fullmatch(r"[0-9a-fA-F]{128}", signature or "") or not re.fullmatch(r"[0-9]{1,12}", timestamp or ""):
        return False
    if abs((time.time() if now is None else now) - int(timestamp)) > MAX_SKEW:
        return False
    try:
        key.verify(timestamp.encode() + body, bytes.fromhex(signature))
    except BadSignatureError:
        return False
    return True


def api_base() -> str:
    """The base URL of Discord's REST API: discord.py's ``Route.BASE`` when discord.py is loaded in this process
    (a process that pointed it elsewhere, as the end-to-end tests do with their fake Discord; ``serve`` itself
    never imports it), else :data:`DISCORD_API`."""
    route = getattr(sys.modules.get("discord.http"), "Route", None)
    return str(getattr(route, "BASE", DISCORD_API))


class RestClient:
    """The few REST calls of an interaction's follow-up webhook (no bot token needed).

    The base URL is :func:`api_base` at call time (``https://discord.com/api/v10``). A 429 is
    retried after its ``retry_after`` (at most 3 times).

    Raises (from :meth:`request`): ``aiohttp.ClientResponseError`` for other error statuses.
    """

    def __init__(self) -> None:
        self.session: aiohttp.ClientSession | None = None

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """``method`` ``path`` (below the API base) with a JSON ``body``; the JSON answer or None."""
        if self.session is None:
            self.session = aiohttp.ClientSession(headers={"User-Agent": "DiscordBot (regelbot, 0.1)"})
        url = api_base() + path
        for _ in range(4):
            async with self.session.request(method, url, json=body) as resp:
                if resp.status == 429:
                    data = await resp.json(content_type=None)
                    await asyncio.sleep(min(float(data.get("retry_after", 1.0)), 10.0))
                    continue
                resp.raise_for_status()
                return await resp.json(content_type=None) if resp.status != 204 else None
        raise aiohttp.ClientError(f"{method} {path.split('/')[1]}: rate limited")

    async def close(self) -> None:
        """Close the HTTP session."""
        if self.session is not None:
            await self.session.close()


class HttpTransport:
    """:class:`bot.delivery.Transport` of one HTTP interaction: the callback is the HTTP response
    (:attr:`first`), everything after it goes through the follow-up webhook."""

    def __init__(self, rest: RestClient, application_id: str, token: str) -> None:
        self.rest = rest
        self._webhook = f"/webhooks/{application_id}/{token}"
        self.first: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._deferred: int | None = None
        self._deferred_ephemeral = False

    @property
    def responded(self) -> bool:
        """True once the HTTP response body is decided."""
        return self.first.done()

    @property
    def deferred(self) -> int | None:
        """5 or 6 when the HTTP response was a defer."""
        return self._deferred

    @property
    def deferred_ephemeral(self) -> bool:
        """Whether the defer was ephemeral."""
        return self._deferred_ephemeral

    async def respond(self, body: dict[str, Any]) -> None:
        """Make ``body`` the HTTP response (the interaction callback)."""
        self.first.set_result(body)

    async def defer(self, ctype: int, ephemeral: bool) -> None:
        """Answer the HTTP request with a defer (5 "thinking…" or 6 for an update) now."""
        if not self.first.done():
            self._deferred, self._deferred_ephemeral = ctype, ephemeral
            self.first.set_result(defer_body(ctype, ephemeral))

    async def edit_original(self, data: dict[str, Any]) -> None:
        """``PATCH /webhooks/{app}/{token}/messages/@original``."""
        await self.rest.request("PATCH", f"{self._webhook}/messages/@original", data)

    async def followup(self, data: dict[str, Any]) -> None:
        """``POST /webhooks/{app}/{token}?wait=true``."""
        await self.rest.request("POST", f"{self._webhook}?wait=true", data)

    async def delete_original(self) -> None:
        """``DELETE /webhooks/{app}/{token}/messages/@original`` (a missing message is fine)."""
        with contextlib.suppress(aiohttp.ClientResponseError):
            await self.rest.request("DELETE", f"{self._webhook}/messages/@original")


#: A door's way to defer its interaction while the answer is running (:func:`bot.core.in_time`).
Defer = Callable[[], Awaitable[None]]


class Interactions:
    """Turns interaction payloads (dicts as Discord sends them) into callback bodies.

    ``core`` is an open :class:`bot.core.Core`; the command table (``table``, default :data:`bot.commands.TABLE`)
    says which answer and which options each command has. ``tasks`` are the answers running now.
    """

    def __init__(self, core: Core, rest: RestClient, defer_after: float = DEFER_AFTER_SECONDS,
                 table: Table = TABLE) -> None:
        self.core = core
        self.rest = rest
        self.defer_after = defer_after
        self.table = table
        self.tasks: set[asyncio.Task[None]] = set()

    def command(self, data: dict[str, Any]) -> tuple[Invocation, bool]:
        """The invocation of the application command ``data`` and whether its answer is private; the message
        command ("Karten erklären") reads its options from the target message's content.

        Raises:
            bot.commands.OptionProblem: the options do not fit (checked by the table's one checker).
            LookupError: the table has no such command (:data:`UNKNOWN_COMMAND`).
        """
        if data.get("type") == MESSAGE_COMMAND:
            menu = self.table.menu(str(data.get("name")))
            if menu is None:
                raise LookupError(data.get("name"))
            target = ((data.get("resolved") or {}).get("messages") or {}).get(str(data.get("target_id"))) or {}
            return menu.invocation(self.core.context, str(target.get("content", ""))), True
        path, options = leaf_options(data)
        leaf = self.table.find(path)
        if leaf is None:
            raise LookupError(path)
        call = check_options(leaf, options)
        return call.invocation(), call.private

    async def _autocomplete(self, data: dict[str, Any]) -> dict[str, Any]:
        path, options = leaf_options(data)
        leaf = self.table.find(path)
        focused = next((o for o in options if o.get("focused")), None)
        option = leaf.option(str(focused.get("name"))) if leaf is not None and focused is not None else None
        choices = []
        if option is not None and option.completer is not None and focused is not None:
            choices = await self.core.complete(option.completer, str(focused.get("value", "")))
        return {"type": CB_AUTOCOMPLETE, "data": {"choices": [{"name": c.name, "value": c.value} for c in choices]}}

    def _wait(self, sent_at: float | None) -> float:
        """Seconds a new answer may take before it is deferred: :attr:`defer_after` after the signature's
        timestamp, none in a burst (:data:`bot.core.DEEP_QUEUE` answers running already)."""
        wait = self.defer_after if len(self.tasks) < DEEP_QUEUE else 0.0
        if sent_at is not None:
            wait = max(0.0, min(wait, sent_at + self.defer_after - time.time()))
        return wait

    async def handle(self, payload: dict[str, Any], sent_at: float | None = None) -> dict[str, Any]:
        """The HTTP response body for one verified interaction ``payload``: PONG, autocomplete choices, the
        answer, or a defer whose answer follows through the webhook (a background task).

        ``sent_at``: the signature's timestamp (Unix seconds, whole, so never later than the real send time).
        The answer is deferred ``defer_after`` seconds after it, not after arrival: a request that waited in
        a queue (a burst) is deferred early enough for Discord's 3 seconds. With more than
        :data:`bot.core.DEEP_QUEUE` answers running in this worker (a burst) it is deferred at once: the
        response goes out before the answer work instead of after up to ``defer_after`` of it."""
        itype = payload.get("type")
        if itype == PING:
            return {"type": PONG}
        problem = shape_problem(payload)
        if problem:
            log.warning("Interaktion vom Typ %r in unerwarteter Form: %s", itype, problem)
            if itype == AUTOCOMPLETE:
                return {"type": CB_AUTOCOMPLETE, "data": {"choices": []}}
            return {"type": CB_MESSAGE, "data": message_payload(MALFORMED)}
        data = payload.get("data") or {}
        if itype == AUTOCOMPLETE:
            return await self._autocomplete(data)
        if itype not in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
            return {"type": CB_MESSAGE, "data": message_payload(UNSUPPORTED)}
        transport = HttpTransport(self.rest, str(payload.get("application_id")), str(payload.get("token")))
        kind = defer_kind(payload) or (CB_DEFERRED_MESSAGE, True)
        wait = self._wait(sent_at)
        task = asyncio.create_task(self._answer(transport, payload, lambda: transport.defer(*kind), wait))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        task.add_done_callback(lambda _: metrics.finished(payload.get("id")))
        await asyncio.wait({transport.first, task}, return_when=asyncio.FIRST_COMPLETED)
        if not transport.first.done():  # the answer task ended without any response (it always sends one)
            return {"type": CB_MESSAGE, "data": message_payload(INTERNAL_ERROR)}
        return transport.first.result()

    async def _answer(self, transport: HttpTransport, payload: dict[str, Any], defer: Defer, wait: float) -> None:
        """Answer the command or button ``payload`` and send it: as the HTTP response, or after the defer (at
        ``wait`` seconds, :func:`bot.core.in_time`) through the webhook. An unexpected error is one log line
        (its traceback at DEBUG) and :data:`bot.core.INTERNAL_ERROR`."""
        data = payload.get("data") or {}
        try:
            if payload.get("type") == APPLICATION_COMMAND:
                shown = await self._command_reply(data, defer, wait)
            else:
                shown = await self._button_reply(payload, defer, wait)
        except Exception as exc:
            what = (f"Fehler in /{str(data.get('name'))[:32]}" if payload.get("type") == APPLICATION_COMMAND
                    else f"Fehler bei Knopf {str(data.get('custom_id'))[:100]}")
            _log_error(what, exc)
            shown = Pressed(INTERNAL_ERROR)
        try:
            await deliver(transport, shown.reply, page=shown.page, origin=shown.origin, update=shown.update)
        except (aiohttp.ClientError, TimeoutError) as exc:
            log.warning("Antwort über den Webhook fehlgeschlagen: %s", type(exc).__name__)

    async def _command_reply(self, data: dict[str, Any], defer: Defer, wait: float) -> Pressed:
        """The reply of the application command ``data`` (a German error reply for options that do not fit)."""
        try:
            inv, private = self.command(data)
        except OptionProblem as problem:
            metrics.refused("bad_input")
            return Pressed(problem.reply)
        except LookupError:
            return Pressed(UNKNOWN_COMMAND)
        reply = await in_time(self.core.run(inv), defer, wait)
        return Pressed(as_private(reply) if private else reply, 0, inv)

    async def _button_reply(self, payload: dict[str, Any], defer: Defer, wait: float) -> Pressed:
        """The reply of a press of the button in ``payload`` (:func:`bot.commands.buttons.press`)."""
        data = payload.get("data") or {}
        custom_id = picked_custom_id(str(data.get("custom_id", "")), list(data.get("values") or []))
        private = bool(((payload.get("message") or {}).get("flags") or 0) & EPHEMERAL)
        return await press(custom_id, lambda inv: in_time(self.core.run(inv), defer, wait), private)

    async def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """Wait up to ``seconds`` for answers still running (shutdown)."""
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=seconds)


def make_app(interactions: Interactions, public_key: str) -> web.Application:
    """The aiohttp application: ``POST /interactions`` (also ``POST /``), ``GET /health`` and ``GET /metrics``
    (:mod:`bot.metrics`)."""
    key = VerifyKey(bytes.fromhex(public_key))
    metrics.enable()  # this process serves GET /metrics

    async def interaction(request: web.Request) -> web.Response:
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return web.json_response({"error": "zu groß"}, status=413)
        signature = request.headers.get("X-Signature-Ed25519", "")
        timestamp = request.headers.get("X-Signature-Timestamp", "")
        if not verify(key, signature, timestamp, body):
            return web.json_response({"error": "ungültige Signatur"}, status=401)
        try:
            payload = json.loads(body)
        except ValueError:
            return web.json_response({"error": "kein JSON"}, status=400)
        if not isinstance(payload, dict):
            return web.json_response({"error": "kein Objekt"}, status=400)
        metrics.arrived(payload)
        try:
            answer = await interactions.handle(payload, sent_at=float(timestamp))
        except Exception as exc:  # a shape shape_problem missed: one log line (traceback at DEBUG), German answer
            _log_error(f"Fehler bei Interaktion vom Typ {payload.get('type')!r}", exc)
            answer = ({"type": CB_AUTOCOMPLETE, "data": {"choices": []}} if payload.get("type") == AUTOCOMPLETE
                      else {"type": CB_MESSAGE, "data": message_payload(INTERNAL_ERROR)})
        metrics.first_callback(payload.get("id"), answer.get("type"))
        return web.Response(body=json.dumps(answer).encode(), content_type="application/json")

    async def metrics_page(request: web.Request) -> web.Response:
        return metrics.exposition()

    async def health(request: web.Request) -> web.Response:
        return web.json_response({"status": "ok", "pid": os.getpid(), "commands": len(interactions.table.leaves),
                                  "running": len(interactions.tasks)})

    app = web.Application(client_max_size=MAX_BODY)
    app.router.add_post("/interactions", interaction)
    app.router.add_post("/", interaction)
    app.router.add_get("/health", health)
    app.router.add_get("/metrics", metrics_page)
    return app


async def serve(core: Core, public_key: str, host: str, port: int, reuse_port: bool = False,
                defer_after: float = DEFER_AFTER_SECONDS) -> None:
    """Open ``core`` (store, name index, the table's warm-ups, warm calculation workers) and serve until
    SIGINT/SIGTERM; then stop taking requests and let running answers finish (≤ 3 s); the caller closes
    ``core``. SIGHUP and a replaced store file switch to the new store (:meth:`bot.core.Core.reload`).
    Answers not ready after ``defer_after`` seconds are deferred. Logs "HTTP-Endpunkt bereit:
    http://HOST:PORT/interactions" once listening.

    Raises:
        bot.store.StoreError: the store is missing, outdated or corrupt.
        OSError: the address is in use or not available.
    """
    with contextlib.suppress(NotImplementedError, AttributeError):  # SIGHUP: a rebuilt store (bot.core)
        asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, core.reload_soon)  # before open: not fatal
    await core.open(TABLE.warm)
    await core.start_workers()  # before the first interaction: no process start on a request
    rest = RestClient()
    interactions = Interactions(core, rest, defer_after)
    runner_ = web.AppRunner(make_app(interactions, public_key), access_log=None, handle_signals=False)
    await runner_.setup()
    site = web.TCPSite(runner_, host, port, reuse_port=reuse_port or None)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    core.follow()
    try:
        await site.start()
        bound = runner_.addresses[0][1] if runner_.addresses else port
        log.info("HTTP-Endpunkt bereit: http://%s:%s/interactions (%d Befehle)", host, bound,
                 len(interactions.table.leaves))
        await stop.wait()
        log.info("Signal empfangen, fahre herunter …")
    finally:
        await site.stop()
        await interactions.drain()
        await runner_.cleanup()
        await rest.close()
