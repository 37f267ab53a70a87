"""Logging of ``python -m bot``: one stderr handler, the bot token and interaction tokens redacted from every
line (tracebacks included), discord.py's voice warning and too-late autocomplete tracebacks quietened.

``LOG_FORMAT=text`` (default) writes one readable line per record; ``LOG_FORMAT=json`` one JSON object per
line for a log collector (python-json-logger, in :mod:`bot.log_json`, imported only then), with the same
redaction (:mod:`bot.redaction`) applied to every field before it is encoded."""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from bot.config import Settings
from bot.redaction import redact


class RedactingFormatter(logging.Formatter):
    """Formats a record completely — message, traceback, stack — and then redacts the whole line (see
    :func:`bot.redaction.redact`), so a token inside an exception's text, a URL in discord.py's DEBUG output or a
    gateway payload never reaches the log."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        """The formatted record with every secret replaced by ``[geheim]``."""
        return redact(super().format(record), self.secrets)


#: The text format's line: time, level, logger, message (then the traceback, if any).
TEXT_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
#: ``LOG_FORMAT`` values; the first is the default.
LOG_FORMATS = ("text", "json")
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


class BadRequestFilter(logging.Filter):
    """Turns aiohttp's "Error handling request from …" ERROR with its traceback, which ``serve`` gets for every
    request that is not valid HTTP (a negative Content-Length, too many or too long headers), into one short
    INFO line ``Ungültige HTTP-Anfrage von 127.0.0.1 verworfen (400: Invalid character in Content-Length)``:
    anyone can send such a request without a signature, so it must not raise ERROR alerts or fill the log.
    At most one such line per :attr:`every` seconds; the next one says how many were left out meanwhile.
    With ``LOG_LEVEL=DEBUG`` the record keeps its traceback (and is not rate-limited). Other records pass as
    they are; an error of the bot's own (a 500) stays an ERROR."""

    def __init__(self, every: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self._clock = clock
        self._last: float | None = None
        self.left_out = 0
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a bad request within :attr:`every` seconds of the last one reported; else True, the record
        rewritten in place when it is a bad request."""
        exc = record.exc_info[1] if record.exc_info else None
        status = getattr(exc, "code", None)
        if record.name != "aiohttp.server" or not isinstance(status, int) or not 400 <= status < 500:
            return True  # only a client's malformed request (aiohttp's HttpProcessingError, 4xx)
        if logging.getLogger().isEnabledFor(logging.DEBUG):
            return True
        with self._lock:
            now = self._clock()
            if self._last is not None and now - self._last < self.every:
                self.left_out += 1
                return False
            self._last, left_out, self.left_out = now, self.left_out, 0
        text = str(getattr(exc, "message", "") or type(exc).__name__).strip()
        reason = text.splitlines()[0][:80] if text else type(exc).__name__  # the client's bytes: repr, cut
        remote = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        more = f"; {left_out} weitere in den letzten {self.every:g} s nicht einzeln gemeldet" if left_out else ""
        record.msg, record.args = "Ungültige HTTP-Anfrage von %s verworfen (%s: %s)%s", (remote, status, reason, more)
        record.exc_info, record.exc_text = None, None
        record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def log_format() -> tuple[str, str | None]:
    """``LOG_FORMAT`` from the environment (``.env`` already loaded by :func:`bot.config.load_settings`):
    ``("text" | "json", None)``, or ``("text", German warning)`` for an unknown value — a log format is no
    reason for the bot not to start."""
    raw = (os.getenv("LOG_FORMAT") or LOG_FORMATS[0]).strip().lower()
    if raw in LOG_FORMATS:
        return raw, None
    return "text", f"LOG_FORMAT muss text oder json sein, nicht {raw[:20]!r}: es wird text geschrieben."


def setup_logging(settings: Settings, offline: bool = False) -> None:
    """Configure logging once: stderr, the configured level and format (``LOG_FORMAT``), the token redacted
    everywhere.

    Offline commands (call, complete, console) log only warnings unless LOG_LEVEL is set.
    """
    fmt, problem = log_format()
    json_lines = sys.modules.get("bot.log_json")  # imported only once JSON was asked for (python-json-logger)
    current = sys.stderr
    replaced = json_lines is not None and isinstance(current, json_lines.JsonStderr)
    stream: TextIO = getattr(current, "raw", current) if replaced else current  # the real stream under the JSON one
    if fmt == "json":
        from bot.log_json import JsonStderr, RedactingJsonFormatter

        as_json = RedactingJsonFormatter([settings.token])
        sys.stderr = JsonStderr(stream, as_json)  # prints outside logging become JSON lines too
        formatter: logging.Formatter = as_json
    else:
        formatter = RedactingFormatter(TEXT_FORMAT, [settings.token])
        sys.stderr = stream
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    handler.addFilter(VoiceNoiseFilter())
    handler.addFilter(ExpiredInteractionFilter())
    handler.addFilter(BadRequestFilter())
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
    if problem:
        logging.getLogger("bot.logs").warning(problem)
