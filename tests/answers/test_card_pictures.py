"""The card's picture beside its text: after ``build --cards`` with card data that names the German printing's
multiverse id (or a Scryfall id), ``/karte``, the message command "Karten erklären" and ``[[…]]`` carry the
image URL as the embed's thumbnail, in the form the anchors use (Gatherer's image handler of the German
printing, else Scryfall's image of the printing); without card data no picture and no link. A small MTGJSON v5
fixture (tests/importer/fixtures) with ids added, so these run without the reference files."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext, run_answer
from bot.answers.chat import inline_replies
from bot.importer import DEFAULT_SOURCES, build
from bot.render import channel_payloads, payload, to_text
from tests.conftest import call_cli
from tests.reference.conftest import answer_context
from tests.test_render import assert_within_limits

FIXTURE = Path(__file__).resolve().parents[1] / "importer" / "fixtures" / "mtgjson_v5_mini.json"
GATHERER = re.compile(r"^https://gatherer\.wizards\.com/Handlers/Image\.ashx\?multiverseid=(\d+)&type=card$")
SCRYFALL = re.compile(r"^https://api\.scryfall\.com/cards/([0-9a-f-]{36})\?format=image$")
CHORD_DE = 387127  # the German printing's multiverse id written into the fixture
RESEARCH_SCRYFALL = "a1b2c3d4-0000-4000-8000-000000000002"


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The store of the documents plus the fixture's cards: Akkord des Rufes with the German printing's multiverse
    id, Forschung // Entwicklung with a Scryfall id only."""
    folder = tmp_path_factory.mktemp("cards")
    v5 = json.loads(FIXTURE.read_text(encoding="utf-8"))
    chord, research = v5["data"]["cards"][:2]
    chord["identifiers"] = {"scryfallId": "a1b2c3d4-0000-4000-8000-000000000001", "multiverseId": "386615"}
    chord["foreignData"][0]["identifiers"] = {"multiverseId": str(CHORD_DE)}
    research["identifiers"] = {"scryfallId": RESEARCH_SCRYFALL}
    cards = folder / "TST.json"
    cards.write_text(json.dumps(v5), encoding="utf-8")
    db = folder / "regelbot.sqlite3"
    build(db, DEFAULT_SOURCES, card_files=[cards])
    return db


@pytest.fixture
async def cards_ctx(cards_db: Path) -> AsyncIterator[AnswerContext]:
    async with answer_context(cards_db) as context:
        yield context


def thumbnail(message: dict) -> str | None:
    (embed,) = message["embeds"]
    assert "image" not in embed  # the picture stands beside the text, not below it
    return (embed.get("thumbnail") or {}).get("url")


async def test_karte_shows_the_german_printings_picture_beside_its_text(cards_ctx):
    message = payload(await run_answer(cards_ctx, "card", name="Akkord des Rufes"))
    assert_within_limits(message)
    m = GATHERER.match(thumbnail(message) or "")
    assert m is not None and int(m.group(1)) == CHORD_DE  # the German printing, not the English 386615
    assert message["embeds"][0]["title"] == "Akkord des Rufes"


async def test_a_card_with_only_a_scryfall_id_shows_scryfalls_picture(cards_ctx):
    message = payload(await run_answer(cards_ctx, "card", name="Forschung // Entwicklung"))
    m = SCRYFALL.match(thumbnail(message) or "")
    assert m is not None and m.group(1) == RESEARCH_SCRYFALL


async def test_a_card_the_card_data_names_no_picture_of_has_none(cards_ctx):
    message = payload(await run_answer(cards_ctx, "card", name="Boros-Rekrut"))
    assert thumbnail(message) is None
    assert "Bild:" not in to_text(await run_answer(cards_ctx, "card", name="Boros-Rekrut"))


async def test_without_card_data_no_card_has_a_picture(ctx):
    ids = [card_id for (card_id,) in await ctx.store.fetchall("SELECT id FROM cards ORDER BY id")]
    for card_id in ids:
        reply = await run_answer(ctx, "card", name=(await ctx.store.card(card_id)).name)
        assert all(page.picture is None for page in reply.pages)
        if not reply.error:
            assert thumbnail(payload(reply)) is None


async def test_the_message_command_and_inline_cards_carry_the_picture(cards_ctx):
    text = "Was macht [[Akkord des Rufes]] mit [[Boros-Rekrut]]?"
    reply = await run_answer(cards_ctx, "explain_message", text=text)
    pictures = [thumbnail(payload(reply, i)) for i in range(len(reply.pages))]
    assert GATHERER.match(pictures[0] or "") and pictures[1] is None
    (message,) = channel_payloads(await inline_replies(cards_ctx, text))
    chord, boros = message["embeds"]
    assert GATHERER.match(chord["thumbnail"]["url"]) and "thumbnail" not in boros


def test_the_console_door_prints_the_payload_with_the_picture(cards_db: Path, tmp_path: Path):
    proc = call_cli("call", "/karte name: Akkord des Rufes", "--json", db=cards_db,
                   env={"REGELBOT_STATE_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    (embed,) = json.loads(proc.stdout)["embeds"]
    assert embed["thumbnail"] == {"url": f"https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid={CHORD_DE}"
                                         "&type=card"}
    text = call_cli("call", "/karte name: Akkord des Rufes", db=cards_db, env={"REGELBOT_STATE_DIR": str(tmp_path)})
    assert f"Bild: https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid={CHORD_DE}&type=card" in text.stdout


async def test_the_explain_error_names_english_names_only_where_card_files_bring_them(cards_ctx, ctx):
    with_cards = await run_answer(cards_ctx, "explain_message", text="Hallo zusammen!")
    assert "Kartennamen (deutsch oder englisch) werden im Text erkannt" in with_cards.pages[0].body
    documents = await run_answer(ctx, "explain_message", text="Hallo zusammen!")
    assert "Kartennamen (deutsch) werden im Text erkannt" in documents.pages[0].body
