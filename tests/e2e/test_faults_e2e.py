"""Faults of Discord's REST side on the answer path, each on a third of the requests, against both Discord doors.

The fake Discord (``faults.py``) answers every third interaction callback and follow-up webhook call with a
429 with ``Via`` (Discord's rate limit), a 429 without it (a proxy's), a 502, a reset connection, or holds the
reply back 2–5 s. The gateway bot (``python -m bot run``) answers commands at once and deferred (the
interaction back-dated, so the bot defers it first and edits the deferred message) and a button; ``serve``
(``--defer-after 0``) defers everything and answers through the webhook. Every answer arrives as it would
without faults (the card's title), none after Discord's 3 s, and the bot logs no traceback and no error:
the sends are tried again within Discord's windows (``bot/delivery.py: within``) or by discord.py itself
(a 429 with ``Via``, a 5xx).
"""

from __future__ import annotations

import asyncio
import itertools

import pytest
import pytest_asyncio
from fakediscord import CB_DEFERRED_MESSAGE, CB_MESSAGE, FakeDiscord, aged
from faults import KINDS, Faults
from harness import module_fixtures
from nacl.signing import SigningKey
from test_scale_e2e import ServeProcess

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

# data/sources: three cards of the Ravnica FAQ (001_d6ee154855c71d75.txt) and the split card of 002
CARDS = ("Boros-Rekrut", "Feld der Unterdrückung", "Getrieben // Verzweiflung")
TIMEOUT = 25.0  # a held-back reply (5 s) and a proxy's Retry-After (1 s) on top of the answer
BURST = 150


bot, _checks = module_fixtures("the stand-in does not try again")


def no_traceback_or_error(output: str) -> list[str]:
    """The lines of ``output`` that show a traceback or an error (WARNING lines of a retry are allowed)."""
    return [line for line in output.splitlines() if "Traceback" in line or " ERROR " in line or "CRITICAL" in line]


_SPELLINGS = itertools.count(1)


def spelled(name: str) -> str:
    """``name`` with the case of its letters flipped by the bits of a number not used before: a command text not
    asked before (``serve`` answers one asked before with its kept answer at once, :mod:`bot.answer_bodies`, not
    through the webhook), which the card look-up reads as the same card."""
    bits, out = next(_SPELLINGS), []
    for ch in name:
        if ch.isalpha():
            ch, bits = (ch.swapcase() if bits & 1 else ch), bits >> 1
        out.append(ch)
    return "".join(out)


def card(name: str) -> dict:
    """The ``data`` of ``/card name: NAME`` as Discord sends it."""
    return {"name": "card", "options": [{"name": "name", "type": 3, "value": name}]}


def button(result, label: str) -> str:
    return next(b["custom_id"] for b in result.buttons() if b["label"].startswith(label))


@pytest.mark.logs_errors
@pytest.mark.parametrize("kind", KINDS)
async def test_gateway_loses_no_answer_when_a_third_of_the_callbacks_fail(fake, bot, kind):
    since = len(bot.output())
    fake.faults = Faults(kinds=(kind,))
    try:
        direct = [await fake.command("karte", {"name": name}, timeout=TIMEOUT) for name in CARDS]
        with aged(fake, 1.0):  # older than the gate's 0.5 s: deferred at once, then the deferred message edited
            deferred = [await fake.command("karte", {"name": name}, timeout=TIMEOUT) for name in CARDS]
        rulings = await fake.component(direct[2], button(direct[2], "Rulings anzeigen"), timeout=TIMEOUT)
        injected = fake.faults.injected[kind]
    finally:
        fake.faults = None
    assert injected >= 3, "the fake injected too few faults to show anything"
    for name, res in zip(CARDS * 2, direct + deferred, strict=True):
        assert not res.refused and res.embeds[0]["title"] == name
    assert [r.callback_type for r in direct] == [CB_MESSAGE] * 3
    assert [r.callback_type for r in deferred] == [CB_DEFERRED_MESSAGE] * 3 and all(r.edits for r in deferred)
    assert rulings.embeds[0]["title"] == "Rulings: Getrieben // Verzweiflung (13)"  # 002: 13 rulings
    assert fake.late == [] and fake.errors == []
    assert no_traceback_or_error(bot.output()[since:]) == []


@pytest.mark.logs_errors
async def test_gateway_loses_no_answer_in_a_burst_when_half_of_the_replies_are_held_back(fake, bot):
    # Discord slow to reply (2–5 s), the callbacks received at once: each waiting reply holds a connection of
    # the bot's pool; with too few connections the others queued past Discord's 3 s (lost answers)
    fake.faults = Faults(kinds=("delay",), every=2)
    try:
        results = await asyncio.gather(*(fake.command("karte", {"name": CARDS[i % 3]}, timeout=TIMEOUT)
                                         for i in range(BURST)))
    finally:
        fake.faults = None
    assert [r.refused for r in results] == [False] * BURST and fake.late == []
    assert [r.embeds[0]["title"] for r in results] == [CARDS[i % 3] for i in range(BURST)]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def serving(store_db, tmp_path_factory):
    """Its own fake Discord and a ``serve`` process that defers every answer (``--defer-after 0``)."""
    key = SigningKey.generate()
    async with FakeDiscord() as http_fake:
        server = await ServeProcess.start(http_fake, tmp_path_factory.mktemp("serve"), store_db, key,
                                          "--defer-after", "0")
        http_fake.use_http(server.url, key)
        try:
            yield http_fake, server
        finally:
            await server.proc.stop()


@pytest.mark.parametrize("kind", KINDS)
async def test_serve_loses_no_follow_up_when_a_third_of_the_webhook_calls_fail(serving, kind):
    http_fake, server = serving
    since = len(server.proc.output())
    http_fake.faults = Faults(kinds=(kind,))
    try:
        results = [await http_fake.raw_command(card(spelled(name)), timeout=TIMEOUT) for name in CARDS * 2]
        injected = http_fake.faults.injected[kind]
    finally:
        http_fake.faults = None
    assert injected >= 2
    for name, res in zip(CARDS * 2, results, strict=True):
        assert res.callback_type == CB_DEFERRED_MESSAGE and res.embeds[0]["title"] == name
    assert http_fake.late == [] and http_fake.errors == [] and http_fake.invalid == []
    assert no_traceback_or_error(server.proc.output()[since:]) == []
