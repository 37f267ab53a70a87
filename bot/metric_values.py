"""Counters and histograms of :mod:`bot.metrics` kept as plain numbers, exported through prometheus-client's
collector API in the format its ``Counter`` and ``Histogram`` write (``_total``, ``_bucket{le}``, ``_count``,
``_sum``, ``_created``; Prometheus' text exposition format).

Why not prometheus-client's own ``Counter``/``Histogram``: every ``inc`` and ``observe`` of theirs takes a lock
(each bucket, the sum and the count are values of their own), a histogram finds its bucket with a loop in Python,
and ``labels()`` builds and looks up a tuple under a lock: ≈ 20 µs of hooks per interaction in a burst
(``bench/bench_metrics.py``), several per cent of a ``serve`` worker's CPU. Here a child is a few numbers in a
list that only the event loop's thread changes: an observation is a ``bisect`` and two additions (the GIL makes
each one whole); a scrape (the health listener's thread, :mod:`bot.health`) copies a child's bucket counts in one
step and its sum in another, so an observation made between the two steps can show in the sum and not yet in the
counts (never half a number; prometheus-client's own histogram reads its buckets and sum one after the other too).
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Iterator, Sequence
from typing import Any

from prometheus_client.metrics_core import CounterMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import REGISTRY, Collector, CollectorRegistry
from prometheus_client.samples import Sample
from prometheus_client.utils import floatToGoString


class CounterChild:
    """One label combination of a :class:`CounterFamily`: its value and when it was created (Unix seconds)."""

    def __init__(self) -> None:
        self.value = 0.0
        self.created = time.time()

    def inc(self, amount: float = 1.0) -> None:
        """Add ``amount`` (≥ 0, as a Prometheus counter only grows)."""
        self.value += amount


class HistogramChild:
    """One label combination of a :class:`HistogramFamily`: the observations per bucket (not cumulative; the last
    one past the largest bound, ``+Inf``), their sum (seconds) and when it was created (Unix seconds)."""

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)
        self.sum = 0.0
        self.created = time.time()

    def observe(self, amount: float) -> None:
        """Count ``amount`` in the first bucket whose upper bound is at least ``amount`` (Prometheus' ``le``)."""
        self.counts[bisect.bisect_left(self.bounds, amount)] += 1
        self.sum += amount


class _Family(Collector):
    """A metric with labels whose children are made on first use (:meth:`labels`), registered in ``registry``
    (prometheus-client's default one: ``GET /metrics`` renders it with the rest)."""

    def __init__(self, name: str, documentation: str, labelnames: Sequence[str] = (),
                 registry: CollectorRegistry = REGISTRY) -> None:
        self.name, self.documentation, self.labelnames = name, documentation, tuple(labelnames)
        self.children: dict[tuple[str, ...], Any] = {}
        registry.register(self)

    def _new(self) -> Any:
        raise NotImplementedError

    def labels(self, *values: str) -> Any:
        """The child of the label ``values`` (in the order of the label names), made the first time."""
        child = self.children.get(values)
        if child is None:
            child = self.children[values] = self._new()
        return child

    def describe(self) -> list[Metric]:
        """The family without samples (the registry checks names with it)."""
        return list(self._empty())

    def _empty(self) -> Iterator[Metric]:
        raise NotImplementedError


class CounterFamily(_Family):
    """A counter (``NAME_total``, ``NAME_created``) with the label names ``labelnames``."""

    def _new(self) -> CounterChild:
        return CounterChild()

    def inc(self, amount: float = 1.0) -> None:
        """:meth:`CounterChild.inc` of the counter without labels."""
        self.labels().inc(amount)

    def _empty(self) -> Iterator[Metric]:
        yield CounterMetricFamily(self.name, self.documentation, labels=self.labelnames)

    def collect(self) -> Iterator[Metric]:
        """The counter's samples, one child after the other (each value read in one step)."""
        family = CounterMetricFamily(self.name, self.documentation, labels=self.labelnames)
        for values, child in list(self.children.items()):
            family.add_metric(values, child.value, created=child.created)
        yield family


class HistogramFamily(_Family):
    """A histogram with the upper bounds ``buckets`` (seconds, ascending; ``+Inf`` added) and the label names
    ``labelnames``."""

    def __init__(self, name: str, documentation: str, labelnames: Sequence[str], buckets: Sequence[float],
                 registry: CollectorRegistry = REGISTRY) -> None:
        self.bounds = tuple(float(b) for b in buckets)
        self._les = [floatToGoString(b) for b in self.bounds] + ["+Inf"]
        super().__init__(name, documentation, labelnames, registry)

    def _new(self) -> HistogramChild:
        return HistogramChild(self.bounds)

    def _empty(self) -> Iterator[Metric]:
        yield HistogramMetricFamily(self.name, self.documentation, labels=self.labelnames)

    def collect(self) -> Iterator[Metric]:
        """The histogram's samples (cumulative buckets, count, sum, created), a child's counts copied in one step."""
        family = HistogramMetricFamily(self.name, self.documentation, labels=self.labelnames)
        for values, child in list(self.children.items()):
            counts, total, running = list(child.counts), child.sum, 0
            buckets = []
            for le, count in zip(self._les, counts, strict=True):
                running += count
                buckets.append((le, float(running)))
            family.add_metric(values, buckets, total)
            family.samples.append(Sample(f"{self.name}_created", dict(zip(self.labelnames, values, strict=True)),
                                         child.created))
        yield family


__all__ = ["CounterChild", "CounterFamily", "HistogramChild", "HistogramFamily"]
