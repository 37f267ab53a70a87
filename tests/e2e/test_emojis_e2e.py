"""Mana symbols as application emojis, as real processes against the fake Discord: ``python -m bot sync``
uploads each symbol once (listing the application's emojis first), a second ``sync`` uploads nothing, and the
answers of ``run`` (and ``call --json`` on the same state folder) then carry ``<:name:id>`` for every symbol;
an upload Discord refuses leaves that symbol as text."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from fakediscord import FakeDiscord
from harness import PYTHON, BotProcess, assert_clean, bot_env, running_bot

from bot.mana_emoji import STATE_FILE, SYMBOLS, emoji_name
from tests.conftest import call_cli
from tests.openapi import CREATE_EMOJI, schema_problems

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

SYNC = [PYTHON, "-m", "bot", "sync"]
#: A symbol written as text, outside a code span (what must not remain once every symbol is uploaded).
TEXT_SYMBOL = re.compile(r"\{[0-9A-Z/]+\}")
CODE = re.compile(r"`[^`]*`")


async def sync(fake: FakeDiscord, db, state, log) -> BotProcess:
    proc = await BotProcess(SYNC, bot_env(fake, db=db, state_dir=state, cold=True), log).start()
    try:
        code = await proc.wait_exit(90.0)
        assert code is not None, f"sync did not end:\n{proc.tail()}"
    finally:
        await proc.stop()
    return proc


def texts(embed: dict) -> list[str]:
    """Where emojis may stand: the description and the field values."""
    return [embed.get("description", ""), *(f["value"] for f in embed.get("fields", []))]


def emoji(fake: FakeDiscord, body: str) -> str:
    name = emoji_name(body)
    return f"<:{name}:{fake.emojis[name]['id']}>"


async def test_sync_uploads_each_symbol_once_and_answers_carry_the_emojis(real_bot, store_db, tmp_path):
    state = tmp_path / "state"
    async with FakeDiscord() as fake:
        first = await sync(fake, store_db, state, tmp_path / "sync1.log")
        out = first.output()
        assert first.returncode == 0, out[-3000:]
        assert sorted(fake.emoji_posts) == sorted(emoji_name(b) for b in SYMBOLS)  # each once
        assert f"{len(SYMBOLS)} Mana-Symbole als Emojis: {len(SYMBOLS)} hochgeladen, 0 schon vorhanden" in out
        saved = json.loads((state / STATE_FILE).read_text(encoding="utf-8"))
        assert saved["application_id"] == fake.app_id
        assert saved["emojis"] == {name: e["id"] for name, e in fake.emojis.items()}
        # a second sync lists them (a GET) and uploads nothing
        second = await sync(fake, store_db, state, tmp_path / "sync2.log")
        assert second.returncode == 0 and len(fake.emoji_posts) == len(SYMBOLS)
        gets = [r for r in fake.requests if r.method == "GET" and r.path.endswith("/emojis")]
        assert len(gets) == 2
        assert f"0 hochgeladen, {len(SYMBOLS)} schon vorhanden" in second.output()
        assert fake.invalid == [] and fake.errors == []
        # the uploads and the listing as Discord's OpenAPI description has them (when the reference file is there)
        for body in (r.body for r in fake.requests if r.method == "POST" and r.path.endswith("/emojis")):
            assert schema_problems(CREATE_EMOJI, body) in ([], None)
        assert schema_problems("ListApplicationEmojisResponse", {"items": list(fake.emojis.values())}) in ([], None)

        async with running_bot(fake, tmp_path, db=store_db, cold=True) as bot:  # the emojis, not the start-up
            card = await fake.command("karte", {"name": "Boros-Rekrut"}, locale="de")
            (embed,) = card.embeds
            assert embed["title"] == "Boros-Rekrut"
            printed = "_Gedruckter Text (FAQ Ravnica: Stadt der Gilden):_\n"
            face = f"**{emoji(fake, 'R/W')} · Kreatur — Goblin, Soldat · 1/1**"
            assert embed["description"].startswith(printed + face)
            assert f"({emoji(fake, 'R/W')} kann entweder mit {emoji(fake, 'R')} oder mit {emoji(fake, 'W')}" in (
                embed["description"])
            pay = await fake.command("mana", {"kosten": "{2}{S}{G/W}", "vorrat": "G* G* W W"},
                                     subcommand="bezahlen", locale="de")
            (embed,) = pay.embeds
            assert embed["title"] == "Bezahlen: {2}{S}{G/W}"  # titles stay text: Discord shows no emoji there
            w, g = emoji(fake, "W"), emoji(fake, "G")
            assert embed["description"].startswith(f"✅ **Bezahlbar** mit {w}{w}{g}❄️{g}❄️.")
            for text in texts(embed):  # every symbol outside code is an emoji
                assert TEXT_SYMBOL.findall(CODE.sub("", text)) == [], text
            assert_clean(fake, bot)


async def test_a_refused_upload_leaves_those_symbols_as_text(real_bot, store_db, tmp_path):
    state = tmp_path / "state"
    async with FakeDiscord() as fake:
        fake.emoji_limit = 6  # W U B R G C fit, then Discord answers 30018 "Maximum number of emojis reached"
        proc = await sync(fake, store_db, state, tmp_path / "sync.log")
        out = proc.output()
        assert proc.returncode == 0, out[-3000:]
        assert fake.emoji_posts == [emoji_name(b) for b in "WUBRGC"]
        assert (f"6 Mana-Symbole als Emojis: 6 hochgeladen, 0 schon vorhanden (IDs in {state / STATE_FILE}); "
                f"{len(SYMBOLS) - 6} nicht hochgeladen (HTTP 400: Maximum number of emojis reached (6)): "
                "{0} {1} {2}") in out
        # `call --json` on the same state folder: the payload Discord would get, uploaded symbols as emojis (in
        # process: what is read from the state folder, not a process, is tested; the emojis in use are restored)
        call = await asyncio.to_thread(call_cli, "call", "/mana info kosten: {2}{G/W}", "--json", db=store_db,
                                       env={"REGELBOT_STATE_DIR": str(state)})  # its own loop in a thread
        assert call.returncode == 0, call.stderr
        (embed,) = json.loads(call.stdout)["embeds"]
        assert embed["title"] == "{2}{G/W}"
        field = next(f["value"] for f in embed["fields"] if f["name"].startswith("Bezahlmöglichkeiten"))
        assert field == f"{{2}}{emoji(fake, 'G')} · {{2}}{emoji(fake, 'W')}"
