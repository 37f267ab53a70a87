"""The command answers ``serve`` keeps per store (bot/answer_bodies.py; bot/core.py: Generation.answers): a command
asked again is the same bytes as its answer made anew, without the core's work, whoever asks it from wherever;
private and public answers apart; answers with a random part and error replies made anew each time; the memory
bounded."""

from __future__ import annotations

import itertools
import time
from typing import Any

import orjson
import pytest

from bot import answer_bodies
from bot.answer_bodies import ANSWER_ENTRY_BYTES, KEEP_OPTIONS, answer_key, kept_size
from bot.core import Core
from bot.custom_id import Invocation
from bot.serve import RestClient
from bot.serve_interactions import Interactions

_IDS = itertools.count(1_300_000_000_000_000_000)


def command(name: str, options: dict[str, Any], sub: str | None = None, *, user: str = "42",
            locale: str = "de") -> dict[str, Any]:
    """An application command interaction as Discord sends it: ``/name [sub] options…`` from ``user`` with its
    ``locale``, a new id and token each time."""
    opts: list[dict[str, Any]] = [{"name": k, "type": 5 if isinstance(v, bool) else 4 if isinstance(v, int)
                                   else 3, "value": v} for k, v in options.items()]
    if sub is not None:
        opts = [{"name": sub, "type": 1, "options": opts}]
    iid = next(_IDS)
    return {"type": 2, "id": str(iid), "application_id": "9", "token": f"t{iid}", "locale": locale,
            "guild_locale": "de", "channel_id": str(iid + 7), "guild_id": "77",
            "member": {"user": {"id": user, "username": f"u{user}"}}, "data": {"name": name, "type": 1,
                                                                              "options": opts}}


#: Commands of every kind of answer (card, searches, rules, calculators, clash reveal, meta).
COMMANDS = [
    ("card", {"name": "Boros-Rekrut"}, None),
    ("rule", {"search": "702.19"}, None),
    ("ruling", {"search": "Vorrang"}, None),
    ("mechanic", {"name": "Trampelschaden"}, None),
    ("ask", {"question": "Was passiert wenn zwei legendäre Permanente gleichen Namens im Spiel sind"}, None),
    ("mana", {"cost": "{2}{G/W}", "pool": "GGW"}, "pay"),
    ("mana", {"cost": "{3}{W}"}, "info"),
    ("clash", {"card1": "Boros-Rekrut", "card2": "Chor des Konklave"}, "reveal"),
    ("info", {}, None),
]


@pytest.fixture(autouse=True)
def never_deferred(monkeypatch) -> None:
    """The answers of these tests are the responses, also on a loaded machine: the doors' 2 s rule
    (:func:`bot.core.answer_budget`) bounds ``defer_after``, and a first answer slower than that would be deferred
    (type 5) instead."""
    monkeypatch.setattr("bot.serve_interactions.answer_budget", lambda *_args, **_kw: 60.0)


@pytest.fixture
def counted(monkeypatch) -> list[Invocation]:
    """The invocations the core runs (:meth:`bot.core.Core.run`), in order."""
    ran: list[Invocation] = []
    run = Core.run

    async def counting(self, inv, command=None):
        ran.append(inv)
        return await run(self, inv, command)

    monkeypatch.setattr(Core, "run", counting)
    return ran


@pytest.mark.parametrize(("name", "options", "sub"), COMMANDS, ids=[c[0] + (c[2] or "") for c in COMMANDS])
async def test_a_command_asked_again_is_the_same_bytes_without_the_core(core: Core, counted, name, options, sub):
    http = Interactions(core, RestClient(), defer_after=60.0)  # never deferred here: the answer is the response
    first = await http.respond(command(name, options, sub))
    assert first[0] == 4 and orjson.loads(first[1])["data"]["embeds"]
    again = await http.respond(command(name, options, sub, user="43", locale="en-US"))  # the reply kept
    third = await http.respond(command(name, options, sub, user="44"))  # its bytes kept
    assert again == first and third == first
    assert len(counted) == 1
    assert answer_key(*http.command(command(name, options, sub)["data"])) in core.kept_answers


async def test_private_and_public_answers_are_kept_apart(core: Core, counted):
    http = Interactions(core, RestClient(), defer_after=60.0)
    public = await http.respond(command("card", {"name": "Boros-Rekrut"}))
    private = await http.respond(command("card", {"name": "Boros-Rekrut", "private": True}))
    assert orjson.loads(private[1])["data"]["flags"] == 64 and orjson.loads(public[1])["data"]["flags"] == 0
    assert await http.respond(command("card", {"name": "Boros-Rekrut", "private": True})) == private
    assert await http.respond(command("card", {"name": "Boros-Rekrut"})) == public
    assert len(counted) == 2


async def test_random_answers_and_errors_are_made_anew(core: Core, counted):
    http = Interactions(core, RestClient(), defer_after=60.0)
    odds = command("clash", {"library1": "2 Land, 1 Zauber", "library2": "3 Land"}, "odds")
    seeds = set()
    for _ in range(2):
        ctype, body = await http.respond(odds)
        assert ctype == 4
        seeds.add(body)
    assert [inv.key for inv in counted] == ["clash_odds", "clash_odds"]  # a random seed drawn each time
    unknown = command("card", {"name": "Gibtsnichtkarte Xyz"})
    assert orjson.loads((await http.respond(unknown))[1])["data"]["flags"] == 64  # the German error, private
    await http.respond(command("card", {"name": "Gibtsnichtkarte Xyz"}))
    assert [inv.key for inv in counted][2:] == ["card", "card"]
    assert answer_key(Invocation.answer("clash_odds", library1="x", library2="y", seed=5), False) is None
    assert answer_key(Invocation.action("open", "card:x"), False) is None
    assert answer_key(Invocation.answer("ask", question="x" * (KEEP_OPTIONS + 1)), False) is None
    assert answer_key(Invocation.answer("ask", question="x" * KEEP_OPTIONS), False) is not None


async def test_the_kept_answers_stay_within_their_bytes(core: Core, monkeypatch):
    assert answer_bodies.KEPT_ANSWER_BYTES == 8 * 1024 * 1024 and ANSWER_ENTRY_BYTES == 1024
    monkeypatch.setattr(answer_bodies, "KEPT_ANSWER_BYTES", 24 * 1024)
    small = Core(core.settings)
    await small.open()
    try:
        http = Interactions(small, RestClient(), defer_after=60.0)
        for i in range(1, 40):
            for _ in range(2):  # asked twice: kept as its bytes
                await http.respond(command("rule", {"search": f"702.{i}"}))
        kept = small.kept_answers
        assert kept is not None and 0 < len(kept) < 39
        assert kept.currsize <= 24 * 1024
        assert kept.currsize == sum(kept_size(value) for value in kept.values())
        assert all(value.body is not None for value in kept.values())
    finally:
        await small.close()


class _Gateway:
    """The parts of :class:`bot.gateway.gate.GatedBot` the raw command path reads (as tests/test_metrics.py's
    stub): its HTTP session's keyword arguments, the early defers of a burst, the open core, the watchdog."""

    def __init__(self, core: Core) -> None:
        from types import SimpleNamespace

        self._connection = SimpleNamespace(http=SimpleNamespace(_HTTPClient__session=None, proxy=None,
                                                                proxy_auth=None))
        self.early_defers: dict = {}
        self.core = core

    async def guard(self, work, iid, transport, private=False):
        return await work


async def test_the_gateway_sends_a_kept_reply_as_serve_sends_its_bytes(core: Core, counted, monkeypatch):
    from bot.gateway import commands, transport

    sent: list[tuple[str, dict]] = []

    async def send_json(session, method, url, body=None, **kw):
        sent.append((url, body))

    monkeypatch.setattr(transport, "send_json", send_json)
    bot = _Gateway(core)
    for user in ("42", "43"):
        payload = command("card", {"name": "Boros-Rekrut"}, user=user)
        iid = (int(time.time() * 1000) - 1420070400000) << 22 | int(user)  # made now: answered in its callback
        await commands.answer_command(bot, iid, {**payload, "id": str(iid)})
    assert [url.endswith("/callback") for url, _ in sent] == [True, True]
    assert sent[0][1] == sent[1][1] and sent[0][1]["data"]["embeds"][0]["title"] == "Boros-Rekrut"
    assert len(counted) == 1  # the second from the kept reply
    http = Interactions(core, RestClient(), defer_after=60.0)
    assert orjson.loads((await http.respond(command("card", {"name": "Boros-Rekrut"})))[1]) == sent[0][1]
    assert len(counted) == 1  # serve takes the same kept answer
