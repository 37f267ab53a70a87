"""The card's picture in every door, as real processes: a store built with ``python -m bot build --cards`` from a
small MTGJSON v5 file whose German printing of Akkord des Rufes names multiverse id 387127; the gateway bot
(``/karte``, the message command "Karten erklären", ``[[…]]`` with ``INLINE_CARDS=1``), the HTTP endpoint
(``serve``'s application, signed requests) and the console (``call --json``) each send the card's embed with
Gatherer's picture of the German printing as its thumbnail, and every symbol of the text as an emoji where
``sync`` uploaded them. The fake Discord checks each payload (discordcheck: the thumbnail an http(s) URL)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_asyncio
from harness import ROOT, STANDIN, checked_test, http_door, running_bot

from bot import mana_emoji
from bot.mana_emoji import SYMBOLS, ManaEmojis

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

FIXTURE = ROOT / "tests" / "importer" / "fixtures" / "mtgjson_v5_mini.json"
PICTURE = "https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid=387127&type=card"
IDS = {body: 1400000000000000000 + i for i, body in enumerate(SYMBOLS)}
CHORD_COST = f"<:mana_x:{IDS['X']}><:mana_g:{IDS['G']}><:mana_g:{IDS['G']}><:mana_g:{IDS['G']}>"


@pytest.fixture(scope="module")
def cards_state(bot_argv, tmp_path_factory) -> tuple[Path, Path]:
    """(store with the card file, state folder with every symbol's emoji id as `sync` writes them)."""
    if bot_argv is STANDIN:
        pytest.skip("the pictures are the real bot's")
    folder = tmp_path_factory.mktemp("pictures")
    v5 = json.loads(FIXTURE.read_text(encoding="utf-8"))
    v5["data"]["cards"][0]["foreignData"][0]["identifiers"] = {"multiverseId": "387127"}
    cards = folder / "TST.json"
    cards.write_text(json.dumps(v5), encoding="utf-8")
    db = folder / "regelbot.sqlite3"
    subprocess.run([sys.executable, "-m", "bot", "build", "--db", str(db), "--cards", str(cards)], cwd=ROOT,
                   check=True, capture_output=True, timeout=120)
    state = folder / "bot" / "state"
    mana_emoji.save(state, ManaEmojis(IDS, 1100000000000000001))
    return db, state


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(fake, bot_argv, cards_state):
    db, state = cards_state
    async with running_bot(fake, state.parent, argv=bot_argv, db=db, extra_env={"INLINE_CARDS": "1"}) as proc:
        await fake.wait_sync()
        yield proc


@pytest.fixture(autouse=True)
def _checks(request, bot, fake):
    yield from checked_test(request, bot, fake)


def assert_chord(embed: dict) -> None:
    assert embed["title"] == "Akkord des Rufes"
    assert embed["thumbnail"] == {"url": PICTURE}
    assert CHORD_COST in embed["description"]  # {X}{G}{G}{G} as emojis beside the picture


async def test_gateway_slash_command_message_command_and_inline_card(fake):
    res = await fake.command("karte", {"name": "Akkord des Rufes"}, locale="de")
    assert_chord(res.embeds[0])
    boros = await fake.command("karte", {"name": "Boros-Rekrut"}, locale="de")
    assert "thumbnail" not in boros.embeds[0]  # the card file names no picture of it: none, no broken link
    menu = await fake.message_command("Karten erklären", fake.user_message("Kann [[Akkord des Rufes]] …?"))
    assert_chord(menu.embeds[0])
    before = len(fake.channel_posts)
    await fake.message_create(fake.user_message("[[Akkord des Rufes]] und [[Boros-Rekrut]]",
                                                channel_id="1300000000000000777"))
    chord, boros = (await fake.wait_posts(before + 1))[-1]["embeds"]
    assert_chord(chord)
    assert "thumbnail" not in boros


async def test_http_endpoint(cards_state):
    db, state = cards_state
    try:
        async with http_door(db, state) as post:
            answer = await post({"type": 2, "id": "1", "application_id": "1", "token": "t", "data": {
                "id": "9", "type": 1, "name": "card",
                "options": [{"name": "name", "type": 3, "value": "Akkord des Rufes"}]}})
    finally:
        mana_emoji.install(mana_emoji.NO_EMOJIS)
    assert answer["type"] == 4
    assert_chord(answer["data"]["embeds"][0])


async def test_console_call_json(cards_state):
    db, state = cards_state
    env = {"DISCORD_TOKEN": "", "REGELBOT_DB": str(db), "REGELBOT_STATE_DIR": str(state), "PATH": "/usr/bin:/bin"}
    argv = [sys.executable, "-m", "bot", "call", "/karte name: Akkord des Rufes", "--json"]
    proc = await asyncio.to_thread(subprocess.run, argv, cwd=ROOT, env=env, capture_output=True, text=True,
                                   timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert_chord(json.loads(proc.stdout)["embeds"][0])
