"""``serve``'s autocomplete or command request against the signature-checking PONG worker's, in one process.

The burst benchmarks (``bench_ops.py``, ``bench_serve_kinds.py``) measure whole processes over loopback: on a
shared machine their pairs move by ±20 % from run to run. Here the same HTTP requests (signed autocompletes of
every completer option of the command table, in Discord's envelope of ≈ 1.2 KB) are fed as raw bytes to the
server protocol of each worker — ``serve``'s (:func:`bot.serve.make_server` behind the intake's
:class:`bot.serve_sockets.Tracked`, on a core over a store of the documents) and the PONG worker's (an aiohttp
application as ``bench/http_burst.py: pong_worker``) — through a transport that only collects the response, one
request at a time; the two take turns for ``--rounds`` rounds. Prints each one's CPU µs per request (best and
median of the rounds) and their ratio: what ``serve`` adds to the PONG worker's path, aiohttp's parser and response
included, the kernel's socket work not.

    .venv/bin/python bench/bench_serve_inproc.py [--requests 2000] [--rounds 5] [--distinct] [--commands] [--store DB]

``--distinct``: every request types another text (no text twice: what the kept autocomplete bodies of
:func:`bot.autocomplete.choices_bytes` cannot answer); default: the texts of the load test's workload, repeated.
``--commands``: slash commands instead (:data:`COMMANDS`, one of each kind of answer, in Discord's envelope,
signed with a timestamp a little ahead so none counts as late and each is answered in its HTTP response, as one
at a time on a quiet server; the calculation workers started); with ``--distinct`` ``serve``'s kept command
answers (:mod:`bot.answer_bodies`, where the tree has them) are emptied before each request: every command made
as if never asked before. Run it in each tree (``cd DIR && …/python bench/bench_serve_inproc.py``) to compare two
trees.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))  # the bot package of the tree it is run in
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from aiohttp import web
from harness import build_store
from nacl.signing import SigningKey

#: Texts typed into each completer option (the load test's workload types "boros" into every one).
TYPED = ("boros", "b", "Boros-Rekrut", "blitz", "tram", "701", "")
#: The rest of an interaction as Discord sends it (the envelope the signature covers).
ENVELOPE: dict[str, Any] = {
    "application_id": "1100000000000000001", "version": 1, "locale": "de", "guild_id": "1200000000000000001",
    "guild_locale": "de", "context": 0, "app_permissions": "562949953421311", "entitlements": [],
    "channel_id": "1300000000000000001", "guild": {"id": "1200000000000000001", "locale": "de", "features": []},
    "channel": {"id": "1300000000000000001", "type": 0, "guild_id": "1200000000000000001", "name": "regeln",
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None, "flags": 0},
    "member": {"user": {"id": "1000000000000000042", "username": "spieler", "discriminator": "0",
                        "global_name": "Spieler", "avatar": None, "public_flags": 0, "locale": "de"},
               "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0,
               "pending": False, "permissions": "562949953421311", "nick": None, "avatar": None},
}


class Collector(asyncio.Transport):
    """A transport that counts what is written and calls ``done`` when a response body has ended."""

    def __init__(self, done: Callable[[], None]) -> None:
        super().__init__()
        self.done, self.closing = done, False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default

    def write(self, data: Any) -> None:
        if bytes(data[-1:]) == b"}":  # every response here is one JSON object
            self.done()

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def autocomplete_data(distinct: int | None) -> list[dict[str, Any]]:
    """The ``data`` of an autocomplete for every completer option of the command table and every text of
    :data:`TYPED` (``distinct``: each text made unique by a suffix from that number on)."""
    from bot.commands import TABLE

    out = []
    for leaf in TABLE.leaves:
        for option in leaf.command.all_options:
            if option.completer is None:
                continue
            for typed in TYPED:
                if distinct is not None:
                    distinct += 1
                    typed = f"{typed[:3]}{distinct:x}".translate(str.maketrans("0123456789", "ghijklmnop"))
                options: list[dict[str, Any]] = [{"name": option.name.en, "type": 3, "value": typed,
                                                  "focused": True}]
                for name in reversed(leaf.path[1:]):
                    options = [{"name": name, "type": 1, "options": options}]
                out.append({"name": leaf.path[0], "type": 1, "options": options})
    return out


#: The commands of ``--commands``: the load test's kinds of answer (card, rules and rulings searches, the question
#: search, a mechanic, the calculators, the clash reveal, the store's info), with values of the documents.
COMMANDS: list[tuple[str, str | None, dict[str, Any]]] = [
    ("card", None, {"name": "Boros-Rekrut"}),
    ("rule", None, {"search": "702.19"}),
    ("ruling", None, {"search": "Vorrang"}),
    ("ask", None, {"question": "Was passiert wenn zwei legendäre Permanente gleichen Namens im Spiel sind"}),
    ("mechanic", None, {"name": "Trampelschaden"}),
    ("mana", "pay", {"cost": "{2}{G/W}", "pool": "GGW"}),
    ("mana", "info", {"cost": "{3}{W}"}),
    ("mana", "total", {"cost": "{3}{W}", "increase": "{1}"}),
    ("clash", "reveal", {"card1": "Boros-Rekrut", "card2": "Chor des Konklave"}),
    ("info", None, {}),
]


def command_data() -> list[dict[str, Any]]:
    """The ``data`` of each of :data:`COMMANDS` as Discord sends it."""
    out = []
    for name, sub, values in COMMANDS:
        options: list[dict[str, Any]] = [{"name": k, "type": 3, "value": v} for k, v in values.items()]
        if sub is not None:
            options = [{"name": sub, "type": 1, "options": options}]
        out.append({"name": name, "type": 1, "options": options})
    return out


def requests(key: SigningKey, n: int, distinct: bool, commands: bool = False) -> list[bytes]:
    """``n`` signed HTTP requests (raw bytes) of autocompletes (``commands``: of :data:`COMMANDS`), each with its
    own interaction id."""
    stamp = str(int(time.time()) + (240 if commands else 0))  # commands: not late, answered in the response
    out: list[bytes] = []
    base = time.time_ns() // 1000
    while len(out) < n:
        for data in (command_data() if commands else autocomplete_data(base + len(out) if distinct else None)):
            iid = str(base + len(out))
            body = json.dumps({"id": iid, "type": 2 if commands else 4, "token": f"itok{iid}", "data": data,
                               **ENVELOPE}).encode()
            sig = key.sign(stamp.encode() + body).signature.hex()
            out.append(f"POST /interactions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       f"X-Signature-Ed25519: {sig}\r\nX-Signature-Timestamp: {stamp}\r\n"
                       f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    return out[:n]


async def pong_protocol(public: str) -> Callable[[], asyncio.Protocol]:
    """The protocol factory of the signature-checking PONG worker (``bench/http_burst.py: pong_worker``)."""
    from nacl.signing import VerifyKey

    key, pong = VerifyKey(bytes.fromhex(public)), json.dumps({"type": 1}).encode()

    async def interaction(request: web.Request) -> web.Response:
        body = await request.read()
        try:
            key.verify(request.headers.get("X-Signature-Timestamp", "").encode() + body,
                       bytes.fromhex(request.headers.get("X-Signature-Ed25519", "")))
        except Exception:
            return web.Response(status=401)
        return web.Response(body=pong, content_type="application/json")

    app = web.Application()
    app.router.add_post("/interactions", interaction)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    assert runner.server is not None
    return runner.server


def serve_protocol(core: Any, public: str) -> Callable[[], asyncio.Protocol]:
    """The protocol factory of ``serve`` on ``core``: its low-level server behind the intake, as ``serve`` runs."""
    from bot.rest import RestClient
    from bot.serve import make_server
    from bot.serve_conns import Conn
    from bot.serve_interactions import Interactions
    from bot.serve_net import Intake
    from bot.serve_sockets import Tracked

    intake = Intake([], 128)
    server = make_server(Interactions(core, RestClient()), public, intake)

    def factory() -> asyncio.Protocol:
        conn = Conn()
        intake.conns[id(conn)] = conn
        return Tracked(server(), intake, conn)

    return factory


async def cpu_per_request(factory: Callable[[], asyncio.Protocol], raw: list[bytes],
                          before: Callable[[], object] | None = None) -> float:
    """CPU seconds per request of one connection of ``factory`` answering ``raw`` one after the other (``before``:
    called before each request, its CPU counted)."""
    loop = asyncio.get_running_loop()
    waiting: list[asyncio.Future[None]] = []

    def done() -> None:
        if waiting and not waiting[-1].done():
            waiting[-1].set_result(None)

    proto = factory()
    proto.connection_made(Collector(done))
    c0 = time.process_time()
    for request in raw:
        waiting[:] = [loop.create_future()]
        if before is not None:
            before()
        proto.data_received(request)
        await waiting[0]
    cpu = time.process_time() - c0
    proto.connection_lost(None)
    await asyncio.sleep(0)
    return cpu / len(raw)


async def main(n: int, rounds: int, distinct: bool, store: Path | None, commands: bool = False) -> None:
    from bot import metrics
    from bot.commands import TABLE
    from bot.config import Settings
    from bot.core import Core

    with tempfile.TemporaryDirectory(prefix="bench_serve_inproc_") as tmp:
        db = store or Path(tmp) / "regelbot.sqlite3"
        if store is None:
            build_store(db)
        metrics.enable()
        core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=Path(tmp), log_level="INFO"))
        await core.open(TABLE.warm)
        if commands:
            await core.start_workers()
        kept = getattr(core, "kept_answers", None)  # a tree without kept command answers: None
        forget = kept.clear if commands and distinct and kept is not None else None
        key = SigningKey.generate()
        public = key.verify_key.encode().hex()
        sides = {"serve": serve_protocol(core, public), "pong": await pong_protocol(public)}
        raw = requests(key, n * (2 * rounds + 1), distinct, commands)
        for factory in sides.values():  # warm-up (the workload's texts: kept bodies, as after the load test's);
            warm, raw = raw[:n // 2], raw[n // 2:]  # each request once (serve refuses an id again: 409)
            await cpu_per_request(factory, warm)
        got: dict[str, list[float]] = {side: [] for side in sides}
        for i in range(rounds):
            for side in (sides if i % 2 == 0 else dict(reversed(sides.items()))):
                chunk, raw = raw[:n], raw[n:]
                got[side].append(await cpu_per_request(sides[side], chunk, forget if side == "serve" else None))
        await core.close()
    ratios = [s / p for s, p in zip(got["serve"], got["pong"], strict=True)]
    texts = "all distinct" if distinct else "the workload's, repeated"
    what = "commands" if commands else "autocompletes"
    print(f"bench_serve_inproc — {n} {what} × {rounds} rounds ({texts}), {Path.cwd()}, load average "
          f"{os.getloadavg()[0]:.1f}")
    for side, values in got.items():
        print(f"  {side}: best {min(values) * 1e6:.1f} µs, median {statistics.median(values) * 1e6:.1f} µs CPU per "
              "request")
    each = ", ".join(f"{r:.2f}" for r in ratios)
    print(f"  serve / PONG worker: best {min(ratios):.2f}×, median {statistics.median(ratios):.2f}× ({each})")
    sys.stdout.flush()
    os._exit(0)  # the core's calculation workers and aiohttp's protocol tasks: nothing left to wait for


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests per side and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--distinct", action="store_true", help="every request types another text")
    parser.add_argument("--commands", action="store_true", help="slash commands instead of autocompletes")
    parser.add_argument("--store", type=Path, default=None, help="a store of the documents built before")
    args = parser.parse_args()
    asyncio.run(main(args.requests, args.rounds, args.distinct, args.store, args.commands))
