"""Point an unmodified discord.py, and the bot's own REST client, at the fake Discord (tests/e2e/fakediscord.py).

Python imports ``sitecustomize`` at start-up when this directory is on ``PYTHONPATH``. When
``REGELBOT_FAKE_DISCORD_URL`` (e.g. ``http://127.0.0.1:PORT``) is set, REST calls go to
``URL/api/v10`` (``discord.http.Route.BASE``, and ``bot.rest.DISCORD_API``, the base of a process without
discord.py: ``serve``) and the gateway to ``ws://127.0.0.1:PORT/gateway``
(``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``). Each is set right after its module is first imported
(an import hook on ``sys.meta_path``), so a process that never imports discord.py (``serve``) does not import
it here either: as in production, and without the ~0.6 s of CPU that importing discord.py costs each such
process. Nothing else is changed; without the variable this module does nothing.
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


_TARGETS = frozenset({"discord.gateway", "discord.http", "bot.rest"})


class _AfterImport:
    """A meta path finder that finds nothing itself: for a module of :data:`_TARGETS` it asks the finders after
    it for the module's spec and wraps that spec's loader so :func:`_point_at_the_fake` runs once the module's
    code has run (before any other module can use it)."""

    def find_spec(self, name, path, target=None):
        if name not in _TARGETS:
            return None
        for finder in sys.meta_path[sys.meta_path.index(self) + 1:]:
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None and spec.loader is not None:
                run_module = spec.loader.exec_module

                def exec_module(module, run_module=run_module):
                    run_module(module)
                    _point_at_the_fake(module)

                spec.loader.exec_module = exec_module  # this spec's own loader object (one per find)
                return spec
        return None


if _url:
    sys.meta_path.insert(0, _AfterImport())
