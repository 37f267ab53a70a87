"""aiohttp's ERROR with traceback for a request that is not valid HTTP becomes one short German INFO line,
at most one per 10 s with the count of those left out; its traceback only at DEBUG (bot/logs.py:
BadRequestFilter). The bot's own errors stay ERRORs."""

from __future__ import annotations

import asyncio
import logging
import re
import time

import pytest
from aiohttp.http_exceptions import BadHttpMessage

from bot.delivery import within
from bot.logs import BadRequestFilter
from bot.rest import RestError


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
                                  "received); 2 weitere seit der vorigen Meldung vor 10 s nicht einzeln gemeldet")


def test_the_bot_s_own_errors_and_debug_keep_their_traceback(info_level):
    quiet = BadRequestFilter()
    own = _record(RuntimeError("kaputt"))
    assert quiet.filter(own) and own.levelname == "ERROR" and own.exc_info is not None
    elsewhere = _record(BadHttpMessage("x"), name="bot.serve")
    assert quiet.filter(elsewhere) and elsewhere.exc_info is not None
    logging.getLogger().setLevel(logging.DEBUG)
    bad = _record(BadHttpMessage("Invalid character in Content-Length"))
    assert quiet.filter(bad) and bad.levelname == "ERROR" and bad.exc_info is not None


def _discord_record(name: str, msg: str, args: tuple, exc: BaseException) -> logging.LogRecord:
    return logging.LogRecord(name, logging.ERROR, __file__, 1, msg, args, (type(exc), exc, None))


def test_a_gateway_reconnect_is_one_german_warning_and_its_traceback_only_at_debug(info_level):
    # discord.py's own records (discord/shard.py, discord/client.py) as they come when the gateway drops
    from bot.logs import ReconnectFilter

    quiet = ReconnectFilter()
    shard = _discord_record("discord.shard", "Attempting a reconnect for shard ID %s in %.2fs", (0, 1.07),
                            ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 38301)"))
    assert quiet.filter(shard) and shard.levelname == "WARNING" and shard.exc_info is None
    assert shard.getMessage() == ("Verbindung zu Discord unterbrochen (Shard 0, ConnectionRefusedError: [Errno 111] "
                                  "Connect call failed ('127.0.0.1', 38301)): neuer Versuch in 1.1 s")
    single = _discord_record("discord.client", "Attempting a reconnect in %.2fs", (7.24,), OSError("weg"))
    assert quiet.filter(single) and single.getMessage() == ("Verbindung zu Discord unterbrochen (Gateway, OSError: "
                                                            "weg): neuer Versuch in 7.2 s")
    other = _discord_record("discord.client", "Ignoring exception in %s", ("on_ready",), RuntimeError("x"))
    assert quiet.filter(other) and other.levelname == "ERROR" and other.exc_info is not None
    logging.getLogger().setLevel(logging.DEBUG)
    debug = _discord_record("discord.shard", "Attempting a reconnect for shard ID %s in %.2fs", (3, 2.0), OSError())
    assert quiet.filter(debug) and debug.levelname == "WARNING" and debug.exc_info is not None


def test_a_refusal_of_the_endpoint_is_rate_limited_per_status(info_level):
    from bot.logs import REFUSAL

    now = [0.0]
    quiet = BadRequestFilter(every=10.0, clock=lambda: now[0])

    def own(status: int) -> logging.LogRecord:
        record = logging.LogRecord("bot.serve", logging.WARNING, __file__, 1, "Anfrage von %s abgelehnt (%d: x)",
                                   ("203.0.113.7", status), None)
        setattr(record, REFUSAL, status)
        return record

    assert quiet.filter(own(401)) and quiet.filter(own(415))  # a flood of one kind hides no other kind
    assert not quiet.filter(own(401)) and not quiet.filter(own(401))
    now[0] = 11.0
    later = own(401)
    assert quiet.filter(later) and later.getMessage() == ("Anfrage von 203.0.113.7 abgelehnt (401: x); 2 weitere seit "
                                                          "der vorigen Meldung vor 11 s nicht einzeln gemeldet")


def _refused_401() -> logging.LogRecord:
    """A record of the endpoint's refusal of a request with status 401 (:func:`bot.logs.refusal`'s mark)."""
    from bot.logs import REFUSAL

    record = logging.LogRecord("bot.serve", logging.WARNING, __file__, 1, "Anfrage abgelehnt (401)", (), None)
    setattr(record, REFUSAL, 401)
    return record


def test_a_count_written_minutes_later_names_the_age_of_the_line_before(info_level):
    # a flood's count is written only with the next refusal of its status: 374 left out at 01:48, the next one
    # at 02:01 must not claim they came "in the last 10 s"
    now = [0.0]
    quiet = BadRequestFilter(every=10.0, clock=lambda: now[0])
    own = _refused_401
    assert quiet.filter(own())
    for _ in range(374):
        now[0] += 0.01
        assert not quiet.filter(own())
    now[0] = 13 * 60 + 4
    later = own()
    assert quiet.filter(later)
    assert later.getMessage() == ("Anfrage abgelehnt (401); 374 weitere seit der vorigen Meldung vor 13 min nicht "
                                  "einzeln gemeldet")


async def test_retries_of_many_answers_while_discord_is_unreachable_are_one_line_per_10_s_per_fault(info_level):
    # 40 answers whose webhook call fails on every try (Discord unreachable) for half a second: each try reported
    # (bot.delivery.reported) was one INFO line, so 754 answers wrote 3 217 lines in 20 s. Now one line per request
    # kind and fault every 10 s reaches the log, the next with the count of those left out; another fault has its own
    now = [100.0]
    quiet = BadRequestFilter(every=10.0, clock=lambda: now[0])
    shown: list[str] = []
    resets = 0

    class Seen(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            nonlocal resets
            resets += "ConnectionResetError" in record.getMessage()
            if quiet.filter(record):
                shown.append(record.getMessage())

    async def unreachable() -> None:
        raise ConnectionResetError("Verbindung zurückgesetzt")

    async def unavailable() -> None:
        raise RestError(503)

    handler, logger = Seen(), logging.getLogger("bot.delivery")
    logger.addHandler(handler)
    try:
        answers = [within(time.time() + 0.5, unreachable, lambda exc: 0.0, "PATCH Webhook") for _ in range(40)]
        results = await asyncio.gather(*answers, return_exceptions=True)
        assert all(isinstance(result, ConnectionResetError) for result in results)
        assert resets >= 80  # every answer tried again at least twice
        assert len(shown) == 1
        assert re.fullmatch(r"PATCH Webhook: ConnectionResetError, neuer Versuch in 0\.\d s \(Versuch 1\)", shown[0])
        with pytest.raises(RestError):
            await within(time.time() + 0.3, unavailable, lambda exc: 0.0, "PATCH Webhook")
        assert len(shown) == 2 and shown[1].startswith("PATCH Webhook: HTTP 503, neuer Versuch in 0.")
        left_out, now[0] = resets - 1, now[0] + 10.5
        with pytest.raises(ConnectionResetError):
            await within(time.time() + 0.3, unreachable, lambda exc: 0.0, "PATCH Webhook")
        assert len(shown) == 3
        assert shown[2].endswith(f"; {left_out} weitere seit der vorigen Meldung vor 10 s nicht einzeln gemeldet")
    finally:
        logger.removeHandler(handler)


async def test_a_flood_of_undeliverable_malformed_and_repeated_interactions_is_one_line_per_kind(info_level, core):
    # every undelivered answer, every interaction of an unexpected shape and every one received again was a line
    # of its own: 1 000 of each wrote 3 000 lines. Now one per kind every 10 s, the next with the count left out;
    # every undelivered answer is still counted in regelbot_delivery_failures_total
    from bot import metrics
    from bot.delivery import repeated, undelivered
    from bot.serve import RestClient
    from bot.serve_interactions import Interactions
    from tests.test_metrics import value

    now = [100.0]
    quiet = BadRequestFilter(every=10.0, clock=lambda: now[0])
    shown: list[str] = []

    class Seen(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.name.startswith("bot.") and quiet.filter(record):
                shown.append(record.getMessage())

    metrics.enable()
    doors = Interactions(core, RestClient())
    card = {"type": 2, "data": {"name": "card", "type": 1, "options": []}}
    before = value("regelbot_delivery_failures_total", kind="command")
    refused = value("regelbot_refusals_total", reason="bad_input")
    handler = Seen()
    logging.getLogger().addHandler(handler)
    try:
        for n in range(1000):
            reply = await doors.handle({"type": 99, "id": str(1577722197915467000 + n), "application_id": "9",
                                        "token": "t"})
            assert reply["data"]["embeds"][0]["title"] == "Nicht unterstützt"
            undelivered(card, 1446000000000000000 + n, time.time() + 900, RestError(404))
            repeated(logging.getLogger("bot.serve"), 1446000000000000000 + n, "HTTP")
        assert shown == [
            "Interaktion 1577722197915467000 vom Typ 99 in unerwarteter Form, nicht ausgeführt: Typ nicht unterstützt",
            "Antwort auf Interaktion 1446000000000000000 (/card) nicht zugestellt: HTTP 404",
            "Interaktion 1446000000000000000 doppelt erhalten (HTTP), nur einmal beantwortet"]
        now[0] += 10.5
        undelivered(card, 1446000000000001000, time.time() + 900, RestError(404))
        assert shown[3] == ("Antwort auf Interaktion 1446000000000001000 (/card) nicht zugestellt: HTTP 404; 999 "
                            "weitere seit der vorigen Meldung vor 10 s nicht einzeln gemeldet")
        assert value("regelbot_delivery_failures_total", kind="command") == before + 1001
        assert value("regelbot_refusals_total", reason="bad_input") == refused + 1000
    finally:
        logging.getLogger().removeHandler(handler)


def test_a_forgotten_limit_lets_the_next_line_through_without_a_count(info_level):
    now = [0.0]
    quiet = BadRequestFilter(every=10.0, clock=lambda: now[0])
    own = _refused_401
    assert quiet.filter(own()) and not quiet.filter(own()) and not quiet.filter(own())
    quiet.forget()
    now[0] = 1.0  # within the 10 s: without forget() left out, and the count of 2 written with the next line
    again = own()
    assert quiet.filter(again) and again.getMessage() == "Anfrage abgelehnt (401)"


class _Kept(logging.Handler):
    """A root handler with the bot's rate limit, kept over this module's last two tests as the handler of
    bot.logs.setup_logging stays on the root logger for the rest of a test process."""

    def __init__(self) -> None:
        super().__init__()
        self.addFilter(BadRequestFilter())
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def kept_handler():
    root = logging.getLogger()
    handler = _Kept()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def test_an_earlier_test_leaves_three_lines_of_a_kind(info_level, kept_handler):
    from bot.logs import limited

    for n in range(3):
        limited(logging.getLogger("bot.delivery"), logging.WARNING, "earlier test", "Zeile %d", n)
    assert [r.getMessage() for r in kept_handler.records] == ["Zeile 0"]  # the two others left out


def test_the_next_test_s_first_line_of_that_kind_is_neither_left_out_nor_counted(info_level, kept_handler):
    # tests/conftest.py's fresh_log_limits forgot the counts of the earlier test (same worker, within 10 s)
    from bot.logs import limited

    kept_handler.records.clear()
    limited(logging.getLogger("bot.delivery"), logging.WARNING, "earlier test", "Zeile %d", 3)
    assert [r.getMessage() for r in kept_handler.records] == ["Zeile 3"]
