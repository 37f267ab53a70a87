"""The HTTP endpoint's :class:`bot.delivery.Transport` (:mod:`bot.serve`): an interaction's first callback is the
HTTP response to Discord's request, everything after it goes through the follow-up webhook
(``/webhooks/{application}/{token}``, :mod:`bot.rest`). Discord-free: no discord.py is imported."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, NamedTuple

from bot import metrics
from bot.core import INTERNAL_ERROR
from bot.delivery import CB_MESSAGE, FOLLOWUP_WINDOW, created_at, defer_body
from bot.render import message_payload
from bot.rest import RestClient, RestError


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


__all__ = ["HttpTransport", "Waiting"]
