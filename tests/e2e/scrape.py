"""Read a Regelbot process's metrics and health over HTTP in tests: ``GET /metrics`` (Prometheus' text format,
parsed with prometheus-client's parser) and ``GET /health``."""

# ruff: noqa: ASYNC109  (a deadline with the process's log in its message is the helper's job)
from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Any

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

#: The line ``run`` logs when its METRICS_PORT endpoint listens (bot.metrics.start_endpoint).
ENDPOINT_LINE = re.compile(r"Metriken und Gesundheit: (http://\S+)/metrics")

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def endpoint(output: Callable[[], str], timeout: float = 30.0) -> str:
    """The base URL (``http://127.0.0.1:PORT``) of the endpoint a process logged in ``output()``.

    Raises:
        AssertionError: no such line within ``timeout`` seconds (with the end of the log).
    """
    deadline = time.monotonic() + timeout
    while True:
        found = ENDPOINT_LINE.search(output())
        if found:
            return found.group(1)
        if time.monotonic() > deadline:
            raise AssertionError(f"no metrics endpoint logged within {timeout} s:\n{output()[-3000:]}")
        await asyncio.sleep(0.05)


async def scrape(base: str) -> Samples:
    """Every sample of ``GET base/metrics``: ``{(name, sorted labels): value}``."""
    async with aiohttp.ClientSession() as session, session.get(f"{base}/metrics") as resp:
        assert resp.status == 200, resp.status
        assert resp.headers["Content-Type"].startswith("text/plain; version="), resp.headers["Content-Type"]
        return parse(await resp.text())


def parse(text: str) -> Samples:
    """Every sample of a page in Prometheus' text format: ``{(name, sorted labels): value}``."""
    samples: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return samples


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of the samples called ``name`` whose labels include ``labels`` (0 when there is none)."""
    wanted = set(labels.items())
    return sum(value for (sample, have), value in samples.items() if sample == name and wanted <= set(have))


async def health(base: str) -> tuple[int, dict[str, Any]]:
    """``GET base/health``: the status and the JSON body."""
    async with aiohttp.ClientSession() as session, session.get(f"{base}/health") as resp:
        return resp.status, await resp.json()


async def settled(base: str, timeout: float = 30.0) -> Samples:
    """Scrape until no interaction is in flight (``regelbot_interactions_in_flight`` 0) and return that scrape.

    Raises:
        AssertionError: still in flight after ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while True:
        samples = await scrape(base)
        if total(samples, "regelbot_interactions_in_flight") == 0:
            return samples
        if time.monotonic() > deadline:
            raise AssertionError(f"{total(samples, 'regelbot_interactions_in_flight')} still in flight")
        await asyncio.sleep(0.05)
