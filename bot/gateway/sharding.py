"""Sharding limits of Discord's gateway: the close codes no reconnect can fix and the IDENTIFY rate limit
(:class:`IdentifyLimiter`), used by :class:`bot.gateway.client.Regelbot`."""

from __future__ import annotations

import asyncio
from typing import Any

#: Gateway close codes no reconnect can fix: authentication failed, invalid shard, sharding required,
#: invalid API version, invalid intents, disallowed intents (Discord's gateway close event codes).
FATAL_CLOSE_CODES = frozenset({4004, 4010, 4011, 4012, 4013, 4014})


class IdentifyLimiter:
    """Discord's identify rate limit: shard ``s`` is in bucket ``s % max_concurrency``; each bucket may
    IDENTIFY once per 5 seconds (https://discord.com/developers/docs/events/gateway#sharding-max-concurrency).

    ``wait(shard_id)`` sleeps until the shard's bucket is free, then books it. ``clock``/``sleep`` are
    injectable for tests.
    """

    WINDOW = 5.0

    def __init__(self, max_concurrency: int = 1, clock: Any = None, sleep: Any = None) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self._clock = clock or asyncio.get_running_loop().time
        self._sleep = sleep or asyncio.sleep
        self._next: dict[int, float] = {}

    async def wait(self, shard_id: int) -> float:
        """Wait for ``shard_id``'s bucket; returns the seconds waited."""
        bucket = shard_id % self.max_concurrency
        now = self._clock()
        start = max(now, self._next.get(bucket, now))
        self._next[bucket] = start + self.WINDOW
        if start > now:
            await self._sleep(start - now)
        return start - now
