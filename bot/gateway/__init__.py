"""The gateway door: the bot on Discord's gateway through discord.py (``python -m bot run`` and ``sync``).

:class:`bot.gateway.client.Regelbot` builds discord.py's app commands from the command table
(:mod:`bot.commands`, :mod:`bot.gateway.slash`), checks every command's options with the table's checker
(:mod:`bot.gateway.tree`) and answers through the application core (:mod:`bot.core`) with the interaction gate's
burst handling and defer watchdog (:mod:`bot.gateway.gate`). This package and the extensions in ``cogs/`` are the
only places that import discord.py.
"""
