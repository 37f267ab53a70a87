"""Meta-test over the command table and the gateway's extensions: every area and every extension is found and
loads, each command is localized to German, fits Discord's rules, names a registered answer and is served by
every door. The expected areas, extensions, commands, answers and completers are written out here: an area that
stops being found, or a command that loses its answer, turns a test red."""

from __future__ import annotations

import re

import pytest

from bot.answers import (
    card_picks,
    cards,
    chat,
    clash,
    guild_offers,
    mana,
    mechanics,
    meta,
    questions,
    rules,
    rulings,
    terms,
    upkeep,
)
from bot.commands import TABLE, area_names
from bot.console import CommandLine
from bot.gateway.client import extensions
from bot.serve import RestClient
from bot.serve_interactions import Interactions

#: Every area of the command table, found by walking bot/commands (bot.commands.area_names).
AREAS = [f"bot.commands.{name}" for name in
         ("cards", "chat", "clash", "mana", "mechanics", "meta", "questions", "rules", "rulings")]
#: Every extension of the gateway in cogs/, found by walking the package (bot.gateway.client.extensions).
EXTENSIONS = ["cogs.inline"]
#: Every slash command (English path) → its answer function and {option: completer function}.
COMMANDS = {
    # a guild's or a set's name is answered there: its choices offered too
    ("card",): (cards.card_answer, {"name": guild_offers.card_or_guild_names}),
    ("ruling",): (rulings.ruling_answer, {"card": guild_offers.card_or_guild_names, "search": terms.term_queries}),
    ("rule",): (rules.rule_answer, {"search": rules.rule_queries}),
    ("mechanic",): (mechanics.mechanic_answer, {"name": mechanics.mechanic_names}),
    ("mana", "info"): (mana.mana_info, {"cost": card_picks.card_names}),
    ("mana", "pay"): (mana.mana_pay, {"cost": card_picks.card_names}),
    ("mana", "convoke"): (mana.mana_convoke, {"cost": card_picks.card_names}),
    ("mana", "total"): (mana.mana_total, {"cost": card_picks.card_names}),
    # a card name reads its upkeep; only the cards with Kumulative Versorgung are offered
    ("mana", "upkeep"): (upkeep.mana_upkeep, {"cost": upkeep.upkeep_card_names}),
    ("clash", "reveal"): (clash.clash_reveal, {f"card{i}": card_picks.card_names for i in range(1, 5)}),
    ("clash", "odds"): (clash.clash_odds, {}),
    ("info",): (meta.info_answer, {}),
    ("help",): (meta.help_answer, {}),
    ("ask",): (questions.question_answer, {}),
}

NAME_RE = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
def bot(offline_bot):
    return offline_bot


def walk(payload, path=()):
    yield (*path, payload["name"]), payload
    for opt in payload.get("options", []):
        if opt["type"] in (1, 2):
            yield from walk(opt, (*path, payload["name"]))


def test_areas_and_extensions_are_found_by_walking():
    assert area_names() == AREAS
    assert [area.name for area in TABLE.areas] == [name.rpartition(".")[2] for name in AREAS]
    assert extensions() == EXTENSIONS


async def test_every_extension_and_area_loads_in_every_door(bot, core):
    assert sorted(bot.extensions) == EXTENSIONS
    assert sorted(c.name for c in bot.tree.get_commands()) == [
        "Explain cards", "ask", "card", "clash", "help", "info", "mana", "mechanic", "rule", "ruling",
    ]
    menu = next(c for c in bot.tree.get_commands() if c.name == "Explain cards")
    assert menu.extras["menu"].answer is chat.explain_cards
    # every command of the table: in the gateway's tree, found by the HTTP endpoint, typed in the console
    gateway = {tuple(c.qualified_name.split()) for c in bot.tree.walk_commands() if not c.extras.get("menu")
               and not hasattr(c, "commands")}
    assert gateway == {leaf.path for leaf in TABLE.leaves} == set(COMMANDS)
    http, cli = Interactions(core, RestClient()), CommandLine(core)
    for leaf in TABLE.leaves:
        assert http.table.find(leaf.path) is leaf
        assert cli.parse(leaf.label)[0] is leaf


async def test_payload_is_localized_and_valid(bot):
    payload = await bot.command_payload()
    assert len(payload) <= 100
    menus = [p for p in payload if p["type"] != 1]  # context menus: any case and spaces, no description
    assert [(m["type"], m["name"], m["name_localizations"]) for m in menus] == [
        (3, "Explain cards", {"de": "Karten erklären"})
    ]
    for top in payload:
        if top["type"] != 1:
            continue
        for path, item in walk(top):
            assert NAME_RE.match(item["name"]) and item["name"] == item["name"].lower(), path
            assert item["name_localizations"].get("de"), f"{path}: no German name"
            assert NAME_RE.match(item["name_localizations"]["de"]), path
            assert 1 <= len(item["description"]) <= 100, path
            assert item["description_localizations"].get("de"), f"{path}: no German description"
            assert len(item["description_localizations"]["de"]) <= 100, path
            for opt in item.get("options", []):
                if opt["type"] in (1, 2):
                    continue
                assert opt["name_localizations"].get("de"), f"{path}/{opt['name']}: no German name"
                assert opt["description_localizations"].get("de"), f"{path}/{opt['name']}: no German description"
                assert len(opt.get("choices", [])) <= 25
                for choice in opt.get("choices", []):
                    assert len(choice["name"]) <= 100


def test_every_command_names_a_registered_answer():
    assert TABLE.leaves, "no commands found"
    assert sorted(leaf.path for leaf in TABLE.leaves) == sorted(COMMANDS)
    for leaf in TABLE.leaves:
        answer, completers = COMMANDS[leaf.path]
        assert leaf.command.answer is answer, leaf.path
        assert {o.name.en: o.completer for o in leaf.command.all_options if o.completer} == completers, leaf.path


async def test_card_payload_german_names(bot):
    card = next(p for p in await bot.command_payload() if p["name"] == "card")
    assert card["name_localizations"]["de"] == "karte"
    assert card["options"][0]["autocomplete"] is True


async def test_sync_only_when_tree_changed(bot, monkeypatch):
    calls = []

    async def fake_sync(*, guild=None):
        calls.append(guild)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    assert await bot.sync_commands(force=False) is True
    assert await bot.sync_commands(force=False) is False  # unchanged tree: no second sync
    assert await bot.sync_commands(force=True) is True
    assert len(calls) == 2


async def test_help_lists_every_command_by_its_german_name(bot, core):
    from bot.answers.meta import HELP, HELP_CHAT

    cli = CommandLine(core)
    listed = {cmd for cmd, _what, _example in HELP}
    assert {leaf.label for leaf in TABLE.leaves} == listed
    menus = {p["name_localizations"]["de"] for p in await bot.command_payload() if p["type"] != 1}
    assert menus and menus <= {name for name, _what, _how in HELP_CHAT}
    help_text = "\n".join(f.value for page in (await cli.call("/hilfe")).pages for f in page.fields)
    for _name, _what, how in HELP_CHAT:
        assert how in help_text
    for _cmd, _what, example in HELP:  # every example runs and gets a non-error reply
        reply = await cli.call(example)
        assert not reply.error, (example, reply.pages[0].title)
