"""Cost of one log record in each LOG_FORMAT (bot/logs.py), redaction included.

    .venv/bin/python bench/bench_logs.py [--records 20000] [--format text|json|both]

Formats records shaped like the bot's busiest ones (discord.py's DEBUG line of a callback URL, a gateway
payload with an interaction token, an INFO line with extra fields, one traceback in 50) into an in-memory
stream and prints µs per record, best and median of the rounds, and with ``both`` the ratio json / text
round by round (the formats take turns).
For whole processes side by side: ``farm-bench --vs '… --format text' -- … --format json``.
"""

from __future__ import annotations

import argparse
import io
import logging
import statistics
import sys
import time

from bot.log_json import RedactingJsonFormatter
from bot.logs import TEXT_FORMAT, RedactingFormatter

TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.e2e-fake-token-0123456789abcdefghijklmnop"


def records(n: int) -> list[logging.LogRecord]:
    """``n`` records in the bot's mix (already created: only formatting is timed)."""
    try:
        raise RuntimeError(f"Authorization: Bot {TOKEN} refused")
    except RuntimeError:
        exc = sys.exc_info()
    shapes = [
        ("discord.http", logging.DEBUG, "POST %s has returned 204",
         ("https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb246MTIz/callback",), None),
        ("discord.gateway", logging.DEBUG, "WebSocket Event: %s",
         ({"t": "INTERACTION_CREATE", "d": {"id": "1", "token": "aW50ZXJhY3Rpb246MTIz", "data": {"name": "card"}}},),
         None),
        ("bot.client", logging.INFO, "Shard %d bereit (%d Server)", (3, 1200), None),
    ]
    out = []
    for i in range(n):
        name, level, msg, args, _ = shapes[i % len(shapes)]
        record = logging.LogRecord(name, level, __file__, 10, msg, args, exc if i % 50 == 49 else None)
        record.shard = i % 4
        out.append(record)
    return out


def per_record_us(formatter: logging.Formatter, batch: list[logging.LogRecord]) -> float:
    """µs per record for formatting ``batch`` and writing it to a StringIO."""
    sink = io.StringIO()
    started = time.perf_counter()
    for record in batch:
        record.exc_text = None  # logging caches the formatted traceback on the record: format it each time
        sink.write(formatter.format(record) + "\n")
    return (time.perf_counter() - started) / len(batch) * 1e6


def main() -> None:
    """Print the figures (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--format", choices=["text", "json", "both"], default="both")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    batch = records(args.records)
    formatters = {"text": RedactingFormatter(TEXT_FORMAT, [TOKEN]), "json": RedactingJsonFormatter([TOKEN])}
    chosen = list(formatters) if args.format == "both" else [args.format]
    rounds: dict[str, list[float]] = {name: [] for name in chosen}
    for _ in range(args.rounds):  # the formats take turns, so a change in the machine's load hits both
        for name in chosen:
            rounds[name].append(per_record_us(formatters[name], batch))
    for name, times in rounds.items():
        print(f"LOG_FORMAT={name}: {min(times):.1f} µs best, {statistics.median(times):.1f} µs median per record "
              f"({args.records} records, {args.rounds} rounds)")
    if len(rounds) == 2:
        ratios = [j / t for j, t in zip(rounds["json"], rounds["text"], strict=True)]
        print(f"json / text, round by round: {min(ratios):.2f}× best, {statistics.median(ratios):.2f}× median")

if __name__ == "__main__":
    main()
