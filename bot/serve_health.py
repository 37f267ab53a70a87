"""``serve``'s health as ``GET /health`` and the health port read it: ready while the store is open and no signal
asked it to stop, with the commands, the answers running and the intake's figures (:mod:`bot.serve_net`)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Protocol

import orjson
from aiohttp import web

from bot import metrics

if TYPE_CHECKING:
    from bot.serve_net import Intake


class Answering(Protocol):
    """What :class:`ServeHealth` reads of ``bot.serve_interactions.Interactions`` (not imported: the door is above
    this module): its core (``is_open``), its command table (``leaves``) and the answers running or waiting."""

    core: Any
    table: Any

    @property
    def pending(self) -> int:
        """Answers running or waiting."""
        ...


class ServeHealth:
    """``serve``'s health: ready while the store is open and no signal asked it to stop (:attr:`stopping`); its
    figures are the commands, the answers running and the intake's (:meth:`bot.serve_net.Intake.health`; its counts
    are the counters of :func:`bot.metrics.watch_intake` too). Read
    by ``GET /health`` on the interactions port and from the thread of the health port (:mod:`bot.health`):
    only reads."""

    def __init__(self, interactions: Answering, intake: Intake | None = None) -> None:
        self.interactions, self.intake = interactions, intake
        if intake is not None:  # its counts also as counters on GET /metrics
            metrics.watch_intake(lambda: vars(intake.stats))
        #: Set (once) when a signal asked ``serve`` to stop: the load balancer should send nothing more.
        self.stopping = False

    def check(self) -> tuple[bool, str]:
        """``(ready, German reason)``."""
        if not self.interactions.core.is_open:
            return False, "Datenbank nicht geöffnet"
        if self.stopping:
            return False, "Endpunkt fährt herunter"
        return True, "bereit"

    def figures(self) -> dict[str, Any]:
        """``commands``, ``running`` (answers running or waiting) and the intake's figures."""
        figures = {"commands": len(self.interactions.table.leaves), "running": self.interactions.pending}
        return {**figures, **(self.intake.health() if self.intake else {})}

    def response(self) -> web.Response:
        """``GET /health`` on the interactions port: 200 ``{"status": "ok", "grund", "pid", …}`` with
        :meth:`figures`, 503 ``"nicht bereit"`` with the reason (:meth:`check`)."""
        ready, reason = self.check()
        body = {"status": "ok" if ready else "nicht bereit", "grund": reason, "pid": os.getpid(), **self.figures()}
        return web.Response(body=orjson.dumps(body), status=200 if ready else 503, content_type="application/json")


__all__ = ["Answering", "ServeHealth"]
