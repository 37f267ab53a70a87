"""The fake Discord's payload validation (discordcheck.py) flags exactly what Discord rejects."""

from __future__ import annotations

import json

import aiohttp
from discordcheck import choices_problems, commands_problems, message_problems
from fakediscord import FakeDiscord


def embed(**kw):
    return {"title": "Boros-Rekrut", "description": "{R/W}", **kw}


def button(custom_id, label="Rulings anzeigen (1)"):
    return {"type": 2, "style": 2, "label": label, "custom_id": custom_id}


def test_a_valid_card_reply_passes():
    body = {"embeds": [embed(fields=[{"name": "Rulings", "value": "0", "inline": True}])],
            "components": [{"type": 1, "components": [button("rb:rulings:26")]}]}
    assert message_problems(body) == []


def test_field_value_limit_is_1024_and_not_empty():
    ok = {"embeds": [embed(fields=[{"name": "Text", "value": "x" * 1024}])]}
    long = {"embeds": [embed(fields=[{"name": "Text", "value": "x" * 1025}])]}
    empty = {"embeds": [embed(fields=[{"name": "Text", "value": ""}])]}
    assert message_problems(ok) == []
    assert message_problems(long) == ["embeds[0].fields[0].value: length 1025 not in 1..1024"]
    assert message_problems(empty) == ["embeds[0].fields[0].value: length 0 not in 1..1024"]


def test_description_4096_and_6000_per_message():
    assert message_problems({"embeds": [embed(description="x" * 4097)]}) == [
        "embeds[0].description: 4097 > 4096 characters"]
    # two embeds of 3000 + 3000 characters of description plus their titles ("Boros-Rekrut", 12 each)
    two = {"embeds": [embed(description="x" * 3000), embed(description="y" * 3000)]}
    assert message_problems(two) == ["embeds: 6024 > 6000 characters in one message"]


def test_empty_message_is_refused_but_an_empty_edit_is_not():
    assert message_problems({}) == ["Cannot send an empty message (50006)"]
    assert message_problems({}, edit=True) == []


def test_custom_ids_unique_and_at_most_100():
    twice = {"components": [{"type": 1, "components": [button("rb:card:1"), button("rb:card:1", "Karte")]}]}
    assert message_problems(twice) == ["components[0][1].custom_id: 'rb:card:1' is used twice in the message"]
    long = {"components": [{"type": 1, "components": [button("rb:card:" + "1" * 93)]}]}
    assert message_problems(long) == ["components[0][0].custom_id: length 101 not in 1..100"]


def test_choices_at_most_25_names_1_to_100():
    assert choices_problems([{"name": f"K{i}", "value": f"K{i}"} for i in range(25)]) == []
    assert choices_problems([{"name": f"K{i}", "value": f"K{i}"} for i in range(26)]) == ["choices: 26 > 25"]
    assert choices_problems([{"name": "", "value": "x"}, {"name": "n" * 101, "value": "v" * 101}]) == [
        "choices[0].name: length 0 not in 1..100",
        "choices[1].name: length 101 not in 1..100",
        "choices[1].value: 101 > 100 characters",
    ]


def card_command(**option):
    opt = {"type": 3, "name": "name", "description": "Card name", "required": True, "autocomplete": True,
           **option}
    return {"type": 1, "name": "card", "description": "Show a card", "name_localizations": {"de": "karte"},
            "description_localizations": {"de": "Zeigt eine Karte"}, "options": [opt]}


def test_command_payload_rules():
    assert commands_problems([card_command()]) == []
    upper = card_command()
    upper["name_localizations"] = {"de": "Karte"}
    assert commands_problems([upper]) == ["/card.name[de]: 'Karte' is not a valid name"]
    order = card_command(required=False)
    order["options"].append({"type": 3, "name": "set", "description": "Set", "required": True})
    assert commands_problems([order]) == ["/card set: a required option after an optional one"]
    long = card_command(description="d" * 101)
    assert commands_problems([long]) == ["/card name.description: length 101 not in 1..100"]


async def test_the_fake_answers_an_invalid_payload_with_400_50035():
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        url = f"{fake.url}/api/v10/applications/{fake.app_id}/commands"
        bad = card_command()
        bad["name"] = "Card"
        async with http.put(url, json=[bad]) as resp:
            assert resp.status == 400
            assert resp.headers["Content-Type"] == "application/json"
            assert json.loads(await resp.text())["code"] == 50035
        assert fake.sync_count == 0
        assert fake.invalid == ["PUT /applications/1100000000000000001/commands: "
                                "[\"/Card.name: 'Card' is not a valid name\"]"]
        async with http.get(f"{fake.url}/api/v10/nowhere") as resp:
            assert resp.status == 404
        assert [(r.method, r.path) for r in fake.unknown] == [("GET", "/nowhere")]
