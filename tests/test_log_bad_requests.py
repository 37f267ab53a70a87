"""aiohttp's ERROR with traceback for a request that is not valid HTTP becomes one short German INFO line,
at most one per 10 s with the count of those left out; its traceback only at DEBUG (bot/logs.py:
BadRequestFilter). The bot's own errors stay ERRORs."""

from __future__ import annotations

import logging

import pytest
from aiohttp.http_exceptions import BadHttpMessage

from bot.logs import BadRequestFilter


def _record(exc: BaseException, name: str = "aiohttp.server") -> logging.LogRecord:
    return logging.LogRecord(name, logging.ERROR, __file__, 1, "Error handling request from %s",
                             ("203.0.113.7",), (type(exc), exc, None))


@pytest.fixture
def info_level():
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.INFO)
    yield
    root.setLevel(level)


def test_a_bad_request_is_one_german_info_line_at_most_every_10_s(info_level):
    now = [100.0]
    quiet = BadRequestFilter(every=10.0, clock=lambda: now[0])
    first = _record(BadHttpMessage("Invalid character in Content-Length"))
    assert quiet.filter(first)
    assert first.levelname == "INFO" and first.exc_info is None
    assert first.getMessage() == ("Ungültige HTTP-Anfrage von 203.0.113.7 verworfen "
                                  "(400: Invalid character in Content-Length)")
    now[0] += 3
    assert not quiet.filter(_record(BadHttpMessage("Too many headers received")))
    assert not quiet.filter(_record(BadHttpMessage("Too many headers received")))
    now[0] += 7.5
    later = _record(BadHttpMessage("Too many headers received"))
    assert quiet.filter(later)
    assert later.getMessage() == ("Ungültige HTTP-Anfrage von 203.0.113.7 verworfen (400: Too many headers "
                                  "received); 2 weitere in den letzten 10 s nicht einzeln gemeldet")


def test_the_bot_s_own_errors_and_debug_keep_their_traceback(info_level):
    quiet = BadRequestFilter()
    own = _record(RuntimeError("kaputt"))
    assert quiet.filter(own) and own.levelname == "ERROR" and own.exc_info is not None
    elsewhere = _record(BadHttpMessage("x"), name="bot.serve")
    assert quiet.filter(elsewhere) and elsewhere.exc_info is not None
    logging.getLogger().setLevel(logging.DEBUG)
    bad = _record(BadHttpMessage("Invalid character in Content-Length"))
    assert quiet.filter(bad) and bad.levelname == "ERROR" and bad.exc_info is not None
