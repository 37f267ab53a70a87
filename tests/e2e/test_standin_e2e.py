"""The harness proven on the stand-in bot (tests/e2e/standin_bot.py): discord.py 2.x unmodified,
talking to the fake Discord on loopback. The real bot's suite is test_bot_e2e.py."""

from __future__ import annotations

import asyncio

import pytest
import pytest_asyncio
from fakediscord import EPHEMERAL, INTEGER, STRING, SUB_COMMAND, SUB_COMMAND_GROUP
from harness import FAKE_TOKEN, STANDIN, print_bot_log_on_failure, running_bot

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def standin(fake, tmp_path_factory):
    async with running_bot(fake, tmp_path_factory.mktemp("standin"), argv=STANDIN) as bot:
        yield bot
    assert bot.returncode == 0, bot.tail()


@pytest.fixture(autouse=True)
def _log_on_failure(request, standin, fake):
    since = len(standin.output())
    yield
    print_bot_log_on_failure(request, standin, since)
    assert fake.errors == []
    assert fake.invalid == []


async def test_sync_payload_has_german_localizations(fake):
    _, cmd = fake.find_command("card")
    assert cmd["name"] == "card"
    assert cmd["name_localizations"] == {"de": "karte"}
    assert cmd["description"] == "Show a card"
    assert cmd["description_localizations"] == {"de": "Zeigt eine Karte"}
    (opt,) = cmd["options"]
    assert (opt["name"], opt["type"], opt["required"], opt["autocomplete"]) == ("name", STRING, True, True)
    assert opt["description_localizations"] == {"de": "Kartenname"}
    assert fake.sync_count == 1


async def test_login_and_identify(fake):
    paths = [(r.method, r.path) for r in fake.requests]
    assert ("GET", "/users/@me") in paths
    assert ("GET", "/oauth2/applications/@me") in paths
    assert fake.identifies[0]["token"] == FAKE_TOKEN
    assert fake.unknown == []


async def test_command_reply_in_german_client(fake):
    res = await fake.command("karte", {"name": "Boros-Rekrut"}, locale="de")
    assert res.callback_type == 4
    assert res.embeds[0]["title"] == "Boros-Rekrut"
    assert res.embeds[0]["description"] == "{R/W}"
    assert not res.ephemeral
    assert [b["custom_id"] for b in res.buttons()] == ["rb:rulings:Boros-Rekrut"]


async def test_unknown_name_is_ephemeral_error(fake):
    res = await fake.command("card", {"name": "Gibtsnicht"}, locale="en-US")
    assert res.callback_type == 4
    assert res.data["flags"] & EPHEMERAL
    assert res.content == "Keine Karte namens „Gibtsnicht“ gefunden."


async def test_autocomplete(fake):
    choices = await fake.autocomplete("karte", "name", "boros")
    assert [c["name"] for c in choices] == ["Boros-Rekrut", "Boros-Gildenmagier"]


async def test_button_deferred_update_then_edit(fake):
    res = await fake.command("card", {"name": "Chor des Konklave"})
    click = await fake.component(res, "rb:rulings:Chor des Konklave")
    assert click.callback_type == 6
    assert click.edits[0]["embeds"][0]["title"] == "Rulings: Chor des Konklave"
    # the message the user sees was edited in place
    assert fake.messages[res.message["id"]]["embeds"][0]["title"] == "Rulings: Chor des Konklave"


async def test_reconnect_and_invalid_session_survived(fake):
    identifies = len(fake.identifies)
    await fake.send_reconnect()
    res = await fake.command("card", {"name": "Boros-Rekrut"})
    assert res.embeds[0]["description"] == "{R/W}"
    assert len(fake.resumes) == 1
    await fake.send_invalid_session(resumable=False)
    # discord.py waits 5 s before a non-initial IDENTIFY (Client.before_identify_hook)
    await fake.wait_ready(timeout=10)
    res = await fake.command("card", {"name": "Boros-Rekrut"})
    assert res.embeds[0]["description"] == "{R/W}"
    assert len(fake.identifies) == identifies + 1


async def test_subcommand_group_payload_and_interaction_shape(fake):
    _, rules = fake.find_command("regeln")
    (glossary, show) = sorted(rules["options"], key=lambda o: o["name"])
    assert (glossary["name"], glossary["type"]) == ("glossary", SUB_COMMAND_GROUP)
    assert glossary["name_localizations"] == {"de": "glossar"}
    (term,) = glossary["options"]
    assert (term["name"], term["type"]) == ("term", SUB_COMMAND)
    assert (show["name"], show["type"], show["options"][0]["type"]) == ("show", SUB_COMMAND, INTEGER)
    # German names in, base names on the wire: discord.py resolves the nested path
    res = await fake.command("regeln", {"begriff": "Fehde"}, group="glossar", subcommand="begriff")
    assert res.content == "rules glossary term: Fehde"
    choices = await fake.autocomplete("rules", "term", "ein", group="glossary", subcommand="term")
    assert choices == [{"name": "Einberufen", "value": "Einberufen"}]


async def test_deferred_reply_and_follow_up(fake):
    res = await fake.command("rules", {"number": 702}, subcommand="show", locale="en-US")
    assert res.callback_type == 5
    assert res.content == "rules show: 702"
    assert res.followups[0]["content"] == "rules show: 702"


async def test_many_concurrent(fake):
    results = await asyncio.gather(*(fake.command("card", {"name": "Boros-Rekrut"}) for _ in range(100)))
    assert all(r.embeds[0]["description"] == "{R/W}" for r in results)
