"""One way to answer an interaction, whatever Discord door it came through (gateway, HTTP endpoint). Discord-free.

* :func:`deliver` sends a :class:`~bot.reply.Reply` as the payload of :func:`bot.render.message_payload`
  through a :class:`Transport`: the interaction callback (type 4 new message / 7 update), or after a
  defer (type 5 / 6) the edit of the original (``PATCH /webhooks/{app}/{token}/messages/@original``), or a
  follow-up (``POST /webhooks/{app}/{token}``) when the visibility must differ from the defer's. The gateway's
  transport goes through discord.py (:mod:`bot.gateway.transport`), the HTTP endpoint's through its own
  REST client (:mod:`bot.serve`).
* :func:`leaf_options` reads the invoked command's names and options out of an interaction's ``data``, below
  its subcommands: the one walk every door uses.
* :func:`defer_kind` decides from the raw interaction payload alone (no discord.py objects, no answer
  lookup) which defer an interaction gets when it must be acknowledged before its answer is ready, so a
  gateway bot in a burst can send it before any other work (:meth:`bot.gateway.gate.GatedBot._gate_interactions`)
  and the HTTP endpoint answers with it when its answer is late.
* :func:`shape_problem` says why a raw payload is not the shape of Discord's Interaction object; both Discord
  doors check it before any work and answer :data:`MALFORMED` (or nothing) instead of failing on it.
  :class:`RecentIds` remembers the interactions answered lately, so one delivered twice is answered once.
* :func:`within` sends one request to Discord again after a passing fault (a rate limit, a server error, a
  reset connection) as long as Discord's window for it is open (:data:`CALLBACK_WINDOW`,
  :data:`FOLLOWUP_WINDOW`), with tenacity; each door says which of its errors pass (:data:`Pause`).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cachetools import TTLCache

from bot import metrics
from bot.custom_id import OPEN, PAGE, SHARE, Invocation, decode_or_none
from bot.logs import limited
from bot.render import ACTION_ROW, EPHEMERAL, message_payload, picked_custom_id
from bot.reply import PRIVATE_OPTION, Reply

if TYPE_CHECKING:
    from tenacity import RetryCallState

log = logging.getLogger(__name__)

#: Interaction callback types (https://discord.com/developers/docs/interactions/receiving-and-responding).
CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE, CB_AUTOCOMPLETE = 4, 5, 6, 7, 8

#: Interaction types (https://discord.com/developers/docs/interactions/receiving-and-responding).
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 1, 2, 3, 4
#: ``data.type`` of a message context-menu command ("Karten erklären"), answered privately.
MESSAGE_COMMAND = 3
#: Option types of a subcommand and a subcommand group: Discord nests the invoked subcommand as the one option.
SUBCOMMAND_TYPES = (1, 2)


def _objects(items: Any) -> list[Mapping[str, Any]]:
    # a dict (as JSON decodes) is known without the Mapping ABC's isinstance check (≈ 0.5 µs each, per option)
    return [item for item in items if type(item) is dict or isinstance(item, Mapping)] if isinstance(
        items, list) else []


def leaf_options(data: Mapping[str, Any]) -> tuple[tuple[str, ...], list[Mapping[str, Any]]]:
    """The invoked command's names and its options, from an application command's (or autocomplete's)
    ``data``: ``{"name": "mana", "options": [{"name": "pay", "type": 1, "options": [{"name": "x", …}]}]}`` →
    ``(("mana", "pay"), [{"name": "x", …}])``. Never raises: what is not an object is left out."""
    path = [str(data.get("name", ""))]
    options = _objects(data.get("options"))
    while len(options) == 1 and options[0].get("type") in SUBCOMMAND_TYPES:
        path.append(str(options[0].get("name", "")))
        options = _objects(options[0].get("options"))
    return tuple(path), options


def _private_option(data: Mapping[str, Any]) -> bool:
    """Whether the leaf options of the command ``data`` set ``private`` to true."""
    return any(o.get("name") == PRIVATE_OPTION and o.get("value") is True for o in leaf_options(data)[1])


#: The German reply to an interaction that did not come in the shape Discord sends (:func:`shape_problem`).
MALFORMED = Reply.fail(
    "Ungültige Anfrage", "Diese Interaktion kam in unerwarteter Form an. Bitte den Befehl erneut ausführen."
)
_SCALAR = (str, int, float, bool)
_SNOWFLAKE = re.compile(r"[0-9]{1,20}")


def snowflake(value: Any) -> int | None:
    """A Discord id (a snowflake: a string, or an int, of at most 20 ASCII digits) as an int, else None."""
    kind = type(value)
    if kind is str:  # as Discord sends ids; three per request: without the regular expression
        return int(value) if 0 < len(value) <= 20 and value.isascii() and value.isdigit() else None
    if kind is bool or not isinstance(value, str | int):
        return None
    text = str(value)
    return int(text) if _SNOWFLAKE.fullmatch(text) else None


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
        value = opt.get("value")
        if value is not None and not isinstance(value, _SCALAR):
            return f"Option {opt['name'][:32]!r}: Wert ist kein Skalar"
        nested = opt.get("options")
        if nested is not None:  # a subcommand's own (no call for the leaves, most options)
            problem = _options_problem(nested, depth + 1)
            if problem:
                return problem
    return None


def _command_problem(data: Mapping[str, Any]) -> str | None:
    """Why the ``data`` of an application command or autocomplete is not as Discord sends it: a string name,
    options as above, and for a message command (context menu) its target message in ``resolved.messages``."""
    if not isinstance(data.get("name", ""), str):
        return "name ist kein Text"
    if data.get("type") == MESSAGE_COMMAND:
        resolved = data.get("resolved")
        messages = resolved.get("messages") if isinstance(resolved, dict) else None
        target = messages.get(str(data.get("target_id"))) if isinstance(messages, dict) else None
        if not isinstance(target, dict):
            return "Nachrichtenbefehl ohne Zielnachricht (resolved.messages)"
    return _options_problem(data.get("options"))


def _component_problem(payload: Mapping[str, Any], data: Mapping[str, Any]) -> str | None:
    """Why a component interaction is not as Discord sends it: a string ``custom_id``, an integer
    ``component_type``, ``values`` a list of strings, ``message`` an object with integer ``flags``."""
    values = data.get("values")
    if not isinstance(data.get("custom_id"), str):
        return "custom_id ist kein Text"
    if isinstance(data.get("component_type"), bool) or not isinstance(data.get("component_type"), int):
        return "component_type fehlt"
    if values is not None and not (isinstance(values, list) and all(isinstance(v, str) for v in values)):
        return "values ist keine Textliste"
    message = payload.get("message")
    if message is not None and not (isinstance(message, dict) and isinstance(message.get("flags") or 0, int)):
        return "message ist kein Objekt"
    return None


def shape_problem(payload: Mapping[str, Any]) -> str | None:
    """Why a raw interaction ``payload`` (verified, as Discord sends it) does not have the shape of Discord's
    Interaction object, in German, or None when it has: ``id`` and ``application_id`` snowflakes, a string
    ``token``, ``data`` an object; a command's name and options, a message command's target message, a
    component's ``custom_id``, ``component_type``, ``values`` and ``message`` of the right types. Never raises.

    Checked by both Discord doors before any work, so a malformed payload gets :data:`MALFORMED` (or nothing)
    and one log line, never a traceback.
    """
    itype = payload.get("type")
    if itype == PING:
        return None
    if snowflake(payload.get("id")) is None or snowflake(payload.get("application_id")) is None:
        return "id oder application_id ist keine Discord-ID"
    if not isinstance(payload.get("token"), str) or not payload.get("token"):
        return "token fehlt"
    data = payload.get("data")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return "data ist kein Objekt"
    if itype in (APPLICATION_COMMAND, AUTOCOMPLETE):
        return _command_problem(data)
    if itype == MESSAGE_COMPONENT:
        return _component_problem(payload, data)
    return None


class RecentIds:
    """The interaction ids seen in the last ``seconds`` (at most ``size`` of them, the oldest forgotten
    first; :class:`cachetools.TTLCache` on ``clock``): :meth:`first` tells whether an id arrives for the first time,
    so an interaction delivered twice (a gateway RESUME replaying events, a signed HTTP request sent again within its
    300 s) is answered once. An id is forgotten once ``seconds`` have passed since it was first seen. Memory: about
    250 bytes per id beside the id itself (the cache's entry and its expiry link; bench/bench_recent_ids.py),
    bounded by ``size``.

    Raises:
        ValueError: ``size`` is negative.
    """

    def __init__(self, seconds: float, size: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.size = size
        self._seen: TTLCache[int, bool] = TTLCache(maxsize=size, ttl=seconds, timer=clock)

    def first(self, key: int) -> bool:
        """True when ``key`` was not seen within the window (it is remembered now), False for a repeat (its window
        is not lengthened)."""
        if key in self._seen:
            return False
        self._seen[key] = True
        return True

    def __len__(self) -> int:
        return len(self._seen)  # TTLCache drops the ids past their window before counting


T = TypeVar("T")
#: Discord's windows (seconds from the interaction's creation): the interaction callback within 3 s, the
#: follow-up webhook (edit the original, follow-up messages) while the token lives, 15 minutes
#: (discord.com/developers/docs/interactions/receiving-and-responding).
CALLBACK_WINDOW = 3.0
FOLLOWUP_WINDOW = 15 * 60.0
DISCORD_EPOCH_MS = 1420070400000
#: Seconds between tries when the fault says nothing (doubling from the first, at most the second while the
#: window is short: Discord's 3 s for the callback), and the longest wait in a long window (the follow-up
#: webhook's 15 minutes: :func:`backoff_cap`).
BACKOFF = (0.1, 2.0)
BACKOFF_MAX = 60.0
#: A door's reading of a failed request: the seconds to wait before trying again (0: the backoff), or None
#: when trying again cannot help (Discord refused it: 400, 401, 403, 404, "Unknown interaction").
Pause = Callable[[BaseException], "float | None"]


def created_at(interaction_id: int) -> float:
    """When the interaction ``interaction_id`` was created (Unix seconds), from its snowflake."""
    return ((interaction_id >> 22) + DISCORD_EPOCH_MS) / 1000


def backoff_cap(window: float) -> float:
    """The longest wait between two tries in a window of ``window`` seconds: :data:`BACKOFF`'s 2 s for a short
    one, a fifteenth of a long one (a minute for the follow-up webhook's 15 minutes: about 25 tries, not 450),
    at most :data:`BACKOFF_MAX`."""
    return min(BACKOFF_MAX, max(BACKOFF[1], window / 15))


def reported(attempt: int) -> bool:
    """Whether the failure of try ``attempt`` (1, 2, …) gets its own log line: the first three, then the
    4th, 8th, 16th … (a long outage is a handful of lines per answer, each naming its try)."""
    return attempt <= 3 or attempt & (attempt - 1) == 0


async def within(deadline: float, attempt: Callable[[], Awaitable[T]], pause: Pause, what: str = "") -> T:
    """``await attempt()``, tried again after each failure ``pause`` calls passing, while the next try can
    still start before ``deadline`` (Unix seconds: the interaction's creation plus its window); waits
    ``pause(exc)`` seconds or the doubling :data:`BACKOFF` with jitter (tenacity: half the step fixed, half
    random, so answers failing together do not retry in step), at most :func:`backoff_cap` of the window,
    whichever is longer. A retry is one INFO line naming ``what`` and the try (no token, no traceback), for the
    tries :func:`reported` picks, and of those at most one per ``what`` and fault every 10 s, the next with the
    count left out (:func:`bot.logs.limited`: when Discord is unreachable, hundreds of answers retry at once).

    Raises:
        BaseException: the last failure, when it does not pass or the window closes.
    """
    try:  # the common case, one try that succeeds, without building the retry machinery
        return await attempt()
    except Exception as exc:
        if pause(exc) is None:
            raise
        failed = [exc]
    # tenacity only now: a one-shot command and most deliveries never retry (its import costs ~3 ms)
    from tenacity import AsyncRetrying, retry_if_exception, wait_exponential, wait_random_exponential

    async def again() -> T:
        """The first try's failure (the retry loop's first outcome, as if the loop had made it), then tries."""
        if failed:
            raise failed.pop()
        return await attempt()

    half = backoff_cap(deadline - time.time()) / 2  # equal jitter: b/2 + uniform(0, b/2), b doubling to the cap
    step = wait_exponential(multiplier=BACKOFF[0] / 2, max=half) + wait_random_exponential(BACKOFF[0] / 2, half)

    def wait(state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        return max(step(state), (pause(exc) or 0.0) if exc is not None else 0.0)

    def stop(state: RetryCallState) -> bool:
        return time.time() + (state.upcoming_sleep or 0.0) >= deadline

    def before_sleep(state: RetryCallState) -> None:
        exc = state.outcome.exception() if state.outcome else None
        if reported(state.attempt_number):  # per kind and fault at most one line every 10 s (bot.logs.limited)
            kind = f"{what or 'Anfrage an Discord'}: {_fault(exc)}"
            limited(log, logging.INFO, kind, "%s, neuer Versuch in %.1f s (Versuch %d)", kind,
                    state.upcoming_sleep, state.attempt_number)

    retrying = AsyncRetrying(retry=retry_if_exception(lambda e: pause(e) is not None), wait=wait, stop=stop,
                             before_sleep=before_sleep, reraise=True)
    async for trying in retrying:  # (tenacity's call form takes a lambda returning a coroutine for sync)
        with trying:
            return await again()
    raise AssertionError("tenacity ended without a result or an error")  # not reached: reraise=True


def undelivered(payload: Mapping[str, Any], interaction_id: int, deadline: float, exc: BaseException) -> None:
    """The answer to the interaction ``interaction_id`` (its ``payload``, raw as Discord sends it, or the part
    kept of it) could not be sent (``exc``, after every try :func:`within` made until ``deadline``, Unix
    seconds): one WARNING naming the interaction's id, its command or button and the fault (no token, no
    traceback; noting when Discord's window is over or closing; per fault at most one line every 10 s, the next with
    the count left out: :func:`bot.logs.limited`), and one count in ``regelbot_delivery_failures_total``
    (:func:`bot.metrics.undelivered`), every one counted."""
    data = payload.get("data")
    data = data if isinstance(data, Mapping) else {}
    if payload.get("type") == MESSAGE_COMPONENT:
        what = f"Knopf {str(data.get('custom_id', ''))[:100]!r}"
    else:
        what = "/" + " ".join(leaf_options(data)[0])[:64]
    late = " (Discords Frist für diese Interaktion ist abgelaufen)" if time.time() + BACKOFF[1] >= deadline else ""
    limited(log, logging.WARNING, f"nicht zugestellt: {_fault(exc)}", "Antwort auf Interaktion %s (%s) nicht "
            "zugestellt: %s%s", interaction_id, what, _fault(exc), late)
    metrics.undelivered(payload)


def unread(door: logging.Logger, interaction_id: object, itype: object, problem: str) -> None:
    """The WARNING of ``serve`` (``door``: its logger) for an interaction in a shape Discord does not send
    (``problem``, :func:`shape_problem`): „Interaktion 1446… vom Typ 99 in unerwarteter Form, nicht ausgeführt: …“
    (id and type cut to 24 and 20 characters). Anyone holding a signed payload can send many: at most one line every
    10 s, the next with the count left out (:func:`bot.logs.limited`); every one counted in
    ``regelbot_refusals_total{reason="bad_input"}``, as the gateway counts its own (whose payloads come from Discord
    alone: one line each, :mod:`bot.gateway.gate`)."""
    metrics.refused("bad_input")
    limited(door, logging.WARNING, "unerwartete Form", "Interaktion %s vom Typ %s in unerwarteter Form, nicht "
            "ausgeführt: %s", str(interaction_id)[:24], str(itype)[:20], problem)


def repeated(door: logging.Logger, interaction_id: int, how: str) -> None:
    """The INFO line of ``serve`` (``door``: its logger) for an interaction received again (``how``: ``HTTP``),
    answered once: at most one line every 10 s, the next with the count left out (a replayed signed request can
    come many times; :func:`bot.logs.limited`)."""
    limited(door, logging.INFO, f"doppelt {how}", "Interaktion %s doppelt erhalten (%s), nur einmal beantwortet",
            interaction_id, how)


def undelivered_gateway(payload: Mapping[str, Any], interaction_id: int, responded: bool, exc: BaseException) -> None:
    """:func:`undelivered` for an answer of the gateway bot (``payload``: the raw interaction, or for a button
    ``{"type": 3, "data": <its data>}``) that :func:`deliver` could not send (``exc``: Discord refused it, or the
    connection failed on every try): the window that closed is Discord's 15 minutes when a callback (answer or
    defer) was already sent (``responded``: the failed request was a follow-up webhook), else its 3 s for the
    callback. One WARNING and one count in ``regelbot_delivery_failures_total``, as ``serve`` has them."""
    window = FOLLOWUP_WINDOW if responded else CALLBACK_WINDOW
    undelivered(payload, interaction_id, created_at(interaction_id) + window, exc)


def _fault(exc: BaseException | None) -> str:
    """A failed request in a few words for the log: the status when it has one, else the error's type."""
    status = getattr(exc, "status", None)
    return f"HTTP {status}" if status else type(exc).__name__


def defer_kind(payload: Mapping[str, Any]) -> tuple[int, bool] | None:
    """The defer Regelbot sends for the raw interaction ``payload`` (a dict as Discord sends it) when it
    must be acknowledged before its answer is ready: ``(callback type, ephemeral)``, decided from the payload
    alone. The same choice the answer paths make later: a slash command gets 5 ("thinking…"), ephemeral when
    its ``private`` option is true and for the message command "Karten erklären"; a Regelbot button gets 6
    for turning a page (the clicked message is replaced), else 5, ephemeral for ``open`` (private answers).

    None for what is not deferred: PING, autocomplete (Discord allows no defer for it), components that are
    not Regelbot's or whose custom_id does not decode, and "Im Kanal teilen" without an invocation (answered
    with a copy of the message at once). Never raises on a malformed payload (None instead).
    """
    itype = payload.get("type")
    data = payload.get("data")
    if type(data) is not dict and not isinstance(data, Mapping):
        return None
    if itype == APPLICATION_COMMAND:
        if data.get("type") == MESSAGE_COMMAND:
            return CB_DEFERRED_MESSAGE, True
        return CB_DEFERRED_MESSAGE, _private_option(data)
    if itype != MESSAGE_COMPONENT:
        return None
    custom_id = str(data.get("custom_id", ""))
    values = data.get("values")
    if not custom_id.startswith("rb:"):
        return None
    bid = decode_or_none(picked_custom_id(custom_id, values if isinstance(values, list) else []))
    if bid is None or bid.target is None:
        return None
    if bid.verb == PAGE:
        return CB_DEFERRED_UPDATE, False
    return CB_DEFERRED_MESSAGE, bid.verb == OPEN


def shared_copy_body(message: Mapping[str, Any]) -> dict[str, Any] | None:
    """"Im Kanal teilen" for an answer whose invocation did not fit into the button's custom_id (the 4000-character
    message of "Karten erklären"): the public message copying ``message`` (the clicked message as Discord sends it
    with a component interaction: its embeds, at most 10, and its action buttons ``rb:<action>:<arg>``; share and
    paging buttons are left out), mentions off. None when ``message`` has no embed to copy (a forged button, a
    payload without the message). Never raises on a malformed message."""
    embeds = message.get("embeds")
    if not isinstance(embeds, list) or not embeds:
        return None
    rows = []
    for row in message.get("components") or []:
        children = row.get("components") if isinstance(row, Mapping) else None
        kept = [c for c in children or [] if isinstance(c, Mapping)
                and (bid := decode_or_none(str(c.get("custom_id") or ""))) is not None and bid.verb == OPEN]
        if kept:
            rows.append({"type": ACTION_ROW, "components": kept})
    return {"embeds": embeds[:10], "components": rows, "allowed_mentions": {"parse": []}, "flags": 0}


def share_copy(payload: Mapping[str, Any]) -> dict[str, Any] | None:
    """The answer to the press of a share button whose invocation did not fit (``rb:sh:…:!``) in the component
    interaction ``payload``: the copy of its message (:func:`shared_copy_body`) as the callback body, sent at once
    (no defer: nothing is computed); None for any other payload."""
    data = payload.get("data")
    if payload.get("type") != MESSAGE_COMPONENT or not isinstance(data, Mapping):
        return None
    bid = decode_or_none(str(data.get("custom_id") or ""))
    message = payload.get("message")
    if bid is None or bid.verb != SHARE or bid.target is not None or not isinstance(message, Mapping):
        return None
    body = shared_copy_body(message)
    return {"type": CB_MESSAGE, "data": body} if body is not None else None


def defer_body(ctype: int, ephemeral: bool) -> dict[str, Any]:
    """The callback body of a defer: ``{"type": 5|6}``, with ``data.flags`` 64 when ephemeral."""
    return {"type": ctype, "data": {"flags": EPHEMERAL}} if ephemeral else {"type": ctype}


class Transport(Protocol):
    """Where the answers of one interaction go. ``responded``: the callback was sent; ``deferred``: its
    type when it was a defer (5 or 6), else None; ``deferred_ephemeral``: the defer was ephemeral."""

    @property
    def responded(self) -> bool:
        """True once the interaction callback (an answer or a defer) was sent."""
        ...

    @property
    def deferred(self) -> int | None:
        """The callback type when it was a defer (5 new message, 6 update), else None."""
        ...

    @property
    def deferred_ephemeral(self) -> bool:
        """Whether the defer was ephemeral."""
        ...

    async def respond(self, body: dict[str, Any]) -> None:
        """Send the interaction callback ``{"type", "data"}``."""
        ...

    async def edit_original(self, data: dict[str, Any]) -> None:
        """Edit the interaction's original (or deferred) message with the message payload ``data``."""
        ...

    async def followup(self, data: dict[str, Any]) -> None:
        """Send ``data`` as a new follow-up message."""
        ...

    async def delete_original(self) -> None:
        """Delete the interaction's original message (the "thinking…" of a defer)."""
        ...


async def deliver(transport: Transport, reply: Reply, *, page: int = 0, origin: Invocation | None = None,
                  update: bool = False) -> None:
    """Send page ``page`` of ``reply`` (its paging buttons re-run ``origin``) as the interaction's answer.

    ``update``: replace the message the clicked button belongs to (paging) instead of a new message.
    After a defer the deferred message is edited; an ephemeral reply after a public defer (an error)
    deletes the public "thinking…" message and follows up ephemerally, so an error never goes public.

    Raises:
        discord.HTTPException or aiohttp.ClientError: sending failed (the caller logs it).
    """
    deferred = transport.deferred
    if not transport.responded:
        ctype = CB_UPDATE if update else CB_MESSAGE
        await transport.respond({"type": ctype, "data": message_payload(reply, page, origin, edit=update)})
    elif (deferred == CB_DEFERRED_UPDATE and update) or (
        deferred == CB_DEFERRED_MESSAGE and reply.ephemeral == transport.deferred_ephemeral
    ):
        await transport.edit_original(message_payload(reply, page, origin, edit=True))
    else:
        if deferred == CB_DEFERRED_MESSAGE:
            await transport.delete_original()
        await transport.followup(message_payload(reply, page, origin))
