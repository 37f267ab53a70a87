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


class ReconnectFilter(logging.Filter):
    """Turns discord.py's English ERROR with a traceback for each reconnect attempt of the gateway ("Attempting a
    reconnect for shard ID 0 in 1.07s" of ``discord.shard`` and ``discord.client``, "Failed to connect for
    shard_id: 0. Retrying..." at start) into one German WARNING line per attempt: ``Verbindung zu Discord
    unterbrochen (Shard 0, ClientConnectorError: …): neuer Versuch in 1.1 s``. The traceback stays only with
    ``LOG_LEVEL=DEBUG`` (README: tracebacks only at DEBUG). discord.py itself is not changed; other records
    pass as they are."""

    def filter(self, record: logging.LogRecord) -> bool:
        """True always; a reconnect record of discord.py is rewritten in place."""
        if not record.name.startswith("discord.") or not isinstance(record.msg, str):
            return True
        args = record.args if isinstance(record.args, tuple) else ()
        if record.msg.startswith("Attempting a reconnect"):
            shard = f"Shard {args[0]}" if len(args) == 2 else "Gateway"
            retry = args[-1] if args else None
            wait = f": neuer Versuch in {retry:.1f} s" if isinstance(retry, (int, float)) else ": neuer Versuch"
        elif record.msg.startswith("Failed to connect for shard_id"):
            shard, wait = f"Shard {args[0] if args else '?'}", ": neuer Versuch"
        else:
            return True
        exc = record.exc_info[1] if record.exc_info else None
        cause = f", {type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else '-'}" if exc else ""
        record.msg, record.args = f"Verbindung zu Discord unterbrochen ({shard}{cause}){wait}", None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        if not logging.getLogger().isEnabledFor(logging.DEBUG):
            record.exc_info, record.exc_text = None, None
        return True


class BadRequestFilter(logging.Filter):
    """Turns aiohttp's "Error handling request from …" ERROR with its traceback, which ``serve`` gets for every
    request that is not valid HTTP (a negative Content-Length, too many or too long headers), into one short
    INFO line ``Ungültige HTTP-Anfrage von 127.0.0.1 verworfen (400: Invalid character in Content-Length)``:
    anyone can send such a request without a signature, so it must not raise ERROR alerts or fill the log.
    The endpoint's own refusals of an unsigned request (:func:`refusal`: a body in a content coding, a body
    that cannot be read, a rejected signature) are rate-limited the same way, and so are the lines of
    :func:`limited` (a retry of a request to Discord, per request kind and fault). At most one line per status
    (400, 401, 415 …) or kind per :attr:`every` seconds; the next one says how many were left out since the one before
    and how long ago that was (``12 weitere seit der vorigen Meldung vor 14 s …``).
    With ``LOG_LEVEL=DEBUG`` the record keeps its traceback (and is not rate-limited). Other records pass as
    they are; an error of the bot's own (a 500) stays an ERROR."""

    def __init__(self, every: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self._clock = clock
        #: Per status (or :func:`limited`'s kind): when its last line was let through (``clock`` seconds), and how
        #: many were left out since.
        self._last: dict[int | str, float] = {}
        self._left_out: dict[int | str, int] = {}
        self._lock = threading.Lock()

    def forget(self) -> None:
        """Forget every status's and kind's last line and count left out: the next line of each passes as the first
        one does. The bot never calls it (a process keeps one count); for tests, which share a process's handler."""
        with self._lock:
            self._last.clear()
            self._left_out.clear()

    def _more(self, status: int | str) -> str | None:
        """None when a line of ``status`` (or kind) was let through within :attr:`every` seconds (this one is counted as
        left out); else the suffix naming those left out since the last one ("" for none)."""
        with self._lock:
            now = self._clock()
            last = self._last.get(status)
            if last is not None and now - last < self.every:
                self._left_out[status] = self._left_out.get(status, 0) + 1
                return None
            self._last[status], left_out = now, self._left_out.pop(status, 0)
        if not left_out or last is None:  # none left out (only after a line let through: ``last`` is set)
            return ""
        # the ones left out came after the last line let through, however long ago that was: name its age, not
        # the window (a flood's count is only written with the next line of its status, maybe minutes later)
        return f"; {left_out} weitere seit der vorigen Meldung vor {_ago(now - last)} nicht einzeln gemeldet"

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a bad request within :attr:`every` seconds of the last one of its status reported; else
        True, the record rewritten in place when it is a bad request."""
        own = getattr(record, REFUSAL, None)
        if isinstance(own, int | str):  # the endpoint's own refusal, or limited(): its line as it is, rate-limited
            if logging.getLogger().isEnabledFor(logging.DEBUG):
                return True
            more = self._more(own)
            if more is None:
                return False
            record.msg, record.args = f"{record.getMessage()}{more}", None
            return True
        exc = record.exc_info[1] if record.exc_info else None
        status = getattr(exc, "code", None)
        if record.name != "aiohttp.server" or not isinstance(status, int) or not 400 <= status < 500:
            return True  # only a client's malformed request (aiohttp's HttpProcessingError, 4xx)
        if logging.getLogger().isEnabledFor(logging.DEBUG):
            return True
        more = self._more(status)
        if more is None:
            return False
        text = str(getattr(exc, "message", "") or type(exc).__name__).strip()
        reason = text.splitlines()[0][:80] if text else type(exc).__name__  # the client's bytes: repr, cut
        remote = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        record.msg, record.args = "Ungültige HTTP-Anfrage von %s verworfen (%s: %s)%s", (remote, status, reason, more)
        record.exc_info, record.exc_text = None, None
        record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def _ago(seconds: float) -> str:
    """``seconds`` (≥ 0) as a German span for a log line: ``"12 s"`` below two minutes, else ``"13 min"``."""
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds // 60:.0f} min"


#: The attribute of a log record that marks it as the endpoint's refusal of a request (its HTTP status) or as one
#: of :func:`limited`'s lines (its kind): :class:`BadRequestFilter` rate-limits it.
REFUSAL = "regelbot_refusal"


def refusal(logger: logging.Logger, level: int, status: int, msg: str, *args: object) -> None:
    """Log ``msg % args`` at ``level`` as a refusal of a request with HTTP ``status``: at most one line per status
    every 10 s reaches the log (:class:`BadRequestFilter`; all of them with ``LOG_LEVEL=DEBUG``). For what anyone
    may send without a signature; ``args`` must not carry the request's body or a key."""
    logger.log(level, msg, *args, extra={REFUSAL: status})


def limited(logger: logging.Logger, level: int, kind: str, msg: str, *args: object) -> None:
    """Log ``msg % args`` at ``level`` as one of many lines of the same ``kind`` (a short text, e.g. ``"PATCH
    Webhook: ClientConnectorDNSError"``): at most one line per kind every 10 s reaches the log, the next one with
    the count of those left out (:class:`BadRequestFilter`, the same rule as :func:`refusal`; all of them with
    ``LOG_LEVEL=DEBUG``). For what repeats per interaction while something outside fails (Discord unreachable:
    every answer's every try). ``args`` must not carry a token or a key."""
    logger.log(level, msg, *args, extra={REFUSAL: kind})


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

    ``offline`` (the one-shot commands ``call``, ``complete``, ``press`` and the console) logs warnings and above
    also at ``LOG_LEVEL=INFO``, the level of the settings file's template that ``run`` and ``serve`` log at: such a
    command prints its answer, and its INFO lines (the settings file read, the store opened) are for a service's
    log. ``LOG_LEVEL=DEBUG`` shows everything there too, ``ERROR`` and ``CRITICAL`` less.
    """
    fmt, problem = log_format()
    json_lines = sys.modules.get("bot.log_json")  # imported only once JSON was asked for (python-json-logger)
    current = sys.stderr
    replaced = json_lines is not None and isinstance(current, json_lines.JsonStderr)
    stream: TextIO = getattr(current, "raw", current) if replaced else current  # the real stream under the JSON one
    if fmt == "json":
        # python-json-logger only under LOG_FORMAT=json
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
    handler.addFilter(ReconnectFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    level = settings.log_level
    if offline and level == "INFO":
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
