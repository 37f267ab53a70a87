"""The JSON lines of ``LOG_FORMAT=json`` (python-json-logger): the formatter and the stderr that turns prints into
JSON objects. Imported by :func:`bot.logs.setup_logging` only when JSON is asked for, so that the text format —
the default, and every one-shot ``call`` — does not pay python-json-logger's import (~20 ms)."""

from __future__ import annotations

import io
import logging
import threading
from datetime import UTC, datetime
from typing import Any, TextIO

from pythonjsonlogger.json import JsonFormatter

from bot.redaction import redact

#: The JSON format's fields from the record, and their names in the output. ``exception`` (the formatted
#: traceback) and ``stack`` appear only when the record has them; fields given with ``extra=`` are added.
JSON_FIELDS = {"asctime": "time", "levelname": "level", "name": "logger", "message": "message",
               "process": "pid", "threadName": "thread", "module": "module", "funcName": "function",
               "lineno": "line", "exc_info": "exception", "stack_info": "stack"}
_JSON_SAFE = (str, int, float, bool, type(None))


class RedactingJsonFormatter(JsonFormatter):
    """One JSON object per record (python-json-logger): ``time`` (ISO 8601, UTC, milliseconds), ``level``,
    ``logger``, ``message``, ``pid``, ``thread``, ``module``, ``function``, ``line``, ``exception`` and
    ``stack`` when present, ``service: "regelbot"``, and the ``extra=`` fields. Every string in it is
    redacted (:func:`redact`) before encoding, so an escaped quote in the JSON cannot hide a token; values
    JSON cannot hold are written as their redacted ``str``."""

    def __init__(self, secrets: list[str]) -> None:
        fields = [f for f in JSON_FIELDS if f not in {"exc_info", "stack_info"}]
        super().__init__(fields, rename_fields=JSON_FIELDS, static_fields={"service": "regelbot"},
                         json_ensure_ascii=False)
        self.secrets = [s for s in secrets if s]

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        """``2026-12-02T04:05:06.789+00:00``: UTC, so lines from several hosts sort together."""
        return datetime.fromtimestamp(record.created, tz=UTC).isoformat(timespec="milliseconds")

    def process_log_record(self, log_data: dict[str, Any]) -> dict[str, Any]:
        """``log_data`` with every string redacted, nested dicts and lists included."""
        return {key: self._clean(value) for key, value in log_data.items()}

    def _clean(self, value: Any) -> Any:
        if isinstance(value, str):
            return redact(value, self.secrets)
        if isinstance(value, dict):
            return {str(k): self._clean(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self._clean(v) for v in value]
        return value if isinstance(value, _JSON_SAFE) else redact(str(value), self.secrets)


class JsonStderr(io.TextIOBase):
    """``sys.stderr`` under ``LOG_FORMAT=json``: text written to it outside logging (the German operator
    messages of start-up and shutdown, the report of a store built at first start, Python's warnings) reaches
    the real stream as JSON objects of logger ``stderr`` at level WARNING, one per line, so that every line
    of stderr parses as JSON. Log records are written to :attr:`raw` directly."""

    def __init__(self, raw: TextIO, formatter: RedactingJsonFormatter) -> None:
        super().__init__()
        self.raw, self.formatter = raw, formatter
        self._pending = ""
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        """Buffer ``text``; every completed line goes out as one JSON object. Returns ``len(text)``."""
        with self._lock:
            *lines, self._pending = (self._pending + text).split("\n")
            for line in lines:
                if line.strip():
                    record = logging.LogRecord("stderr", logging.WARNING, "", 0, line.rstrip(), None, None)
                    self.raw.write(self.formatter.format(record) + "\n")
            if lines:
                self.raw.flush()
        return len(text)

    def flush(self) -> None:
        """Flush the real stream (a line not yet ended stays buffered)."""
        self.raw.flush()

    def fileno(self) -> int:
        """The real stream's descriptor (faulthandler, subprocesses)."""
        return self.raw.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The real stream's encoding."""
        return getattr(self.raw, "encoding", None) or "utf-8"
