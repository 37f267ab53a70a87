"""Point an unmodified discord.py, and the bot's own REST client, at the fake Discord (tests/e2e/fakediscord.py).

Python imports ``sitecustomize`` at start-up when this directory is on ``PYTHONPATH``. When
``REGELBOT_FAKE_DISCORD_URL`` (e.g. ``http://127.0.0.1:PORT``) is set, REST calls go to
``URL/api/v10`` (``discord.http.Route.BASE``, and ``bot.rest.DISCORD_API``, the base of a process without
discord.py: ``serve``) and the gateway to ``ws://127.0.0.1:PORT/gateway``
(``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``). Each is set right after its module is first imported
(an import hook on ``sys.meta_path``), so a process that never imports discord.py (``serve``) does not import
it here either: as in production, and without the ~0.6 s of CPU that importing discord.py costs each such
process. Nothing else is changed; without the variable this module does nothing.

With ``REGELBOT_E2E_COLD=1`` as well (:func:`harness.bot_env` ``cold=True``) the process starts without its
start-up work: the command table's warm-ups (``bot.commands.TABLE.warm``: memory for autocomplete, the ranker,
the rule catalogue, the mechanics finder) and the eager start of the calculation workers
(``bot.core.Core.start_workers``) do nothing, so what they prepare is loaded on first use and a worker starts with
the first calculation, as the code does for anything not warmed. For e2e tests whose subject is not the start-up
(a signal, a restart, shards, a sync, the log): ~0.4 s of CPU for the warm-ups and ~0.2 s per worker saved per
process. A process the test does not start cold warms as in production.

With ``REGELBOT_E2E_BACKOFF=S`` as well, discord.py's reconnect back-off (``discord.backoff.ExponentialBackoff``,
random between 0 and 2, 4, 8 … 1024 s) waits exactly ``S`` seconds each time: a test puts the bot into the long
back-off an operator meets after some minutes of an outage, at once and every run alike.
"""

import os
import sys

_url = os.environ.get("REGELBOT_FAKE_DISCORD_URL", "").rstrip("/")


def _point_at_the_fake(module) -> None:
    """Set the base URL or gateway of ``module`` (one of :data:`_TARGETS`) to the fake's."""
    if module.__name__ == "discord.gateway":
        import yarl

        module.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
            _url.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/gateway"
        )
    elif module.__name__ == "discord.http":
        module.Route.BASE = _url + "/api/v10"
    else:  # bot.rest
        module.DISCORD_API = _url + "/api/v10"


_cold = os.environ.get("REGELBOT_E2E_COLD", "") == "1"


async def _skip(*args, **kwargs) -> None:
    """The start-up work of a cold process (``REGELBOT_E2E_COLD``): nothing."""


def _start_cold(module) -> None:
    """In a cold process: no warm-ups on ``bot.commands``' table, no eager start of ``bot.core``'s workers."""
    if module.__name__ == "bot.commands":
        module.TABLE.warm = _skip
    else:  # bot.core
        module.Core.start_workers = staticmethod(_skip)


_backoff = os.environ.get("REGELBOT_E2E_BACKOFF", "")


def _fixed_backoff(module) -> None:
    """``discord.backoff``'s ExponentialBackoff waits :data:`_backoff` seconds each time
    (``REGELBOT_E2E_BACKOFF``)."""
    seconds = float(_backoff)
    module.ExponentialBackoff.delay = lambda self: seconds


_TARGETS = frozenset({"discord.gateway", "discord.http", "bot.rest"})
_COLD_TARGETS = frozenset({"bot.commands", "bot.core"})
_BACKOFF_TARGETS = frozenset({"discord.backoff"})


class _AfterImport:
    """A meta path finder that finds nothing itself: for a module of ``targets`` (:data:`_TARGETS`, in a cold
    process :data:`_COLD_TARGETS` too) it asks the finders after it for the module's spec and wraps that spec's
    loader so :func:`_point_at_the_fake` (or :func:`_start_cold`) runs once the module's code has run (before any
    other module can use it)."""

    def __init__(self, targets) -> None:
        self.targets = targets

    def find_spec(self, name, path, target=None):
        if name not in self.targets:
            return None
        for finder in sys.meta_path[sys.meta_path.index(self) + 1:]:
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None and spec.loader is not None:
                run_module = spec.loader.exec_module

                def exec_module(module, run_module=run_module):
                    run_module(module)
                    if name in _TARGETS:
                        _point_at_the_fake(module)
                    elif name in _BACKOFF_TARGETS:
                        _fixed_backoff(module)
                    else:
                        _start_cold(module)

                spec.loader.exec_module = exec_module  # this spec's own loader object (one per find)
                return spec
        return None


if _url:
    sys.meta_path.insert(0, _AfterImport(_TARGETS | (_COLD_TARGETS if _cold else frozenset())
                                         | (_BACKOFF_TARGETS if _backoff else frozenset())))
