"""The deferral path, forced and deterministic ("defer early when the queue is deep").

The load test once failed as "some deferred answers reach the fake Discord as an empty message". It was a
defer that came after Discord's 3 s: the fake refused it (404, 10062, as Discord does; the user sees "Die
Interaktion ist fehlgeschlagen") and the test read the refused defer's empty ``data`` as the final message.
Here an interaction is made older than :data:`bot.core.LATE_START_SECONDS` (its snowflake is back-dated,
as when it waited in a queue before the bot read it), which sends the bot down the early-defer path every
time, and the fake's deadline is set so the defer is refused or accepted, as the test needs.
"""

from __future__ import annotations

import math

import pytest
from fakediscord import CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_MESSAGE, EPHEMERAL, aged
from harness import print_bot_log_on_failure
from workload import visible

from bot.custom_id import PAGE, SHARE, Invocation, encode, encode_open
from bot.delivery import defer_body, defer_kind

REAL_BOT_ONLY = True
pytestmark = []








@pytest.fixture
def clean(fake, bot, request):
    """Reset the fake's deadline; after the test: print the bot's log on failure."""
    since = len(bot.output())
    fake.callback_deadline = 3.0
    yield since
    fake.callback_deadline = 3.0
    print_bot_log_on_failure(request, bot, since)


def seen(result) -> dict:
    return {k: v for k, v in visible(result).items() if k != "callback"}


# ---------------------------------------------------------------- the decision, from the raw payload


def _command(options: list[dict]) -> dict:
    return {"type": 2, "id": "1", "token": "t", "data": {"type": 1, "name": "card", "options": options}}


def _button(custom_id: str, values: list[str] | None = None) -> dict:
    data = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        data["values"] = values
    return {"type": 3, "id": "1", "token": "t", "data": data}


@pytest.mark.parametrize(("payload", "kind"), [
    (_command([{"name": "name", "type": 3, "value": "Boros-Rekrut"}]), (CB_DEFERRED_MESSAGE, False)),
    (_command([{"name": "name", "type": 3, "value": "x"}, {"name": "private", "type": 5, "value": True}]),
     (CB_DEFERRED_MESSAGE, True)),
    # a sub-command's private option, one level down
    (_command([{"name": "upkeep", "type": 1, "options": [{"name": "private", "type": 5, "value": True}]}]),
     (CB_DEFERRED_MESSAGE, True)),
    (_command([{"name": "private", "type": 5, "value": False}]), (CB_DEFERRED_MESSAGE, False)),
    # the message command "Karten erklären" answers privately
    ({"type": 2, "data": {"type": 3, "name": "Explain cards", "target_id": "5"}}, (CB_DEFERRED_MESSAGE, True)),
    (_button(encode(PAGE, Invocation.answer("ruling", card="Getrieben // Verzweiflung"), 2)),
     (CB_DEFERRED_UPDATE, False)),
    (_button(encode_open("rulings", "26")), (CB_DEFERRED_MESSAGE, True)),
    (_button("rb:nosuch:1"), None),  # an action this bot does not have: answered at once, never deferred
    (_button(encode(SHARE, Invocation.answer("ruling", card="Boros-Rekrut"), 1)), (CB_DEFERRED_MESSAGE, False)),
    (_button(encode(SHARE, None, 1)), None),  # a copy of the message, answered at once
    (_button("rb:pg:x"), None),  # forged: does not decode
    (_button("someone-elses-button"), None),
    ({"type": 4, "data": {"name": "card", "options": []}}, None),  # autocomplete: no defer exists
    ({"type": 1}, None),
    ({"type": 2, "data": "not an object"}, None),
])
def test_defer_kind_from_the_raw_payload(payload, kind):
    assert defer_kind(payload) == kind


def test_defer_body():
    assert defer_body(CB_DEFERRED_MESSAGE, True) == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert defer_body(CB_DEFERRED_UPDATE, False) == {"type": 6}


# ---------------------------------------------------------------- end to end, forced down the deferral path


@pytest.mark.e2e
@pytest.mark.asyncio(loop_scope="module")
async def test_a_late_interaction_is_deferred_first_and_answered_by_editing_the_deferred_message(fake, clean):
    alone = await fake.command("karte", {"name": "Boros-Rekrut"})
    assert alone.callback_type == CB_MESSAGE
    with aged(fake, 1.0):
        late = await fake.command("karte", {"name": "Boros-Rekrut"})
    assert late.callback_type == CB_DEFERRED_MESSAGE and not late.refused
    assert late.callbacks[0] == {"type": CB_DEFERRED_MESSAGE}  # public, like the answer
    assert late.edits and late.followups == []
    assert seen(late) == seen(alone)
    assert late.embeds[0]["title"] == "Boros-Rekrut"
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.e2e
@pytest.mark.asyncio(loop_scope="module")
async def test_a_late_private_command_is_deferred_ephemerally(fake, clean):
    with aged(fake, 1.0):
        late = await fake.command("karte", {"name": "Boros-Rekrut", "privat": True})
    assert late.callbacks[0] == {"type": CB_DEFERRED_MESSAGE, "data": {"flags": EPHEMERAL}}
    assert late.ephemeral and late.embeds[0]["title"] == "Boros-Rekrut"
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.e2e
@pytest.mark.asyncio(loop_scope="module")
async def test_a_late_page_turn_is_deferred_as_an_update_of_the_clicked_message(fake, clean):
    first, res = [await fake.command("ruling", {"card": "Getrieben // Verzweiflung"}) for _ in range(2)]
    weiter = next(b for b in res.buttons() if b["label"] == "Weiter")
    alone = await fake.component(first, weiter["custom_id"])
    with aged(fake, 1.0):
        late = await fake.component(res, weiter["custom_id"])
    assert late.callbacks[0] == {"type": CB_DEFERRED_UPDATE}
    assert late.message["id"] == res.message["id"]
    assert "Seite 2/3" in late.embeds[0]["footer"]["text"]
    assert late.embeds == alone.data["embeds"]
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.e2e
@pytest.mark.asyncio(loop_scope="module")
async def test_a_refused_defer_is_no_message_and_nothing_follows_it(fake, bot, clean):
    fake.callback_deadline = 0.0  # every callback comes too late: Discord answers 404 "Unknown interaction"
    late_before = len(fake.late)
    with aged(fake, 1.0):
        res = await fake.command("karte", {"name": "Boros-Rekrut"}, settle=0.5)
    assert res.refused and res.callback_type == CB_DEFERRED_MESSAGE
    # the user sees "Die Interaktion ist fehlgeschlagen": no message, and none comes later
    assert res.final == {} and res.message is None
    assert res.edits == [] and res.followups == []
    assert not [r for r in fake.requests if res.token in r.path and r.path.startswith("/webhooks/")]
    assert len(fake.late) == late_before + 1  # one callback, not retried
    log = bot.output()[clean:]
    assert "zu spät beantwortet" in log
    assert "Traceback" not in log and "never awaited" not in log
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.e2e
@pytest.mark.asyncio(loop_scope="module")
async def test_a_refused_late_answer_is_no_message_either(fake, clean):
    fake.callback_deadline = 0.0
    res = await fake.command("karte", {"name": "Boros-Rekrut"})  # young: answered directly (type 4), refused
    assert res.refused and res.callback_type == CB_MESSAGE
    assert res.final == {} and res.embeds == []  # not the refused callback's embed
    fake.callback_deadline = math.inf
