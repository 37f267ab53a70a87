"""Prometheus metrics of one Regelbot process (prometheus-client), and the small HTTP endpoint of ``run``.

What is counted, and where (each a one-line hook where it happens):

* ``regelbot_interactions_total{kind,command}`` — every interaction a door received (:func:`arrived`: the gateway's
  INTERACTION_CREATE gate, ``serve``'s verified request). ``kind``: ``command``, ``menu`` (the message command),
  ``button``, ``autocomplete``, ``ping``, ``other`` (a type the bot does not handle: a modal submit, an unknown
  type); ``command``: the invoked name as Discord sends it (``mana pay``) or a button's action (``rulings``, ``pg``)
  when the bot knows it, else ``andere`` (a forged or stale name: the values are bounded by the bot's own names) —
  the one label scheme of every metric with a ``command`` label, made by :mod:`bot.metric_labels` alone.
* ``regelbot_first_callback_seconds{kind}`` — from arrival to the first callback (answer, defer, autocomplete
  choices, PONG): :func:`first_callback` from the doors. ``regelbot_answer_seconds{kind}`` — from arrival to the
  answer (the first callback unless it was a defer, else the end of the interaction's work: :func:`finished`).
  Each interaction is observed once in each, so their counts equal the interactions received once they are done.
* ``regelbot_deferrals_total{kind}`` — first callbacks that were defers (type 5 or 6).
* ``regelbot_refusals_total{reason}`` — interactions refused: ``shutdown`` (arrived while shutting down),
  ``overload`` (no calculation worker free in time), ``bad_input`` (options that do not fit the command).
* ``regelbot_answer_work_seconds{command}`` — time the application core spent on an answer, a button action or
  an autocomplete (:func:`work`, in :meth:`bot.core.Core.run` and ``complete``), under the label of the
  interaction it answers (``ask``, never the answer's key ``question`` or a completer's name).
* ``regelbot_calc_budget_kills_total{reason}`` — calculations stopped: ``time`` (past the budget: the worker is
  killed), ``memory`` (the worker's memory cap), ``died`` (the worker died, e.g. the OOM killer); and
  ``regelbot_calc_worker_restarts_total`` — workers replaced (:mod:`bot.offload`).
* ``regelbot_signature_rejections_total{reason}`` — requests to ``serve`` refused with 401 (:func:`bot.signature.
  problem`: ``missing``, ``malformed``, ``timestamp``, ``signature``); ``regelbot_register_rows_to_review`` —
  register rows of the open store to review against newer rules (:func:`rows_to_review`).
* ``regelbot_connections_{accepted,timed_out,evicted,exhausted}_total`` — ``serve``'s connection intake
  (:mod:`bot.serve_net`): connections accepted, closed for a slow client, closed to make room, accepts that waited
  for a free file (:func:`watch_intake`; the same counts as ``/health``'s).
* ``regelbot_store_age_seconds`` — age of the open store (its file's modification time: ``build`` writes a new
  file and renames it into place); ``regelbot_interactions_in_flight``; ``regelbot_build_info{version}``.

A page is read while the door goes on counting; its metrics are read in a fixed order (interactions, in flight,
then the rest), so a page showing 0 in flight has every interaction it counted in each histogram.

Plus prometheus-client's process metrics (CPU, memory, open files). ``serve`` answers ``GET /metrics`` on its port;
``run`` opens :func:`start_endpoint` on ``METRICS_PORT`` with ``GET /metrics`` and ``GET /health``, ``serve`` on
``HEALTH_PORT``: both answered from a thread of their own (:mod:`bot.health`).

Counting is switched on by :func:`enable` in a process that serves the page (``serve``, ``run`` with
``METRICS_PORT``); before, every hook returns at once and prometheus-client is not even imported: the console,
``build``, ``call`` and the calculation workers (which import :mod:`bot.offload`) pay nothing for it.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot import __version__
from bot.metric_labels import MAX_COMMANDS, OTHER, command_label, interaction_label, invocation_label

if TYPE_CHECKING:  # imported where they are needed (see the module docstring)
    from bot.custom_id import Invocation

if TYPE_CHECKING:
    from aiohttp import web

    from bot.health import SideListener

log = logging.getLogger(__name__)

#: Latency buckets (seconds) around Discord's 3-s limit for the first callback; deferred answers may take longer.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 2.5, 3.0, 5.0, 10.0, 30.0, 60.0)
#: Callback types of a defer (Discord: DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_UPDATE_MESSAGE).
DEFERS = (5, 6)
#: Interaction types → ``kind`` (https://discord.com/developers/docs/interactions/receiving-and-responding).
KINDS = {1: "ping", 2: "command", 3: "button", 4: "autocomplete"}



class _Metrics:
    """The metric objects of this process (created by :func:`enable`, once)."""

    def __init__(self) -> None:
        from prometheus_client import Counter, Gauge, Histogram

        # A scrape reads the metrics one after the other in the order they are created here, from the listener's
        # thread, while the door's loop goes on counting. The interactions counter comes first, the in-flight
        # gauge second, the histograms after it: every interaction counted on a page arrived before its
        # in-flight figure was read, and every one finished by then (done() observes before it leaves _open)
        # is in the histograms read later. So a page showing 0 in flight holds each of them in every histogram:
        # "in flight 0" is a consistent point to compare two scrapes (tests/e2e/scrape.py: settled()).
        self.interactions = Counter("regelbot_interactions", "Empfangene Interaktionen nach Art und Befehl",
                                    ["kind", "command"])
        Gauge("regelbot_interactions_in_flight", "Interaktionen, deren Antwort noch aussteht").set_function(
            lambda: len(_open))
        self.first_callback = Histogram("regelbot_first_callback_seconds", "Sekunden vom Eingang bis zur ersten "
                                        "Antwort an Discord (Antwort, Zurückstellen, Vorschläge)", ["kind"],
                                        buckets=BUCKETS)
        self.answer = Histogram("regelbot_answer_seconds", "Sekunden vom Eingang bis zur Antwort", ["kind"],
                                buckets=BUCKETS)
        self.deferrals = Counter("regelbot_deferrals", "Zurückgestellte Interaktionen (erste Antwort Typ 5 oder 6)",
                                 ["kind"])
        self.refusals = Counter("regelbot_refusals", "Abgelehnte Interaktionen nach Grund (shutdown, overload, "
                                "bad_input)", ["reason"])
        self.work = Histogram("regelbot_answer_work_seconds", "Sekunden, die der Kern für eine Antwort rechnete",
                              ["command"], buckets=BUCKETS)
        self.budget_kills = Counter("regelbot_calc_budget_kills", "Abgebrochene Berechnungen: Zeit überschritten "
                                    "(Prozess beendet), Speichergrenze erreicht, Prozess gestorben", ["reason"])
        self.worker_restarts = Counter("regelbot_calc_worker_restarts", "Ersetzte Rechenprozesse")
        self.delivery_failures = Counter("regelbot_delivery_failures", "Antworten, die Discord nicht zugestellt "
                                         "werden konnten (Webhook nach allen Versuchen fehlgeschlagen)", ["kind"])
        self.signature_rejections = Counter("regelbot_signature_rejections", "Mit 401 abgelehnte Anfragen nach "
                                            "Grund (missing, malformed, timestamp, signature)", ["reason"])
        self.to_review = Gauge("regelbot_register_rows_to_review", "Registerzeilen der geöffneten Datenbank, die "
                               "nach neueren Regeln zu prüfen sind")
        Gauge("regelbot_store_age_seconds", "Alter der geöffneten Datenbank in Sekunden").set_function(_store_age)
        Gauge("regelbot_build_info", "Version von Regelbot", ["version"]).labels(__version__).set(1)
        from prometheus_client import REGISTRY

        REGISTRY.register(_IntakeCollector())  # serve's connection counts (:func:`watch_intake`)
        #: The labelled children handed out so far (``labels()`` takes a lock and builds a tuple each time).
        self.children: dict[tuple[object, tuple[str, ...]], Any] = {}
        #: Per interaction kind the three children of its clock (:meth:`clocks`); per command name its work child.
        self.kinds: dict[str, tuple[Any, Any, Any]] = {}
        self.works: dict[str, Any] = {}

    def child(self, metric: Any, *labels: str) -> Any:
        """``metric.labels(*labels)``, kept after the first time (bounded like the label values)."""
        key = (metric, labels)
        found = self.children.get(key)
        if found is None:
            found = self.children[key] = metric.labels(*labels)
        return found

    def clocks(self, kind: str) -> tuple[Any, Any, Any]:
        """The children of ``kind`` an interaction's clock (:class:`Track`) counts into: first callback, answer
        and deferrals (:meth:`child` of each), looked up once per kind (six kinds at most)."""
        found = self.kinds.get(kind)
        if found is None:
            found = self.kinds[kind] = (self.child(self.first_callback, kind), self.child(self.answer, kind),
                                        self.child(self.deferrals, kind))
        return found

    def work_child(self, command: str) -> Any:
        """The child of ``regelbot_answer_work_seconds`` for ``command`` (its :func:`command_label`), looked up
        once per name (at most :data:`MAX_COMMANDS` kept: further names share ``andere``'s)."""
        found = self.works.get(command)
        if found is None:
            found = self.child(self.work, command_label(command))
            if len(self.works) < MAX_COMMANDS:
                self.works[command] = found
        return found


_metrics: _Metrics | None = None


def enable() -> None:
    """Start counting in this process (idempotent): the door that serves ``GET /metrics`` calls it first."""
    global _metrics
    if _metrics is None:
        _metrics = _Metrics()


def enabled() -> bool:
    """Whether this process counts (:func:`enable` ran)."""
    return _metrics is not None


_store: Path | None = None


class Track:
    """One interaction's clock: its ``kind`` and arrival (``time.monotonic()``); each histogram sees it once."""

    __slots__ = ("clocks", "closed", "first_seen", "key", "kind", "started")

    def __init__(self, key: str, kind: str, metrics: _Metrics) -> None:
        self.key, self.kind = key, kind
        self.clocks = metrics.clocks(kind)  # first callback, answer, deferrals of this kind
        self.started = time.monotonic()
        self.first_seen = self.closed = False

    def first(self, callback_type: object) -> None:
        """The first callback was sent (type ``callback_type``): observed once; unless it was a defer it is the
        answer too (:meth:`done`, at the same moment)."""
        if self.first_seen or self.closed:
            return
        self.first_seen = True
        took = time.monotonic() - self.started
        first_callback, _answer, deferrals = self.clocks
        first_callback.observe(took)
        if callback_type in DEFERS:
            deferrals.inc()
        else:
            self.done(took)

    def done(self, took: float | None = None) -> None:
        """The interaction is answered (or given up; ``took``: seconds since arrival when the caller read the
        clock already): the answer latency once, and the first callback's if none was seen (autocomplete answered
        by discord.py, a failed callback)."""
        if self.closed:
            return
        if took is None:
            took = time.monotonic() - self.started
        first_callback, answer, _deferrals = self.clocks
        if not self.first_seen:
            self.first_seen = True
            first_callback.observe(took)
        self.closed = True
        answer.observe(took)
        if _open.get(self.key) is self:
            del _open[self.key]


#: Interactions not yet answered, by id, oldest first: every door finishes what it tracks; one that never hears
#: of its end (a payload discord.py could not parse) is dropped once :data:`MAX_OPEN` newer ones are open.
_open: dict[str, Track] = {}
MAX_OPEN = 10_000


def kind_and_command(payload: Mapping[str, Any]) -> tuple[str, str]:
    """``(kind, command)`` of a raw interaction ``payload`` (a dict as Discord sends it; never raises). ``kind``
    ``other`` is an interaction type the bot does not handle (Discord's modal submit, 5, or an unknown type);
    ``command`` is the one label of :mod:`bot.metric_labels` (:func:`bot.metric_labels.interaction_label`: a command
    the bot does not register, ``karte`` is the German name shown, Discord sends ``card``, or a button action it does
    not make is :data:`OTHER`, so the label's values are bounded by the bot's own names)."""
    itype = payload.get("type")
    data = payload.get("data")
    data = data if type(data) is dict or isinstance(data, Mapping) else {}  # a dict without the ABC's check
    kind = KINDS.get(itype if isinstance(itype, int) else -1, "other")
    if kind in ("command", "autocomplete") and data.get("type") == 3:
        kind = "menu"
    return kind, interaction_label(kind, data)


def arrived(payload: Mapping[str, Any]) -> Track | None:
    """A door received the interaction ``payload``: count it and start its clock (kept by the interaction's id
    for :func:`first_callback` and :func:`finished`). Returns the clock (None while this process does not count,
    or for a payload without an id), so a door that holds it (``serve``) reports the first callback and the end
    on it (:meth:`Track.first`, :meth:`Track.done`) without looking the id up again."""
    m = _metrics
    if m is None:
        return None
    kind, command = kind_and_command(payload)
    key = str(payload.get("id", ""))
    track = None
    if key:  # in flight before it is counted: a scrape never sees it counted, not in flight and not observed
        if len(_open) >= MAX_OPEN:
            del _open[next(iter(_open))]
        track = _open[key] = Track(key, kind, m)
    m.child(m.interactions, kind, command).inc()
    return track


def first_callback(interaction_id: object, callback_type: object) -> None:
    """The first callback of interaction ``interaction_id`` was sent, of type ``callback_type`` (4 answer,
    5/6 defer, 7 update, 8 choices, 1 PONG); later calls for the same interaction are ignored."""
    track = _open.get(str(interaction_id))
    if track is not None:
        track.first(callback_type)


def finished(interaction_id: object) -> None:
    """The door is done with interaction ``interaction_id`` (answered, or given up)."""
    track = _open.get(str(interaction_id))
    if track is not None:
        track.done()


def refused(reason: str) -> None:
    """An interaction was refused for ``reason`` (``shutdown``, ``overload``, ``bad_input``)."""
    if _metrics is not None:
        _metrics.child(_metrics.refusals, reason).inc()


def signature_rejected(reason: str) -> None:
    """A request to ``serve`` was refused with 401 for ``reason`` (:func:`bot.signature.problem`'s label)."""
    if _metrics is not None:
        _metrics.child(_metrics.signature_rejections, reason).inc()


def rows_to_review(count: int) -> None:
    """The open store has ``count`` register rows to review against newer rules (``build``/``update``'s
    „ZU PRÜFEN“): ``regelbot_register_rows_to_review``."""
    if _metrics is not None:
        _metrics.to_review.set(count)


def undelivered(payload: Mapping[str, Any]) -> None:
    """The answer to the interaction ``payload`` (a raw dict as Discord sends it) could not be delivered: count
    it in ``regelbot_delivery_failures_total{kind}`` (it is still counted as answered in the histograms)."""
    if _metrics is not None:
        _metrics.child(_metrics.delivery_failures, kind_and_command(payload)[0]).inc()


def budget_killed(reason: str) -> None:
    """A calculation was stopped: it ran out of ``time`` or ``memory``, or its worker ``died``."""
    if _metrics is not None:
        _metrics.child(_metrics.budget_kills, reason).inc()


def worker_restarted() -> None:
    """A calculation worker was replaced by a fresh one."""
    if _metrics is not None:
        _metrics.worker_restarts.inc()


class _Timed:
    """Times a block into ``regelbot_answer_work_seconds{command}`` (see :func:`work`)."""

    __slots__ = ("command", "metrics", "started")

    def __init__(self, metrics: _Metrics, command: str) -> None:
        self.metrics, self.command = metrics, command
        self.started = 0.0

    def __enter__(self) -> None:
        self.started = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        self.metrics.work_child(self.command).observe(time.perf_counter() - self.started)


_UNTIMED = contextlib.nullcontext()


def work(command: str | None, inv: Invocation | None = None) -> contextlib.AbstractContextManager[None]:
    """A context manager timing the core's work as its block under ``command``, the label of the interaction
    it answers (:mod:`bot.metric_labels`, as its door counted it); None: the label of the invocation ``inv``
    (:func:`bot.metric_labels.invocation_label`; :data:`OTHER` without one). Nothing while this process does not
    count."""
    if _metrics is None:
        return _UNTIMED
    return _Timed(_metrics, command if command is not None else invocation_label(inv) if inv is not None else OTHER)


#: ``serve``'s connection intake counters (:class:`bot.serve_sockets.IntakeStats`: its field → the counter's help):
#: ``regelbot_connections_<field>_total``.
INTAKE_COUNTERS = {
    "accepted": "Angenommene Verbindungen",
    "timed_out": "Verbindungen, geschlossen weil der Client zu langsam war (keine Anfrage, Kopfzeilen oder kein "
                 "Inhalt in der Frist)",
    "evicted": "Verbindungen ohne ganze Anfrage, geschlossen um Platz für neue zu machen",
    "exhausted": "Annahmen, die mangels freier Datei warteten",
}
_intake: Callable[[], Mapping[str, int]] | None = None


def watch_intake(counts: Callable[[], Mapping[str, int]] | None) -> None:
    """Report ``serve``'s connection intake: ``counts()`` gives its counts since start (the fields of
    :class:`bot.serve_sockets.IntakeStats`, read from the scraping thread: each a whole int) as the counters
    ``regelbot_connections_accepted_total``, ``…_timed_out_total``, ``…_evicted_total`` and
    ``…_exhausted_total`` (:data:`INTAKE_COUNTERS`); None: none (a process without an intake has no such lines)."""
    global _intake
    _intake = counts


class _IntakeCollector:
    """prometheus-client collector of :func:`watch_intake`'s counts: the intake keeps them as plain ints (its hot
    path counts without a lock or a call into prometheus-client); a scrape reads them."""

    def describe(self) -> list[Any]:
        """The counters' names, reserved in the registry whether or not an intake is watched."""
        return list(self._families(dict.fromkeys(INTAKE_COUNTERS, 0)))

    def collect(self) -> list[Any]:
        """The counters with their values now; nothing while no intake is watched."""
        counts = _intake
        return [] if counts is None else list(self._families(counts()))

    @staticmethod
    def _families(counts: Mapping[str, int]) -> Any:
        from prometheus_client.core import CounterMetricFamily

        for field, text in INTAKE_COUNTERS.items():
            yield CounterMetricFamily(f"regelbot_connections_{field}", text, value=counts.get(field, 0))


def watch_store(path: Path | None) -> None:
    """Report the age of the store at ``path`` (None: no store open)."""
    global _store
    _store = path


def _store_age() -> float:
    if _store is None:
        return math.nan
    try:
        return max(0.0, time.time() - _store.stat().st_mtime)
    except OSError:
        return math.nan



def exposition() -> web.Response:
    """``GET /metrics``: every metric of this process in Prometheus' text format (counting from now on, if it did
    not yet: :func:`enable`)."""
    from aiohttp import web
    from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

    enable()
    return web.Response(body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST})


#: A health check: ``(ready, reason)``, the reason German (why not ready, or what is up); called in the health
#: listener's thread, so it only reads (:mod:`bot.health`).
Health = Callable[[], tuple[bool, str]]


async def start_endpoint(host: str, port: int, health: Health,
                         figures: Callable[[], Mapping[str, Any]] | None = None) -> SideListener:
    """Serve ``GET /metrics`` and ``GET /health`` (``health``, ``figures`` and the running loop's heartbeat:
    :class:`bot.health.SideListener`) on ``host:port`` (0: a free port) from a thread of their own, so a busy or
    stalled event loop neither delays nor hangs them; logs the URL. ``await listener.cleanup()`` stops it.

    Raises:
        bot.health.PortError: the address cannot be bound (an ``OSError``: in use, not this machine's, no
            permission).
    """
    # the side listener's module only where one is opened
    from bot.health import Heartbeat, SideListener

    enable()
    listener = SideListener(health, Heartbeat(), figures, page=exposition)
    addresses = await listener.open(host, port)
    bound = addresses[0][1] if addresses else port
    log.info("Metriken und Gesundheit: http://%s:%s/metrics und /health", host, bound)
    return listener
