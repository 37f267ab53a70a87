"""Point an unmodified discord.py at the fake Discord (tests/e2e/fakediscord.py).

Python imports ``sitecustomize`` at start-up when this directory is on ``PYTHONPATH``. When
``REGELBOT_FAKE_DISCORD_URL`` (e.g. ``http://127.0.0.1:PORT``) is set, REST calls go to
``URL/api/v10`` (``discord.http.Route.BASE``) and the gateway to ``ws://127.0.0.1:PORT/gateway``
(``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``). Nothing else is changed; without the variable
this module does nothing.
"""

import os

_url = os.environ.get("REGELBOT_FAKE_DISCORD_URL", "").rstrip("/")
if _url:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = _url + "/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        _url.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/gateway"
    )
