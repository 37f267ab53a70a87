"""Heavy work off the event loop (stand-in until the ops engineer's worker-process version is merged).

:func:`run_bounded` has the final interface: it runs a picklable module-level pure function with a
time budget and raises :class:`TooExpensive` past it. This stand-in calls the function directly;
the calculators bound their own work (see :class:`bot.rules.mana.symbols.Budget`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class TooExpensive(Exception):
    """A calculation needed more than its time budget (the answer becomes a German refusal)."""


async def run_bounded(func: Callable[..., T], /, *args: Any, budget: float | None = None, **kwargs: Any) -> T:
    """Run ``func(*args, **kwargs)`` and return its result; ``budget`` (seconds) is ignored here.

    Raises:
        TooExpensive: never in this stand-in.
    """
    return func(*args, **kwargs)
