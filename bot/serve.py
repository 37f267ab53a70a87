"""``python -m bot serve``: the HTTP interactions endpoint (Discord's "Interactions Endpoint URL").

Discord POSTs every interaction as JSON, signed with Ed25519 (``X-Signature-Ed25519`` over
``X-Signature-Timestamp`` + body, key ``DISCORD_PUBLIC_KEY``). The endpoint checks the signature before
any work (bad, missing or older than :data:`MAX_SKEW` seconds → 401), answers PING with PONG and every
slash command, autocomplete and button with the same answer layer, renderer and delivery
(:mod:`bot.delivery`) as the gateway bot. An answer that is not ready after
:data:`bot.gate.DEFER_AFTER_SECONDS` is deferred (type 5, or 6 for paging) in the HTTP response and
finished through the follow-up webhook (``PATCH /webhooks/{app}/{token}/messages/@original``).

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
import time
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web
from discord import app_commands
from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

from bot import offload
from bot.answers import answer_key, run_completer
from bot.answers.chat import explain_cards, explain_options
from bot.answers.registry import CompleterFn
from bot.client import INTERNAL_ERROR, Regelbot
from bot.custom_id import OPEN, PAGE, Invocation
from bot.delivery import (
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_DEFERRED_UPDATE,
    CB_MESSAGE,
    decode_or_none,
    deliver,
    press,
    runner,
)
from bot.gate import DEEP_QUEUE, DEFER_AFTER_SECONDS
from bot.render import EPHEMERAL, message_payload, picked_custom_id
from bot.reply import Reply, as_private
from bot.slash import PRIVATE, answer_of, completers_of

log = logging.getLogger(__name__)

#: Signatures older (or newer) than this many seconds are refused (replayed requests).
MAX_SKEW = 300
#: Largest request body read (Discord's interactions are a few KB).
MAX_BODY = 1024 * 1024
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 1, 2, 3, 4
#: ``data.type`` of an application command interaction from a message context menu ("Karten erklären").
MESSAGE_COMMAND = 3
PONG = 1
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
    that a malformed payload gets :data:`MALFORMED` and one log line, never a traceback (tester F13)."""
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


class RestClient:
    """The few REST calls of an interaction's follow-up webhook (no bot token needed).

    The base URL is ``discord.http.Route.BASE`` at call time (``https://discord.com/api/v10``). A 429 is
    retried after its ``retry_after`` (at most 3 times).

    Raises (from :meth:`request`): ``aiohttp.ClientResponseError`` for other error statuses.
    """

    def __init__(self) -> None:
        self.session: aiohttp.ClientSession | None = None

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """``method`` ``path`` (below the API base) with a JSON ``body``; the JSON answer or None."""
        import discord.http

        if self.session is None:
            self.session = aiohttp.ClientSession(headers={"User-Agent": "DiscordBot (regelbot, 0.1)"})
        url = discord.http.Route.BASE + path
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

    def defer(self, ctype: int, ephemeral: bool) -> None:
        """Answer the HTTP request with a defer (5 "thinking…" or 6 for an update) now."""
        self._deferred, self._deferred_ephemeral = ctype, ephemeral
        self.first.set_result({"type": ctype, "data": {"flags": EPHEMERAL}} if ephemeral else {"type": ctype})

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


@dataclass
class _Leaf:
    """A slash command as the HTTP endpoint runs it: answer key, option name → parameter."""

    answer: str
    params: dict[str, Any]  # option (display) name -> app_commands.Parameter
    completers: dict[str, CompleterFn]  # option name -> completer


class Interactions:
    """Turns interaction payloads (dicts as Discord sends them) into callback bodies.

    ``bot`` is a :class:`~bot.client.Regelbot` after :meth:`~bot.client.Regelbot.prepare` (no Discord
    login): its command tree says which answer and which parameter each command and option is.
    """

    def __init__(self, bot: Regelbot, rest: RestClient, defer_after: float = DEFER_AFTER_SECONDS) -> None:
        self.bot = bot
        self.rest = rest
        self.defer_after = defer_after
        self.tasks: set[asyncio.Task[None]] = set()
        self.leaves: dict[tuple[str, ...], _Leaf] = {}
        for command in bot.tree.walk_commands():
            if isinstance(command, app_commands.Command):
                path = tuple(command.qualified_name.split())
                by_param = completers_of(command)
                self.leaves[path] = _Leaf(
                    answer=answer_key(answer_of(command)),
                    params={p.display_name: p for p in command.parameters},
                    completers={p.display_name: by_param[p.name] for p in command.parameters if p.name in by_param},
                )

    @staticmethod
    def _leaf_options(data: dict[str, Any]) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
        path = [str(data.get("name", ""))]
        options = list(data.get("options") or [])
        while len(options) == 1 and options[0].get("type") in (1, 2):
            path.append(str(options[0].get("name", "")))
            options = list(options[0].get("options") or [])
        return tuple(path), options

    def _command(self, data: dict[str, Any]) -> tuple[Reply | None, Invocation | None]:
        """The invocation of a command (or a German error reply for bad options); the message command
        "Karten erklären" runs :func:`bot.answers.chat.explain_cards` of the target message's cards."""
        if data.get("type") == MESSAGE_COMMAND:
            target = ((data.get("resolved") or {}).get("messages") or {}).get(str(data.get("target_id"))) or {}
            options = explain_options(self._ctx(), str(target.get("content", "")))
            return None, Invocation.answer(answer_key(explain_cards), **options)
        path, options = self._leaf_options(data)
        leaf = self.leaves.get(path)
        if leaf is None or not leaf.answer:
            return UNKNOWN_COMMAND, None
        kwargs: dict[str, Any] = {}
        for opt in options:
            param = leaf.params.get(str(opt.get("name")))
            if param is None:
                return Reply.fail("Unbekannte Option", f"Die Option „{str(opt.get('name'))[:32]}“ gibt es nicht."), None
            value = opt.get("value")
            low, high = param.min_value, param.max_value
            if isinstance(value, int | float) and not isinstance(value, bool) and (
                (low is not None and value < low) or (high is not None and value > high)
            ):
                return Reply.fail("Ungültige Eingabe", f"{param.display_name}: erlaubt ist {low} bis {high}."), None
            if param.name != PRIVATE:  # every command's option (bot.slash.private_option): see _answer_command
                kwargs[param.name] = value
        return None, Invocation.pinned(leaf.answer, **kwargs)

    async def _autocomplete(self, data: dict[str, Any]) -> dict[str, Any]:
        path, options = self._leaf_options(data)
        leaf = self.leaves.get(path)
        focused = next((o for o in options if o.get("focused")), None)
        key = leaf.completers.get(str(focused.get("name"))) if leaf and focused else None
        ctx = self.bot.answer_context
        choices = await run_completer(ctx, key, str(focused.get("value", ""))) if key and ctx and focused else []
        return {"type": CB_AUTOCOMPLETE, "data": {"choices": [{"name": c.name, "value": c.value} for c in choices]}}

    async def handle(self, payload: dict[str, Any], sent_at: float | None = None) -> dict[str, Any]:
        """The HTTP response body for one verified interaction ``payload``: PONG, autocomplete choices, the
        answer, or a defer whose answer follows through the webhook (a background task).

        ``sent_at``: the signature's timestamp (Unix seconds, whole, so never later than the real send time).
        The answer is deferred ``defer_after`` seconds after it, not after arrival: a request that waited in
        a queue (a burst) is deferred early enough for Discord's 3 seconds. With more than
        :data:`bot.gate.DEEP_QUEUE` answers running in this worker (a burst) it is deferred at once: the
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
        if itype == APPLICATION_COMMAND:
            work = self._answer_command(transport, data)
            defer = (CB_DEFERRED_MESSAGE, False)
        else:
            custom_id = picked_custom_id(str(data.get("custom_id", "")), list(data.get("values") or []))
            bid = decode_or_none(custom_id)
            private = bool(((payload.get("message") or {}).get("flags") or 0) & EPHEMERAL)
            work = self._answer_button(transport, custom_id, private)
            defer = (CB_DEFERRED_UPDATE, False) if bid is not None and bid.verb == PAGE else (
                CB_DEFERRED_MESSAGE, bid is None or bid.verb == OPEN)
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        with contextlib.suppress(TimeoutError):
            wait = self.defer_after if len(self.tasks) <= DEEP_QUEUE else 0.0
            if sent_at is not None:
                wait = max(0.0, min(wait, sent_at + self.defer_after - time.time()))
            return await asyncio.wait_for(asyncio.shield(transport.first), wait)
        if not transport.first.done():
            transport.defer(*defer)
        return transport.first.result()

    async def _answer_command(self, transport: HttpTransport, data: dict[str, Any]) -> None:
        try:
            error, inv = self._command(data)
            _, options = self._leaf_options(data)
            private = data.get("type") == MESSAGE_COMMAND or any(
                o.get("name") == PRIVATE and o.get("value") is True for o in options)
            reply = error if inv is None else await runner(self._ctx())(inv)
            reply = as_private(reply) if private and reply is not None else reply
        except Exception as exc:
            _log_error("Fehler in /" + str(data.get("name") if isinstance(data, dict) else "?")[:32], exc)
            reply, inv = INTERNAL_ERROR, None
        await self._send(transport, reply or INTERNAL_ERROR, origin=inv)

    async def _answer_button(self, transport: HttpTransport, custom_id: str, private: bool = False) -> None:
        try:
            pressed = await press(custom_id, runner(self._ctx()), private)
        except Exception as exc:
            _log_error(f"Fehler bei Knopf {custom_id[:100]}", exc)
            await self._send(transport, INTERNAL_ERROR)
            return
        await self._send(transport, pressed.reply, origin=pressed.origin, page=pressed.page, update=pressed.update)

    async def _send(self, transport: HttpTransport, reply: Reply, **kw: Any) -> None:
        try:
            await deliver(transport, reply, **kw)
        except (aiohttp.ClientError, TimeoutError) as exc:
            log.warning("Antwort über den Webhook fehlgeschlagen: %s", type(exc).__name__)

    def _ctx(self) -> Any:
        if self.bot.answer_context is None:
            raise RuntimeError("prepare() has not run")
        return self.bot.answer_context

    async def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """Wait up to ``seconds`` for answers still running (shutdown)."""
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=seconds)


def make_app(interactions: Interactions, public_key: str) -> web.Application:
    """The aiohttp application: ``POST /interactions`` (also ``POST /``) and ``GET /health``."""
    key = VerifyKey(bytes.fromhex(public_key))

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
        try:
            answer = await interactions.handle(payload, sent_at=float(timestamp))
        except Exception as exc:  # a shape shape_problem missed: one log line (traceback at DEBUG), German answer
            _log_error(f"Fehler bei Interaktion vom Typ {payload.get('type')!r}", exc)
            answer = ({"type": CB_AUTOCOMPLETE, "data": {"choices": []}} if payload.get("type") == AUTOCOMPLETE
                      else {"type": CB_MESSAGE, "data": message_payload(INTERNAL_ERROR)})
        return web.Response(body=json.dumps(answer).encode(), content_type="application/json")

    async def health(request: web.Request) -> web.Response:
        return web.json_response({"status": "ok", "pid": os.getpid(), "commands": len(interactions.leaves),
                                  "running": len(interactions.tasks)})

    app = web.Application(client_max_size=MAX_BODY)
    app.router.add_post("/interactions", interaction)
    app.router.add_post("/", interaction)
    app.router.add_get("/health", health)
    return app


async def serve(bot: Regelbot, public_key: str, host: str, port: int, reuse_port: bool = False,
                defer_after: float = DEFER_AFTER_SECONDS) -> None:
    """Prepare ``bot`` (store, name index, command tree) and serve until SIGINT/SIGTERM; then stop taking
    requests, let running answers finish (≤ 3 s) and close. Answers not ready after ``defer_after``
    seconds are deferred. Logs "HTTP-Endpunkt bereit: http://HOST:PORT/interactions" once listening.

    Raises:
        bot.store.StoreError: the store is missing, outdated or corrupt.
        OSError: the address is in use or not available.
    """
    await bot.prepare()
    offload.start()  # warm the calculation workers before the first interaction (no spawn on a request)
    await offload.ready()
    rest = RestClient()
    interactions = Interactions(bot, rest, defer_after)
    runner_ = web.AppRunner(make_app(interactions, public_key), access_log=None, handle_signals=False)
    await runner_.setup()
    site = web.TCPSite(runner_, host, port, reuse_port=reuse_port or None)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await site.start()
        bound = runner_.addresses[0][1] if runner_.addresses else port
        log.info("HTTP-Endpunkt bereit: http://%s:%s/interactions (%d Befehle)", host, bound, len(interactions.leaves))
        await stop.wait()
        log.info("Signal empfangen, fahre herunter …")
    finally:
        await site.stop()
        await interactions.drain()
        await runner_.cleanup()
        await rest.close()
