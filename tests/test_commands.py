"""Meta-test over every extension: each command loads, is localized to German, fits Discord's rules,
and names a registered answer. The expected extensions, commands, answers and completers are written out
here: a cog that stops being found, or a command that loses its answer, turns a test red."""

from __future__ import annotations

import re

import pytest

from bot.answers import cards, chat, clash, mana, mechanics, meta, questions, rules, rulings, terms
from bot.client import extensions
from bot.console import CommandLine

#: Every extension in cogs/, found by walking the package (bot.client.extensions).
EXTENSIONS = [
    "cogs.cards", "cogs.chat", "cogs.clash", "cogs.mana", "cogs.mechanics", "cogs.meta", "cogs.questions", "cogs.rules",
    "cogs.rulings",
]
#: Every slash command (English path) → its answer function and {option: completer function}.
COMMANDS = {
    ("card",): (cards.card_answer, {"name": cards.card_names}),
    ("ruling",): (rulings.ruling_answer, {"card": cards.card_names, "search": terms.term_queries}),
    ("rule",): (rules.rule_answer, {"query": rules.rule_queries}),
    ("mechanic",): (mechanics.mechanic_answer, {"name": mechanics.mechanic_names}),
    ("mana", "info"): (mana.mana_info, {"cost": cards.card_names}),
    ("mana", "pay"): (mana.mana_pay, {"cost": cards.card_names}),
    ("mana", "convoke"): (mana.mana_convoke, {"cost": cards.card_names}),
    ("mana", "total"): (mana.mana_total, {"cost": cards.card_names}),
    ("mana", "upkeep"): (mana.mana_upkeep, {}),
    ("clash", "reveal"): (clash.clash_reveal, {f"card{i}": cards.card_names for i in range(1, 5)}),
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


def test_extensions_are_found_by_walking_cogs():
    assert extensions() == EXTENSIONS


async def test_every_extension_loads(bot):
    assert sorted(bot.extensions) == EXTENSIONS
    assert sorted(c.name for c in bot.tree.get_commands()) == [
        "Explain cards", "ask", "card", "clash", "help", "info", "mana", "mechanic", "rule", "ruling",
    ]
    menu = next(c for c in bot.tree.get_commands() if c.name == "Explain cards")
    assert menu.extras["answer"] is chat.explain_cards


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


async def test_every_command_names_a_registered_answer(bot):
    cli = await CommandLine.create(bot)
    assert cli.commands, "no commands found"
    assert sorted(cli.commands) == sorted(COMMANDS)
    for path, spec in cli.commands.items():
        answer, completers = COMMANDS[path]
        assert spec.answer is answer, path
        assert {o.name: o.completer for o in spec.options if o.completer} == completers, path


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


async def test_help_lists_every_command_by_its_german_name(bot):
    from bot.answers.meta import HELP, HELP_CHAT

    cli = await CommandLine.create(bot)
    listed = {cmd for cmd, _what, _example in HELP}
    assert {spec.label for spec in cli.commands.values()} == listed
    menus = {p["name_localizations"]["de"] for p in await bot.command_payload() if p["type"] != 1}
    assert menus and menus <= {name for name, _what, _how in HELP_CHAT}
    help_text = "\n".join(f.value for f in (await cli.call("/hilfe")).pages[0].fields)
    for _name, _what, how in HELP_CHAT:
        assert how in help_text
    for _cmd, _what, example in HELP:  # every example runs and gets a non-error reply
        reply = await cli.call(example)
        assert not reply.error, (example, reply.pages[0].title)
