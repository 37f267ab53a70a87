"""The /mana and /clash command trees as Discord receives them: names, German localizations, limits."""

from __future__ import annotations

import re

import pytest

from bot.commands import area_names

NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord: lower case, ≤ 32 characters


@pytest.fixture
async def payload(offline_bot):
    return {c["name"]: c for c in await offline_bot.command_payload()}


def walk(item: dict):
    yield item
    for option in item.get("options", []):
        yield from walk(option)
        yield from option.get("choices", [])


def test_areas_listed():
    assert {"bot.commands.mana", "bot.commands.clash"} <= set(area_names())


def test_german_names(payload):
    clash = payload["clash"]
    assert clash["name_localizations"]["de"] == "fehde"
    subs = {o["name"]: o for o in clash["options"]}
    assert subs["reveal"]["name_localizations"]["de"] == "aufdecken"
    assert subs["odds"]["name_localizations"]["de"] == "chancen"
    reveal = {o["name"]: o["name_localizations"]["de"] for o in subs["reveal"]["options"]}
    assert reveal == {
        "card1": "karte1",
        "card2": "karte2",
        "card3": "karte3",
        "card4": "karte4",
        "rules": "regelstand",
        "private": "privat",  # every command's option (bot.commands.PRIVATE)
    }
    rules = next(o for o in subs["reveal"]["options"] if o["name"] == "rules")
    assert [c["value"] for c in rules["choices"]] == ["heute", "2007"]
    odds = {o["name"]: o["name_localizations"]["de"] for o in subs["odds"]["options"]}
    assert odds["library1"] == "bibliothek1" and odds["library2"] == "bibliothek2"

    mana = {o["name"]: o for o in payload["mana"]["options"]}
    german = {name: o["name_localizations"]["de"] for name, o in mana.items()}
    assert german == {
        "info": "info",
        "pay": "bezahlen",
        "convoke": "einberufen",
        "total": "gesamtkosten",
        "upkeep": "versorgung",
    }
    options = {sub: {o["name"]: o["name_localizations"]["de"] for o in mana[sub]["options"]} for sub in mana}
    assert options["info"]["cost"] == "kosten"
    assert options["pay"]["pool"] == "vorrat"
    assert options["convoke"]["creatures"] == "kreaturen"
    assert options["total"]["increase"] == "erhoehung" and options["total"]["reduction"] == "reduzierung"
    assert options["upkeep"]["counters"] == "marken"


def test_discord_limits(payload):
    for top in ("mana", "clash"):
        for item in walk(payload[top]):
            names = [item["name"], *(item.get("name_localizations") or {}).values()]
            if "type" in item:  # commands and options (choices have free-text names ≤ 100)
                assert all(NAME.match(n) and n == n.lower() for n in names), names
            else:
                assert all(len(n) <= 100 for n in names), names
            descriptions = [
                item.get("description", ""),
                *(item.get("description_localizations") or {}).values(),
            ]
            assert all(len(d) <= 100 for d in descriptions), descriptions
