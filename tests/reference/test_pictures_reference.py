"""The card's picture and the mana emojis on the real files: the store built with the MTGJSON v3 set file of
Ravnica (``mtgjson3_RAV.json``; the run's shared reference store, which has both rules files too), where the
German printing of 291 of its cards names a multiverse id; every ``/karte`` payload, with every symbol an emoji,
checked against Discord's own OpenAPI description (``discord-openapi.json``: the interaction callback
``CreateMessageInteractionCallbackRequest``; the emoji routes are checked in tests/e2e/test_emojis_e2e.py).
Skipped without the files."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import mana_emoji
from bot.answers import AnswerContext, run_action
from bot.importer.report import BuildReport
from bot.mana_emoji import SYMBOLS, ManaEmojis
from bot.page_fit import fit_reply
from bot.render import payload
from tests.openapi import schema_problems
from tests.reference.conftest import answer_context, reference_dir

pytestmark = pytest.mark.reference

GATHERER = "https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid={}&type=card"


@pytest.fixture(scope="module")
def rav_db(full_store: tuple[Path, BuildReport]) -> Path:
    """The store with the RAV cards (the run's shared reference store, tests/reference/conftest.full_store, which
    has the rules files as well)."""
    return full_store[0]


@pytest.fixture
async def rav(rav_db: Path) -> AsyncIterator[AnswerContext]:
    async with answer_context(rav_db) as context:
        yield context


@pytest.fixture
def every_symbol() -> Iterator[ManaEmojis]:
    before = mana_emoji.installed()
    emojis = ManaEmojis({b: 1400000000000000000 + i for i, b in enumerate(SYMBOLS)}, 1100000000000000001)
    mana_emoji.install(emojis)
    try:
        yield emojis
    finally:
        mana_emoji.install(before)


def problems(where: str, instance: Any) -> list[str]:
    found = schema_problems(where, instance)
    if found is None:
        pytest.skip(f"discord-openapi.json not available in {reference_dir()}")
    return found


async def test_karte_carries_the_german_printings_picture_for_every_card_whose_data_names_one(rav, every_symbol):
    rows = await rav.store.fetchall("SELECT id, name, multiverse_id, scryfall_id FROM cards ORDER BY id")
    pictured = 0
    for card_id, name, multiverse_id, scryfall_id in rows:
        reply = await run_action(rav, "card", str(card_id))
        message = payload(reply)
        url = (message["embeds"][0].get("thumbnail") or {}).get("url")
        if multiverse_id:
            assert url == GATHERER.format(multiverse_id), name
            pictured += 1
        else:
            assert scryfall_id is None and url is None, name
        for page in range(len(fit_reply(reply))):  # with every symbol an emoji, as Discord's schema says
            callback = {"type": 4, "data": payload(reply, page)}
            assert problems("CreateMessageInteractionCallbackRequest", callback) == [], name
    assert pictured == 291 and len(rows) - pictured > 100  # the v3 file names the German printing of 291 cards
    boros = await rav.store.fetchone("SELECT id FROM cards WHERE name = 'Boros-Rekrut'")
    message = payload(await run_action(rav, "card", str(boros[0])))
    assert message["embeds"][0]["thumbnail"] == {"url": GATHERER.format(111608)}  # its German printing
    assert re.search(r"<:mana_r_w:1400000000000000\d{3}>", message["embeds"][0]["description"])
