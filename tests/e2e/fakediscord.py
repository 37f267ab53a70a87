"""A fake Discord on 127.0.0.1 that the unmodified discord.py 2.x stack can talk to.

It plays the REST API (``/api/v10/...``) and the gateway websocket (``/gateway``) well enough for a
bot to log in, sync its application commands, connect, survive RECONNECT / INVALID_SESSION and answer
interactions. Tests drive it with :meth:`FakeDiscord.command`, :meth:`FakeDiscord.autocomplete` and
:meth:`FakeDiscord.component`, which dispatch an ``INTERACTION_CREATE`` and await the bot's answer.

The recipe and its traps are in ``/work/shared/DESIGN.md`` ("Testing against a fake Discord"):
JSON replies carry ``Content-Type: application/json`` exactly (discord.py's ``json_or_text`` compares the
header verbatim), the server never answers 5xx (discord.py would retry with sleeps), unknown routes get a
JSON 404 and are recorded in :attr:`FakeDiscord.unknown`.
"""

# Deadlines are parameters here on purpose: a missed one raises with what the bot did instead.
# ruff: noqa: ASYNC109
from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
import json
import logging
import re
import socket
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web
from cpuwait import CPU_WAIT, Mark
from discordcheck import choices_problems, commands_problems, emoji_problems, message_problems
from faults import Faults

log = logging.getLogger(__name__)

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
#: Seconds a kept-alive connection to the HTTP endpoint is reused: half the time after which the endpoint may
#: close an idle one to make room for a newcomer (``bot.serve_net.EVICT_AFTER_SECONDS``, 2 s; else
#: ``IDLE_SECONDS``, 5 s). This client starts the clock when it has read the answer, the endpoint when it has
#: made it: on a loaded machine half a second apart, and at 2 s each a request on a connection closed at that
#: moment failed (ServerDisconnectedError).
CLIENT_KEEPALIVE = 1.0

# gateway opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE, OP_VOICE = 0, 1, 2, 3, 4
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION = 6, 7, 8, 9
OP_HELLO, OP_HEARTBEAT_ACK = 10, 11

# application command option types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, NUMBER = 1, 2, 3, 4, 5, 10

# interaction types and callback types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE, CB_AUTOCOMPLETE, CB_MODAL = 4, 5, 6, 7, 8, 9


class FakeDiscordError(AssertionError):
    """The bot did something the fake (or the test) did not expect, e.g. no answer in time."""


@dataclass
class Request:
    """One HTTP request the bot made: method, path (without ``/api/v10``), query, JSON body (or None), the
    answer's status and the request's User-Agent (which client sent it: discord.py's names discord.py)."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int = 200
    user_agent: str = ""


@dataclass
class InteractionResult:
    """What the bot did with one interaction.

    Attributes:
        id: the interaction id; ``token`` its token.
        type: the interaction type sent (2 command, 3 component, 4 autocomplete).
        callbacks: every ``POST /interactions/{id}/{token}/callback`` body, in order (``{"type", "data"}``).
        followups: bodies of ``POST /webhooks/{app}/{token}`` (follow-up messages), in order.
        edits: bodies of ``PATCH /webhooks/{app}/{token}/messages/@original``, in order.
        message: the message the interaction produced or updated, as the fake stores it (a Discord
            message object with ``id``, ``content``, ``embeds``, ``components``, ``flags``), or None.
        seconds: time from dispatch to the first callback.
        sent: time from the start of the dispatch to the moment the fake had written it to the gateway
            (the fake's own share of ``seconds``: in a burst, how long the fake took to send them all).
        refused: the first callback came after Discord's 3 s and was refused (the user saw
            "Die Interaktion ist fehlgeschlagen"); it is still in ``callbacks`` for diagnosis.
        original_deleted: the bot deleted the deferred "thinking…" message (``DELETE …/@original``);
            the next follow-up is then a new message with its own visibility.
    """

    id: str
    token: str
    type: int
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    followups: list[dict[str, Any]] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    message: dict[str, Any] | None = None
    seconds: float = 0.0
    sent: float = 0.0
    refused: bool = False
    original_deleted: bool = False

    @property
    def callback_type(self) -> int:
        """Type of the first callback (4 message, 5 deferred, 6 deferred update, 7 update, 8 choices)."""
        return self.callbacks[0]["type"]

    @property
    def data(self) -> dict[str, Any]:
        """The ``data`` of the first callback (``{}`` when it had none)."""
        return self.callbacks[0].get("data") or {}

    @property
    def final(self) -> dict[str, Any]:
        """The message as the user finally sees it.

        The last edit of the original, else the first follow-up, else the callback's data. A :attr:`refused`
        interaction has no message (Discord shows "Die Interaktion ist fehlgeschlagen"): ``{}``, never the
        refused callback's data (a refused defer would look like an empty message).
        """
        if self.refused:
            return {}
        if self.edits:
            return self.edits[-1]
        if self.followups:
            return self.followups[0]
        return self.data

    @property
    def ephemeral(self) -> bool:
        """True when only the user sees the answer.

        As on Discord, a deferred reply's visibility is fixed by the defer (type 5 flags); the first
        follow-up replaces the "thinking" message and cannot change it. Button answers that update
        the message (type 6/7) keep the message's visibility; after a deferred update (type 6) that never edits
        the message, a follow-up is a new message of its own, private when its flags say so (a refused
        page turn answered late).
        """
        late_new = self.callback_type == CB_DEFERRED_UPDATE and not self.edits
        if (self.original_deleted or late_new) and self.followups:
            return bool((self.followups[0].get("flags") or 0) & EPHEMERAL)
        if self.callback_type in (CB_MESSAGE, CB_DEFERRED_MESSAGE):
            return bool((self.data.get("flags") or 0) & EPHEMERAL)
        return bool(((self.message or {}).get("flags") or 0) & EPHEMERAL)

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """The embeds of :attr:`final`."""
        return self.final.get("embeds") or []

    @property
    def content(self) -> str:
        """The text content of :attr:`final` ('' when none)."""
        return self.final.get("content") or ""

    @property
    def components(self) -> list[dict[str, Any]]:
        """The action rows of the message (from :attr:`message`, else :attr:`final`)."""
        source = self.message if self.message is not None else self.final
        return source.get("components") or []

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices of a type 8 callback (``[{"name", "value", ...}]``)."""
        return self.data.get("choices") or []

    def buttons(self) -> list[dict[str, Any]]:
        """Every button (component type 2) in the message's action rows."""
        return [c for c in _walk_components(self.components) if c.get("type") == 2]


@dataclass
class _Shard:
    """One gateway connection: the websocket, the shard it identified as, its session and sequence."""

    ws: web.WebSocketResponse
    shard_id: int = 0
    shard_count: int = 1
    session_id: str | None = None
    seq: int = 0
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def shard_of(guild_id: int | str, shard_count: int) -> int:
    """Discord's routing: the shard that receives a guild's events, ``(guild_id >> 22) % shard_count``."""
    return (int(guild_id) >> 22) % shard_count


def guild_on_shard(shard_id: int, shard_count: int, n: int = 0) -> str:
    """The ``n``-th made-up guild id whose events go to ``shard_id`` of ``shard_count``."""
    base = 1200000000000000001 >> 22
    hits = (g for g in itertools.count(base) if g % shard_count == shard_id)
    return str(next(itertools.islice(hits, n, None)) << 22 | 1)


@dataclass
class _Pending:
    result: InteractionResult
    started: float
    #: The run-queue waits when it was sent (cpuwait.py): a callback is late by the time not spent waiting.
    cpu: Mark = field(default_factory=CPU_WAIT.mark)
    first: asyncio.Event = field(default_factory=asyncio.Event)
    webhook: asyncio.Event = field(default_factory=asyncio.Event)
    component_message_id: str | None = None


@contextlib.contextmanager
def aged(fake: FakeDiscord, seconds: float) -> Iterator[None]:
    """Interactions (and messages) ``fake`` makes meanwhile carry snowflakes ``seconds`` older than now (as if
    they had waited in a queue before the bot read them: the gateway bot then defers them at once)."""
    original = fake.snowflake
    fake.snowflake = lambda: str(int(original()) - (int(seconds * 1000) << 22))  # type: ignore[method-assign]
    try:
        yield
    finally:
        fake.snowflake = original  # type: ignore[method-assign]


def _walk_components(rows: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for c in rows:
        yield c
        yield from _walk_components(c.get("components") or [])


def _invalid(problems: list[str]) -> web.Response:
    return _json({"message": "Invalid Form Body", "code": 50035, "errors": {"_fake": problems}}, status=400)


def _json(data: Any, status: int = 200) -> web.Response:
    # Content-Type set verbatim: aiohttp's json_response would add "; charset=utf-8",
    # which discord.py's json_or_text does not recognise as JSON.
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


class FakeDiscord:
    """A loopback server playing Discord's REST API and gateway for one bot.

    Use as ``async with FakeDiscord() as fake:``; ``fake.url`` is ``http://127.0.0.1:PORT``. Give
    the bot ``REGELBOT_FAKE_DISCORD_URL=fake.url`` (see ``tests/e2e/site/sitecustomize.py``).

    Attributes:
        requests: every HTTP request, in order (:class:`Request`).
        unknown: requests to routes the fake does not know (answered with a JSON 404).
        errors: exceptions raised inside the fake's handlers (answered with a JSON 400, never 5xx).
        synced: the last command list PUT per scope: key None for global, else the guild id (str).
        emojis / emoji_posts / emoji_limit: the application's emojis by name, the accepted uploads in order,
            the limit past which uploads are refused (``/applications/{id}/emojis``).
        sync_count: how many ``PUT .../commands`` requests arrived.
        identifies / resumes: IDENTIFY and RESUME payloads received, in order.
        gateway_ops: every gateway opcode received from the bot, in order.
        invalid: payloads Discord would reject (limits, empty message, bad command names…; see
            discordcheck.py); they are answered with a 400 "Invalid Form Body" (code 50035) as on Discord.
        callback_deadline / late: as on Discord, a callback later than ``callback_deadline`` seconds
            after the dispatch is refused (404, code 10062 "Unknown interaction") and noted in ``late``. The
            seconds the fake's process or a process it started (the bot) waited for a CPU meanwhile are not
            counted (cpuwait.py: a crowded machine, not the bot, took them); ``crowded`` notes each callback
            that came later than the deadline only by such waits. A deadline of 0 makes every callback late.
        token: when set, REST calls that need the bot token (all but the interaction callbacks and
            webhooks) must carry ``Authorization: Bot <token>``, else they get a 401 like Discord's.
        shards / max_concurrency: what ``GET /gateway/bot`` recommends (shard count, identify buckets).
            Each gateway connection identifies as one shard (``IDENTIFY.shard = [id, count]``; an id not
            below its count is closed with 4010 like Discord); a guild's interactions go to the shard
            ``(guild_id >> 22) % count`` (:func:`shard_of`), a DM's to shard 0.
        dispatched: ``(shard id, interaction id)`` of every interaction sent, in order.
        interactions_url: when set (:meth:`use_http`), interactions are not dispatched over the gateway but
            POSTed, signed with Ed25519 like Discord does, to this HTTP interactions endpoint; its HTTP
            response is the interaction's first callback (checked and recorded like a callback POST).
        faults: when set (a :class:`faults.Faults`), REST faults on a third of the callbacks and follow-up
            webhook calls: 429 with and without ``Via``, 502, a reset connection, a reply held back 2–5 s.
    """

    def __init__(self, *, app_id: int = 1100000000000000001, bot_id: int | None = None,
                 guild_id: int = 1200000000000000001, channel_id: int = 1300000000000000001,
                 heartbeat_interval_ms: int = 41250, token: str | None = None, shards: int = 1,
                 max_concurrency: int = 1) -> None:
        self.app_id = str(app_id)
        self.bot_id = str(bot_id or app_id)
        self.guild_id = str(guild_id)
        self.channel_id = str(channel_id)
        self.foreign_guild_id = str(guild_id + 998)  # a server the bot is not in (user installs)
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.token = token
        self.callback_deadline = 3.0
        self.late: list[str] = []
        self.crowded: list[str] = []
        self.invalid: list[str] = []
        self.requests: list[Request] = []
        self.unknown: list[Request] = []
        self.errors: list[str] = []
        self.synced: dict[str | None, list[dict[str, Any]]] = {}
        self.sync_count = 0
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        self.gateway_ops: list[int] = []
        self.messages: dict[str, dict[str, Any]] = {}
        self.channel_posts: list[dict[str, Any]] = []  # POST /channels/{id}/messages (not interaction replies)
        #: The application's emojis by name (``GET``/``POST /applications/{id}/emojis``); ``emoji_posts`` the
        #: names of every accepted upload, in order; ``emoji_limit`` the application's emoji limit (Discord:
        #: 2000), past which an upload gets 400 with code 30018 like Discord's.
        self.emojis: dict[str, dict[str, Any]] = {}
        self.emoji_posts: list[str] = []
        self.emoji_limit = 2000
        self._posted = asyncio.Event()
        self._ids = itertools.count(1)
        self._pending: dict[str, _Pending] = {}
        self._by_token: dict[str, _Pending] = {}
        self.shards = shards
        self.max_concurrency = max_concurrency
        self.dispatched: list[tuple[int, str]] = []
        self.identify_times: list[float] = []  # time.monotonic() of each IDENTIFY, parallel to identifies
        self._conns: dict[int, _Shard] = {}  # shard id -> its current connection
        self._any_ready = asyncio.Event()
        self.interactions_url: str | None = None
        #: Faults injected on the answer path (callbacks and follow-up webhooks), None: none (faults.py).
        self.faults: Faults | None = None
        self._signing_key: Any = None
        self._client: Any = None
        self._posts: set[asyncio.Task[None]] = set()
        self._runner: web.AppRunner | None = None
        self._sock: socket.socket | None = None
        self.port = 0
        self.bot_user = {"id": self.bot_id, "username": "Regelbot", "discriminator": "0",
                         "global_name": "Regelbot", "avatar": None, "bot": True, "flags": 0,
                         "public_flags": 0, "verified": True, "mfa_enabled": False}
        self.owner = {"id": "1000000000000000009", "username": "owner", "discriminator": "0",
                      "global_name": "Owner", "avatar": None, "public_flags": 0}

    # ------------------------------------------------------------------ lifecycle

    @property
    def url(self) -> str:
        """Base URL of the fake, ``http://127.0.0.1:PORT`` (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> FakeDiscord:
        """Bind a free port on 127.0.0.1 and start serving."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/{tail:.*}", self._http)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        await web.SockSite(self._runner, self._sock).start()
        return self

    async def close(self) -> None:
        """Close the gateway connection and stop the server."""
        for conn in list(self._conns.values()):
            if not conn.ws.closed:
                with contextlib.suppress(Exception):
                    await conn.ws.close(code=1001)
        if self._client is not None:
            await self._client.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._sock is not None:
            self._sock.close()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ helpers

    def snowflake(self) -> str:
        """A fresh, increasing snowflake id (as Discord sends them: a string)."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return str((ms << 22) | (next(self._ids) & 0x3FFFFF))

    def user(self, locale: str = "de", *, user_id: str = "1000000000000000042",
             name: str = "spieler") -> dict[str, Any]:
        """A Discord user object for an interaction."""
        return {"id": user_id, "username": name, "discriminator": "0", "global_name": name.title(),
                "avatar": None, "public_flags": 0, "locale": locale}

    def commands(self, guild_id: str | None = None) -> list[dict[str, Any]]:
        """The command list the bot last synced to ``guild_id`` (None: global). Raises if none was synced."""
        if guild_id not in self.synced:
            raise FakeDiscordError(f"no command sync for scope {guild_id!r}; syncs: {list(self.synced)}")
        return self.synced[guild_id]

    def _all_commands(self) -> list[tuple[str | None, dict[str, Any]]]:
        return [(scope, cmd) for scope, cmds in self.synced.items() for cmd in cmds]

    def find_command(self, name: str, *, type_: int = 1) -> tuple[str | None, dict[str, Any]]:
        """Find a synced command by its base name or any localized name; returns (guild scope, command)."""
        for scope, cmd in self._all_commands():
            names = {cmd["name"], *(cmd.get("name_localizations") or {}).values()}
            if name in names and cmd.get("type", 1) == type_:
                return scope, cmd
        known = sorted(c["name"] for _, c in self._all_commands())
        raise FakeDiscordError(f"no synced command named {name!r}; synced: {known}")

    @staticmethod
    def _find_option(options: list[dict[str, Any]], name: str) -> dict[str, Any]:
        for opt in options:
            if name in {opt["name"], *(opt.get("name_localizations") or {}).values()}:
                return opt
        raise FakeDiscordError(f"no option {name!r}; options: {[o['name'] for o in options]}")

    def _build_options(self, declared: list[dict[str, Any]], given: Mapping[str, Any],
                       focused: str | None = None) -> list[dict[str, Any]]:
        out = []
        for key, value in given.items():
            opt = self._find_option(declared, key)
            kind = opt.get("type", STRING)
            if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise FakeDiscordError(f"{key!r} is a subcommand; pass subcommand=/group=")
            item: dict[str, Any] = {"name": opt["name"], "type": kind, "value": value}
            if focused is not None and opt["name"] == self._find_option(declared, focused)["name"]:
                item["focused"] = True
                item["value"] = str(value)  # Discord sends the partial text as typed
            out.append(item)
        return out

    def _command_data(self, name: str, options: Mapping[str, Any] | None, *, subcommand: str | None,
                      group: str | None, focused: str | None) -> dict[str, Any]:
        scope, cmd = self.find_command(name)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if scope is not None:
            data["guild_id"] = scope
        declared = cmd.get("options") or []
        wrap: list[tuple[dict[str, Any], int]] = []
        if group is not None:
            g = self._find_option(declared, group)
            wrap.append((g, SUB_COMMAND_GROUP))
            declared = g.get("options") or []
        if subcommand is not None:
            s = self._find_option(declared, subcommand)
            wrap.append((s, SUB_COMMAND))
            declared = s.get("options") or []
        opts = self._build_options(declared, options or {}, focused)
        for node, kind in reversed(wrap):
            opts = [{"name": node["name"], "type": kind, "options": opts}]
        if opts:
            data["options"] = opts
        return data

    # ------------------------------------------------------------------ HTTP interactions

    def use_http(self, url: str, signing_key: Any) -> None:
        """Send interactions to the HTTP endpoint ``url`` signed with ``signing_key`` (a PyNaCl SigningKey
        whose verify key the endpoint has as ``DISCORD_PUBLIC_KEY``) instead of the gateway."""
        self.interactions_url = url
        self._signing_key = signing_key

    def sign(self, body: bytes, timestamp: str | None = None) -> dict[str, str]:
        """The headers Discord adds: ``X-Signature-Timestamp`` and ``X-Signature-Ed25519`` over ts + body."""
        ts = timestamp or str(int(time.time()))
        signature = self._signing_key.sign(ts.encode() + body).signature.hex()
        return {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": ts, "Content-Type": "application/json"}

    async def post_signed(self, payload: Any, *, headers: Mapping[str, str] | None = None,
                          raw: bytes | None = None) -> tuple[int, Any]:
        """POST ``payload`` (JSON; or the bytes ``raw``) to the endpoint, signed unless ``headers`` are given;
        returns (status, JSON body or text)."""
        import aiohttp

        if self._client is None:
            # A kept-alive connection is let go well before the endpoint closes idle ones (IDLE_SECONDS, 5 s):
            # reusing one at the moment the endpoint closes it fails the request (ClientOSError).
            connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=CLIENT_KEEPALIVE)
            self._client = aiohttp.ClientSession(connector=connector)
        assert self.interactions_url is not None, "use_http() first"
        body = raw if raw is not None else json.dumps(payload).encode()
        async with self._client.post(self.interactions_url, data=body,
                                     headers=dict(headers) if headers is not None else self.sign(body)) as resp:
            text = await resp.text()
            try:
                return resp.status, json.loads(text)
            except ValueError:
                return resp.status, text

    async def ping(self) -> tuple[int, Any]:
        """A signed PING (type 1) as Discord sends it when the endpoint URL is saved."""
        iid = self.snowflake()
        return await self.post_signed({"id": iid, "application_id": self.app_id, "type": PING,
                                       "token": f"itok{iid}", "version": 1})

    async def _post_interaction(self, payload: dict[str, Any], pending: _Pending) -> None:
        try:
            status, answer = await self.post_signed(payload)
        except Exception as exc:
            self.errors.append(f"HTTP interaction {payload['id']}: {exc!r}")
            return
        if status != 200 or not isinstance(answer, dict):
            self.errors.append(f"HTTP interaction {payload['id']}: status {status}: {str(answer)[:200]}")
            return
        self._callback(payload["id"], payload["token"], answer)

    # ------------------------------------------------------------------ test API

    async def wait_ready(self, timeout: float = 15.0, shards: Iterable[int] | None = None) -> None:
        """Wait until a gateway session is up (READY or RESUMED sent); with ``shards``, until each of
        those shards has its session up."""
        deadline = time.monotonic() + timeout
        wanted = None if shards is None else list(shards)
        while True:
            if wanted is None and any(c.ready.is_set() for c in self._conns.values()):
                return
            if wanted is not None and all(s in self._conns and self._conns[s].ready.is_set() for s in wanted):
                return
            left = deadline - time.monotonic()
            if left <= 0:
                what = "the gateway" if wanted is None else f"shards {wanted} (up: {self.ready_shards()})"
                raise FakeDiscordError(f"bot did not connect to {what} within {timeout} s")
            self._any_ready.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._any_ready.wait(), min(left, 0.05))

    def ready_shards(self) -> list[int]:
        """The shard ids whose sessions are up, sorted."""
        return sorted(s for s, c in self._conns.items() if c.ready.is_set() and not c.ws.closed)

    async def wait_sync(self, timeout: float = 15.0, count: int = 1) -> None:
        """Wait until at least ``count`` command syncs (PUT) have arrived."""
        deadline = time.monotonic() + timeout
        while self.sync_count < count:
            if time.monotonic() > deadline:
                raise FakeDiscordError(f"no command sync within {timeout} s")
            await asyncio.sleep(0.02)

    def _conn(self, shard: int) -> _Shard:
        conn = self._conns.get(shard)
        if conn is None or conn.ws.closed:
            raise FakeDiscordError(f"bot is not connected to the gateway (shard {shard}; up: {self.ready_shards()})")
        return conn

    async def send_reconnect(self, shard: int = 0) -> None:
        """Send op 7 RECONNECT on ``shard``; the bot should reconnect and RESUME."""
        conn = self._conn(shard)
        conn.ready.clear()
        await self._send({"op": OP_RECONNECT, "d": None}, conn)

    async def send_invalid_session(self, resumable: bool = False, shard: int = 0) -> None:
        """Send op 9 INVALID_SESSION (``d`` = ``resumable``) on ``shard``; the bot should IDENTIFY (or RESUME)."""
        conn = self._conn(shard)
        conn.ready.clear()
        if not resumable:
            conn.session_id = None
        await self._send({"op": OP_INVALID_SESSION, "d": resumable}, conn)

    async def send_text(self, text: str, shard: int = 0) -> None:
        """Send ``text`` as one gateway text frame on ``shard``, as it is (a frame Discord would never send:
        not JSON, or JSON nested too deep to read)."""
        conn = self._conn(shard)
        async with conn.lock:
            if conn.ws.closed:
                raise FakeDiscordError(f"bot is not connected to the gateway (shard {shard})")
            await conn.ws.send_str(text)

    async def dispatch(self, event: str, data: dict[str, Any], shard: int = 0) -> None:
        """Send a DISPATCH (op 0) event with the next sequence number on ``shard``'s connection."""
        conn = self._conn(shard)
        async with conn.lock:
            conn.seq += 1
            payload = {"op": OP_DISPATCH, "t": event, "s": conn.seq, "d": data}
            if conn.ws.closed:
                raise FakeDiscordError(f"bot is not connected to the gateway (shard {shard})")
            await conn.ws.send_str(json.dumps(payload))

    def _interaction(self, itype: int, data: dict[str, Any], locale: str, *, guild: bool | str,
                     message: dict[str, Any] | None = None, user_install: bool = False) -> dict[str, Any]:
        iid = self.snowflake()
        guild_id = guild if isinstance(guild, str) else self.guild_id
        payload: dict[str, Any] = {
            "id": iid, "application_id": self.app_id, "type": itype, "data": data,
            "token": f"itok{iid}", "version": 1, "locale": locale,
            "attachment_size_limit": 8 * 1024 * 1024, "app_permissions": "562949953421311",
            "entitlements": [], "authorizing_integration_owners": {"0": guild_id},
        }
        user = self.user(locale)
        if guild:
            payload.update(
                guild_id=guild_id, guild_locale="de", context=0,
                guild={"id": guild_id, "locale": "de", "features": []},
                channel_id=self.channel_id,
                channel={"id": self.channel_id, "type": 0, "guild_id": guild_id, "name": "regeln",
                         "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                         "flags": 0},
                member={"user": user, "roles": [], "joined_at": "2024-01-01T00:00:00+00:00",
                        "deaf": False, "mute": False, "flags": 0, "pending": False,
                        "permissions": "562949953421311", "nick": None, "avatar": None},
            )
        else:
            payload.update(context=1, user=user, channel_id=self.channel_id,
                           channel={"id": self.channel_id, "type": 1, "recipients": [user], "flags": 0})
        if user_install:
            # Discord's user install: the user authorised the app (key "1" = USER_INSTALL), in a server the
            # bot is not a member of (no guild state anywhere, only the partial guild and channel below)
            payload["authorizing_integration_owners"] = {"1": user["id"]}
            if guild:
                payload.update(guild_id=self.foreign_guild_id, guild={"id": self.foreign_guild_id, "locale": "de",
                                                                       "features": []},
                               guild_locale="de", app_permissions="0")
                payload["channel"] = {**payload["channel"], "guild_id": self.foreign_guild_id}
        if message is not None:
            payload["message"] = message
        return payload

    async def _run(self, payload: dict[str, Any], *, timeout: float, wait_webhook: bool,
                   settle: float) -> InteractionResult:
        result = InteractionResult(id=payload["id"], token=payload["token"], type=payload["type"])
        pending = _Pending(result=result, started=time.perf_counter())
        if "message" in payload:
            pending.component_message_id = payload["message"]["id"]
        self._pending[result.id] = pending
        self._by_token[result.token] = pending
        if self.interactions_url is not None:
            task = asyncio.create_task(self._post_interaction(payload, pending))
            self._posts.add(task)
            task.add_done_callback(self._posts.discard)
        else:
            shard = shard_of(payload["guild_id"], self._routing_count()) if "guild_id" in payload else 0
            await self.wait_ready(timeout, shards=[shard])
            self.dispatched.append((shard, result.id))
            await self.dispatch("INTERACTION_CREATE", payload, shard=shard)
            result.sent = time.perf_counter() - pending.started
        async def answered() -> None:
            await pending.first.wait()
            deferred = result.callback_type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE)
            if wait_webhook and deferred and not result.refused:
                await pending.webhook.wait()

        try:  # the time a crowded machine kept the bot or the fake off the CPU is not the bot's (cpuwait.py)
            await CPU_WAIT.wait_for(answered(), timeout)
        except TimeoutError:
            raise FakeDiscordError(
                f"interaction {payload['type']} {payload.get('data')!r}: no "
                f"{'callback' if not result.callbacks else 'follow-up'} within {timeout} s "
                f"(callbacks={result.callbacks}, unknown routes={[(r.method, r.path) for r in self.unknown]})"
            ) from None
        if settle:
            await asyncio.sleep(settle)
        return result

    async def command(self, name: str, options: Mapping[str, Any] | None = None, *, locale: str = "de",
                      subcommand: str | None = None, group: str | None = None, guild: bool | str = True,
                      timeout: float = 5.0, settle: float = 0.0, user_install: bool = False) -> InteractionResult:
        """Run a slash command as a user would and return what the bot answered (``user_install``: from a user
        who installed the app to their account, in a server the bot is not in).

        ``name``, ``subcommand``, ``group`` and the keys of ``options`` may be the base (English) names
        or any localized name from the synced payload; the interaction carries the base names, as
        Discord sends them. A deferred answer (type 5/6) is awaited until its follow-up or edit.
        ``guild``: True for the fake's guild, another guild id (a string, see :func:`guild_on_shard`) to
        send from that guild (routed to its shard), False for a DM.

        Raises:
            FakeDiscordError: unknown command/option, or no answer within ``timeout`` seconds.
        """
        data = self._command_data(name, options, subcommand=subcommand, group=group, focused=None)
        payload = self._interaction(APPLICATION_COMMAND, data, locale, guild=guild, user_install=user_install)
        return await self._run(payload, timeout=timeout, wait_webhook=True, settle=settle)

    async def raw_command(self, data: dict[str, Any], *, locale: str = "de", timeout: float = 5.0) -> InteractionResult:
        """Send an application command interaction with ``data`` exactly as given (no look-up in the synced
        commands): what a client with a stale command list sends — a command the bot no longer has, options
        it no longer takes, values of another type. ``data["id"]`` defaults to a fresh snowflake."""
        payload = self._interaction(APPLICATION_COMMAND, {"id": self.snowflake(), "type": 1, **data}, locale,
                                    guild=True)
        return await self._run(payload, timeout=timeout, wait_webhook=True, settle=0.0)

    def payload(self, itype: int, data: dict[str, Any], *, message: dict[str, Any] | None = None,
                locale: str = "de") -> dict[str, Any]:
        """A well-formed INTERACTION_CREATE payload of type ``itype`` with ``data`` (from the fake's guild), for a
        test to change before :meth:`send_raw`."""
        return self._interaction(itype, data, locale, guild=True, message=message)

    def expect(self, payload: dict[str, Any], *, thinking: bool = False) -> InteractionResult:
        """Get ready for the answer of ``payload`` sent some other way (a test's own HTTP burst): its callbacks
        (matched by ``id`` and ``token`` as strings) and webhook calls are recorded in the returned result.
        ``thinking``: the interaction's "thinking…" message exists already (its HTTP response, a defer, went to
        the test, not to the fake), so the webhook can edit it."""
        iid, token = str(payload.get("id", "")), str(payload.get("token", ""))
        itype = payload.get("type") if isinstance(payload.get("type"), int) else 0
        result = InteractionResult(id=iid, token=token, type=itype)
        pending = _Pending(result=result, started=time.perf_counter())
        message = payload.get("message")
        if isinstance(message, dict):
            pending.component_message_id = message.get("id")
        self._pending[iid] = pending
        self._by_token[token] = pending
        if thinking:
            mid = self.snowflake()
            result.message = self.messages[mid] = self._message(mid, {"flags": LOADING}, interaction=pending)
        return result

    async def wait_webhooks(self, results: Iterable[InteractionResult], timeout: float) -> None:
        """Wait until each of ``results`` got a follow-up webhook call (an edit or a follow-up message).

        Raises:
            FakeDiscordError: some did not within ``timeout`` seconds.
        """
        waits = [self._pending[r.id].webhook.wait() for r in results]
        try:
            await asyncio.wait_for(asyncio.gather(*waits), timeout)
        except TimeoutError:
            missing = [r.id for r in results if not self._pending[r.id].webhook.is_set()]
            raise FakeDiscordError(f"{len(missing)} interactions without a webhook call in {timeout} s") from None

    async def send_raw(self, payload: dict[str, Any], *, wait: float = 2.0, times: int = 1) -> InteractionResult:
        """Dispatch ``payload`` exactly as given — a malformed one too — ``times`` times in a row (the same
        interaction delivered again, as a RESUME may replay it), and return what the bot answered within
        ``wait`` seconds: an :class:`InteractionResult` whose ``callbacks`` may be empty. Callbacks are matched by
        the payload's ``id`` and ``token`` as strings; a second callback is recorded in :attr:`errors` as always.
        """
        result = self.expect(payload)
        pending = self._pending[result.id]
        for _ in range(times):
            await self.dispatch("INTERACTION_CREATE", payload)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(pending.first.wait(), wait)
            if result.callback_type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE):
                await asyncio.wait_for(pending.webhook.wait(), wait)
        return result

    async def message_command(self, name: str, target: dict[str, Any], *, locale: str = "de",
                              guild: bool = True, timeout: float = 5.0) -> InteractionResult:
        """Run the message context-menu command ``name`` (base or localized name) on the message ``target``
        (a message dict, e.g. from :meth:`user_message`): ``data.type`` 3 with ``target_id`` and
        ``resolved.messages``, as Discord sends it."""
        scope, cmd = self.find_command(name, type_=3)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 3, "target_id": target["id"],
                                "resolved": {"messages": {target["id"]: target}}}
        if scope is not None:
            data["guild_id"] = scope
        payload = self._interaction(APPLICATION_COMMAND, data, locale, guild=guild)
        return await self._run(payload, timeout=timeout, wait_webhook=True, settle=0.0)

    def user_message(self, content: str, *, bot: bool = False, guild: bool = True,
                     channel_id: str | None = None) -> dict[str, Any]:
        """A message written by a user (or, with ``bot``, by another bot) in the fake's channel (or ``channel_id``)."""
        author = {**self.user(), "bot": True, "id": "1000000000000000077", "username": "anderer-bot"} if bot \
            else self.user()
        msg: dict[str, Any] = {
            "id": self.snowflake(), "channel_id": channel_id or self.channel_id, "type": 0, "content": content,
            "embeds": [],
            "components": [], "attachments": [], "flags": 0, "author": author, "mentions": [],
            "mention_roles": [], "mention_everyone": False, "pinned": False, "tts": False,
            "timestamp": dt.datetime.now(dt.UTC).isoformat(), "edited_timestamp": None,
        }
        if guild:
            msg["guild_id"] = self.guild_id
            msg["member"] = {"roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                             "flags": 0}
        return msg

    async def message_create(self, message: dict[str, Any]) -> None:
        """Dispatch MESSAGE_CREATE for ``message`` (see :meth:`user_message`); answers land in
        :attr:`channel_posts` (wait with :meth:`wait_posts`)."""
        self.messages[message["id"]] = message
        await self.dispatch("MESSAGE_CREATE", message)

    async def wait_posts(self, count: int, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Wait until :attr:`channel_posts` holds ``count`` messages; returns them.

        Raises:
            FakeDiscordError: fewer arrived within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while True:
            self._posted.clear()
            if len(self.channel_posts) >= count:
                return self.channel_posts[:count]
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise FakeDiscordError(f"{len(self.channel_posts)} channel messages, expected {count}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._posted.wait(), remaining)

    async def autocomplete(self, name: str, option: str, value: str, *, locale: str = "de",
                           others: Mapping[str, Any] | None = None, subcommand: str | None = None,
                           group: str | None = None, guild: bool | str = True,
                           timeout: float = 5.0) -> list[dict[str, Any]]:
        """Type ``value`` into ``option`` of a command; return the offered choices (type 8 callback).

        Exactly one option carries ``"focused": true``; ``others`` are already filled options.

        Raises:
            FakeDiscordError: unknown names, no answer in time, or an answer that is not type 8.
        """
        result = await self.autocomplete_result(name, option, value, locale=locale, others=others,
                                                subcommand=subcommand, group=group, guild=guild,
                                                timeout=timeout)
        return result.choices

    async def autocomplete_result(self, name: str, option: str, value: str, *, locale: str = "de",
                                  others: Mapping[str, Any] | None = None, subcommand: str | None = None,
                                  group: str | None = None, guild: bool | str = True,
                                  timeout: float = 5.0) -> InteractionResult:
        """Like :meth:`autocomplete` but return the whole :class:`InteractionResult`."""
        given = {**(others or {}), option: value}
        data = self._command_data(name, given, subcommand=subcommand, group=group, focused=option)
        payload = self._interaction(AUTOCOMPLETE, data, locale, guild=guild)
        result = await self._run(payload, timeout=timeout, wait_webhook=False, settle=0.0)
        if result.callback_type != CB_AUTOCOMPLETE:
            raise FakeDiscordError(f"autocomplete answered with callback type {result.callback_type}")
        return result

    async def component(self, message: InteractionResult | dict[str, Any], custom_id: str, *,
                        locale: str = "de", values: list[str] | None = None, guild: bool | str = True,
                        timeout: float = 5.0, settle: float = 0.0, user_install: bool = False) -> InteractionResult:
        """Press the button (or pick ``values`` of the select) ``custom_id`` on a message the bot sent.

        ``message`` is an :class:`InteractionResult` (its message is used) or a stored message dict.

        Raises:
            FakeDiscordError: the message has no component with that custom_id, or no answer in time.
        """
        msg = message.message if isinstance(message, InteractionResult) else message
        if msg is None:
            raise FakeDiscordError("that interaction produced no message to click on")
        msg = self.messages.get(msg["id"], msg)
        comp = next((c for c in _walk_components(msg.get("components") or [])
                     if c.get("custom_id") == custom_id), None)
        if comp is None:
            ids = [c.get("custom_id") for c in _walk_components(msg.get("components") or [])]
            raise FakeDiscordError(f"no component {custom_id!r} on message; custom_ids: {ids}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] != 2:
            data["values"] = values or []
        payload = self._interaction(MESSAGE_COMPONENT, data, locale, guild=guild, message=msg,
                                    user_install=user_install)
        return await self._run(payload, timeout=timeout, wait_webhook=True, settle=settle)

    # ------------------------------------------------------------------ messages

    def _message(self, mid: str, body: dict[str, Any], *, interaction: _Pending | None,
                 msg_type: int = 20) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "id": mid, "channel_id": self.channel_id, "type": msg_type,
            "content": body.get("content") or "", "embeds": body.get("embeds") or [],
            "components": body.get("components") or [], "attachments": [],
            "flags": body.get("flags") or 0, "author": self.bot_user, "mentions": [],
            "mention_roles": [], "mention_everyone": False, "pinned": False, "tts": False,
            "timestamp": dt.datetime.now(dt.UTC).isoformat(), "edited_timestamp": None,
            "application_id": self.app_id, "webhook_id": self.app_id,
        }
        if interaction is not None:
            msg["interaction_metadata"] = {"id": interaction.result.id, "type": interaction.result.type,
                                           "user": self.user()}
        return msg

    def _edit(self, mid: str, body: dict[str, Any]) -> dict[str, Any]:
        msg = self.messages[mid]
        for key in ("content", "embeds", "components", "flags"):
            if key in body and body[key] is not None:
                msg[key] = body[key]
        msg["flags"] = (msg.get("flags") or 0) & ~LOADING
        msg["edited_timestamp"] = dt.datetime.now(dt.UTC).isoformat()
        return msg

    # ------------------------------------------------------------------ HTTP

    async def _body(self, request: web.Request) -> Any:
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            payload = None
            async for part in reader:
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    await part.read()
            return payload
        raw = await request.read()
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")

    async def _http(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.startswith("/api/v10"):
            path = path[len("/api/v10"):]
        rec = Request(request.method, path, dict(request.query), None, user_agent=request.headers.get("User-Agent", ""))
        self.requests.append(rec)
        fault = self.faults.pick(request.method, path) if self.faults is not None else None
        if fault is not None and self.faults is not None:
            refusal = self.faults.refusal(fault, request)
            if refusal is not None:  # not carried out: Discord never saw it
                rec.status = refusal.status
                return refusal
        try:
            rec.body = await self._body(request)
            needs_auth = self.token is not None and not path.startswith(("/interactions/", "/webhooks/"))
            if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
                response = _json({"message": "401: Unauthorized", "code": 0}, status=401)
            else:
                response = self._route(request.method, path, rec)
        except Exception as exc:  # never a 5xx: discord.py would retry with sleeps
            log.exception("fake discord handler failed for %s %s", request.method, path)
            self.errors.append(f"{request.method} {path}: {exc!r}")
            response = _json({"message": f"fake error: {exc!r}", "code": 0}, status=400)
        rec.status = response.status
        if fault is not None and self.faults is not None:  # "delay": carried out now, the reply held back
            await self.faults.hold()
        return response

    def _route(self, method: str, path: str, rec: Request) -> web.Response:
        body = rec.body
        if method == "GET" and path == "/users/@me":
            return _json(self.bot_user)
        if method == "GET" and path == "/oauth2/applications/@me":
            return _json(self._app_info())
        if method == "GET" and path in ("/gateway", "/gateway/bot"):
            return _json({"url": f"ws://127.0.0.1:{self.port}/gateway", "shards": self.shards,
                          "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                                  "max_concurrency": self.max_concurrency}})
        m = re.fullmatch(r"/applications/(\d+)(?:/guilds/(\d+))?/commands", path)
        if m:
            scope = m.group(2)
            if method == "PUT":
                problems = commands_problems(body)
                if problems:
                    self.invalid.append(f"PUT {path}: {problems}")
                    return _invalid(problems)
                self.sync_count += 1
                self.synced[scope] = [self._echo_command(c, scope) for c in body or []]
                return _json(self.synced[scope])
            if method == "GET":
                return _json(self.synced.get(scope, []))
        m = re.fullmatch(r"/applications/(\d+)/emojis", path)
        if m and m.group(1) == self.app_id and method in ("GET", "POST"):
            return self._application_emojis(method, path, body)
        m = re.fullmatch(r"/channels/(\d+)/messages", path)
        if m and method == "POST":
            return self._channel_post(m.group(1), body or {})
        m = re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path)
        if m and method == "POST":
            return self._callback(m.group(1), m.group(2), body)
        m = re.fullmatch(r"/webhooks/(\d+)/([^/]+)(?:/messages/([^/]+))?", path)
        if m and m.group(1) == self.app_id:
            return self._webhook(method, m.group(2), m.group(3), body)
        self.unknown.append(rec)
        return _json({"message": f"404: Not Found ({method} {path})", "code": 0}, status=404)

    def _app_info(self) -> dict[str, Any]:
        return {"id": self.app_id, "name": "Regelbot", "description": "Fake application", "icon": None,
                "bot_public": True, "bot_require_code_grant": False, "owner": self.owner,
                "verify_key": "0" * 64, "flags": 0, "team": None, "summary": "",
                "rpc_origins": [], "bot": self.bot_user, "interactions_endpoint_url": None,
                "tags": [], "redirect_uris": [], "approximate_guild_count": 1}

    def _application_emojis(self, method: str, path: str, body: Any) -> web.Response:
        """``GET`` → ``{"items": [emoji, …]}``; ``POST {"name", "image"}`` → 201 and the new emoji (Discord's
        OpenAPI ``list_application_emojis`` / ``create_application_emoji``); a taken name or an invalid body
        gets 400/50035, an upload past :attr:`emoji_limit` 400/30018."""
        if method == "GET":
            return _json({"items": list(self.emojis.values())})
        problems = emoji_problems(body)
        if not problems and body["name"] in self.emojis:
            problems = [f"name: {body['name']!r} APPLICATION_EMOJI_NAME_ALREADY_TAKEN"]
        if problems:
            self.invalid.append(f"POST {path}: {problems}")
            return _invalid(problems)
        if len(self.emojis) >= self.emoji_limit:
            return _json({"message": f"Maximum number of emojis reached ({self.emoji_limit})", "code": 30018},
                         status=400)
        user = {**self.owner, "flags": 0, "primary_guild": None}  # a UserResponse has these too
        emoji = {"id": self.snowflake(), "name": body["name"], "roles": [], "user": user,
                 "require_colons": True, "managed": False, "animated": False, "available": True}
        self.emojis[body["name"]] = emoji
        self.emoji_posts.append(body["name"])
        return _json(emoji, status=201)

    def _echo_command(self, cmd: dict[str, Any], scope: str | None) -> dict[str, Any]:
        out = dict(cmd)
        out.setdefault("type", 1)
        out.setdefault("description", "")  # context menus (type 2/3) are sent without; Discord echoes ""
        out["id"] = self.snowflake()
        out["application_id"] = self.app_id
        out["version"] = self.snowflake()
        out.setdefault("default_member_permissions", None)
        out.setdefault("dm_permission", True)
        out.setdefault("nsfw", False)
        if scope is not None:
            out["guild_id"] = scope
        return out

    def _callback(self, iid: str, token: str, body: dict[str, Any]) -> web.Response:
        pending = self._pending.get(iid)
        if pending is None or pending.result.token != token:
            self.errors.append(f"callback for unknown interaction {iid}")
            return _json({"message": "Unknown interaction", "code": 10062}, status=404)
        result = pending.result
        elapsed = time.perf_counter() - pending.started
        waited = CPU_WAIT.since(pending.cpu) if elapsed > self.callback_deadline > 0 else 0.0
        if elapsed > self.callback_deadline and elapsed - waited <= self.callback_deadline:
            self.crowded.append(f"interaction {iid} (type {result.type}): callback after {elapsed:.2f} s, "
                                f"{waited:.2f} s of it waiting for a CPU")
        elif elapsed > self.callback_deadline:
            self.late.append(f"interaction {iid} (type {result.type}): callback after {elapsed:.2f} s"
                             + (f" ({waited:.2f} s of it waiting for a CPU)" if waited else ""))
            if not result.callbacks:
                result.refused = True
                result.callbacks.append(body)
                result.seconds = elapsed
                pending.first.set()
            return _json({"message": "Unknown interaction", "code": 10062}, status=404)
        if result.callbacks:
            self.errors.append(f"second callback for interaction {iid}: {body!r}")
            return _json({"message": "Interaction has already been acknowledged.", "code": 40060},
                         status=400)
        ctype = body.get("type")
        data = body.get("data") or {}
        problems = (message_problems(data, edit=ctype == CB_UPDATE) if ctype in (CB_MESSAGE, CB_UPDATE)
                    else choices_problems(data.get("choices")) if ctype == CB_AUTOCOMPLETE else [])
        if problems:
            self.invalid.append(f"callback type {ctype} of interaction {iid}: {problems}")
            return _invalid(problems)
        result.callbacks.append(body)
        result.seconds = time.perf_counter() - pending.started
        info: dict[str, Any] = {"id": iid, "type": result.type,
                                "response_message_loading": ctype == CB_DEFERRED_MESSAGE,
                                "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL)}
        reply: dict[str, Any] = {"interaction": info}
        if ctype in (CB_MESSAGE, CB_DEFERRED_MESSAGE):
            mid = self.snowflake()
            msg_body = dict(data)
            if ctype == CB_DEFERRED_MESSAGE:
                msg_body["flags"] = (data.get("flags") or 0) | LOADING
            msg = self._message(mid, msg_body, interaction=pending)
            self.messages[mid] = msg
            result.message = msg
            info["response_message_id"] = mid
            reply["resource"] = {"type": ctype, "message": msg}
        elif ctype in (CB_UPDATE, CB_DEFERRED_UPDATE) and pending.component_message_id:
            mid = pending.component_message_id
            msg = self._edit(mid, data) if ctype == CB_UPDATE else self.messages[mid]
            result.message = msg
            info["response_message_id"] = mid
            if ctype == CB_UPDATE:
                reply["resource"] = {"type": ctype, "message": msg}
        pending.first.set()
        return _json(reply)

    def _channel_post(self, channel_id: str, body: dict[str, Any]) -> web.Response:
        problems = message_problems(body)
        if problems:
            self.invalid.append(f"POST /channels/{channel_id}/messages: {problems}")
            return _invalid(problems)
        msg = self._message(self.snowflake(), body, interaction=None,
                            msg_type=19 if body.get("message_reference") else 0)
        msg["channel_id"] = channel_id
        msg.pop("application_id", None)
        msg.pop("webhook_id", None)
        if body.get("message_reference"):
            msg["message_reference"] = body["message_reference"]
        self.messages[msg["id"]] = msg
        self.channel_posts.append(msg)
        self._posted.set()
        return _json(msg)

    def _webhook(self, method: str, token: str, message_id: str | None, body: Any) -> web.Response:
        pending = self._by_token.get(token)
        if pending is None:
            self.errors.append(f"webhook call with unknown token {method} {message_id}")
            return _json({"message": "Unknown Webhook", "code": 10015}, status=404)
        result = pending.result
        if method in ("POST", "PATCH"):
            problems = message_problems(body, edit=method == "PATCH")
            if problems:
                self.invalid.append(f"{method} webhook message {message_id or ''}: {problems}")
                return _invalid(problems)
        if message_id is None and method == "POST":
            result.followups.append(body or {})
            original = result.message
            if original is not None and (original.get("flags") or 0) & LOADING:
                # Discord: the first follow-up after a deferred reply replaces the "thinking" message,
                # keeping the defer's visibility (its ephemeral flag wins over the follow-up's)
                keep = (original.get("flags") or 0) & EPHEMERAL
                msg = self._edit(original["id"], {**(body or {}), "flags": keep})
            else:
                msg = self._message(self.snowflake(), body or {}, interaction=pending, msg_type=0)
                self.messages[msg["id"]] = msg
                if result.message is None:
                    result.message = msg
            pending.webhook.set()
            return _json(msg)
        if message_id == "@original":
            mid = (result.message or {}).get("id")
            if mid is None:
                return _json({"message": "Unknown Message", "code": 10008}, status=404)
        else:
            mid = message_id
            if mid not in self.messages:
                return _json({"message": "Unknown Message", "code": 10008}, status=404)
        if method == "GET":
            return _json(self.messages[mid])
        if method == "PATCH":
            if message_id == "@original":
                result.edits.append(body or {})
            msg = self._edit(mid, body or {})
            if message_id == "@original":
                result.message = msg
            pending.webhook.set()
            return _json(msg)
        if method == "DELETE":
            self.messages.pop(mid, None)
            if message_id == "@original":
                result.original_deleted = True
                result.message = None
            # no pending.webhook.set(): a deleted "thinking…" message is followed by the answer's follow-up
            return web.Response(status=204)
        self.unknown.append(Request(method, f"/webhooks/.../{message_id}", {}, body))
        return _json({"message": "405: Method Not Allowed", "code": 0}, status=404)

    # ------------------------------------------------------------------ gateway

    def _routing_count(self) -> int:
        """The shard count the bot identified with (Discord routes by it), else the recommended one."""
        counts = {c.shard_count for c in self._conns.values()}
        return max(counts) if counts else self.shards

    async def _send(self, payload: dict[str, Any], conn: _Shard) -> None:
        async with conn.lock:
            if conn.ws.closed:
                raise FakeDiscordError(f"bot is not connected to the gateway (shard {conn.shard_id})")
            await conn.ws.send_str(json.dumps(payload))

    def _ready_payload(self, conn: _Shard) -> dict[str, Any]:
        return {
            "v": 10, "user": self.bot_user, "guilds": [], "session_id": conn.session_id,
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
            "application": {"id": self.app_id, "flags": 0}, "shard": [conn.shard_id, conn.shard_count],
            "private_channels": [], "relationships": [], "user_settings": {}, "presences": [],
            "geo_ordered_rtc_regions": [], "guild_join_requests": [], "session_type": "normal",
            "auth": {}, "_trace": ["fake-discord"],
        }

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = _Shard(ws=ws)
        hello = {"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
        await ws.send_str(json.dumps(hello))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._gateway_message(conn, json.loads(msg.data))
        except Exception as exc:  # record, keep serving
            log.exception("fake gateway failed")
            self.errors.append(f"gateway: {exc!r}")
        finally:
            if self._conns.get(conn.shard_id) is conn:
                conn.ready.clear()
        return ws

    async def _bind(self, conn: _Shard) -> None:
        """Make ``conn`` the connection of its shard, closing an older one of the same shard."""
        old = self._conns.get(conn.shard_id)
        self._conns[conn.shard_id] = conn
        if old is not None and old is not conn and not old.ws.closed:
            old.ready.clear()
            with contextlib.suppress(Exception):
                await old.ws.close(code=4000)

    async def _gateway_message(self, conn: _Shard, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        self.gateway_ops.append(op)
        if op == OP_HEARTBEAT:
            await self._send({"op": OP_HEARTBEAT_ACK, "d": None}, conn)
        elif op == OP_IDENTIFY:
            d = msg.get("d") or {}
            self.identifies.append(d)
            self.identify_times.append(time.monotonic())
            shard_id, shard_count = d.get("shard") or [0, 1]
            if not 0 <= shard_id < shard_count:
                await conn.ws.close(code=4010, message=b"Invalid shard")
                return
            conn.shard_id, conn.shard_count = shard_id, shard_count
            conn.session_id = f"session{self.snowflake()}"
            conn.seq = 0
            await self._bind(conn)
            await self.dispatch("READY", self._ready_payload(conn), shard=shard_id)
            conn.ready.set()
            self._any_ready.set()
        elif op == OP_RESUME:
            d = msg.get("d") or {}
            self.resumes.append(d)
            known = next((c for c in self._conns.values()
                          if c.session_id is not None and c.session_id == d.get("session_id")), None)
            if known is not None:
                conn.shard_id, conn.shard_count = known.shard_id, known.shard_count
                conn.session_id, conn.seq = known.session_id, known.seq
                await self._bind(conn)
                await self.dispatch("RESUMED", {"_trace": ["fake-discord"]}, shard=conn.shard_id)
                conn.ready.set()
                self._any_ready.set()
            else:
                await self._send({"op": OP_INVALID_SESSION, "d": False}, conn)
        # op 3 presence, 4 voice, 8 request members: recorded in gateway_ops, no answer needed
