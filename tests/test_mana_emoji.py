"""Mana symbols as application emojis (bot/mana_emoji.py): the catalogue and its pictures, the one decision
text or emoji, the way back to text, the ids in the state folder, and the doors' use of them (the core reads
them at start; ``call --json`` carries them; the console shows text)."""

from __future__ import annotations

import json
import logging
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import mana_emoji
from bot.mana_emoji import (
    ASSET_DIR,
    NO_EMOJIS,
    STATE_FILE,
    SYMBOLS,
    ManaEmojis,
    asset_path,
    body_of,
    discord_text,
    emoji_name,
    plain_text,
)
from bot.render import payload, to_text
from bot.reply import Field, Page, Reply
from bot.rules.mana import parse_cost
from tests.conftest import call_cli

#: A made-up id per symbol, 19 digits like Discord's snowflakes.
IDS = {body: 1400000000000000000 + i for i, body in enumerate(SYMBOLS)}
ALL = ManaEmojis(IDS, 1100000000000000001)


@pytest.fixture
def emojis() -> Iterator[ManaEmojis]:
    """Every symbol uploaded, for the duration of one test."""
    before = mana_emoji.installed()
    mana_emoji.install(ALL)
    try:
        yield ALL
    finally:
        mana_emoji.install(before)


def shown(body: str) -> str:
    return f"<:{emoji_name(body)}:{IDS[body]}>"


# ---------------------------------------------------------------- the catalogue and its pictures


def test_the_catalogue_holds_every_symbol_the_task_names_once():
    assert len(SYMBOLS) == len(set(SYMBOLS)) == 70
    assert {"W", "U", "B", "R", "G", "C", "X", "Y", "Z", "S", "T", "Q", "E", "P"} <= set(SYMBOLS)
    assert {str(n) for n in range(21)} <= set(SYMBOLS) and "21" not in SYMBOLS
    # the ten hybrid symbols in rule 104.3's printed order (Ravnica FAQ), each also Phyrexian (107.4f)
    hybrid = ["W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U"]
    assert [b for b in SYMBOLS if len(b) == 3 and b[0] in "WUBRG" and b[2] in "WUBRG"] == hybrid
    assert {f"{h}/P" for h in hybrid} | {"2/W", "C/G", "W/P"} <= set(SYMBOLS)


def test_each_cost_symbol_is_written_as_the_engine_writes_it():
    # the engine's canonical text of every mana symbol is the catalogue's (so every cost of an answer matches)
    for body in SYMBOLS:
        if body in ("T", "Q", "E", "P"):  # not mana symbols of a cost (107.5-107.7, 107.14)
            continue
        (symbol,) = parse_cost("{" + body + "}").symbols
        assert symbol.body == body


def test_names_are_discords_emoji_names_and_read_back():
    for body in SYMBOLS:
        name = emoji_name(body)
        assert 2 <= len(name) <= 32 and name.replace("_", "").isalnum() and name.isascii()
        assert body_of(name) == body
    assert emoji_name("W/U/P") == "mana_w_u_p" and emoji_name("10") == "mana_10"
    assert body_of("mana_w_w") is None and body_of("party_parrot") is None


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_every_symbol_has_its_picture_within_discords_limits_and_the_licence_beside_them():
    pictures = sorted(ASSET_DIR.glob("*.png"))
    assert [p.name for p in pictures] == sorted(asset_path(b).name for b in SYMBOLS)
    for path in pictures:
        assert png_size(path) == (128, 128)
        assert path.stat().st_size <= 256 * 1024
    licence = (ASSET_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Andrew Gioia" in licence
    assert "make_emojis.py" in (ASSET_DIR / "README.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------- text or emoji: the one decision


def test_uploaded_symbols_become_emojis_outside_code_the_rest_stays_text():
    some = ManaEmojis({"G": 11, "W": 12, "G/W": 13})
    assert some.text("Kosten {2}{G/W}: {G}{W}") == "Kosten {2}<:mana_g_w:13>: <:mana_g:11><:mana_w:12>"
    # what a user types stays text, in code spans; unknown and longer symbols too
    assert some.text("`/mana info kosten: {G/W}` oder {G}") == "`/mana info kosten: {G/W}` oder <:mana_g:11>"
    assert some.text("```\n{W}\n```{W}") == "```\n{W}\n```<:mana_w:12>"
    assert some.text("{100}{CHAOS}{rN1}{g}") == "{100}{CHAOS}{rN1}{g}"
    # snow mana of a pool: the colour's emoji with ❄️; as text the * escaped (two never make italics)
    assert some.text("{G*}{G*}") == "<:mana_g:11>❄️<:mana_g:11>❄️"
    assert some.text("{B*}{B*}") == "{B\\*}{B\\*}"
    assert NO_EMOJIS.text("{2}{G/W}") == "{2}{G/W}"


def test_nothing_uploaded_means_text_everywhere(tmp_path: Path):
    # no state file: the console, `call` without `sync`
    assert mana_emoji.load(tmp_path) is NO_EMOJIS
    assert NO_EMOJIS.missing() == list(SYMBOLS)


symbol_st = st.sampled_from([*SYMBOLS, "100", "CHAOS"]).map(lambda b: "{" + b + "}")
snow_st = st.sampled_from("WUBRGC").map(lambda c: "{" + c + "*}")
words_st = st.text(st.characters(blacklist_characters="<\\`", blacklist_categories=("Cs",)), max_size=12)
text_st = st.lists(st.one_of(symbol_st, snow_st, words_st, st.just("`{W}`")), max_size=40).map("".join)
subset_st = st.sets(st.sampled_from(SYMBOLS)).map(lambda bodies: ManaEmojis({b: IDS[b] for b in bodies}))


@given(text=text_st, uploaded=subset_st)
def test_the_discord_form_reads_back_to_the_text(text, uploaded):
    shown_text = uploaded.text(text)
    assert plain_text(shown_text) == text
    # and every symbol with an emoji outside code is one
    outside = shown_text.replace("`{W}`", "")
    for body in uploaded.ids:
        assert "{" + body + "}" not in outside


# ---------------------------------------------------------------- the ids in the state folder


def test_the_ids_are_saved_and_loaded_again(tmp_path: Path):
    path = mana_emoji.save(tmp_path / "neu", ALL)
    assert path == tmp_path / "neu" / STATE_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["application_id"] == "1100000000000000001" and data["emojis"]["mana_w_u_p"] == str(IDS["W/U/P"])
    assert mana_emoji.load(tmp_path / "neu") == ALL


@pytest.mark.parametrize("content", ["{", "[]", '{"emojis": {"mana_w": "abc"}}', '{"emojis": 5}'])
def test_a_damaged_state_file_means_text_with_a_warning(tmp_path: Path, caplog, content):
    (tmp_path / STATE_FILE).write_text(content, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="bot.mana_emoji"):
        assert mana_emoji.load(tmp_path) is NO_EMOJIS
    assert "nicht lesbar" in caplog.text


def test_foreign_names_in_the_state_file_are_ignored(tmp_path: Path):
    (tmp_path / STATE_FILE).write_text('{"emojis": {"mana_w": "5", "party": "6"}}', encoding="utf-8")
    assert mana_emoji.load(tmp_path).ids == {"W": 5}


# ---------------------------------------------------------------- the renderer and the doors


def test_the_payload_carries_emojis_in_descriptions_and_fields_never_in_titles(emojis):
    reply = Reply(pages=[Page("Bezahlen: {2}{G/W}", "✅ **Bezahlbar** mit {G}{W}.", [Field("{G/W}", "{2} ← {W}")])])
    (embed,) = payload(reply)["embeds"]
    assert embed["title"] == "Bezahlen: {2}{G/W}"
    assert embed["description"] == f"✅ **Bezahlbar** mit {shown('G')}{shown('W')}."
    assert embed["fields"] == [{"inline": False, "name": "{G/W}", "value": f"{shown('2')} ← {shown('W')}"}]
    # the console shows the same page as text
    assert to_text(reply).splitlines()[1:3] == ["✅ **Bezahlbar** mit {G}{W}.", "[{G/W}] {2} ← {W}"]


def test_without_uploads_the_payload_has_the_text_form():
    reply = Reply(pages=[Page("T", "mit {G}{W}", [Field("f", "{G*}{G*}")])])
    (embed,) = payload(reply)["embeds"]
    assert embed["description"] == "mit {G}{W}" and embed["fields"][0]["value"] == "{G\\*}{G\\*}"
    assert to_text(reply).splitlines()[-1] == "[f] {G*}{G*}"


def test_a_page_turns_the_same_with_and_without_emojis(emojis):
    from bot.page_fit import fit_reply
    from bot.render import page_checks

    reply = Reply(pages=[Page("T", "Kosten {2}{G/W}", [Field("f", "{W} " * 30)])])
    with_ids = page_checks(reply, fit_reply(reply), None)
    mana_emoji.install(NO_EMOJIS)
    assert page_checks(reply, fit_reply(reply), None) == with_ids


async def test_the_core_reads_the_ids_sync_wrote(built_db: Path, tmp_path: Path):
    from bot.core import Core
    from tests.conftest import settings_for

    mana_emoji.save(tmp_path, ManaEmojis({"R/W": 77, "R": 78}, 1))
    core = Core(settings_for(built_db, tmp_path))
    await core.open()
    try:
        assert mana_emoji.installed().ids == {"R/W": 77, "R": 78}
        assert discord_text("{R/W}{W}") == "<:mana_r_w:77>{W}"
    finally:
        await core.close()
        mana_emoji.install(NO_EMOJIS)


def test_call_json_carries_the_emojis_of_the_state_folder_and_the_console_text(built_db: Path, tmp_path: Path):
    mana_emoji.save(tmp_path, ALL)
    env = {"REGELBOT_STATE_DIR": str(tmp_path)}
    proc = call_cli("call", "/karte name: Boros-Rekrut", "--json", db=built_db, env=env)
    assert proc.returncode == 0, proc.stderr
    (embed,) = json.loads(proc.stdout)["embeds"]
    assert f"**{shown('R/W')} · Kreatur — Goblin, Soldat · 1/1**" in embed["description"]
    assert f"({shown('R/W')} kann entweder mit {shown('R')} oder mit {shown('W')} bezahlt werden.)" in (
        embed["description"])
    text = call_cli("call", "/karte name: Boros-Rekrut", db=built_db, env=env)
    assert "**{R/W} · Kreatur — Goblin, Soldat · 1/1**" in text.stdout
