"""Malformed and repeated INTERACTION_CREATE payloads against the real gateway bot (``python -m bot run``).

No payload ends the process: each malformed one is one WARNING line ("… in unerwarteter Form, nicht
ausgeführt: …", no traceback) and, when its id, token and application id can be read, the user gets the
German "Ungültige Anfrage" (an autocomplete: no choices); without them it is dropped. The shapes come from
Regelbot's own reading (``bot/delivery.py: shape_problem``) and from discord.py's parser
(``Interaction._from_data``, ``ConnectionState.parse_interaction_create``). An interaction delivered twice is
answered once. A gateway frame that is not JSON, or nested deeper than Python's stack, is one WARNING line and
dropped. After all of them the bot still answers ``/karte``.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from typing import Any

import pytest
import pytest_asyncio
from fakediscord import APPLICATION_COMMAND, AUTOCOMPLETE, CB_AUTOCOMPLETE, CB_MESSAGE, MESSAGE_COMPONENT, FakeDiscord
from harness import module_fixtures

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

MALFORMED_TITLE = "Ungültige Anfrage"  # bot/delivery.py MALFORMED
DROPPED = "in unerwarteter Form, nicht ausgeführt"  # the one WARNING line of a malformed payload


bot, _checks = module_fixtures("the stand-in has no interaction gate")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def card_message(fake, bot) -> dict[str, Any]:
    """A message of the bot with buttons (``/karte Boros-Rekrut``), to press on."""
    result = await fake.command("karte", {"name": "Boros-Rekrut"})
    assert result.message is not None and result.buttons()
    return result.message


def command(fake: FakeDiscord) -> dict[str, Any]:
    data = fake._command_data("karte", {"name": "Boros-Rekrut"}, subcommand=None, group=None, focused=None)
    return fake.payload(APPLICATION_COMMAND, data)


def autocomplete(fake: FakeDiscord) -> dict[str, Any]:
    data = fake._command_data("karte", {"name": "boros"}, subcommand=None, group=None, focused="name")
    return fake.payload(AUTOCOMPLETE, data)


def button(fake: FakeDiscord, message: dict[str, Any]) -> dict[str, Any]:
    cid = next(c["custom_id"] for row in message["components"] for c in row["components"])
    return fake.payload(MESSAGE_COMPONENT, {"custom_id": cid, "component_type": 2}, message=message)


def without(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda p: p.pop(key)


def setting(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(p: dict[str, Any]) -> None:
        *heads, last = path.split(".")
        for head in heads:
            p = p[head]
        p[last] = value
    return change


#: (what is wrong, which interaction, the change, answered?) — "answered": the id, token and application id can
#: be read, so the user gets the German error; else the payload is dropped with its log line.
CASES = [
    ("id keine Zahl", "command", setting("id", "abc"), False),
    ("id fehlt", "command", without("id"), False),
    ("token fehlt", "command", without("token"), False),
    ("application_id fehlt", "command", without("application_id"), False),
    ("data kein Objekt", "command", setting("data", "x"), True),
    ("options keine Liste", "command", setting("data.options", "x"), True),
    ("Nachrichtenbefehl ohne resolved", "command", lambda p: p["data"].update(type=3, target_id="5"), True),
    ("type fehlt (discord.py)", "command", without("type"), True),
    ("version fehlt (discord.py)", "command", without("version"), True),
    ("attachment_size_limit fehlt (discord.py)", "command", without("attachment_size_limit"), True),
    ("channel kein Objekt (discord.py)", "command", setting("channel", "x"), True),
    ("member kein Objekt (discord.py)", "command", setting("member", "x"), True),
    ("authorizing_integration_owners (discord.py)", "command", setting("authorizing_integration_owners", {"x": "y"}),
     True),
    ("entitlements (discord.py)", "command", setting("entitlements", [5]), True),
    ("autocomplete: member kein Objekt (discord.py)", "autocomplete", setting("member", "x"), True),
    ("component_type fehlt", "button", lambda p: p["data"].pop("component_type"), True),
    ("values keine Textliste", "button", setting("data.values", 5), True),
    ("message kein Objekt", "button", setting("message", "x"), True),
    ("message.id keine Zahl (discord.py)", "button", setting("message", {"id": "x", "flags": 0}), True),
]


@pytest.mark.logs_errors
@pytest.mark.parametrize(("problem", "kind", "change", "answered"), CASES, ids=[c[0] for c in CASES])
async def test_a_malformed_payload_is_one_log_line_and_never_ends_the_bot(fake, bot, card_message, problem, kind,
                                                                          change, answered):
    make = {"command": command, "autocomplete": autocomplete}.get(kind)
    payload = make(fake) if make else button(fake, card_message)
    payload = copy.deepcopy(payload)
    change(payload)
    since = len(bot.output())
    # an answered payload: until its answer; a dropped one: until its log line (the bot drops it there, so no
    # answer can follow; a callback the fake could match would land in ``result`` meanwhile)
    result = await fake.send_raw(payload, wait=3.0 if answered else 0.0)
    for _ in range(150):  # ≤ 3 s
        if DROPPED in bot.output()[since:]:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.2)  # a log line written after the answer; a late answer of a dropped one
    lines = bot.output()[since:].splitlines()
    problems = [line for line in lines if "WARNING" in line or "ERROR" in line or "Traceback" in line]
    assert len(problems) == 1 and DROPPED in problems[0], problems
    assert bot.returncode is None
    if not answered:
        assert result.callbacks == []
    elif kind == "autocomplete":
        assert (result.callback_type, result.choices) == (CB_AUTOCOMPLETE, [])
    else:
        assert result.callback_type == CB_MESSAGE and result.ephemeral
        assert result.embeds[0]["title"] == MALFORMED_TITLE
    fake.errors.clear()  # callbacks the fake could not match to an interaction it sent (no id): not the bot's


async def test_an_interaction_delivered_twice_is_answered_once(fake, bot):
    since = len(bot.output())
    result = await fake.send_raw(command(fake), times=2, wait=3.0)
    await asyncio.sleep(0.5)  # time for a second answer, if any
    assert len(result.callbacks) == 1 and result.embeds[0]["title"] == "Boros-Rekrut"
    assert "doppelt erhalten" in bot.output()[since:]


@pytest.mark.logs_errors
@pytest.mark.parametrize("frame", ["[" * 100_000 + "]" * 100_000, '{"op":0,"d":' * 50_000 + "1" + "}" * 50_000,
                                   "kein JSON",
                                   # the gate reads frames naming INTERACTION_CREATE itself (bot.gateway.frames)
                                   '{"op": 0, "t": "INTERACTION_CREATE", "d": ',
                                   "[" * 100_000 + "]" * 100_000 + " INTERACTION_CREATE"],
                         ids=["nested list", "nested object", "not JSON", "interaction cut off", "interaction nested"])
async def test_a_gateway_frame_that_cannot_be_read_is_one_log_line_and_dropped(fake, bot, frame):
    since = len(bot.output())
    await fake.send_text(frame)
    await asyncio.sleep(0.5)
    problems = [line for line in bot.output()[since:].splitlines()
                if "WARNING" in line or "ERROR" in line or "Traceback" in line]
    assert len(problems) == 1 and "Gateway-Nachricht (Shard 0) nicht lesbar, verworfen" in problems[0], problems
    assert bot.returncode is None
    result = await fake.command("karte", {"name": "Boros-Rekrut"})  # the same connection still answers
    assert result.embeds[0]["title"] == "Boros-Rekrut"


async def test_the_bot_still_answers_after_all_of_them(fake, bot):
    result = await fake.command("karte", {"name": "Feld der Unterdrückung"})
    assert result.embeds[0]["title"] == "Feld der Unterdrückung"
