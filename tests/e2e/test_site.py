"""The e2e site (tests/e2e/site/sitecustomize.py): a process started with ``REGELBOT_FAKE_DISCORD_URL`` talks to
the fake, whether it imports discord.py (the gateway bot, ``sync``) or not (``serve``, the calculation workers,
a bot that stops at a malformed token): those never import discord.py because of the site."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from harness import ROOT, SITE

URL = "http://127.0.0.1:9"


def in_site(code: str) -> dict:
    """Run ``code`` (which prints JSON) in a new interpreter with the e2e site on the path, as the harness starts
    its processes; returns the JSON."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(SITE), REGELBOT_FAKE_DISCORD_URL=URL)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(proc.stdout)


def test_a_process_without_discord_py_does_not_import_it_and_its_rest_goes_to_the_fake():
    seen = in_site("import json, sys, bot.rest; "
                   "print(json.dumps([sorted(m for m in sys.modules if m.split('.')[0] == 'discord'), "
                   "bot.rest.api_base()]))")
    assert seen == [[], "http://127.0.0.1:9/api/v10"]


def test_discord_py_imported_later_goes_to_the_fake():
    seen = in_site("import json, bot.rest, discord.http, discord.gateway; "
                   "print(json.dumps([discord.http.Route.BASE, str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY), "
                   "bot.rest.api_base()]))")
    assert seen == ["http://127.0.0.1:9/api/v10", "ws://127.0.0.1:9/gateway", "http://127.0.0.1:9/api/v10"]


def site_module(monkeypatch, **env: str):
    """A fresh copy of the site module, executed with ``env`` (its finder is not installed: in process)."""
    import importlib.util

    for name in ("REGELBOT_FAKE_DISCORD_URL", "REGELBOT_E2E_COLD", "REGELBOT_E2E_BACKOFF"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("e2e_site_copy", SITE / "sitecustomize.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))  # the copy's finder goes into a copy of the list
    spec.loader.exec_module(module)
    return module


async def test_a_cold_process_skips_the_warm_ups_and_the_eager_workers(monkeypatch):
    """``REGELBOT_E2E_COLD=1`` (harness.bot_env ``cold=True``): the finder also wraps ``bot.commands`` and
    ``bot.core``; after their import the table's warm-ups and ``Core.start_workers`` do nothing. Without it
    neither module is touched."""
    import types

    cold = site_module(monkeypatch, REGELBOT_FAKE_DISCORD_URL=URL, REGELBOT_E2E_COLD="1")
    finder = sys.meta_path[0]
    assert finder.targets == {"discord.gateway", "discord.http", "bot.rest", "bot.commands", "bot.core"}

    class Table:
        async def warm(self, ctx):
            raise AssertionError("warmed")

    class Core:
        @staticmethod
        async def start_workers():
            raise AssertionError("workers started")

    commands = types.ModuleType("bot.commands")
    commands.TABLE = Table()  # type: ignore[attr-defined]
    core = types.ModuleType("bot.core")
    core.Core = Core  # type: ignore[attr-defined]
    cold._start_cold(commands)
    cold._start_cold(core)
    assert await commands.TABLE.warm(object()) is None  # type: ignore[attr-defined]
    assert await Core.start_workers() is None and await Core().start_workers() is None

    warm = site_module(monkeypatch, REGELBOT_FAKE_DISCORD_URL=URL)
    assert sys.meta_path[0].targets == warm._TARGETS == {"discord.gateway", "discord.http", "bot.rest"}


def test_a_fixed_backoff_makes_every_reconnect_wait_that_long(monkeypatch):
    """``REGELBOT_E2E_BACKOFF=S``: the finder also wraps ``discord.backoff``; after its import each delay of
    ``ExponentialBackoff`` is ``S`` (test_reconnect_stop_e2e.py's long back-off). Without it the module is not
    touched."""
    import types

    from discord.backoff import ExponentialBackoff

    site = site_module(monkeypatch, REGELBOT_FAKE_DISCORD_URL=URL, REGELBOT_E2E_BACKOFF="60")
    assert sys.meta_path[0].targets == {"discord.gateway", "discord.http", "bot.rest", "discord.backoff"}
    backoff = types.ModuleType("discord.backoff")
    backoff.ExponentialBackoff = type("Copy", (ExponentialBackoff,), {})  # type: ignore[attr-defined]
    site._fixed_backoff(backoff)
    made = backoff.ExponentialBackoff()  # type: ignore[attr-defined]
    assert [made.delay() for _ in range(12)] == [60.0] * 12
    assert ExponentialBackoff().delay() <= 2.0  # the real class keeps discord.py's random first wait
    site_module(monkeypatch, REGELBOT_FAKE_DISCORD_URL=URL)
    assert sys.meta_path[0].targets == {"discord.gateway", "discord.http", "bot.rest"}
