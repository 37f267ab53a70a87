"""Unsigned requests with any header names and values (``Content-Encoding`` above all: gzip, deflate, br, made up)
to ``serve``'s endpoint (bot/serve.py: make_server behind the intake) and to the health port's listener
(bot/health.py): each gets a German 4xx or the page asked for, never a 500, and the log gets at most the one
rate-limited INFO line of a malformed request (bot/logs.py: BadRequestFilter), never an ERROR or a traceback."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from types import SimpleNamespace

import pytest
from aiohttp import web
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st
from nacl.signing import SigningKey

from bot.health import Heartbeat, SideListener
from bot.logs import BadRequestFilter
from bot.serve import RestClient, make_server
from bot.serve_interactions import Interactions
from bot.serve_net import Intake
from bot.serve_sockets import listen
from tests.conftest import on_fuzz_setting

#: What a request with a body in a content coding the endpoint does not take gets (RFC 9110 15.5.16: 415, with
#: ``Accept-Encoding`` naming the codings it takes).
UNSUPPORTED = (415, {"error": "Inhaltskodierung nicht unterstützt (nur identity)"})


class _Lines(logging.Handler):
    """The records that reach the log, after the bot's filter of malformed requests."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.addFilter(BadRequestFilter())
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def lines():
    root = logging.getLogger()
    saved = root.level
    handler = _Lines()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(saved)


async def _raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as it is; the answer's status, headers (lower-case names) and body (its Content-Length, or
    up to the connection's end)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        while head.startswith(b"HTTP/1.1 1"):  # 100 Continue (Expect): the answer follows
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        status, *fields = head.decode("latin-1").rstrip().split("\r\n")
        headers = dict((name.strip().lower(), value.strip()) for name, _, value in (f.partition(":") for f in fields))
        size = int(headers.get("content-length", -1))
        body = await asyncio.wait_for(reader.readexactly(size) if size >= 0 else reader.read(), 5)
    finally:
        writer.close()
    return int(status.split()[1]), headers, body


class _Doors:
    """``serve``'s endpoint behind an intake and the health port's listener, each on a free port."""

    async def __aenter__(self) -> _Doors:
        self.key = SigningKey.generate()
        interactions = Interactions(SimpleNamespace(is_open=True), RestClient())  # type: ignore[arg-type]
        self.intake = Intake(listen("127.0.0.1", 0), 16)
        self.runner = web.ServerRunner(make_server(interactions, self.key.verify_key.encode().hex(), self.intake),
                                       handle_signals=False)
        await self.runner.setup()
        assert self.runner.server is not None
        self.intake.start(self.runner.server)
        self.port = self.intake.sockets[0].getsockname()[1]
        self.side = SideListener(lambda: (True, "bereit"), Heartbeat())
        self.health_port = (await self.side.open("127.0.0.1", 0))[0][1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.side.cleanup()
        await self.intake.stop()
        await self.runner.cleanup()


def _request(method: str, path: str, headers: list[tuple[bytes, bytes]], body: bytes) -> bytes:
    head = b"".join(name + b": " + value + b"\r\n" for name, value in headers)
    return (method.encode() + b" " + path.encode() + b" HTTP/1.1\r\nHost: x\r\n" + head
            + b"Content-Length: %d\r\n\r\n" % len(body) + body)


async def test_a_body_in_a_content_coding_gets_415_and_no_traceback_on_every_path_and_port(lines):
    async with _Doors() as doors:
        got = {}
        for coding in (b"gzip", b"deflate", b"br", b"zstd", b"bogus", b"GZIP, gzip"):
            for path in ("/interactions", "/", "/health", "/nirgends"):
                status, headers, body = await _raw(doors.port, _request(
                    "POST", path, [(b"Content-Encoding", coding)], b"hello"))
                got[coding, path] = status, json.loads(body), headers.get("accept-encoding")
            status, _, body = await _raw(doors.health_port, _request(
                "GET", "/health", [(b"Content-Encoding", coding)], b"hello"))
            got[coding, "health port"] = status, json.loads(body)["status"]
    for (coding, path), answer in got.items():
        if path == "health port":  # a GET's body is not read: the page as without it
            assert answer == (200, "ok"), coding
        elif path in ("/interactions", "/"):
            assert answer == (*UNSUPPORTED, "identity"), (coding, path)
        else:  # POST /health: 405 (the method is refused first), an unknown path: 404
            assert answer[0] in (404, 405) and answer[1]["error"] in ("Nicht gefunden", "Methode nicht erlaubt")
    assert not [r for r in lines.records if r.levelno >= logging.WARNING or r.exc_info], \
        [r.getMessage() for r in lines.records]
    said = [r.getMessage() for r in lines.records if "verworfen" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("Ungültige HTTP-Anfrage von 127.0.0.1 verworfen (415: ")


async def test_identity_is_no_coding_and_a_signed_ping_with_it_gets_its_pong(lines):
    async with _Doors() as doors:
        body = b'{"type": 1, "id": "1577722197915467820", "application_id": "9", "token": "t"}'
        stamp = str(int(time.time()))
        signature = doors.key.sign(stamp.encode() + body).signature.hex().encode()
        status, _, answer = await _raw(doors.port, _request("POST", "/interactions", [
            (b"Content-Encoding", b"identity"), (b"X-Signature-Ed25519", signature),
            (b"X-Signature-Timestamp", stamp.encode())], body))
    assert (status, json.loads(answer)) == (200, {"type": 1})


#: Header names: the ones aiohttp reads itself, the endpoint's, and any token; values: any bytes a header may carry.
_NAMES = st.sampled_from([b"Content-Encoding", b"Transfer-Encoding", b"Content-Type", b"Expect", b"Connection",
                          b"Upgrade", b"X-Signature-Ed25519", b"X-Signature-Timestamp", b"Accept-Encoding",
                          b"Host", b"Cookie", b"Range"]) | st.from_regex(rb"\A[!#$%&'*+.^_`|~0-9A-Za-z-]{1,20}\Z")
_VALUES = st.sampled_from([b"gzip", b"deflate", b"br", b"zstd", b"chunked", b"gzip, chunked", b"100-continue",
                           b"upgrade", b"websocket", b"", b"-1", b"9" * 30]) | st.binary(max_size=40).map(
    lambda v: v.replace(b"\r", b"").replace(b"\n", b""))


@on_fuzz_setting(600, suppress_health_check=list(HealthCheck))
@given(headers=st.lists(st.tuples(_NAMES, _VALUES), max_size=4),
       path=st.sampled_from(["/interactions", "/health", "*", "/health?x=%ff", "//metrics", "/nirgends"]),
       method=st.sampled_from(["POST", "GET"]), body=st.binary(max_size=30))
@example(headers=[(b"Content-Encoding", b"gzip")], path="/interactions", method="POST", body=b"hello")
@example(headers=[(b"Transfer-Encoding", b"chunked")], path="/interactions", method="POST", body=b"zz\r\nx")
def test_no_header_makes_a_500_or_an_error_line(headers, path, method, body):
    root = logging.getLogger()
    handler, saved = _Lines(), root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)

    async def run() -> list[int]:
        async with _Doors() as doors:
            request = _request(method, path, headers, body)
            statuses = []
            for port in (doors.port, doors.health_port):
                try:
                    statuses.append((await _raw(port, request))[0])
                except (ValueError, IndexError, ConnectionError, asyncio.IncompleteReadError):  # closed unanswered
                    statuses.append(0)
            return statuses

    try:
        statuses = asyncio.run(run())
    finally:
        root.removeHandler(handler)
        root.setLevel(saved)
    assert all(status < 500 for status in statuses), statuses
    loud = [r.getMessage() for r in handler.records if r.levelno >= logging.ERROR or r.exc_info
            or (r.levelno == logging.WARNING and "abgelehnt (401: " not in r.getMessage())]
    assert not loud, loud


async def test_a_rejected_signature_is_one_warning_with_its_reason_and_counted_by_reason(lines):
    from prometheus_client import REGISTRY

    def count(reason: str) -> float:
        return REGISTRY.get_sample_value("regelbot_signature_rejections_total", {"reason": reason}) or 0.0

    before = {reason: count(reason) for reason in ("timestamp", "signature", "missing")}
    body = b'{"type": 1, "id": "1577722197915467820", "application_id": "9", "token": "t"}'
    async with _Doors() as doors:
        stale = str(int(time.time()) - 301)
        signature = doors.key.sign(stale.encode() + body).signature.hex()
        sent = [(b"X-Signature-Ed25519", signature.encode()), (b"X-Signature-Timestamp", stale.encode())]
        first = await _raw(doors.port, _request("POST", "/interactions", sent, body))
        other = SigningKey.generate().sign(b"%d" % time.time() + body).signature.hex().encode()  # another app's key
        sent = [(b"X-Signature-Ed25519", other), (b"X-Signature-Timestamp", b"%d" % time.time())]
        second = await _raw(doors.port, _request("POST", "/interactions", sent, body))
        third = await _raw(doors.port, _request("POST", "/interactions", [], body))
    assert [answer[0] for answer in (first, second, third)] == [401, 401, 401]
    said = [r.getMessage() for r in lines.records if r.levelno == logging.WARNING]
    assert len(said) == 1 and said[0].startswith("Anfrage von 127.0.0.1 abgelehnt (401: Zeitstempel 30")
    assert " s hinter der Uhr dieses Rechners (höchstens 300 s))" in said[0]  # 301 or 302 s: the second may turn
    assert signature not in said[0] and doors.key.verify_key.encode().hex() not in said[0] and "token" not in said[0]
    assert {reason: count(reason) - before[reason] for reason in before} == {"timestamp": 1, "signature": 1,
                                                                             "missing": 1}


def test_the_reason_of_a_rejection_names_the_seconds_off_and_never_the_key():
    from bot.signature import problem

    key = SigningKey.generate()
    body, stamp = b"{}", "1000000"
    good = key.sign(stamp.encode() + body).signature.hex()
    assert problem(key.verify_key, good, stamp, body, now=1_000_000.0) is None
    assert problem(key.verify_key, good, stamp, body, now=1_000_000.0 - 400) == (
        "timestamp", "Zeitstempel 400 s vor der Uhr dieses Rechners (höchstens 300 s)")
    assert problem(key.verify_key, good, stamp, body + b" ", now=1_000_000.0) == (
        "signature", "Signatur passt nicht zu DISCORD_PUBLIC_KEY")
    assert problem(key.verify_key, "zz" * 64, stamp, body)[0] == "malformed"
    assert problem(key.verify_key, "", stamp, body)[0] == "missing"


async def test_a_type_that_is_no_integer_is_400_and_an_unknown_type_is_one_warning(lines):
    # JSON true and 1.0 equal 1 in Python, but Discord's PING is the integer 1: no PONG for them
    async with _Doors() as doors:
        got = []
        for n, itype in enumerate(("true", "1.0", '"1"', "null", "99", "0", "6")):
            body = b'{"type": %s, "id": "157772219791546782%d", "application_id": "9", "token": "t"}' % (
                itype.encode(), n)
            stamp = str(int(time.time()))
            sent = [(b"X-Signature-Ed25519", doors.key.sign(stamp.encode() + body).signature.hex().encode()),
                    (b"X-Signature-Timestamp", stamp.encode())]
            status, _, answer = await _raw(doors.port, _request("POST", "/interactions", sent, body))
            reply = json.loads(answer)
            got.append((status, reply.get("error") or reply["data"]["embeds"][0]["title"]))
    refused = (400, "kein Objekt mit ganzzahligem type")
    assert got[:4] == [refused] * 4
    assert [title for _, title in got[4:]] == ["Nicht unterstützt"] * 3
    said = [r.getMessage() for r in lines.records if r.levelno == logging.WARNING]
    # the three within 10 s: one line, the first's (bot.delivery.unread; the next line would count the two)
    assert said == ["Interaktion 1577722197915467824 vom Typ 99 in unerwarteter Form, nicht ausgeführt: Typ nicht "
                    "unterstützt"]


async def test_a_body_that_cannot_be_read_is_400_and_one_info_line(lines):
    # what aiohttp raises when a body it has taken turns out broken (a coding it could not undo, a bad chunk)
    from aiohttp.http_exceptions import ContentEncodingError
    from aiohttp.web_protocol import RequestPayloadError

    async def broken() -> bytes:
        raise RequestPayloadError("Can not decode content-encoding: gzip") from ContentEncodingError(
            "Can not decode content-encoding: gzip")

    async def never(request) -> web.Response:
        raise AssertionError("the handler runs only on a body that was read")

    intake = Intake([], 16)
    for here in (True, False):
        request = SimpleNamespace(can_read_body=True, content=SimpleNamespace(is_eof=lambda h=here: h), read=broken,
                                  remote="203.0.113.7", transport=None)
        response = await intake.middleware(request, never)
        assert (response.status, json.loads(response.body)) == (400, {"error": "Ungültige HTTP-Anfrage"})
        assert not response.keep_alive
    said = [r.getMessage() for r in lines.records]
    assert said == ["Ungültige HTTP-Anfrage von 203.0.113.7 verworfen (400: Can not decode content-encoding: gzip)"]
