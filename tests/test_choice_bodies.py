"""The autocomplete bodies ``serve`` keeps per store (bot/autocomplete.py: choices_bytes; bot/core.py:
Generation.bodies): the same bytes as the completer's body made anew, the completer not asked again for a text
typed before, long texts not kept, the memory bounded."""

from __future__ import annotations

import orjson
import pytest

from bot import core as core_module
from bot.autocomplete import KEEP_TYPED, NO_CHOICES_BYTES, choices_body, choices_bytes, encode
from bot.core import BODY_ENTRY_BYTES, CHOICE_BODY_BYTES, Core

#: (command, its focused option path, typed texts): every completer of the command table, with typos, blanks and
#: umlauts (the recorded query set's kinds, tests/choices.py).
QUERIES = [
    ("card", [], "name", ["", "b", "boros", "Boros-Rekrut", "bltz", "Blitz schl", "chor", "ä", "   "]),
    ("clash", ["reveal"], "card1", ["boros", "lotus", "Boros-Rekrut"]),
    ("mana", ["pay"], "cost", ["boros", "{2}{G/W}", ""]),
    ("mechanic", [], "name", ["", "aufgest", "Wallung", "trampel", "fehde"]),
    ("rule", [], "search", ["", "701", "702.19", "tram", "Manabrand", "x" * 300]),
    ("ruling", [], "search", ["", "vorrang", "Priorität", "kampfsch"]),
]


def payload(command: str, subcommands: list[str], option: str, typed: str) -> dict:
    """The ``data`` of an autocomplete as Discord sends it: ``option`` of ``command`` (below ``subcommands``)
    focused with ``typed``."""
    options: list[dict] = [{"name": option, "type": 3, "value": typed, "focused": True}]
    for name in reversed(subcommands):
        options = [{"name": name, "type": 1, "options": options}]
    return {"name": command, "type": 1, "options": options}


CASES = [(c, s, o, t) for c, s, o, texts in QUERIES for t in texts]


@pytest.mark.parametrize(("command", "subcommands", "option", "typed"), CASES)
async def test_kept_bodies_are_the_completers_bodies(core: Core, command, subcommands, option, typed):
    data = payload(command, subcommands, option, typed)
    fresh = encode(await choices_body(core, data))
    assert await choices_bytes(core, data) == fresh  # made by the completer
    assert await choices_bytes(core, data) == fresh  # taken from the kept bodies
    assert orjson.loads(fresh)["type"] == 8


async def test_a_text_typed_again_is_not_completed_again(core: Core, monkeypatch):
    asked: list[str] = []
    complete = Core.complete

    async def counted(self, completer, current, command=None):
        asked.append(current)
        return await complete(self, completer, current, command)

    monkeypatch.setattr(Core, "complete", counted)
    card = payload("card", [], "name", "boros")
    first = await choices_bytes(core, card)
    assert orjson.loads(first)["data"]["choices"][0] == {"name": "Boros-Rekrut", "value": "Boros-Rekrut"}
    assert await choices_bytes(core, card) == first
    assert await choices_bytes(core, payload("ruling", [], "card", "boros")) == first  # the same completer
    assert asked == ["boros"]
    assert await choices_bytes(core, payload("card", [], "name", "Boros")) == first  # case: another text
    assert asked == ["boros", "Boros"]
    long = payload("card", [], "name", "b" * (KEEP_TYPED + 1))
    await choices_bytes(core, long)
    await choices_bytes(core, long)
    assert asked[2:] == ["b" * (KEEP_TYPED + 1)] * 2  # longer texts are not kept


async def test_unknown_options_and_a_closed_core_have_no_choices(core: Core):
    assert await choices_bytes(core, payload("card", [], "gibtsnicht", "boros")) == NO_CHOICES_BYTES
    assert await choices_bytes(None, payload("card", [], "name", "boros")) == NO_CHOICES_BYTES
    assert encode(await choices_body(core, payload("card", [], "gibtsnicht", "x"))) == NO_CHOICES_BYTES


async def test_the_kept_bodies_stay_within_their_bytes(core: Core, monkeypatch):
    monkeypatch.setattr(core_module, "CHOICE_BODY_BYTES", 8 * 1024)
    small = Core(core.settings)
    await small.open()
    try:
        for i in range(200):
            await choices_bytes(small, payload("card", [], "name", f"b{i}"))
        kept = small.choice_bodies
        assert kept is not None and 0 < len(kept) < 200
        assert kept.currsize <= 8 * 1024
        assert kept.currsize == sum(len(body) + BODY_ENTRY_BYTES for body in kept.values())
    finally:
        await small.close()
    assert CHOICE_BODY_BYTES == 4 * 1024 * 1024
