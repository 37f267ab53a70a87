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
