"""Logging of ``python -m bot``: one stderr handler, the bot token and interaction tokens redacted from every
line (tracebacks included), discord.py's voice warning and too-late autocomplete tracebacks quietened."""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Sequence

from bot.config import Settings

#: Interaction tokens: in callback and webhook URLs (``/interactions/<id>/<token>/callback``,
#: ``/webhooks/<app>/<token>``) and as the ``token`` field of a payload (JSON or a dict's repr).
_INTERACTION_TOKEN = re.compile(
    r"(?P<pre>/interactions/\d+/|/webhooks/\d+/)(?P<secret>[^/\s'\"?#]+)"
    r"|(?P<key>['\"]token['\"]\s*:\s*['\"])(?P<value>[^'\"]+)"
)
#: Anything shaped like a bot token (user id in base64 . timestamp . HMAC), also one that is not ours.
_BOT_TOKEN = re.compile(r"\b[MNO][A-Za-z\d_-]{23,27}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,}\b")
REDACTED = "[geheim]"


def redact(text: str, secrets: Sequence[str] = ()) -> str:
    """``text`` with the secrets (the bot token), every bot-token-shaped string and every interaction token
    replaced by ``[geheim]``; see :class:`RedactingFormatter`."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    text = _BOT_TOKEN.sub(REDACTED, text)
    return _INTERACTION_TOKEN.sub(lambda m: (m["pre"] or m["key"]) + REDACTED, text)


class RedactingFormatter(logging.Formatter):
    """Formats a record completely — message, traceback, stack — and then redacts the whole line (see
    :func:`redact`), so a token inside an exception's text, a URL in discord.py's DEBUG output or a
    gateway payload never reaches the log."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        """The formatted record with every secret replaced by ``[geheim]``."""
        return redact(super().format(record), self.secrets)


class VoiceNoiseFilter(logging.Filter):
    """Drops discord.py's start-up warnings about voice libraries (the bot has no voice features)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """False for "… is not installed, voice will NOT be supported"."""
        return "voice will NOT be supported" not in record.getMessage()


class ExpiredInteractionFilter(logging.Filter):
    """Turns discord.py's own traceback for a too-late autocomplete answer ("Ignoring exception in
    autocomplete …" with "Unknown interaction") into one warning line without the traceback (a burst would
    otherwise log thousands of them, and formatting them costs the CPU the burst needs)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place when it carries an expired-interaction error; never drops it."""
        tree = sys.modules.get("bot.gateway.tree")  # only the gateway bot gets such errors; build never imports it
        if record.exc_info and tree is not None and tree.is_expired(record.exc_info[1]):
            record.msg, record.args = f"{record.getMessage()}: zu spät beantwortet (Discord: Unknown interaction)", None
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def setup_logging(settings: Settings, offline: bool = False) -> None:
    """Configure logging once: stderr, the configured level, the token redacted everywhere.

    Offline commands (call, complete, console) log only warnings unless LOG_LEVEL is set.
    """
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", [settings.token]))
    handler.addFilter(VoiceNoiseFilter())
    handler.addFilter(ExpiredInteractionFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    level = settings.log_level
    if offline and "LOG_LEVEL" not in os.environ:
        level = "WARNING"
    root.setLevel(level)
    # discord.gateway logs every event at INFO/DEBUG: only shown when DEBUG is asked for (set both ways,
    # so a second call in the same process, as in the tests, does not keep an earlier level).
    quiet = logging.NOTSET if settings.log_level == "DEBUG" else logging.WARNING
    logging.getLogger("discord.gateway").setLevel(quiet)
    # discord.client's English INFO lines ("logging in using static token" before every login attempt)
    logging.getLogger("discord.client").setLevel(quiet)
