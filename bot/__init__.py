"""Regelbot: a Discord bot answering Magic: The Gathering rules questions in German."""

import sys

__version__ = "0.1.0"

if sys.argv[:1] == ["-m"]:  # `python -m bot`: runpy imports this package first, then bot/__main__.py
    from bot import startup

    startup.begin()  # Ctrl+C during the imports: one German line, exit 130 (bot.startup)
