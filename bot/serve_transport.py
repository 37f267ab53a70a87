"""The HTTP endpoint's :class:`bot.delivery.Transport` (:mod:`bot.serve`): an interaction's first callback is the
HTTP response to Discord's request, everything after it goes through the follow-up webhook
(``/webhooks/{application}/{token}``, :mod:`bot.rest`). Discord-free: no discord.py is imported."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import Any, NamedTuple

from bot import metrics
from bot.core import INTERNAL_ERROR
from bot.delivery import CB_MESSAGE, FOLLOWUP_WINDOW, created_at, defer_body
from bot.render import message_payload
from bot.rest import RestClient, RestError

log = logging.getLogger("bot.serve")
#: Seconds the answers given up at shutdown have to end once cancelled (their connections closing).
CANCEL_SECONDS = 1.0


class Waiting(NamedTuple):
    """An answer of :mod:`bot.serve` to make: the interaction's application id, token and id (a snowflake), what
    the answer reads of its payload (its command read already under ``"parsed"``, or None), its defer (callback
    type, ephemeral) and its metrics clock (:func:`bot.metrics.arrived`; None while the process does not count)."""

    application_id: str
    token: str
    interaction_id: int
    payload: dict[str, Any]
    kind: tuple[int, bool]
    track: metrics.Track | None


class HttpTransport:
    """:class:`bot.delivery.Transport` of one HTTP interaction: the callback is the HTTP response
    (:attr:`first`), everything after it goes through the follow-up webhook."""

    def __init__(self, rest: RestClient, application_id: str, token: str, interaction_id: int) -> None:
        self.rest = rest
        self.interaction_id = interaction_id
        self._webhook = f"/webhooks/{application_id}/{token}"
        #: Until when the follow-up webhook takes requests (Unix seconds): Discord's 15 minutes from the
        #: interaction's creation (the time in its snowflake ``interaction_id``).
        self.deadline = created_at(interaction_id) + FOLLOWUP_WINDOW
        self.first: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        #: 5 or 6 when the HTTP response was a defer (None otherwise), and whether the defer was ephemeral.
        self.deferred: int | None = None
        self.deferred_ephemeral = False

    @property
    def responded(self) -> bool:
        """True once the HTTP response body is decided."""
        return self.first.done()

    async def respond(self, body: dict[str, Any]) -> None:
        """Make ``body`` the HTTP response (the interaction callback; nothing when the request was given up, its
        future cancelled: a shutdown)."""
        if not self.first.done():
            self.first.set_result(body)

    async def defer(self, ctype: int, ephemeral: bool) -> None:
        """Answer the HTTP request with a defer (5 "thinking…" or 6 for an update) now."""
        self.defer_now(ctype, ephemeral)

    def defer_now(self, ctype: int, ephemeral: bool) -> None:
        """:meth:`defer` as a plain call (a timer's callback, :meth:`Interactions._answer`)."""
        if not self.first.done():
            self.deferred, self.deferred_ephemeral = ctype, ephemeral
            self.first.set_result(defer_body(ctype, ephemeral))

    def ended(self, task: asyncio.Task[None]) -> None:
        """The answer's task ended: without any response (it always sends one), :data:`bot.core.INTERNAL_ERROR`."""
        if not self.first.done():
            self.first.set_result({"type": CB_MESSAGE, "data": message_payload(INTERNAL_ERROR)})

    async def edit_original(self, data: dict[str, Any]) -> None:
        """``PATCH /webhooks/{app}/{token}/messages/@original`` (passing faults tried again, :mod:`bot.rest`)."""
        await self.rest.request("PATCH", f"{self._webhook}/messages/@original", data, deadline=self.deadline)

    async def followup(self, data: dict[str, Any]) -> None:
        """``POST /webhooks/{app}/{token}?wait=true`` (passing faults tried again)."""
        await self.rest.request("POST", f"{self._webhook}?wait=true", data, deadline=self.deadline)

    async def delete_original(self) -> None:
        """``DELETE /webhooks/{app}/{token}/messages/@original`` (a missing message is fine)."""
        with contextlib.suppress(RestError):
            await self.rest.request("DELETE", f"{self._webhook}/messages/@original", deadline=self.deadline)


def log_error(what: str, exc: BaseException) -> None:
    """One ERROR line naming the exception; its traceback only at DEBUG (README: "tracebacks only with
    LOG_LEVEL=DEBUG")."""
    log.error("%s: %s: %s", what, type(exc).__name__, str(exc)[:200])
    log.debug("%s", what, exc_info=exc)


async def given_up(tasks: set[asyncio.Task[None]], current: dict[Any, Waiting], waiting: deque[Waiting]) -> int:
    """At shutdown, after the grace for answers still running: cancel the ``tasks`` left, and give up what they
    worked on (``current``: task → its answer) and the answers still ``waiting`` for a task. Each is counted in
    ``regelbot_delivery_failures_total`` (its user keeps Discord's "denkt nach …" until the 15 minutes end), their
    number logged as one WARNING ``Heruntergefahren: 35 Antworten nicht zugestellt`` (nothing when none was left);
    returns that number."""
    running = [job for task, job in current.items() if task in tasks and not task.done()]
    left = [*running, *waiting]  # a running one's clock ends when its task does; a waiting one's here
    waiting.clear()
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.wait(set(tasks), timeout=CANCEL_SECONDS)
    for job in left:
        metrics.undelivered(job.payload)
        if job.track is not None and job not in running:
            job.track.done()
    if left:
        log.warning("Heruntergefahren: %d Antworten nicht zugestellt (noch in Arbeit oder Discord nicht erreichbar)",
                    len(left))
    return len(left)


__all__ = ["CANCEL_SECONDS", "HttpTransport", "Waiting", "given_up", "log_error"]
