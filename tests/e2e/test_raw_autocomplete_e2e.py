"""Autocomplete through both Discord doors answers from the raw payload (:mod:`bot.autocomplete`), with the
choices recorded before (``tests/choices/documents.json.gz``).

The gateway is the real bot (``python -m bot run``) against the fake Discord: its type-8 callbacks must come
from the raw path (one aiohttp request with Regelbot's own User-Agent, not discord.py's webhook adapter,
whose User-Agent names discord.py), and their frames must be read by the gate's frame reader, not discord.py's.
The HTTP door is ``serve``'s aiohttp application answering signed
requests over loopback; its answers must come from :func:`bot.autocomplete.choices_bytes`: the encoded body of
:func:`bot.autocomplete.choices_body`, the function the gateway calls (the same reading of the payload, the same
completer; kept per store after the first time, ``tests/test_choice_bodies.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import http_door, module_fixtures

from bot import serve_interactions as serve_module
from bot.answers import COMPLETERS
from bot.autocomplete import choices_bytes
from bot.commands import TABLE
from bot.rest import JSON
from tests.choices import HERE, load

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

#: Typed texts of the recorded query set: blank, a card's first letters, an umlaut, a typo, a rule number, a term.
TYPED = ["", "Boros Rekrut", "Überstimmen", "Einberufn", "701", "Fehde", "Krims // Krams"]


def cases() -> list[tuple[tuple[str, ...], str, str, list[list[str]]]]:
    """(command path, option, typed text, recorded choices) for the first option of every completer the
    command table uses (the Comprehensive Rules' completer is for a store with them)."""
    queries, recorded = load(HERE / "documents.json.gz")
    at = {q: i for i, q in enumerate(queries)}
    key_of = {fn: key for key, fn in COMPLETERS.items()}
    first: dict[str, tuple[tuple[str, ...], str]] = {}
    for leaf in TABLE.leaves:
        for option in leaf.command.options:
            if option.completer is not None:
                first.setdefault(key_of[option.completer], (leaf.path, option.name.en))
    assert {"card_names", "mechanic_names", "rule_queries", "term_queries"} <= set(first)
    return [(path, option, typed, recorded[key][at[typed]]) for key, (path, option) in sorted(first.items())
            for typed in TYPED]


def data_of(path: tuple[str, ...], option: str, typed: str) -> dict:
    """An autocomplete's ``data`` as Discord sends it: ``option`` focused with ``typed``."""
    focused = [{"name": option, "type": 3, "value": typed, "focused": True}]
    if len(path) == 1:
        return {"id": "9", "name": path[0], "type": 1, "options": focused}
    return {"id": "9", "name": path[0], "type": 1, "options": [{"name": path[1], "type": 1, "options": focused}]}


bot, _checks = module_fixtures("the raw path is the real bot's")


async def test_the_gateway_answers_autocomplete_through_the_raw_path_as_recorded(fake, bot):
    before, since = len(fake.requests), len(bot.output())
    for path, option, typed, want in cases():
        res = await fake.autocomplete_result(path[0], option, typed, subcommand=path[1] if len(path) > 1 else None)
        assert [[c["name"], c["value"]] for c in res.choices] == want, (path, typed)
    sent = [r for r in fake.requests[before:] if r.path.endswith("/callback") and (r.body or {}).get("type") == 8]
    assert len(sent) == len(cases())
    assert {r.user_agent for r in sent} == {JSON["User-Agent"]}  # not discord.py's webhook adapter
    # each frame was read by the gate's frame reader (bot/gateway/frames.py), not by discord.py's, which logs
    # every frame it reads at DEBUG (as it did the start's READY)
    read_by_discord_py = [line for line in bot.output().splitlines() if "WebSocket Event:" in line]
    assert any("'t': 'READY'" in line for line in read_by_discord_py)
    assert not [line for line in bot.output()[since:].splitlines() if "WebSocket Event:" in line
                and "INTERACTION_CREATE" in line]


async def test_the_http_door_answers_autocomplete_through_the_same_function_as_recorded(
        store_db: Path, tmp_path: Path, monkeypatch) -> None:
    calls = []

    async def counted(*args, **kwargs):
        calls.append(args[1])
        return await choices_bytes(*args, **kwargs)

    monkeypatch.setattr(serve_module, "choices_bytes", counted)
    async with http_door(store_db, tmp_path) as post:
        for n, (path, option, typed, want) in enumerate(cases()):
            answer = await post({"type": 4, "id": str(n + 1), "application_id": "1", "token": f"t{n}",
                                 "data": data_of(path, option, typed)})
            assert answer["type"] == 8
            assert [[c["name"], c["value"]] for c in answer["data"]["choices"]] == want, (path, typed)
    assert len(calls) == len(cases())
