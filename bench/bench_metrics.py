"""Cost of the metric hooks (bot/metrics.py) per interaction, and of one scrape of ``GET /metrics``.

    .venv/bin/python bench/bench_metrics.py [--interactions 20000] [--rounds 3]

Per interaction the doors call :func:`bot.metrics.arrived` (counter, label look-up from the raw payload, the
clock), :func:`bot.metrics.first_callback` and :func:`bot.metrics.finished` (two histogram observations); the core
times its work with :func:`bot.metrics.work`. The mix: payloads shaped like the gateway's (a slash command with a
subcommand, an autocomplete, a button), one in four deferred. Prints µs per interaction and ms per scrape (the
text page of this process, with every label value the mix created), best and median of the rounds, and the
same hooks before :func:`bot.metrics.enable` (a process without a metrics page: ``call``, ``console``, ``run``
without ``METRICS_PORT``), each round taking turns.
"""

from __future__ import annotations

import argparse
import statistics
import time

from prometheus_client import REGISTRY, generate_latest

from bot import metrics

SHAPES = [
    {"type": 2, "data": {"name": "mana", "type": 1, "options": [
        {"name": "pay", "type": 1, "options": [{"name": "cost", "type": 3, "value": "{2}{G/W}"}]}]}},
    {"type": 4, "data": {"name": "card", "type": 1, "options": [
        {"name": "name", "type": 3, "value": "boro", "focused": True}]}},
    {"type": 3, "data": {"custom_id": "rb:rulings:20", "component_type": 2}},
    {"type": 2, "data": {"name": "card", "type": 1, "options": [{"name": "name", "type": 3, "value": "Circu"}]}},
]


def payloads(n: int) -> list[dict]:
    """``n`` interaction payloads of the mix, each with its own id."""
    return [{**SHAPES[i % len(SHAPES)], "id": str(10**18 + i)} for i in range(n)]


def with_hooks(batch: list[dict]) -> float:
    """µs per interaction through every hook a door and the core call."""
    started = time.perf_counter()
    for i, payload in enumerate(batch):
        metrics.arrived(payload)
        with metrics.work("card"):
            pass
        metrics.first_callback(payload["id"], 5 if i % 4 == 0 else 4)
        metrics.finished(payload["id"])
    return (time.perf_counter() - started) / len(batch) * 1e6


def switched_off(batch: list[dict]) -> float:
    """µs per interaction through the same hooks while nothing counts (as before :func:`bot.metrics.enable`)."""
    on, metrics._metrics = metrics._metrics, None
    try:
        return with_hooks(batch)
    finally:
        metrics._metrics = on


def scrape_ms(times: int = 20) -> float:
    """ms per rendering of the whole page."""
    started = time.perf_counter()
    for _ in range(times):
        generate_latest(REGISTRY)
    return (time.perf_counter() - started) / times * 1e3


def main() -> None:
    """Print the figures (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interactions", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    metrics.enable()
    batch = payloads(args.interactions)
    hooked, off, scrapes = [], [], []
    for _ in range(args.rounds):
        hooked.append(with_hooks(batch))
        off.append(switched_off(batch))
        scrapes.append(scrape_ms())
    size = len(generate_latest(REGISTRY))
    print(f"{args.interactions} interactions × {args.rounds} rounds (best; median)")
    print(f"hooks per interaction, counting: {min(hooked):.2f} µs; {statistics.median(hooked):.2f} µs")
    print(f"hooks per interaction, not counting: {min(off):.2f} µs; {statistics.median(off):.2f} µs")
    print(f"one scrape of GET /metrics ({size} bytes): {min(scrapes):.2f} ms; {statistics.median(scrapes):.2f} ms")


if __name__ == "__main__":
    main()
