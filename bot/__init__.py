"""Regelbot: a Discord bot answering Magic: The Gathering rules questions in German."""

__version__ = "0.1.0"
